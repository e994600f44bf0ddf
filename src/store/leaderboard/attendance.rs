//! A member's presence and games by club date, for the weekly review (Terms §II Act 6) and
//! removal eligibility (Act 7). Each lookup seeks one member's rows through an index and reads
//! only the weeks it concerns, so a review costs the same in the club's tenth year as in its
//! first.

use chrono::NaiveDate;
use sqlx::SqliteConnection;

use crate::store::leaderboard::games::GameStatus;

/// The club date of the last session at or before `until` at which `person` was present.
/// Sessions are opened one at a time, so their ids follow their dates.
pub async fn last_present(
    conn: &mut SqliteConnection,
    person: i64,
    until: NaiveDate,
) -> sqlx::Result<Option<NaiveDate>> {
    sqlx::query_scalar(
        "SELECT s.club_date FROM presence p JOIN club_sessions s ON s.id = p.session_id
         WHERE p.person_id = ? AND s.club_date <= ? ORDER BY p.session_id DESC LIMIT 1",
    )
    .bind(person)
    .bind(until)
    .fetch_optional(conn)
    .await
}

/// The club dates in `from..=until` of the sessions at which `person` was present.
pub async fn present_between(
    conn: &mut SqliteConnection,
    person: i64,
    from: NaiveDate,
    until: NaiveDate,
) -> sqlx::Result<Vec<NaiveDate>> {
    sqlx::query_scalar(
        // CROSS JOIN keeps the sessions of the frame as the outer loop (SQLite does not
        // reorder it), so only their presence rows are probed.
        "SELECT s.club_date FROM club_sessions s
         CROSS JOIN presence p ON p.session_id = s.id AND p.person_id = ?
         WHERE s.club_date BETWEEN ? AND ?",
    )
    .bind(person)
    .bind(from)
    .bind(until)
    .fetch_all(conn)
    .await
}

/// The club date of `person`'s last counted game at or before `until`, in any week.
pub async fn last_game(
    conn: &mut SqliteConnection,
    person: i64,
    until: NaiveDate,
) -> sqlx::Result<Option<NaiveDate>> {
    let mut last = None;
    // One query per colour, so that each seeks its own index from the newest date back.
    for query in [
        "SELECT club_date FROM games WHERE white_id = ? AND club_date <= ? AND status = ?
         ORDER BY club_date DESC LIMIT 1",
        "SELECT club_date FROM games WHERE black_id = ? AND club_date <= ? AND status = ?
         ORDER BY club_date DESC LIMIT 1",
    ] {
        let date: Option<NaiveDate> = sqlx::query_scalar(query)
            .bind(person)
            .bind(until)
            .bind(GameStatus::Counted)
            .fetch_optional(&mut *conn)
            .await?;
        last = last.max(date);
    }
    Ok(last)
}

/// How many counted games `person` played with a club date in `from..=until`, in any week.
pub async fn games_between(
    conn: &mut SqliteConnection,
    person: i64,
    from: NaiveDate,
    until: NaiveDate,
) -> sqlx::Result<u32> {
    let count: i64 = sqlx::query_scalar(
        "SELECT (SELECT COUNT(*) FROM games
                 WHERE white_id = ?1 AND club_date BETWEEN ?2 AND ?3 AND status = ?4)
              + (SELECT COUNT(*) FROM games
                 WHERE black_id = ?1 AND club_date BETWEEN ?2 AND ?3 AND status = ?4)",
    )
    .bind(person)
    .bind(from)
    .bind(until)
    .bind(GameStatus::Counted)
    .fetch_one(conn)
    .await?;
    Ok(count as u32)
}
