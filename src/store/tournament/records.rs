//! A tournament's Director's rulings (public, final) and the cheating reports made privately to
//! the Director (never posted).

use chrono::{DateTime, Utc};
use sqlx::SqliteConnection;

/// A stored ruling.
#[derive(Debug, Clone, sqlx::FromRow, serde::Serialize)]
pub struct RulingRow {
    pub id: i64,
    pub tournament_id: i64,
    pub match_id: Option<i64>,
    pub director_id: i64,
    pub text: String,
    pub at: DateTime<Utc>,
}

/// A stored cheating report.
#[derive(Debug, Clone, sqlx::FromRow, serde::Serialize)]
pub struct ReportRow {
    pub id: i64,
    pub tournament_id: i64,
    pub reporter_id: i64,
    pub accused_id: i64,
    pub text: String,
    pub at: DateTime<Utc>,
}

pub async fn insert_ruling(
    conn: &mut SqliteConnection,
    tournament: i64,
    a_match: Option<i64>,
    director: i64,
    text: &str,
    at: DateTime<Utc>,
) -> sqlx::Result<i64> {
    sqlx::query_scalar(
        "INSERT INTO tournament_rulings (tournament_id, match_id, director_id, text, at)
         VALUES (?, ?, ?, ?, ?) RETURNING id",
    )
    .bind(tournament)
    .bind(a_match)
    .bind(director)
    .bind(text)
    .bind(at)
    .fetch_one(conn)
    .await
}

pub async fn insert_report(
    conn: &mut SqliteConnection,
    tournament: i64,
    reporter: i64,
    accused: i64,
    text: &str,
    at: DateTime<Utc>,
) -> sqlx::Result<i64> {
    sqlx::query_scalar(
        "INSERT INTO tournament_reports (tournament_id, reporter_id, accused_id, text, at)
         VALUES (?, ?, ?, ?, ?) RETURNING id",
    )
    .bind(tournament)
    .bind(reporter)
    .bind(accused)
    .bind(text)
    .bind(at)
    .fetch_one(conn)
    .await
}

pub async fn rulings(conn: &mut SqliteConnection, tournament: i64) -> sqlx::Result<Vec<RulingRow>> {
    sqlx::query_as("SELECT * FROM tournament_rulings WHERE tournament_id = ? ORDER BY id")
        .bind(tournament)
        .fetch_all(conn)
        .await
}

pub async fn reports(conn: &mut SqliteConnection, tournament: i64) -> sqlx::Result<Vec<ReportRow>> {
    sqlx::query_as("SELECT * FROM tournament_reports WHERE tournament_id = ? ORDER BY id")
        .bind(tournament)
        .fetch_all(conn)
        .await
}
