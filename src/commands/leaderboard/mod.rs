//! The Leaderboard's commands: sessions, games, members and the board itself.

pub(super) mod games;
pub(super) mod members;
pub(super) mod sessions;
