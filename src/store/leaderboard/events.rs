//! The score history: appending events, voiding them, and loading them for the fold.
//!
//! Every function here that changes which events are live keeps the materialised fold
//! (`store::leaderboard::standings`) equal to a full fold of the history, in the caller's transaction.

use chrono::{DateTime, Utc};
use sqlx::SqliteConnection;

use crate::domain::leaderboard::score::Event;
use crate::store::leaderboard::standings::{self, Position};

// The stored row is defined beside the fold's reading of the history (`standings`), so that the
// fold, which the functions here keep up to date, never refers back to this module.
pub use crate::store::leaderboard::standings::EventRow;

pub use crate::domain::leaderboard::event::EventKind;

/// A new event to append.
#[derive(Debug, Clone)]
pub struct NewEvent<'a> {
    pub at: DateTime<Utc>,
    pub kind: EventKind,
    pub person_id: Option<i64>,
    pub game_id: Option<i64>,
    pub action_id: Option<i64>,
    pub amount: Option<i64>,
    pub reason: &'a str,
}

/// Appends an event and folds it into the materialised scores.
pub async fn append(conn: &mut SqliteConnection, e: &NewEvent<'_>) -> sqlx::Result<i64> {
    let id = sqlx::query_scalar(
        "INSERT INTO score_events (at, kind, person_id, game_id, action_id, amount, reason)
         VALUES (?, ?, ?, ?, ?, ?, ?) RETURNING id",
    )
    .bind(e.at)
    .bind(e.kind)
    .bind(e.person_id)
    .bind(e.game_id)
    .bind(e.action_id)
    .bind(e.amount)
    .bind(e.reason)
    .fetch_one(&mut *conn)
    .await?;
    standings::appended(conn, id).await?;
    Ok(id)
}

/// Re-derives the fold after events at these positions changed, and counts them.
async fn rederive(conn: &mut SqliteConnection, changed: Vec<(String, i64)>) -> sqlx::Result<u64> {
    let n = changed.len() as u64;
    standings::changed(
        conn,
        changed.into_iter().map(|(at, id)| Position { at, id }),
    )
    .await?;
    Ok(n)
}

/// Voids every live event of a game.
pub async fn void_game(
    conn: &mut SqliteConnection,
    game_id: i64,
    now: DateTime<Utc>,
    reason: &str,
) -> sqlx::Result<u64> {
    let changed = sqlx::query_as(
        "UPDATE score_events SET voided_at = ?, void_reason = ? WHERE game_id = ? AND voided_at IS NULL
         RETURNING at, id",
    )
    .bind(now)
    .bind(reason)
    .bind(game_id)
    .fetch_all(&mut *conn)
    .await?;
    rederive(conn, changed).await
}

/// Voids every live event caused by a moderation action.
pub async fn void_action(
    conn: &mut SqliteConnection,
    action_id: i64,
    now: DateTime<Utc>,
    reason: &str,
) -> sqlx::Result<u64> {
    let changed = sqlx::query_as(
        "UPDATE score_events SET voided_at = ?, void_reason = ? WHERE action_id = ? AND voided_at IS NULL
         RETURNING at, id",
    )
    .bind(now)
    .bind(reason)
    .bind(action_id)
    .fetch_all(&mut *conn)
    .await?;
    rederive(conn, changed).await
}

/// Voids one event, if live (the Court overturning a weekly deduction, Terms §II Act 6.3).
pub async fn void_event(
    conn: &mut SqliteConnection,
    event_id: i64,
    now: DateTime<Utc>,
    reason: &str,
) -> sqlx::Result<u64> {
    let changed = sqlx::query_as(
        "UPDATE score_events SET voided_at = ?, void_reason = ? WHERE id = ? AND voided_at IS NULL
         RETURNING at, id",
    )
    .bind(now)
    .bind(reason)
    .bind(event_id)
    .fetch_all(&mut *conn)
    .await?;
    rederive(conn, changed).await
}

/// Every event, void or not, in history order.
pub async fn all_rows(conn: &mut SqliteConnection) -> sqlx::Result<Vec<EventRow>> {
    sqlx::query_as::<_, EventRow>("SELECT * FROM score_events ORDER BY at, id")
        .fetch_all(conn)
        .await
}

/// The live history, as the fold reads it.
pub async fn live(conn: &mut SqliteConnection) -> sqlx::Result<Vec<Event>> {
    standings::live_events(conn).await
}

/// Brings back the events of a game voided for a reason (a reversed case).
pub async fn unvoid_game(
    conn: &mut SqliteConnection,
    game_id: i64,
    reason: &str,
) -> sqlx::Result<u64> {
    let changed = sqlx::query_as(
        "UPDATE score_events SET voided_at = NULL, void_reason = NULL
         WHERE game_id = ? AND void_reason = ? AND voided_at IS NOT NULL RETURNING at, id",
    )
    .bind(game_id)
    .bind(reason)
    .fetch_all(&mut *conn)
    .await?;
    rederive(conn, changed).await
}

/// Moves the voiding of a game's events from one case to another (both reverse the game).
/// The events stay void, so no score moves.
pub async fn revoid_game(
    conn: &mut SqliteConnection,
    game_id: i64,
    from: &str,
    to: &str,
) -> sqlx::Result<u64> {
    Ok(
        sqlx::query(
            "UPDATE score_events SET void_reason = ? WHERE game_id = ? AND void_reason = ?",
        )
        .bind(to)
        .bind(game_id)
        .bind(from)
        .execute(conn)
        .await?
        .rows_affected(),
    )
}

/// Whether `person` has a live weekly deduction recorded at `at` (the end of the week it
/// reviewed): the weekly review deducts at most once for one member and week (Terms §II Act 6).
pub async fn deducted_at(
    conn: &mut SqliteConnection,
    person: i64,
    at: DateTime<Utc>,
) -> sqlx::Result<bool> {
    sqlx::query_scalar(
        "SELECT EXISTS(SELECT 1 FROM score_events
          WHERE person_id = ? AND kind = ? AND at = ? AND voided_at IS NULL)",
    )
    .bind(person)
    .bind(EventKind::Decay)
    .bind(at)
    .fetch_one(conn)
    .await
}
