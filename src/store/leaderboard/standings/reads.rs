//! Reading what commands need: Members in Leaderboard order with their scores, a person's
//! score, games and record, and how events moved their score.

use sqlx::SqliteConnection;

use crate::domain::leaderboard::score::Movement;
use crate::store::leaderboard::games::Game;

use super::history::EventRow;
use super::steps::Step;

/// Every current Member with their score (0 if the fold has none for them).
pub async fn members_with_scores(
    conn: &mut SqliteConnection,
) -> sqlx::Result<Vec<(i64, String, i64)>> {
    sqlx::query_as(
        "SELECT p.id, p.name, COALESCE(s.score, 0) FROM memberships m
         JOIN people p ON p.id = m.person_id
         LEFT JOIN standings s ON s.person_id = m.person_id
         WHERE m.ended_at IS NULL",
    )
    .fetch_all(conn)
    .await
}

/// How many current Members there are.
pub async fn member_count(conn: &mut SqliteConnection) -> sqlx::Result<i64> {
    sqlx::query_scalar("SELECT COUNT(*) FROM memberships WHERE ended_at IS NULL")
        .fetch_one(conn)
        .await
}

/// Current Members in Leaderboard order (score, then name), `limit` of them after `offset`,
/// read along the score index.
pub async fn members_by_score(
    conn: &mut SqliteConnection,
    offset: i64,
    limit: i64,
) -> sqlx::Result<Vec<(i64, String, i64)>> {
    sqlx::query_as(
        // CROSS JOIN keeps SQLite walking the score index (ties sorted by name as it goes)
        // rather than sorting every Member for one page.
        "SELECT s.person_id, p.name, s.score FROM standings s
         CROSS JOIN memberships m ON m.person_id = s.person_id AND m.ended_at IS NULL
         CROSS JOIN people p ON p.id = s.person_id
         ORDER BY s.score DESC, p.name LIMIT ? OFFSET ?",
    )
    .bind(limit)
    .bind(offset)
    .fetch_all(conn)
    .await
}

/// How many current Members score more than `score` (so the next one's rank is this plus 1).
pub async fn members_above(conn: &mut SqliteConnection, score: i64) -> sqlx::Result<i64> {
    sqlx::query_scalar(
        "SELECT COUNT(*) FROM standings s
         JOIN memberships m ON m.person_id = s.person_id AND m.ended_at IS NULL
         WHERE s.score > ?",
    )
    .bind(score)
    .fetch_one(conn)
    .await
}

/// The score of one person, if the fold has them on the Leaderboard.
pub async fn score_of(conn: &mut SqliteConnection, person_id: i64) -> sqlx::Result<Option<i64>> {
    sqlx::query_scalar("SELECT score FROM standings WHERE person_id = ?")
        .bind(person_id)
        .fetch_optional(conn)
        .await
}

/// The movements of these events, in the order given (White before Black within a game).
pub async fn movements_of(
    conn: &mut SqliteConnection,
    event_ids: &[i64],
) -> sqlx::Result<Vec<Movement>> {
    let mut out = Vec::new();
    for &id in event_ids {
        if let Some(row) = sqlx::query("SELECT * FROM score_steps WHERE event_id = ?")
            .bind(id)
            .fetch_optional(&mut *conn)
            .await?
        {
            out.extend(Step::from_row(&row)?.movements());
        }
    }
    Ok(out)
}

/// The live events that moved a person's score, in history order, each with the movement:
/// found through the person's own events and their games, never the whole history.
pub async fn movements_of_person(
    conn: &mut SqliteConnection,
    person_id: i64,
) -> sqlx::Result<Vec<(EventRow, Movement)>> {
    let rows = sqlx::query(
        "SELECT e.*, s.event_id, s.a_id, s.a_before, s.a_after, s.b_id, s.b_before, s.b_after
         FROM score_events e JOIN score_steps s ON s.event_id = e.id
         WHERE e.person_id = ?1
            OR e.game_id IN (SELECT id FROM games WHERE white_id = ?1 UNION SELECT id FROM games WHERE black_id = ?1)
         ORDER BY e.at, e.id",
    )
    .bind(person_id)
    .fetch_all(&mut *conn)
    .await?;
    let mut out = Vec::new();
    for row in &rows {
        let step = Step::from_row(row)?;
        if let Some(m) = step.movements().find(|m| m.person == person_id) {
            out.push((sqlx::FromRow::from_row(row)?, m));
        }
    }
    Ok(out)
}

/// How many score events moved a person's score (what `/history` pages through).
pub async fn movement_count_of_person(
    conn: &mut SqliteConnection,
    person_id: i64,
) -> sqlx::Result<i64> {
    sqlx::query_scalar(
        "SELECT COUNT(*)
         FROM score_events e JOIN score_steps s ON s.event_id = e.id
         WHERE e.person_id = ?1
            OR e.game_id IN (SELECT id FROM games WHERE white_id = ?1 UNION SELECT id FROM games WHERE black_id = ?1)",
    )
    .bind(person_id)
    .fetch_one(conn)
    .await
}

/// One page of `movements_of_person`: `limit` events after the first `offset`, oldest first.
pub async fn movements_of_person_page(
    conn: &mut SqliteConnection,
    person_id: i64,
    offset: i64,
    limit: i64,
) -> sqlx::Result<Vec<(EventRow, Movement)>> {
    let rows = sqlx::query(
        "SELECT e.*, s.event_id, s.a_id, s.a_before, s.a_after, s.b_id, s.b_before, s.b_after
         FROM score_events e JOIN score_steps s ON s.event_id = e.id
         WHERE e.person_id = ?1
            OR e.game_id IN (SELECT id FROM games WHERE white_id = ?1 UNION SELECT id FROM games WHERE black_id = ?1)
         ORDER BY e.at, e.id LIMIT ?2 OFFSET ?3",
    )
    .bind(person_id)
    .bind(limit)
    .bind(offset)
    .fetch_all(&mut *conn)
    .await?;
    let mut out = Vec::new();
    for row in &rows {
        let step = Step::from_row(row)?;
        if let Some(m) = step.movements().find(|m| m.person == person_id) {
            out.push((sqlx::FromRow::from_row(row)?, m));
        }
    }
    Ok(out)
}

/// A person's counted games: wins, draws and losses.
pub async fn game_tally(
    conn: &mut SqliteConnection,
    person_id: i64,
) -> sqlx::Result<(i64, i64, i64)> {
    let (wins, draws, games): (Option<i64>, Option<i64>, i64) = sqlx::query_as(
        "SELECT SUM((result = 'white' AND white_id = ?1) OR (result = 'black' AND black_id = ?1)),
                SUM(result NOT IN ('white', 'black')), COUNT(*)
         FROM games WHERE status = 'counted' AND (white_id = ?1 OR black_id = ?1)",
    )
    .bind(person_id)
    .fetch_one(conn)
    .await?;
    let (wins, draws) = (wins.unwrap_or(0), draws.unwrap_or(0));
    Ok((wins, draws, games - wins - draws))
}

/// A person's latest counted games, newest first.
pub async fn latest_counted_games(
    conn: &mut SqliteConnection,
    person_id: i64,
    limit: i64,
) -> sqlx::Result<Vec<Game>> {
    sqlx::query_as(
        "SELECT * FROM games WHERE status = 'counted' AND (white_id = ?1 OR black_id = ?1)
         ORDER BY played_at DESC, id DESC LIMIT ?2",
    )
    .bind(person_id)
    .bind(limit)
    .fetch_all(conn)
    .await
}

/// How a game's latest live event moved a person's score.
pub async fn movement_in_game(
    conn: &mut SqliteConnection,
    game_id: i64,
    person_id: i64,
) -> sqlx::Result<Option<Movement>> {
    let row = sqlx::query(
        "SELECT s.* FROM score_steps s WHERE s.event_id =
           (SELECT id FROM score_events WHERE game_id = ? AND voided_at IS NULL
            ORDER BY at DESC, id DESC LIMIT 1)",
    )
    .bind(game_id)
    .fetch_optional(conn)
    .await?;
    Ok(match row {
        Some(row) => Step::from_row(&row)?
            .movements()
            .find(|m| m.person == person_id),
        None => None,
    })
}
