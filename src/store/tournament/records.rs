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

/// A stored correction by the Director.
#[derive(Debug, Clone, sqlx::FromRow, serde::Serialize)]
pub struct CorrectionRow {
    pub id: i64,
    pub tournament_id: i64,
    pub kind: crate::domain::tournament::states::CorrectionKind,
    pub match_id: Option<i64>,
    pub entrant_id: Option<i64>,
    pub before: String,
    pub after: String,
    pub reason: String,
    pub director_id: i64,
    pub at: DateTime<Utc>,
}

#[allow(clippy::too_many_arguments)]
pub async fn insert_correction(
    conn: &mut SqliteConnection,
    tournament: i64,
    kind: crate::domain::tournament::states::CorrectionKind,
    a_match: Option<i64>,
    entrant: Option<i64>,
    (before, after): (&str, &str),
    reason: &str,
    director: i64,
    at: DateTime<Utc>,
) -> sqlx::Result<i64> {
    sqlx::query_scalar(
        "INSERT INTO tournament_corrections (tournament_id, kind, match_id, entrant_id, before, after, reason, director_id, at)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?) RETURNING id",
    )
    .bind(tournament)
    .bind(kind)
    .bind(a_match)
    .bind(entrant)
    .bind(before)
    .bind(after)
    .bind(reason)
    .bind(director)
    .bind(at)
    .fetch_one(conn)
    .await
}

/// Changes a correction's account of the record once its effects are known.
pub async fn set_correction_after(
    conn: &mut SqliteConnection,
    id: i64,
    after: &str,
) -> sqlx::Result<()> {
    sqlx::query("UPDATE tournament_corrections SET after = ? WHERE id = ?")
        .bind(after)
        .bind(id)
        .execute(conn)
        .await?;
    Ok(())
}

pub async fn corrections(
    conn: &mut SqliteConnection,
    tournament: i64,
) -> sqlx::Result<Vec<CorrectionRow>> {
    sqlx::query_as("SELECT * FROM tournament_corrections WHERE tournament_id = ? ORDER BY id")
        .bind(tournament)
        .fetch_all(conn)
        .await
}

/// A Swiss round's pairing explanation as it was made (JSON).
#[derive(Debug, Clone, sqlx::FromRow)]
pub struct PairingRow {
    pub tournament_id: i64,
    pub round: i64,
    pub explanation: String,
    pub made_at: DateTime<Utc>,
}

pub async fn insert_pairing(
    conn: &mut SqliteConnection,
    tournament: i64,
    round: i64,
    explanation: &str,
    at: DateTime<Utc>,
) -> sqlx::Result<()> {
    sqlx::query(
        "INSERT INTO tournament_pairings (tournament_id, round, explanation, made_at) VALUES (?, ?, ?, ?)",
    )
    .bind(tournament)
    .bind(round)
    .bind(explanation)
    .bind(at)
    .execute(conn)
    .await?;
    Ok(())
}

pub async fn pairings(
    conn: &mut SqliteConnection,
    tournament: i64,
) -> sqlx::Result<Vec<PairingRow>> {
    sqlx::query_as("SELECT * FROM tournament_pairings WHERE tournament_id = ? ORDER BY round")
        .bind(tournament)
        .fetch_all(conn)
        .await
}
