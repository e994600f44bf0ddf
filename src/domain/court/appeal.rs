//! The lifecycle of an appeal: filed and awaiting a grant (Terms §III Act 3.6), refused or
//! granted, heard by a panel, the Chief Justice solo or the whole Court (Acts 3.3, 3.5, 3.7),
//! decided by a majority (Act 3.8), and taken en banc once, finally (Act 3.9). Each transition
//! returns the next state or a refusal written for the member who asked.

mod bench;
mod en_banc;
mod grant;
mod reseat;
mod state;
mod vote;

pub use bench::{solo_ground, BenchRefusal, DiscretionaryPower, SoloGround};
pub use en_banc::{en_banc_reaches, ClosureRefusal, EnBancRefusal};
pub use grant::GrantRefusal;
pub use reseat::bench_stalled;
pub use state::{
    Appeal, EnBancRequest, GrantedBy, Hearing, Judgement, JusticeGrant, Stage, WrongStage,
};
pub use vote::VoteRefusal;

#[cfg(test)]
mod chief_tests;
#[cfg(test)]
pub(super) mod tests;
