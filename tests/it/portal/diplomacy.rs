//! The Diplomacy pages: the demo's scored board with each line's working (C.1-C.3), and a
//! tournament played to its final showing each round's standings, round 1's team ranking and
//! the titles (C.6, C.11-C.13).

use gavel::adapters::console::run_script;

use super::Club;

#[tokio::test]
async fn the_demos_board_shows_its_score_with_the_working_c3() {
    let club = Club::new(true, |_| {}).await;
    let (status, page) = club.page("/diplomacy/boards/1").await;
    assert_eq!(status, 200);
    for words in [
        "R1 Board 1",
        "1st-3rd shared by 3, bonus (32 + 16 + 8) / 3 = 56/3",
        "eliminated, scores 0 (C.1)",
    ] {
        assert!(page.contains(words), "{words}: {page}");
    }
}

#[tokio::test]
async fn the_standings_show_the_team_ranking_and_the_titles_c6_c11_c12_c13() {
    let mut club = Club::new(false, |_| {}).await;
    let script = std::fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/tests/transcripts/diplomacy_titles.gavel"
    ))
    .expect("the transcript");
    run_script(&mut club.console, &script)
        .await
        .expect("the transcript runs");
    let (status, page) = club.page("/diplomacy").await;
    assert_eq!(status, 200);
    for words in [
        "Round 1's team ranking (C.6)",
        "Titles (C.11-C.13)",
        "The individual winner (C.11): bob",
        "1. Lions 124.00 [124]",
        "forfeited 2.50",
        "England: hal, round 2, R2 Board 1",
    ] {
        assert!(page.contains(words), "{words}: {page}");
    }
    let api = club.json("/api/v1/diplomacy").await;
    // Two teams are fewer than 42: round 3 is the final (B.4).
    let last = &api["rounds"][2]["advancement"];
    assert!(last["titles"]
        .as_str()
        .is_some_and(|t| t.contains("The team winner (C.12)")));
}
