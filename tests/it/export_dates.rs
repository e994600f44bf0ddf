//! The export's moments are RFC 3339 in UTC, with the club's zone recorded beside them, so a
//! reader needs no knowledge of the club to place them (issue: one date style in the export).

use chrono::{DateTime, FixedOffset};
use gavel::adapters::console::{Console, Output};
use gavel::config::Config;
use serde_json::Value;

/// Every string in `doc` that looks like a moment (a date followed by a time).
fn moments<'a>(doc: &'a Value, path: &str, out: &mut Vec<(String, &'a str)>) {
    match doc {
        Value::String(s) if s.len() > 10 && s.as_bytes().get(10) == Some(&b'T') => {
            out.push((path.to_owned(), s));
        }
        Value::Array(items) => {
            for (i, v) in items.iter().enumerate() {
                moments(v, &format!("{path}[{i}]"), out);
            }
        }
        Value::Object(map) => {
            for (k, v) in map {
                moments(v, &format!("{path}.{k}"), out);
            }
        }
        _ => {}
    }
}

/// Checks: after games, a case, a session and a moved session, every moment in the export is
/// RFC 3339 at UTC, and the club's zone is recorded.
#[tokio::test]
async fn every_moment_in_the_export_is_rfc_3339_utc_with_the_zone_recorded() {
    let mut config = Config::default();
    config.database.path = gavel::store::IN_MEMORY.into();
    config.club.timezone = chrono_tz::America::Chicago;
    let mut console = Console::new(config);
    for line in [
        "@ 2026-11-27 12:31",
        "cj: /office appoint member:@mod1 office:moderator",
        "mod1: /session open",
        "alice: /join",
        "bob: /join",
        "alice: /session here",
        "bob: /session here",
        "alice: /game register white:@alice black:@bob result:white",
        "mod1: /mod deduct member:@bob points:5 reason:\"noise in the room\" incident:\"noise\"",
        "mod1: /session move from:2026-12-04 to:2026-12-03",
    ] {
        for out in console.execute(line).await.expect("line runs") {
            assert!(!matches!(out, Output::Refusal(_)), "{line}: {out:?}");
        }
    }
    let app = console.app().await.expect("app opens");
    let doc = gavel::app::export::export(app).await.expect("export");
    assert_eq!(doc["timezone"], "America/Chicago");
    let mut found = Vec::new();
    moments(&doc, "", &mut found);
    assert!(found.len() > 10, "the export holds moments: {found:?}");
    for (path, text) in found {
        let at = DateTime::<FixedOffset>::parse_from_rfc3339(text)
            .unwrap_or_else(|e| panic!("{path} = {text} is not RFC 3339: {e}"));
        assert_eq!(
            at.offset().local_minus_utc(),
            0,
            "{path} = {text} is not UTC"
        );
    }
    assert_eq!(doc["session_moves"][0]["from"], "2026-12-04");
}
