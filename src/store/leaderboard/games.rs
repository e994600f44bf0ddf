//! Games and rematches as stored; their lifecycles are `domain::leaderboard::game`'s.

use chrono::{DateTime, NaiveDate, Utc};
use sqlx::SqliteConnection;

use crate::store::keys::StoredKey;

pub use crate::domain::leaderboard::game::{GameStatus, RematchStatus};

#[derive(Debug, Clone, PartialEq, Eq, sqlx::FromRow)]
pub struct Game {
    pub id: i64,
    pub session_id: Option<i64>,
    pub white_id: i64,
    pub black_id: i64,
    /// "white", "black" or "draw"; none while the game is in progress (migration 0110).
    pub result: Option<String>,
    pub online: bool,
    pub clock_used: bool,
    pub played_at: DateTime<Utc>,
    pub club_date: NaiveDate,
    pub registered_by: i64,
    pub status: GameStatus,
    pub ended_by: String,
    pub adjudicated_by: Option<i64>,
    pub material_white: Option<i64>,
    pub material_black: Option<i64>,
    pub rematch_of: Option<i64>,
    pub approved_by: Option<i64>,
    pub void_reason: Option<String>,
    pub voided_at: Option<DateTime<Utc>>,
}

impl Game {
    pub fn status(&self) -> GameStatus {
        self.status
    }

    pub fn has_player(&self, person_id: i64) -> bool {
        self.white_id == person_id || self.black_id == person_id
    }

    pub fn opponent_of(&self, person_id: i64) -> i64 {
        if self.white_id == person_id {
            self.black_id
        } else {
            self.white_id
        }
    }
}

/// A game to insert.
#[derive(Debug, Clone)]
pub struct NewGame {
    pub session_id: Option<i64>,
    pub white_id: i64,
    pub black_id: i64,
    /// None for a game that starts and has no result yet (`/game start`).
    pub result: Option<String>,
    pub online: bool,
    pub clock_used: bool,
    pub played_at: DateTime<Utc>,
    pub club_date: NaiveDate,
    pub registered_by: i64,
    pub status: GameStatus,
    pub ended_by: &'static str,
    pub adjudicated_by: Option<i64>,
    pub material: Option<(i64, i64)>,
    pub rematch_of: Option<i64>,
}

pub async fn insert(conn: &mut SqliteConnection, g: &NewGame) -> sqlx::Result<i64> {
    sqlx::query_scalar(
        "INSERT INTO games (session_id, white_id, black_id, result, online, clock_used, played_at,
           club_date, registered_by, status, ended_by, adjudicated_by, material_white,
           material_black, rematch_of)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) RETURNING id",
    )
    .bind(g.session_id)
    .bind(g.white_id)
    .bind(g.black_id)
    .bind(&g.result)
    .bind(g.online)
    .bind(g.clock_used)
    .bind(g.played_at)
    .bind(g.club_date)
    .bind(g.registered_by)
    .bind(g.status)
    .bind(g.ended_by)
    .bind(g.adjudicated_by)
    .bind(g.material.map(|m| m.0))
    .bind(g.material.map(|m| m.1))
    .bind(g.rematch_of)
    .fetch_one(conn)
    .await
}

pub async fn by_id(conn: &mut SqliteConnection, id: i64) -> sqlx::Result<Option<Game>> {
    sqlx::query_as::<_, Game>("SELECT * FROM games WHERE id = ?")
        .bind(id)
        .fetch_optional(conn)
        .await
}

pub async fn set_status(
    conn: &mut SqliteConnection,
    id: i64,
    status: GameStatus,
) -> sqlx::Result<()> {
    sqlx::query("UPDATE games SET status = ? WHERE id = ?")
        .bind(status)
        .bind(id)
        .execute(conn)
        .await?;
    Ok(())
}

pub async fn set_result(conn: &mut SqliteConnection, id: i64, result: &str) -> sqlx::Result<()> {
    sqlx::query("UPDATE games SET result = ? WHERE id = ?")
        .bind(result)
        .bind(id)
        .execute(conn)
        .await?;
    Ok(())
}

pub async fn set_approved(conn: &mut SqliteConnection, id: i64, by: i64) -> sqlx::Result<()> {
    sqlx::query("UPDATE games SET approved_by = ? WHERE id = ?")
        .bind(by)
        .bind(id)
        .execute(conn)
        .await?;
    Ok(())
}

pub async fn mark_void(
    conn: &mut SqliteConnection,
    id: i64,
    reason: &str,
    now: DateTime<Utc>,
) -> sqlx::Result<()> {
    sqlx::query("UPDATE games SET status = ?, void_reason = ?, voided_at = ? WHERE id = ?")
        .bind(GameStatus::Voided)
        .bind(reason)
        .bind(now)
        .bind(id)
        .execute(conn)
        .await?;
    Ok(())
}

/// Brings a voided game back with the status it had.
pub async fn restore(conn: &mut SqliteConnection, id: i64, status: GameStatus) -> sqlx::Result<()> {
    sqlx::query("UPDATE games SET status = ?, void_reason = NULL, voided_at = NULL WHERE id = ?")
        .bind(status)
        .bind(id)
        .execute(conn)
        .await?;
    Ok(())
}

pub async fn with_status(
    conn: &mut SqliteConnection,
    status: GameStatus,
) -> sqlx::Result<Vec<Game>> {
    // The status is written into the statement, not bound, so that SQLite can use the partial
    // index of games in progress or waiting for a join (migration 0024).
    let query = format!(
        "SELECT * FROM games WHERE status = '{}' ORDER BY id",
        status.key()
    );
    sqlx::query_as::<_, Game>(&query).fetch_all(conn).await
}

/// Online games (counted, pending or in progress) a person played on a club date.
pub async fn online_games_on(
    conn: &mut SqliteConnection,
    person_id: i64,
    club_date: NaiveDate,
) -> sqlx::Result<Vec<Game>> {
    sqlx::query_as::<_, Game>(
        "SELECT * FROM games WHERE online = 1 AND club_date = ? AND (white_id = ? OR black_id = ?)
         AND status IN (?, ?, ?, ?, ?) ORDER BY id",
    )
    .bind(club_date)
    .bind(person_id)
    .bind(person_id)
    .bind(GameStatus::InProgress)
    .bind(GameStatus::WaitingJoin)
    .bind(GameStatus::PendingApproval)
    .bind(GameStatus::AwaitingConfirmation)
    .bind(GameStatus::Counted)
    .fetch_all(conn)
    .await
}

/// The first game `a` and `b` played against each other on a club date, whatever became of it.
pub async fn between_on(
    conn: &mut SqliteConnection,
    a: i64,
    b: i64,
    club_date: NaiveDate,
) -> sqlx::Result<Option<i64>> {
    sqlx::query_scalar(
        "SELECT id FROM games WHERE ((white_id = ? AND black_id = ?) OR (white_id = ? AND black_id = ?))
         AND club_date = ? ORDER BY id LIMIT 1",
    )
    .bind(a)
    .bind(b)
    .bind(b)
    .bind(a)
    .bind(club_date)
    .fetch_optional(conn)
    .await
}

/// Every game, in order.
pub async fn all(conn: &mut SqliteConnection) -> sqlx::Result<Vec<Game>> {
    sqlx::query_as::<_, Game>("SELECT * FROM games ORDER BY id")
        .fetch_all(conn)
        .await
}

/// A person's games, newest first.
pub async fn of_person(
    conn: &mut SqliteConnection,
    person_id: i64,
    limit: i64,
) -> sqlx::Result<Vec<Game>> {
    sqlx::query_as::<_, Game>(
        "SELECT * FROM games WHERE white_id = ? OR black_id = ? ORDER BY played_at DESC, id DESC LIMIT ?",
    )
    .bind(person_id)
    .bind(person_id)
    .bind(limit)
    .fetch_all(conn)
    .await
}

#[derive(Debug, Clone, PartialEq, Eq, sqlx::FromRow)]
pub struct Rematch {
    pub id: i64,
    pub game_id: i64,
    pub petitioner_id: i64,
    pub filed_at: DateTime<Utc>,
    pub time_limited: bool,
    pub status: RematchStatus,
    pub rematch_game: Option<i64>,
    pub settled_at: Option<DateTime<Utc>>,
}

pub async fn rematch_for(
    conn: &mut SqliteConnection,
    game_id: i64,
) -> sqlx::Result<Option<Rematch>> {
    sqlx::query_as::<_, Rematch>("SELECT * FROM rematches WHERE game_id = ?")
        .bind(game_id)
        .fetch_optional(conn)
        .await
}

pub async fn file_rematch(
    conn: &mut SqliteConnection,
    game_id: i64,
    petitioner: i64,
    now: DateTime<Utc>,
) -> sqlx::Result<i64> {
    sqlx::query_scalar(
        "INSERT INTO rematches (game_id, petitioner_id, filed_at) VALUES (?, ?, ?) RETURNING id",
    )
    .bind(game_id)
    .bind(petitioner)
    .bind(now)
    .fetch_one(conn)
    .await
}

pub async fn settle_rematch(
    conn: &mut SqliteConnection,
    id: i64,
    status: RematchStatus,
    rematch_game: Option<i64>,
    now: DateTime<Utc>,
) -> sqlx::Result<()> {
    sqlx::query("UPDATE rematches SET status = ?, rematch_game = ?, settled_at = ? WHERE id = ?")
        .bind(status)
        .bind(rematch_game)
        .bind(now)
        .bind(id)
        .execute(conn)
        .await?;
    Ok(())
}

pub async fn exempt_rematch(conn: &mut SqliteConnection, id: i64) -> sqlx::Result<()> {
    sqlx::query("UPDATE rematches SET time_limited = 0 WHERE id = ?")
        .bind(id)
        .execute(conn)
        .await?;
    Ok(())
}

pub async fn due_rematches(conn: &mut SqliteConnection) -> sqlx::Result<Vec<Rematch>> {
    sqlx::query_as::<_, Rematch>("SELECT * FROM rematches WHERE status = ? ORDER BY id")
        .bind(RematchStatus::Due)
        .fetch_all(conn)
        .await
}

pub async fn all_rematches(conn: &mut SqliteConnection) -> sqlx::Result<Vec<Rematch>> {
    sqlx::query_as::<_, Rematch>("SELECT * FROM rematches ORDER BY id")
        .fetch_all(conn)
        .await
}
