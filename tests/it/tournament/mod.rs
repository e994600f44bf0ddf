//! Tournaments outside the transcripts: `gavel export` holds every tournament with its
//! entrants, matches, games, bids, rulings and the private cheating reports, which no channel
//! ever shows (ACWC Reporting cheats); facts fetched from a fake Lichess; and, one file each,
//! results as the rules allow them, eligibility, claims against an absent opponent, the
//! Director's corrections, the stored pairings and the week of a round paired late, and what
//! `gavel check` finds.

mod check;
mod claims;
mod corrections;
mod eligibility;
mod pairings;
mod results;

use gavel::adapters::console::Console;
use gavel::config::Config;
use serde_json::Value;

/// A console on a fresh in-memory database.
pub(crate) fn console() -> Console {
    let mut config = Config::default();
    config.database.path = gavel::store::IN_MEMORY.into();
    Console::new(config)
}

/// Runs lines that must run, whatever they print.
pub(crate) async fn setup(console: &mut Console, lines: &[&str]) {
    for line in lines {
        console.execute(line).await.expect("line runs");
    }
}

/// What a line printed, one line each: "< " a reply, "! " a refusal, "#channel> " a post.
pub(crate) async fn said(console: &mut Console, line: &str) -> String {
    console
        .execute(line)
        .await
        .expect("runs")
        .iter()
        .flat_map(|o| o.render())
        .collect::<Vec<_>>()
        .join("\n")
}

/// Tournament `n` as the public export shows it.
pub(crate) async fn exported(console: &mut Console, n: usize) -> Value {
    let app = console.app().await.expect("app").clone();
    let doc = gavel::app::export::export(&app).await.expect("export");
    doc["tournaments"][n - 1].clone()
}

/// What `gavel check` finds.
pub(crate) async fn checked(console: &mut Console) -> Vec<String> {
    let app = console.app().await.expect("app").clone();
    app.check_record().await.expect("check runs")
}

/// A club Swiss of four, started on Monday 30 November 2026: match #1 ann–ben, #2 cat–dan,
/// due Sunday 6 December; arb is the match arbiter.
pub(crate) const SWISS_OF_FOUR: &[&str] = &[
    "@ 2026-11-30 09:00",
    "cj: /tournament create name:\"Club Swiss\" format:swiss",
    "cj: /tournament director tournament:1 member:@td",
    "td: /tournament arbiter tournament:1 member:@arb",
    "ann: /tournament enter tournament:1 account:Ann",
    "ben: /tournament enter tournament:1 account:Ben",
    "cat: /tournament enter tournament:1 account:Cat",
    "dan: /tournament enter tournament:1 account:Dan",
    "td: /tournament start tournament:1",
];

/// A Swiss with a forfeit, a ruling and a private report.
async fn club() -> Console {
    let mut config = Config::default();
    config.database.path = gavel::store::IN_MEMORY.into();
    let mut console = Console::new(config);
    for line in [
        "@ 2026-11-30 09:00",
        "cj: /tournament create name:\"Club Swiss\" format:swiss",
        "cj: /tournament director tournament:1 member:@td",
        "ann: /tournament enter tournament:1 account:Ann",
        "ben: /tournament enter tournament:1 account:Ben",
        "cat: /tournament enter tournament:1 account:Cat",
        "td: /tournament start tournament:1",
        "td: /match forfeit match:1 member:@ben reason:\"no-show\"",
        "td: /tournament ruling tournament:1 match:1 text:\"The forfeit stands.\"",
        "ann: /tournament report tournament:1 member:@cat text:\"engine-like play\"",
    ] {
        console.execute(line).await.expect("line runs");
    }
    console
}

#[tokio::test]
async fn the_export_holds_the_tournament_and_the_report_is_kept_but_public_nowhere() {
    let mut console = club().await;
    let app = console.app().await.expect("app").clone();
    let doc = gavel::app::export::export(&app).await.expect("export");
    let t = &doc["tournaments"][0];
    assert_eq!(t["name"], "Club Swiss");
    assert_eq!(t["stage"], "swiss");
    assert_eq!(t["entrants"].as_array().map(Vec::len), Some(3));
    let forfeited = &t["matches"][0];
    assert_eq!(forfeited["decided"], "forfeit");
    assert_eq!(forfeited["second_points"], 0);
    assert_eq!(t["rulings"][0]["text"], "The forfeit stands.");
    // The cheating report is the Director's: kept, never in the public export (ACWC Reporting
    // cheats).
    assert!(t.get("reports").is_none(), "{t}");
    assert!(
        !doc.to_string().contains("engine-like"),
        "the report's text is public"
    );
    let kept: i64 = sqlx::query_scalar(
        "SELECT COUNT(*) FROM tournament_reports WHERE text = 'engine-like play'",
    )
    .fetch_one(app.pool())
    .await
    .expect("reports");
    assert_eq!(kept, 1);
    let posted: i64 =
        sqlx::query_scalar("SELECT COUNT(*) FROM outbox WHERE content LIKE '%engine-like%'")
            .fetch_one(app.pool())
            .await
            .expect("outbox");
    assert_eq!(posted, 0);
    assert_eq!(
        app.check_record().await.expect("check"),
        Vec::<String>::new()
    );
}

/// A fake Lichess: the three answers `/tournament fetch` asks for, for the account `AliceA`
/// (and `MarkedM`, marked for a violation of Lichess's terms), and the User-Agent each request
/// carried.
async fn fake_lichess() -> (String, std::sync::Arc<std::sync::Mutex<Vec<String>>>) {
    use axum::extract::{Path, State};
    use axum::http::{HeaderMap, StatusCode};
    use axum::routing::get;
    type Seen = std::sync::Arc<std::sync::Mutex<Vec<String>>>;
    let seen: Seen = Default::default();
    let agent = |seen: &Seen, headers: &HeaderMap| {
        let ua = headers
            .get("user-agent")
            .and_then(|v| v.to_str().ok())
            .unwrap_or("")
            .to_owned();
        seen.lock().expect("seen").push(ua);
    };
    let app = axum::Router::new()
        .route(
            "/api/user/:name",
            get(move |State(seen): State<Seen>, headers: HeaderMap, Path(name): Path<String>| async move {
                agent(&seen, &headers);
                match name.as_str() {
                    "AliceA" => Ok(r#"{"id":"alicea","createdAt":1514764800000}"#),
                    "MarkedM" => Ok(r#"{"id":"markedm","createdAt":1514764800000,"tosViolation":true}"#),
                    _ => Err(StatusCode::NOT_FOUND),
                }
            }),
        )
        .route(
            "/api/user/:name/rating-history",
            get(|| async {
                r#"[{"name":"Antichess","points":[[2018,5,1,2200],[2019,2,1,2100],[2019,8,5,2500]]}]"#
            }),
        )
        .route(
            "/api/games/user/:name",
            get(|| async { "{\"id\":\"g\"}\n".repeat(100) }),
        )
        .with_state(seen.clone());
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0")
        .await
        .expect("port");
    let addr = listener.local_addr().expect("address");
    tokio::spawn(async move { axum::serve(listener, app).await });
    (format!("http://{addr}"), seen)
}

/// Checks (ACWC Player eligibility; Format: the seeding rating averages the rating on 1
/// September 2019 and the peak of the year before): with `[tournament] lichess_url` set,
/// `/tournament fetch` reads the account's creation, its 100 rated games before the date, its
/// rating on the date (2100) and the year's peak (2200) from a local fake Lichess, records them
/// and gives the verdict and seeding rating 2150; an account Lichess does not know is refused
/// with the way to record facts by hand; only the Director may fetch; every request names gavel.
#[tokio::test]
async fn facts_are_fetched_from_lichess_politely_and_recorded() {
    let (url, seen) = fake_lichess().await;
    let mut config = Config::default();
    config.database.path = gavel::store::IN_MEMORY.into();
    config.tournament.lichess_url = Some(url);
    let mut console = Console::new(config);
    for line in [
        "@ 2026-11-30 09:00",
        "cj: /tournament create name:\"Antichess\" format:acwc",
        "cj: /tournament director tournament:1 member:@td",
        "alice: /tournament enter tournament:1 account:AliceA",
        "bob: /tournament enter tournament:1 account:Nobody",
    ] {
        console.execute(line).await.expect("line runs");
    }
    let said = |out: Vec<gavel::adapters::console::Output>| {
        out.iter()
            .flat_map(|o| o.render())
            .collect::<Vec<_>>()
            .join("\n")
    };
    let by_alice = said(
        console
            .execute("alice: /tournament fetch tournament:1 account:AliceA")
            .await
            .expect("runs"),
    );
    assert!(
        by_alice.starts_with("! Only tournament #1's Director"),
        "{by_alice}"
    );
    assert!(
        seen.lock().expect("seen").is_empty(),
        "Lichess was asked for a refused caller"
    );
    let fetched = said(
        console
            .execute("td: /tournament fetch tournament:1 account:AliceA")
            .await
            .expect("runs"),
    );
    assert_eq!(
        fetched,
        "< From Lichess: AliceA: facts recorded. Eligible. Seeding rating 2150 (ACWC Format)."
    );
    let unknown = said(
        console
            .execute("td: /tournament fetch tournament:1 account:Nobody")
            .await
            .expect("runs"),
    );
    assert!(unknown.contains("Lichess has no such account"), "{unknown}");
    assert!(unknown.contains("/tournament facts"), "{unknown}");
    let agents = seen.lock().expect("seen").clone();
    assert!(
        !agents.is_empty() && agents.iter().all(|a| a.starts_with("gavel/")),
        "{agents:?}"
    );
}

/// Checks (ACWC Player eligibility: "You have an account that was marked as engine or booster
/// after September 1, 2017" disqualifies; "Exceptions to these requirements can be made at TD
/// discretion" is for the entry requirements): an account Lichess shows marked is recorded with
/// an undated mark and held back until the Director records the date; `/tournament except`
/// refuses it and, once dated after the date, still refuses it; at the start it does not play.
#[tokio::test]
async fn a_mark_lichess_shows_holds_the_account_back_and_no_exception_admits_a_recent_one() {
    let (url, _seen) = fake_lichess().await;
    let mut config = Config::default();
    config.database.path = gavel::store::IN_MEMORY.into();
    config.tournament.lichess_url = Some(url);
    let mut console = Console::new(config);
    let said = async |console: &mut Console, line: &str| {
        console
            .execute(line)
            .await
            .expect("runs")
            .iter()
            .flat_map(|o| o.render())
            .collect::<Vec<_>>()
            .join("\n")
    };
    for line in [
        "@ 2026-11-30 09:00",
        "cj: /tournament create name:\"Antichess\" format:acwc",
        "cj: /tournament director tournament:1 member:@td",
        "alice: /tournament enter tournament:1 account:AliceA",
        "mal: /tournament enter tournament:1 account:MarkedM",
        "bob: /tournament enter tournament:1 account:BobB",
        "td: /tournament facts tournament:1 account:BobB created:2016-01-01 rated_games:500 rating:2000 peak:2050",
        "td: /tournament fetch tournament:1 account:AliceA",
    ] {
        console.execute(line).await.expect("line runs");
    }
    let fetched = said(
        &mut console,
        "td: /tournament fetch tournament:1 account:MarkedM",
    )
    .await;
    assert!(
        fetched.contains("Not eligible: Lichess shows the account marked"),
        "{fetched}"
    );
    let excepted = said(
        &mut console,
        "td: /tournament except tournament:1 account:MarkedM reason:\"reformed\"",
    )
    .await;
    assert!(
        excepted.starts_with("! MarkedM cannot be admitted by exception"),
        "{excepted}"
    );
    let dated = said(&mut console, "td: /tournament facts tournament:1 account:MarkedM created:2018-01-01 rated_games:100 rating:2100 peak:2200 marked:2018-06-01").await;
    assert!(
        dated.contains("Not eligible: The account was marked as engine or booster after the date"),
        "{dated}"
    );
    let excepted = said(
        &mut console,
        "td: /tournament except tournament:1 account:MarkedM reason:\"reformed\"",
    )
    .await;
    assert!(
        excepted.starts_with("! MarkedM cannot be admitted by exception"),
        "{excepted}"
    );
    let started = said(&mut console, "td: /tournament start tournament:1").await;
    assert!(started.contains("MarkedM may not play"), "{started}");
}
