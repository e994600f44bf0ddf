//! The Leaderboard's storage: games and rematches, sessions and presence, the score history
//! and its materialised fold, attendance by club date, and requests to leave.

pub mod attendance;
pub mod events;
pub mod games;
pub mod leave;
pub mod session_moves;
pub mod sessions;
pub mod standings;
