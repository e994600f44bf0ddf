//! Rule changes seen from outside: importing the Nomic seed file (Nomic 101, 102), and the
//! export's `rules`, `proposals` and `nomic` (Nomic 109, 113, 203, 207, 201, 204, 210).

use super::console::{in_memory as console, run_accepted as run};

#[tokio::test]
async fn importing_the_seed_file_gives_rules_101_to_118_immutable_and_201_to_215_mutable() {
    // Nomic 101, 102: the Initial Set, with its notes.
    let mut console = console();
    let app = console.app().await.expect("app").clone();
    let json = include_str!("../../src/domain/nomic/initial-rules.json");
    let done = app
        .nomic()
        .import_rules("nomic-initial-rules.json", json, true, false)
        .await
        .expect("imports");
    assert_eq!(done.rules, 33);
    assert_eq!(done.immutable, 18);
    let mut conn = app.pool().acquire().await.expect("connection");
    let (rules, _) = app.export_rules(&mut conn).await.expect("export");
    let rules = rules.as_array().expect("a list");
    for rule in rules {
        let n: u32 = rule["number"].as_str().unwrap().parse().unwrap();
        let immutable = (101..=118).contains(&n);
        assert!(immutable || (201..=215).contains(&n), "{n}");
        assert_eq!(rule["mutable"], !immutable, "{n}");
        assert_eq!(rule["history"][0]["change"], "imported", "{n}");
    }
    let r113 = rules.iter().find(|r| r["number"] == "113").unwrap();
    assert_eq!(r113["notes"].as_array().unwrap().len(), 3);
}

#[tokio::test]
async fn the_export_holds_each_proposal_with_its_votes_result_and_points() {
    // Nomic 109, 113, 203, 207: a defeated proposal keeps its number and costs 10.
    let mut console = console();
    run(
        &mut console,
        &[
            "@ 2026-11-23 09:00",
            "cj: /procedure set name:procedure value:nomic",
            "cj: /turns set member:@chris day:monday",
            "cj: /turns set member:@dave day:tuesday",
            "chris: /propose kind:enact text:\"Players may pass.\"",
            "chris: /vote proposal:301 choice:yes",
            "dave: /vote proposal:301 choice:no",
            "@ 2026-11-24 00:00",
        ],
    )
    .await;
    let app = console.app().await.expect("app");
    let doc = gavel::app::export::export(app).await.expect("export");
    let p = &doc["proposals"][0];
    assert_eq!(p["number"], 301);
    assert_eq!(p["proposer"], "chris");
    assert_eq!(p["kind"], "enact");
    assert_eq!(p["status"], "defeated");
    assert_eq!(p["votes"][1]["voter"], "dave");
    assert_eq!(p["votes"][1]["choice"], "no");
    // floor(10 x 1 / 2) = 5, less 10.
    assert_eq!(p["points"][0]["change"], -5);
    assert!(doc["rules"].as_array().unwrap().len() >= 33);
    // The proposal knows the post that announced it in #voting.
    let mut conn = app.pool().acquire().await.expect("connection");
    let post = gavel::store::nomic::proposals::post_of(&mut conn, 301)
        .await
        .expect("query")
        .expect("posted");
    let entry = gavel::store::outbox::since(&mut conn, post - 1)
        .await
        .expect("outbox")
        .remove(0);
    assert_eq!(entry.channel, "voting");
    assert!(entry.content.starts_with("Proposal 301 by chris"));
}

#[tokio::test]
async fn the_export_holds_the_game_its_days_teams_forfeits_points_winner_and_parameters() {
    // Nomic 201 (days), 214 (teams), 115 (forfeit), 209 (points), 210 (winner), 204 (switch).
    let mut console = console();
    run(
        &mut console,
        &[
            "@ 2026-11-23 09:00",
            "cj: /procedure set name:procedure value:nomic",
            "cj: /procedure set name:winning_points value:10",
            "cj: /turns set member:@chris day:monday",
            "cj: /turns set member:@dave day:tuesday",
            "cj: /turns set member:@erin day:wednesday",
            "cj: /turns team member:@chris team:1",
            "chris: /propose kind:enact text:\"Players may pass.\"",
            "chris: /vote proposal:301 choice:yes",
            "erin: /forfeit confirm:true",
            "@ 2026-11-24 09:00",
        ],
    )
    .await;
    let app = console.app().await.expect("app");
    let doc = gavel::app::export::export(app).await.expect("export");
    let game = &doc["nomic"]["game"];
    assert_eq!(game["started_on"], "2026-11-23");
    let chris = &game["players"][0];
    assert_eq!(chris["player"], "chris");
    assert_eq!(chris["day"], "Monday");
    assert_eq!(chris["team"], 1);
    assert_eq!(chris["points"], 10);
    assert!(game["players"][2]["forfeited_at"].is_string());
    assert_eq!(game["winner"], "chris");
    assert!(game["adoption_switched_at"].is_null());
    assert_eq!(doc["nomic"]["parameters"]["winning_points"], "10");
    assert_eq!(doc["nomic"]["parameters"]["proposal_cutoff"], "19:00");
}

#[tokio::test]
async fn the_export_keeps_repealed_acts_with_their_history_and_the_change_log() {
    // Terms §IV Act 2: the website's change log; a repealed Act's versions stay on record.
    let mut console = console();
    run(
        &mut console,
        &[
            "@ 2026-11-23 12:00",
            "cj: /office appoint member:@mod1 office:moderator",
            "mod1: /propose kind:repeal rule:\"§II 10\" summary:\"Removed monitoring\"",
            "cj: /proposal decide proposal:1 decision:adopt",
        ],
    )
    .await;
    let app = console.app().await.expect("app");
    let doc = gavel::app::export::export(app).await.expect("export");
    let rules = doc["rules"].as_array().unwrap();
    for label in ["§II 10", "§II 10.1", "§II 10.6"] {
        let rule = rules
            .iter()
            .find(|r| r["number"] == label)
            .unwrap_or_else(|| panic!("{label} is kept"));
        assert_eq!(rule["repealed"], true, "{label}");
        let history = rule["history"].as_array().unwrap();
        assert_eq!(history.last().unwrap()["change"], "repealed", "{label}");
    }
    let log = doc["change_log"].as_array().unwrap();
    assert!(log
        .iter()
        .any(|v| v["version"] == "2.5" && v["summary"] == "Removed monitoring"));
    assert!(log.iter().any(|v| v["version"] == "1.0"));
}

fn gavel(dir: &std::path::Path, args: &[&str]) -> (bool, String) {
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_gavel"))
        .args(args)
        .current_dir(dir)
        .env_remove("GAVEL_CONFIG")
        .env("RUST_LOG", "error")
        .output()
        .expect("gavel runs");
    let text = format!(
        "{}{}",
        String::from_utf8_lossy(&out.stdout),
        String::from_utf8_lossy(&out.stderr)
    );
    (out.status.success(), text)
}

/// `gavel export`'s JSON (its standard output; standard error names the database).
fn export(dir: &std::path::Path) -> serde_json::Value {
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_gavel"))
        .arg("export")
        .current_dir(dir)
        .env_remove("GAVEL_CONFIG")
        .env("RUST_LOG", "error")
        .output()
        .expect("gavel runs");
    serde_json::from_slice(&out.stdout).expect("json")
}

#[test]
fn gavel_rules_import_loads_either_format_and_refuses_a_broken_file() {
    let dir = tempfile::tempdir().unwrap();
    let root = env!("CARGO_MANIFEST_DIR");
    let json = format!("{root}/src/domain/nomic/initial-rules.json");
    let (ok, text) = gavel(dir.path(), &["rules", "import", &json]);
    assert!(ok, "{text}");
    assert!(text.contains("33 rules, 18 of them immutable"), "{text}");

    let terms = format!("{root}/examples/chess-club-terms.md");
    let (ok, text) = gavel(dir.path(), &["rules", "import", &terms]);
    assert!(ok, "{text}");
    let doc = export(dir.path());
    let act = doc["rules"]
        .as_array()
        .unwrap()
        .iter()
        .find(|r| r["number"] == "§II 5")
        .expect("Terms §II Act 5");
    assert!(act["text"].as_str().unwrap().contains("fraudulently"));

    std::fs::write(dir.path().join("broken.json"), "{ not json").unwrap();
    let (ok, text) = gavel(dir.path(), &["rules", "import", "broken.json"]);
    assert!(!ok);
    assert!(text.contains("could not be imported"), "{text}");
}

#[test]
fn a_bad_procedure_parameter_in_the_config_is_refused_by_key() {
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(
        dir.path().join("config.toml"),
        "[rules]\nprocedure = \"nomic\"\n[rules.parameters]\nwinning_points = \"lots\"\n",
    )
    .unwrap();
    let (ok, text) = gavel(dir.path(), &["check-config"]);
    assert!(!ok);
    assert!(
        text.contains("rules.parameters") && text.contains("winning_points"),
        "{text}"
    );
}

#[tokio::test]
async fn gavel_status_and_the_export_name_an_amendment_waiting_for_its_parameter() {
    // Terms §IV Act 2 with §II Act 1: a new text with two numbers does not say which is the
    // initial score, so the change waits, not in effect, until the Chief Justice sets it.
    let mut console = console();
    run(
        &mut console,
        &[
            "@ 2026-11-23 12:00",
            "cj: /office appoint member:@mod1 office:moderator",
            "mod1: /propose kind:amend rule:\"§II 1\" text:\"An initial score of 1000, or 900 after a removal\" summary:\"Two scores\"",
            "cj: /proposal decide proposal:1 decision:adopt",
        ],
    )
    .await;
    let app = console.app().await.expect("app").clone();
    let status = gavel::app::status::status(&app)
        .await
        .expect("status")
        .to_string();
    assert!(
        status.contains("Not in effect: §II 1 as amended by 1 waits for scores.initial to be set"),
        "{status}"
    );
    let doc = gavel::app::export::export(&app).await.expect("export");
    assert_eq!(
        doc["rule_parameters"]["waiting"][0]["parameter"],
        "scores.initial"
    );
    assert!(app.check_record().await.expect("check").is_empty());
    run(
        &mut console,
        &["cj: /procedure set name:scores.initial value:1000"],
    )
    .await;
    let status = gavel::app::status::status(&app)
        .await
        .expect("status")
        .to_string();
    assert!(!status.contains("Not in effect"), "{status}");
    let doc = gavel::app::export::export(&app).await.expect("export");
    assert_eq!(doc["rule_parameters"]["terms"]["scores.initial"], "1000");
}
