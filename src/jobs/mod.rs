//! The scheduler: due work stored as rows and run in order by `run_due(now)`.
//!
//! The loop around it (in the Discord adapter) only sleeps and calls `run_due`; the console
//! calls it when its clock moves. A job and the record that it is done commit together, so a
//! job missed while the bot was down runs once at start and never twice.

use chrono::{DateTime, Duration, Utc};
use serde_json::json;
use sqlx::SqliteConnection;

use crate::app::{system_actor, App};
use crate::store::{self, audit, jobs::JobRow};

/// What one run of a job did, for logs and the console.
#[derive(Debug, Clone)]
pub struct JobReport {
    pub kind: String,
    pub due_at: DateTime<Utc>,
    pub outcome: String,
}

/// Schedules the recurring jobs that should always exist (called at start-up).
pub async fn ensure_recurring(conn: &mut SqliteConnection, app: &App) -> sqlx::Result<()> {
    let _ = (conn, app);
    Ok(())
}

/// Runs every job due at or before `now`, oldest first, each in its own transaction. Jobs
/// scheduled by a job (a weekly job schedules next week's) run too if they are due.
pub async fn run_due(app: &App, now: DateTime<Utc>) -> anyhow::Result<Vec<JobReport>> {
    let mut reports = Vec::new();
    loop {
        let mut tx = app.pool().begin().await?;
        let Some(job) = store::jobs::next_due(&mut tx, now).await? else {
            break;
        };
        match run_one(app, &mut tx, &job).await {
            Ok(outcome) => {
                if store::jobs::complete(&mut tx, job.id, now, &outcome).await? {
                    audit::append(
                        &mut tx,
                        now,
                        &system_actor(),
                        &format!("job {}", job.kind),
                        &json!({ "key": job.idempotency_key, "due_at": job.due_at }),
                        audit::Outcome::Done,
                        &outcome,
                    )
                    .await?;
                    tx.commit().await?;
                    reports.push(JobReport {
                        kind: job.kind,
                        due_at: job.due_at,
                        outcome,
                    });
                } else {
                    tx.rollback().await?; // another process ran it first
                }
            }
            Err(error) => {
                tx.rollback().await?;
                tracing::error!(kind = %job.kind, error = ?error, "job failed; will retry");
                let backoff = Duration::seconds(30 * (1 << job.attempts.clamp(0, 8)));
                let mut conn = app.pool().acquire().await?;
                store::jobs::fail(&mut conn, job.id, &format!("{error:#}"), now + backoff).await?;
            }
        }
    }
    Ok(reports)
}

/// Runs one job inside the transaction that will mark it done.
async fn run_one(app: &App, conn: &mut SqliteConnection, job: &JobRow) -> anyhow::Result<String> {
    let _ = (app, conn);
    anyhow::bail!("no handler for job kind `{}`", job.kind)
}
