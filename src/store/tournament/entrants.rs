//! A tournament's entrants: their accounts, the Director's facts and their status.

use chrono::{DateTime, Utc};
use sqlx::SqliteConnection;

pub use crate::domain::tournament::stages::Stage;
pub use crate::domain::tournament::states::EntrantStatus;

/// A stored entrant.
#[derive(Debug, Clone, sqlx::FromRow)]
pub struct EntrantRow {
    pub id: i64,
    pub tournament_id: i64,
    pub person_id: i64,
    pub account: String,
    pub entered_at: DateTime<Utc>,
    pub created: Option<DateTime<Utc>>,
    pub rated_games: Option<i64>,
    pub rating: Option<i64>,
    pub peak: Option<i64>,
    pub marked: Option<DateTime<Utc>>,
    pub excepted: Option<String>,
    pub status: EntrantStatus,
    pub status_reason: Option<String>,
    pub seeded: Option<Stage>,
    pub engine: bool,
    /// The stage the player was in when they left, for those who left after it was recorded.
    pub left_in: Option<Stage>,
    /// Lichess shows a mark whose date is not recorded.
    pub mark_undated: bool,
}

pub async fn insert(
    conn: &mut SqliteConnection,
    tournament: i64,
    person: i64,
    account: &str,
    at: DateTime<Utc>,
) -> sqlx::Result<i64> {
    sqlx::query_scalar(
        "INSERT INTO tournament_entrants (tournament_id, person_id, account, entered_at, status)
         VALUES (?, ?, ?, ?, ?) RETURNING id",
    )
    .bind(tournament)
    .bind(person)
    .bind(account)
    .bind(at)
    .bind(EntrantStatus::Entered)
    .fetch_one(conn)
    .await
}

pub async fn of_tournament(
    conn: &mut SqliteConnection,
    tournament: i64,
) -> sqlx::Result<Vec<EntrantRow>> {
    sqlx::query_as("SELECT * FROM tournament_entrants WHERE tournament_id = ? ORDER BY id")
        .bind(tournament)
        .fetch_all(conn)
        .await
}

pub async fn by_account(
    conn: &mut SqliteConnection,
    tournament: i64,
    account: &str,
) -> sqlx::Result<Option<EntrantRow>> {
    sqlx::query_as(
        "SELECT * FROM tournament_entrants WHERE tournament_id = ? AND account = ? COLLATE NOCASE",
    )
    .bind(tournament)
    .bind(account)
    .fetch_optional(conn)
    .await
}

pub async fn of_person(
    conn: &mut SqliteConnection,
    tournament: i64,
    person: i64,
) -> sqlx::Result<Vec<EntrantRow>> {
    sqlx::query_as(
        "SELECT * FROM tournament_entrants WHERE tournament_id = ? AND person_id = ? ORDER BY id",
    )
    .bind(tournament)
    .bind(person)
    .fetch_all(conn)
    .await
}

/// Records the Director's facts about an account.
#[allow(clippy::too_many_arguments)]
pub async fn set_facts(
    conn: &mut SqliteConnection,
    id: i64,
    created: DateTime<Utc>,
    rated_games: i64,
    rating: i64,
    peak: i64,
    marked: Option<DateTime<Utc>>,
) -> sqlx::Result<()> {
    sqlx::query(
        "UPDATE tournament_entrants SET created = ?, rated_games = ?, rating = ?, peak = ?, marked = ?
         WHERE id = ?",
    )
    .bind(created)
    .bind(rated_games)
    .bind(rating)
    .bind(peak)
    .bind(marked)
    .bind(id)
    .execute(conn)
    .await?;
    Ok(())
}

pub async fn set_status(
    conn: &mut SqliteConnection,
    id: i64,
    status: EntrantStatus,
    reason: Option<&str>,
) -> sqlx::Result<()> {
    sqlx::query("UPDATE tournament_entrants SET status = ?, status_reason = ? WHERE id = ?")
        .bind(status)
        .bind(reason)
        .bind(id)
        .execute(conn)
        .await?;
    Ok(())
}

pub async fn set_exception(conn: &mut SqliteConnection, id: i64, reason: &str) -> sqlx::Result<()> {
    sqlx::query("UPDATE tournament_entrants SET excepted = ? WHERE id = ?")
        .bind(reason)
        .bind(id)
        .execute(conn)
        .await?;
    Ok(())
}

/// Seeds an entrant past the Swiss (`candidates` or `final`), or clears the seed.
pub async fn set_seed(
    conn: &mut SqliteConnection,
    id: i64,
    stage: Option<Stage>,
) -> sqlx::Result<()> {
    sqlx::query("UPDATE tournament_entrants SET seeded = ? WHERE id = ?")
        .bind(stage)
        .bind(id)
        .execute(conn)
        .await?;
    Ok(())
}

/// Marks an entrant's disqualification as for an engine mark.
pub async fn set_engine(conn: &mut SqliteConnection, id: i64) -> sqlx::Result<()> {
    sqlx::query("UPDATE tournament_entrants SET engine = 1 WHERE id = ?")
        .bind(id)
        .execute(conn)
        .await?;
    Ok(())
}

pub async fn by_id(conn: &mut SqliteConnection, id: i64) -> sqlx::Result<Option<EntrantRow>> {
    sqlx::query_as("SELECT * FROM tournament_entrants WHERE id = ?")
        .bind(id)
        .fetch_optional(conn)
        .await
}

/// Records the stage a player was in when they withdrew or were disqualified.
pub async fn set_left_in(conn: &mut SqliteConnection, id: i64, stage: Stage) -> sqlx::Result<()> {
    sqlx::query("UPDATE tournament_entrants SET left_in = ? WHERE id = ?")
        .bind(stage)
        .bind(id)
        .execute(conn)
        .await?;
    Ok(())
}

/// Records whether Lichess shows the account marked without a date.
pub async fn set_mark_undated(
    conn: &mut SqliteConnection,
    id: i64,
    undated: bool,
) -> sqlx::Result<()> {
    sqlx::query("UPDATE tournament_entrants SET mark_undated = ? WHERE id = ?")
        .bind(undated)
        .bind(id)
        .execute(conn)
        .await?;
    Ok(())
}

/// Corrects a mistyped account; `clear_facts` also clears the facts and exception recorded for
/// the name typed (before the start, when they are about the wrong account).
pub async fn set_account(
    conn: &mut SqliteConnection,
    id: i64,
    account: &str,
    clear_facts: bool,
) -> sqlx::Result<()> {
    let sql = if clear_facts {
        "UPDATE tournament_entrants SET account = ?, created = NULL, rated_games = NULL, rating = NULL,
         peak = NULL, marked = NULL, mark_undated = 0, excepted = NULL WHERE id = ?"
    } else {
        "UPDATE tournament_entrants SET account = ? WHERE id = ?"
    };
    sqlx::query(sql)
        .bind(account)
        .bind(id)
        .execute(conn)
        .await?;
    Ok(())
}

/// Puts a player removed by mistake back: their status, no stage left in, no engine mark.
pub async fn reinstate(
    conn: &mut SqliteConnection,
    id: i64,
    status: EntrantStatus,
) -> sqlx::Result<()> {
    sqlx::query(
        "UPDATE tournament_entrants SET status = ?, status_reason = NULL, left_in = NULL, engine = 0 WHERE id = ?",
    )
    .bind(status)
    .bind(id)
    .execute(conn)
    .await?;
    Ok(())
}
