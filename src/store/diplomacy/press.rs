//! Press as stored (D.X): white press with its author; gray and dark-gray press with none
//! (D.X.2). A per-turn count of each player's press, linked to no message, refuses a flood.

use crate::domain::diplomacy::season::Turn;
use chrono::{DateTime, Utc};
use serde::Serialize;
use sqlx::SqliteConnection;

pub use crate::domain::diplomacy::press::PressKind;

/// A stored piece of press, as the export shows it (no author for gray or dark gray).
#[derive(Debug, Clone, Serialize, sqlx::FromRow)]
pub struct Press {
    pub id: i64,
    pub board_id: i64,
    pub kind: PressKind,
    pub body: String,
    pub author_id: Option<i64>,
    pub attributed: Option<String>,
    pub turn: Turn,
    pub sent_at: DateTime<Utc>,
}

#[allow(clippy::too_many_arguments)]
pub async fn insert(
    conn: &mut SqliteConnection,
    board: i64,
    kind: PressKind,
    body: &str,
    author: Option<i64>,
    attributed: Option<&str>,
    turn: Turn,
    at: DateTime<Utc>,
) -> sqlx::Result<i64> {
    sqlx::query_scalar(
        "INSERT INTO dip_press (board_id, kind, body, author_id, attributed, turn, sent_at)
         VALUES (?, ?, ?, ?, ?, ?, ?) RETURNING id",
    )
    .bind(board)
    .bind(kind)
    .bind(body)
    .bind(author)
    .bind(attributed)
    .bind(turn)
    .bind(at)
    .fetch_one(conn)
    .await
}

/// The press of one turn on a board, in the order sent.
pub async fn of_turn(
    conn: &mut SqliteConnection,
    board: i64,
    turn: Turn,
) -> sqlx::Result<Vec<Press>> {
    sqlx::query_as("SELECT * FROM dip_press WHERE board_id = ? AND turn = ? ORDER BY id")
        .bind(board)
        .bind(turn)
        .fetch_all(conn)
        .await
}

/// The press already published: of turns adjudicated, or of a board that has ended (D.X.1).
pub async fn published(conn: &mut SqliteConnection) -> sqlx::Result<Vec<Press>> {
    sqlx::query_as(
        "SELECT p.* FROM dip_press p JOIN dip_boards b ON b.id = p.board_id
         WHERE p.turn <> b.turn OR b.status = ? ORDER BY p.id",
    )
    .bind(super::boards::BoardStatus::Finished)
    .fetch_all(conn)
    .await
}

/// Counts one more press from `person` this turn; answers the new count.
pub async fn count_one(
    conn: &mut SqliteConnection,
    board: i64,
    person: i64,
    turn: Turn,
) -> sqlx::Result<i64> {
    sqlx::query_scalar(
        "INSERT INTO dip_press_counts (board_id, person_id, turn, sent) VALUES (?, ?, ?, 1)
         ON CONFLICT (board_id, person_id, turn) DO UPDATE SET sent = sent + 1
         RETURNING sent",
    )
    .bind(board)
    .bind(person)
    .bind(turn)
    .fetch_one(conn)
    .await
}
