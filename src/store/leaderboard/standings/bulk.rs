//! The full re-derivations (a rebuild, a change far back in the history, `gavel check`) read and
//! write through rusqlite on the caller's own SQLite handle: the same connection and the same
//! transaction as the caller's sqlx queries (so a void not yet committed is seen), the same
//! SQLite library (rusqlite links the libsqlite3-sys that sqlx links), driven synchronously on
//! a blocking thread. A million events are one statement stepped a million times, each row's
//! values read in place, instead of sqlx's chunked reads that decode every row into owned
//! values and hand it across threads. Each live event comes with its stored step, and only a
//! step that differs is written: voiding the oldest of a million games changes about a
//! thousand steps, and a rebuild of a sound record writes none.
//! [Dependencies](../../../../docs/src/dependencies.md) says why rusqlite.

use std::collections::{HashMap, HashSet};

use rusqlite::{params, Connection, Row};
use sqlx::SqliteConnection;

use crate::domain::leaderboard::event::EventKind;
use crate::domain::leaderboard::score::{self, Change, Event, GameResult, Rules};
use crate::store::keys::StoredKey;

use super::history::Position;
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

/// The live events after a position, in fold order (`history::EVENTS_AFTER` without the
/// limit), each with its stored step, if any (columns 9 to 14).
const EVENTS_FROM: &str =
    "SELECT e.id, e.at, e.kind, e.person_id, e.amount, g.white_id, g.black_id, g.result, g.online,
            s.a_id, s.a_before, s.a_after, s.b_id, s.b_before, s.b_after
     FROM score_events e LEFT JOIN games g ON g.id = e.game_id
          LEFT JOIN score_steps s ON s.event_id = e.id
     WHERE e.voided_at IS NULL AND (e.at, e.id) > (?, ?)
     ORDER BY e.at, e.id";

/// The stored step read beside an event by [`EVENTS_FROM`].
fn stored_step(row: &Row, event_id: i64) -> rusqlite::Result<Option<Step>> {
    let Some(a_id) = row.get::<_, Option<i64>>(9)? else {
        return Ok(None);
    };
    let b = match row.get::<_, Option<i64>>(12)? {
        Some(id) => Some((
            id,
            row.get::<_, Option<i64>>(13)?.unwrap_or(0),
            row.get::<_, Option<i64>>(14)?.unwrap_or(0),
        )),
        None => None,
    };
    Ok(Some(Step::from_parts(
        event_id,
        (a_id, row.get(10)?, row.get(11)?),
        b,
    )))
}

/// Takes out the stored steps of the events after `from` that are void now (they move no
/// score), through the index of void events; returns whom those steps had moved.
pub(super) fn unstep_void(c: &Connection, from: &Position) -> rusqlite::Result<HashSet<i64>> {
    let mut delete = c.prepare(
        "DELETE FROM score_steps WHERE event_id IN
           (SELECT id FROM score_events WHERE voided_at IS NOT NULL AND (at, id) > (?, ?))
         RETURNING a_id, b_id",
    )?;
    let mut rows = delete.query(params![from.at, from.id])?;
    let mut moved = HashSet::new();
    while let Some(row) = rows.next()? {
        moved.insert(row.get(0)?);
        moved.extend(row.get::<_, Option<i64>>(1)?);
    }
    Ok(moved)
}

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
    /// How many of the live events after the start move a score (each has its step now).
    pub(super) steps: i64,
}

/// Folds the live events after `from` (the `events`-th) onto `state`, writing a checkpoint
/// every `every` events, and makes each event's stored step what the fold gives: a step that
/// differs (or is missing) is written, a step for an event that now moves nobody is taken out,
/// an equal one is left. Whoever a written or removed step moves, in its old form or its new,
/// is added to `touched`: nobody else's score can differ from before. The stored steps of void
/// events are [`unstep_void`]'s.
pub(super) fn replay(
    c: &Connection,
    every: i64,
    rules: &Rules,
    state: &mut HashMap<i64, i64>,
    from: Position,
    mut events: i64,
    touched: &mut HashSet<i64>,
) -> rusqlite::Result<Replayed> {
    let mut read = c.prepare(EVENTS_FROM)?;
    let mut write_step = c.prepare(
        "INSERT INTO score_steps (event_id, a_id, a_before, a_after, b_id, b_before, b_after)
         VALUES (?, ?, ?, ?, ?, ?, ?)
         ON CONFLICT (event_id) DO UPDATE SET a_id = excluded.a_id,
           a_before = excluded.a_before, a_after = excluded.a_after, b_id = excluded.b_id,
           b_before = excluded.b_before, b_after = excluded.b_after",
    )?;
    let mut remove_step = c.prepare("DELETE FROM score_steps WHERE event_id = ?")?;
    let mut insert_checkpoint = c.prepare(
        "INSERT INTO score_checkpoints (at, event_id, events, state) VALUES (?, ?, ?, ?)",
    )?;
    let mut rows = read.query(params![from.at, from.id])?;
    let mut cursor = Cursor::from(from);
    let mut encoder = Encoder::default();
    let mut movements = Vec::with_capacity(2);
    let (mut since, mut steps) = (0, 0);
    while let Some(row) = rows.next()? {
        cursor.read(row)?;
        let folded = match event_of(row)? {
            Some(event) => {
                movements.clear();
                score::step(state, &event, rules, Some(&mut movements));
                Step::of(event.id, &movements)
            }
            None => None,
        };
        match (folded, stored_step(row, cursor.id)?) {
            (Some(new), Some(old)) if new == old => steps += 1,
            (Some(new), old) => {
                touched.extend(new.movements().map(|m| m.person));
                touched.extend(old.iter().flat_map(|o| o.movements().map(|m| m.person)));
                let (a, b) = new.parts();
                write_step.execute(params![
                    new.event_id,
                    a.0,
                    a.1,
                    a.2,
                    b.map(|b| b.0),
                    b.map(|b| b.1),
                    b.map(|b| b.2)
                ])?;
                steps += 1;
            }
            (None, Some(old)) => {
                touched.extend(old.movements().map(|m| m.person));
                remove_step.execute(params![old.event_id])?;
            }
            (None, None) => {}
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
        steps,
    })
}

/// The whole history folded again beside the stored steps, for `gavel check`.
pub(super) struct Folded {
    /// The stored steps that differ from the fold's, in words (about `enough` at most).
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

/// Folds the whole history from the events, comparing each live event's step with the stored
/// one as it goes, then looks for stored steps of void events; stops describing differences
/// after `enough`.
pub(super) fn fold_and_compare(
    c: &Connection,
    rules: &Rules,
    every: i64,
    enough: usize,
) -> rusqlite::Result<Folded> {
    let mut read = c.prepare(EVENTS_FROM)?;
    let start = Position::start();
    let mut rows = read.query(params![start.at, start.id])?;
    let mut cursor = Cursor::from(start);
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
    while let Some(row) = rows.next()? {
        cursor.read(row)?;
        let expected = match event_of(row)? {
            Some(event) => {
                movements.clear();
                score::step(&mut folded.state, &event, rules, Some(&mut movements));
                Step::of(event.id, &movements)
            }
            None => None,
        };
        folded.steps_expected += i64::from(expected.is_some());
        let stored = stored_step(row, cursor.id)?;
        if folded.problems.len() <= enough {
            match (expected, stored) {
                (Some(e), Some(s)) if e == s => {}
                (Some(e), Some(s)) => folded.problems.push(format!(
                    "event {} moved scores {:?}, but its stored step says {:?}",
                    s.event_id,
                    e.movements().collect::<Vec<_>>(),
                    s.movements().collect::<Vec<_>>()
                )),
                (Some(e), None) => folded.problems.push(format!(
                    "event {} moved scores but has no stored step",
                    e.event_id
                )),
                (None, Some(s)) => folded.problems.push(format!(
                    "event {} has a stored step but moves no score (nobody on the Leaderboard)",
                    s.event_id
                )),
                (None, None) => {}
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
    }
    folded.last = cursor.position();
    let mut void = c.prepare(
        "SELECT s.event_id FROM score_events e JOIN score_steps s ON s.event_id = e.id
         WHERE e.voided_at IS NOT NULL ORDER BY e.at, e.id",
    )?;
    let mut stepped = void.query([])?;
    while let Some(row) = stepped.next()? {
        if folded.problems.len() > enough {
            break;
        }
        let id: i64 = row.get(0)?;
        folded.problems.push(format!(
            "event {id} has a stored step but moves no score (it is void)"
        ));
    }
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
