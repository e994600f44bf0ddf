//! Reading the Leaderboard: ranked pages, a member's history of score changes, and the games
//! shown on a profile. Every number comes from the fold of the history, read from its
//! materialised state through indexes, so a command costs the same at any age of the club.

use crate::app::leaderboard::Leaderboard;
use crate::app::PersonRef;
use std::collections::HashMap;

use sqlx::SqliteConnection;

use crate::domain::kernel::calendar;
use crate::domain::kernel::pages::{Listing, Window};
use crate::domain::leaderboard::score::{GameResult, Movement};
use crate::store;

use crate::app::leaderboard::membership::MembershipError;
use crate::store::leaderboard::events::EventKind;

/// Rows on one page of `/leaderboard`.
pub const PAGE_SIZE: usize = 10;

/// One page of the leaderboard.
#[derive(Debug, Clone)]
pub struct LeaderboardPage {
    pub page: usize,
    pub pages: usize,
    pub rows: Vec<(usize, String, i64)>,
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

/// Score changes on one page of `/history`.
pub const HISTORY_PAGE: usize = 20;

/// The lines of one page of `/history`.
#[derive(Debug, Clone)]
pub struct History {
    pub name: String,
    pub lines: Vec<String>,
    pub window: Window,
    /// "Page 2 of 7: ..." under a history of several pages.
    pub page_line: Option<String>,
}

impl Leaderboard<'_> {
    /// `/leaderboard [page]`: one page, read along the score index.
    pub async fn page(&self, page: Option<i64>) -> Result<LeaderboardPage, MembershipError> {
        let mut conn = self.pool().acquire().await?;
        let members = store::leaderboard::standings::member_count(&mut conn).await? as usize;
        let pages = members.div_ceil(PAGE_SIZE).max(1);
        let page = match page {
            None => 1,
            Some(n) if n >= 1 && (n as usize) <= pages => n as usize,
            Some(n) => return Err(MembershipError::NoSuchPage { page: n, pages }),
        };
        let offset = (page - 1) * PAGE_SIZE;
        // Every Member is on the fold's Leaderboard: joining appends the event that gives
        // the score in the same transaction, and leaving appends the one that takes it away.
        let found = store::leaderboard::standings::members_by_score(
            &mut conn,
            offset as i64,
            PAGE_SIZE as i64,
        )
        .await?;
        let mut rows: Vec<(usize, String, i64)> = Vec::with_capacity(found.len());
        for (i, (_, name, score)) in found.into_iter().enumerate() {
            // Equal scores share a rank (1, 2, 2, 4): the rank is one more than the number
            // of Members above, which is the position unless the score ties the one before.
            let rank = match rows.last() {
                Some(&(r, _, s)) if s == score => r,
                Some(_) => offset + i + 1,
                None => {
                    store::leaderboard::standings::members_above(&mut conn, score).await? as usize
                        + 1
                }
            };
            rows.push((rank, name, score));
        }
        Ok(LeaderboardPage { page, pages, rows })
    }

    /// Every movement of every live event, by event id, from a full fold (the export).
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
        let (wins, draws, losses) =
            store::leaderboard::standings::game_tally(conn, person_id).await?;
        let mut record = GameRecord {
            wins: wins as u32,
            draws: draws as u32,
            losses: losses as u32,
            recent: Vec::new(),
        };
        for game in store::leaderboard::standings::latest_counted_games(conn, person_id, 5).await? {
            let word = outcome_for(&game, person_id);
            let opponent = store::people::by_id(conn, game.opponent_of(person_id))
                .await?
                .name;
            let change = store::leaderboard::standings::movement_in_game(conn, game.id, person_id)
                .await?
                .map(|m| format!(", {} → {}", m.before, m.after))
                .unwrap_or_default();
            let online = if game.online { " (online)" } else { "" };
            record.recent.push(format!(
                "#{} vs {opponent}{online}: {word}{change}",
                game.id
            ));
        }
        Ok(record)
    }

    /// `/history [member] [page]`: every event that moved the score, with its reason, oldest
    /// first, a page at a time (read with a limit and an offset).
    pub async fn history(
        &self,
        caller: &PersonRef,
        target: Option<&PersonRef>,
        page: Option<i64>,
    ) -> Result<History, MembershipError> {
        let mut conn = self.pool().acquire().await?;
        let who = target.unwrap_or(caller);
        let person = who
            .find(&mut conn)
            .await?
            .ok_or_else(|| MembershipError::Unknown(who.name.clone()))?;
        let usage = match target {
            Some(_) => format!("/history member:@{}", person.name),
            None => "/history".to_owned(),
        };
        let what = format!("The score history of {}", person.name);
        let listing = Listing::new(usage, what, HISTORY_PAGE);
        let total =
            store::leaderboard::standings::movement_count_of_person(&mut conn, person.id).await?;
        let window = listing.window(page, total as usize)?;
        let mut lines = Vec::new();
        for (event, m) in store::leaderboard::standings::movements_of_person_page(
            &mut conn,
            person.id,
            window.offset,
            window.limit,
        )
        .await?
        {
            let date = calendar::show_date(calendar::local_date(event.at, self.tz()));
            let why = match event.game_id {
                Some(g) => match store::leaderboard::games::by_id(&mut conn, g).await? {
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
            lines.push(if event.kind == EventKind::Joined {
                format!("{date}: {why}: {}", m.after)
            } else if event.kind == EventKind::Removed {
                // Off the Leaderboard is not a score of 0 (Terms §II Act 2).
                format!("{date}: {why}: {} → off the Leaderboard", m.before)
            } else {
                format!("{date}: {why}: {} → {} ({delta:+})", m.before, m.after)
            });
        }
        Ok(History {
            name: person.name,
            lines,
            page_line: listing.page_line(&window),
            window,
        })
    }
}

/// "won", "lost" or "drew", from one player's side.
fn outcome_for(game: &crate::store::leaderboard::games::Game, person_id: i64) -> &'static str {
    match game.result.as_deref().and_then(GameResult::parse) {
        Some(GameResult::White) if game.white_id == person_id => "won",
        Some(GameResult::Black) if game.black_id == person_id => "won",
        Some(GameResult::Draw) => "drew",
        None => "no result yet",
        _ => "lost",
    }
}
