//! The proof: `gavel check` folds the whole history from the events and compares the
//! materialised state with it (the fold and the reads through the connection's own handle,
//! `bulk`).

use sqlx::SqliteConnection;

use crate::domain::leaderboard::score::Rules;

use super::bulk;
use super::fold::bookkeeping;
use super::scores::all_scores;

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
    let every = book.every;
    let folded = bulk::on_handle(conn, |c| bulk::fold_and_compare(c, rules, every, ENOUGH)).await?;
    problems.extend(folded.problems);
    if problems.len() <= ENOUGH && folded.steps_stored != folded.steps_expected {
        problems.push(format!(
            "{} steps are stored, but the history has {}",
            folded.steps_stored, folded.steps_expected
        ));
    }
    let stored = all_scores(conn).await?;
    let state = folded.state;
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
    let (stored, checkpoints) = (folded.stored_checkpoints, folded.checkpoints);
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
    let last = (folded.events > 0).then_some(folded.last);
    if book.last != last || book.since_checkpoint != folded.since {
        problems.push(format!(
            "the fold is recorded at {:?} with {} events since its last checkpoint; the history \
             ends at {last:?} with {}",
            book.last, book.since_checkpoint, folded.since
        ));
    }
    Ok(problems)
}
