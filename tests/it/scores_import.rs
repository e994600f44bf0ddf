//! `gavel scores import FILE`: an existing club's starting scores, recorded with an audit entry
//! and no case, proved by the fold like any other join; a second import of the same members is
//! refused whole.

use crate::cli::{gavel, text};

#[test]
fn an_existing_clubs_scores_are_seeded_without_a_case_and_recorded() {
    let dir = tempfile::tempdir().unwrap();
    assert!(gavel(dir.path(), &["migrate"]).status.success());
    std::fs::write(
        dir.path().join("scores.csv"),
        "# the club's spreadsheet\nalice,1234\nbob,123456789012345678,980\n",
    )
    .unwrap();
    let out = gavel(dir.path(), &["scores", "import", "scores.csv"]);
    assert!(out.status.success(), "{}", text(&out));
    assert!(text(&out).contains("2 members joined"), "{}", text(&out));

    let out = gavel(dir.path(), &["export"]);
    let doc: serde_json::Value = serde_json::from_slice(&out.stdout).expect("JSON");
    let score = |name: &str| {
        doc["members"]
            .as_array()
            .unwrap()
            .iter()
            .find(|m| m["name"] == name)
            .map(|m| m["score"].clone())
    };
    assert_eq!(score("alice"), Some(serde_json::json!(1234)));
    assert_eq!(score("bob"), Some(serde_json::json!(980)));
    assert!(
        doc["actions"].as_array().unwrap().is_empty(),
        "no Moderator's case"
    );
    assert!(doc["audit"]
        .as_array()
        .unwrap()
        .iter()
        .any(|e| e["command"] == "scores import"));
    let out = gavel(dir.path(), &["check"]);
    assert!(out.status.success(), "{}", text(&out));

    // Again: alice is a member, so nothing of the file is stored.
    std::fs::write(dir.path().join("more.csv"), "carol,1100\nalice,1500\n").unwrap();
    let out = gavel(dir.path(), &["scores", "import", "more.csv"]);
    assert!(!out.status.success());
    assert!(
        text(&out).contains("alice is already on the Leaderboard"),
        "{}",
        text(&out)
    );
    let out = gavel(dir.path(), &["export"]);
    let doc: serde_json::Value = serde_json::from_slice(&out.stdout).expect("JSON");
    assert!(!doc["members"]
        .as_array()
        .unwrap()
        .iter()
        .any(|m| m["name"] == "carol"));

    // A line the import cannot read names its number.
    std::fs::write(dir.path().join("bad.csv"), "dave,1100\nerin\n").unwrap();
    let out = gavel(dir.path(), &["scores", "import", "bad.csv"]);
    assert!(!out.status.success());
    assert!(text(&out).contains("line 2"), "{}", text(&out));
}
