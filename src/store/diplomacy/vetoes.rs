//! The TD's vetoes of replacements for a conflict of interest (B.10), as stored.

use chrono::{DateTime, Utc};
use serde::Serialize;
use sqlx::SqliteConnection;

/// A veto: who may not replace anyone on which board, and why.
#[derive(Debug, Clone, Serialize, sqlx::FromRow)]
pub struct Veto {
    pub board_id: i64,
    pub person_id: i64,
    pub name: String,
    pub reason: String,
    pub at: DateTime<Utc>,
}

pub async fn insert(
    conn: &mut SqliteConnection,
    board: i64,
    person: i64,
    reason: &str,
    at: DateTime<Utc>,
) -> sqlx::Result<bool> {
    let done = sqlx::query(
        "INSERT INTO dip_vetoes (board_id, person_id, reason, at) VALUES (?, ?, ?, ?)
         ON CONFLICT (board_id, person_id) DO NOTHING",
    )
    .bind(board)
    .bind(person)
    .bind(reason)
    .bind(at)
    .execute(conn)
    .await?;
    Ok(done.rows_affected() == 1)
}

/// The vetoes on `board`.
pub async fn of_board(conn: &mut SqliteConnection, board: i64) -> sqlx::Result<Vec<Veto>> {
    sqlx::query_as(
        "SELECT v.board_id, v.person_id, COALESCE(p.display_name, p.name) AS name, v.reason, v.at
         FROM dip_vetoes v JOIN people p ON p.id = v.person_id WHERE v.board_id = ? ORDER BY v.id",
    )
    .bind(board)
    .fetch_all(conn)
    .await
}

/// Every veto, for the export.
pub async fn all(conn: &mut SqliteConnection) -> sqlx::Result<Vec<Veto>> {
    sqlx::query_as(
        "SELECT v.board_id, v.person_id, COALESCE(p.display_name, p.name) AS name, v.reason, v.at
         FROM dip_vetoes v JOIN people p ON p.id = v.person_id ORDER BY v.id",
    )
    .fetch_all(conn)
    .await
}
