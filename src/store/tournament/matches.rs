//! A tournament's matches and their games.

use chrono::{DateTime, Utc};
use sqlx::SqliteConnection;

/// A stored match.
#[derive(Debug, Clone, sqlx::FromRow)]
pub struct MatchRow {
    pub id: i64,
    pub tournament_id: i64,
    pub stage: String,
    pub round: i64,
    pub first_id: i64,
    pub second_id: Option<i64>,
    pub first_halves: i64,
    pub second_halves: i64,
    pub over: bool,
    pub first_points: Option<i64>,
    pub second_points: Option<i64>,
    pub created_at: DateTime<Utc>,
}

pub async fn insert(
    conn: &mut SqliteConnection,
    tournament: i64,
    stage: &str,
    round: i64,
    first: i64,
    second: Option<i64>,
    at: DateTime<Utc>,
) -> sqlx::Result<i64> {
    sqlx::query_scalar(
        "INSERT INTO tournament_matches (tournament_id, stage, round, first_id, second_id, created_at)
         VALUES (?, ?, ?, ?, ?, ?) RETURNING id",
    )
    .bind(tournament)
    .bind(stage)
    .bind(round)
    .bind(first)
    .bind(second)
    .bind(at)
    .fetch_one(conn)
    .await
}

pub async fn by_id(conn: &mut SqliteConnection, id: i64) -> sqlx::Result<Option<MatchRow>> {
    sqlx::query_as("SELECT * FROM tournament_matches WHERE id = ?")
        .bind(id)
        .fetch_optional(conn)
        .await
}

pub async fn of_stage(
    conn: &mut SqliteConnection,
    tournament: i64,
    stage: &str,
) -> sqlx::Result<Vec<MatchRow>> {
    sqlx::query_as(
        "SELECT * FROM tournament_matches WHERE tournament_id = ? AND stage = ? ORDER BY round, id",
    )
    .bind(tournament)
    .bind(stage)
    .fetch_all(conn)
    .await
}

/// Sets a match's game score, and its result once over.
pub async fn set_score(
    conn: &mut SqliteConnection,
    id: i64,
    first: i64,
    second: i64,
    points: Option<(i64, i64)>,
) -> sqlx::Result<()> {
    sqlx::query(
        "UPDATE tournament_matches SET first_halves = ?, second_halves = ?, over = ?,
         first_points = ?, second_points = ? WHERE id = ?",
    )
    .bind(first)
    .bind(second)
    .bind(points.is_some())
    .bind(points.map(|p| p.0))
    .bind(points.map(|p| p.1))
    .bind(id)
    .execute(conn)
    .await?;
    Ok(())
}

pub async fn add_game(
    conn: &mut SqliteConnection,
    id: i64,
    result: &str,
    by: i64,
    at: DateTime<Utc>,
) -> sqlx::Result<()> {
    sqlx::query(
        "INSERT INTO tournament_games (match_id, result, recorded_by, at) VALUES (?, ?, ?, ?)",
    )
    .bind(id)
    .bind(result)
    .bind(by)
    .bind(at)
    .execute(conn)
    .await?;
    Ok(())
}
