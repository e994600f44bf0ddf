//! Steps and checkpoints: how each event moved the scores, as stored in `score_steps`, and the
//! fold's state every so many events, encoded compactly in `score_checkpoints`.

use std::collections::HashMap;
use std::sync::OnceLock;

use sqlx::sqlite::SqliteRow;
use sqlx::{Row, SqliteConnection};

use crate::domain::leaderboard::score::Movement;

use super::history::Position;

/// Rows per multi-row insert (7 values each, well under SQLite's limit of bound values).
pub(super) const BATCH: usize = 256;

/// One member's part in a step: the person, the score before and the score after.
pub(super) type Part = (i64, i64, i64);

/// How one event moved the scores, as stored in `score_steps`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) struct Step {
    pub(super) event_id: i64,
    a: (i64, i64, i64),
    b: Option<(i64, i64, i64)>,
}

impl Step {
    pub(super) fn of(event_id: i64, movements: &[Movement]) -> Option<Step> {
        let part = |m: &Movement| (m.person, m.before, m.after);
        Some(Step {
            event_id,
            a: part(movements.first()?),
            b: movements.get(1).map(part),
        })
    }

    pub(super) fn from_parts(event_id: i64, a: Part, b: Option<Part>) -> Step {
        Step { event_id, a, b }
    }

    /// Member a's and member b's parts, as stored.
    pub(super) fn parts(self) -> (Part, Option<Part>) {
        (self.a, self.b)
    }

    pub(super) fn movements(self) -> impl Iterator<Item = Movement> {
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

    pub(super) fn from_row(row: &SqliteRow) -> sqlx::Result<Step> {
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

pub(super) fn insert_sql(table_and_columns: &str, per_row: usize, rows: usize) -> String {
    let one = format!("({})", vec!["?"; per_row].join(", "));
    format!(
        "INSERT INTO {table_and_columns} VALUES {}",
        vec![one; rows].join(", ")
    )
}

pub(super) async fn insert_steps(conn: &mut SqliteConnection, steps: &[Step]) -> sqlx::Result<()> {
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

pub(super) fn put_varint(out: &mut Vec<u8>, value: i64) {
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
pub(super) struct Checkpoint {
    pub(super) pos: Position,
    pub(super) events: i64,
    pub(super) state: Vec<u8>,
}

pub(super) async fn insert_checkpoint(
    conn: &mut SqliteConnection,
    c: &Checkpoint,
) -> sqlx::Result<()> {
    sqlx::query("INSERT INTO score_checkpoints (at, event_id, events, state) VALUES (?, ?, ?, ?)")
        .bind(&c.pos.at)
        .bind(c.pos.id)
        .bind(c.events)
        .bind(&c.state)
        .execute(conn)
        .await?;
    Ok(())
}

pub(super) fn checkpoint_of(row: &SqliteRow) -> sqlx::Result<Checkpoint> {
    Ok(Checkpoint {
        pos: Position {
            at: row.try_get("at")?,
            id: row.try_get("event_id")?,
        },
        events: row.try_get("events")?,
        state: row.try_get("state")?,
    })
}
