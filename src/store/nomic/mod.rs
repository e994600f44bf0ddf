//! Rule changes' storage: the rulebook and its versions, proposals and votes, the players and
//! their days, the procedure's parameters, and Points of Order.

pub mod bound;
pub mod orders;
pub mod procedure;
pub mod proposals;
pub mod rulebook;
pub mod turns;
