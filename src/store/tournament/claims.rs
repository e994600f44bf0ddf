//! Claims against an absent opponent (ACWC Match rules): a no-show reported at the agreed time
//! and again when the grace period ends, or a player who left the match while it was ongoing.

use chrono::{DateTime, Utc};
use sqlx::SqliteConnection;

pub use crate::domain::tournament::states::{ClaimKind, ClaimState};

/// A stored claim.
#[derive(Debug, Clone, sqlx::FromRow)]
pub struct ClaimRow {
    pub id: i64,
    pub match_id: i64,
    pub kind: ClaimKind,
    pub by_id: i64,
    pub against_id: i64,
    pub starts_at: Option<DateTime<Utc>>,
    pub first_at: DateTime<Utc>,
    pub second_at: Option<DateTime<Utc>>,
    pub state: ClaimState,
    pub closed_at: Option<DateTime<Utc>>,
}

impl ClaimRow {
    /// Whether the claim still stands: made, or before the Director.
    pub fn live(&self) -> bool {
        matches!(self.state, ClaimState::Open | ClaimState::Countered)
    }
}

/// Every claim of a match, in the order made.
pub async fn of_match(conn: &mut SqliteConnection, a_match: i64) -> sqlx::Result<Vec<ClaimRow>> {
    sqlx::query_as("SELECT * FROM tournament_claims WHERE match_id = ? ORDER BY id")
        .bind(a_match)
        .fetch_all(conn)
        .await
}

#[allow(clippy::too_many_arguments)]
pub async fn insert(
    conn: &mut SqliteConnection,
    a_match: i64,
    kind: ClaimKind,
    by: i64,
    against: i64,
    starts_at: Option<DateTime<Utc>>,
    at: DateTime<Utc>,
    state: ClaimState,
) -> sqlx::Result<i64> {
    sqlx::query_scalar(
        "INSERT INTO tournament_claims (match_id, kind, by_id, against_id, starts_at, first_at, state)
         VALUES (?, ?, ?, ?, ?, ?, ?) RETURNING id",
    )
    .bind(a_match)
    .bind(kind)
    .bind(by)
    .bind(against)
    .bind(starts_at)
    .bind(at)
    .bind(state)
    .fetch_one(conn)
    .await
}

/// Records a no-show's second report.
pub async fn second_report(
    conn: &mut SqliteConnection,
    id: i64,
    at: DateTime<Utc>,
) -> sqlx::Result<()> {
    sqlx::query("UPDATE tournament_claims SET second_at = ? WHERE id = ?")
        .bind(at)
        .bind(id)
        .execute(conn)
        .await?;
    Ok(())
}

/// Moves a claim on.
pub async fn set_state(
    conn: &mut SqliteConnection,
    id: i64,
    state: ClaimState,
    at: DateTime<Utc>,
) -> sqlx::Result<()> {
    let closed = !matches!(state, ClaimState::Open | ClaimState::Countered);
    sqlx::query("UPDATE tournament_claims SET state = ?, closed_at = ? WHERE id = ?")
        .bind(state)
        .bind(closed.then_some(at))
        .bind(id)
        .execute(conn)
        .await?;
    Ok(())
}

/// Closes every live claim of a match (a new time set, the match ended).
pub async fn close_all(
    conn: &mut SqliteConnection,
    a_match: i64,
    at: DateTime<Utc>,
) -> sqlx::Result<()> {
    sqlx::query(
        "UPDATE tournament_claims SET state = ?, closed_at = ? WHERE match_id = ? AND state IN (?, ?)",
    )
    .bind(ClaimState::Closed)
    .bind(at)
    .bind(a_match)
    .bind(ClaimState::Open)
    .bind(ClaimState::Countered)
    .execute(conn)
    .await?;
    Ok(())
}
