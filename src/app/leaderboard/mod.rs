//! The Leaderboard's use cases (Terms §0-§II): sessions and presence, games, joining and
//! profiles, the ranked board and histories, standings, the weekly review, and leaving.

pub mod board;
pub mod games;
pub mod membership;
pub mod profile;
pub mod removal;
pub mod seed;
pub mod session_move;
pub mod sessions;
pub mod standings;
pub mod weekly;
