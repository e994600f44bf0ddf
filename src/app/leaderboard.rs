//! Reading the Leaderboard: ranked pages, a member's history of score changes, and the games
//! shown on a profile. Everything is derived from the fold, so every number can be explained.

use crate::app::PersonRef;
use std::collections::HashMap;
use std::fmt;

use sqlx::SqliteConnection;

use crate::domain::calendar;
use crate::domain::score::{GameResult, Movement};
use crate::store::{self, games::GameStatus};

use super::membership::MembershipError;
use super::App;

/// Rows on one page of `/leaderboard`.
pub const PAGE_SIZE: usize = 10;

/// One page of the leaderboard.
#[derive(Debug, Clone)]
pub struct LeaderboardPage {
    pub page: usize,
    pub pages: usize,
    pub rows: Vec<(usize, String, i64)>,
}

impl fmt::Display for LeaderboardPage {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.rows.is_empty() {
            return f.write_str("Nobody is on the Leaderboard yet; /join to be the first.");
        }
        write!(f, "Leaderboard (page {} of {}):", self.page, self.pages)?;
        for (rank, name, score) in &self.rows {
            write!(f, "\n{rank}. {name} {score}")?;
        }
        Ok(())
    }
}

/// A member's record: wins, draws, losses and recent games with their score changes.
#[derive(Debug, Clone, Default)]
pub struct GameRecord {
    pub wins: u32,
    pub draws: u32,
    pub losses: u32,
    /// "#3 vs bob: won, 100 → 116", newest first.
    pub recent: Vec<String>,
}

/// The lines of `/history`.
#[derive(Debug, Clone)]
pub struct History {
    pub name: String,
    pub lines: Vec<String>,
}

impl fmt::Display for History {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.lines.is_empty() {
            return write!(f, "{} has no score history.", self.name);
        }
        write!(f, "Score history of {}:", self.name)?;
        for line in &self.lines {
            write!(f, "\n{line}")?;
        }
        Ok(())
    }
}

impl App {
    /// `/leaderboard [page]`.
    pub async fn leaderboard(&self, page: Option<i64>) -> Result<LeaderboardPage, MembershipError> {
        let mut conn = self.pool().acquire().await?;
        let standings = self.standings(&mut conn).await?;
        let pages = standings.len().div_ceil(PAGE_SIZE).max(1);
        let page = (page.unwrap_or(1).max(1) as usize).min(pages);
        let rows = standings
            .into_iter()
            .skip((page - 1) * PAGE_SIZE)
            .take(PAGE_SIZE)
            .map(|s| (s.rank, s.name, s.score))
            .collect();
        Ok(LeaderboardPage { page, pages, rows })
    }

    /// Every movement of every live event, by event id (for histories and exports).
    pub(crate) async fn movements_by_event(
        &self,
        conn: &mut SqliteConnection,
    ) -> sqlx::Result<HashMap<i64, Vec<Movement>>> {
        let ledger = self.ledger(conn, true).await?;
        let mut by_event: HashMap<i64, Vec<Movement>> = HashMap::new();
        for m in ledger.movements {
            by_event.entry(m.event_id).or_default().push(m);
        }
        Ok(by_event)
    }

    /// Wins, draws, losses and the last five games of a person.
    pub(crate) async fn game_record(
        &self,
        conn: &mut SqliteConnection,
        person_id: i64,
    ) -> sqlx::Result<GameRecord> {
        let moves = self.movements_by_event(conn).await?;
        let events = store::events::all_rows(conn).await?;
        let event_of_game: HashMap<i64, i64> = events
            .iter()
            .filter(|e| e.voided_at.is_none())
            .filter_map(|e| e.game_id.map(|g| (g, e.id)))
            .collect();
        let mut record = GameRecord::default();
        for game in store::games::of_person(conn, person_id, i64::MAX).await? {
            if game.status() != GameStatus::Counted {
                continue;
            }
            let result = GameResult::parse(&game.result).unwrap_or(GameResult::Draw);
            let won = match result {
                GameResult::Draw => None,
                GameResult::White => Some(game.white_id == person_id),
                GameResult::Black => Some(game.black_id == person_id),
            };
            let word = outcome_for(&game, person_id);
            match won {
                Some(true) => record.wins += 1,
                Some(false) => record.losses += 1,
                None => record.draws += 1,
            }
            if record.recent.len() < 5 {
                let opponent = store::people::by_id(conn, game.opponent_of(person_id))
                    .await?
                    .name;
                let change = event_of_game
                    .get(&game.id)
                    .and_then(|e| moves.get(e))
                    .and_then(|ms| ms.iter().find(|m| m.person == person_id))
                    .map(|m| format!(", {} → {}", m.before, m.after))
                    .unwrap_or_default();
                let online = if game.online { " (online)" } else { "" };
                record.recent.push(format!(
                    "#{} vs {opponent}{online}: {word}{change}",
                    game.id
                ));
            }
        }
        Ok(record)
    }

    /// `/history [member]`: every event that moved the score, with its reason.
    pub async fn history(
        &self,
        caller: &PersonRef,
        target: Option<&PersonRef>,
    ) -> Result<History, MembershipError> {
        let mut conn = self.pool().acquire().await?;
        let who = target.unwrap_or(caller);
        let person = who
            .find(&mut conn)
            .await?
            .ok_or_else(|| MembershipError::Unknown(who.name.clone()))?;
        let moves = self.movements_by_event(&mut conn).await?;
        let mut lines = Vec::new();
        for event in store::events::all_rows(&mut conn).await? {
            let Some(m) = moves
                .get(&event.id)
                .and_then(|ms| ms.iter().find(|m| m.person == person.id))
            else {
                continue;
            };
            let date = calendar::show_date(calendar::local_date(event.at, self.tz()));
            let why = match event.game_id {
                Some(g) => match store::games::by_id(&mut conn, g).await? {
                    Some(game) => {
                        let opponent = store::people::by_id(&mut conn, game.opponent_of(person.id))
                            .await?
                            .name;
                        let online = if game.online {
                            ", online, half weight"
                        } else {
                            ""
                        };
                        let outcome = outcome_for(&game, person.id);
                        format!("game #{g} vs {opponent}, {outcome}{online}")
                    }
                    None => format!("game #{g}"),
                },
                None => event.reason.clone(),
            };
            let delta = m.after - m.before;
            lines.push(if event.kind == "joined" {
                format!("{date}: {why}: {}", m.after)
            } else if event.kind == "removed" {
                // Off the Leaderboard is not a score of 0 (Terms §II Act 2).
                format!("{date}: {why}: {} → off the Leaderboard", m.before)
            } else {
                format!("{date}: {why}: {} → {} ({delta:+})", m.before, m.after)
            });
        }
        Ok(History {
            name: person.name,
            lines,
        })
    }
}

/// "won", "lost" or "drew", from one player's side.
fn outcome_for(game: &crate::store::games::Game, person_id: i64) -> &'static str {
    match GameResult::parse(&game.result) {
        Some(GameResult::White) if game.white_id == person_id => "won",
        Some(GameResult::Black) if game.black_id == person_id => "won",
        Some(GameResult::Draw) | None => "drew",
        _ => "lost",
    }
}
