//! Private by construction (#37): clubs that use every private feature, with marker text, and
//! then every public surface searched for the markers and for anything that counts or times a
//! secret ballot or names a press author: the public export, every portal page and its JSON,
//! search and the Atom feed.

use serde_json::Value;

use super::{Club, PAGES};

/// A script's command and clock lines (comments and expected output left out), up to the first
/// line that starts with `stop` (exclusive), or all of them.
fn lines_of(transcript: &str, stop: Option<&str>) -> String {
    let text = std::fs::read_to_string(format!(
        "{}/tests/transcripts/{transcript}.gavel",
        env!("CARGO_MANIFEST_DIR")
    ))
    .expect("the transcript");
    let mut out = String::new();
    for line in text.lines() {
        if stop.is_some_and(|s| line.starts_with(s)) {
            break;
        }
        if line.starts_with('@') || line.contains(": /") && !line.starts_with(['<', '!', '#']) {
            out.push_str(line);
            out.push('\n');
        }
    }
    out
}

/// Everything the public can read of the club: the export, every page with its JSON and the
/// feed; and the search finds nothing for any of `words` (a search page shows its own query, so
/// its results are what is checked).
async fn public_surfaces(club: &mut Club, words: &[&str]) -> Vec<(String, String)> {
    let app = club.console.app().await.expect("the app").clone();
    let export = gavel::app::export::export(&app).await.expect("the export");
    let mut out = vec![("export".to_owned(), export.to_string())];
    let mut paths: Vec<String> = PAGES.iter().map(|p| (*p).to_owned()).collect();
    paths.extend(
        [
            "/announcements",
            "/feed.atom",
            "/tournaments",
            "/diplomacy",
            "/motions",
        ]
        .map(String::from),
    );
    for word in words {
        let found = club
            .json(&format!("/api/v1/search?{}", search_query(word)))
            .await;
        assert_eq!(
            found["results"],
            serde_json::json!([]),
            "search finds {word:?}"
        );
    }
    for path in paths {
        let (_, body) = club.page(&path).await;
        out.push((path.clone(), body));
        if path.starts_with('/') && !path.ends_with(".atom") {
            let api = if path == "/" {
                "/api/v1".to_owned()
            } else {
                format!("/api/v1{path}")
            };
            let (_, body) = club.page(&api).await;
            out.push((api, body));
        }
    }
    out
}

/// Fails, naming the surface, when any marker appears on any public surface.
fn assert_hidden(surfaces: &[(String, String)], markers: &[&str]) {
    for (surface, body) in surfaces {
        for marker in markers {
            assert!(!body.contains(marker), "{marker:?} is public at {surface}");
        }
    }
}

/// The public export's audit log.
fn audit(surfaces: &[(String, String)]) -> Vec<Value> {
    let export: Value = serde_json::from_str(&surfaces[0].1).expect("JSON");
    export["audit"].as_array().expect("the audit log").clone()
}

/// Checks (#37; Terms reports, HR A.9, A.12, D.I.2, D.VIII, D.IX.2, D.X.2): in the middle of a
/// Diplomacy round, with orders sent but not adjudicated, secret ballots cast, gray press sent,
/// a members' report, an Observer's report and a dispute with the TD, no public surface shows
/// any of them, nor an audit entry that counts or times a ballot, an order or a press.
#[tokio::test]
async fn nothing_private_reaches_a_public_surface_mid_round() {
    let mut script = lines_of("diplomacy_round", Some("gm1: /board orders"));
    script.push_str(
        "@ 2026-12-04 08:30\n\
         alice: /report file member:@bob what:\"MARKER-REPORT insults\" quote:\"MARKER-QUOTE\"\n\
         td: /office appoint member:@oli office:observer game:\"R1 Board 2\"\n\
         oli: /observer report game:\"R1 Board 2\" text:\"MARKER-OBSERVER\"\n\
         hal: /dispute raise game:\"R1 Board 1\" question:\"MARKER-DISPUTE\"\n\
         ivy: /press board:\"R1 Board 2\" kind:gray text:\"Gray words\"\n",
    );
    let mut club = Club::scripted(&script).await;
    for accepted in [
        "alice: /report file",
        "oli: /observer report",
        "hal: /dispute raise",
        "ivy: /press",
    ] {
        let at = club.said.find(accepted).expect(accepted);
        let next = club.said[at..].lines().nth(1).unwrap_or_default();
        assert!(!next.starts_with('!'), "{accepted}: {next}");
    }
    let markers = [
        "MARKER-REPORT",
        "MARKER-QUOTE",
        "MARKER-OBSERVER",
        "MARKER-DISPUTE",
        // Orders before the adjudication: a superseded version and a final one.
        "F Tri H",
        "A Vie - Tyr",
        "a voter",
    ];
    let surfaces = public_surfaces(&mut club, &["MARKER", "Tyr"]).await;
    assert_hidden(&surfaces, &markers);
    for entry in audit(&surfaces) {
        let command = entry["command"].as_str().unwrap_or_default();
        assert!(
            ![
                "diplomacy vote",
                "diplomacy orders",
                "press",
                "report file",
                "dispute raise"
            ]
            .contains(&command),
            "a private act in the public audit log: {entry}"
        );
        assert!(
            entry.get("id").is_none(),
            "ids would count what is withheld"
        );
    }
    // Gray press keeps no author anywhere public.
    let export: Value = serde_json::from_str(&surfaces[0].1).unwrap();
    for press in export["diplomacy"]["press"].as_array().unwrap() {
        if press["kind"] != "white" {
            assert!(press["author_id"].is_null(), "{press}");
        }
    }
}

/// Checks (#37; ACWC Reporting cheats, ACWC Final): a cheating report and a first sealed
/// Armageddon bid are on no public surface.
#[tokio::test]
async fn a_cheating_report_and_a_sealed_bid_stay_private() {
    let mut script = lines_of(
        "tournament_stages",
        Some("ann: /match bid match:9 time:\"2:45\""),
    );
    assert!(script.contains("champ: /match bid match:9 time:2:30"));
    script.push_str("@ +1m\n");
    let mut club = Club::scripted(&script).await;
    assert!(club.said.contains("is sealed"), "the bid was taken");
    let markers = ["moves matched an engine in game 3"];
    let surfaces = public_surfaces(&mut club, &["engine"]).await;
    assert_hidden(&surfaces, &markers);
    let export: Value = serde_json::from_str(&surfaces[0].1).unwrap();
    for t in export["tournaments"].as_array().unwrap() {
        assert!(t.get("reports").is_none(), "{t}");
        for m in t["matches"].as_array().unwrap() {
            assert_eq!(m["bids"], serde_json::json!([]), "a sealed bid: {m}");
        }
    }
    for entry in audit(&surfaces) {
        let command = entry["command"].as_str().unwrap_or_default();
        assert!(
            !["match bid", "tournament report"].contains(&command),
            "{entry}"
        );
    }
    assert!(
        export.get("reports").is_none(),
        "members' reports are the Moderators'"
    );
}

/// Checks (#37; HR D.IX.2, D.X.2): once a round's votes are decided and its turns have moved
/// on, the database itself keeps no ballot and no press count that could tie press to its
/// author: what the operator's complete export holds too.
#[tokio::test]
async fn decided_ballots_and_past_press_counts_are_not_kept() {
    let script = lines_of("diplomacy_round", None);
    let mut club = Club::scripted(&script).await;
    let app = club.console.app().await.expect("the app").clone();
    let mut conn = app.pool().acquire().await.unwrap();
    let ballots: i64 = sqlx::query_scalar(
        "SELECT COUNT(*) FROM dip_ballots b JOIN dip_proposals p ON p.id = b.proposal_id
          WHERE p.status <> 'open'",
    )
    .fetch_one(&mut *conn)
    .await
    .unwrap();
    assert_eq!(ballots, 0, "ballots of decided votes");
    let decided: i64 =
        sqlx::query_scalar("SELECT COUNT(*) FROM dip_proposals WHERE status <> 'open'")
            .fetch_one(&mut *conn)
            .await
            .unwrap();
    assert!(decided > 0, "the round decided its votes");
    let stale: i64 = sqlx::query_scalar(
        "SELECT COUNT(*) FROM dip_press_counts c JOIN dip_boards b ON b.id = c.board_id
          WHERE c.turn <> b.turn OR b.status = 'finished'",
    )
    .fetch_one(&mut *conn)
    .await
    .unwrap();
    assert_eq!(stale, 0, "press counts of turns that are over");
}

/// `q=` and `word`, encoded as a query string.
fn search_query(word: &str) -> String {
    let mut url = reqwest::Url::parse("http://portal/").expect("a URL");
    url.query_pairs_mut().append_pair("q", word);
    url.query().unwrap_or_default().to_owned()
}
