//! Tournaments' storage: the tournament, its entrants and their facts, its matches and games.

pub mod entrants;
pub mod matches;
pub mod tournaments;
