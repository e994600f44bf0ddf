//! The full re-derivations (a rebuild, a change far back in the history, `gavel check`) read and
//! write through rusqlite on the caller's own SQLite handle: the same connection and the same
//! transaction as the caller's sqlx queries (so a void not yet committed is seen), the same
//! SQLite library (rusqlite links the libsqlite3-sys that sqlx links), driven synchronously on
//! a blocking thread. A million events are one statement stepped a million times, each row's
//! values read in place, instead of sqlx's chunked reads that decode every row into owned
//! values and hand it across threads; the steps go back through one prepared insert.
//! [Dependencies](../../../../docs/src/dependencies.md) says why rusqlite.

use std::collections::{HashMap, HashSet};

use rusqlite::{params, Connection, Row};
use sqlx::SqliteConnection;

use crate::domain::leaderboard::event::EventKind;
use crate::domain::leaderboard::score::{self, Change, Event, GameResult, Rules};
use crate::store::keys::StoredKey;

use super::history::{Position, CHUNK};
use super::steps::{put_varint, Checkpoint, Step};

/// Runs `work` on the SQLite handle of `conn`, locked out of sqlx's worker until it returns:
/// on a blocking thread when the runtime has several (the async workers go on with other
/// tasks), else in place.
pub(super) async fn on_handle<T>(
    conn: &mut SqliteConnection,
    work: impl FnOnce(&Connection) -> rusqlite::Result<T> + Send,
) -> sqlx::Result<T> {
    let mut locked = conn.lock_handle().await?;
    let raw = locked.as_raw_handle();
    let run = move || {
        // SAFETY: the handle stays open and is used by nobody else while `locked` holds it,
        // which outlives `run`; `from_handle` wraps it without taking it over (dropping the
        // wrapper finalizes its own statements and leaves the handle open).
        let handle = unsafe { Connection::from_handle(raw.as_ptr()) }?;
        work(&handle)
    };
    let flavor = tokio::runtime::Handle::try_current().map(|h| h.runtime_flavor());
    let done = match flavor {
        Ok(tokio::runtime::RuntimeFlavor::MultiThread) => tokio::task::block_in_place(run),
        _ => run(),
    };
    drop(locked);
    done.map_err(|e| sqlx::Error::Protocol(format!("reading the score history: {e}")))
}

/// The live events after a position, in fold order: `history::EVENTS_AFTER` without the limit.
const EVENTS_FROM: &str =
    "SELECT e.id, e.at, e.kind, e.person_id, e.amount, g.white_id, g.black_id, g.result, g.online
     FROM score_events e LEFT JOIN games g ON g.id = e.game_id
     WHERE e.voided_at IS NULL AND (e.at, e.id) > (?, ?)
     ORDER BY e.at, e.id";

/// An event as the fold reads it (`history::event_of`, read in place): `None` for a row the
/// fold cannot read, which moves nobody.
fn event_of(row: &Row) -> rusqlite::Result<Option<Event>> {
    let kind_text = row.get_ref(2)?.as_str()?;
    let kind = EventKind::from_key(kind_text).ok_or_else(|| {
        rusqlite::Error::FromSqlConversionFailure(
            2,
            rusqlite::types::Type::Text,
            format!("no event kind is spelled {kind_text:?}").into(),
        )
    })?;
    let amount: Option<i64> = row.get(4)?;
    let change = match kind {
        EventKind::Joined => Change::Joined { initial: amount },
        EventKind::Removed => Change::Removed,
        EventKind::Halve => Change::Halve,
        EventKind::Reset => Change::Reset,
        EventKind::Game => {
            let white: Option<i64> = row.get(5)?;
            let black: Option<i64> = row.get(6)?;
            let result = row.get_ref(7)?.as_str_or_null()?;
            let online: Option<bool> = row.get(8)?;
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
        EventKind::Adjust | EventKind::Decay => match amount {
            Some(points) => Change::Adjust(points),
            None => return Ok(None),
        },
    };
    Ok(Some(Event {
        id: row.get(0)?,
        person: row.get(3)?,
        change,
    }))
}

/// Keeps the position of the row just read, copying its `at` into one buffer.
struct Cursor {
    at: String,
    id: i64,
}

impl Cursor {
    fn from(pos: Position) -> Self {
        Cursor {
            at: pos.at,
            id: pos.id,
        }
    }

    fn read(&mut self, row: &Row) -> rusqlite::Result<()> {
        self.id = row.get(0)?;
        self.at.clear();
        self.at.push_str(row.get_ref(1)?.as_str()?);
        Ok(())
    }

    fn position(&self) -> Position {
        Position {
            at: self.at.clone(),
            id: self.id,
        }
    }
}

/// The scores in member order for a checkpoint, keeping the sorted members between
/// checkpoints: re-sorted only when the membership changed.
#[derive(Default)]
struct Encoder {
    members: Vec<i64>,
}

impl Encoder {
    fn encode(&mut self, state: &HashMap<i64, i64>) -> Vec<u8> {
        let same =
            self.members.len() == state.len() && self.members.iter().all(|m| state.contains_key(m));
        if !same {
            self.members = state.keys().copied().collect();
            self.members.sort_unstable();
        }
        let sorted: Vec<(i64, i64)> = self.members.iter().map(|m| (*m, state[m])).collect();
        encode_sorted(&sorted)
    }
}

/// The bytes `encode_state` writes, from scores already in member order.
fn encode_sorted(sorted: &[(i64, i64)]) -> Vec<u8> {
    let mut out = Vec::with_capacity(sorted.len() * 3);
    let mut previous = 0;
    for &(id, score) in sorted {
        put_varint(&mut out, id - previous);
        put_varint(&mut out, score);
        previous = id;
    }
    out
}

/// Where a replay ended.
pub(super) struct Replayed {
    pub(super) last: Position,
    pub(super) since_checkpoint: i64,
}

/// Folds the live events after `from` (the `events`-th) onto `state`, writing their steps and
/// a checkpoint every `every` events; whoever a step moves is added to `touched`, if given.
pub(super) fn replay(
    c: &Connection,
    every: i64,
    rules: &Rules,
    state: &mut HashMap<i64, i64>,
    from: Position,
    mut events: i64,
    mut touched: Option<&mut HashSet<i64>>,
) -> rusqlite::Result<Replayed> {
    let mut read = c.prepare(EVENTS_FROM)?;
    let mut insert_step = c.prepare(
        "INSERT INTO score_steps (event_id, a_id, a_before, a_after, b_id, b_before, b_after)
         VALUES (?, ?, ?, ?, ?, ?, ?)",
    )?;
    let mut insert_checkpoint = c.prepare(
        "INSERT INTO score_checkpoints (at, event_id, events, state) VALUES (?, ?, ?, ?)",
    )?;
    let mut rows = read.query(params![from.at, from.id])?;
    let mut cursor = Cursor::from(from);
    let mut encoder = Encoder::default();
    let mut movements = Vec::with_capacity(2);
    let mut since = 0;
    while let Some(row) = rows.next()? {
        cursor.read(row)?;
        if let Some(event) = event_of(row)? {
            movements.clear();
            score::step(state, &event, rules, Some(&mut movements));
            if let Some(step) = Step::of(event.id, &movements) {
                if let Some(t) = touched.as_deref_mut() {
                    t.extend(step.movements().map(|m| m.person));
                }
                let (a, b) = step.parts();
                insert_step.execute(params![
                    step.event_id,
                    a.0,
                    a.1,
                    a.2,
                    b.map(|b| b.0),
                    b.map(|b| b.1),
                    b.map(|b| b.2)
                ])?;
            }
        }
        events += 1;
        since += 1;
        if since == every {
            insert_checkpoint.execute(params![
                cursor.at,
                cursor.id,
                events,
                encoder.encode(state)
            ])?;
            since = 0;
        }
    }
    Ok(Replayed {
        last: cursor.position(),
        since_checkpoint: since,
    })
}

/// The whole history folded again beside the stored steps, for `gavel check`.
pub(super) struct Folded {
    /// The stored steps that differ from the fold's, in words (at most `enough` + a chunk).
    pub(super) problems: Vec<String>,
    pub(super) state: HashMap<i64, i64>,
    pub(super) checkpoints: Vec<Checkpoint>,
    pub(super) events: i64,
    pub(super) since: i64,
    pub(super) last: Position,
    pub(super) steps_expected: i64,
    pub(super) steps_stored: i64,
    pub(super) stored_checkpoints: Vec<Checkpoint>,
}

/// Folds the whole history from the events, comparing each stretch of [`CHUNK`] events' steps
/// with the stored ones as it goes; stops comparing after `enough` problems.
pub(super) fn fold_and_compare(
    c: &Connection,
    rules: &Rules,
    every: i64,
    enough: usize,
) -> rusqlite::Result<Folded> {
    let mut read = c.prepare(EVENTS_FROM)?;
    // The stored steps of every event in a stretch of history, void ones included.
    let mut stored_in = c.prepare(
        "SELECT s.event_id, s.a_id, s.a_before, s.a_after, s.b_id, s.b_before, s.b_after
         FROM score_events e JOIN score_steps s ON s.event_id = e.id
         WHERE (e.at, e.id) > (?, ?) AND (e.at, e.id) <= (?, ?)",
    )?;
    let start = Position::start();
    let mut rows = read.query(params![start.at, start.id])?;
    let mut cursor = Cursor::from(start.clone());
    let mut stretch_start = start;
    let mut encoder = Encoder::default();
    let mut folded = Folded {
        problems: Vec::new(),
        state: HashMap::new(),
        checkpoints: Vec::new(),
        events: 0,
        since: 0,
        last: Position::start(),
        steps_expected: 0,
        steps_stored: 0,
        stored_checkpoints: Vec::new(),
    };
    let mut movements = Vec::with_capacity(2);
    let mut expected: HashMap<i64, Step> = HashMap::with_capacity(CHUNK as usize);
    let mut in_stretch = 0;
    let mut compare = |from: &Position,
                       to: &Position,
                       expected: &mut HashMap<i64, Step>,
                       problems: &mut Vec<String>|
     -> rusqlite::Result<()> {
        let mut stored = stored_in.query(params![from.at, from.id, to.at, to.id])?;
        while let Some(row) = stored.next()? {
            let step = step_of(row)?;
            match expected.remove(&step.event_id) {
                Some(e) if e == step => {}
                Some(e) => problems.push(format!(
                    "event {} moved scores {:?}, but its stored step says {:?}",
                    step.event_id,
                    e.movements().collect::<Vec<_>>(),
                    step.movements().collect::<Vec<_>>()
                )),
                None => problems.push(format!(
                    "event {} has a stored step but moves no score (void, or nobody on the Leaderboard)",
                    step.event_id
                )),
            }
        }
        for id in expected.keys() {
            problems.push(format!("event {id} moved scores but has no stored step"));
        }
        expected.clear();
        Ok(())
    };
    let mut comparing = true;
    while let Some(row) = rows.next()? {
        cursor.read(row)?;
        if let Some(event) = event_of(row)? {
            movements.clear();
            score::step(&mut folded.state, &event, rules, Some(&mut movements));
            if let Some(step) = Step::of(event.id, &movements) {
                folded.steps_expected += 1;
                if comparing {
                    expected.insert(event.id, step);
                }
            }
        }
        folded.events += 1;
        folded.since += 1;
        if folded.since == every {
            folded.checkpoints.push(Checkpoint {
                pos: cursor.position(),
                events: folded.events,
                state: encoder.encode(&folded.state),
            });
            folded.since = 0;
        }
        in_stretch += 1;
        if in_stretch == CHUNK && comparing {
            let end = cursor.position();
            compare(&stretch_start, &end, &mut expected, &mut folded.problems)?;
            stretch_start = end;
            in_stretch = 0;
            comparing = folded.problems.len() <= enough;
        }
    }
    if comparing && in_stretch > 0 {
        let end = cursor.position();
        compare(&stretch_start, &end, &mut expected, &mut folded.problems)?;
    }
    folded.last = cursor.position();
    folded.steps_stored = c.query_row("SELECT COUNT(*) FROM score_steps", [], |r| r.get(0))?;
    let mut checkpoints = c.prepare(
        "SELECT at, event_id, events, state FROM score_checkpoints ORDER BY at, event_id",
    )?;
    let mut stored = checkpoints.query([])?;
    while let Some(row) = stored.next()? {
        folded.stored_checkpoints.push(Checkpoint {
            pos: Position {
                at: row.get(0)?,
                id: row.get(1)?,
            },
            events: row.get(2)?,
            state: row.get(3)?,
        });
    }
    Ok(folded)
}

fn step_of(row: &Row) -> rusqlite::Result<Step> {
    let b_id: Option<i64> = row.get(4)?;
    let b = match b_id {
        Some(id) => Some((
            id,
            row.get::<_, Option<i64>>(5)?.unwrap_or(0),
            row.get::<_, Option<i64>>(6)?.unwrap_or(0),
        )),
        None => None,
    };
    Ok(Step::from_parts(
        row.get(0)?,
        (row.get(1)?, row.get(2)?, row.get(3)?),
        b,
    ))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::store::leaderboard::standings::encode_state;

    /// Checks: a checkpoint's bytes from the kept member order are `encode_state`'s, as members
    /// join and leave between checkpoints.
    #[test]
    fn the_kept_order_encodes_as_encode_state_does() {
        let mut encoder = Encoder::default();
        let mut state: HashMap<i64, i64> = (1..=50).map(|m| (m * 3, 100 + m)).collect();
        assert_eq!(encoder.encode(&state), encode_state(&state));
        state.insert(3, 7);
        assert_eq!(encoder.encode(&state), encode_state(&state));
        state.remove(&9);
        state.insert(1000, 90);
        assert_eq!(encoder.encode(&state), encode_state(&state));
        state.clear();
        assert_eq!(encoder.encode(&state), encode_state(&state));
    }
}
