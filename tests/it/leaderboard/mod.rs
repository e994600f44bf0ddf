//! The Leaderboard through the app: the export explains every score, voiding is exact, and the
//! weekly job runs once however often the scheduler looks. `audit`: nothing but the audit log
//! remembers a refused command.

mod audit;

use std::collections::HashMap;
use std::sync::Arc;

use chrono::{DateTime, TimeZone, Utc};
use gavel::adapters::console::{run_script, Console};
use gavel::app::PersonRef;
use gavel::app::{App, Call};
use gavel::clock::FakeClock;
use gavel::config::Config;
use gavel::domain::leaderboard::score::{self, Change, Event, GameResult, Rules};
use serde_json::Value;
use sqlx::SqlitePool;

fn memory_config() -> Config {
    let mut config = Config::default();
    config.database.path = gavel::store::IN_MEMORY.into();
    config
}

fn file_config(dir: &tempfile::TempDir) -> Config {
    let mut config = Config::default();
    config.database.path = dir.path().join("gavel.db").to_string_lossy().into_owned();
    config
}

/// A club-local (London) wall-clock time as an instant.
fn london(y: i32, m: u32, d: u32, h: u32, min: u32) -> DateTime<Utc> {
    chrono_tz::Europe::London
        .with_ymd_and_hms(y, m, d, h, min, 0)
        .single()
        .expect("an unambiguous local time")
        .with_timezone(&Utc)
}

/// Runs a script on a fresh in-memory console and returns the console.
async fn console_after(script: &str) -> Console {
    let mut console = Console::new(memory_config());
    run_script(&mut console, script).await.expect("script runs");
    console
}

fn rules(config: &Config) -> Rules {
    Rules {
        initial: config.scores.initial,
        floor: config.scores.floor,
        k: config.scores.elo_k,
        online_weight: config.scores.online_weight,
    }
}

fn who(name: &str) -> PersonRef {
    PersonRef::console(name)
}

/// `name` invoking `command` with no options, as an adapter would.
fn call(name: &str, command: &'static str) -> Call {
    Call::new(who(name), command, serde_json::json!({}))
}

/// A club with every kind of game: counted, online, voided, waiting and lapsed, adjudicated,
/// replaced by a rematch, and a weekly deduction.
const CLUB: &str = r#"
@ 2026-11-27 12:30
cj: /office appoint member:@mod1 office:moderator
mod1: /session open
alice: /join
bob: /join
carol: /join
alice: /session here
bob: /session here
carol: /session here
alice: /game register white:@alice black:@bob result:white
carol: /game register white:@carol black:@alice result:draw
bob: /game register white:@bob black:@carol result:black
mod1: /game void game:2 reason:"they never actually played it"
alice: /game register white:@alice black:@zed result:white
mod1: /game adjudicate white:@bob black:@alice white_took:"q" black_took:"r p"
alice: /game object game:5
@ 2026-11-28 18:00
bob: /game register white:@bob black:@carol result:white online:true
@ 2026-12-04 12:30
mod1: /session open
mod1: /game rematch game:5 result:draw
carol: /session here
@ 2026-12-11 12:30
mod1: /session open
carol: /session here
@ 2026-12-18 12:30
mod1: /session open
carol: /session here
@ 2026-12-21 00:00
"#;

#[tokio::test]
async fn the_export_lists_every_game_with_its_score_changes() {
    let mut console = console_after(CLUB).await;
    let app = console.app().await.expect("app").clone();
    let doc = gavel::app::export::export(&app).await.expect("export");
    let games = doc["games"].as_array().expect("`games` is a list");
    assert_eq!(games.len(), 7, "{doc:#}");
    let game = |n: i64| {
        games
            .iter()
            .find(|g| g["number"] == n)
            .unwrap_or_else(|| panic!("game #{n} is exported"))
    };
    let changes = |n: i64| -> Vec<(String, i64, i64)> {
        game(n)["changes"]
            .as_array()
            .expect("`changes` is a list")
            .iter()
            .map(|c| {
                (
                    c["member"].as_str().expect("member").to_owned(),
                    c["before"].as_i64().expect("before"),
                    c["after"].as_i64().expect("after"),
                )
            })
            .collect()
    };

    let first = game(1);
    assert_eq!(first["white"], "alice");
    assert_eq!(first["black"], "bob");
    assert_eq!(first["result"], "white");
    assert_eq!(first["online"], false);
    assert_eq!(first["status"], "counted");
    assert_eq!(
        changes(1),
        vec![("alice".into(), 100, 116), ("bob".into(), 100, 100)]
    );

    // A void game stays in the export, with no score changes (Terms §II Act 5).
    assert_eq!(game(2)["status"], "voided");
    assert!(changes(2).is_empty());
    // Game #3 is worked out as though #2 never happened.
    assert_eq!(
        changes(3),
        vec![("bob".into(), 100, 100), ("carol".into(), 100, 116)]
    );
    // A game whose non-Member never joined lapsed at the close (Terms §0 Act 12).
    assert_eq!(game(4)["status"], "lapsed");
    assert!(changes(4).is_empty());
    // An adjudicated game replaced by its rematch (Terms §I Act 6).
    assert_eq!(game(5)["status"], "replaced");
    assert!(changes(5).is_empty());
    // The online game moved half as much (Terms §I Act 9.3).
    let online = game(6);
    assert_eq!(online["online"], true);
    assert_eq!(online["result"], "white");
    assert_eq!(
        changes(6),
        vec![("bob".into(), 100, 108), ("carol".into(), 116, 108)]
    );
    assert_eq!(game(7)["result"], "draw");
    assert_eq!(game(7)["status"], "counted");
}

/// Rebuilds the fold's input from the export alone (score events and games) and folds it.
fn fold_the_export(doc: &Value, ids: &HashMap<String, i64>, rules: &Rules) -> HashMap<i64, i64> {
    let games: HashMap<i64, &Value> = doc["games"]
        .as_array()
        .expect("games")
        .iter()
        .map(|g| (g["number"].as_i64().expect("number"), g))
        .collect();
    let id = |v: &Value| ids[v.as_str().expect("a name")];
    let mut events = Vec::new();
    for e in doc["score_events"].as_array().expect("score_events") {
        if e["void"] == true {
            continue;
        }
        let change = match e["kind"].as_str().expect("kind") {
            "joined" => Change::Joined {
                initial: e["amount"].as_i64(),
            },
            "removed" => Change::Removed,
            "halve" => Change::Halve,
            "reset" => Change::Reset,
            "game" => {
                let g = games[&e["game"].as_i64().expect("a game event names its game")];
                Change::Game {
                    white: id(&g["white"]),
                    black: id(&g["black"]),
                    result: GameResult::parse(g["result"].as_str().expect("result"))
                        .expect("a known result"),
                    online: g["online"].as_bool().expect("online"),
                }
            }
            _ => Change::Adjust(e["amount"].as_i64().expect("an adjustment has an amount")),
        };
        events.push(Event {
            id: e["id"].as_i64().expect("id"),
            person: e["person_id"].as_i64(),
            change,
        });
    }
    score::fold(&events, rules, false).scores
}

#[tokio::test]
async fn every_exported_score_is_the_fold_of_the_exported_history() {
    let mut console = console_after(CLUB).await;
    let app = console.app().await.expect("app").clone();
    let doc = gavel::app::export::export(&app).await.expect("export");
    let mut conn = app.pool().acquire().await.expect("connection");
    let ids: HashMap<String, i64> = gavel::store::people::all(&mut conn)
        .await
        .expect("people")
        .into_iter()
        .map(|p| (p.name, p.id))
        .collect();
    let folded = fold_the_export(&doc, &ids, &rules(app.config()));
    let members = doc["members"].as_array().expect("members");
    let mut checked = 0;
    for m in members {
        let name = m["name"].as_str().expect("name");
        match m["score"].as_i64() {
            Some(score) => {
                assert_eq!(Some(&score), folded.get(&ids[name]), "{name}");
                checked += 1;
            }
            None => assert!(!folded.contains_key(&ids[name]), "{name} has no score"),
        }
    }
    assert_eq!(checked, 3, "alice, bob and carol are on the Leaderboard");
    // carol was present three weeks without a game: the export shows the deduction event.
    assert!(doc["score_events"]
        .as_array()
        .expect("events")
        .iter()
        .any(|e| e["kind"] == "decay" && e["amount"] == -5));
}

/// The scores of everyone on the Leaderboard, by name.
async fn scores(console: &mut Console) -> Vec<(String, i64)> {
    let app = console.app().await.expect("app").clone();
    let doc = gavel::app::export::export(&app).await.expect("export");
    let mut out: Vec<(String, i64)> = doc["members"]
        .as_array()
        .expect("members")
        .iter()
        .filter_map(|m| Some((m["name"].as_str()?.to_owned(), m["score"].as_i64()?)))
        .collect();
    out.sort();
    out
}

#[tokio::test]
async fn voiding_a_game_and_replaying_equals_the_game_never_having_happened() {
    // Terms §II Act 5. The void game is the second of six; everything after it moves.
    let start = "@ 2026-11-27 12:30\ncj: /office appoint member:@mod1 office:moderator\n\
                 mod1: /session open\nalice: /join\nbob: /join\ncarol: /join\ndave: /join\n\
                 alice: /session here\nbob: /session here\ncarol: /session here\ndave: /session here\n";
    let before = "alice: /game register white:@alice black:@bob result:white\n";
    let voided = "bob: /game register white:@bob black:@alice result:white\n";
    let after = "carol: /game register white:@carol black:@alice result:black\n\
                 alice: /game register white:@alice black:@dave result:draw\n\
                 bob: /game register white:@bob black:@carol result:white online:true\n\
                 dave: /game register white:@dave black:@bob result:white\n";
    let void = "mod1: /game void game:2 reason:\"never actually played\"\n";

    let mut played = console_after(&format!("{start}{before}{voided}{after}")).await;
    let mut with_void = console_after(&format!("{start}{before}{voided}{after}{void}")).await;
    let mut never = console_after(&format!("{start}{before}{after}")).await;

    let (played, with_void, never) = (
        scores(&mut played).await,
        scores(&mut with_void).await,
        scores(&mut never).await,
    );
    assert_eq!(with_void, never);
    assert_ne!(played, never, "the void game must have mattered");
}

/// Weekly-review reports in a run of the scheduler.
fn weekly(reports: &[gavel::app::scheduler::JobReport]) -> Vec<String> {
    reports
        .iter()
        .filter(|r| r.kind == gavel::jobs::WEEKLY_REVIEW)
        .map(|r| r.outcome.clone())
        .collect()
}

async fn count(pool: &SqlitePool, sql: &str) -> i64 {
    sqlx::query_scalar(sql)
        .fetch_one(pool)
        .await
        .expect("count query")
}

/// Three held weeks with alice absent from all of them, written to a database file; the clock
/// stops on the Sunday before the third week's review.
const ABSENT_THREE_WEEKS: &str = r#"
@ 2026-11-27 12:30
cj: /office appoint member:@mod1 office:moderator
alice: /join
mod1: /session open
@ 2026-12-04 12:30
mod1: /session open
@ 2026-12-11 12:30
mod1: /session open
@ 2026-12-13 12:00
"#;

#[tokio::test]
async fn the_weekly_review_runs_once_however_often_the_scheduler_looks_and_after_a_restart() {
    let dir = tempfile::tempdir().expect("temp dir");
    let config = file_config(&dir);
    {
        let mut console = Console::rehearsal(config.clone());
        run_script(&mut console, ABSENT_THREE_WEEKS)
            .await
            .expect("script runs");
    }
    let monday = london(2026, 12, 14, 0, 0);
    let decays = "SELECT COUNT(*) FROM score_events WHERE kind = 'decay'";
    let posts =
        "SELECT COUNT(*) FROM outbox WHERE content LIKE 'Weekly review, week of Mon 7 Dec 2026:%'";

    // The bot was down over the Monday; it starts on Wednesday and catches up once.
    let wednesday = london(2026, 12, 16, 9, 0);
    let app = App::open(config.clone(), Arc::new(FakeClock::new(wednesday)))
        .await
        .expect("app opens");
    let first = gavel::app::scheduler::run_due(&app, wednesday)
        .await
        .expect("runs");
    assert_eq!(weekly(&first), vec!["1 deduction(s)".to_owned()]);
    assert_eq!(count(app.pool(), decays).await, 1);
    assert_eq!(count(app.pool(), posts).await, 1);
    // The deduction is dated when the review was due, not when it ran.
    let at: DateTime<Utc> = sqlx::query_scalar("SELECT at FROM score_events WHERE kind = 'decay'")
        .fetch_one(app.pool())
        .await
        .expect("decay event");
    assert_eq!(at, monday);

    // Looking again at once, or a minute later, runs nothing.
    assert!(gavel::app::scheduler::run_due(&app, wednesday)
        .await
        .expect("runs")
        .is_empty());
    assert!(weekly(
        &gavel::app::scheduler::run_due(&app, london(2026, 12, 16, 9, 1))
            .await
            .expect("runs")
    )
    .is_empty());
    drop(app);

    // A restart on the same database neither repeats nor loses it.
    let app = App::open(config.clone(), Arc::new(FakeClock::new(wednesday)))
        .await
        .expect("app reopens");
    assert!(weekly(
        &gavel::app::scheduler::run_due(&app, wednesday)
            .await
            .expect("runs")
    )
    .is_empty());
    assert_eq!(count(app.pool(), decays).await, 1);
    assert_eq!(count(app.pool(), posts).await, 1);
    let reviews = "SELECT COUNT(*) FROM jobs WHERE kind = 'weekly_review' AND idempotency_key = 'weekly:2026-12-07'";
    assert_eq!(count(app.pool(), reviews).await, 1);

    // The next week's review is scheduled once, for the next Monday at 00:00 club time.
    let next: Vec<DateTime<Utc>> = sqlx::query_scalar(
        "SELECT due_at FROM jobs WHERE kind = 'weekly_review' AND done_at IS NULL",
    )
    .fetch_all(app.pool())
    .await
    .expect("pending reviews");
    assert_eq!(next, vec![london(2026, 12, 21, 0, 0)]);
}

#[tokio::test]
async fn a_review_caught_up_late_leaves_out_members_who_joined_after_that_week() {
    // The bot is down over Monday 30 November; when it comes back on Wednesday, dave joins
    // before the scheduler's first look. The review of the week of 23 November must neither
    // count that week against dave nor fail on a member who joined after it.
    let dir = tempfile::tempdir().expect("temp dir");
    let config = file_config(&dir);
    {
        let mut console = Console::rehearsal(config.clone());
        let script = "@ 2026-11-27 12:30\ncj: /office appoint member:@mod1 office:moderator\n\
                      alice: /join\nmod1: /session open\n@ 2026-11-29 12:00\n";
        run_script(&mut console, script).await.expect("script runs");
    }
    let wednesday = london(2026, 12, 2, 9, 0);
    let app = App::open(config, Arc::new(FakeClock::new(wednesday)))
        .await
        .expect("app opens");
    app.leaderboard()
        .join(&call("dave", "join"))
        .await
        .expect("dave joins");
    let reports = gavel::app::scheduler::run_due(&app, wednesday)
        .await
        .expect("runs");
    assert_eq!(weekly(&reports), vec!["0 deduction(s)".to_owned()]);
    let post: String = sqlx::query_scalar(
        "SELECT content FROM outbox WHERE content LIKE 'Weekly review%' ORDER BY id DESC",
    )
    .fetch_one(app.pool())
    .await
    .expect("the review was posted");
    assert!(post.contains("No deductions this week."), "{post}");
    assert!(post.contains("dave 100"), "{post}");
}

#[tokio::test]
async fn two_schedulers_on_one_database_run_a_review_once_between_them() {
    let dir = tempfile::tempdir().expect("temp dir");
    let config = file_config(&dir);
    {
        let mut console = Console::rehearsal(config.clone());
        run_script(&mut console, ABSENT_THREE_WEEKS)
            .await
            .expect("script runs");
    }
    let monday = london(2026, 12, 14, 0, 5);
    let a = App::open(config.clone(), Arc::new(FakeClock::new(monday)))
        .await
        .expect("first app");
    let b = App::open(config.clone(), Arc::new(FakeClock::new(monday)))
        .await
        .expect("second app");
    let (ra, rb) = tokio::join!(
        gavel::app::scheduler::run_due(&a, monday),
        gavel::app::scheduler::run_due(&b, monday)
    );
    // A scheduler that lost the race may report an error and retry on its next tick; it must
    // not run the review a second time.
    let ran: usize = [ra, rb]
        .into_iter()
        .filter_map(Result::ok)
        .map(|r| weekly(&r).len())
        .sum();
    assert_eq!(ran, 1);
    for app in [&a, &b] {
        let again = gavel::app::scheduler::run_due(app, monday)
            .await
            .expect("runs");
        assert!(weekly(&again).is_empty());
    }
    assert_eq!(
        count(
            a.pool(),
            "SELECT COUNT(*) FROM score_events WHERE kind = 'decay'"
        )
        .await,
        1
    );
}
