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
    appoint_for(conn, person_id, office, None, by, now).await
}

/// Appoints to an office, held for `game` where the office is held per game (a GM, an
/// Observer).
pub async fn appoint_for(
    conn: &mut SqliteConnection,
    person_id: i64,
    office: Office,
    game: Option<&str>,
    by: Option<i64>,
    now: DateTime<Utc>,
) -> sqlx::Result<()> {
    sqlx::query(
        "INSERT INTO office_terms (person_id, office, game, started_at, appointed_by) VALUES (?, ?, ?, ?, ?)",
    )
    .bind(person_id)
    .bind(office.key())
    .bind(game)
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

/// Ends a term held for one game (or, with `None`, the club-wide term).
pub async fn dismiss_for(
    conn: &mut SqliteConnection,
    person_id: i64,
    office: Office,
    game: Option<&str>,
    now: DateTime<Utc>,
) -> sqlx::Result<()> {
    sqlx::query(
        "UPDATE office_terms SET ended_at = ? WHERE person_id = ? AND office = ?
         AND COALESCE(game, '') = COALESCE(?, '') AND ended_at IS NULL",
    )
    .bind(now)
    .bind(person_id)
    .bind(office.key())
    .bind(game)
    .execute(conn)
    .await?;
    Ok(())
}

/// Whether someone holds `office` now, for `game` where it is held per game.
pub async fn holds_for(
    conn: &mut SqliteConnection,
    person_id: i64,
    office: Office,
    game: Option<&str>,
) -> sqlx::Result<bool> {
    sqlx::query_scalar(
        "SELECT EXISTS (SELECT 1 FROM office_terms WHERE person_id = ? AND office = ?
         AND COALESCE(game, '') = COALESCE(?, '') AND ended_at IS NULL)",
    )
    .bind(person_id)
    .bind(office.key())
    .bind(game)
    .fetch_one(conn)
    .await
}

/// The current holders of one office: (person id, name, game), in order of appointment.
pub async fn holders_of(
    conn: &mut SqliteConnection,
    office: Office,
) -> sqlx::Result<Vec<(i64, String, Option<String>)>> {
    sqlx::query_as(
        "SELECT p.id, COALESCE(p.display_name, p.name), t.game FROM office_terms t
         JOIN people p ON p.id = t.person_id
         WHERE t.office = ? AND t.ended_at IS NULL ORDER BY t.started_at, t.id",
    )
    .bind(office.key())
    .fetch_all(conn)
    .await
}

/// The people holding `office` for `game` now: (person id, name).
pub async fn holders_for_game(
    conn: &mut SqliteConnection,
    office: Office,
    game: &str,
) -> sqlx::Result<Vec<(i64, String)>> {
    sqlx::query_as(
        "SELECT p.id, COALESCE(p.display_name, p.name) FROM office_terms t
         JOIN people p ON p.id = t.person_id
         WHERE t.office = ? AND t.game = ? AND t.ended_at IS NULL ORDER BY t.started_at, t.id",
    )
    .bind(office.key())
    .bind(game)
    .fetch_all(conn)
    .await
}

/// Every term of office ever held, ended ones too: the history `/office history` and the
/// export show. (office key, person, game, started, ended, appointed by).
pub async fn history(conn: &mut SqliteConnection) -> sqlx::Result<Vec<TermRow>> {
    sqlx::query_as(
        "SELECT t.office, COALESCE(p.display_name, p.name), t.game, t.started_at, t.ended_at,
                (SELECT COALESCE(b.display_name, b.name) FROM people b WHERE b.id = t.appointed_by)
         FROM office_terms t JOIN people p ON p.id = t.person_id ORDER BY t.started_at, t.id",
    )
    .fetch_all(conn)
    .await
}

/// A term of office as `history` reads it.
pub type TermRow = (
    String,
    String,
    Option<String>,
    DateTime<Utc>,
    Option<DateTime<Utc>>,
    Option<String>,
);

/// Every current holder of every office: (office, person id, person name, since). A per-game
/// office held for several games is listed once per game.
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
