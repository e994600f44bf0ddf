//! The scheduler: due work stored as rows and run in order by `run_due(now)`.
//!
//! The loop around it (in the Discord adapter) only sleeps and calls `run_due`; the console
//! calls it when its clock moves. A job and the record that it is done commit together, so a
//! job missed while the bot was down runs once at start and never twice.

use chrono::{DateTime, Days, Duration, NaiveDate, Utc};
use serde_json::json;
use sqlx::SqliteConnection;

use crate::app::{system_actor, App};
use crate::domain::kernel::calendar;
use crate::jobs::{self, Job};
use crate::store::{self, audit, jobs::JobRow};

/// What one run of a job did, for logs and the console.
#[derive(Debug, Clone)]
pub struct JobReport {
    pub job: Job,
    /// The stored kind of `job`.
    pub kind: String,
    pub due_at: DateTime<Utc>,
    pub outcome: String,
}

impl App {
    /// Schedules the recurring jobs that should always exist (called at start-up).
    pub(super) async fn ensure_recurring(&self, conn: &mut SqliteConnection) -> sqlx::Result<()> {
        let this_week = calendar::week_start(calendar::local_date(self.now(), self.tz()));
        schedule_weekly_review(conn, self, this_week).await
    }
}

/// The review of a week runs when the week is over: Monday 00:00 club time.
async fn schedule_weekly_review(
    conn: &mut SqliteConnection,
    app: &App,
    week: NaiveDate,
) -> sqlx::Result<()> {
    // Once per week, ever: a review that has run stays done, even when gavel starts with a
    // clock earlier than its week's end (it would otherwise deduct a second time).
    let due = calendar::start_of_day(week + Days::new(7), app.tz());
    jobs::schedule_once(conn, &Job::WeeklyReview { week }, due).await
}

/// Runs every job due at or before `now`, oldest first, each in its own transaction. Jobs
/// scheduled by a job (a weekly job schedules next week's) run too if they are due.
#[tracing::instrument(skip_all, fields(now = %now))]
pub async fn run_due(app: &App, now: DateTime<Utc>) -> anyhow::Result<Vec<JobReport>> {
    let mut reports = Vec::new();
    loop {
        let mut tx = app.begin().await?;
        let Some(row) = store::jobs::next_due(&mut tx, now).await? else {
            break;
        };
        // Claim the job first, in the transaction that runs it: a second process finds it
        // claimed, and a handler that cancels its own key (a deadline voiding its case) is
        // harmless. Rolling back on failure releases the claim.
        if !store::jobs::complete(&mut tx, row.id, now, "running").await? {
            tx.rollback().await?;
            continue;
        }
        let ran = match Job::decode(&row.kind, &row.payload) {
            Ok(job) => run_one(app, &mut tx, &job, &row)
                .await
                .map(|outcome| (job, outcome)),
            Err(error) => Err(error.into()),
        };
        match ran {
            Ok((job, outcome)) => {
                store::jobs::set_outcome(&mut tx, row.id, &outcome).await?;
                audit::append(
                    &mut tx,
                    now,
                    (&system_actor().name, None),
                    &format!("job {}", row.kind),
                    &json!({ "key": row.idempotency_key, "due_at": row.due_at }),
                    audit::Outcome::Done,
                    &outcome,
                )
                .await?;
                tx.commit().await?;
                app.outbox_waker().notify_one();
                reports.push(JobReport {
                    job,
                    kind: row.kind,
                    due_at: row.due_at,
                    outcome,
                });
            }
            Err(error) => {
                tx.rollback().await?;
                tracing::error!(kind = %row.kind, error = ?error, "job failed; will retry");
                let backoff = Duration::seconds(30 * (1 << row.attempts.clamp(0, 8)));
                let mut conn = app.pool().acquire().await?;
                store::jobs::fail(&mut conn, row.id, &format!("{error:#}"), now + backoff).await?;
            }
        }
    }
    Ok(reports)
}

/// Runs one job inside the transaction that will mark it done. Each handler re-reads its
/// object and returns why it did nothing if the object has moved on since it was scheduled.
#[tracing::instrument(skip_all, fields(kind = %row.kind, key = %row.idempotency_key))]
async fn run_one(
    app: &App,
    conn: &mut SqliteConnection,
    job: &Job,
    row: &JobRow,
) -> anyhow::Result<String> {
    match *job {
        Job::SessionClose { session } => {
            let session = store::leaderboard::sessions::by_id(conn, session.get()).await?;
            if session.closed_at.is_some() {
                return Ok("already closed".into());
            }
            // Closed as of the window's end, however late the job runs.
            Ok(app
                .leaderboard()
                .close_session(conn, session.id, None, row.due_at)
                .await?)
        }
        Job::WeeklyReview { week } => {
            let outcome = app
                .leaderboard()
                .weekly_review(conn, week, row.due_at)
                .await?;
            schedule_weekly_review(conn, app, week + Days::new(7)).await?;
            Ok(outcome)
        }
        Job::LeaveDue { request } => app.leaderboard().carry_out_leave(conn, request).await,
        Job::DeclarationDeadline { action } => {
            app.moderation().declaration_deadline(conn, action).await
        }
        Job::DeclarationReminder { action } => {
            app.moderation().declaration_reminder(conn, action).await
        }
        Job::BanExpiry { action } => app.moderation().ban_expiry(conn, action, row.due_at).await,
        Job::OrderDeadline { point } => app.order_deadline(conn, point).await,
        Job::OpinionReminder { appeal, en_banc } => {
            app.court().opinion_reminder(conn, appeal, en_banc).await
        }
        Job::OpinionOverdue { appeal, en_banc } => {
            app.court().opinion_overdue(conn, appeal, en_banc).await
        }
        Job::ResponseDeadline { appeal } => app.court().response_deadline(conn, appeal).await,
        Job::RedecideDeadline { appeal } => app.court().redecide_deadline(conn, appeal).await,
        Job::VoteClose { proposal } => {
            Ok(app.nomic().close_vote(conn, proposal, row.due_at).await?)
        }
        Job::VoteReminder { proposal } => Ok(app.nomic().remind_voters(conn, proposal).await?),
        Job::AdoptionSwitch => Ok(app.nomic().adoption_switch(conn, row.due_at).await?),
        Job::MotionClose { motion } => Ok(app.motion_due(conn, motion, row.due_at).await?),
        Job::ApprovalDeadline { motion } => Ok(app.approval_due(conn, motion, row.due_at).await?),
        Job::MatchWeek { a_match, step } => {
            Ok(app.tournament().match_week(conn, a_match, step).await?)
        }
        Job::PartyChessTurn { game, turn } => app.partychess().turn_expired(conn, game, turn).await,
        Job::DiplomacyDeadline { board, turn } => app.diplomacy_deadline(conn, board, turn).await,
        Job::DiplomacyNmrClock { nmr } => app.nmr_clock(conn, nmr).await,
        Job::DiplomacyCaptainWindow { nmr } => app.captain_window(conn, nmr).await,
        Job::ConfirmationLapse { game } => {
            Ok(app.leaderboard().confirmation_lapse(conn, game).await?)
        }
    }
}
