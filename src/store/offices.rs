//! Terms of office: who holds which office, and since when.

use chrono::{DateTime, Utc};
use sqlx::SqliteConnection;

use crate::domain::kernel::office::{Office, Offices};

pub async fn offices_of(conn: &mut SqliteConnection, person_id: i64) -> sqlx::Result<Offices> {
    let keys: Vec<String> = sqlx::query_scalar(
        "SELECT office FROM office_terms WHERE person_id = ? AND ended_at IS NULL",
    )
    .bind(person_id)
    .fetch_all(conn)
    .await?;
    Ok(Offices::new(
        keys.iter().filter_map(|k| Office::from_key(k)).collect(),
    ))
}

pub async fn appoint(
    conn: &mut SqliteConnection,
    person_id: i64,
    office: Office,
    by: Option<i64>,
    now: DateTime<Utc>,
) -> sqlx::Result<()> {
    sqlx::query(
        "INSERT INTO office_terms (person_id, office, started_at, appointed_by) VALUES (?, ?, ?, ?)",
    )
    .bind(person_id)
    .bind(office.key())
    .bind(now)
    .bind(by)
    .execute(conn)
    .await?;
    Ok(())
}

pub async fn dismiss(
    conn: &mut SqliteConnection,
    person_id: i64,
    office: Office,
    now: DateTime<Utc>,
) -> sqlx::Result<()> {
    sqlx::query(
        "UPDATE office_terms SET ended_at = ? WHERE person_id = ? AND office = ? AND ended_at IS NULL",
    )
    .bind(now)
    .bind(person_id)
    .bind(office.key())
    .execute(conn)
    .await?;
    Ok(())
}

/// Every current holder of every office: (office, person id, person name, since).
pub async fn holders(
    conn: &mut SqliteConnection,
) -> sqlx::Result<Vec<(Office, i64, String, DateTime<Utc>)>> {
    let rows: Vec<(String, i64, String, DateTime<Utc>)> = sqlx::query_as(
        "SELECT t.office, p.id, COALESCE(p.display_name, p.name), t.started_at FROM office_terms t JOIN people p ON p.id = t.person_id
         WHERE t.ended_at IS NULL ORDER BY t.started_at, t.id",
    )
    .fetch_all(conn)
    .await?;
    let mut out: Vec<_> = rows
        .into_iter()
        .filter_map(|(k, id, name, since)| Office::from_key(&k).map(|o| (o, id, name, since)))
        .collect();
    out.sort_by_key(|(o, ..)| *o);
    Ok(out)
}
