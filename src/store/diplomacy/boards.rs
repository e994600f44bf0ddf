//! Boards and their positions as stored.

use crate::domain::diplomacy::Power;
use chrono::{DateTime, Utc};
use serde::Serialize;
use sqlx::SqliteConnection;

use crate::domain::diplomacy::press::PressRule;
use crate::domain::diplomacy::season::Turn;
pub use crate::domain::diplomacy::states::{BoardEnding, BoardStatus};

/// A stored board.
#[derive(Debug, Clone, Serialize, sqlx::FromRow)]
pub struct Board {
    pub id: i64,
    pub round: i64,
    pub name: String,
    pub turn: Turn,
    pub deadline: Option<DateTime<Utc>>,
    pub published_at: Option<DateTime<Utc>>,
    pub status: BoardStatus,
    pub ending: Option<BoardEnding>,
    pub ending_powers: Option<String>,
    pub press_rule: PressRule,
    pub late_orders: bool,
    pub results_held: bool,
    pub created_at: DateTime<Utc>,
}

/// A stored position: who holds a power on a board.
#[derive(Debug, Clone, Serialize, sqlx::FromRow)]
pub struct Position {
    pub id: i64,
    pub board_id: i64,
    pub power: Power,
    pub person_id: i64,
    pub person_name: String,
    pub team_id: Option<i64>,
    pub guaranteed_used: bool,
    pub extension_days: i64,
}

pub async fn insert(
    conn: &mut SqliteConnection,
    round: i64,
    name: &str,
    at: DateTime<Utc>,
) -> sqlx::Result<i64> {
    sqlx::query_scalar(
        "INSERT INTO dip_boards (round, name, turn, status, created_at)
         VALUES (?, ?, 'S1901M', ?, ?) RETURNING id",
    )
    .bind(round)
    .bind(name)
    .bind(BoardStatus::Playing)
    .bind(at)
    .fetch_one(conn)
    .await
}

pub async fn by_name(conn: &mut SqliteConnection, name: &str) -> sqlx::Result<Option<Board>> {
    sqlx::query_as("SELECT * FROM dip_boards WHERE name = ? COLLATE NOCASE")
        .bind(name.trim())
        .fetch_optional(conn)
        .await
}

/// The board a typed game names, under its own name: matched exactly but for case, so "r1 board
/// 2" is R1 Board 2 and "R1 Baord 1" is nothing (house rules A.9, A.12).
pub async fn own_name(conn: &mut SqliteConnection, typed: &str) -> sqlx::Result<Option<String>> {
    Ok(by_name(conn, typed).await?.map(|b| b.name))
}

pub async fn by_id(conn: &mut SqliteConnection, id: i64) -> sqlx::Result<Option<Board>> {
    sqlx::query_as("SELECT * FROM dip_boards WHERE id = ?")
        .bind(id)
        .fetch_optional(conn)
        .await
}

pub async fn of_round(conn: &mut SqliteConnection, round: i64) -> sqlx::Result<Vec<Board>> {
    sqlx::query_as("SELECT * FROM dip_boards WHERE round = ? ORDER BY id")
        .bind(round)
        .fetch_all(conn)
        .await
}

pub async fn all(conn: &mut SqliteConnection) -> sqlx::Result<Vec<Board>> {
    sqlx::query_as("SELECT * FROM dip_boards ORDER BY id")
        .fetch_all(conn)
        .await
}

pub async fn set_deadline(
    conn: &mut SqliteConnection,
    id: i64,
    turn: Turn,
    deadline: DateTime<Utc>,
    published: DateTime<Utc>,
) -> sqlx::Result<()> {
    sqlx::query("UPDATE dip_boards SET turn = ?, deadline = ?, published_at = ? WHERE id = ?")
        .bind(turn)
        .bind(deadline)
        .bind(published)
        .bind(id)
        .execute(&mut *conn)
        .await?;
    // The flood limit counts press within a turn; once the board is on another turn the counts
    // of earlier ones are needed no more, and kept they would tie press to its author (D.X.2).
    sqlx::query("DELETE FROM dip_press_counts WHERE board_id = ? AND turn <> ?")
        .bind(id)
        .bind(turn)
        .execute(conn)
        .await?;
    Ok(())
}

pub async fn move_deadline(
    conn: &mut SqliteConnection,
    id: i64,
    deadline: DateTime<Utc>,
) -> sqlx::Result<()> {
    sqlx::query("UPDATE dip_boards SET deadline = ? WHERE id = ?")
        .bind(deadline)
        .bind(id)
        .execute(conn)
        .await?;
    Ok(())
}

pub async fn set_held(conn: &mut SqliteConnection, id: i64, held: bool) -> sqlx::Result<()> {
    sqlx::query("UPDATE dip_boards SET results_held = ? WHERE id = ?")
        .bind(held)
        .bind(id)
        .execute(conn)
        .await?;
    Ok(())
}

pub async fn set_rules(
    conn: &mut SqliteConnection,
    id: i64,
    press_rule: PressRule,
    late_orders: bool,
) -> sqlx::Result<()> {
    sqlx::query("UPDATE dip_boards SET press_rule = ?, late_orders = ? WHERE id = ?")
        .bind(press_rule)
        .bind(late_orders)
        .bind(id)
        .execute(conn)
        .await?;
    Ok(())
}

/// Ends a board; the proposals still open on it lapse (D.IX.2).
pub async fn finish(
    conn: &mut SqliteConnection,
    id: i64,
    ending: BoardEnding,
    powers: &str,
    at: DateTime<Utc>,
) -> sqlx::Result<()> {
    sqlx::query("UPDATE dip_boards SET status = ?, ending = ?, ending_powers = ? WHERE id = ?")
        .bind(BoardStatus::Finished)
        .bind(ending)
        .bind(powers)
        .bind(id)
        .execute(&mut *conn)
        .await?;
    super::votes::lapse_open(conn, id, at).await?;
    // A finished board has no flood limit left to count for (D.X.2).
    sqlx::query("DELETE FROM dip_press_counts WHERE board_id = ?")
        .bind(id)
        .execute(conn)
        .await?;
    Ok(())
}

/// Puts a board a count had ended back in play, after the TD's correction (D.VIII.1).
pub async fn reopen(conn: &mut SqliteConnection, id: i64) -> sqlx::Result<()> {
    sqlx::query(
        "UPDATE dip_boards SET status = ?, ending = NULL, ending_powers = NULL WHERE id = ?",
    )
    .bind(BoardStatus::Playing)
    .bind(id)
    .execute(conn)
    .await?;
    Ok(())
}

pub async fn seat(
    conn: &mut SqliteConnection,
    board: i64,
    power: Power,
    person: i64,
    team: Option<i64>,
) -> sqlx::Result<()> {
    sqlx::query(
        "INSERT INTO dip_positions (board_id, power, person_id, team_id) VALUES (?, ?, ?, ?)",
    )
    .bind(board)
    .bind(power)
    .bind(person)
    .bind(team)
    .execute(conn)
    .await?;
    Ok(())
}

const POSITIONS: &str = "SELECT p.id, p.board_id, p.power, p.person_id, COALESCE(pe.display_name, pe.name) AS person_name,
        p.team_id, p.guaranteed_used, p.extension_days
    FROM dip_positions p JOIN people pe ON pe.id = p.person_id";

pub async fn positions(conn: &mut SqliteConnection, board: i64) -> sqlx::Result<Vec<Position>> {
    sqlx::query_as(&format!("{POSITIONS} WHERE p.board_id = ? ORDER BY p.id"))
        .bind(board)
        .fetch_all(conn)
        .await
}

pub async fn all_positions(conn: &mut SqliteConnection) -> sqlx::Result<Vec<Position>> {
    sqlx::query_as(&format!("{POSITIONS} ORDER BY p.board_id, p.id"))
        .fetch_all(conn)
        .await
}

pub async fn set_extensions(
    conn: &mut SqliteConnection,
    position: i64,
    guaranteed_used: bool,
    days: i64,
) -> sqlx::Result<()> {
    sqlx::query("UPDATE dip_positions SET guaranteed_used = ?, extension_days = ? WHERE id = ?")
        .bind(guaranteed_used)
        .bind(days)
        .bind(position)
        .execute(conn)
        .await?;
    Ok(())
}

/// Hands a position to another player.
pub async fn replace_holder(
    conn: &mut SqliteConnection,
    position: i64,
    person: i64,
) -> sqlx::Result<()> {
    sqlx::query("UPDATE dip_positions SET person_id = ? WHERE id = ?")
        .bind(person)
        .bind(position)
        .execute(conn)
        .await?;
    Ok(())
}

/// How many positions `person` holds on the boards of `round`.
pub async fn held_in_round(
    conn: &mut SqliteConnection,
    person: i64,
    round: i64,
) -> sqlx::Result<i64> {
    sqlx::query_scalar(
        "SELECT COUNT(*) FROM dip_positions p JOIN dip_boards b ON b.id = p.board_id
         WHERE p.person_id = ? AND b.round = ?",
    )
    .bind(person)
    .bind(round)
    .fetch_one(conn)
    .await
}
