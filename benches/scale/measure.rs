//! What the bench times: the commands on both clubs, the bare read of the history and the
//! rebuild, and the peak memory of a `gavel` process; with the medians and the figures' format.

use std::path::Path;
use std::process::{Command, Stdio};
use std::sync::Arc;
use std::time::{Duration, Instant};

use chrono::{DateTime, Utc};
use gavel::app::leaderboard::games::GameInput;
use gavel::app::App;
use gavel::app::{Call, PersonRef};
use gavel::clock::{Clock, FakeClock};
use gavel::config::Config;
use gavel::domain::leaderboard::score::{GameResult, Rules};
use sqlx::SqlitePool;

use crate::club::Rng;

pub(crate) fn who(name: &str) -> PersonRef {
    PersonRef::console(name)
}

/// `name` invoking `command`, as the console would.
pub(crate) fn call(name: &str, command: &'static str) -> Call {
    Call::new(who(name), command, serde_json::json!({}))
}

fn rules() -> Rules {
    let s = Config::default().scores;
    Rules {
        initial: s.initial,
        floor: s.floor,
        k: s.elo_k,
        online_weight: s.online_weight,
    }
}

pub(crate) fn median(mut xs: Vec<Duration>) -> Duration {
    xs.sort();
    xs[xs.len() / 2]
}

pub(crate) fn ms(d: Duration) -> String {
    format!("{:.2} ms", d.as_secs_f64() * 1000.0)
}

/// Medians of `/game register`, `/profile` and `/leaderboard` on an opened club.
pub(crate) struct Commands {
    pub(crate) register: Duration,
    pub(crate) profile: Duration,
    pub(crate) leaderboard: Duration,
}

pub(crate) async fn open_app(pool: SqlitePool, at: DateTime<Utc>) -> (App, FakeClock) {
    let clock = FakeClock::new(at);
    let mut config = Config::default();
    config.database.path = "(bench)".into();
    let app = App::with_pool(pool, config, Arc::new(clock.clone()))
        .await
        .unwrap();
    (app, clock)
}

/// Samples both clubs in turn, so a busy machine slows both alike.
pub(crate) async fn commands(
    small: (&App, &FakeClock),
    big: (&App, &FakeClock),
    members: i64,
    samples: usize,
) -> (Commands, Commands) {
    let mut rng = Rng(1);
    let mut times: [[Vec<Duration>; 3]; 2] = Default::default();
    for (app, _) in [small, big] {
        app.leaderboard()
            .session_open(&call("mod", "session open"))
            .await
            .expect("session opens");
    }
    for _ in 0..samples {
        for (club, (app, clock)) in [small, big].into_iter().enumerate() {
            // A second apart, as games come in: presence stays in the order people arrived.
            clock.set(clock.now() + chrono::Duration::seconds(1));
            let white = 1 + rng.below(members as u64) as i64;
            let black = 1 + (white + rng.below(members as u64 - 1) as i64) % members;
            // Both players check in first (a registration needs them present, Terms §0 Act 9).
            for player in [white, black] {
                let _ = app
                    .leaderboard()
                    .mark_present(&call("mod", "session mark"), &who(&format!("m{player}")))
                    .await;
            }
            let input = GameInput {
                white: who(&format!("m{white}")),
                black: who(&format!("m{black}")),
                result: GameResult::White,
                online: false,
                clock: false,
            };
            let t = Instant::now();
            app.leaderboard()
                .register_game(&call("mod", "game register"), &input)
                .await
                .expect("registered");
            times[club][0].push(t.elapsed());
            let me = who(&format!("m{}", 1 + rng.below(members as u64)));
            let t = Instant::now();
            app.leaderboard().profile(&me, None).await.expect("profile");
            times[club][1].push(t.elapsed());
            let page = 1 + rng.below((members as u64).div_ceil(10)) as i64;
            let t = Instant::now();
            app.leaderboard()
                .page(Some(page))
                .await
                .expect("leaderboard");
            times[club][2].push(t.elapsed());
        }
    }
    let [s, b] = times.map(|[register, profile, leaderboard]| Commands {
        register: median(register),
        profile: median(profile),
        leaderboard: median(leaderboard),
    });
    (s, b)
}

/// The raw read, the yardstick a full re-derivation is divided by: the replay's query over
/// every live event at once (the events in fold order, joined to their games), through rusqlite
/// on the database file, every column of every row read in place, nothing built from them:
/// what any program reading the same rows pays.
pub(crate) fn bare_read(path: &Path) -> Duration {
    let c = rusqlite::Connection::open_with_flags(path, rusqlite::OpenFlags::SQLITE_OPEN_READ_ONLY)
        .unwrap();
    let t = Instant::now();
    let mut statement = c
        .prepare(
            "SELECT e.id, e.at, e.kind, e.person_id, e.amount, g.white_id, g.black_id, g.result,
                    g.online
             FROM score_events e LEFT JOIN games g ON g.id = e.game_id
             WHERE e.voided_at IS NULL ORDER BY e.at, e.id",
        )
        .unwrap();
    let mut rows = statement.query([]).unwrap();
    let (mut read, mut sum) = (0u64, 0i64);
    while let Some(row) = rows.next().unwrap() {
        for i in 0..9 {
            match row.get_ref(i).unwrap() {
                rusqlite::types::ValueRef::Integer(v) => sum = sum.wrapping_add(v),
                rusqlite::types::ValueRef::Text(text) => sum += text.len() as i64,
                _ => {}
            }
        }
        read += 1;
    }
    std::hint::black_box((read, sum));
    t.elapsed()
}

/// The same rows through sqlx, as the fold read them before it read through rusqlite
/// (`standings::read_history`: 8192 rows a query, each decoded into an event); the rederive
/// bench shows it beside the raw read.
#[allow(dead_code)]
pub(crate) async fn sqlx_read(pool: &SqlitePool) -> Duration {
    let mut conn = pool.acquire().await.unwrap();
    let t = Instant::now();
    std::hint::black_box(
        gavel::store::leaderboard::standings::read_history(&mut conn)
            .await
            .unwrap(),
    );
    t.elapsed()
}

pub(crate) async fn rebuild(pool: &SqlitePool) -> Duration {
    let mut tx = pool.begin().await.unwrap();
    let t = Instant::now();
    gavel::store::leaderboard::standings::rebuild(&mut tx, &rules())
        .await
        .unwrap();
    tx.commit().await.unwrap();
    t.elapsed()
}

/// The peak resident memory (VmHWM) of a `gavel` process, read just before it ends.
pub(crate) fn peak_memory_mb(dir: &Path, args: &[&str], stdin: &str, env: &[(&str, &str)]) -> f64 {
    let mut child = Command::new(env!("CARGO_BIN_EXE_gavel"))
        .args(args)
        .current_dir(dir)
        .envs(env.iter().copied())
        .env("RUST_LOG", "error")
        .stdin(Stdio::piped())
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .expect("gavel starts");
    {
        use std::io::Write;
        let mut input = child.stdin.take().unwrap();
        input.write_all(stdin.as_bytes()).unwrap();
    }
    let status = format!("/proc/{}/status", child.id());
    let mut peak = 0.0;
    let started = Instant::now();
    while child.try_wait().unwrap().is_none() && started.elapsed() < Duration::from_secs(120) {
        if let Ok(text) = std::fs::read_to_string(&status) {
            for line in text.lines() {
                if let Some(kb) = line.strip_prefix("VmHWM:") {
                    let kb: f64 = kb
                        .trim()
                        .trim_end_matches("kB")
                        .trim()
                        .parse()
                        .unwrap_or(0.0);
                    peak = f64::max(peak, kb / 1024.0);
                }
            }
        }
        std::thread::sleep(Duration::from_millis(20));
    }
    let _ = child.kill();
    let _ = child.wait();
    peak
}
