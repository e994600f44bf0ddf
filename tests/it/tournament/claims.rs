//! Claims against an absent opponent and the time chosen for a player at fault: one claim a
//! match at a time (a counter-claim goes to the Director), a player who left mid-match, and a
//! time chosen once.

use super::{checked, console, exported, said, setup, SWISS_OF_FOUR};

/// Checks (ACWC Match rules: "The appearing player has to message the TD that their opponent
/// did not show up and again 10 minutes afterwards"; Organization: disputes go to the TD, "who
/// will make the final call"): ann reports ben absent at the agreed time; ben reports ann
/// absent too. ben's report does not replace ann's: both go to the Director, neither can
/// complete a claim, and the Director sets a new time, which closes both.
#[tokio::test]
async fn a_counter_claim_goes_to_the_director_match_rules() {
    let mut c = console();
    setup(&mut c, SWISS_OF_FOUR).await;
    setup(
        &mut c,
        &[
            "ann: /match offer match:1 at:\"2026-12-01 18:00\"",
            "ben: /match accept match:1 offer:1",
            "@ 2026-12-01 18:00",
            "ann: /match noshow match:1",
        ],
    )
    .await;
    let counter = said(&mut c, "ben: /match noshow match:1").await;
    assert!(
        counter.contains(
            "ben claims that ann (Ann) did not show up, who had already claimed the same of them"
        ),
        "{counter}"
    );
    assert!(counter.contains("both go to the Director"), "{counter}");
    setup(&mut c, &["@ 2026-12-01 18:10"]).await;
    for line in [
        "ann: /match noshow match:1",
        "ben: /match noshow match:1",
        "ann: /match claim match:1",
        "ben: /match claim match:1",
    ] {
        let out = said(&mut c, line).await;
        assert!(
            out.starts_with("! Both players of match #1 claim the other was absent"),
            "{line}: {out}"
        );
    }
    assert_eq!(checked(&mut c).await, Vec::<String>::new());
    let by_arbiter = said(&mut c, "arb: /match assign match:1 at:\"2026-12-03 18:00\"").await;
    assert!(
        by_arbiter.starts_with(
            "! The arbiter assigns the time of match #1 only when the negotiation has failed"
        ),
        "{by_arbiter}"
    );
    let by_director = said(&mut c, "td: /match assign match:1 at:\"2026-12-03 18:00\"").await;
    assert!(
        by_director.contains("td assigns the time: the match starts Thu 3 Dec 2026 18:00 UTC"),
        "{by_director}"
    );
    let t = exported(&mut c, 1).await;
    let claims = t["matches"][0]["claims"]
        .as_array()
        .cloned()
        .unwrap_or_default();
    assert_eq!(claims.len(), 2);
    assert!(claims.iter().all(|c| c["state"] == "closed"), "{claims:?}");
    assert_eq!(checked(&mut c).await, Vec::<String>::new());
}

/// Checks (ACWC Match rules: "If a player leaves the match while it's still ongoing, they get
/// 10 minutes to come back and this counts as their break. If they don't come back in time,
/// their opponent gets the option to claim a win"): dan leaves after the first game; cat reports
/// it, may not claim within the 10 minutes, and claims the win after them: dan forfeits the
/// match. Nobody leaves a match that has not begun.
#[tokio::test]
async fn a_player_whose_opponent_leaves_mid_match_claims_the_win() {
    let mut c = console();
    setup(&mut c, SWISS_OF_FOUR).await;
    let early = said(&mut c, "cat: /match left match:2").await;
    assert!(early.starts_with("! Match #2 is not under way"), "{early}");
    setup(
        &mut c,
        &[
            "cat: /match offer match:2 at:\"2026-12-02 18:00\"",
            "dan: /match accept match:2 offer:1",
            "@ 2026-12-02 18:30",
            "td: /match game match:2 winner:@cat",
            "@ 2026-12-02 18:40",
        ],
    )
    .await;
    let left = said(&mut c, "cat: /match left match:2").await;
    assert!(
        left.contains("cat reports that dan (Dan) left the match while it was ongoing"),
        "{left}"
    );
    assert!(left.contains("from Wed 2 Dec 2026 18:50 UTC"), "{left}");
    let again = said(&mut c, "dan: /match left match:2").await;
    assert!(again.contains("both go to the Director"), "{again}");
    setup(&mut c, &["@ 2026-12-02 18:45"]).await;
    // dan's counter-claim put both before the Director: neither claims now.
    let soon = said(&mut c, "cat: /match claim match:2").await;
    assert!(soon.starts_with("! Both players of match #2"), "{soon}");
    assert_eq!(checked(&mut c).await, Vec::<String>::new());
}

/// Checks the same rule without a counter-claim: the claim waits the 10 minutes, then forfeits
/// the match against the player who left (ACWC Match rules).
#[tokio::test]
async fn the_win_is_claimed_when_the_ten_minutes_are_over() {
    let mut c = console();
    setup(&mut c, SWISS_OF_FOUR).await;
    setup(
        &mut c,
        &[
            "cat: /match offer match:2 at:\"2026-12-02 18:00\"",
            "dan: /match accept match:2 offer:1",
            "@ 2026-12-02 18:30",
            "td: /match game match:2 winner:@cat",
            "@ 2026-12-02 18:40",
            "cat: /match left match:2",
            "@ 2026-12-02 18:45",
        ],
    )
    .await;
    let soon = said(&mut c, "cat: /match claim match:2").await;
    assert!(
        soon.starts_with("! Your opponent has 10 minutes to come back, which counts as their break: the win may be claimed from Wed 2 Dec 2026 18:50 UTC"),
        "{soon}"
    );
    setup(&mut c, &["@ 2026-12-02 18:50"]).await;
    let claimed = said(&mut c, "cat: /match claim match:2").await;
    assert!(
        claimed.contains(
            "Match #2 is forfeited by dan: left the match and did not come back within 10 minutes"
        ),
        "{claimed}"
    );
    let t = exported(&mut c, 1).await;
    assert_eq!(t["matches"][1]["decided"], "forfeit");
    assert_eq!(t["matches"][1]["first_halves"], 2);
    assert_eq!(t["matches"][1]["claims"][0]["kind"], "left");
    assert_eq!(t["matches"][1]["claims"][0]["state"], "claimed");
    assert_eq!(checked(&mut c).await, Vec::<String>::new());
}

/// Checks (ACWC Match negotiations: "If 3 offers are not made in time the player at fault must
/// accept a time chosen by the opponent"; "A player should respond to an offer ... preferably
/// within 24 hours"): ben made no offer by Wednesday, so ann chooses the time, with a day's
/// notice and once: her second choice is refused, and so is the arbiter's; a time ben offers
/// and ann accepts replaces it.
#[tokio::test]
async fn the_time_for_a_player_at_fault_is_chosen_once_with_notice() {
    let mut c = console();
    setup(&mut c, SWISS_OF_FOUR).await;
    setup(
        &mut c,
        &[
            "ann: /match offer match:1 at:\"2026-12-01 10:00\"",
            "ann: /match offer match:1 at:\"2026-12-02 10:00\"",
            "ann: /match offer match:1 at:\"2026-12-03 10:00\"",
            "@ 2026-12-03 09:00",
        ],
    )
    .await;
    let soon = said(&mut c, "ann: /match assign match:1 at:\"2026-12-03 12:00\"").await;
    assert!(
        soon.contains("choose Fri 4 Dec 2026 09:00 UTC or later"),
        "{soon}"
    );
    let chosen = said(&mut c, "ann: /match assign match:1 at:\"2026-12-04 18:00\"").await;
    assert!(
        chosen.contains("ann assigns the time: the match starts Fri 4 Dec 2026 18:00 UTC"),
        "{chosen}"
    );
    let again = said(&mut c, "ann: /match assign match:1 at:\"2026-12-05 00:00\"").await;
    assert!(
        again.starts_with("! The time of match #1 was chosen already, and is chosen once"),
        "{again}"
    );
    let arbiter = said(&mut c, "arb: /match assign match:1 at:\"2026-12-05 00:00\"").await;
    assert!(
        arbiter.starts_with("! The time of match #1 was chosen already"),
        "{arbiter}"
    );
    setup(
        &mut c,
        &[
            "ben: /match offer match:1 at:\"2026-12-05 12:00\"",
            "ann: /match accept match:1 offer:4",
        ],
    )
    .await;
    let t = exported(&mut c, 1).await;
    assert_eq!(t["matches"][0]["starts_at"], "2026-12-05T12:00:00+00:00");
    assert_eq!(t["matches"][0]["time_by"], "agreed");
    assert_eq!(t["matches"][0]["fault"], "second");
    assert_eq!(t["matches"][0]["offers"].as_array().map(Vec::len), Some(4));
    assert!(t["arbiter_id"].is_number());
    assert_eq!(checked(&mut c).await, Vec::<String>::new());
}
