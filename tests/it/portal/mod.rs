//! The portal (`src/adapters/portal`) over a club built through the console on a database file,
//! served on 127.0.0.1 as `gavel portal` serves it: every page and its JSON, bad input, what
//! stays private, the revision's ETags and freshness, and (`browser.rs`) accessibility in a real
//! headless Chromium.

mod assets;
mod browser;
mod caching;
mod diplomacy;
mod house_rules;
mod in_progress;
mod partychess_png;
mod privacy;

use std::net::SocketAddr;

use gavel::adapters::console::{run_script, Console, Output};
use gavel::adapters::portal::{self, Portal};
use gavel::config::Config;

/// A club on a database file, with the portal serving it.
pub struct Club {
    pub console: Console,
    /// What the script that built it printed.
    pub said: String,
    pub addr: SocketAddr,
    pub client: reqwest::Client,
    _dir: tempfile::TempDir,
    _serving: tokio::task::JoinHandle<anyhow::Result<()>>,
}

/// The pages every test visits: each group's list and one of each, on the demo's club.
pub const PAGES: &[&str] = &[
    "/",
    "/announcements",
    "/leaderboard",
    "/members/3",
    "/games",
    "/games?member=3",
    "/games/1",
    "/cases",
    "/cases/1",
    "/court",
    "/court/appeals/1",
    "/rules",
    "/rules/101",
    "/rules?as_of=2026-11-30",
    "/proposals",
    "/proposals/301",
    "/points",
    "/orders",
    "/orders/1",
    "/motions",
    "/motions/2",
    "/houserules",
    "/tournaments",
    "/tournaments/1",
    "/tournaments/matches/1",
    "/diplomacy",
    "/diplomacy/boards/1",
    "/search?q=game",
];

/// When an empty club opens: before every moment its tests move the clock to.
const EMPTY_CLUB_OPENS: &str = "@ 2026-11-27 09:00";

impl Club {
    /// The README's demo club (`examples/demo.gavel`), or an empty one, with `config` changed by
    /// `adjust` first.
    pub async fn new(demo: bool, adjust: impl FnOnce(&mut Config)) -> Club {
        let script = demo.then(|| {
            std::fs::read_to_string(format!(
                "{}/examples/demo.gavel",
                env!("CARGO_MANIFEST_DIR")
            ))
            .expect("the demo")
        });
        Self::built(script.as_deref(), adjust).await
    }

    /// A club built by a script's lines, with the portal serving it; `said` holds what the
    /// script printed.
    pub async fn scripted(script: &str) -> Club {
        Self::built(Some(script), |_| {}).await
    }

    async fn built(script: Option<&str>, adjust: impl FnOnce(&mut Config)) -> Club {
        let dir = tempfile::tempdir().expect("temporary directory");
        let mut config = Config::default();
        config.database.path = dir.path().join("club.db").display().to_string();
        adjust(&mut config);
        let mut console = Console::rehearsal(config.clone());
        let mut console_said = String::new();
        if let Some(script) = script {
            console_said = run_script(&mut console, script)
                .await
                .expect("the script runs");
        } else {
            // The empty club opens at a moment of the test's choosing, never at today's date.
            let opened = console
                .execute(EMPTY_CLUB_OPENS)
                .await
                .expect("the clock moves");
            assert!(opened.is_empty(), "{opened:?}");
            console.app().await.expect("the club opens");
        }
        let reader = Portal::open(&config).await.expect("the portal opens");
        let listener = portal::bind(([127, 0, 0, 1], 0).into())
            .await
            .expect("a port");
        let addr = listener.local_addr().expect("address");
        let serving = tokio::spawn(portal::serve(listener, reader, std::future::pending()));
        Club {
            said: console_said,
            console,
            addr,
            client: reqwest::Client::new(),
            _dir: dir,
            _serving: serving,
        }
    }

    pub fn url(&self, path: &str) -> String {
        format!("http://{}{path}", self.addr)
    }

    pub async fn get(&self, path: &str) -> reqwest::Response {
        self.client
            .get(self.url(path))
            .send()
            .await
            .expect("the portal answers")
    }

    /// The status and body of `path`.
    pub async fn page(&self, path: &str) -> (u16, String) {
        let r = self.get(path).await;
        let status = r.status().as_u16();
        (status, r.text().await.expect("a body"))
    }

    /// The JSON at `path`.
    pub async fn json(&self, path: &str) -> serde_json::Value {
        let (status, body) = self.page(path).await;
        assert_eq!(status, 200, "{path}: {body}");
        serde_json::from_str(&body).expect("JSON")
    }

    /// Runs console lines, none of which may be refused.
    pub async fn run(&mut self, lines: &[&str]) {
        for line in lines {
            let out = self.console.execute(line).await.expect("line runs");
            assert!(
                !out.iter().any(|o| matches!(o, Output::Refusal(_))),
                "{line}: {out:?}"
            );
        }
    }
}

/// Checks: every page answers its HTML and, under /api/v1, the same data as JSON, each with the
/// security headers and a CSP that allows no script.
#[tokio::test]
async fn every_page_answers_as_html_and_as_json() {
    let club = Club::new(true, |_| {}).await;
    for path in PAGES {
        let r = club.get(path).await;
        assert_eq!(r.status(), 200, "{path}");
        let headers = r.headers().clone();
        assert!(
            headers["content-type"]
                .to_str()
                .unwrap()
                .starts_with("text/html"),
            "{path}"
        );
        let csp = headers["content-security-policy"].to_str().unwrap();
        assert!(
            csp.contains("default-src 'none'") && !csp.contains("script-src"),
            "{csp}"
        );
        assert_eq!(headers["x-content-type-options"], "nosniff");
        assert_eq!(headers["x-frame-options"], "DENY");
        assert!(headers.contains_key("etag"), "{path}");
        let body = r.text().await.unwrap();
        assert!(body.contains("<main id=\"main\""), "{path}");
        assert_eq!(body.matches("<h1").count(), 1, "{path}: one h1");
        assert!(!body.contains("<script"), "{path}");
        let api = if *path == "/" {
            "/api/v1".to_owned()
        } else {
            format!("/api/v1{path}")
        };
        let r = club.get(&api).await;
        assert_eq!(r.status(), 200, "{api}");
        assert!(r.headers()["content-type"]
            .to_str()
            .unwrap()
            .starts_with("application/json"));
        let _: serde_json::Value = serde_json::from_str(&r.text().await.unwrap()).expect("JSON");
    }
    let (status, feed) = club.page("/feed.atom").await;
    assert_eq!(status, 200);
    assert!(
        feed.contains("<feed xmlns=\"http://www.w3.org/2005/Atom\">"),
        "{feed}"
    );
    // The feed holds the newest 50 announcements: the demo's last act ends it.
    assert!(feed.contains("R1 Board 1 is scored"), "{feed}");
}

/// Checks: the pages show the record the demo made: the Leaderboard, the overturned case and its
/// appeal with votes, reasons and the opinion, the void-then-restored game, the rule's versions.
#[tokio::test]
async fn the_pages_show_the_record() {
    let club = Club::new(true, |_| {}).await;
    let board: serde_json::Value = club.json("/api/v1/leaderboard").await;
    assert_eq!(board["rows"][0]["name"], "bob");
    assert_eq!(board["rows"][0]["score"], 117);
    assert_eq!(board["rows"][1]["rank"], 2);
    assert_eq!(board["rows"][2]["rank"], 2);
    let (_, appeal) = club.page("/court/appeals/1").await;
    for words in [
        "the game was played: bob and the next board saw it",
        "bob and two witnesses confirm the game was played",
        "mod1 saw no game on that board",
        "overturned (void)",
        "Three players saw game #1 played",
        "href=\"/cases/1\"",
    ] {
        assert!(appeal.contains(words), "{words}: {appeal}");
    }
    let case: serde_json::Value = club.json("/api/v1/cases/1").await;
    assert_eq!(case["status"], "overturned");
    assert_eq!(case["appeals"][0]["number"], 1);
    let member: serde_json::Value = club.json("/api/v1/members/3").await;
    assert_eq!(member["who"]["name"], "alice");
    assert!(member["history"].as_array().unwrap().len() >= 3);
    let (_, page) = club.page("/members/3").await;
    assert!(
        page.contains("<svg") && page.contains("role=\"img\""),
        "{page}"
    );
    let game: serde_json::Value = club.json("/api/v1/games/3").await;
    assert_eq!(game["ended_by"], "material");
    let proposal: serde_json::Value = club.json("/api/v1/proposals/301").await;
    assert!(proposal["votes"].as_array().is_some_and(|v| !v.is_empty()));
}

/// Checks: an unknown id, a malformed date, a bad or repeated parameter and a huge or hostile
/// query string get a clear 404 or 400 page (never a 500), and member text is escaped.
#[tokio::test]
async fn bad_input_gets_a_clear_404_or_400() {
    let mut club = Club::new(true, |_| {}).await;
    let huge = format!("/games?member={}", "9".repeat(5000));
    for (path, status) in [
        ("/nowhere", 404),
        ("/games/999999", 404),
        ("/games/abc", 404),
        ("/games/-1", 404),
        ("/games/99999999999999999999999", 404),
        ("/members/0", 404),
        ("/members/424242", 404),
        ("/cases/77", 404),
        ("/court/appeals/9", 404),
        ("/orders/12", 404),
        ("/proposals/1", 404),
        ("/rules/not%20a%20rule", 404),
        ("/rules/999", 404),
        ("/rules?as_of=2026-13-45", 400),
        ("/rules?as_of=yesterday", 400),
        ("/rules?as_of=99999-01-01", 400),
        ("/games?before=x", 400),
        ("/games?before=1&before=2", 400),
        ("/games?member=99999", 404),
        ("/leaderboard?after=%3Cscript%3E", 400),
        ("/leaderboard?colour=red", 400),
        (huge.as_str(), 400),
        ("/games?before=%FF%FE", 400),
        ("/api/v1/games/abc", 404),
        ("/api/v1/rules?as_of=x", 400),
    ] {
        let (got, body) = club.page(path).await;
        assert_eq!(got, status, "{path}: {body}");
        assert!(!body.contains("<script"), "{path}");
    }
    let (_, body) = club
        .page("/leaderboard?after=%3Cscript%3Ealert(1)%3C/script%3E.1")
        .await;
    assert!(
        body.contains("&lt;script&gt;") && !body.contains("<script>"),
        "{body}"
    );
    // A member's text reaches the page escaped.
    club.run(&["bob: /court appeal matter:\"<b>x</b> the weekly review was wrong\" grounds:\"<script>alert(1)</script> & more\""])
        .await;
    let (status, body) = club.page("/court/appeals/2").await;
    assert_eq!(status, 200);
    assert!(
        body.contains("&lt;script&gt;alert(1)&lt;/script&gt; &amp; more"),
        "{body}"
    );
    assert!(
        body.contains("&lt;b&gt;x&lt;/b&gt;") && !body.contains("<b>x"),
        "{body}"
    );
}

/// Checks: what is not public stays off the portal: a case whose declaration has not reached
/// #discussion, posts still waiting in the outbox, and every Discord id.
#[tokio::test]
async fn only_what_gavel_announced_is_shown() {
    let mut club = Club::new(false, |c| c.discord.discussion_channel_id = Some(777)).await;
    club.run(&[
        "@ 2026-11-27 12:25",
        "cj: /office appoint member:@mod1 office:moderator",
        "alice: /join",
        "mod1: /mod deduct member:@alice points:5 reason:\"late again\" incident:\"late on Friday\"",
    ])
    .await;
    let (status, _) = club.page("/cases/1").await;
    assert_eq!(status, 404, "an undeclared case is not shown");
    let cases: serde_json::Value = club.json("/api/v1/cases").await;
    assert_eq!(cases["cases"], serde_json::json!([]));
    let home: serde_json::Value = club.json("/api/v1").await;
    assert_eq!(
        home["announcements"],
        serde_json::json!([]),
        "nothing reached its channel"
    );
    let (_, page) = club.page("/members/2").await;
    assert!(!page.contains("late again"), "{page}");
    let found = club.json("/api/v1/search?q=late").await;
    assert_eq!(
        found["results"],
        serde_json::json!([]),
        "an undeclared case is not found"
    );
    // Once Discord confirms the declaration, the case is public.
    let app = club.console.app().await.unwrap().clone();
    let mut conn = app.pool().acquire().await.unwrap();
    let posts = gavel::store::outbox::since(&mut conn, 0).await.unwrap();
    drop(conn);
    for p in posts {
        app.delivered(p.id, Some(1000 + p.id)).await.unwrap();
    }
    let (status, page) = club.page("/cases/1").await;
    assert_eq!(status, 200);
    assert!(page.contains("late again"), "{page}");
    let found = club.json("/api/v1/search?q=late").await;
    assert_eq!(found["results"][0]["href"], "/cases/1", "{found}");
    assert!(!page.contains("777"), "no Discord id");
}

/// Checks: a report of a message and the mod log never reach the portal, even once Discord has
/// taken their posts: the announcements and the search show the public declaration alone.
#[tokio::test]
async fn reports_and_the_mod_log_stay_off_the_portal() {
    let mut club = Club::new(false, |c| {
        c.discord.mod_channel_id = Some(3100);
        c.discord.modlog_channel_id = Some(3200);
    })
    .await;
    club.run(&[
        "@ 2026-11-27 12:25",
        "cj: /office appoint member:@mod1 office:moderator",
        "alice: /join",
        "bob: /join",
        "alice: /report file member:@bob what:\"insults another member\"",
        "mod1: /report act report:1 action:\"deduct 5\" reason:\"insulting another member\"",
    ])
    .await;
    let app = club.console.app().await.unwrap().clone();
    let mut conn = app.pool().acquire().await.unwrap();
    let posts = gavel::store::outbox::since(&mut conn, 0).await.unwrap();
    drop(conn);
    assert!(posts.iter().any(|p| p.channel == "moderators"));
    assert!(posts.iter().any(|p| p.channel == "modlog"));
    for p in posts {
        app.delivered(p.id, Some(1000 + p.id)).await.unwrap();
    }
    let home: serde_json::Value = club.json("/api/v1").await;
    let shown = home["announcements"].to_string();
    assert!(shown.contains("Declaration, case #1"), "{shown}");
    assert!(!shown.contains("Report #"), "{shown}");
    let (_, page) = club.page("/announcements").await;
    assert!(!page.contains("insults another member"), "{page}");
    let found = club.json("/api/v1/search?q=insults").await;
    assert_eq!(found["results"], serde_json::json!([]), "{found}");
}

/// Checks: after a command changes the record, the next request shows it; the ETag follows the
/// record's revision, so a request holding the current one gets 304 and an old one the page.
#[tokio::test]
async fn a_change_shows_on_the_next_request_and_etags_follow_the_revision() {
    let mut club = Club::new(true, |_| {}).await;
    let first = club.get("/leaderboard").await;
    let tag = first.headers()["etag"].to_str().unwrap().to_owned();
    let body = first.text().await.unwrap();
    assert!(!body.contains("dave"), "{body}");
    let again = club
        .client
        .get(club.url("/leaderboard"))
        .header("if-none-match", &tag)
        .send()
        .await
        .unwrap();
    assert_eq!(again.status(), 304);
    club.run(&["dave: /join"]).await;
    let after = club
        .client
        .get(club.url("/leaderboard"))
        .header("if-none-match", &tag)
        .send()
        .await
        .unwrap();
    assert_eq!(after.status(), 200, "the record changed");
    let new_tag = after.headers()["etag"].to_str().unwrap().to_owned();
    assert_ne!(new_tag, tag);
    assert!(after.text().await.unwrap().contains("dave"));
    let (_, home) = club.page("/").await;
    assert!(home.contains("dave joined the Leaderboard"), "{home}");
    let held = club
        .client
        .get(club.url("/"))
        .header("if-none-match", &new_tag)
        .send()
        .await
        .unwrap();
    assert_eq!(held.status(), 304);
}

/// Checks: search finds the rules, proposals, opinions, declarations and announcements, marks
/// the words found, and takes any query string without error.
#[tokio::test]
async fn search_finds_what_was_announced_and_marks_it() {
    let club = Club::new(true, |_| {}).await;
    let (status, page) = club.page("/search?q=three+players+saw").await;
    assert_eq!(status, 200);
    assert!(page.contains("/court/appeals/1"), "the opinion: {page}");
    assert!(page.contains("<mark>players</mark>"), "{page}");
    let found = club
        .json("/api/v1/search?q=registered%20not%20played")
        .await;
    let kinds: Vec<&str> = found["results"]
        .as_array()
        .unwrap()
        .iter()
        .map(|r| r["kind"].as_str().unwrap())
        .collect();
    assert!(
        kinds.contains(&"declaration") && kinds.contains(&"announcement"),
        "{kinds:?}"
    );
    let found = club.json("/api/v1/search?q=abide").await;
    assert_eq!(found["results"][0]["href"], "/rules/101", "{found}");
    let found = club.json("/api/v1/search?q=voting%20thread").await;
    assert!(!found["results"].as_array().unwrap().is_empty(), "{found}");
    for q in [
        "%22AND(",
        "NEAR%2F*",
        "%3Cscript%3E",
        "*",
        "%22%22%22",
        "a%20OR%20b%20NOT",
    ] {
        let (status, body) = club.page(&format!("/search?q={q}")).await;
        assert_eq!(status, 200, "{q}: {body}");
        assert!(!body.contains("<script>"), "{q}");
    }
}

/// Checks: lists are paged by key: the next page starts after the last row of this one.
#[tokio::test]
async fn lists_are_paged_by_key() {
    let mut club = Club::new(false, |_| {}).await;
    let mut lines = vec![
        "@ 2026-11-27 12:25".to_owned(),
        "cj: /office appoint member:@mod1 office:moderator".to_owned(),
        "@ 2026-11-27 12:31".to_owned(),
        "mod1: /session open".to_owned(),
    ];
    for i in 0..60 {
        lines.push(format!("p{i}: /join"));
        lines.push(format!("p{i}: /session here"));
    }
    for i in 0..55 {
        lines.push(format!(
            "p{i}: /game register white:@p{i} black:@p{} result:white",
            i + 1
        ));
    }
    let lines: Vec<&str> = lines.iter().map(String::as_str).collect();
    club.run(&lines).await;
    let one: serde_json::Value = club.json("/api/v1/games").await;
    assert_eq!(one["games"].as_array().unwrap().len(), 50);
    assert_eq!(one["games"][0]["number"], 55);
    let before = one["next_before"].as_i64().unwrap();
    assert_eq!(before, 6);
    let two: serde_json::Value = club.json(&format!("/api/v1/games?before={before}")).await;
    assert_eq!(two["games"].as_array().unwrap().len(), 5);
    assert!(two["next_before"].is_null());
    let board: serde_json::Value = club.json("/api/v1/leaderboard").await;
    assert_eq!(board["rows"].as_array().unwrap().len(), 50);
    let after = board["next_after"].as_str().unwrap().to_owned();
    let rest: serde_json::Value = club
        .json(&format!("/api/v1/leaderboard?after={after}"))
        .await;
    let names = |v: &serde_json::Value| -> Vec<String> {
        v["rows"]
            .as_array()
            .unwrap()
            .iter()
            .map(|r| r["name"].as_str().unwrap().to_owned())
            .collect()
    };
    let (a, b) = (names(&board), names(&rest));
    assert_eq!(a.len() + b.len(), 60);
    assert!(a.iter().all(|n| !b.contains(n)), "no member on two pages");
    // Ranks run on across the pages.
    let last_rank = board["rows"][49]["rank"].as_i64().unwrap();
    assert!(rest["rows"][0]["rank"].as_i64().unwrap() >= last_rank);
}

/// A port nothing listens on yet.
pub fn free_port() -> u16 {
    std::net::TcpListener::bind("127.0.0.1:0")
        .and_then(|l| l.local_addr())
        .expect("a free port")
        .port()
}

/// Runs `gavel portal` in `dir` (whose config listens on `port`), asks it for `path` once it
/// answers, then stops it with SIGTERM: its answer (status and body), and how it ended.
pub async fn portal_process(
    dir: &std::path::Path,
    port: u16,
    path: &str,
) -> (Option<(u16, String)>, std::process::ExitStatus) {
    let mut child = std::process::Command::new(env!("CARGO_BIN_EXE_gavel"))
        .arg("portal")
        .current_dir(dir)
        .env_remove("DISCORD_TOKEN")
        .env_remove("GAVEL_CONFIG")
        .env("RUST_LOG", "error")
        .stdout(std::process::Stdio::null())
        .spawn()
        .expect("gavel portal starts");
    let client = reqwest::Client::new();
    let mut answer = None;
    for _ in 0..100 {
        if let Ok(r) = client
            .get(format!("http://127.0.0.1:{port}{path}"))
            .send()
            .await
        {
            answer = Some((r.status().as_u16(), r.text().await.unwrap_or_default()));
            break;
        }
        tokio::time::sleep(std::time::Duration::from_millis(100)).await;
    }
    let stopped = std::process::Command::new("kill")
        .args(["-TERM", &child.id().to_string()])
        .status()
        .expect("kill runs");
    assert!(stopped.success());
    (answer, child.wait().expect("gavel portal ends"))
}

/// Checks: `gavel portal` serves the portal alone, with no Discord token; it only reads, so it
/// refuses a database that is not there (or not up to date) instead of making or migrating it,
/// and serves one `gavel migrate` made; it stops cleanly (exit 0) on SIGTERM.
#[tokio::test]
async fn gavel_portal_serves_alone_without_a_token() {
    let dir = tempfile::tempdir().expect("temporary directory");
    let port = free_port();
    std::fs::write(
        dir.path().join("config.toml"),
        format!("[portal]\nlisten = \"127.0.0.1:{port}\"\n"),
    )
    .expect("config");
    let refused = crate::cli::gavel(dir.path(), &["portal"]);
    assert!(!refused.status.success());
    let said = String::from_utf8_lossy(&refused.stderr);
    assert!(said.contains("there is no database at"), "{said}");
    assert!(
        !dir.path().join("gavel.db").exists(),
        "no database was made"
    );
    assert!(crate::cli::gavel(dir.path(), &["migrate"]).status.success());
    let (answer, status) = portal_process(dir.path(), port, "/").await;
    let (code, body) = answer.expect("the portal answered");
    assert_eq!(code, 200, "{body}");
    assert!(body.contains("Friday Lunch Chess Club"), "{body}");
    assert!(status.success(), "{status:?}");
}
