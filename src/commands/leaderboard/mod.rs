//! The Leaderboard's commands: sessions, games and the board itself.

pub(super) mod games;
mod said;
pub(super) mod sessions;
