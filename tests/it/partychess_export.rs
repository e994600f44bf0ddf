//! `gavel export` carries the Party Chess game (issue 25): its umpire, play list, each Swinger's
//! pieces on and off the board with eir Weight, every play in order, and the Rule Suite.

use super::console::{in_memory, run_accepted};

/// A game of alice and bob begun by the umpire, alice first, each King placed.
pub const KINGS_PLACED: [&str; 10] = [
    "@ 2026-11-23 12:00",
    "ump: /join",
    "cj: /partychess umpire member:@ump",
    "alice: /partychess join",
    "bob: /partychess join",
    "alice: /partychess choose pieces:\"R C B p p\"",
    "bob: /partychess choose pieces:\"R J B p p\"",
    "ump: /partychess start nap:@alice seed:7",
    "alice: /partychess place piece:K at:a1",
    "bob: /partychess place piece:K at:t20",
];

/// Checks: after a game's start and three plays, the export's `partychess` holds the game as
/// it stands and the history of every play.
#[tokio::test]
async fn the_export_carries_the_party_chess_game_and_its_plays() {
    let mut console = in_memory();
    run_accepted(&mut console, &KINGS_PLACED).await;
    run_accepted(&mut console, &["alice: /partychess place piece:R at:c3"]).await;
    let app = console.app().await.expect("app opens");
    let doc = gavel::app::export::export(app).await.expect("export");
    let game = &doc["partychess"]["game"];
    assert_eq!(game["umpire"], "ump");
    assert_eq!(game["seed"], 7);
    assert_eq!(game["turn"], 4);
    assert_eq!(game["play_list"][0], "bob (Swinger 2)");
    let swingers = game["swingers"].as_array().expect("the Swingers");
    assert_eq!(swingers.len(), 2);
    assert_eq!(swingers[0]["name"], "alice (Swinger 1)");
    assert_eq!(swingers[0]["on_board"], serde_json::json!(["K a1", "R c3"]));
    assert_eq!(
        swingers[0]["off_board"],
        serde_json::json!(["C", "B", "p", "p"])
    );
    assert_eq!(swingers[1]["on_board"], serde_json::json!(["K t20"]));
    let plays: Vec<&str> = game["plays"]
        .as_array()
        .expect("the plays")
        .iter()
        .filter_map(|p| p["summary"].as_str())
        .collect();
    assert!(
        plays.iter().any(|s| s.contains("place Rook on c3")),
        "{plays:?}"
    );
    assert_eq!(
        game["plays"]
            .as_array()
            .unwrap()
            .iter()
            .filter(|p| p["play"]["play"] == "place")
            .count(),
        3
    );
    assert!(game["board"].as_str().unwrap().contains("R1"));
    let rules = doc["partychess"]["rules"].to_string();
    assert!(rules.contains("1230.19"), "the Rule Suite is exported");
}
