//! The portal at scale: page render times on a large generated club, measured in process
//! through the portal's router (the handler, its reads on the read-only pool, the template and
//! the middleware; no network), on the release build.
//!
//! The club is the scale bench's (`benches/scale/club.rs`): 10,000 members and 1,000,000
//! counted games written straight into the schema and folded, with the Nomic Initial Set as the
//! rulebook. `cargo bench --bench portal` runs at full size; `-- --quick` (or
//! `GAVEL_SCALE_GAMES` and `GAVEL_SCALE_MEMBERS`) runs small. Prints each page's median.

#[allow(dead_code)]
#[path = "../scale/club.rs"]
mod club;

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
    runtime.block_on(async move {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("club.db");
        let t = Instant::now();
        let pool = club::write_club(&path, members, games).await;
        let s = Config::default().scores;
        let rules = Rules {
            initial: s.initial,
            floor: s.floor,
            k: s.elo_k,
            online_weight: s.online_weight,
        };
        let mut conn = pool.acquire().await.unwrap();
        gavel::store::leaderboard::standings::rebuild(&mut conn, &rules)
            .await
            .unwrap();
        drop(conn);
        let mut config = Config::default();
        config.database.path = path.display().to_string();
        let clock = FakeClock::new(club::played_at(games + 1));
        let app = App::with_pool(pool, config.clone(), Arc::new(clock))
            .await
            .unwrap();
        let initial = include_str!("../../src/domain/nomic/initial-rules.json");
        app.import_rules("the Initial Set", initial, true, false)
            .await
            .unwrap();
        println!(
            "portal: {members} members, {games} games, written and folded in {:.1} s",
            t.elapsed().as_secs_f64()
        );
        let router = portal::router(Portal::open(&config).await.unwrap());
        let member = members / 2;
        let pages = [
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
            "/feed.atom".to_owned(),
        ];
        let mut times: Vec<Vec<Duration>> = vec![Vec::new(); pages.len()];
        let mut sizes = vec![0; pages.len()];
        for _ in 0..samples {
            for (i, page) in pages.iter().enumerate() {
                let t = Instant::now();
                let (status, size) = get(&router, page, None).await;
                times[i].push(t.elapsed());
                assert_eq!(status, StatusCode::OK, "{page}");
                sizes[i] = size;
            }
        }
        let tag = {
            let response = router
                .clone()
                .oneshot(Request::get("/leaderboard").body(Body::empty()).unwrap())
                .await
                .unwrap();
            response.headers()["etag"].to_str().unwrap().to_owned()
        };
        let mut unchanged = Vec::new();
        for _ in 0..samples {
            let t = Instant::now();
            let (status, _) = get(&router, "/leaderboard", Some(&tag)).await;
            unchanged.push(t.elapsed());
            assert_eq!(status, StatusCode::NOT_MODIFIED);
        }
        println!("| page | median | bytes |");
        println!("|---|---|---|");
        for (i, page) in pages.iter().enumerate() {
            let m = median(std::mem::take(&mut times[i]));
            println!(
                "| `{page}` | {:.2} ms | {} |",
                m.as_secs_f64() * 1000.0,
                sizes[i]
            );
        }
        println!(
            "| `/leaderboard`, unchanged (304) | {:.2} ms | 0 |",
            median(unchanged).as_secs_f64() * 1000.0
        );
    });
}
