//! `/match report` is a whole match's result the rules allow, following from the games
//! recorded; a posted result stands when its poster withdraws, unless it was disputed.

use super::{checked, console, exported, said, setup, SWISS_OF_FOUR};

/// Checks (ACWC Qualification: "a 10-game match per round", "Once either player reaches 5.5
/// in a match, the players are allowed to stop there"; ACWC Format): three games won by ann
/// are recorded, so 0.5-0.5 is refused (a score never goes down); 5-4 after nine games is a
/// running score, refused by the Director as by a player; 7-1 cannot be reached (the match
/// stopped at 5.5); 5.5-3.5 from 3-0 is taken, and the standings follow.
#[tokio::test]
async fn a_swiss_report_is_a_whole_result_that_follows_from_the_games_qualification() {
    let mut c = console();
    setup(&mut c, SWISS_OF_FOUR).await;
    for _ in 0..3 {
        setup(&mut c, &["td: /match game match:1 winner:@ann"]).await;
    }
    let down = said(&mut c, "td: /match report match:1 score:\"0.5-0.5\"").await;
    assert!(
        down.starts_with("! Match #1: A score never goes down: 3-0 is recorded already"),
        "{down}"
    );
    let running = said(&mut c, "td: /match report match:2 score:\"5-4\"").await;
    assert!(
        running.contains("5-4 is not the end of a Swiss match, which ends once a player reaches 5.5 or after its 10 games (ACWC Qualification)"),
        "{running}"
    );
    let by_player = said(&mut c, "cat: /match report match:2 score:\"5-4\"").await;
    assert!(
        by_player.starts_with("! Match #2: 5-4 is not the end"),
        "{by_player}"
    );
    let past = said(&mut c, "td: /match report match:2 score:\"7-1\"").await;
    assert!(past.contains("7-1 cannot be reached from 0-0"), "{past}");
    let taken = said(&mut c, "td: /match report match:1 score:\"5.5-3.5\"").await;
    assert!(
        taken.contains("Match #1: ann (Ann) 5.5 – 3.5 ben (Ben): the match is over, 1 – 0"),
        "{taken}"
    );
    // The three games stand beside the report that completed them.
    let t = exported(&mut c, 1).await;
    let m1 = &t["matches"][0];
    assert_eq!(m1["games"].as_array().map(Vec::len), Some(3));
    assert_eq!(m1["results"][0]["kind"], "score");
    assert_eq!(m1["results"][0]["first_halves"], 11);
    assert_eq!(checked(&mut c).await, Vec::<String>::new());
}

/// Checks (ACWC Candidates: "Players are not allowed to stop the match once either player
/// reaches 5.5"): in a round robin, 5.5-3.5 after nine games is refused; 6-4 is taken.
#[tokio::test]
async fn a_candidates_report_is_all_ten_games_candidates() {
    let mut c = console();
    setup(
        &mut c,
        &[
            "@ 2026-11-30 09:00",
            "cj: /tournament create name:\"Round\" format:roundrobin",
            "cj: /tournament director tournament:1 member:@td",
            "ann: /tournament enter tournament:1 account:Ann",
            "ben: /tournament enter tournament:1 account:Ben",
            "cat: /tournament enter tournament:1 account:Cat",
            "td: /tournament start tournament:1",
        ],
    )
    .await;
    let short = said(&mut c, "td: /match report match:1 score:\"5.5-3.5\"").await;
    assert!(
        short.contains("5.5-3.5 is 9 games: the Candidates play all 10 games of a match"),
        "{short}"
    );
    let whole = said(&mut c, "td: /match report match:1 score:\"6-4\"").await;
    assert!(whole.contains("the match is over"), "{whole}");
    assert_eq!(checked(&mut c).await, Vec::<String>::new());
}

/// Checks (ACWC Match rules: "After a match, either player must post the results"; gavel's
/// confirmation is its own step): ann wins match #1 on the board and posts 5.5-2.5; before ben
/// confirms, ann withdraws. The posted result stands, so ann takes the match and its point,
/// and the Swiss's standings say so; had ben disputed it first, the unfinished match would have
/// gone to ben (ACWC Disqualification and withdrawals).
#[tokio::test]
async fn a_posted_result_stands_when_the_poster_withdraws_unless_disputed() {
    let mut c = console();
    setup(&mut c, SWISS_OF_FOUR).await;
    setup(&mut c, &["ann: /match report match:1 score:\"5.5-2.5\""]).await;
    let gone = said(&mut c, "ann: /tournament withdraw tournament:1").await;
    assert!(
        gone.contains("The result ann (Ann) posted in match #1, not disputed, stands"),
        "{gone}"
    );
    assert!(
        gone.contains("Match #1: ann (Ann) 5.5 – 2.5 ben (Ben): the match is over, 1 – 0"),
        "{gone}"
    );
    let t = exported(&mut c, 1).await;
    assert_eq!(t["matches"][0]["first_points"], 2);
    assert_eq!(t["matches"][0]["decided"], serde_json::Value::Null);
    assert_eq!(checked(&mut c).await, Vec::<String>::new());

    // Disputed first: nothing was posted that stands, and the match goes to the opponent.
    setup(
        &mut c,
        &[
            "cat: /match report match:2 score:\"5.5-2.5\"",
            "dan: /match dispute match:2",
        ],
    )
    .await;
    let gone = said(&mut c, "cat: /tournament withdraw tournament:1").await;
    assert!(
        gone.contains("Match #2, which they had not finished, goes to their opponent."),
        "{gone}"
    );
    let t = exported(&mut c, 1).await;
    assert_eq!(t["matches"][1]["second_points"], 2);
    assert_eq!(t["matches"][1]["results"][0]["kind"], "walkover");
    assert_eq!(checked(&mut c).await, Vec::<String>::new());
}
