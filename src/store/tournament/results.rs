//! A match's record: its games, numbered, and its whole-match entries (a reported score, a
//! forfeit, a walkover, a disregard); each kept when a correction voids it.

use chrono::{DateTime, Utc};
use sqlx::SqliteConnection;

pub use crate::domain::tournament::matches::Game;
pub use crate::domain::tournament::states::ResultKind;

/// A stored game.
#[derive(Debug, Clone, sqlx::FromRow)]
pub struct GameRow {
    pub id: i64,
    pub match_id: i64,
    pub result: Game,
    pub recorded_by: i64,
    pub at: DateTime<Utc>,
    pub number: Option<i64>,
    pub armageddon: bool,
    pub voided_by: Option<i64>,
}

/// A stored whole-match entry.
#[derive(Debug, Clone, sqlx::FromRow)]
pub struct ResultRow {
    pub id: i64,
    pub match_id: i64,
    pub kind: ResultKind,
    pub first_halves: Option<i64>,
    pub second_halves: Option<i64>,
    pub against_id: Option<i64>,
    pub recorded_by: Option<i64>,
    pub reason: Option<String>,
    pub at: DateTime<Utc>,
    pub voided_by: Option<i64>,
}

/// Every game of a match, voided ones too, in the order recorded.
pub async fn games(conn: &mut SqliteConnection, a_match: i64) -> sqlx::Result<Vec<GameRow>> {
    sqlx::query_as("SELECT id, match_id, result, recorded_by, at, number, armageddon, voided_by FROM tournament_games WHERE match_id = ? ORDER BY id")
        .bind(a_match)
        .fetch_all(conn)
        .await
}

/// Every whole-match entry of a match, voided ones too, in the order recorded.
pub async fn results(conn: &mut SqliteConnection, a_match: i64) -> sqlx::Result<Vec<ResultRow>> {
    sqlx::query_as("SELECT * FROM tournament_results WHERE match_id = ? ORDER BY id")
        .bind(a_match)
        .fetch_all(conn)
        .await
}

/// Adds a game: the next number among the games that stand.
pub async fn add_game(
    conn: &mut SqliteConnection,
    a_match: i64,
    result: Game,
    armageddon: bool,
    by: i64,
    at: DateTime<Utc>,
) -> sqlx::Result<i64> {
    sqlx::query_scalar(
        "INSERT INTO tournament_games (match_id, result, recorded_by, at, number, armageddon)
         VALUES (?, ?, ?, ?, (SELECT COALESCE(MAX(number), 0) + 1 FROM tournament_games
                               WHERE match_id = ? AND voided_by IS NULL), ?)
         RETURNING number",
    )
    .bind(a_match)
    .bind(result)
    .bind(by)
    .bind(at)
    .bind(a_match)
    .bind(armageddon)
    .fetch_one(conn)
    .await
}

/// Adds a whole-match entry.
#[allow(clippy::too_many_arguments)]
pub async fn add_result(
    conn: &mut SqliteConnection,
    a_match: i64,
    kind: ResultKind,
    score: Option<(i64, i64)>,
    against: Option<i64>,
    by: Option<i64>,
    reason: Option<&str>,
    at: DateTime<Utc>,
) -> sqlx::Result<i64> {
    sqlx::query_scalar(
        "INSERT INTO tournament_results (match_id, kind, first_halves, second_halves, against_id, recorded_by, reason, at)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?) RETURNING id",
    )
    .bind(a_match)
    .bind(kind)
    .bind(score.map(|s| s.0))
    .bind(score.map(|s| s.1))
    .bind(against)
    .bind(by)
    .bind(reason)
    .bind(at)
    .fetch_one(conn)
    .await
}

/// Voids a whole-match entry by a correction.
pub async fn void_result(
    conn: &mut SqliteConnection,
    id: i64,
    correction: i64,
) -> sqlx::Result<()> {
    sqlx::query("UPDATE tournament_results SET voided_by = ? WHERE id = ? AND voided_by IS NULL")
        .bind(correction)
        .bind(id)
        .execute(conn)
        .await?;
    Ok(())
}

/// Voids every standing game of a match by a correction.
pub async fn void_games(
    conn: &mut SqliteConnection,
    a_match: i64,
    correction: i64,
) -> sqlx::Result<()> {
    sqlx::query(
        "UPDATE tournament_games SET voided_by = ? WHERE match_id = ? AND voided_by IS NULL",
    )
    .bind(correction)
    .bind(a_match)
    .execute(conn)
    .await?;
    Ok(())
}

/// The forfeits that stand against `entrant` (ACWC Match rules: two disqualify). A walkover,
/// when a player leaves the tournament, is not a forfeit.
pub async fn forfeits_of(conn: &mut SqliteConnection, entrant: i64) -> sqlx::Result<i64> {
    sqlx::query_scalar(
        "SELECT COUNT(*) FROM tournament_results WHERE against_id = ? AND kind = ? AND voided_by IS NULL",
    )
    .bind(entrant)
    .bind(ResultKind::Forfeit)
    .fetch_one(conn)
    .await
}
