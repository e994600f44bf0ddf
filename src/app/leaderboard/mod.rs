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

use crate::app::App;

/// The Leaderboard's use cases: `app.leaderboard().register_game(...)`.
pub struct Leaderboard<'a>(&'a App);

impl App {
    pub fn leaderboard(&self) -> Leaderboard<'_> {
        Leaderboard(self)
    }
}

impl std::ops::Deref for Leaderboard<'_> {
    type Target = App;
    fn deref(&self) -> &App {
        self.0
    }
}
