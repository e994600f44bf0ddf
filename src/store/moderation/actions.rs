//! Moderation actions (numbered cases) as stored; what they mean is `domain::moderation`'s.

use chrono::{DateTime, Utc};
use sqlx::SqliteConnection;

use crate::domain::leaderboard::game::GameStatus;
use crate::domain::moderation::{CaseKind, CaseStatus};

/// The cases in force against a person and not lifted: what may restrict their play (the
/// domain decides which do, and when).
pub async fn open_against(
    conn: &mut SqliteConnection,
    person_id: i64,
) -> sqlx::Result<Vec<Action>> {
    sqlx::query_as::<_, Action>(
        "SELECT * FROM actions WHERE target_id = ? AND status = ? AND ended_at IS NULL ORDER BY id",
    )
    .bind(person_id)
    .bind(CaseStatus::InForce)
    .fetch_all(conn)
    .await
}

/// Marks the action whose declaration is this outbox entry as declared.
pub async fn mark_declared(
    conn: &mut SqliteConnection,
    outbox_id: i64,
    at: DateTime<Utc>,
) -> sqlx::Result<()> {
    sqlx::query(
        "UPDATE actions SET declared_at = ? WHERE declaration_outbox_id = ? AND declared_at IS NULL",
    )
    .bind(at)
    .bind(outbox_id)
    .execute(conn)
    .await?;
    Ok(())
}

/// A stored moderation action (a numbered case).
#[derive(Debug, Clone, PartialEq, Eq, sqlx::FromRow)]
pub struct Action {
    pub id: i64,
    pub kind: CaseKind,
    pub target_id: Option<i64>,
    pub actor_id: i64,
    pub reason: String,
    pub offence: Option<String>,
    pub game_id: Option<i64>,
    pub step: Option<i64>,
    pub reversed_game_status: Option<GameStatus>,
    pub points: Option<i64>,
    pub taken_at: DateTime<Utc>,
    pub recorded_at: DateTime<Utc>,
    pub declaration: Option<String>,
    pub declaration_outbox_id: Option<i64>,
    pub declared_at: Option<DateTime<Utc>>,
    pub deadline_at: DateTime<Utc>,
    pub ends_at: Option<DateTime<Utc>>,
    pub ended_at: Option<DateTime<Utc>>,
    pub appealable: bool,
    pub status: CaseStatus,
    pub status_reason: Option<String>,
    /// Why a lesser step of the ladder was chosen (Terms §II Act 5).
    pub discretion: Option<String>,
}

/// An action to record.
#[derive(Debug, Clone)]
pub struct NewAction<'a> {
    pub kind: CaseKind,
    pub target_id: Option<i64>,
    pub actor_id: i64,
    pub reason: &'a str,
    pub offence: Option<&'a str>,
    pub game_id: Option<i64>,
    pub step: Option<i64>,
    pub points: Option<i64>,
    pub taken_at: DateTime<Utc>,
    pub recorded_at: DateTime<Utc>,
    pub deadline_at: DateTime<Utc>,
    pub ends_at: Option<DateTime<Utc>>,
    pub appealable: bool,
    pub discretion: Option<&'a str>,
}

pub async fn insert(conn: &mut SqliteConnection, a: &NewAction<'_>) -> sqlx::Result<i64> {
    sqlx::query_scalar(
        "INSERT INTO actions (kind, target_id, actor_id, reason, offence, game_id, step, points,
           taken_at, recorded_at, deadline_at, ends_at, appealable, discretion)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) RETURNING id",
    )
    .bind(a.kind)
    .bind(a.target_id)
    .bind(a.actor_id)
    .bind(a.reason)
    .bind(a.offence)
    .bind(a.game_id)
    .bind(a.step)
    .bind(a.points)
    .bind(a.taken_at)
    .bind(a.recorded_at)
    .bind(a.deadline_at)
    .bind(a.ends_at)
    .bind(a.appealable)
    .bind(a.discretion)
    .fetch_one(conn)
    .await
}

pub async fn by_id(conn: &mut SqliteConnection, id: i64) -> sqlx::Result<Option<Action>> {
    sqlx::query_as::<_, Action>("SELECT * FROM actions WHERE id = ?")
        .bind(id)
        .fetch_optional(conn)
        .await
}

/// Every action, or every action against one person, in order.
pub async fn list(conn: &mut SqliteConnection, target: Option<i64>) -> sqlx::Result<Vec<Action>> {
    sqlx::query_as::<_, Action>(
        "SELECT * FROM actions WHERE (?1 IS NULL OR target_id = ?1) ORDER BY id",
    )
    .bind(target)
    .fetch_all(conn)
    .await
}

/// How many cases there are, or concern `target` (what `/cases` pages through).
pub async fn count(conn: &mut SqliteConnection, target: Option<i64>) -> sqlx::Result<i64> {
    sqlx::query_scalar("SELECT COUNT(*) FROM actions WHERE (?1 IS NULL OR target_id = ?1)")
        .bind(target)
        .fetch_one(conn)
        .await
}

/// One page of `list`: `limit` cases after the first `offset`, by number.
pub async fn page(
    conn: &mut SqliteConnection,
    target: Option<i64>,
    offset: i64,
    limit: i64,
) -> sqlx::Result<Vec<Action>> {
    sqlx::query_as::<_, Action>(
        "SELECT * FROM actions WHERE (?1 IS NULL OR target_id = ?1) ORDER BY id LIMIT ?2 OFFSET ?3",
    )
    .bind(target)
    .bind(limit)
    .bind(offset)
    .fetch_all(conn)
    .await
}

/// Fraud violations that stand against a person (they set the step of the ladder).
pub async fn violations_in_force(conn: &mut SqliteConnection, target: i64) -> sqlx::Result<usize> {
    let n: i64 = sqlx::query_scalar(
        "SELECT COUNT(*) FROM actions WHERE target_id = ? AND kind = ? AND status IN (?, ?)",
    )
    .bind(target)
    .bind(CaseKind::Violation)
    .bind(CaseStatus::InForce)
    .bind(CaseStatus::Expired)
    .fetch_one(conn)
    .await?;
    Ok(n as usize)
}

/// Every case ever issued for the same offence against the same person, whatever became of it
/// (the app asks which are penalties, for double jeopardy).
pub async fn issued_for_offence(
    conn: &mut SqliteConnection,
    target: i64,
    offence: &str,
) -> sqlx::Result<Vec<Action>> {
    sqlx::query_as::<_, Action>(
        "SELECT * FROM actions WHERE target_id = ? AND offence = ? ORDER BY id",
    )
    .bind(target)
    .bind(offence)
    .fetch_all(conn)
    .await
}

/// The open monitor or clock requirement of a person, if any.
pub async fn open_of_kind(
    conn: &mut SqliteConnection,
    target: i64,
    kind: CaseKind,
) -> sqlx::Result<Option<Action>> {
    sqlx::query_as::<_, Action>(
        "SELECT * FROM actions WHERE target_id = ? AND kind = ? AND status = ? AND ended_at IS NULL
         ORDER BY id DESC LIMIT 1",
    )
    .bind(target)
    .bind(kind)
    .bind(CaseStatus::InForce)
    .fetch_optional(conn)
    .await
}

pub async fn set_status(
    conn: &mut SqliteConnection,
    id: i64,
    status: CaseStatus,
    reason: &str,
) -> sqlx::Result<()> {
    sqlx::query("UPDATE actions SET status = ?, status_reason = ? WHERE id = ?")
        .bind(status)
        .bind(reason)
        .bind(id)
        .execute(conn)
        .await?;
    Ok(())
}

pub async fn end(conn: &mut SqliteConnection, id: i64, at: DateTime<Utc>) -> sqlx::Result<()> {
    sqlx::query("UPDATE actions SET ended_at = ? WHERE id = ?")
        .bind(at)
        .bind(id)
        .execute(conn)
        .await?;
    Ok(())
}

pub async fn set_declaration(
    conn: &mut SqliteConnection,
    id: i64,
    reasoning: &str,
    outbox_id: i64,
) -> sqlx::Result<()> {
    sqlx::query("UPDATE actions SET declaration = ?, declaration_outbox_id = ? WHERE id = ?")
        .bind(reasoning)
        .bind(outbox_id)
        .bind(id)
        .execute(conn)
        .await?;
    Ok(())
}

/// The message id of a delivered declaration, for its link.
pub async fn declaration_message(
    conn: &mut SqliteConnection,
    outbox_id: i64,
) -> sqlx::Result<Option<i64>> {
    sqlx::query_scalar("SELECT message_id FROM outbox WHERE id = ?")
        .bind(outbox_id)
        .fetch_optional(conn)
        .await
        .map(Option::flatten)
}

/// Records that this case reversed its game, and the game's status before.
pub async fn set_reversed(
    conn: &mut SqliteConnection,
    id: i64,
    status: Option<GameStatus>,
) -> sqlx::Result<()> {
    sqlx::query("UPDATE actions SET reversed_game_status = ? WHERE id = ?")
        .bind(status)
        .bind(id)
        .execute(conn)
        .await?;
    Ok(())
}

/// Another first violation in force on the same game (it keeps the game reversed).
pub async fn other_reversal_of_game(
    conn: &mut SqliteConnection,
    game_id: i64,
    except: i64,
) -> sqlx::Result<Option<i64>> {
    sqlx::query_scalar(
        "SELECT id FROM actions WHERE kind = ? AND step = 1 AND game_id = ? AND id != ?
         AND status IN (?, ?) ORDER BY id LIMIT 1",
    )
    .bind(CaseKind::Violation)
    .bind(game_id)
    .bind(except)
    .bind(CaseStatus::InForce)
    .bind(CaseStatus::Expired)
    .fetch_optional(conn)
    .await
}

/// Changes a violation's step of the ladder, the end of its ban (if the step is one) and its
/// status.
pub async fn set_step(
    conn: &mut SqliteConnection,
    id: i64,
    step: i64,
    ends_at: Option<DateTime<Utc>>,
    status: CaseStatus,
) -> sqlx::Result<()> {
    sqlx::query("UPDATE actions SET step = ?, ends_at = ?, status = ? WHERE id = ?")
        .bind(step)
        .bind(ends_at)
        .bind(status)
        .bind(id)
        .execute(conn)
        .await?;
    Ok(())
}

/// Gives a ban a new end (the Court, Terms §II Act 9.4); `None` makes it permanent.
pub async fn set_ends_at(
    conn: &mut SqliteConnection,
    id: i64,
    ends_at: Option<DateTime<Utc>>,
    status: CaseStatus,
) -> sqlx::Result<()> {
    sqlx::query("UPDATE actions SET ends_at = ?, status = ? WHERE id = ?")
        .bind(ends_at)
        .bind(status)
        .bind(id)
        .execute(conn)
        .await?;
    Ok(())
}

/// Gives a deduction or award a new number of points (signed: negative for a deduction), as
/// the Court or a Moderator on remand lessens it (Terms §III Acts 2.4.3, 3.8).
pub async fn set_points(conn: &mut SqliteConnection, id: i64, points: i64) -> sqlx::Result<()> {
    sqlx::query("UPDATE actions SET points = ? WHERE id = ?")
        .bind(points)
        .bind(id)
        .execute(conn)
        .await?;
    Ok(())
}
