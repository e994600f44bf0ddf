//! The portal under a crowd: the portal served on 127.0.0.1 as `gavel portal` serves it, and
//! `CLIENTS` clients at once, each on its own keep-alive connection, asking as a browser does
//! (`Accept-Encoding: gzip`) and reading every answer whole before the next request, for a
//! fixed time per scenario (wrk's model: a closed loop of connections). The clients run in the
//! same process, on the same two cores as the portal, so the figures include their own cost.

use std::net::SocketAddr;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};

use axum::body::Body;
use axum::http::{Request, StatusCode};
use hyper_util::client::legacy::connect::HttpConnector;
use hyper_util::client::legacy::Client;
use hyper_util::rt::TokioExecutor;

/// What the clients ask for: one address for all (a crowd at one page), or a new one each time
/// (`{}` in the address becomes a number from 1 to `range`, so few answers are ever kept).
pub struct Scenario {
    pub name: String,
    pub path: String,
    pub range: Option<i64>,
}

/// What one scenario measured.
pub struct Measured {
    pub p50: Duration,
    pub p99: Duration,
    pub max: Duration,
    pub per_second: f64,
}

fn percentile(sorted: &[Duration], p: f64) -> Duration {
    let i = ((sorted.len() as f64 - 1.0) * p).round() as usize;
    sorted[i.min(sorted.len() - 1)]
}

/// Runs `clients` clients against the portal at `addr` for `time` (after a second of warming
/// up that is not counted), asking as `scenario` says.
pub async fn run(
    addr: SocketAddr,
    scenario: &Scenario,
    clients: usize,
    time: Duration,
) -> Measured {
    let client: Client<HttpConnector, Body> = Client::builder(TokioExecutor::new())
        .pool_max_idle_per_host(clients)
        .build_http();
    let warm = Duration::from_secs(1);
    let started = Instant::now();
    let stop = Arc::new(AtomicBool::new(false));
    let mut tasks = Vec::with_capacity(clients);
    for c in 0..clients {
        let (client, stop) = (client.clone(), stop.clone());
        let path = scenario.path.clone();
        let range = scenario.range;
        tasks.push(tokio::spawn(async move {
            let mut seed = 0x9e37_79b9_7f4a_7c15_u64 ^ (c as u64 + 1).wrapping_mul(0xbf58_476d);
            let mut times = Vec::new();
            while !stop.load(Ordering::Relaxed) {
                let address = match range {
                    Some(n) => {
                        seed ^= seed << 13;
                        seed ^= seed >> 7;
                        seed ^= seed << 17;
                        path.replace("{}", &(1 + seed % n as u64).to_string())
                    }
                    None => path.clone(),
                };
                let request = Request::get(format!("http://{addr}{address}"))
                    .header("accept-encoding", "gzip")
                    .body(Body::empty())
                    .unwrap();
                let t = Instant::now();
                let response = client.request(request).await.expect("the portal answers");
                let status = response.status();
                let body = axum::body::to_bytes(Body::new(response.into_body()), usize::MAX)
                    .await
                    .expect("a body");
                let took = t.elapsed();
                assert_eq!(status, StatusCode::OK, "{address}");
                assert!(!body.is_empty(), "{address}");
                if t.duration_since(started) >= warm {
                    times.push(took);
                }
            }
            times
        }));
    }
    tokio::time::sleep(warm + time).await;
    stop.store(true, Ordering::Relaxed);
    let mut all = Vec::new();
    for task in tasks {
        all.extend(task.await.unwrap());
    }
    all.sort();
    Measured {
        p50: percentile(&all, 0.50),
        p99: percentile(&all, 0.99),
        max: *all.last().unwrap(),
        per_second: all.len() as f64 / time.as_secs_f64(),
    }
}
