//! The score history: appending events, voiding them, and loading them for the fold.

use chrono::{DateTime, Utc};
use sqlx::SqliteConnection;

use crate::domain::score::{Change, Event};

/// A new event to append.
#[derive(Debug, Clone)]
pub struct NewEvent<'a> {
    pub at: DateTime<Utc>,
    pub kind: &'a str,
    pub person_id: Option<i64>,
    pub game_id: Option<i64>,
    pub action_id: Option<i64>,
    pub amount: Option<i64>,
    pub reason: &'a str,
}

/// A stored event, for histories and export.
#[derive(Debug, Clone, sqlx::FromRow)]
pub struct EventRow {
    pub id: i64,
    pub at: DateTime<Utc>,
    pub kind: String,
    pub person_id: Option<i64>,
    pub game_id: Option<i64>,
    pub action_id: Option<i64>,
    pub amount: Option<i64>,
    pub reason: String,
    pub voided_at: Option<DateTime<Utc>>,
    pub void_reason: Option<String>,
}

pub async fn append(conn: &mut SqliteConnection, e: &NewEvent<'_>) -> sqlx::Result<i64> {
    sqlx::query_scalar(
        "INSERT INTO score_events (at, kind, person_id, game_id, action_id, amount, reason)
         VALUES (?, ?, ?, ?, ?, ?, ?) RETURNING id",
    )
    .bind(e.at)
    .bind(e.kind)
    .bind(e.person_id)
    .bind(e.game_id)
    .bind(e.action_id)
    .bind(e.amount)
    .bind(e.reason)
    .fetch_one(conn)
    .await
}

/// Voids every live event of a game.
pub async fn void_game(
    conn: &mut SqliteConnection,
    game_id: i64,
    now: DateTime<Utc>,
    reason: &str,
) -> sqlx::Result<u64> {
    Ok(sqlx::query(
        "UPDATE score_events SET voided_at = ?, void_reason = ? WHERE game_id = ? AND voided_at IS NULL",
    )
    .bind(now)
    .bind(reason)
    .bind(game_id)
    .execute(conn)
    .await?
    .rows_affected())
}

/// Voids every live event caused by a moderation action.
pub async fn void_action(
    conn: &mut SqliteConnection,
    action_id: i64,
    now: DateTime<Utc>,
    reason: &str,
) -> sqlx::Result<u64> {
    Ok(sqlx::query(
        "UPDATE score_events SET voided_at = ?, void_reason = ? WHERE action_id = ? AND voided_at IS NULL",
    )
    .bind(now)
    .bind(reason)
    .bind(action_id)
    .execute(conn)
    .await?
    .rows_affected())
}

/// Every event, void or not, in history order.
pub async fn all_rows(conn: &mut SqliteConnection) -> sqlx::Result<Vec<EventRow>> {
    sqlx::query_as::<_, EventRow>("SELECT * FROM score_events ORDER BY at, id")
        .fetch_all(conn)
        .await
}

/// The live history, as the fold reads it.
pub async fn live(conn: &mut SqliteConnection) -> sqlx::Result<Vec<Event>> {
    let rows: Vec<LiveRow> = sqlx::query_as(
        "SELECT e.id, e.kind, e.person_id, e.amount, g.white_id, g.black_id, g.result, g.online
         FROM score_events e LEFT JOIN games g ON g.id = e.game_id
         WHERE e.voided_at IS NULL ORDER BY e.at, e.id",
    )
    .fetch_all(conn)
    .await?;
    Ok(rows.into_iter().filter_map(LiveRow::into_event).collect())
}

#[derive(sqlx::FromRow)]
struct LiveRow {
    id: i64,
    kind: String,
    person_id: Option<i64>,
    amount: Option<i64>,
    white_id: Option<i64>,
    black_id: Option<i64>,
    result: Option<String>,
    online: Option<bool>,
}

impl LiveRow {
    fn into_event(self) -> Option<Event> {
        use crate::domain::score::GameResult;
        let change = match self.kind.as_str() {
            "joined" => Change::Joined,
            "removed" => Change::Removed,
            "halve" => Change::Halve,
            "reset" => Change::Reset,
            "game" => Change::Game {
                white: self.white_id?,
                black: self.black_id?,
                result: GameResult::parse(self.result.as_deref()?)?,
                online: self.online.unwrap_or(false),
            },
            // deductions, awards and decays all adjust by a signed amount
            _ => Change::Adjust(self.amount?),
        };
        Some(Event {
            id: self.id,
            person: self.person_id,
            change,
        })
    }
}

/// Brings back the events of a game voided for a reason (a reversed case).
pub async fn unvoid_game(
    conn: &mut SqliteConnection,
    game_id: i64,
    reason: &str,
) -> sqlx::Result<u64> {
    Ok(sqlx::query(
        "UPDATE score_events SET voided_at = NULL, void_reason = NULL WHERE game_id = ? AND void_reason = ?",
    )
    .bind(game_id)
    .bind(reason)
    .execute(conn)
    .await?
    .rows_affected())
}

/// Moves the voiding of a game's events from one case to another (both reverse the game).
pub async fn revoid_game(
    conn: &mut SqliteConnection,
    game_id: i64,
    from: &str,
    to: &str,
) -> sqlx::Result<u64> {
    Ok(
        sqlx::query(
            "UPDATE score_events SET void_reason = ? WHERE game_id = ? AND void_reason = ?",
        )
        .bind(to)
        .bind(game_id)
        .bind(from)
        .execute(conn)
        .await?
        .rows_affected(),
    )
}
