//! Replies to the reserve pool's call (B.8(d)), as stored: who offered to take a position on
//! which board, and when.

use chrono::{DateTime, Utc};
use serde::Serialize;
use sqlx::SqliteConnection;

/// A reply.
#[derive(Debug, Clone, Serialize, sqlx::FromRow)]
pub struct Reply {
    pub board_id: i64,
    pub person_id: i64,
    pub at: DateTime<Utc>,
}

/// Records a reply; false if it was recorded already.
pub async fn insert(
    conn: &mut SqliteConnection,
    board: i64,
    person: i64,
    at: DateTime<Utc>,
) -> sqlx::Result<bool> {
    let done = sqlx::query(
        "INSERT INTO dip_pool_replies (board_id, person_id, at) VALUES (?, ?, ?)
         ON CONFLICT (board_id, person_id) DO NOTHING",
    )
    .bind(board)
    .bind(person)
    .bind(at)
    .execute(conn)
    .await?;
    Ok(done.rows_affected() == 1)
}

/// Who replied for `board`.
pub async fn of_board(conn: &mut SqliteConnection, board: i64) -> sqlx::Result<Vec<i64>> {
    sqlx::query_scalar("SELECT person_id FROM dip_pool_replies WHERE board_id = ? ORDER BY id")
        .bind(board)
        .fetch_all(conn)
        .await
}

/// Every reply, for the export.
pub async fn all(conn: &mut SqliteConnection) -> sqlx::Result<Vec<Reply>> {
    sqlx::query_as("SELECT board_id, person_id, at FROM dip_pool_replies ORDER BY id")
        .fetch_all(conn)
        .await
}
