//! The proof: `gavel check` folds the whole history from the events and compares the
//! materialised state with it.

use std::collections::HashMap;

use sqlx::SqliteConnection;

use crate::domain::leaderboard::score::{self, Rules};

use super::fold::bookkeeping;
use super::history::{chunk_after, event_of, position_of, Position, CHUNK};
use super::scores::all_scores;
use super::steps::{checkpoint_of, encode_state, Checkpoint, Step};

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
