//! Rounds as stored: their last year, whether they are team rounds, their stage, and the seeds
//! and explanations published with the deal and the advancement.

use chrono::{DateTime, Utc};
use serde::Serialize;
use sqlx::SqliteConnection;

/// A stored round.
#[derive(Debug, Clone, Serialize, sqlx::FromRow)]
pub struct Round {
    pub number: i64,
    pub last_year: i64,
    pub team_round: bool,
    pub stage: String,
    pub deal_seed: Option<i64>,
    pub deal_notes: Option<String>,
    pub advance_seed: Option<i64>,
    pub advancement: Option<String>,
    pub opened_at: DateTime<Utc>,
}

pub async fn insert(
    conn: &mut SqliteConnection,
    number: i64,
    last_year: i64,
    team_round: bool,
    at: DateTime<Utc>,
) -> sqlx::Result<()> {
    sqlx::query(
        "INSERT INTO dip_rounds (number, last_year, team_round, stage, opened_at)
         VALUES (?, ?, ?, 'open', ?)",
    )
    .bind(number)
    .bind(last_year)
    .bind(team_round)
    .bind(at)
    .execute(conn)
    .await?;
    Ok(())
}

pub async fn get(conn: &mut SqliteConnection, number: i64) -> sqlx::Result<Option<Round>> {
    sqlx::query_as("SELECT * FROM dip_rounds WHERE number = ?")
        .bind(number)
        .fetch_optional(conn)
        .await
}

pub async fn all(conn: &mut SqliteConnection) -> sqlx::Result<Vec<Round>> {
    sqlx::query_as("SELECT * FROM dip_rounds ORDER BY number")
        .fetch_all(conn)
        .await
}

pub async fn set_dealt(
    conn: &mut SqliteConnection,
    number: i64,
    seed: i64,
    notes: &str,
) -> sqlx::Result<()> {
    sqlx::query(
        "UPDATE dip_rounds SET stage = 'assigned', deal_seed = ?, deal_notes = ? WHERE number = ?",
    )
    .bind(seed)
    .bind(notes)
    .bind(number)
    .execute(conn)
    .await?;
    Ok(())
}

pub async fn set_advanced(
    conn: &mut SqliteConnection,
    number: i64,
    seed: i64,
    advancement: &str,
) -> sqlx::Result<()> {
    sqlx::query(
        "UPDATE dip_rounds SET stage = 'advanced', advance_seed = ?, advancement = ? WHERE number = ?",
    )
    .bind(seed)
    .bind(advancement)
    .bind(number)
    .execute(conn)
    .await?;
    Ok(())
}
