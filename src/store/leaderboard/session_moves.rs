//! One-off moves of a club session from one date to another.

use chrono::{DateTime, NaiveDate, Utc};
use sqlx::SqliteConnection;

#[derive(Debug, Clone, PartialEq, Eq, sqlx::FromRow)]
pub struct SessionMove {
    pub id: i64,
    pub from_date: NaiveDate,
    pub to_date: NaiveDate,
    pub moved_by: i64,
    pub reason: Option<String>,
    pub moved_at: DateTime<Utc>,
}

pub async fn insert(
    conn: &mut SqliteConnection,
    from: NaiveDate,
    to: NaiveDate,
    by: i64,
    reason: Option<&str>,
    now: DateTime<Utc>,
) -> sqlx::Result<i64> {
    sqlx::query_scalar(
        "INSERT INTO session_moves (from_date, to_date, moved_by, reason, moved_at)
         VALUES (?, ?, ?, ?, ?) RETURNING id",
    )
    .bind(from)
    .bind(to)
    .bind(by)
    .bind(reason)
    .bind(now)
    .fetch_one(conn)
    .await
}

/// Moves that touch `since` or a later date: the only ones the window still needs.
pub async fn from(conn: &mut SqliteConnection, since: NaiveDate) -> sqlx::Result<Vec<SessionMove>> {
    sqlx::query_as::<_, SessionMove>(
        "SELECT * FROM session_moves WHERE from_date >= ? OR to_date >= ? ORDER BY from_date",
    )
    .bind(since)
    .bind(since)
    .fetch_all(conn)
    .await
}

/// Every move, for the export.
pub async fn all(conn: &mut SqliteConnection) -> sqlx::Result<Vec<SessionMove>> {
    sqlx::query_as::<_, SessionMove>("SELECT * FROM session_moves ORDER BY id")
        .fetch_all(conn)
        .await
}

/// Whether a session was opened on a club date.
pub async fn opened_on(conn: &mut SqliteConnection, date: NaiveDate) -> sqlx::Result<bool> {
    sqlx::query_scalar("SELECT EXISTS (SELECT 1 FROM club_sessions WHERE club_date = ?)")
        .bind(date)
        .fetch_one(conn)
        .await
}
