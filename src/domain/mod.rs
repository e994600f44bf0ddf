//! Pure rules of the constitution: no I/O, no clock; the time is always passed in.

pub mod authority;
pub mod button;
pub mod calendar;
pub mod court;
pub mod decay;
pub mod game;
pub mod ids;
pub mod ladder;
pub mod leave;
pub mod limits;
pub mod material;
pub mod moderation;
pub mod moment;
pub mod nomic;
pub mod office;
pub mod order;
pub mod proposal_record;
pub mod restrictions;
pub mod revision;
pub mod rulebook;
pub mod score;
pub mod session;
pub mod text;
