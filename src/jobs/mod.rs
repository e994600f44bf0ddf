//! The scheduler: due work stored as rows and run in order by `run_due(now)`.
//!
//! The loop around it (in the Discord adapter) only sleeps and calls `run_due`; the console
//! calls it when its clock moves. A job and the record that it is done commit together, so a
//! job missed while the bot was down runs once at start and never twice.

use chrono::{DateTime, Days, Duration, NaiveDate, Utc};
use serde_json::json;
use sqlx::SqliteConnection;

use crate::app::{moderation, system_actor, App};
use crate::domain::calendar;
use crate::store::{self, audit, jobs::JobRow};

/// Closes a session at the end of its window.
pub const SESSION_CLOSE: &str = "session_close";
/// Reviews a club week for absence and inactivity (Terms §II Act 6).
pub const WEEKLY_REVIEW: &str = "weekly_review";
/// Carries out a request to leave (Terms §II Act 8).
pub const LEAVE_DUE: &str = "leave_due";

/// What one run of a job did, for logs and the console.
#[derive(Debug, Clone)]
pub struct JobReport {
    pub kind: String,
    pub due_at: DateTime<Utc>,
    pub outcome: String,
}

/// Schedules the recurring jobs that should always exist (called at start-up).
pub async fn ensure_recurring(conn: &mut SqliteConnection, app: &App) -> sqlx::Result<()> {
    let this_week = calendar::week_start(calendar::local_date(app.now(), app.tz()));
    schedule_weekly_review(conn, app, this_week).await
}

/// The review of a week runs when the week is over: Monday 00:00 club time.
async fn schedule_weekly_review(
    conn: &mut SqliteConnection,
    app: &App,
    week: NaiveDate,
) -> sqlx::Result<()> {
    let due = calendar::start_of_day(week + Days::new(7), app.tz());
    store::jobs::schedule(
        conn,
        WEEKLY_REVIEW,
        due,
        &format!("weekly:{week}"),
        &json!({ "week": week }),
    )
    .await
}

/// Runs every job due at or before `now`, oldest first, each in its own transaction. Jobs
/// scheduled by a job (a weekly job schedules next week's) run too if they are due.
#[tracing::instrument(skip_all, fields(now = %now))]
pub async fn run_due(app: &App, now: DateTime<Utc>) -> anyhow::Result<Vec<JobReport>> {
    let mut reports = Vec::new();
    loop {
        let mut tx = app.begin().await?;
        let Some(job) = store::jobs::next_due(&mut tx, now).await? else {
            break;
        };
        // Claim the job first, in the transaction that runs it: a second process finds it
        // claimed, and a handler that cancels its own key (a deadline voiding its case) is
        // harmless. Rolling back on failure releases the claim.
        if !store::jobs::complete(&mut tx, job.id, now, "running").await? {
            tx.rollback().await?;
            continue;
        }
        match run_one(app, &mut tx, &job).await {
            Ok(outcome) => {
                store::jobs::set_outcome(&mut tx, job.id, &outcome).await?;
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
                app.outbox_waker().notify_one();
                reports.push(JobReport {
                    kind: job.kind,
                    due_at: job.due_at,
                    outcome,
                });
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
#[tracing::instrument(skip_all, fields(kind = %job.kind, key = %job.idempotency_key))]
async fn run_one(app: &App, conn: &mut SqliteConnection, job: &JobRow) -> anyhow::Result<String> {
    let payload: serde_json::Value = serde_json::from_str(&job.payload)?;
    let id = |key: &str| {
        payload[key]
            .as_i64()
            .ok_or_else(|| anyhow::anyhow!("job payload has no `{key}`"))
    };
    match job.kind.as_str() {
        SESSION_CLOSE => {
            let session = store::sessions::by_id(conn, id("session")?).await?;
            if session.closed_at.is_some() {
                return Ok("already closed".into());
            }
            // Closed as of the window's end, however late the job runs.
            Ok(app
                .close_session(conn, session.id, None, job.due_at)
                .await?)
        }
        WEEKLY_REVIEW => {
            let week: NaiveDate = serde_json::from_value(payload["week"].clone())?;
            let outcome = app.weekly_review(conn, week, job.due_at).await?;
            schedule_weekly_review(conn, app, week + Days::new(7)).await?;
            Ok(outcome)
        }
        LEAVE_DUE => app.carry_out_leave(conn, id("request")?).await,
        moderation::DECLARATION_DEADLINE => app.declaration_deadline(conn, id("action")?).await,
        moderation::DECLARATION_REMINDER => app.declaration_reminder(conn, id("action")?).await,
        moderation::BAN_EXPIRY => app.ban_expiry(conn, id("action")?).await,
        other => anyhow::bail!("no handler for job kind `{other}`"),
    }
}
