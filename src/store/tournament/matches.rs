//! A tournament's matches and their games.

use chrono::{DateTime, Utc};
use sqlx::SqliteConnection;

pub use crate::domain::tournament::matches::Game;
pub use crate::domain::tournament::stages::Stage;
pub use crate::domain::tournament::states::{AtFault, Decided, PendingKind, TimeBy};

/// A stored match.
#[derive(Debug, Clone, sqlx::FromRow)]
pub struct MatchRow {
    pub id: i64,
    pub tournament_id: i64,
    pub stage: Stage,
    pub round: i64,
    pub first_id: i64,
    pub second_id: Option<i64>,
    pub first_halves: i64,
    pub second_halves: i64,
    pub over: bool,
    pub first_points: Option<i64>,
    pub second_points: Option<i64>,
    pub created_at: DateTime<Utc>,
    pub decided: Option<Decided>,
    pub forfeited_id: Option<i64>,
    pub white_id: Option<i64>,
    pub white_seconds: Option<i64>,
    pub week_start: Option<DateTime<Utc>>,
    pub starts_at: Option<DateTime<Utc>>,
    pub time_by: Option<TimeBy>,
    pub fault: Option<AtFault>,
    pub noshow_at: Option<DateTime<Utc>>,
    pub noshow_by: Option<i64>,
    pub reschedule_by: Option<i64>,
    pub pending_kind: Option<PendingKind>,
    pub pending_result: Option<String>,
    pub pending_by: Option<i64>,
    pub pending_at: Option<DateTime<Utc>>,
}

impl MatchRow {
    /// Whether `entrant` plays in this match.
    pub fn has(&self, entrant: i64) -> bool {
        self.first_id == entrant || self.second_id == Some(entrant)
    }
}

pub async fn insert(
    conn: &mut SqliteConnection,
    tournament: i64,
    stage: Stage,
    round: i64,
    first: i64,
    second: Option<i64>,
    at: DateTime<Utc>,
) -> sqlx::Result<i64> {
    sqlx::query_scalar(
        "INSERT INTO tournament_matches (tournament_id, stage, round, first_id, second_id, created_at)
         VALUES (?, ?, ?, ?, ?, ?) RETURNING id",
    )
    .bind(tournament)
    .bind(stage)
    .bind(round)
    .bind(first)
    .bind(second)
    .bind(at)
    .fetch_one(conn)
    .await
}

pub async fn by_id(conn: &mut SqliteConnection, id: i64) -> sqlx::Result<Option<MatchRow>> {
    sqlx::query_as("SELECT * FROM tournament_matches WHERE id = ?")
        .bind(id)
        .fetch_optional(conn)
        .await
}

pub async fn of_stage(
    conn: &mut SqliteConnection,
    tournament: i64,
    stage: Stage,
) -> sqlx::Result<Vec<MatchRow>> {
    sqlx::query_as(
        "SELECT * FROM tournament_matches WHERE tournament_id = ? AND stage = ? ORDER BY round, id",
    )
    .bind(tournament)
    .bind(stage)
    .fetch_all(conn)
    .await
}

/// Stores a match's state as its record derives it: the game score, the match points once
/// over, and how it was decided other than by its games.
pub async fn set_state(
    conn: &mut SqliteConnection,
    id: i64,
    (first, second): (i64, i64),
    points: Option<(i64, i64)>,
    decided: Option<(Decided, Option<i64>)>,
) -> sqlx::Result<()> {
    sqlx::query(
        "UPDATE tournament_matches SET first_halves = ?, second_halves = ?, over = ?,
         first_points = ?, second_points = ?, decided = ?, forfeited_id = ? WHERE id = ?",
    )
    .bind(first)
    .bind(second)
    .bind(points.is_some())
    .bind(points.map(|p| p.0))
    .bind(points.map(|p| p.1))
    .bind(decided.map(|d| d.0))
    .bind(decided.and_then(|d| d.1))
    .bind(id)
    .execute(conn)
    .await?;
    Ok(())
}

/// Records a bid for White in the Final's Armageddon game (a player may change it until both
/// have bid).
pub async fn bid(
    conn: &mut SqliteConnection,
    id: i64,
    entrant: i64,
    seconds: i64,
    at: DateTime<Utc>,
) -> sqlx::Result<()> {
    sqlx::query(
        "INSERT INTO tournament_bids (match_id, entrant_id, seconds, at) VALUES (?, ?, ?, ?)
         ON CONFLICT (match_id, entrant_id) DO UPDATE SET seconds = excluded.seconds, at = excluded.at",
    )
    .bind(id)
    .bind(entrant)
    .bind(seconds)
    .bind(at)
    .execute(conn)
    .await?;
    Ok(())
}

/// The bids for White in a match: (entrant, seconds).
pub async fn bids(conn: &mut SqliteConnection, id: i64) -> sqlx::Result<Vec<(i64, i64)>> {
    sqlx::query_as(
        "SELECT entrant_id, seconds FROM tournament_bids WHERE match_id = ? ORDER BY entrant_id",
    )
    .bind(id)
    .fetch_all(conn)
    .await
}

/// Fixes who plays White in the Armageddon game, and with how long.
pub async fn set_white(
    conn: &mut SqliteConnection,
    id: i64,
    white: i64,
    seconds: i64,
) -> sqlx::Result<()> {
    sqlx::query("UPDATE tournament_matches SET white_id = ?, white_seconds = ? WHERE id = ?")
        .bind(white)
        .bind(seconds)
        .bind(id)
        .execute(conn)
        .await?;
    Ok(())
}

/// Every match of a tournament, by stage, round and number.
pub async fn of_tournament(
    conn: &mut SqliteConnection,
    tournament: i64,
) -> sqlx::Result<Vec<MatchRow>> {
    sqlx::query_as("SELECT * FROM tournament_matches WHERE tournament_id = ? ORDER BY id")
        .bind(tournament)
        .fetch_all(conn)
        .await
}

/// Holds a player's result for the opponent's confirmation, or clears it (`None`).
pub async fn set_pending(
    conn: &mut SqliteConnection,
    id: i64,
    pending: Option<(PendingKind, &str, i64)>,
    at: DateTime<Utc>,
) -> sqlx::Result<()> {
    let (kind, result, by) = match pending {
        Some((k, r, b)) => (Some(k), Some(r), Some(b)),
        None => (None, None, None),
    };
    sqlx::query(
        "UPDATE tournament_matches SET pending_kind = ?, pending_result = ?, pending_by = ?, pending_at = ? WHERE id = ?",
    )
    .bind(kind)
    .bind(result)
    .bind(by)
    .bind(pending.map(|_| at))
    .bind(id)
    .execute(conn)
    .await?;
    Ok(())
}
