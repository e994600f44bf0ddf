//! A full re-derivation beside a raw read of the same rows, in one run: the scale bench's club
//! (`benches/scale/club.rs`, 10,000 members and 1,000,000 counted games, folded), then, three
//! rounds interleaved so each sees the same machine, the raw read (the replay's query through
//! rusqlite on the file, `measure::bare_read`), the same rows through sqlx as the fold read them
//! before (`standings::read_history`), `gavel rebuild` (`App::rebuild_standings`) and `gavel
//! check` (`App::check_record`, every invariant); then voiding the oldest game and the next
//! oldest, each a full re-derivation inside the void's transaction, with raw reads between;
//! last, a rebuild with no step stored, so that every step is written.
//!
//! `cargo bench --bench rederive` runs at full size; `-- --quick` (or `GAVEL_SCALE_GAMES` and
//! `GAVEL_SCALE_MEMBERS`) runs small. `GAVEL_BENCH_CLUB=PATH` keeps the written club at PATH
//! (shared with `cargo bench --bench portal`) and works on a copy of it.

#[allow(dead_code)]
#[path = "../scale/club.rs"]
mod club;
#[allow(dead_code)]
#[path = "../scale/measure.rs"]
mod measure;

use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

use measure::{bare_read, call, median, ms, open_app, sqlx_read};

fn ratio(a: Duration, b: Duration) -> f64 {
    a.as_secs_f64() / b.as_secs_f64()
}

/// The club at `kept` (written there first if it is not), copied to `work`.
async fn club_at(kept: &Path, work: &Path, members: i64, games: i64) {
    let written = kept.with_extension("written");
    if !written.exists() {
        for stale in ["", "-wal", "-shm"] {
            let _ = std::fs::remove_file(format!("{}{stale}", kept.display()));
        }
        let pool = club::write_club(kept, members, games).await;
        let mut conn = pool.acquire().await.unwrap();
        let s = gavel::config::Config::default().scores;
        let rules = gavel::domain::leaderboard::score::Rules {
            initial: s.initial,
            floor: s.floor,
            k: s.elo_k,
            online_weight: s.online_weight,
        };
        gavel::store::leaderboard::standings::rebuild(&mut conn, &rules)
            .await
            .unwrap();
        drop(conn);
        pool.close().await;
        std::fs::write(&written, format!("{members} members, {games} games\n")).unwrap();
    }
    for tail in ["", "-wal"] {
        let from = PathBuf::from(format!("{}{tail}", kept.display()));
        if from.exists() {
            std::fs::copy(&from, format!("{}{tail}", work.display())).unwrap();
        }
    }
}

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
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()
        .unwrap();
    runtime.block_on(async move {
        let dir = tempfile::tempdir().unwrap();
        let kept = match std::env::var("GAVEL_BENCH_CLUB") {
            Ok(path) => PathBuf::from(path),
            Err(_) => dir.path().join("kept.db"),
        };
        let work = dir.path().join("club.db");
        let t = Instant::now();
        club_at(&kept, &work, members, games).await;
        println!(
            "rederive: {members} members, {games} games, ready in {:.1} s",
            t.elapsed().as_secs_f64()
        );
        let pool = gavel::store::open(work.to_str().unwrap()).await.unwrap();
        gavel::store::migrate(&pool).await.unwrap();
        let now = club::session_time(club::played_at(games));
        let (app, _clock) = open_app(pool.clone(), now).await;
        let (mut raw, mut through_sqlx, mut rebuilt, mut checked) =
            (Vec::new(), Vec::new(), Vec::new(), Vec::new());
        for _ in 0..3 {
            raw.push(bare_read(&work));
            through_sqlx.push(sqlx_read(&pool).await);
            let t = Instant::now();
            app.leaderboard().rebuild_standings().await.unwrap();
            rebuilt.push(t.elapsed());
            let t = Instant::now();
            let breaches = app.check_record().await.unwrap();
            checked.push(t.elapsed());
            assert!(breaches.is_empty(), "{breaches:?}");
        }
        let (mut oldest, mut reads) = (Vec::new(), vec![bare_read(&work)]);
        for id in [1, 2] {
            let t = Instant::now();
            app.leaderboard().void_game(&call("mod", "game void"), id, "never played")
                .await
                .expect("void");
            oldest.push(t.elapsed());
            reads.push(bare_read(&work));
        }
        let breaches = app.check_record().await.unwrap();
        assert!(breaches.is_empty(), "{breaches:?}");
        // A rebuild with no step stored (a database whose steps were lost): every step written.
        sqlx::query("DELETE FROM score_steps").execute(&pool).await.unwrap();
        let before = bare_read(&work);
        let t = Instant::now();
        app.leaderboard().rebuild_standings().await.unwrap();
        let from_nothing = t.elapsed();
        let after = bare_read(&work);
        let from_nothing_read = before.min(after);
        let breaches = app.check_record().await.unwrap();
        assert!(breaches.is_empty(), "{breaches:?}");
        let (raw, through_sqlx, rebuilt, checked) = (
            median(raw),
            median(through_sqlx),
            median(rebuilt),
            median(checked),
        );
        let (void_oldest, read_near) = (oldest[0].max(oldest[1]), median(reads));
        println!("| measure (medians of 3) | figure | ÷ raw read | target |");
        println!("|---|---|---|---|");
        println!("| raw read of the live events (rusqlite) | {} | 1 | |", ms(raw));
        println!(
            "| the same through sqlx (8192 a query, decoded) | {} | {:.2} | |",
            ms(through_sqlx),
            ratio(through_sqlx, raw)
        );
        println!(
            "| `gavel rebuild` | {} | {:.2} | ≤ 2 |",
            ms(rebuilt),
            ratio(rebuilt, raw)
        );
        println!(
            "| voiding the oldest game (the slower of two; raw reads around them) | {} | {:.2} | ≤ 2 |",
            ms(void_oldest),
            ratio(void_oldest, read_near)
        );
        println!(
            "| `gavel check` (every invariant) | {} | {:.2} | ≤ 3 |",
            ms(checked),
            ratio(checked, raw)
        );
        println!(
            "| `gavel rebuild` with no step stored: every step written (once; raw reads around it) | {} | {:.2} | |",
            ms(from_nothing),
            ratio(from_nothing, from_nothing_read)
        );
    });
}
