//! Requests to leave the Leaderboard (Terms §II Act 8).

use chrono::{DateTime, Utc};
use sqlx::SqliteConnection;

use crate::domain::leaderboard::leave::LeaveState;

#[derive(Debug, Clone, PartialEq, Eq, sqlx::FromRow)]
pub struct LeaveRequest {
    pub id: i64,
    pub person_id: i64,
    pub requested_at: DateTime<Utc>,
    pub due_at: DateTime<Utc>,
    pub carried_out: Option<DateTime<Utc>>,
    pub withdrawn: Option<DateTime<Utc>>,
}

impl LeaveRequest {
    /// Where the request stands, from the columns that record it.
    pub fn state(&self) -> LeaveState {
        match (self.carried_out, self.withdrawn) {
            (Some(at), _) => LeaveState::CarriedOut(at),
            (None, Some(at)) => LeaveState::Withdrawn(at),
            (None, None) => LeaveState::Pending,
        }
    }
}

pub async fn open_request(
    conn: &mut SqliteConnection,
    person_id: i64,
) -> sqlx::Result<Option<LeaveRequest>> {
    sqlx::query_as::<_, LeaveRequest>(
        "SELECT * FROM leave_requests WHERE person_id = ? AND carried_out IS NULL AND withdrawn IS NULL",
    )
    .bind(person_id)
    .fetch_optional(conn)
    .await
}

pub async fn by_id(conn: &mut SqliteConnection, id: i64) -> sqlx::Result<Option<LeaveRequest>> {
    sqlx::query_as::<_, LeaveRequest>("SELECT * FROM leave_requests WHERE id = ?")
        .bind(id)
        .fetch_optional(conn)
        .await
}

pub async fn create(
    conn: &mut SqliteConnection,
    person_id: i64,
    now: DateTime<Utc>,
    due_at: DateTime<Utc>,
) -> sqlx::Result<i64> {
    sqlx::query_scalar(
        "INSERT INTO leave_requests (person_id, requested_at, due_at) VALUES (?, ?, ?) RETURNING id",
    )
    .bind(person_id)
    .bind(now)
    .bind(due_at)
    .fetch_one(conn)
    .await
}

pub async fn carry_out(
    conn: &mut SqliteConnection,
    id: i64,
    now: DateTime<Utc>,
) -> sqlx::Result<()> {
    sqlx::query("UPDATE leave_requests SET carried_out = ? WHERE id = ?")
        .bind(now)
        .bind(id)
        .execute(conn)
        .await?;
    Ok(())
}

/// Every request neither carried out nor withdrawn.
pub async fn pending(conn: &mut SqliteConnection) -> sqlx::Result<Vec<LeaveRequest>> {
    sqlx::query_as::<_, LeaveRequest>(
        "SELECT * FROM leave_requests WHERE carried_out IS NULL AND withdrawn IS NULL ORDER BY id",
    )
    .fetch_all(conn)
    .await
}
