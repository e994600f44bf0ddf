//! The Party Chess game as stored: its row (umpire, stage, seed, position and play list as
//! JSON, the turn and its deadline), its Swingers, its plays and its ledger.

use chrono::{DateTime, Utc};
use sqlx::SqliteConnection;

pub use crate::domain::partychess::states::{GameStage, PlayHow};

/// The stored game.
#[derive(Debug, Clone, sqlx::FromRow)]
pub struct GameRow {
    pub id: i64,
    pub umpire_id: Option<i64>,
    pub stage: GameStage,
    pub seed: i64,
    pub position: String,
    pub turns: String,
    pub turn_number: i64,
    pub announced_at: Option<DateTime<Utc>>,
    pub deadline: Option<DateTime<Utc>>,
    pub created_at: DateTime<Utc>,
    pub started_at: Option<DateTime<Utc>>,
}

/// A stored Swinger.
#[derive(Debug, Clone, sqlx::FromRow)]
pub struct SwingerRow {
    pub id: i64,
    pub game_id: i64,
    pub seat: i64,
    pub person_id: Option<i64>,
    pub warm: bool,
    pub chosen: Option<String>,
    pub joined_at: DateTime<Utc>,
}

/// A stored play or umpire's entry.
#[derive(Debug, Clone, sqlx::FromRow)]
pub struct PlayRow {
    pub id: i64,
    pub game_id: i64,
    pub number: i64,
    pub seat: Option<i64>,
    pub play: Option<String>,
    pub how: PlayHow,
    pub summary: String,
    pub at: DateTime<Utc>,
    /// The position before and after the entry, as JSON (NULL before they were kept).
    pub position_before: Option<String>,
    pub position_after: Option<String>,
    /// The Weights posted after it, as JSON (`app::partychess` writes and reads it).
    pub weights: Option<String>,
}

/// A stored ledger line.
#[derive(Debug, Clone, sqlx::FromRow)]
pub struct LedgerRow {
    pub id: i64,
    pub game_id: i64,
    pub seat: i64,
    pub kind: String,
    pub cost: i64,
    pub reason: String,
    pub at: DateTime<Utc>,
}

/// The game, if one was set up (the latest).
pub async fn current(conn: &mut SqliteConnection) -> sqlx::Result<Option<GameRow>> {
    sqlx::query_as("SELECT * FROM partychess_games ORDER BY id DESC LIMIT 1")
        .fetch_optional(conn)
        .await
}

pub async fn by_id(conn: &mut SqliteConnection, id: i64) -> sqlx::Result<Option<GameRow>> {
    sqlx::query_as("SELECT * FROM partychess_games WHERE id = ?")
        .bind(id)
        .fetch_optional(conn)
        .await
}

pub async fn insert(
    conn: &mut SqliteConnection,
    seed: i64,
    position: &str,
    turns: &str,
    at: DateTime<Utc>,
) -> sqlx::Result<i64> {
    sqlx::query_scalar(
        "INSERT INTO partychess_games (stage, seed, position, turns, created_at)
         VALUES (?, ?, ?, ?, ?) RETURNING id",
    )
    .bind(GameStage::Gathering)
    .bind(seed)
    .bind(position)
    .bind(turns)
    .bind(at)
    .fetch_one(conn)
    .await
}

pub async fn set_umpire(
    conn: &mut SqliteConnection,
    id: i64,
    umpire: Option<i64>,
) -> sqlx::Result<()> {
    sqlx::query("UPDATE partychess_games SET umpire_id = ? WHERE id = ?")
        .bind(umpire)
        .bind(id)
        .execute(conn)
        .await?;
    Ok(())
}

/// Saves the position and the play list.
pub async fn save_state(
    conn: &mut SqliteConnection,
    id: i64,
    position: &str,
    turns: &str,
) -> sqlx::Result<()> {
    sqlx::query("UPDATE partychess_games SET position = ?, turns = ? WHERE id = ?")
        .bind(position)
        .bind(turns)
        .bind(id)
        .execute(conn)
        .await?;
    Ok(())
}

pub async fn start(conn: &mut SqliteConnection, id: i64, at: DateTime<Utc>) -> sqlx::Result<()> {
    sqlx::query("UPDATE partychess_games SET stage = ?, started_at = ? WHERE id = ?")
        .bind(GameStage::Playing)
        .bind(at)
        .bind(id)
        .execute(conn)
        .await?;
    Ok(())
}

/// A new turn begins: its number, when its state was announced, and its deadline.
pub async fn begin_turn(
    conn: &mut SqliteConnection,
    id: i64,
    number: i64,
    announced: Option<DateTime<Utc>>,
    deadline: Option<DateTime<Utc>>,
) -> sqlx::Result<()> {
    sqlx::query(
        "UPDATE partychess_games SET turn_number = ?, announced_at = ?, deadline = ? WHERE id = ?",
    )
    .bind(number)
    .bind(announced)
    .bind(deadline)
    .bind(id)
    .execute(conn)
    .await?;
    Ok(())
}

pub async fn set_deadline(
    conn: &mut SqliteConnection,
    id: i64,
    deadline: DateTime<Utc>,
) -> sqlx::Result<()> {
    sqlx::query("UPDATE partychess_games SET deadline = ? WHERE id = ?")
        .bind(deadline)
        .bind(id)
        .execute(conn)
        .await?;
    Ok(())
}

/// The game's Offices of Swinger, less those destroyed.
pub async fn swingers(conn: &mut SqliteConnection, game: i64) -> sqlx::Result<Vec<SwingerRow>> {
    sqlx::query_as(
        "SELECT * FROM partychess_swingers WHERE game_id = ? AND destroyed_at IS NULL ORDER BY seat",
    )
    .bind(game)
    .fetch_all(conn)
    .await
}

/// The seat a new Office takes: after every seat the game has had, destroyed ones included.
pub async fn next_seat(conn: &mut SqliteConnection, game: i64) -> sqlx::Result<i64> {
    sqlx::query_scalar(
        "SELECT COALESCE(MAX(seat), 0) + 1 FROM partychess_swingers WHERE game_id = ?",
    )
    .bind(game)
    .fetch_one(conn)
    .await
}

/// An Office is destroyed (Rule 1230.2 §2.D, §3.E): its row stays, marked.
pub async fn destroy_office(
    conn: &mut SqliteConnection,
    game: i64,
    seat: i64,
    at: DateTime<Utc>,
) -> sqlx::Result<()> {
    sqlx::query("UPDATE partychess_swingers SET destroyed_at = ? WHERE game_id = ? AND seat = ?")
        .bind(at)
        .bind(game)
        .bind(seat)
        .execute(conn)
        .await?;
    Ok(())
}

/// A member takes up a vacated Office: it is no longer Warm.
pub async fn reseat(
    conn: &mut SqliteConnection,
    game: i64,
    seat: i64,
    person: i64,
) -> sqlx::Result<()> {
    sqlx::query(
        "UPDATE partychess_swingers SET person_id = ?, warm = 0, left_by = NULL WHERE game_id = ? AND seat = ?",
    )
    .bind(person)
    .bind(game)
    .bind(seat)
    .execute(conn)
    .await?;
    Ok(())
}

pub async fn add_swinger(
    conn: &mut SqliteConnection,
    game: i64,
    seat: i64,
    person: i64,
    at: DateTime<Utc>,
) -> sqlx::Result<()> {
    sqlx::query(
        "INSERT INTO partychess_swingers (game_id, seat, person_id, joined_at) VALUES (?, ?, ?, ?)",
    )
    .bind(game)
    .bind(seat)
    .bind(person)
    .bind(at)
    .execute(conn)
    .await?;
    Ok(())
}

pub async fn set_chosen(
    conn: &mut SqliteConnection,
    game: i64,
    seat: i64,
    chosen: &str,
) -> sqlx::Result<()> {
    sqlx::query("UPDATE partychess_swingers SET chosen = ? WHERE game_id = ? AND seat = ?")
        .bind(chosen)
        .bind(game)
        .bind(seat)
        .execute(conn)
        .await?;
    Ok(())
}

/// The holder leaves: the Office stays, Warm.
pub async fn vacate(conn: &mut SqliteConnection, game: i64, seat: i64) -> sqlx::Result<()> {
    sqlx::query(
        "UPDATE partychess_swingers SET warm = 1, left_by = person_id, person_id = NULL WHERE game_id = ? AND seat = ?",
    )
    .bind(game)
    .bind(seat)
    .execute(conn)
    .await?;
    Ok(())
}

pub async fn plays(conn: &mut SqliteConnection, game: i64) -> sqlx::Result<Vec<PlayRow>> {
    sqlx::query_as("SELECT * FROM partychess_plays WHERE game_id = ? ORDER BY number")
        .bind(game)
        .fetch_all(conn)
        .await
}

/// Adds an entry to the game's history, with the positions before and after it as JSON.
#[allow(clippy::too_many_arguments)]
pub async fn add_play(
    conn: &mut SqliteConnection,
    game: i64,
    seat: Option<i64>,
    play: Option<&str>,
    how: PlayHow,
    summary: &str,
    at: DateTime<Utc>,
    (before, after): (&str, &str),
) -> sqlx::Result<i64> {
    sqlx::query_scalar(
        "INSERT INTO partychess_plays (game_id, number, seat, play, how, summary, at, position_before, position_after)
         VALUES (?, (SELECT COALESCE(MAX(number), 0) + 1 FROM partychess_plays WHERE game_id = ?), ?, ?, ?, ?, ?, ?, ?)
         RETURNING number",
    )
    .bind(game)
    .bind(game)
    .bind(seat)
    .bind(play)
    .bind(how)
    .bind(summary)
    .bind(at)
    .bind(before)
    .bind(after)
    .fetch_one(conn)
    .await
}

/// Records the Weights posted after the game's latest history entry.
pub async fn set_weights_last(
    conn: &mut SqliteConnection,
    game: i64,
    weights: &str,
) -> sqlx::Result<()> {
    sqlx::query(
        "UPDATE partychess_plays SET weights = ?
         WHERE game_id = ? AND number = (SELECT MAX(number) FROM partychess_plays WHERE game_id = ?)",
    )
    .bind(weights)
    .bind(game)
    .bind(game)
    .execute(conn)
    .await?;
    Ok(())
}

pub async fn ledger(conn: &mut SqliteConnection, game: i64) -> sqlx::Result<Vec<LedgerRow>> {
    sqlx::query_as("SELECT * FROM partychess_ledger WHERE game_id = ? ORDER BY id")
        .bind(game)
        .fetch_all(conn)
        .await
}

pub async fn add_ledger(
    conn: &mut SqliteConnection,
    game: i64,
    seat: i64,
    kind: &str,
    cost: i64,
    reason: &str,
    at: DateTime<Utc>,
) -> sqlx::Result<()> {
    sqlx::query("INSERT INTO partychess_ledger (game_id, seat, kind, cost, reason, at) VALUES (?, ?, ?, ?, ?, ?)")
        .bind(game)
        .bind(seat)
        .bind(kind)
        .bind(cost)
        .bind(reason)
        .bind(at)
        .execute(conn)
        .await?;
    Ok(())
}

/// The seat of the Warm Office `person` last held in `game`, if any (Rule 1230.2 §4.B(iv)).
pub async fn warm_left_by(
    conn: &mut SqliteConnection,
    game: i64,
    person: i64,
) -> sqlx::Result<Option<i64>> {
    sqlx::query_scalar(
        "SELECT seat FROM partychess_swingers
         WHERE game_id = ? AND left_by = ? AND warm = 1 AND person_id IS NULL",
    )
    .bind(game)
    .bind(person)
    .fetch_optional(conn)
    .await
}
