//! Keeping the state: one step for an appended event, a re-derivation from the checkpoint
//! before an older change, and folding the whole history again, with the bookkeeping row that
//! says how far the fold has come.

use std::collections::{HashMap, HashSet};

use sqlx::{Row, SqliteConnection};

use crate::domain::leaderboard::score::{self, Rules};

use super::bulk::{self, Replayed};
use super::history::{event_of, position_of, Position, EVENT_BY_ID};
use super::scores::{all_scores, scores_of, write_scores};
use super::steps::{
    checkpoint_of, decode_state, encode_state, insert_checkpoint, insert_steps, Checkpoint, Step,
};

/// The bookkeeping row of the materialised fold.
#[derive(Debug, Clone)]
pub(super) struct Bookkeeping {
    pub(super) rules: Option<Rules>,
    pub(super) last: Option<Position>,
    pub(super) since_checkpoint: i64,
    /// Live events folded between two checkpoints (`score_fold.checkpoint_every`, 2048): a
    /// change to an event re-derives at most this many events before reaching it.
    pub(super) every: i64,
}

pub(super) async fn bookkeeping(conn: &mut SqliteConnection) -> sqlx::Result<Bookkeeping> {
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
    // Whoever a step that changes moved, before or after, may have a different score now;
    // nobody else's score differs from the one stored.
    let mut touched = HashSet::new();
    let end = replay(
        conn,
        book.every,
        rules,
        &mut state,
        from.clone(),
        checkpoint.events,
        &mut touched,
    )
    .await?;
    write_scores(conn, &state, touched).await?;
    set_bookkeeping(conn, rules, Some(&end.last), end.since_checkpoint).await
}

/// Folds the live events after `from` (the `events`-th) onto `state`, making each one's stored
/// step what the fold gives and writing a checkpoint every `every` events, through the
/// connection's own handle (`bulk`); the steps of events void now are taken out first. Adds
/// whoever a changed step moves to `touched`. Returns where it ended.
async fn replay(
    conn: &mut SqliteConnection,
    every: i64,
    rules: &Rules,
    state: &mut HashMap<i64, i64>,
    from: Position,
    events: i64,
    touched: &mut HashSet<i64>,
) -> sqlx::Result<Replayed> {
    bulk::on_handle(conn, |c| {
        touched.extend(bulk::unstep_void(c, &from)?);
        bulk::replay(c, every, rules, state, from, events, touched)
    })
    .await
}

/// Folds the whole history again: scores, steps and checkpoints, with `rules`. Each stored
/// step is compared with the fold's and written only when it differs (`bulk::replay`); a step
/// left for an event that no longer exists is taken out at the end.
async fn rebuild_with(conn: &mut SqliteConnection, every: i64, rules: &Rules) -> sqlx::Result<()> {
    // Whole-table deletes, which SQLite does without visiting the rows.
    sqlx::query("DELETE FROM score_checkpoints")
        .execute(&mut *conn)
        .await?;
    sqlx::query("DELETE FROM standings")
        .execute(&mut *conn)
        .await?;
    let mut state = HashMap::new();
    let mut touched = HashSet::new();
    let end = replay(
        conn,
        every,
        rules,
        &mut state,
        Position::start(),
        0,
        &mut touched,
    )
    .await?;
    // Every live event's step is now the fold's and no void event has one: any other step is
    // an orphan (its event gone), found by the count before it is looked for.
    let stored: i64 = sqlx::query_scalar("SELECT COUNT(*) FROM score_steps")
        .fetch_one(&mut *conn)
        .await?;
    if stored != end.steps {
        sqlx::query(
            "DELETE FROM score_steps WHERE NOT EXISTS
               (SELECT 1 FROM score_events e WHERE e.id = score_steps.event_id)",
        )
        .execute(&mut *conn)
        .await?;
    }
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
