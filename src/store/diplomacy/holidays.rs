//! Holiday extensions the TD decreed (D.VII.5), as stored: one row a board moved.

use crate::domain::diplomacy::season::Turn;
use chrono::{DateTime, Utc};
use serde::Serialize;
use sqlx::SqliteConnection;

/// A board's deadline moved by a decreed holiday.
#[derive(Debug, Clone, Serialize, sqlx::FromRow)]
pub struct Holiday {
    pub board_id: i64,
    pub turn: Turn,
    pub hours: i64,
    pub reason: String,
    pub old_deadline: DateTime<Utc>,
    pub new_deadline: DateTime<Utc>,
    pub at: DateTime<Utc>,
}

pub async fn insert(conn: &mut SqliteConnection, h: &Holiday) -> sqlx::Result<()> {
    sqlx::query(
        "INSERT INTO dip_holidays (board_id, turn, hours, reason, old_deadline, new_deadline, at)
         VALUES (?, ?, ?, ?, ?, ?, ?)",
    )
    .bind(h.board_id)
    .bind(h.turn)
    .bind(h.hours)
    .bind(&h.reason)
    .bind(h.old_deadline)
    .bind(h.new_deadline)
    .bind(h.at)
    .execute(conn)
    .await?;
    Ok(())
}

/// Every holiday decreed, for the export.
pub async fn all(conn: &mut SqliteConnection) -> sqlx::Result<Vec<Holiday>> {
    sqlx::query_as(
        "SELECT board_id, turn, hours, reason, old_deadline, new_deadline, at
         FROM dip_holidays ORDER BY id",
    )
    .fetch_all(conn)
    .await
}
