//! Rule changes seen from outside: importing the Nomic seed file (Nomic 101, 102), and the
//! export's `rules` and `proposals` (Nomic 109, 113, 203, 207).

use gavel::adapters::console::{Console, Output};
use gavel::config::Config;

fn console() -> Console {
    let mut config = Config::default();
    config.database.path = gavel::store::IN_MEMORY.into();
    Console::new(config)
}

async fn run(console: &mut Console, lines: &[&str]) {
    for line in lines {
        for out in console.execute(line).await.expect("line runs") {
            assert!(!matches!(out, Output::Refusal(_)), "{line}: {out:?}");
        }
    }
}

#[tokio::test]
async fn importing_the_seed_file_gives_rules_101_to_118_immutable_and_201_to_215_mutable() {
    // Nomic 101, 102: the Initial Set, with its notes.
    let mut console = console();
    let app = console.app().await.expect("app").clone();
    let json = include_str!("../../src/domain/nomic/initial-rules.json");
    let done = app
        .import_rules("nomic-initial-rules.json", json, true)
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
    let doc = gavel::export::export(app).await.expect("export");
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
}
