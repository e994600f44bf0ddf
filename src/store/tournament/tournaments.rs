//! Tournaments as stored: name, format, parameters (JSON), Director and stage.

use chrono::{DateTime, Utc};
use sqlx::SqliteConnection;

use crate::domain::kernel::words::Words;
use crate::domain::tournament::parameters::Format;
pub use crate::domain::tournament::stages::Stage;

/// A stored tournament.
#[derive(Debug, Clone, sqlx::FromRow)]
pub struct Tournament {
    pub id: i64,
    pub name: String,
    pub format: String,
    pub parameters: String,
    pub director_id: Option<i64>,
    pub stage: Stage,
    pub rounds: Option<i64>,
    pub created_at: DateTime<Utc>,
    pub started_at: Option<DateTime<Utc>>,
    /// The match arbiter the Director named; the Director when `None`.
    pub arbiter_id: Option<i64>,
}

impl Tournament {
    /// The format it runs by, stored as its word; a word no format has (none is written so)
    /// runs as a club's Swiss.
    pub fn format_played(&self) -> Format {
        Format::from_word(&self.format).unwrap_or(Format::Swiss)
    }
}

pub async fn insert(
    conn: &mut SqliteConnection,
    name: &str,
    format: Format,
    parameters: &str,
    at: DateTime<Utc>,
) -> sqlx::Result<i64> {
    sqlx::query_scalar(
        "INSERT INTO tournaments (name, format, parameters, stage, created_at)
         VALUES (?, ?, ?, ?, ?) RETURNING id",
    )
    .bind(name)
    .bind(format.word())
    .bind(parameters)
    .bind(Stage::Entries)
    .bind(at)
    .fetch_one(conn)
    .await
}

pub async fn by_id(conn: &mut SqliteConnection, id: i64) -> sqlx::Result<Option<Tournament>> {
    sqlx::query_as("SELECT * FROM tournaments WHERE id = ?")
        .bind(id)
        .fetch_optional(conn)
        .await
}

pub async fn all(conn: &mut SqliteConnection) -> sqlx::Result<Vec<Tournament>> {
    sqlx::query_as("SELECT * FROM tournaments ORDER BY id")
        .fetch_all(conn)
        .await
}

pub async fn set_director(conn: &mut SqliteConnection, id: i64, person: i64) -> sqlx::Result<()> {
    sqlx::query("UPDATE tournaments SET director_id = ? WHERE id = ?")
        .bind(person)
        .bind(id)
        .execute(conn)
        .await?;
    Ok(())
}

pub async fn start(
    conn: &mut SqliteConnection,
    id: i64,
    rounds: i64,
    at: DateTime<Utc>,
) -> sqlx::Result<()> {
    sqlx::query("UPDATE tournaments SET stage = ?, rounds = ?, started_at = ? WHERE id = ?")
        .bind(Stage::Swiss)
        .bind(rounds)
        .bind(at)
        .bind(id)
        .execute(conn)
        .await?;
    Ok(())
}

pub async fn set_stage(conn: &mut SqliteConnection, id: i64, stage: Stage) -> sqlx::Result<()> {
    sqlx::query("UPDATE tournaments SET stage = ? WHERE id = ?")
        .bind(stage)
        .bind(id)
        .execute(conn)
        .await?;
    Ok(())
}

/// Replaces a tournament's numbers (before the start).
pub async fn set_parameters(conn: &mut SqliteConnection, id: i64, json: &str) -> sqlx::Result<()> {
    sqlx::query("UPDATE tournaments SET parameters = ? WHERE id = ?")
        .bind(json)
        .bind(id)
        .execute(conn)
        .await?;
    Ok(())
}
