//! Club sessions and presence.

use chrono::{DateTime, NaiveDate, Utc};
use sqlx::SqliteConnection;

#[derive(Debug, Clone, PartialEq, Eq, sqlx::FromRow)]
pub struct ClubSession {
    pub id: i64,
    pub opened_at: DateTime<Utc>,
    pub opened_by: i64,
    pub closed_at: Option<DateTime<Utc>>,
    pub closed_by: Option<i64>,
    pub club_date: NaiveDate,
}

pub async fn open_session(conn: &mut SqliteConnection) -> sqlx::Result<Option<ClubSession>> {
    sqlx::query_as::<_, ClubSession>("SELECT * FROM club_sessions WHERE closed_at IS NULL")
        .fetch_optional(conn)
        .await
}

/// The most recent session, open or closed.
pub async fn latest(conn: &mut SqliteConnection) -> sqlx::Result<Option<ClubSession>> {
    sqlx::query_as::<_, ClubSession>("SELECT * FROM club_sessions ORDER BY id DESC LIMIT 1")
        .fetch_optional(conn)
        .await
}

pub async fn by_id(conn: &mut SqliteConnection, id: i64) -> sqlx::Result<ClubSession> {
    sqlx::query_as::<_, ClubSession>("SELECT * FROM club_sessions WHERE id = ?")
        .bind(id)
        .fetch_one(conn)
        .await
}

pub async fn create(
    conn: &mut SqliteConnection,
    by: i64,
    now: DateTime<Utc>,
    club_date: NaiveDate,
) -> sqlx::Result<i64> {
    sqlx::query_scalar(
        "INSERT INTO club_sessions (opened_at, opened_by, club_date) VALUES (?, ?, ?) RETURNING id",
    )
    .bind(now)
    .bind(by)
    .bind(club_date)
    .fetch_one(conn)
    .await
}

pub async fn close(
    conn: &mut SqliteConnection,
    id: i64,
    by: Option<i64>,
    now: DateTime<Utc>,
) -> sqlx::Result<()> {
    sqlx::query(
        "UPDATE club_sessions SET closed_at = ?, closed_by = ? WHERE id = ? AND closed_at IS NULL",
    )
    .bind(now)
    .bind(by)
    .bind(id)
    .execute(conn)
    .await?;
    Ok(())
}

/// Every session, oldest first.
pub async fn all(conn: &mut SqliteConnection) -> sqlx::Result<Vec<ClubSession>> {
    sqlx::query_as::<_, ClubSession>("SELECT * FROM club_sessions ORDER BY opened_at, id")
        .fetch_all(conn)
        .await
}

/// Records presence; false when already recorded.
pub async fn mark_present(
    conn: &mut SqliteConnection,
    session_id: i64,
    person_id: i64,
    marked_by: Option<i64>,
    now: DateTime<Utc>,
) -> sqlx::Result<bool> {
    let done = sqlx::query(
        "INSERT INTO presence (session_id, person_id, at, marked_by) VALUES (?, ?, ?, ?)
         ON CONFLICT DO NOTHING",
    )
    .bind(session_id)
    .bind(person_id)
    .bind(now)
    .bind(marked_by)
    .execute(conn)
    .await?;
    Ok(done.rows_affected() == 1)
}

pub async fn is_present(
    conn: &mut SqliteConnection,
    session_id: i64,
    person_id: i64,
) -> sqlx::Result<bool> {
    let n: i64 =
        sqlx::query_scalar("SELECT COUNT(*) FROM presence WHERE session_id = ? AND person_id = ?")
            .bind(session_id)
            .bind(person_id)
            .fetch_one(conn)
            .await?;
    Ok(n > 0)
}

/// Everyone present at a session.
pub async fn present(conn: &mut SqliteConnection, session_id: i64) -> sqlx::Result<Vec<i64>> {
    sqlx::query_scalar("SELECT person_id FROM presence WHERE session_id = ? ORDER BY at")
        .bind(session_id)
        .fetch_all(conn)
        .await
}

/// Every (session club date, person) presence pair.
pub async fn all_presence(conn: &mut SqliteConnection) -> sqlx::Result<Vec<(NaiveDate, i64)>> {
    sqlx::query_as(
        "SELECT s.club_date, p.person_id FROM presence p JOIN club_sessions s ON s.id = p.session_id",
    )
    .fetch_all(conn)
    .await
}
