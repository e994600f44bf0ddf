//! `gavel rules import` refuses a rule set that would break the game, and changes nothing when
//! it does: a rule numbered where proposals are numbered (Nomic 109), a JSON key written twice,
//! a rule without text (Nomic 107), no mutable rule or too many (Nomic 116, 211), a file too
//! large; and, once proposals have been made, any import not forced (a forced one is recorded
//! and announced).

use gavel::adapters::console::Console;
use gavel::config::Config;

const INITIAL: &str = include_str!("../../src/domain/nomic/initial-rules.json");

fn console() -> Console {
    let mut config = Config::default();
    config.database.path = gavel::store::IN_MEMORY.into();
    Console::new(config)
}

/// Runs each line and returns every output, refusals included.
async fn run(console: &mut Console, lines: &[&str]) -> Vec<String> {
    let mut out = Vec::new();
    for line in lines {
        for o in console.execute(line).await.expect("line runs") {
            out.extend(o.render());
        }
    }
    out
}

/// The Initial Set with rule `label`'s entry (keyed `key`) added or replaced.
fn with_rule(key: &str, label: &str, text: &str) -> String {
    let mut doc: serde_json::Value = serde_json::from_str(INITIAL).unwrap();
    doc["rules"][key] = serde_json::json!({ "label": label, "text": [text] });
    doc.to_string()
}

async fn rules_in_force(console: &mut Console) -> serde_json::Value {
    let app = console.app().await.expect("app");
    gavel::app::export::export(app).await.expect("export")["rules"].clone()
}

#[tokio::test]
async fn a_rule_set_that_would_break_the_game_is_refused_and_nothing_changes() {
    let mut console = console();
    run(
        &mut console,
        &[
            "@ 2026-11-23 09:00",
            "cj: /procedure set name:procedure value:nomic",
            "ann: /rule list",
        ],
    )
    .await;
    let before = rules_in_force(&mut console).await;
    let app = console.app().await.expect("app").clone();
    // Rule 302 would take the number of the second proposal, which would then be refused
    // ("Rule 302 already exists") and block every proposal after it (Nomic 109).
    let e = app
        .nomic()
        .import_rules("r.json", &with_rule("99", "302", "A rule."), true, false)
        .await
        .unwrap_err();
    assert!(
        e.to_string()
            .contains("Rule 302 is numbered at or above 301"),
        "{e}"
    );
    // A key written twice: one of the two rules would be dropped without a word.
    let twice = INITIAL.replacen(
        "\"rules\": {",
        "\"rules\": {\"8\": {\"label\": \"216\", \"text\": [\"Lost.\"]},",
        1,
    );
    assert_ne!(twice, INITIAL, "the key was inserted");
    let e = app
        .nomic()
        .import_rules("r.json", &twice, true, false)
        .await
        .unwrap_err();
    assert!(e.to_string().contains("appears twice"), "{e}");
    // A rule without text (Nomic 107).
    let e = app
        .nomic()
        .import_rules("r.json", &with_rule("99", "216", "  "), true, false)
        .await
        .unwrap_err();
    assert!(e.to_string().contains("Rule 216 has no text"), "{e}");
    // No mutable rule (Nomic 116), and 55 of them (Nomic 211).
    let mut doc: serde_json::Value = serde_json::from_str(INITIAL).unwrap();
    let rules = doc["rules"].as_object_mut().unwrap();
    rules.retain(|_, r| r["label"].as_str().unwrap().ends_with("[I]"));
    let e = app
        .nomic()
        .import_rules("r.json", &doc.to_string(), true, false)
        .await
        .unwrap_err();
    assert!(e.to_string().contains("no mutable rule"), "{e}");
    let mut doc: serde_json::Value = serde_json::from_str(INITIAL).unwrap();
    for n in 0..40 {
        doc["rules"][format!("x{n}")] =
            serde_json::json!({ "label": (230 + n).to_string(), "text": ["More."] });
    }
    let e = app
        .nomic()
        .import_rules("r.json", &doc.to_string(), true, false)
        .await
        .unwrap_err();
    assert!(e.to_string().contains("It holds 55 mutable rules"), "{e}");
    // A file over the limit.
    let huge = " ".repeat(2_000_000);
    let e = app
        .nomic()
        .import_rules("r.json", &huge, true, false)
        .await
        .unwrap_err();
    assert!(e.to_string().contains("2000000 bytes"), "{e}");
    assert_eq!(
        rules_in_force(&mut console).await,
        before,
        "nothing changed"
    );
}

#[tokio::test]
async fn an_import_once_proposals_exist_must_be_forced_and_is_recorded_and_announced() {
    let mut console = console();
    run(
        &mut console,
        &[
            "@ 2026-11-23 09:00",
            "cj: /procedure set name:procedure value:nomic",
            "cj: /turns set member:@ann day:monday",
            "ann: /propose kind:enact text:\"Players may pass.\"",
            "ann: /vote proposal:301 choice:yes",
            "@ 2026-11-24 09:00",
        ],
    )
    .await;
    let before = rules_in_force(&mut console).await;
    assert!(before
        .as_array()
        .unwrap()
        .iter()
        .any(|r| r["number"] == "301"));
    let app = console.app().await.expect("app").clone();
    let e = app
        .nomic()
        .import_rules("r.json", INITIAL, true, false)
        .await
        .unwrap_err();
    assert!(e.to_string().contains("Give --force"), "{e}");
    assert_eq!(
        rules_in_force(&mut console).await,
        before,
        "nothing changed"
    );

    let done = app
        .nomic()
        .import_rules("r.json", INITIAL, true, true)
        .await
        .expect("forced");
    assert!(done.to_string().contains("by force"), "{done}");
    let out = run(&mut console, &["ann: /rule show rule:301"]).await;
    assert!(out[0].starts_with("! There is no Rule 301"), "{out:?}");
    let mut conn = app.pool().acquire().await.expect("connection");
    let posts = gavel::store::outbox::since(&mut conn, 0)
        .await
        .expect("outbox");
    for channel in ["discussion", "voting"] {
        assert!(
            posts
                .iter()
                .any(|p| p.channel == channel && p.content.contains("by force")),
            "announced in #{channel}"
        );
    }
    let audit = gavel::store::audit::all(&mut conn).await.expect("audit");
    assert!(audit
        .iter()
        .any(|a| a.command == "rules import" && a.arguments.contains("\"force\":true")));
}

#[test]
fn a_file_of_fifty_megabytes_is_refused_before_it_is_read() {
    let dir = tempfile::tempdir().unwrap();
    let file = std::fs::File::create(dir.path().join("big.json")).unwrap();
    file.set_len(50_000_000).unwrap();
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_gavel"))
        .args(["rules", "import", "big.json"])
        .current_dir(dir.path())
        .env_remove("GAVEL_CONFIG")
        .env("RUST_LOG", "error")
        .output()
        .expect("gavel runs");
    assert!(!out.status.success());
    let text = String::from_utf8_lossy(&out.stderr);
    assert!(text.contains("The file is 50000000 bytes"), "{text}");
}

#[tokio::test]
async fn a_nomic_import_in_a_club_outside_the_uk_says_nomic_keeps_uk_time() {
    // Nomic 106: Nomic's days run on UK time, whatever the club's zone.
    let mut config = Config::default();
    config.database.path = gavel::store::IN_MEMORY.into();
    config.club.timezone = chrono_tz::America::Chicago;
    let mut console = Console::new(config);
    let app = console.app().await.expect("app").clone();
    let done = app
        .nomic()
        .import_rules("nomic.json", INITIAL, true, false)
        .await
        .expect("imported");
    let said = done.to_string();
    assert!(
        said.contains("run on UK time (Europe/London), not the club's America/Chicago (Nomic 106)"),
        "{said}"
    );
    // In the UK the import says nothing of it.
    let uk = console_uk().await;
    let done = uk
        .nomic()
        .import_rules("nomic.json", INITIAL, true, false)
        .await
        .expect("imported");
    assert!(!done.to_string().contains("UK time"), "{done}");
}

async fn console_uk() -> gavel::app::App {
    let mut console = console();
    console.app().await.expect("app").clone()
}
