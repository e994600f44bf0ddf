//! The scheduler's table through typed jobs: scheduling a job again moves it, a cancelled or
//! finished job scheduled again runs again, and a row no `Job` describes is never run.

use std::sync::Arc;

use chrono::{DateTime, Duration, TimeZone, Utc};
use gavel::app::scheduler::{self, JobReport};
use gavel::app::App;
use gavel::clock::FakeClock;
use gavel::config::Config;
use gavel::domain::kernel::ids::CaseId;
use gavel::jobs::{self, Job};
use gavel::store::jobs::JobRow;

fn noon() -> DateTime<Utc> {
    Utc.with_ymd_and_hms(2026, 11, 27, 12, 0, 0).unwrap()
}

async fn app() -> App {
    let mut config = Config::default();
    config.database.path = gavel::store::IN_MEMORY.into();
    App::open(config, Arc::new(FakeClock::new(noon())))
        .await
        .expect("app opens")
}

/// The rows of `job`'s key (there must never be more than one). An in-memory database has one
/// connection, so callers drop theirs first.
async fn rows(app: &App, job: &Job) -> Vec<JobRow> {
    let mut conn = app.pool().acquire().await.expect("connection");
    gavel::store::jobs::all(&mut conn)
        .await
        .expect("jobs")
        .into_iter()
        .filter(|r| r.idempotency_key == job.key())
        .collect()
}

/// The outcomes of `EXPIRY` in a run (the weekly review runs beside it).
fn expiries(reports: &[JobReport]) -> Vec<String> {
    reports
        .iter()
        .filter(|r| r.job == EXPIRY)
        .map(|r| r.outcome.clone())
        .collect()
}

const EXPIRY: Job = Job::BanExpiry { action: CaseId(41) };

#[tokio::test]
async fn scheduling_a_pending_job_again_moves_it() {
    let app = app().await;
    let mut conn = app.pool().acquire().await.expect("connection");
    jobs::schedule(&mut conn, &EXPIRY, noon() + Duration::days(7))
        .await
        .expect("schedules");
    jobs::schedule(&mut conn, &EXPIRY, noon() + Duration::days(14))
        .await
        .expect("schedules again");
    drop(conn);
    let rows = rows(&app, &EXPIRY).await;
    assert_eq!(rows.len(), 1);
    assert_eq!(rows[0].due_at, noon() + Duration::days(14));
    assert_eq!(rows[0].done_at, None);
}

#[tokio::test]
async fn a_cancelled_job_scheduled_again_is_pending_and_runs() {
    let app = app().await;
    let mut conn = app.pool().acquire().await.expect("connection");
    jobs::schedule(&mut conn, &EXPIRY, noon() + Duration::days(7))
        .await
        .expect("schedules");
    jobs::cancel(&mut conn, &EXPIRY, noon())
        .await
        .expect("cancels");
    drop(conn);
    assert_eq!(
        rows(&app, &EXPIRY).await[0].outcome.as_deref(),
        Some("cancelled")
    );
    let mut conn = app.pool().acquire().await.expect("connection");
    jobs::schedule(&mut conn, &EXPIRY, noon() + Duration::days(14))
        .await
        .expect("schedules again");
    drop(conn);
    let row = &rows(&app, &EXPIRY).await[0];
    assert_eq!((row.done_at, row.outcome.as_deref()), (None, None));
    assert_eq!(row.due_at, noon() + Duration::days(14));

    // Not before its new time; at it, once.
    let early = scheduler::run_due(&app, noon() + Duration::days(7))
        .await
        .expect("runs");
    assert!(expiries(&early).is_empty());
    let ran = scheduler::run_due(&app, noon() + Duration::days(14))
        .await
        .expect("runs");
    assert_eq!(expiries(&ran), ["no such case"]);
}

#[tokio::test]
async fn a_job_that_ran_scheduled_again_runs_again() {
    let app = app().await;
    let mut conn = app.pool().acquire().await.expect("connection");
    jobs::schedule(&mut conn, &EXPIRY, noon() + Duration::days(1))
        .await
        .expect("schedules");
    drop(conn);
    let ran = scheduler::run_due(&app, noon() + Duration::days(1)).await;
    assert_eq!(expiries(&ran.expect("runs")), ["no such case"]);
    let mut conn = app.pool().acquire().await.expect("connection");
    jobs::schedule(&mut conn, &EXPIRY, noon() + Duration::days(2))
        .await
        .expect("schedules again");
    drop(conn);
    assert_eq!(rows(&app, &EXPIRY).await.len(), 1);
    let ran = scheduler::run_due(&app, noon() + Duration::days(2)).await;
    assert_eq!(expiries(&ran.expect("runs")), ["no such case"]);
}

#[tokio::test]
async fn cancelling_leaves_a_finished_job_as_it_was() {
    let app = app().await;
    let mut conn = app.pool().acquire().await.expect("connection");
    jobs::schedule(&mut conn, &EXPIRY, noon() + Duration::days(1))
        .await
        .expect("schedules");
    drop(conn);
    scheduler::run_due(&app, noon() + Duration::days(1))
        .await
        .expect("runs");
    let mut conn = app.pool().acquire().await.expect("connection");
    jobs::cancel(&mut conn, &EXPIRY, noon() + Duration::days(2))
        .await
        .expect("cancels");
    drop(conn);
    let row = &rows(&app, &EXPIRY).await[0];
    assert_eq!(row.outcome.as_deref(), Some("no such case"));
    assert_eq!(row.done_at, Some(noon() + Duration::days(1)));
}

#[tokio::test]
async fn a_row_of_an_unknown_kind_is_not_run_and_is_retried_later() {
    let app = app().await;
    let mut conn = app.pool().acquire().await.expect("connection");
    let due = noon() + Duration::hours(1);
    gavel::store::jobs::schedule(&mut conn, "tea_break", due, "tea:1", &serde_json::json!({}))
        .await
        .expect("a raw row");
    drop(conn);
    let ran = scheduler::run_due(&app, due)
        .await
        .expect("the scheduler goes on");
    assert!(ran.is_empty());
    let mut conn = app.pool().acquire().await.expect("connection");
    let row = gavel::store::jobs::all(&mut conn)
        .await
        .expect("jobs")
        .into_iter()
        .find(|r| r.idempotency_key == "tea:1")
        .expect("the row");
    assert_eq!(row.done_at, None);
    assert!(row
        .last_error
        .as_deref()
        .unwrap_or("")
        .contains("tea_break"));
    assert!(row.retry_at.expect("a retry time") > due);
}

/// Checks: a weekly review that has run stays done when gavel starts again with a clock earlier
/// than its week's end, so the week is never reviewed (and deducted) twice (Terms §II Act 6).
#[tokio::test]
async fn a_weekly_review_that_ran_stays_done_when_gavel_restarts_with_an_earlier_clock() {
    let dir = tempfile::tempdir().expect("temporary folder");
    let mut config = Config::default();
    config.database.path = dir.path().join("club.db").to_string_lossy().into_owned();
    // Friday 27 Nov: the week of Mon 23 Nov is reviewed at Mon 30 Nov 00:00.
    let clock = FakeClock::new(noon());
    let app = App::open(config.clone(), Arc::new(clock.clone()))
        .await
        .expect("app opens");
    let week = chrono::NaiveDate::from_ymd_opt(2026, 11, 23).unwrap();
    let review = Job::WeeklyReview { week };
    let ran = scheduler::run_due(&app, noon() + Duration::days(3))
        .await
        .expect("runs");
    assert!(ran.iter().any(|r| r.job == review), "{ran:?}");
    drop(app);
    // Started again on the Friday before, as a machine with a wrong clock would.
    let app = App::open(config, Arc::new(FakeClock::new(noon())))
        .await
        .expect("app opens again");
    let row = rows(&app, &review).await.pop().expect("the review's row");
    assert!(
        row.done_at.is_some(),
        "the review is pending again: {row:?}"
    );
    let again = scheduler::run_due(&app, noon() + Duration::days(3))
        .await
        .expect("runs");
    assert!(again.iter().all(|r| r.job != review), "{again:?}");
}

/// Runs `lines` in a console on the club database at `config`, as one run of gavel, and returns
/// the posts it printed.
async fn posts_of_a_run(config: &Config, lines: &[&str]) -> Vec<String> {
    let mut console = gavel::adapters::console::Console::rehearsal(config.clone());
    let mut posts = Vec::new();
    for line in lines {
        for out in console.execute(line).await.expect("line runs") {
            if let gavel::adapters::console::Output::Post { text, .. } = out {
                posts.push(text);
            }
        }
    }
    posts
}

/// Checks: a reminder whose deadline passed while gavel was down says nothing, and the notice at
/// the deadline speaks, for every kind of reminder: a Nomic vote's hour-before reminder (Nomic
/// 113), a declaration's (Terms §III Act 2.4) and the Court's opinion's (Terms §III Act 3.10).
#[tokio::test]
async fn reminders_whose_deadline_passed_while_gavel_was_down_say_nothing() {
    let dir = tempfile::tempdir().expect("temporary folder");
    let mut config = Config::default();
    config.database.path = dir.path().join("club.db").to_string_lossy().into_owned();
    posts_of_a_run(
        &config,
        &[
            "@ 2026-11-30 12:00",
            "cj: /procedure set name:procedure value:nomic",
            "cj: /turns set member:@alice day:monday",
            "cj: /turns set member:@bob day:tuesday",
            "alice: /propose kind:enact text:\"Proposals may be argued over the board.\"",
            "alice: /vote proposal:301 choice:yes",
            "cj: /office appoint member:@mod1 office:moderator",
            "cj: /office appoint member:@j1 office:justice",
            "cj: /office appoint member:@j2 office:justice",
            "cj: /office appoint member:@j3 office:justice",
            "alice: /join",
            "mod1: /mod deduct member:@alice points:5 reason:\"left the board in a mess\" incident:\"mess on 30 Nov\" later:true",
            "mod1: /mod deduct member:@alice points:5 reason:\"left the board in a mess again\" incident:\"second mess\"",
            "alice: /court appeal case:2 grounds:\"the board was tidy when I left\"",
            "cj: /court grant appeal:1",
            "cj: /court panel appeal:1 first:@j1 second:@j2 third:@j3",
            "j1: /court vote appeal:1 decision:overturn reasons:\"two players saw a tidy board\"",
            "j2: /court vote appeal:1 decision:overturn reasons:\"the witnesses are credible\"",
        ],
    )
    .await;
    // gavel is down for a month.
    let posts = posts_of_a_run(&config, &["@ 2026-12-31 10:00"]).await;
    let reminders: Vec<&String> = posts
        .iter()
        .filter(|p| p.starts_with("Reminder") || p.starts_with("One hour left"))
        .collect();
    assert!(reminders.is_empty(), "{reminders:?}");
    // The notices at the deadlines speak.
    for notice in [
        "Voting on Proposal 301 has closed",
        "Case #1 (deduction against alice by mod1) is void",
        "The Court's opinion on appeal #1 is overdue",
    ] {
        assert!(
            posts.iter().any(|p| p.starts_with(notice)),
            "{notice}: {posts:?}"
        );
    }
}
