//! The units on each board by turn and power, and the GM's adjudication checks, as stored.

use crate::domain::diplomacy::season::Turn;
use crate::domain::diplomacy::Power;
use chrono::{DateTime, Utc};
use serde::Serialize;
use sqlx::SqliteConnection;

/// One power's units at the start of a turn.
#[derive(Debug, Clone, Serialize, sqlx::FromRow)]
pub struct Units {
    pub board_id: i64,
    pub turn: Turn,
    pub power: Power,
    pub units: String,
    pub recorded_at: DateTime<Utc>,
}

/// One check of a GM's adjudication.
#[derive(Debug, Clone, Serialize, sqlx::FromRow)]
pub struct Check {
    pub id: i64,
    pub board_id: i64,
    pub turn: Turn,
    pub results: String,
    pub merged: bool,
    pub units: i64,
    pub flagged: i64,
    pub report: String,
    pub checked_at: DateTime<Utc>,
}

/// Records (or replaces) a power's units for a turn.
pub async fn put(
    conn: &mut SqliteConnection,
    board: i64,
    turn: Turn,
    power: Power,
    units: &str,
    at: DateTime<Utc>,
) -> sqlx::Result<()> {
    sqlx::query(
        "INSERT INTO dip_units (board_id, turn, power, units, recorded_at) VALUES (?, ?, ?, ?, ?)
         ON CONFLICT (board_id, turn, power) DO UPDATE SET units = excluded.units,
             recorded_at = excluded.recorded_at",
    )
    .bind(board)
    .bind(turn)
    .bind(power)
    .bind(units)
    .bind(at)
    .execute(conn)
    .await?;
    Ok(())
}

/// The units recorded for a board's turn, by power.
pub async fn of_turn(
    conn: &mut SqliteConnection,
    board: i64,
    turn: Turn,
) -> sqlx::Result<Vec<Units>> {
    sqlx::query_as("SELECT * FROM dip_units WHERE board_id = ? AND turn = ? ORDER BY power")
        .bind(board)
        .bind(turn)
        .fetch_all(conn)
        .await
}

pub async fn all(conn: &mut SqliteConnection) -> sqlx::Result<Vec<Units>> {
    sqlx::query_as("SELECT * FROM dip_units ORDER BY board_id, turn, power")
        .fetch_all(conn)
        .await
}

#[allow(clippy::too_many_arguments)]
pub async fn add_check(
    conn: &mut SqliteConnection,
    board: i64,
    turn: Turn,
    results: &str,
    merged: bool,
    units: usize,
    flagged: usize,
    report: &str,
    at: DateTime<Utc>,
) -> sqlx::Result<i64> {
    sqlx::query_scalar(
        "INSERT INTO dip_checks (board_id, turn, results, merged, units, flagged, report, checked_at)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?) RETURNING id",
    )
    .bind(board)
    .bind(turn)
    .bind(results)
    .bind(merged)
    .bind(units as i64)
    .bind(flagged as i64)
    .bind(report)
    .bind(at)
    .fetch_one(conn)
    .await
}

/// The checks of turns no longer current (the GM has published them), for the export.
pub async fn past_checks(conn: &mut SqliteConnection) -> sqlx::Result<Vec<Check>> {
    sqlx::query_as(
        "SELECT c.* FROM dip_checks c JOIN dip_boards b ON b.id = c.board_id
         WHERE c.turn <> b.turn OR b.status = ? ORDER BY c.id",
    )
    .bind(super::boards::BoardStatus::Finished)
    .fetch_all(conn)
    .await
}
