//! The Diplomacy tournament as stored: rounds, boards and positions, the record of each game
//! (centres, orders, NMRs, extensions, unavailable periods), proposals with their secret
//! ballots, and press. Powers are stored by letter.

pub mod boards;
pub mod handovers;
pub mod holidays;
pub mod individuals;
pub mod nmr_clocks;
pub mod pool_replies;
pub mod press;
pub mod record;
pub mod rounds;
pub mod units;
pub mod vetoes;
pub mod votes;
