//! A match's week and time: the offers, the agreed or assigned time, the fault at the
//! deadline, and no-show reports.

use chrono::{DateTime, Utc};
use sqlx::SqliteConnection;

pub use crate::domain::tournament::states::{AtFault, TimeBy};

/// A stored offer of a time.
#[derive(Debug, Clone, sqlx::FromRow, serde::Serialize)]
pub struct OfferRow {
    pub id: i64,
    pub match_id: i64,
    pub entrant_id: i64,
    pub at: DateTime<Utc>,
    pub made_at: DateTime<Utc>,
    pub accepted_at: Option<DateTime<Utc>>,
}

pub async fn set_week(
    conn: &mut SqliteConnection,
    id: i64,
    start: DateTime<Utc>,
) -> sqlx::Result<()> {
    sqlx::query("UPDATE tournament_matches SET week_start = ? WHERE id = ?")
        .bind(start)
        .bind(id)
        .execute(conn)
        .await?;
    Ok(())
}

pub async fn offer(
    conn: &mut SqliteConnection,
    a_match: i64,
    entrant: i64,
    at: DateTime<Utc>,
    made_at: DateTime<Utc>,
) -> sqlx::Result<i64> {
    sqlx::query_scalar(
        "INSERT INTO tournament_offers (match_id, entrant_id, at, made_at) VALUES (?, ?, ?, ?) RETURNING id",
    )
    .bind(a_match)
    .bind(entrant)
    .bind(at)
    .bind(made_at)
    .fetch_one(conn)
    .await
}

pub async fn offers(conn: &mut SqliteConnection, a_match: i64) -> sqlx::Result<Vec<OfferRow>> {
    sqlx::query_as("SELECT * FROM tournament_offers WHERE match_id = ? ORDER BY id")
        .bind(a_match)
        .fetch_all(conn)
        .await
}

pub async fn accept(
    conn: &mut SqliteConnection,
    offer: i64,
    at: DateTime<Utc>,
) -> sqlx::Result<()> {
    sqlx::query("UPDATE tournament_offers SET accepted_at = ? WHERE id = ?")
        .bind(at)
        .bind(offer)
        .execute(conn)
        .await?;
    Ok(())
}

/// Sets (or clears, with `None`) the match's time and how it was fixed.
pub async fn set_time(
    conn: &mut SqliteConnection,
    id: i64,
    starts_at: Option<DateTime<Utc>>,
    by: Option<TimeBy>,
) -> sqlx::Result<()> {
    sqlx::query(
        "UPDATE tournament_matches SET starts_at = ?, time_by = ?, noshow_at = NULL, noshow_by = NULL WHERE id = ?",
    )
    .bind(starts_at)
    .bind(by)
    .bind(id)
    .execute(conn)
    .await?;
    Ok(())
}

pub async fn set_fault(conn: &mut SqliteConnection, id: i64, fault: AtFault) -> sqlx::Result<()> {
    sqlx::query("UPDATE tournament_matches SET fault = ? WHERE id = ?")
        .bind(fault)
        .bind(id)
        .execute(conn)
        .await?;
    Ok(())
}

pub async fn set_reschedule(conn: &mut SqliteConnection, id: i64, by: i64) -> sqlx::Result<()> {
    sqlx::query(
        "UPDATE tournament_matches SET reschedule_by = ?, starts_at = NULL, time_by = NULL, noshow_at = NULL, noshow_by = NULL WHERE id = ?",
    )
    .bind(by)
    .bind(id)
    .execute(conn)
    .await?;
    Ok(())
}

pub async fn set_arbiter(
    conn: &mut SqliteConnection,
    tournament: i64,
    person: i64,
) -> sqlx::Result<()> {
    sqlx::query("UPDATE tournaments SET arbiter_id = ? WHERE id = ?")
        .bind(person)
        .bind(tournament)
        .execute(conn)
        .await?;
    Ok(())
}
