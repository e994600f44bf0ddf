//! Reading the history in fold order: positions in it, the live events as the fold reads
//! them, and an event as stored, for histories and export.

use chrono::{DateTime, Utc};
use sqlx::sqlite::SqliteRow;
use sqlx::{Row, SqliteConnection};

use crate::domain::leaderboard::event::EventKind;
use crate::domain::leaderboard::score::{Change, Event, GameResult};

/// Events read per query while replaying, so memory stays bounded at any size of history.
pub(super) const CHUNK: i64 = 8192;

/// A place in the history: live events are folded in order of (at, id). `at` is the stored
/// text (whole-second UTC written by sqlx), which orders as the times do.
#[derive(Debug, Clone, PartialEq, Eq, PartialOrd, Ord)]
pub struct Position {
    pub at: String,
    pub id: i64,
}

impl Position {
    /// Before every event: every stored `at` sorts after the empty text.
    pub(super) fn start() -> Self {
        Position {
            at: String::new(),
            id: 0,
        }
    }
}

/// A stored event, for histories and export.
#[derive(Debug, Clone, sqlx::FromRow)]
pub struct EventRow {
    pub id: i64,
    pub at: DateTime<Utc>,
    pub kind: EventKind,
    pub person_id: Option<i64>,
    pub game_id: Option<i64>,
    pub action_id: Option<i64>,
    pub amount: Option<i64>,
    pub reason: String,
    pub voided_at: Option<DateTime<Utc>>,
    pub void_reason: Option<String>,
}

/// The live events after a position, in fold order: the one query every replay, every check
/// and the benchmark's bare read use.
const EVENTS_AFTER: &str =
    "SELECT e.id, e.at, e.kind, e.person_id, e.amount, g.white_id, g.black_id, g.result, g.online
     FROM score_events e LEFT JOIN games g ON g.id = e.game_id
     WHERE e.voided_at IS NULL AND (e.at, e.id) > (?, ?)
     ORDER BY e.at, e.id LIMIT ?";

/// The same columns for one event.
pub(super) const EVENT_BY_ID: &str =
    "SELECT e.id, e.at, e.kind, e.person_id, e.amount, g.white_id, g.black_id, g.result, g.online
     FROM score_events e LEFT JOIN games g ON g.id = e.game_id
     WHERE e.id = ?";

pub(super) async fn chunk_after(
    conn: &mut SqliteConnection,
    pos: &Position,
) -> sqlx::Result<Vec<SqliteRow>> {
    sqlx::query(EVENTS_AFTER)
        .bind(&pos.at)
        .bind(pos.id)
        .bind(CHUNK)
        .fetch_all(conn)
        .await
}

pub(super) fn position_of(row: &SqliteRow) -> sqlx::Result<Position> {
    Ok(Position {
        at: row.try_get(1)?,
        id: row.try_get(0)?,
    })
}

/// An event as the fold reads it; `None` for a row the fold cannot read (a game event whose
/// game is missing), which moves nobody, as before scores were materialised.
pub(super) fn event_of(row: &SqliteRow) -> sqlx::Result<Option<Event>> {
    let kind: EventKind = row.try_get(2)?;
    let amount: Option<i64> = row.try_get(4)?;
    let change = match kind {
        EventKind::Joined => Change::Joined { initial: amount },
        EventKind::Removed => Change::Removed,
        EventKind::Halve => Change::Halve,
        EventKind::Reset => Change::Reset,
        EventKind::Game => {
            let white: Option<i64> = row.try_get(5)?;
            let black: Option<i64> = row.try_get(6)?;
            let result: Option<&str> = row.try_get(7)?;
            let online: Option<bool> = row.try_get(8)?;
            let (Some(white), Some(black), Some(result)) =
                (white, black, result.and_then(GameResult::parse))
            else {
                return Ok(None);
            };
            Change::Game {
                white,
                black,
                result,
                online: online.unwrap_or(false),
            }
        }
        // deductions, awards and decays all adjust by a signed amount
        EventKind::Adjust | EventKind::Decay => match amount {
            Some(points) => Change::Adjust(points),
            None => return Ok(None),
        },
    };
    Ok(Some(Event {
        id: row.try_get(0)?,
        person: row.try_get(3)?,
        change,
    }))
}

/// Every live event, in fold order (for a full fold in memory: export and tests).
pub async fn live_events(conn: &mut SqliteConnection) -> sqlx::Result<Vec<Event>> {
    let mut events = Vec::new();
    let mut pos = Position::start();
    loop {
        let rows = chunk_after(conn, &pos).await?;
        for row in &rows {
            events.extend(event_of(row)?);
        }
        match rows.last() {
            Some(row) if rows.len() as i64 == CHUNK => pos = position_of(row)?,
            _ => return Ok(events),
        }
    }
}

/// Reads the whole live history with the replay's query and decodes it, without folding or
/// writing: the yardstick the benchmark divides by. Returns the number of events read.
pub async fn read_history(conn: &mut SqliteConnection) -> sqlx::Result<u64> {
    let mut read = 0;
    let mut pos = Position::start();
    loop {
        let rows = chunk_after(conn, &pos).await?;
        for row in &rows {
            std::hint::black_box(event_of(row)?);
            read += 1;
        }
        match rows.last() {
            Some(row) if rows.len() as i64 == CHUNK => pos = position_of(row)?,
            _ => return Ok(read),
        }
    }
}
