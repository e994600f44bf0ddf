//! Commands at scale: a club of 10,000 members and 1,000,000 games, written straight into
//! gavel's schema with bulk inserts, then measured through the app on the release build.
//!
//! Prints the README's table: `/game register`, `/profile` and `/leaderboard` at a million
//! games against a thousand, voiding a recent game and the oldest one, a full rebuild, the
//! memory of the `gavel` process, and sustained registration in a fresh club. Ratios divide
//! by figures taken in the same run (a raw read of the live history with the replay's query
//! through rusqlite on the same file, single-row commits), so they hold on a busy machine.
//! `cargo bench --bench rederive` measures the full re-derivations and `gavel check` alone.
//!
//! `cargo bench --bench scale` runs at full size (a few minutes); `-- --quick` (or
//! `GAVEL_SCALE_GAMES` and `GAVEL_SCALE_MEMBERS`) runs small.
//!
//! `club` writes the clubs straight into the schema; `measure` holds what is timed.

mod club;
mod measure;

use std::time::{Duration, Instant};

use chrono::{Datelike, TimeZone, Utc, Weekday};
use gavel::app::leaderboard::games::GameInput;
use gavel::app::App;
use gavel::clock::{Clock, FakeClock};
use gavel::domain::leaderboard::score::GameResult;

use club::{played_at, session_time, write_club, Rng};
use measure::{bare_read, call, commands, median, ms, open_app, peak_memory_mb, rebuild, who};

fn main() {
    let quick = std::env::args().any(|a| a == "--quick");
    let env_or = |key: &str, full: i64, small: i64| {
        std::env::var(key)
            .ok()
            .and_then(|v| v.parse().ok())
            .unwrap_or(if quick { small } else { full })
    };
    let games = env_or("GAVEL_SCALE_GAMES", 1_000_000, 20_000);
    let members = env_or("GAVEL_SCALE_MEMBERS", 10_000, 1_000);
    let small_games = 1_000;
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()
        .unwrap();
    runtime.block_on(async move {
        let dir = tempfile::tempdir().unwrap();
        println!("scale: {members} members; {small_games} games against {games} games");

        let t = Instant::now();
        let small_db = dir.path().join("small.db");
        let small = write_club(&small_db, members, small_games).await;
        rebuild(&small).await;
        let big_db = dir.path().join("big.db");
        let big = write_club(&big_db, members, games).await;
        println!("clubs written in {:.1} s", t.elapsed().as_secs_f64());

        // The bare read and the rebuild, interleaved so both see the same machine.
        let (mut reads, mut rebuilds) = (Vec::new(), Vec::new());
        for _ in 0..3 {
            reads.push(bare_read(&big_db));
            rebuilds.push(rebuild(&big).await);
        }
        let read = median(reads);
        let rebuilt = median(rebuilds);

        let now = session_time(played_at(games));
        let (small_app, small_clock) =
            open_app(small, session_time(played_at(small_games))).await;
        let (app, clock) = open_app(big.clone(), now).await;
        let samples = if quick { 15 } else { 41 };
        let (at_small, at_big) = commands(
            (&small_app, &small_clock),
            (&app, &clock),
            members,
            samples,
        )
        .await;

        // The weekly review at the next Monday 00:00 of each club (with the session the
        // commands opened): each member's last presence and last game, looked up by index.
        let review = async |app: &App, clock: &FakeClock| {
            let tz = chrono_tz::Europe::London;
            let mut day = clock.now().with_timezone(&tz).date_naive().succ_opt().unwrap();
            while day.weekday() != Weekday::Mon {
                day = day.succ_opt().unwrap();
            }
            let monday = tz
                .from_local_datetime(&day.and_hms_opt(0, 1, 0).unwrap())
                .single()
                .unwrap()
                .with_timezone(&Utc);
            // The session closes by itself at 13:10 first, outside the timing.
            let closing = clock.now() + chrono::Duration::hours(2);
            clock.set(closing);
            gavel::app::scheduler::run_due(app, closing).await.expect("the close");
            clock.set(monday);
            let t = Instant::now();
            let reports = gavel::app::scheduler::run_due(app, monday).await.expect("the review");
            let took = t.elapsed();
            assert!(
                reports.iter().any(|r| format!("{r:?}").contains("deduction")),
                "the weekly review ran: {reports:?}"
            );
            took
        };
        let review_small = review(&small_app, &small_clock).await;
        let review_big = review(&app, &clock).await;
        let now = clock.now();

        // Voids of games played in the last week (the newest games), by the Moderator.
        let mut recent = Vec::new();
        for k in 0..9 {
            let id = games - 300 - 150 * k;
            clock.set(now + chrono::Duration::seconds(100 + k));
            let t = Instant::now();
            app.leaderboard().void_game(&call("mod", "game void"), id, "never played")
                .await
                .expect("void");
            recent.push(t.elapsed());
        }
        let void_recent = median(recent);
        // The oldest game and then the next oldest: each re-derives the whole history. Bare
        // reads before, between and after.
        let (mut oldest, mut reads) = (Vec::new(), vec![bare_read(&big_db)]);
        for id in [1, 2] {
            let t = Instant::now();
            app.leaderboard().void_game(&call("mod", "game void"), id, "never played")
                .await
                .expect("void");
            oldest.push(t.elapsed());
            reads.push(bare_read(&big_db));
        }
        let void_oldest = oldest[0].max(oldest[1]);
        let read_near = median(reads);
        let problems = app.leaderboard().check_standings().await.unwrap();
        assert!(problems.is_empty(), "{problems:?}");

        // Memory of the gavel process on the big club: `gavel run` up to the (unreachable)
        // gateway, and the console (the same app) voiding the third-oldest game.
        big.close().await;
        let config = format!(
            "[database]\npath = \"{}\"\n[chief_justice]\nname = \"cj\"\ndiscord_id = 1\n\
             [discord]\nguild_id = 1\ndiscussion_channel_id = 1\nproxy_url = \"http://127.0.0.1:9\"\n",
            big_db.display()
        );
        std::fs::write(dir.path().join("config.toml"), config).unwrap();
        let idle = peak_memory_mb(dir.path(), &["run"], "", &[("DISCORD_TOKEN", "bench")]);
        let local = now.with_timezone(&chrono_tz::Europe::London);
        let script = format!(
            "@ {}\nmod: /game void game:3 reason:\"never played\"\n",
            local.format("%Y-%m-%d %H:%M")
        );
        let after_void = peak_memory_mb(dir.path(), &["console"], &script, &[]);

        // A fresh club: sustained registrations against single-row commits.
        let fresh_db = dir.path().join("fresh.db");
        let fresh = write_club(&fresh_db, 100, 0).await;
        rebuild(&fresh).await;
        let commits = {
            sqlx::query("CREATE TABLE bench_commits (id INTEGER PRIMARY KEY, at TEXT)")
                .execute(&fresh)
                .await
                .unwrap();
            let t = Instant::now();
            let mut n = 0;
            while t.elapsed() < Duration::from_secs(2) {
                let mut tx = fresh.begin_with("BEGIN IMMEDIATE").await.unwrap();
                sqlx::query("INSERT INTO bench_commits (at) VALUES (?)")
                    .bind(Utc::now())
                    .execute(&mut *tx)
                    .await
                    .unwrap();
                tx.commit().await.unwrap();
                n += 1;
            }
            n as f64 / t.elapsed().as_secs_f64()
        };
        // 12:30, the window's start: 2,000 games a second apart fit before it ends at 13:10.
        let opened = session_time(played_at(0)) - chrono::Duration::minutes(10);
        let (fresh_app, fresh_clock) = open_app(fresh, opened).await;
        fresh_app.leaderboard().session_open(&call("mod", "session open")).await.unwrap();
        for m in 1..=100 {
            fresh_app
                .leaderboard().mark_present(&call("mod", "session mark"), &who(&format!("m{m}")))
                .await
                .expect("marked present");
        }
        let registrations = if quick { 500 } else { 2_000 };
        let mut rng = Rng(3);
        let t = Instant::now();
        for i in 0..registrations {
            // A second apart, as games come in: presence stays in the order people arrived.
            fresh_clock.set(opened + chrono::Duration::seconds(1 + i as i64));
            let white = 1 + rng.below(100) as i64;
            let black = 1 + (white + rng.below(99) as i64) % 100;
            let input = GameInput {
                white: who(&format!("m{white}")),
                black: who(&format!("m{black}")),
                result: [GameResult::White, GameResult::Black, GameResult::Draw][rng.below(3) as usize],
                online: false,
                clock: false,
            };
            fresh_app
                .leaderboard().register_game(&call("mod", "game register"), &input)
                .await
                .expect("registered");
        }
        let per_second = registrations as f64 / t.elapsed().as_secs_f64();
        // The history's own share: an event appended with its fold step, one commit each.
        let appends = {
            let t = Instant::now();
            let mut n = 0;
            while t.elapsed() < Duration::from_secs(2) {
                let mut tx = fresh_app.begin().await.unwrap();
                gavel::store::leaderboard::events::append(
                    &mut tx,
                    &gavel::store::leaderboard::events::NewEvent {
                        at: fresh_clock.now(),
                        kind: gavel::store::leaderboard::events::EventKind::Adjust,
                        person_id: Some(1 + n % 100),
                        game_id: None,
                        action_id: None,
                        amount: Some(1),
                        reason: "bench",
                    },
                )
                .await
                .unwrap();
                tx.commit().await.unwrap();
                n += 1;
            }
            n as f64 / t.elapsed().as_secs_f64()
        };
        assert!(fresh_app.leaderboard().check_standings().await.unwrap().is_empty());

        let ratio = |a: Duration, b: Duration| a.as_secs_f64() / b.as_secs_f64();
        println!();
        println!("| measure | figure | target |");
        println!("|---|---|---|");
        for (name, small, big) in [
            ("`/game register`", at_small.register, at_big.register),
            ("`/profile`", at_small.profile, at_big.profile),
            ("`/leaderboard`", at_small.leaderboard, at_big.leaderboard),
        ] {
            println!(
                "| {name}: median at {games} games ÷ at {small_games} | {} ÷ {} = {:.2} | ≤ 1.5 |",
                ms(big),
                ms(small),
                ratio(big, small)
            );
        }
        println!(
            "| the weekly review of {members} members: at {games} games ÷ at {small_games} | {} ÷ {} = {:.2} | ≤ 1.5 |",
            ms(review_big),
            ms(review_small),
            ratio(review_big, review_small)
        );
        println!(
            "| voiding a game of the last week, at {games} games (median of 9) | {} | ≤ 50 ms |",
            ms(void_recent)
        );
        println!(
            "| voiding the oldest game (the slower of two) ÷ bare read of the events (median of 3) | {} ÷ {} = {:.2} | ≤ 2 |",
            ms(void_oldest),
            ms(read_near),
            ratio(void_oldest, read_near)
        );
        println!(
            "| full rebuild ÷ bare read (medians of 3) | {} ÷ {} = {:.2} | ≤ 2 |",
            ms(rebuilt),
            ms(read),
            ratio(rebuilt, read)
        );
        println!(
            "| peak memory: `gavel run` idle; the console after a void | {idle:.0} MB; {after_void:.0} MB | ≤ 100 MB |"
        );
        println!(
            "| `/game register` in a fresh club ÷ single-row commits | {per_second:.0}/s ÷ {commits:.0}/s = {:.2} | aim ≥ 1,000/s |",
            per_second / commits
        );
        println!(
            "| of which the history: an event appended with its fold step, one commit each | {appends:.0}/s ({:.2} of commits) | |",
            appends / commits
        );
    });
}
