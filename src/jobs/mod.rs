//! Scheduled work as types: each [`Job`] variant owns its payload and its idempotency key, and
//! code schedules and cancels by variant. The runner that carries due jobs out through the use
//! cases is `app::scheduler`.

pub mod job;

use chrono::{DateTime, Utc};
use sqlx::SqliteConnection;

use crate::store;

pub use job::{Job, JobDecodeError, MatchStep, WEEKLY_REVIEW};

/// Schedules `job` for `due_at`. Scheduling it again moves it: a pending job takes the new
/// time, and a job that ran or was cancelled is pending again (a case re-stepped back to a ban
/// needs its ban-expiry job back).
pub async fn schedule(
    conn: &mut SqliteConnection,
    job: &Job,
    due_at: DateTime<Utc>,
) -> sqlx::Result<()> {
    store::jobs::schedule(conn, job.kind(), due_at, &job.key(), &job.payload()).await
}

/// Schedules `job` for `due_at` unless it is already scheduled or has run: for recurring work
/// (the weekly review), which must run once whatever the clock says at start-up.
pub async fn schedule_once(
    conn: &mut SqliteConnection,
    job: &Job,
    due_at: DateTime<Utc>,
) -> sqlx::Result<()> {
    store::jobs::schedule_once(conn, job.kind(), due_at, &job.key(), &job.payload()).await
}

/// Cancels `job` if it is pending; a job that ran or is not scheduled is left alone.
pub async fn cancel(
    conn: &mut SqliteConnection,
    job: &Job,
    now: DateTime<Utc>,
) -> sqlx::Result<()> {
    store::jobs::cancel(conn, &job.key(), now).await
}
