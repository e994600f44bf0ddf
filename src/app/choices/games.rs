//! Games, tournaments and their matches as choices.

use sqlx::SqliteConnection;

use crate::app::App;
use crate::domain::diplomacy::states::BoardStatus;
use crate::domain::kernel::calendar;
use crate::domain::kernel::choices::{prefix_ranges, short_date, Choice};
use crate::domain::leaderboard::game::GameStatus;
use crate::platform::CHOICES_MAX;
use crate::store::keys::StoredKey;
use crate::store::{self, choices::GameLine};

impl App {
    /// Games: the newest, those whose number begins with the digits typed, or those of a
    /// member whose name begins with the word typed. Each is read through an index with a
    /// limit, whatever the number of games.
    pub(super) async fn game_choices(
        &self,
        conn: &mut SqliteConnection,
        typed: &str,
    ) -> sqlx::Result<Vec<Choice>> {
        let want = CHOICES_MAX as i64;
        let word = typed.trim().trim_start_matches('#');
        let games = if word.is_empty() {
            store::choices::recent_games(conn, want).await?
        } else if let Some(ranges) = prefix_ranges(word, store::choices::last_game(conn).await?) {
            let mut games = Vec::new();
            // The longest numbers are the newest: read the widest range first.
            for (low, high) in ranges.into_iter().rev() {
                let left = want - games.len() as i64;
                if left <= 0 {
                    break;
                }
                games.extend(store::choices::games_between(conn, low, high, left).await?);
            }
            games
        } else {
            store::choices::games_of_named(conn, word, want).await?
        };
        // A name typed matches its games by label, so they are kept by `narrow` too.
        Ok(games.iter().map(|g| self.game_label(g)).collect())
    }

    /// The caller's own games, newest first.
    pub(super) async fn own_game_choices(
        &self,
        conn: &mut SqliteConnection,
        me: i64,
    ) -> sqlx::Result<Vec<Choice>> {
        let games = store::choices::games_of(conn, me, store::choices::CANDIDATES).await?;
        Ok(games.iter().map(|g| self.game_label(g)).collect())
    }

    /// "#123 alice v bob, white won, Fri 8 Jan".
    fn game_label(&self, g: &GameLine) -> Choice {
        let result = match g.result.as_deref() {
            Some("white") => "white won",
            Some("black") => "black won",
            Some(_) => "drawn",
            None => "no result yet",
        };
        let day = short_date(calendar::local_date(g.played_at, self.tz()));
        let status = match g.status {
            GameStatus::Counted => String::new(),
            other => format!(" ({})", other.key().replace('_', " ")),
        };
        Choice::numbered(
            g.id,
            &format!("{} v {}, {result}, {day}{status}", g.white, g.black),
        )
    }

    /// The newest tournaments.
    pub(super) async fn tournament_choices(
        &self,
        conn: &mut SqliteConnection,
    ) -> sqlx::Result<Vec<Choice>> {
        Ok(store::choices::tournaments(conn)
            .await?
            .into_iter()
            .map(|t| {
                Choice::numbered(
                    t.id,
                    &format!("{} ({})", t.name, t.stage.key().replace('_', " ")),
                )
            })
            .collect())
    }

    /// Matches not yet over first: the caller's own if they play in any, else every one.
    pub(super) async fn match_choices(
        &self,
        conn: &mut SqliteConnection,
        me: Option<i64>,
    ) -> sqlx::Result<Vec<Choice>> {
        let mut lines = match me {
            Some(me) => store::choices::matches(conn, Some(me)).await?,
            None => Vec::new(),
        };
        if lines.is_empty() {
            lines = store::choices::matches(conn, None).await?;
        }
        Ok(lines
            .into_iter()
            .map(|m| {
                let second = m.second.unwrap_or_else(|| "a bye".into());
                let over = if m.over { ", over" } else { "" };
                Choice::numbered(
                    m.id,
                    &format!(
                        "{} v {second}, round {} of {}{over}",
                        m.first, m.round, m.tournament
                    ),
                )
            })
            .collect())
    }

    /// The Diplomacy boards, those still playing first, newest first: the games a GM or an
    /// Observer serves (house rules A.9, A.12) and the board commands act on.
    pub(super) async fn board_choices(
        &self,
        conn: &mut SqliteConnection,
    ) -> sqlx::Result<Vec<Choice>> {
        let mut boards = store::diplomacy::boards::all(conn).await?;
        boards.sort_by_key(|b| (b.status != BoardStatus::Playing, std::cmp::Reverse(b.id)));
        Ok(boards
            .into_iter()
            .map(|b| Choice::named(&b.name, &format!("(round {}, {})", b.round, b.status.key())))
            .collect())
    }
}
