//! The handovers of Diplomacy positions as stored (B.7, B.8): one row each, read in order.

use chrono::{DateTime, Utc};
use serde::Serialize;
use sqlx::SqliteConnection;

pub use crate::domain::diplomacy::handover::KindName;
use crate::domain::diplomacy::states::ChosenBy;

/// A stored handover.
#[derive(Debug, Clone, Serialize, sqlx::FromRow)]
pub struct Row {
    pub id: i64,
    pub position_id: i64,
    pub outgoing_id: i64,
    pub incoming_id: i64,
    pub from_season: String,
    pub kind: KindName,
    pub until_season: Option<String>,
    pub chosen_by: ChosenBy,
    pub team_provided: bool,
    pub at: DateTime<Utc>,
}

/// A handover to record.
pub struct New<'a> {
    pub position: i64,
    pub outgoing: i64,
    pub incoming: i64,
    pub from: &'a str,
    pub kind: KindName,
    pub until: Option<&'a str>,
    pub chosen_by: ChosenBy,
    pub team_provided: bool,
}

pub async fn insert(
    conn: &mut SqliteConnection,
    h: &New<'_>,
    at: DateTime<Utc>,
) -> sqlx::Result<()> {
    sqlx::query(
        "INSERT INTO dip_handovers (position_id, outgoing_id, incoming_id, from_season, kind,
             until_season, chosen_by, team_provided, at)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)",
    )
    .bind(h.position)
    .bind(h.outgoing)
    .bind(h.incoming)
    .bind(h.from)
    .bind(h.kind)
    .bind(h.until)
    .bind(h.chosen_by)
    .bind(h.team_provided)
    .bind(at)
    .execute(conn)
    .await?;
    Ok(())
}

/// A position's handovers, in order.
pub async fn of_position(conn: &mut SqliteConnection, position: i64) -> sqlx::Result<Vec<Row>> {
    sqlx::query_as("SELECT * FROM dip_handovers WHERE position_id = ? ORDER BY id")
        .bind(position)
        .fetch_all(conn)
        .await
}

/// Every handover, in order (the export).
pub async fn all(conn: &mut SqliteConnection) -> sqlx::Result<Vec<Row>> {
    sqlx::query_as("SELECT * FROM dip_handovers ORDER BY id")
        .fetch_all(conn)
        .await
}

/// The handovers on the boards of `round`, in order.
pub async fn of_round(conn: &mut SqliteConnection, round: i64) -> sqlx::Result<Vec<Row>> {
    sqlx::query_as(
        "SELECT h.* FROM dip_handovers h JOIN dip_positions p ON p.id = h.position_id
             JOIN dip_boards b ON b.id = p.board_id
         WHERE b.round = ? ORDER BY h.id",
    )
    .bind(round)
    .fetch_all(conn)
    .await
}
