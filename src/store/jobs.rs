//! The `jobs` table: due work stored as rows, each with an idempotency key. Kinds and keys are
//! plain strings here; `crate::jobs::Job` is what the rest of the code schedules.

use chrono::{DateTime, Utc};
use sqlx::SqliteConnection;

#[derive(Debug, Clone, PartialEq, Eq, sqlx::FromRow)]
pub struct JobRow {
    pub id: i64,
    pub kind: String,
    pub due_at: DateTime<Utc>,
    pub idempotency_key: String,
    pub payload: String,
    pub done_at: Option<DateTime<Utc>>,
    pub outcome: Option<String>,
    pub attempts: i64,
    pub last_error: Option<String>,
    pub retry_at: Option<DateTime<Utc>>,
}

/// Schedules a job, or moves the job with the same key: a pending one takes the new due time
/// and payload (keeping its retry state); one that ran or was cancelled is pending again, as
/// new. Scheduling the same job twice leaves one row.
pub async fn schedule(
    conn: &mut SqliteConnection,
    kind: &str,
    due_at: DateTime<Utc>,
    key: &str,
    payload: &serde_json::Value,
) -> sqlx::Result<()> {
    // SQLite evaluates every SET expression on the row as it was, so `jobs.done_at` below is
    // the old value even though `done_at` is cleared in the same statement.
    sqlx::query(
        "INSERT INTO jobs (kind, due_at, idempotency_key, payload) VALUES (?, ?, ?, ?)
         ON CONFLICT(idempotency_key) DO UPDATE SET
           kind = excluded.kind,
           due_at = excluded.due_at,
           payload = excluded.payload,
           outcome = CASE WHEN jobs.done_at IS NULL THEN jobs.outcome END,
           attempts = CASE WHEN jobs.done_at IS NULL THEN jobs.attempts ELSE 0 END,
           last_error = CASE WHEN jobs.done_at IS NULL THEN jobs.last_error END,
           retry_at = CASE WHEN jobs.done_at IS NULL THEN jobs.retry_at END,
           done_at = NULL",
    )
    .bind(kind)
    .bind(due_at)
    .bind(key)
    .bind(payload.to_string())
    .execute(conn)
    .await?;
    Ok(())
}

/// Schedules a job unless one with the same key exists, pending or done: a recurring job that
/// has run stays done, even when gavel starts with a clock earlier than its due time.
pub async fn schedule_once(
    conn: &mut SqliteConnection,
    kind: &str,
    due_at: DateTime<Utc>,
    key: &str,
    payload: &serde_json::Value,
) -> sqlx::Result<()> {
    sqlx::query(
        "INSERT INTO jobs (kind, due_at, idempotency_key, payload) VALUES (?, ?, ?, ?)
         ON CONFLICT(idempotency_key) DO NOTHING",
    )
    .bind(kind)
    .bind(due_at)
    .bind(key)
    .bind(payload.to_string())
    .execute(conn)
    .await?;
    Ok(())
}

/// Cancels a pending job (it is marked done with the outcome "cancelled").
pub async fn cancel(
    conn: &mut SqliteConnection,
    key: &str,
    now: DateTime<Utc>,
) -> sqlx::Result<()> {
    sqlx::query(
        "UPDATE jobs SET done_at = ?, outcome = 'cancelled' WHERE idempotency_key = ? AND done_at IS NULL",
    )
    .bind(now)
    .bind(key)
    .execute(conn)
    .await?;
    Ok(())
}

/// The earliest pending job due at or before `now`.
pub async fn next_due(
    conn: &mut SqliteConnection,
    now: DateTime<Utc>,
) -> sqlx::Result<Option<JobRow>> {
    sqlx::query_as::<_, JobRow>(
        "SELECT * FROM jobs WHERE done_at IS NULL AND due_at <= ? AND (retry_at IS NULL OR retry_at <= ?)
         ORDER BY due_at, id LIMIT 1",
    )
    .bind(now)
    .bind(now)
    .fetch_optional(conn)
    .await
}

/// Claims a job by marking it done; false when another process got there first.
pub async fn complete(
    conn: &mut SqliteConnection,
    id: i64,
    now: DateTime<Utc>,
    outcome: &str,
) -> sqlx::Result<bool> {
    let done = sqlx::query(
        "UPDATE jobs SET done_at = ?, outcome = ?, attempts = attempts + 1 WHERE id = ? AND done_at IS NULL",
    )
    .bind(now)
    .bind(outcome)
    .bind(id)
    .execute(conn)
    .await?;
    Ok(done.rows_affected() == 1)
}

/// Records what a claimed job did.
pub async fn set_outcome(conn: &mut SqliteConnection, id: i64, outcome: &str) -> sqlx::Result<()> {
    sqlx::query("UPDATE jobs SET outcome = ? WHERE id = ?")
        .bind(outcome)
        .bind(id)
        .execute(conn)
        .await?;
    Ok(())
}

/// Records a failed attempt; the job keeps its due time (its events are dated by it) and is
/// tried again from `retry_at`.
pub async fn fail(
    conn: &mut SqliteConnection,
    id: i64,
    error: &str,
    retry_at: DateTime<Utc>,
) -> sqlx::Result<()> {
    sqlx::query(
        "UPDATE jobs SET attempts = attempts + 1, last_error = ?, retry_at = ? WHERE id = ?",
    )
    .bind(error)
    .bind(retry_at)
    .bind(id)
    .execute(conn)
    .await?;
    Ok(())
}

pub async fn all(conn: &mut SqliteConnection) -> sqlx::Result<Vec<JobRow>> {
    sqlx::query_as::<_, JobRow>("SELECT * FROM jobs ORDER BY due_at, id")
        .fetch_all(conn)
        .await
}
