//! The portal at scale: page render times on a large generated club, measured in process
//! through the portal's router (the handler, its reads on the read-only pool, the template and
//! the middleware; no network), on the release build; then the portal under a crowd
//! (`load.rs`): served on 127.0.0.1, 50 clients at once, each page's p50 and p99.
//!
//! The club is the scale bench's (`benches/scale/club.rs`): 10,000 members and 1,000,000
//! counted games written straight into the schema and folded, with the Nomic Initial Set as the
//! rulebook. `cargo bench --bench portal` runs at full size; `-- --quick` (or
//! `GAVEL_SCALE_GAMES` and `GAVEL_SCALE_MEMBERS`) runs small. `GAVEL_BENCH_CLUB=PATH` keeps the
//! written club at PATH and reads it again on the next run instead of writing it (two minutes
//! at full size). `GAVEL_LOAD_SECONDS` (default 3) is each load scenario's time; `-- --no-load`
//! leaves the load out, `-- --load-only` the single requests.

#[allow(dead_code)]
#[path = "../scale/club.rs"]
mod club;
mod load;

use std::sync::Arc;
use std::time::{Duration, Instant};

use axum::body::Body;
use axum::http::{Request, StatusCode};
use gavel::adapters::portal::{self, Portal};
use gavel::app::App;
use gavel::clock::FakeClock;
use gavel::config::Config;
use gavel::domain::leaderboard::score::Rules;
use tower::ServiceExt;

fn median(mut xs: Vec<Duration>) -> Duration {
    xs.sort();
    xs[xs.len() / 2]
}

async fn get(router: &axum::Router, path: &str, etag: Option<&str>) -> (StatusCode, usize) {
    let mut request = Request::get(path);
    if let Some(tag) = etag {
        request = request.header("if-none-match", tag);
    }
    let response = router
        .clone()
        .oneshot(request.body(Body::empty()).unwrap())
        .await
        .unwrap();
    let status = response.status();
    let body = axum::body::to_bytes(response.into_body(), usize::MAX)
        .await
        .unwrap();
    (status, body.len())
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
    let samples = if quick { 9 } else { 31 };
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()
        .unwrap();
    let args: Vec<String> = std::env::args().collect();
    let (no_load, load_only) = (
        args.iter().any(|a| a == "--no-load"),
        args.iter().any(|a| a == "--load-only"),
    );
    let load_seconds = env_or("GAVEL_LOAD_SECONDS", 3, 1) as u64;
    runtime.block_on(async move {
        let dir = tempfile::tempdir().unwrap();
        let path = match std::env::var("GAVEL_BENCH_CLUB") {
            Ok(kept) => std::path::PathBuf::from(kept),
            Err(_) => dir.path().join("club.db"),
        };
        let written = path.with_extension("written");
        let t = Instant::now();
        let reused = written.exists();
        if !reused {
            for stale in ["", "-wal", "-shm"] {
                let _ = std::fs::remove_file(format!("{}{stale}", path.display()));
            }
        }
        let pool = if reused {
            gavel::store::open(path.to_str().unwrap()).await.unwrap()
        } else {
            club::write_club(&path, members, games).await
        };
        gavel::store::migrate(&pool).await.unwrap();
        let s = Config::default().scores;
        let rules = Rules {
            initial: s.initial,
            floor: s.floor,
            k: s.elo_k,
            online_weight: s.online_weight,
        };
        if !reused {
            let mut conn = pool.acquire().await.unwrap();
            gavel::store::leaderboard::standings::rebuild(&mut conn, &rules)
                .await
                .unwrap();
        }
        let mut config = Config::default();
        config.database.path = path.display().to_string();
        let clock = FakeClock::new(club::played_at(games + 1));
        let app = App::with_pool(pool, config.clone(), Arc::new(clock))
            .await
            .unwrap();
        // A club kept by the rederive bench has no rulebook yet.
        let rules_imported: i64 = sqlx::query_scalar("SELECT COUNT(*) FROM rule_changes")
            .fetch_one(app.pool())
            .await
            .unwrap();
        if rules_imported == 0 {
            let initial = include_str!("../../src/domain/nomic/initial-rules.json");
            app.nomic()
                .import_rules("the Initial Set", initial, true, false)
                .await
                .unwrap();
        }
        if !reused {
            std::fs::write(&written, format!("{members} members, {games} games\n")).unwrap();
        }
        println!(
            "portal: {members} members, {games} games, {} in {:.1} s",
            if reused {
                "read again"
            } else {
                "written and folded"
            },
            t.elapsed().as_secs_f64()
        );
        if !no_load {
            crowd(&config, &app, members, games, load_seconds).await;
        }
        if load_only {
            return;
        }
        // Made: every request makes its page (no page kept), as a page is made the first
        // time after a write. Kept: the page as kept for the revision, as every later visitor
        // gets it.
        let made = portal::router(Portal::open(&config).await.unwrap().keeping_no_pages());
        let kept = portal::router(Portal::open(&config).await.unwrap());
        let pages = pages(members, games);
        let mut times: Vec<Vec<Duration>> = vec![Vec::new(); pages.len()];
        let mut hits: Vec<Vec<Duration>> = vec![Vec::new(); pages.len()];
        let mut sizes = vec![0; pages.len()];
        for _ in 0..samples {
            for (i, page) in pages.iter().enumerate() {
                let t = Instant::now();
                let (status, size) = get(&made, page, None).await;
                times[i].push(t.elapsed());
                assert_eq!(status, StatusCode::OK, "{page}");
                sizes[i] = size;
                let t = Instant::now();
                let (status, _) = get(&kept, page, None).await;
                hits[i].push(t.elapsed());
                assert_eq!(status, StatusCode::OK, "{page}");
            }
        }
        let tag = {
            let response = made
                .clone()
                .oneshot(Request::get("/leaderboard").body(Body::empty()).unwrap())
                .await
                .unwrap();
            response.headers()["etag"].to_str().unwrap().to_owned()
        };
        let mut unchanged = Vec::new();
        for _ in 0..samples {
            let t = Instant::now();
            let (status, _) = get(&made, "/leaderboard", Some(&tag)).await;
            unchanged.push(t.elapsed());
            assert_eq!(status, StatusCode::NOT_MODIFIED);
        }
        println!("| page | made | kept | bytes |");
        println!("|---|---|---|---|");
        for (i, page) in pages.iter().enumerate() {
            let m = median(std::mem::take(&mut times[i]));
            let k = median(std::mem::take(&mut hits[i]));
            println!(
                "| `{page}` | {:.2} ms | {:.2} ms | {} |",
                m.as_secs_f64() * 1000.0,
                k.as_secs_f64() * 1000.0,
                sizes[i]
            );
        }
        println!(
            "| `/leaderboard`, unchanged (304) | {:.2} ms | | 0 |",
            median(unchanged).as_secs_f64() * 1000.0
        );
    });
}

/// The pages measured: each group's list and one of each, deep pages included.
fn pages(members: i64, games: i64) -> Vec<String> {
    let member = members / 2;
    vec![
        "/".to_owned(),
        "/leaderboard".to_owned(),
        format!("/leaderboard?after=100.{member}"),
        format!("/members/{member}"),
        "/games".to_owned(),
        format!("/games?before={}", games / 2),
        format!("/games?member={member}"),
        format!("/games/{}", games / 2),
        "/cases".to_owned(),
        "/court".to_owned(),
        "/rules".to_owned(),
        "/rules/201".to_owned(),
        "/rules?as_of=2020-01-01".to_owned(),
        "/proposals".to_owned(),
        "/api/v1/leaderboard".to_owned(),
        format!("/api/v1/members/{member}"),
        format!("/api/v1/games?before={}", games / 2),
        "/feed.atom".to_owned(),
    ]
}

/// The crowd: the portal served on 127.0.0.1 from a runtime and threads of its own (as `gavel
/// portal` would be), and `CLIENTS` clients at once: at each page (a crowd at one page), at a
/// page while the record changes every second (each change makes the page again), and at
/// addresses drawn at random (few pages kept: the cost of making them under the crowd).
async fn crowd(config: &Config, app: &App, members: i64, games: i64, seconds: u64) {
    const CLIENTS: usize = 50;
    let reader = Portal::open(config).await.unwrap();
    let listener = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
    listener.set_nonblocking(true).unwrap();
    let addr = listener.local_addr().unwrap();
    let server = std::thread::spawn(move || {
        let runtime = tokio::runtime::Builder::new_multi_thread()
            .enable_all()
            .build()
            .unwrap();
        runtime.block_on(async move {
            let listener = tokio::net::TcpListener::from_std(listener).unwrap();
            portal::serve(listener, reader, std::future::pending()).await
        })
    });
    let time = Duration::from_secs(seconds);
    let member = members / 2;
    let mut scenarios: Vec<load::Scenario> = pages(members, games)
        .into_iter()
        .map(|path| load::Scenario {
            name: format!("`{path}`"),
            path,
            range: None,
        })
        .collect();
    for (name, path, range) in [
        ("a member's page at random", "/members/{}", members),
        ("a member's games at random", "/games?member={}", members),
        ("a page of games at random", "/games?before={}", games),
        ("a game at random", "/games/{}", games),
    ] {
        scenarios.push(load::Scenario {
            name: name.to_owned(),
            path: path.to_owned(),
            range: Some(range),
        });
    }
    println!();
    println!("{CLIENTS} clients at once, {seconds} s each:");
    println!("| page | requests/s | p50 | p99 | max |");
    println!("|---|---|---|---|---|");
    let show = |name: &str, m: &load::Measured| {
        println!(
            "| {name} | {:.0} | {:.2} ms | {:.2} ms | {:.1} ms |",
            m.per_second,
            m.p50.as_secs_f64() * 1000.0,
            m.p99.as_secs_f64() * 1000.0,
            m.max.as_secs_f64() * 1000.0,
        );
    };
    for scenario in &scenarios {
        let m = load::run(addr, scenario, CLIENTS, time).await;
        show(&scenario.name, &m);
    }
    // A Diplomacy final: the crowd at one member's page while the record changes every second.
    let changing = {
        let pool = app.pool().clone();
        tokio::spawn(async move {
            loop {
                tokio::time::sleep(Duration::from_secs(1)).await;
                let mut tx = pool.begin().await.unwrap();
                gavel::store::revision::advance(&mut tx).await.unwrap();
                tx.commit().await.unwrap();
            }
        })
    };
    let scenario = load::Scenario {
        name: format!("`/members/{member}`, the record changing every second"),
        path: format!("/members/{member}"),
        range: None,
    };
    let m = load::run(addr, &scenario, CLIENTS, time).await;
    show(&scenario.name, &m);
    changing.abort();
    drop(server);
}
