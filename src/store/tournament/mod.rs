//! Tournaments' storage: the tournament, its entrants and their facts, its matches, games and
//! bids, the Director's rulings and the private cheating reports.

pub mod claims;
pub mod entrants;
pub mod matches;
pub mod negotiation;
pub mod records;
pub mod results;
pub mod tournaments;
