//! Club sessions and presence.

use chrono::{DateTime, NaiveDate, Utc};
use sqlx::SqliteConnection;

use crate::domain::kernel::office::Office;
use crate::domain::leaderboard::game::GameStatus;
use crate::store::keys::StoredKey;

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

/// Records presence that only the game `game_id` makes; false when already recorded.
pub async fn mark_present_by_game(
    conn: &mut SqliteConnection,
    session_id: i64,
    person_id: i64,
    marked_by: i64,
    game_id: i64,
    now: DateTime<Utc>,
) -> sqlx::Result<bool> {
    let done = sqlx::query(
        "INSERT INTO presence (session_id, person_id, at, marked_by, by_game_id) VALUES (?, ?, ?, ?, ?)
         ON CONFLICT DO NOTHING",
    )
    .bind(session_id)
    .bind(person_id)
    .bind(now)
    .bind(marked_by)
    .bind(game_id)
    .execute(conn)
    .await?;
    Ok(done.rows_affected() == 1)
}

/// A check-in or a Moderator's mark confirms presence that only a game had made, so it no
/// longer depends on that game; false when there was no such presence.
pub async fn confirm_presence(
    conn: &mut SqliteConnection,
    session_id: i64,
    person_id: i64,
    marked_by: i64,
) -> sqlx::Result<bool> {
    let done = sqlx::query(
        "UPDATE presence SET by_game_id = NULL, marked_by = ?
         WHERE session_id = ? AND person_id = ? AND by_game_id IS NOT NULL",
    )
    .bind(marked_by)
    .bind(session_id)
    .bind(person_id)
    .execute(conn)
    .await?;
    Ok(done.rows_affected() == 1)
}

/// Takes away the presence that only the game `game_id` made, once that game is voided or
/// reversed. Presence that another standing game of the session also vouches for (one the person
/// registered and played, or one a Moderator adjudicated or oversaw) moves to that game instead.
/// Returns the people who are no longer present.
pub async fn forget_presence_by_game(
    conn: &mut SqliteConnection,
    game_id: i64,
) -> sqlx::Result<Vec<i64>> {
    let made: Vec<(i64, i64)> =
        sqlx::query_as("SELECT session_id, person_id FROM presence WHERE by_game_id = ?")
            .bind(game_id)
            .fetch_all(&mut *conn)
            .await?;
    let mut gone = Vec::new();
    for (session_id, person_id) in made {
        let other: Option<i64> = sqlx::query_scalar(
            "SELECT id FROM games
             WHERE session_id = ?1 AND id != ?2 AND status != ?3
               AND (white_id = ?4 OR black_id = ?4)
               AND (registered_by = ?4 OR adjudicated_by IS NOT NULL OR rematch_of IS NOT NULL)
             ORDER BY id LIMIT 1",
        )
        .bind(session_id)
        .bind(game_id)
        .bind(GameStatus::Voided.key())
        .bind(person_id)
        .fetch_optional(&mut *conn)
        .await?;
        match other {
            Some(other) => {
                sqlx::query(
                    "UPDATE presence SET by_game_id = ? WHERE session_id = ? AND person_id = ?",
                )
                .bind(other)
                .bind(session_id)
                .bind(person_id)
                .execute(&mut *conn)
                .await?;
            }
            None => {
                sqlx::query("DELETE FROM presence WHERE session_id = ? AND person_id = ?")
                    .bind(session_id)
                    .bind(person_id)
                    .execute(&mut *conn)
                    .await?;
                gone.push(person_id);
            }
        }
    }
    Ok(gone)
}

/// Whether someone holding Moderator powers (a Moderator, a Justice or the Chief Justice) is
/// present at the session (Terms §0 Act 6, §III Act 3.4): one indexed lookup, however many
/// are present.
pub async fn moderator_present(conn: &mut SqliteConnection, session_id: i64) -> sqlx::Result<bool> {
    sqlx::query_scalar(
        "SELECT EXISTS (SELECT 1 FROM presence p JOIN office_terms o ON o.person_id = p.person_id
                        WHERE p.session_id = ? AND o.ended_at IS NULL
                          AND o.office IN (?, ?, ?))",
    )
    .bind(session_id)
    .bind(Office::Moderator.key())
    .bind(Office::Justice.key())
    .bind(Office::ChiefJustice.key())
    .fetch_one(conn)
    .await
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
