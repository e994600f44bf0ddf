//! The fold of the score history, materialised: current scores, how each live event moved them,
//! and checkpoints of the fold, kept equal to a full fold by the functions that change history.
//!
//! The history (`score_events`) stays the truth. Appending the newest event takes one step of
//! the fold on the members it concerns; any change at an older position (a void, an unvoid, a
//! backdated event) re-derives everything after the checkpoint before it, exactly as a full
//! fold would. `check` folds the whole history and compares; `rebuild` starts again from it.

use std::collections::{HashMap, HashSet};
use std::sync::OnceLock;

use sqlx::sqlite::SqliteRow;
use sqlx::{Row, SqliteConnection};

use crate::domain::leaderboard::score::{self, Change, Event, GameResult, Movement, Rules};
use crate::store::leaderboard::games::Game;

/// Events read per query while replaying, so memory stays bounded at any size of history.
const CHUNK: i64 = 8192;

/// Rows per multi-row insert (7 values each, well under SQLite's limit of bound values).
const BATCH: usize = 256;

/// A place in the history: live events are folded in order of (at, id). `at` is the stored
/// text (whole-second UTC written by sqlx), which orders as the times do.
#[derive(Debug, Clone, PartialEq, Eq, PartialOrd, Ord)]
pub struct Position {
    pub at: String,
    pub id: i64,
}

impl Position {
    /// Before every event: every stored `at` sorts after the empty text.
    fn start() -> Self {
        Position {
            at: String::new(),
            id: 0,
        }
    }
}

/// The bookkeeping row of the materialised fold.
#[derive(Debug, Clone)]
struct Bookkeeping {
    rules: Option<Rules>,
    last: Option<Position>,
    since_checkpoint: i64,
    /// Live events folded between two checkpoints (`score_fold.checkpoint_every`, 2048): a
    /// change to an event re-derives at most this many events before reaching it.
    every: i64,
}

async fn bookkeeping(conn: &mut SqliteConnection) -> sqlx::Result<Bookkeeping> {
    let row = sqlx::query(
        "SELECT initial, floor, k, online_weight, last_at, last_id, since_checkpoint,
         checkpoint_every FROM score_fold WHERE id = 1",
    )
    .fetch_one(conn)
    .await?;
    let rules = match (
        row.try_get::<Option<i64>, _>(0)?,
        row.try_get::<Option<i64>, _>(1)?,
        row.try_get::<Option<f64>, _>(2)?,
        row.try_get::<Option<f64>, _>(3)?,
    ) {
        (Some(initial), Some(floor), Some(k), Some(online_weight)) => Some(Rules {
            initial,
            floor,
            k,
            online_weight,
        }),
        _ => None,
    };
    let last = match (
        row.try_get::<Option<String>, _>(4)?,
        row.try_get::<Option<i64>, _>(5)?,
    ) {
        (Some(at), Some(id)) => Some(Position { at, id }),
        _ => None,
    };
    Ok(Bookkeeping {
        rules,
        last,
        since_checkpoint: row.try_get(6)?,
        every: row.try_get(7)?,
    })
}

async fn set_bookkeeping(
    conn: &mut SqliteConnection,
    rules: &Rules,
    last: Option<&Position>,
    since_checkpoint: i64,
) -> sqlx::Result<()> {
    sqlx::query(
        "UPDATE score_fold SET initial = ?, floor = ?, k = ?, online_weight = ?, last_at = ?,
         last_id = ?, since_checkpoint = ? WHERE id = 1",
    )
    .bind(rules.initial)
    .bind(rules.floor)
    .bind(rules.k)
    .bind(rules.online_weight)
    .bind(last.map(|p| p.at.as_str()))
    .bind(last.map(|p| p.id))
    .bind(since_checkpoint)
    .execute(conn)
    .await?;
    Ok(())
}

// ---------------------------------------------------------------------------------------------
// Reading the history in fold order

/// The live events after a position, in fold order: the one query every replay, every check
/// and the benchmark's bare read use.
const EVENTS_AFTER: &str =
    "SELECT e.id, e.at, e.kind, e.person_id, e.amount, g.white_id, g.black_id, g.result, g.online
     FROM score_events e LEFT JOIN games g ON g.id = e.game_id
     WHERE e.voided_at IS NULL AND (e.at, e.id) > (?, ?)
     ORDER BY e.at, e.id LIMIT ?";

/// The same columns for one event.
const EVENT_BY_ID: &str =
    "SELECT e.id, e.at, e.kind, e.person_id, e.amount, g.white_id, g.black_id, g.result, g.online
     FROM score_events e LEFT JOIN games g ON g.id = e.game_id
     WHERE e.id = ?";

async fn chunk_after(conn: &mut SqliteConnection, pos: &Position) -> sqlx::Result<Vec<SqliteRow>> {
    sqlx::query(EVENTS_AFTER)
        .bind(&pos.at)
        .bind(pos.id)
        .bind(CHUNK)
        .fetch_all(conn)
        .await
}

fn position_of(row: &SqliteRow) -> sqlx::Result<Position> {
    Ok(Position {
        at: row.try_get(1)?,
        id: row.try_get(0)?,
    })
}

/// An event as the fold reads it; `None` for a row the fold cannot read (a game event whose
/// game is missing), which moves nobody, as before scores were materialised.
fn event_of(row: &SqliteRow) -> sqlx::Result<Option<Event>> {
    let kind: &str = row.try_get(2)?;
    let amount: Option<i64> = row.try_get(4)?;
    let change = match kind {
        "joined" => Change::Joined,
        "removed" => Change::Removed,
        "halve" => Change::Halve,
        "reset" => Change::Reset,
        "game" => {
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
        _ => match amount {
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

// ---------------------------------------------------------------------------------------------
// Steps and checkpoints

/// How one event moved the scores, as stored in `score_steps`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
struct Step {
    event_id: i64,
    a: (i64, i64, i64),
    b: Option<(i64, i64, i64)>,
}

impl Step {
    fn of(event_id: i64, movements: &[Movement]) -> Option<Step> {
        let part = |m: &Movement| (m.person, m.before, m.after);
        Some(Step {
            event_id,
            a: part(movements.first()?),
            b: movements.get(1).map(part),
        })
    }

    fn movements(self) -> impl Iterator<Item = Movement> {
        [Some(self.a), self.b]
            .into_iter()
            .flatten()
            .map(move |(person, before, after)| Movement {
                event_id: self.event_id,
                person,
                before,
                after,
            })
    }

    fn from_row(row: &SqliteRow) -> sqlx::Result<Step> {
        let b_id: Option<i64> = row.try_get("b_id")?;
        Ok(Step {
            event_id: row.try_get("event_id")?,
            a: (
                row.try_get("a_id")?,
                row.try_get("a_before")?,
                row.try_get("a_after")?,
            ),
            b: match b_id {
                Some(id) => Some((
                    id,
                    row.try_get::<Option<i64>, _>("b_before")?.unwrap_or(0),
                    row.try_get::<Option<i64>, _>("b_after")?.unwrap_or(0),
                )),
                None => None,
            },
        })
    }
}

fn insert_sql(table_and_columns: &str, per_row: usize, rows: usize) -> String {
    let one = format!("({})", vec!["?"; per_row].join(", "));
    format!(
        "INSERT INTO {table_and_columns} VALUES {}",
        vec![one; rows].join(", ")
    )
}

async fn insert_steps(conn: &mut SqliteConnection, steps: &[Step]) -> sqlx::Result<()> {
    static FULL: OnceLock<String> = OnceLock::new();
    let full = FULL.get_or_init(|| {
        insert_sql(
            "score_steps (event_id, a_id, a_before, a_after, b_id, b_before, b_after)",
            7,
            BATCH,
        )
    });
    for batch in steps.chunks(BATCH) {
        let partial;
        let sql = if batch.len() == BATCH {
            full.as_str()
        } else {
            partial = insert_sql(
                "score_steps (event_id, a_id, a_before, a_after, b_id, b_before, b_after)",
                7,
                batch.len(),
            );
            partial.as_str()
        };
        let mut query = sqlx::query(sql).persistent(batch.len() == BATCH);
        for s in batch {
            query = query
                .bind(s.event_id)
                .bind(s.a.0)
                .bind(s.a.1)
                .bind(s.a.2)
                .bind(s.b.map(|b| b.0))
                .bind(s.b.map(|b| b.1))
                .bind(s.b.map(|b| b.2));
        }
        query.execute(&mut *conn).await?;
    }
    Ok(())
}

/// The scores, compactly: sorted by member, each as the gap from the previous member's id and
/// the score, both zigzag varints (about 3 bytes a member).
pub fn encode_state(scores: &HashMap<i64, i64>) -> Vec<u8> {
    let mut ids: Vec<(&i64, &i64)> = scores.iter().collect();
    ids.sort_unstable();
    let mut out = Vec::with_capacity(ids.len() * 3);
    let mut previous = 0;
    for (&id, &score) in ids {
        put_varint(&mut out, id - previous);
        put_varint(&mut out, score);
        previous = id;
    }
    out
}

/// The inverse of `encode_state`; `None` if the bytes are not a state.
pub fn decode_state(mut bytes: &[u8]) -> Option<HashMap<i64, i64>> {
    let mut scores = HashMap::new();
    let mut id = 0;
    while !bytes.is_empty() {
        id += get_varint(&mut bytes)?;
        scores.insert(id, get_varint(&mut bytes)?);
    }
    Some(scores)
}

fn put_varint(out: &mut Vec<u8>, value: i64) {
    let mut v = ((value << 1) ^ (value >> 63)) as u64;
    while v >= 0x80 {
        out.push((v as u8) | 0x80);
        v >>= 7;
    }
    out.push(v as u8);
}

fn get_varint(bytes: &mut &[u8]) -> Option<i64> {
    let mut v: u64 = 0;
    for shift in (0..64).step_by(7) {
        let (&b, rest) = bytes.split_first()?;
        *bytes = rest;
        v |= u64::from(b & 0x7f) << shift;
        if b < 0x80 {
            return Some((v >> 1) as i64 ^ -((v & 1) as i64));
        }
    }
    None
}

/// A checkpoint: the fold's state after the live event at `pos`, the `events`-th one.
#[derive(Debug, Clone, PartialEq, Eq)]
struct Checkpoint {
    pos: Position,
    events: i64,
    state: Vec<u8>,
}

async fn insert_checkpoint(conn: &mut SqliteConnection, c: &Checkpoint) -> sqlx::Result<()> {
    sqlx::query("INSERT INTO score_checkpoints (at, event_id, events, state) VALUES (?, ?, ?, ?)")
        .bind(&c.pos.at)
        .bind(c.pos.id)
        .bind(c.events)
        .bind(&c.state)
        .execute(conn)
        .await?;
    Ok(())
}

fn checkpoint_of(row: &SqliteRow) -> sqlx::Result<Checkpoint> {
    Ok(Checkpoint {
        pos: Position {
            at: row.try_get("at")?,
            id: row.try_get("event_id")?,
        },
        events: row.try_get("events")?,
        state: row.try_get("state")?,
    })
}

// ---------------------------------------------------------------------------------------------
// Current scores

async fn scores_of(conn: &mut SqliteConnection, people: &[i64]) -> sqlx::Result<HashMap<i64, i64>> {
    let mut scores = HashMap::new();
    for &p in people {
        let score: Option<i64> =
            sqlx::query_scalar("SELECT score FROM standings WHERE person_id = ?")
                .bind(p)
                .fetch_optional(&mut *conn)
                .await?;
        if let Some(s) = score {
            scores.insert(p, s);
        }
    }
    Ok(scores)
}

/// The whole materialised state: every score the fold holds.
pub async fn all_scores(conn: &mut SqliteConnection) -> sqlx::Result<HashMap<i64, i64>> {
    let rows: Vec<(i64, i64)> = sqlx::query_as("SELECT person_id, score FROM standings")
        .fetch_all(conn)
        .await?;
    Ok(rows.into_iter().collect())
}

/// Writes the scores of `people` from `state`: a score where the state has one, no row where
/// it has none (off the Leaderboard).
async fn write_scores(
    conn: &mut SqliteConnection,
    state: &HashMap<i64, i64>,
    people: impl IntoIterator<Item = i64>,
) -> sqlx::Result<()> {
    let mut upserts = Vec::new();
    for p in people {
        match state.get(&p) {
            Some(&s) => upserts.push((p, s)),
            None => {
                sqlx::query("DELETE FROM standings WHERE person_id = ?")
                    .bind(p)
                    .execute(&mut *conn)
                    .await?;
            }
        }
    }
    for batch in upserts.chunks(BATCH) {
        let sql = format!(
            "{} ON CONFLICT (person_id) DO UPDATE SET score = excluded.score",
            insert_sql("standings (person_id, score)", 2, batch.len())
        );
        let mut query = sqlx::query(&sql).persistent(batch.len() <= 2);
        for (p, s) in batch {
            query = query.bind(p).bind(s);
        }
        query.execute(&mut *conn).await?;
    }
    Ok(())
}

// ---------------------------------------------------------------------------------------------
// Keeping the state: append, change, rebuild

/// After `event_id` was appended: one step of the fold if it is the newest event, else (a
/// backdated event) a re-derivation from the checkpoint before it.
pub(crate) async fn appended(conn: &mut SqliteConnection, event_id: i64) -> sqlx::Result<()> {
    let book = bookkeeping(conn).await?;
    // Not built yet: gavel folds the history when it opens the database (`adopt`).
    let Some(rules) = book.rules else {
        return Ok(());
    };
    let row = sqlx::query(EVENT_BY_ID)
        .bind(event_id)
        .fetch_one(&mut *conn)
        .await?;
    let pos = position_of(&row)?;
    if book.last.as_ref().is_some_and(|last| pos <= *last) {
        return rederive_from(conn, &book, &rules, &pos).await;
    }
    if let Some(event) = event_of(&row)? {
        let people = event.people();
        let mut state = scores_of(conn, &people).await?;
        let mut movements = Vec::with_capacity(2);
        score::step(&mut state, &event, &rules, Some(&mut movements));
        if let Some(step) = Step::of(event_id, &movements) {
            write_scores(conn, &state, step.movements().map(|m| m.person)).await?;
            insert_steps(conn, &[step]).await?;
        }
    }
    let mut since = book.since_checkpoint + 1;
    if since >= book.every {
        let before: Option<i64> = sqlx::query_scalar(
            "SELECT events FROM score_checkpoints ORDER BY at DESC, event_id DESC LIMIT 1",
        )
        .fetch_optional(&mut *conn)
        .await?;
        let state = all_scores(conn).await?;
        insert_checkpoint(
            conn,
            &Checkpoint {
                pos: pos.clone(),
                events: before.unwrap_or(0) + since,
                state: encode_state(&state),
            },
        )
        .await?;
        since = 0;
    }
    set_bookkeeping(conn, &rules, Some(&pos), since).await
}

/// After the live events at `changed` (the earliest of them) were voided or brought back.
pub(crate) async fn changed(
    conn: &mut SqliteConnection,
    changed: impl IntoIterator<Item = Position>,
) -> sqlx::Result<()> {
    let Some(earliest) = changed.into_iter().min() else {
        return Ok(());
    };
    let book = bookkeeping(conn).await?;
    let Some(rules) = book.rules else {
        return Ok(());
    };
    rederive_from(conn, &book, &rules, &earliest).await
}

/// Re-derives everything after the last checkpoint strictly before `changed`: the steps, the
/// later checkpoints, and the score of everyone the old or the new history moved since.
async fn rederive_from(
    conn: &mut SqliteConnection,
    book: &Bookkeeping,
    rules: &Rules,
    changed: &Position,
) -> sqlx::Result<()> {
    let row = sqlx::query(
        "SELECT at, event_id, events, state FROM score_checkpoints
         WHERE (at, event_id) < (?, ?) ORDER BY at DESC, event_id DESC LIMIT 1",
    )
    .bind(&changed.at)
    .bind(changed.id)
    .fetch_optional(&mut *conn)
    .await?;
    let Some(checkpoint) = row.as_ref().map(checkpoint_of).transpose()? else {
        return rebuild_with(conn, book.every, rules).await;
    };
    let Some(mut state) = decode_state(&checkpoint.state) else {
        return rebuild_with(conn, book.every, rules).await;
    };
    // How much of the history lies after the checkpoint (as it stood before this change).
    let latest: Option<i64> = sqlx::query_scalar(
        "SELECT events FROM score_checkpoints ORDER BY at DESC, event_id DESC LIMIT 1",
    )
    .fetch_optional(&mut *conn)
    .await?;
    let total = latest.unwrap_or(0) + book.since_checkpoint;
    let after = total - checkpoint.events;
    if after * 2 > total {
        // Most of the history (an old event, or the club's first checkpoints are its joins):
        // folding the rest too costs little, and whole-table deletes cost far less than
        // deleting the later half row by row.
        return rebuild_with(conn, book.every, rules).await;
    }
    let from = &checkpoint.pos;
    sqlx::query("DELETE FROM score_checkpoints WHERE (at, event_id) > (?, ?)")
        .bind(&from.at)
        .bind(from.id)
        .execute(&mut *conn)
        .await?;
    let delete_steps = "DELETE FROM score_steps WHERE event_id IN
           (SELECT id FROM score_events WHERE (at, id) > (?, ?))";
    if after > 8 * book.every {
        // A long stretch: compare every score with the stored one afterwards, rather than
        // reading back every deleted step to learn whom it moved.
        sqlx::query(delete_steps)
            .bind(&from.at)
            .bind(from.id)
            .execute(&mut *conn)
            .await?;
        let end = replay(
            conn,
            book.every,
            rules,
            &mut state,
            from.clone(),
            checkpoint.events,
            None,
        )
        .await?;
        let stored = all_scores(conn).await?;
        let differ: Vec<i64> = stored
            .iter()
            .filter(|(p, s)| state.get(p) != Some(s))
            .map(|(p, _)| *p)
            .chain(
                state
                    .iter()
                    .filter(|(p, s)| stored.get(p) != Some(s))
                    .map(|(p, _)| *p),
            )
            .collect::<HashSet<i64>>()
            .into_iter()
            .collect();
        write_scores(conn, &state, differ).await?;
        return set_bookkeeping(conn, rules, Some(&end.last), end.since_checkpoint).await;
    }
    // Whoever the old history moved after the checkpoint may have a different score now.
    let old: Vec<(i64, Option<i64>)> =
        sqlx::query_as(&format!("{delete_steps} RETURNING a_id, b_id"))
            .bind(&from.at)
            .bind(from.id)
            .fetch_all(&mut *conn)
            .await?;
    let mut touched: HashSet<i64> = old
        .into_iter()
        .flat_map(|(a, b)| std::iter::once(a).chain(b))
        .collect();
    let end = replay(
        conn,
        book.every,
        rules,
        &mut state,
        from.clone(),
        checkpoint.events,
        Some(&mut touched),
    )
    .await?;
    // Nobody else's score differs from the checkpoint's, in the old history or the new.
    write_scores(conn, &state, touched).await?;
    set_bookkeeping(conn, rules, Some(&end.last), end.since_checkpoint).await
}

struct Replayed {
    last: Position,
    since_checkpoint: i64,
}

/// Folds the live events after `from` (the `events`-th) onto `state`, writing their steps and
/// a checkpoint every `every` events. Returns where it ended.
async fn replay(
    conn: &mut SqliteConnection,
    every: i64,
    rules: &Rules,
    state: &mut HashMap<i64, i64>,
    from: Position,
    mut events: i64,
    mut touched: Option<&mut HashSet<i64>>,
) -> sqlx::Result<Replayed> {
    let mut pos = from;
    let mut since = 0;
    let mut movements = Vec::with_capacity(2);
    let mut steps = Vec::with_capacity(CHUNK as usize);
    loop {
        let rows = chunk_after(conn, &pos).await?;
        let mut checkpoints = Vec::new();
        for row in &rows {
            if let Some(event) = event_of(row)? {
                movements.clear();
                score::step(state, &event, rules, Some(&mut movements));
                if let Some(step) = Step::of(event.id, &movements) {
                    if let Some(t) = touched.as_deref_mut() {
                        t.extend(step.movements().map(|m| m.person));
                    }
                    steps.push(step);
                }
            }
            events += 1;
            since += 1;
            if since == every {
                checkpoints.push(Checkpoint {
                    pos: position_of(row)?,
                    events,
                    state: encode_state(state),
                });
                since = 0;
            }
        }
        insert_steps(conn, &steps).await?;
        steps.clear();
        for c in &checkpoints {
            insert_checkpoint(conn, c).await?;
        }
        if let Some(row) = rows.last() {
            pos = position_of(row)?;
        }
        if (rows.len() as i64) < CHUNK {
            return Ok(Replayed {
                last: pos,
                since_checkpoint: since,
            });
        }
    }
}

/// Folds the whole history again: scores, steps and checkpoints, with `rules`.
async fn rebuild_with(conn: &mut SqliteConnection, every: i64, rules: &Rules) -> sqlx::Result<()> {
    // Whole-table deletes, which SQLite does without visiting the rows.
    sqlx::query("DELETE FROM score_steps")
        .execute(&mut *conn)
        .await?;
    sqlx::query("DELETE FROM score_checkpoints")
        .execute(&mut *conn)
        .await?;
    sqlx::query("DELETE FROM standings")
        .execute(&mut *conn)
        .await?;
    let mut state = HashMap::new();
    let end = replay(conn, every, rules, &mut state, Position::start(), 0, None).await?;
    let people: Vec<i64> = state.keys().copied().collect();
    write_scores(conn, &state, people).await?;
    let last = (end.last != Position::start()).then_some(&end.last);
    set_bookkeeping(conn, rules, last, end.since_checkpoint).await
}

/// `gavel rebuild`: derives the scores, steps and checkpoints from the events alone, for a
/// database whose events were written or repaired by other means.
pub async fn rebuild(conn: &mut SqliteConnection, rules: &Rules) -> sqlx::Result<()> {
    let every = bookkeeping(conn).await?.every;
    rebuild_with(conn, every, rules).await
}

/// Makes sure the state is built with these rules (the config's), folding the history if it
/// never was (a database from before scores were materialised) or was folded with others.
/// Returns true if it folded.
pub async fn adopt(conn: &mut SqliteConnection, rules: &Rules) -> sqlx::Result<bool> {
    let book = bookkeeping(conn).await?;
    if book.rules == Some(*rules) {
        return Ok(false);
    }
    rebuild_with(conn, book.every, rules).await?;
    Ok(true)
}

// ---------------------------------------------------------------------------------------------
// Proof

/// `gavel check`: folds the whole history from the events and compares it with the
/// materialised state. Returns every difference found (empty when they are equal), each
/// sentence naming what differs.
pub async fn check(conn: &mut SqliteConnection, rules: &Rules) -> sqlx::Result<Vec<String>> {
    const ENOUGH: usize = 20;
    let mut problems = Vec::new();
    let book = bookkeeping(conn).await?;
    if book.rules != Some(*rules) {
        problems.push(format!(
            "the scores were folded with rules {:?}, not the configured {:?}",
            book.rules, rules
        ));
    }
    let mut state = HashMap::new();
    let mut movements = Vec::with_capacity(2);
    let mut checkpoints = Vec::new();
    let (mut events, mut since, mut steps_expected) = (0i64, 0i64, 0i64);
    let mut pos = Position::start();
    loop {
        let rows = chunk_after(conn, &pos).await?;
        let mut expected = HashMap::new();
        for row in &rows {
            if let Some(event) = event_of(row)? {
                movements.clear();
                score::step(&mut state, &event, rules, Some(&mut movements));
                if let Some(step) = Step::of(event.id, &movements) {
                    expected.insert(event.id, step);
                }
            }
            events += 1;
            since += 1;
            if since == book.every {
                checkpoints.push(Checkpoint {
                    pos: position_of(row)?,
                    events,
                    state: encode_state(&state),
                });
                since = 0;
            }
        }
        steps_expected += expected.len() as i64;
        let Some(last) = rows.last() else { break };
        let end = position_of(last)?;
        // The stored steps of every event in this stretch of history, void ones included.
        let stored = sqlx::query(
            "SELECT s.* FROM score_events e JOIN score_steps s ON s.event_id = e.id
             WHERE (e.at, e.id) > (?, ?) AND (e.at, e.id) <= (?, ?)",
        )
        .bind(&pos.at)
        .bind(pos.id)
        .bind(&end.at)
        .bind(end.id)
        .fetch_all(&mut *conn)
        .await?;
        for row in &stored {
            let step = Step::from_row(row)?;
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
        pos = end;
        if problems.len() > ENOUGH || (rows.len() as i64) < CHUNK {
            break;
        }
    }
    let stored_steps: i64 = sqlx::query_scalar("SELECT COUNT(*) FROM score_steps")
        .fetch_one(&mut *conn)
        .await?;
    if problems.len() <= ENOUGH && stored_steps != steps_expected {
        problems.push(format!(
            "{stored_steps} steps are stored, but the history has {steps_expected}"
        ));
    }
    let stored = all_scores(conn).await?;
    let mut people: Vec<i64> = stored.keys().chain(state.keys()).copied().collect();
    people.sort_unstable();
    people.dedup();
    for p in people {
        let (s, f) = (stored.get(&p), state.get(&p));
        if s != f {
            problems.push(format!(
                "member {p}: the stored score is {}, the fold of the history gives {}",
                s.map_or("none".into(), |s| s.to_string()),
                f.map_or("none".into(), |s| s.to_string())
            ));
        }
    }
    let stored: Vec<Checkpoint> = sqlx::query(
        "SELECT at, event_id, events, state FROM score_checkpoints ORDER BY at, event_id",
    )
    .fetch_all(&mut *conn)
    .await?
    .iter()
    .map(checkpoint_of)
    .collect::<sqlx::Result<_>>()?;
    if stored != checkpoints {
        let at = stored
            .iter()
            .zip(&checkpoints)
            .position(|(s, e)| s != e)
            .unwrap_or(stored.len().min(checkpoints.len()));
        problems.push(format!(
            "{} checkpoints are stored and {} expected; they first differ at number {}",
            stored.len(),
            checkpoints.len(),
            at + 1
        ));
    }
    let last = (events > 0).then_some(pos);
    if book.last != last || book.since_checkpoint != since {
        problems.push(format!(
            "the fold is recorded at {:?} with {} events since its last checkpoint; the history \
             ends at {last:?} with {since}",
            book.last, book.since_checkpoint
        ));
    }
    Ok(problems)
}

// ---------------------------------------------------------------------------------------------
// Reading what commands need

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
) -> sqlx::Result<Vec<(crate::store::leaderboard::events::EventRow, Movement)>> {
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::store::leaderboard::events::{self, NewEvent};
    use chrono::{DateTime, Duration, TimeZone, Utc};
    use sqlx::SqlitePool;

    const RULES: Rules = Rules {
        initial: 100,
        floor: 100,
        k: 32.0,
        online_weight: 0.5,
    };

    /// A small deterministic generator (xorshift), so property tests need no dependency.
    struct Rng(u64);

    impl Rng {
        fn below(&mut self, n: u64) -> u64 {
            self.0 ^= self.0 << 13;
            self.0 ^= self.0 >> 7;
            self.0 ^= self.0 << 17;
            self.0 % n
        }
    }

    /// A fresh database with six people, checkpointing every `every` events.
    async fn club(every: i64) -> SqlitePool {
        let pool = crate::store::open(crate::store::IN_MEMORY).await.unwrap();
        crate::store::migrate(&pool).await.unwrap();
        let mut conn = pool.acquire().await.unwrap();
        sqlx::query("UPDATE score_fold SET checkpoint_every = ?")
            .bind(every)
            .execute(&mut *conn)
            .await
            .unwrap();
        for p in 1..=6 {
            sqlx::query("INSERT INTO people (id, name, created_at) VALUES (?, ?, ?)")
                .bind(p)
                .bind(format!("p{p}"))
                .bind(start())
                .execute(&mut *conn)
                .await
                .unwrap();
        }
        pool
    }

    fn start() -> DateTime<Utc> {
        Utc.with_ymd_and_hms(2026, 1, 1, 12, 0, 0).unwrap()
    }

    async fn event(
        conn: &mut SqliteConnection,
        at: DateTime<Utc>,
        kind: &str,
        person: Option<i64>,
        game: Option<i64>,
        action: Option<i64>,
        amount: Option<i64>,
    ) -> i64 {
        events::append(
            conn,
            &NewEvent {
                at,
                kind,
                person_id: person,
                game_id: game,
                action_id: action,
                amount,
                reason: "test",
            },
        )
        .await
        .unwrap()
    }

    async fn game(conn: &mut SqliteConnection, rng: &mut Rng, at: DateTime<Utc>) -> i64 {
        let white = 1 + rng.below(6) as i64;
        let black = 1 + (white + rng.below(5) as i64) % 6;
        let result = ["white", "black", "draw"][rng.below(3) as usize];
        sqlx::query_scalar(
            "INSERT INTO games (white_id, black_id, result, online, played_at, club_date,
             registered_by, status) VALUES (?, ?, ?, ?, ?, '2026-01-01', 1, 'counted') RETURNING id",
        )
        .bind(white)
        .bind(black)
        .bind(result)
        .bind(rng.below(4) == 0)
        .bind(at)
        .fetch_one(conn)
        .await
        .unwrap()
    }

    /// The materialised state must be exactly a full fold of the history.
    async fn assert_proven(conn: &mut SqliteConnection, when: &str) {
        let problems = check(conn, &RULES).await.unwrap();
        assert!(problems.is_empty(), "{when}: {problems:#?}");
        let full = score::fold(&live_events(conn).await.unwrap(), &RULES, false);
        assert_eq!(all_scores(conn).await.unwrap(), full.scores, "{when}");
    }

    #[tokio::test]
    async fn the_incremental_fold_equals_the_full_fold_whatever_changes_and_where() {
        for (seed, every) in [(7, 5), (99, 3), (2026, 16)] {
            let pool = club(every).await;
            let mut conn = pool.acquire().await.unwrap();
            let mut rng = Rng(seed);
            let (mut games, mut voided, mut actions) = (Vec::new(), Vec::new(), Vec::new());
            for p in 1..=6 {
                event(&mut conn, start(), "joined", Some(p), None, None, None).await;
            }
            for i in 1..=300i64 {
                // Mostly the newest event; sometimes backdated into the past (a penalty
                // dated when it was taken), which re-derives from the checkpoint before it.
                let at = if rng.below(8) == 0 {
                    start() + Duration::minutes(rng.below(i as u64) as i64)
                } else {
                    start() + Duration::minutes(i)
                };
                let p = Some(1 + rng.below(6) as i64);
                match rng.below(20) {
                    0 => {
                        event(&mut conn, at, "joined", p, None, None, None).await;
                    }
                    1 => {
                        event(&mut conn, at, "removed", p, None, None, None).await;
                    }
                    2 | 3 => {
                        let points = rng.below(60) as i64 - 40;
                        event(&mut conn, at, "deduction", p, None, Some(i), Some(points)).await;
                        actions.push(i);
                    }
                    4 => {
                        event(&mut conn, at, "halve", p, None, Some(i), None).await;
                        actions.push(i);
                    }
                    5 => {
                        event(&mut conn, at, "reset", p, None, Some(i), None).await;
                        actions.push(i);
                    }
                    6 | 7 if !games.is_empty() => {
                        let g = games[rng.below(games.len() as u64) as usize];
                        let reason = format!("case {i}");
                        if events::void_game(&mut conn, g, at, &reason).await.unwrap() > 0 {
                            voided.push((g, reason));
                        }
                    }
                    8 if !voided.is_empty() => {
                        let (g, reason) =
                            voided.swap_remove(rng.below(voided.len() as u64) as usize);
                        events::unvoid_game(&mut conn, g, &reason).await.unwrap();
                    }
                    9 if !actions.is_empty() => {
                        let a = actions[rng.below(actions.len() as u64) as usize];
                        events::void_action(&mut conn, a, at, "void").await.unwrap();
                    }
                    _ => {
                        let g = game(&mut conn, &mut rng, at).await;
                        event(&mut conn, at, "game", None, Some(g), None, None).await;
                        games.push(g);
                    }
                }
                if i % 20 == 0 {
                    assert_proven(&mut conn, &format!("seed {seed}, after {i} changes")).await;
                }
            }
            let checkpoints: i64 = sqlx::query_scalar("SELECT COUNT(*) FROM score_checkpoints")
                .fetch_one(&mut *conn)
                .await
                .unwrap();
            assert!(checkpoints > 10, "the history spans several checkpoints");
        }
    }

    #[tokio::test]
    async fn check_finds_a_tampered_score_step_or_checkpoint_and_rebuild_mends_it() {
        let pool = club(4).await;
        let mut conn = pool.acquire().await.unwrap();
        let mut rng = Rng(5);
        for p in 1..=6 {
            event(&mut conn, start(), "joined", Some(p), None, None, None).await;
        }
        for i in 1..=30 {
            let at = start() + Duration::minutes(i);
            let g = game(&mut conn, &mut rng, at).await;
            event(&mut conn, at, "game", None, Some(g), None, None).await;
        }
        assert_proven(&mut conn, "before tampering").await;
        for tamper in [
            "UPDATE standings SET score = score + 1 WHERE person_id = 3",
            "DELETE FROM standings WHERE person_id = 2",
            "UPDATE score_steps SET a_after = a_after + 1 WHERE event_id = 20",
            "DELETE FROM score_steps WHERE event_id = 21",
            "UPDATE score_checkpoints SET state = x'02c801'",
            "DELETE FROM score_checkpoints WHERE events = 8",
            "UPDATE score_fold SET since_checkpoint = since_checkpoint + 1",
            "UPDATE score_events SET voided_at = at WHERE id = 15",
        ] {
            sqlx::query(tamper).execute(&mut *conn).await.unwrap();
            let problems = check(&mut conn, &RULES).await.unwrap();
            assert!(!problems.is_empty(), "{tamper} goes unnoticed");
            rebuild(&mut conn, &RULES).await.unwrap();
            assert_proven(&mut conn, tamper).await;
        }
        let other = Rules { k: 16.0, ..RULES };
        assert!(!check(&mut conn, &other).await.unwrap().is_empty());
        assert!(adopt(&mut conn, &other).await.unwrap());
        assert!(check(&mut conn, &other).await.unwrap().is_empty());
        assert!(!adopt(&mut conn, &other).await.unwrap());
    }

    #[test]
    fn a_state_survives_its_encoding() {
        let scores = HashMap::from([(1, 100), (2, 1500), (9_000_000_000, 100), (7, 100_000)]);
        let bytes = encode_state(&scores);
        assert_eq!(decode_state(&bytes), Some(scores));
        assert_eq!(decode_state(&[]), Some(HashMap::new()));
        assert_eq!(decode_state(&[0x80]), None, "a truncated varint is refused");
    }

    #[test]
    fn a_club_state_takes_a_few_bytes_a_member() {
        let scores: HashMap<i64, i64> = (1..=10_000).map(|p| (p, 100 + p % 1500)).collect();
        assert!(encode_state(&scores).len() <= 10_000 * 4);
    }
}
