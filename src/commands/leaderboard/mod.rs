//! The Leaderboard's commands: sessions, games and the board itself.

pub(super) mod games;
pub(super) mod sessions;
