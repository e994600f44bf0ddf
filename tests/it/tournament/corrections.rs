//! The Director's final call as audited corrections (ACWC Organization: "In case of disputes
//! between participants, the TD should be contacted, who will make the final call"): a forfeit
//! or result reversed and replaced, a disqualification that rested on it undone, a player
//! removed by mistake reinstated, White settled when a finalist never bids. Each is numbered,
//! announced and kept, and re-derives what follows.

use serde_json::Value;

use super::{checked, console, exported, said, setup, SWISS_OF_FOUR};

/// The number of the match of round `round` that entrant `entrant` plays.
fn match_of(t: &Value, round: i64, entrant: i64) -> i64 {
    t["matches"]
        .as_array()
        .into_iter()
        .flatten()
        .find(|m| m["round"] == round && (m["first"] == entrant || m["second"] == entrant))
        .and_then(|m| m["id"].as_i64())
        .expect("a match")
}

/// Checks (ACWC Organization; Match rules: "If a player gets forfeited in two different matches,
/// they get disqualified"): a forfeit entered against ben, who was there, is reversed and given
/// to ann, who was not; the voided forfeit stays in the record with the correction that voided
/// it, and no longer counts: ben's forfeit in round 2 is his first, and he plays on.
#[tokio::test]
async fn a_forfeit_against_the_wrong_player_is_reversed_and_no_longer_counts() {
    let mut c = console();
    setup(&mut c, SWISS_OF_FOUR).await;
    setup(
        &mut c,
        &["td: /match forfeit match:1 member:@ben reason:\"no-show\""],
    )
    .await;
    let by_ann = said(
        &mut c,
        "ann: /match reverse match:1 reason:\"wrong\" forfeit:@ann",
    )
    .await;
    assert!(
        by_ann.starts_with("! Only tournament #1's Director"),
        "{by_ann}"
    );
    let both = said(
        &mut c,
        "td: /match reverse match:1 reason:\"x\" score:\"5.5-0.5\" forfeit:@ann",
    )
    .await;
    assert!(
        both.starts_with("! A correction gives one result"),
        "{both}"
    );
    let fixed = said(
        &mut c,
        "td: /match reverse match:1 reason:\"It was ann who did not come.\" forfeit:@ann",
    )
    .await;
    assert!(
        fixed.contains("Correction 1 to tournament #1, by the Director td: match #1 was 0 – 0, forfeited by ben (Ben); it is now 0 – 0, forfeited by ann (Ann). It was ann who did not come. This call is final (ACWC Organization)."),
        "{fixed}"
    );
    setup(&mut c, &["td: /match report match:2 score:\"5.5-0.5\""]).await;
    let t = exported(&mut c, 1).await;
    assert_eq!(t["matches"][0]["results"][0]["voided_by_correction"], 1);
    assert_eq!(t["matches"][0]["forfeited_by"], t["entrants"][0]["id"]);
    assert_eq!(t["corrections"][0]["kind"], "reverse");
    let ben = t["entrants"][1]["id"].as_i64().expect("ben");
    let second = match_of(&t, 2, ben);
    let forfeit = said(
        &mut c,
        &format!("td: /match forfeit match:{second} member:@ben reason:\"no-show\""),
    )
    .await;
    assert!(!forfeit.contains("disqualified"), "{forfeit}");
    assert_eq!(checked(&mut c).await, Vec::<String>::new());
}

/// Checks (ACWC Match rules: two forfeits disqualify; Organization): ben's second forfeit
/// disqualifies him; the first is then found a mistake and replaced by the result played, so
/// the disqualification that rested on it is undone and ben is back in the later pairings.
#[tokio::test]
async fn a_disqualification_for_two_forfeits_is_undone_when_one_is_reversed() {
    let mut c = console();
    setup(&mut c, SWISS_OF_FOUR).await;
    setup(
        &mut c,
        &[
            "td: /match forfeit match:1 member:@ben reason:\"no-show\"",
            "td: /match report match:2 score:\"5.5-0.5\"",
        ],
    )
    .await;
    let t = exported(&mut c, 1).await;
    let ben = t["entrants"][1]["id"].as_i64().expect("ben");
    let second = match_of(&t, 2, ben);
    let out = said(
        &mut c,
        &format!("td: /match forfeit match:{second} member:@ben reason:\"no-show\""),
    )
    .await;
    assert!(
        out.contains("ben is disqualified: forfeited in two different matches"),
        "{out}"
    );
    let fixed = said(
        &mut c,
        "td: /match reverse match:1 reason:\"ben played; the result was 4.5-5.5\" score:\"4.5-5.5\"",
    )
    .await;
    assert!(
        fixed.contains("it is now 4.5 – 5.5, over: 0 – 1 in match points"),
        "{fixed}"
    );
    assert!(
        fixed.contains("ben's disqualification for two forfeits rested on the forfeit reversed: ben is reinstated"),
        "{fixed}"
    );
    let t = exported(&mut c, 1).await;
    assert_eq!(t["entrants"][1]["status"], "playing");
    assert_eq!(checked(&mut c).await, Vec::<String>::new());
}

/// Checks (ACWC Disqualification and withdrawals: a withdrawn player's unfinished match goes to
/// the opponent; Organization): cat withdraws by mistake; the Director reinstates her, and the
/// match that went to dan is hers to play again. Reinstating someone still playing is refused.
#[tokio::test]
async fn a_player_withdrawn_by_mistake_is_reinstated() {
    let mut c = console();
    setup(&mut c, SWISS_OF_FOUR).await;
    setup(&mut c, &["cat: /tournament withdraw tournament:1"]).await;
    let refused = said(
        &mut c,
        "td: /tournament reinstate tournament:1 member:@ann reason:\"x\"",
    )
    .await;
    assert!(
        refused.starts_with("! ann has not withdrawn nor been disqualified"),
        "{refused}"
    );
    let back = said(
        &mut c,
        "td: /tournament reinstate tournament:1 member:@cat reason:\"cat meant to withdraw from another event\"",
    )
    .await;
    assert!(
        back.contains("Correction 1 to tournament #1, by the Director td: cat (Cat) is reinstated"),
        "{back}"
    );
    assert!(back.contains("match #2 is theirs to play again"), "{back}");
    let t = exported(&mut c, 1).await;
    assert_eq!(t["entrants"][2]["status"], "playing");
    assert_eq!(t["matches"][1]["over"], false);
    assert_eq!(checked(&mut c).await, Vec::<String>::new());
    let played = said(&mut c, "td: /match report match:2 score:\"5.5-4.5\"").await;
    assert!(played.contains("the match is over"), "{played}");
    assert_eq!(checked(&mut c).await, Vec::<String>::new());
}

/// A tournament at its Final's Armageddon game: champ seeded into the Final, runner into the
/// Candidates, ann and ben in a one-round Swiss that sends one player on.
const TO_ARMAGEDDON: &[&str] = &[
    "@ 2026-11-30 09:00",
    "cj: /tournament create name:\"Antichess\" format:acwc",
    "cj: /tournament director tournament:1 member:@td",
    "champ: /tournament enter tournament:1 account:Champ",
    "runner: /tournament enter tournament:1 account:Runner",
    "ann: /tournament enter tournament:1 account:Ann",
    "ben: /tournament enter tournament:1 account:Ben",
    "td: /tournament facts tournament:1 account:Champ created:2015-01-01 rated_games:900 rating:2400 peak:2450",
    "td: /tournament facts tournament:1 account:Runner created:2015-01-01 rated_games:900 rating:2300 peak:2350",
    "td: /tournament facts tournament:1 account:Ann created:2015-01-01 rated_games:900 rating:2200 peak:2250",
    "td: /tournament facts tournament:1 account:Ben created:2015-01-01 rated_games:900 rating:2100 peak:2150",
    "td: /tournament seed tournament:1 account:Champ stage:final",
    "td: /tournament seed tournament:1 account:Runner stage:candidates",
    "td: /tournament set tournament:1 name:min_rounds value:1",
    "td: /tournament set tournament:1 name:qualifiers value:1",
    "td: /tournament start tournament:1",
    "td: /match report match:1 score:\"5.5-0.5\"",
    "td: /match report match:2 score:\"6-4\"",
    "td: /match report match:3 score:\"15-15\"",
];

/// Checks (ACWC Final: "Both players make a time offer for White. The lowest offer plays
/// White"; Organization: the TD's final call): ann never bids; White cannot be settled by a
/// player, nor before the Armageddon game; the Director settles it, the bid made is then
/// public, and the game decides the Final. A Final's result corrected after the end names the
/// winner as corrected.
#[tokio::test]
async fn the_director_settles_white_when_a_finalist_never_bids() {
    let mut c = console();
    setup(&mut c, TO_ARMAGEDDON).await;
    let early = said(
        &mut c,
        "td: /match white match:2 member:@ann time:2:30 reason:\"x\"",
    )
    .await;
    assert!(
        early.starts_with("! The match is over")
            || early.starts_with("! Match #2 has no Armageddon"),
        "{early}"
    );
    setup(&mut c, &["champ: /match bid match:3 time:2:30"]).await;
    let t = exported(&mut c, 1).await;
    assert_eq!(
        t["matches"][2]["bids"],
        serde_json::json!([]),
        "a lone bid is sealed"
    );
    let by_ann = said(
        &mut c,
        "ann: /match white match:3 member:@ann time:2:00 reason:\"x\"",
    )
    .await;
    assert!(
        by_ann.starts_with("! Only tournament #1's Director"),
        "{by_ann}"
    );
    let settled = said(
        &mut c,
        "td: /match white match:3 member:@champ time:2:30 reason:\"ann did not bid by the agreed Friday\"",
    )
    .await;
    assert!(
        settled.contains("in match #3's Armageddon game (champ (Champ) bid 2:30), champ (Champ) plays White with 2:30; Black has 3:00 and draw odds"),
        "{settled}"
    );
    let t = exported(&mut c, 1).await;
    assert_eq!(t["matches"][2]["bids"].as_array().map(Vec::len), Some(1));
    let won = said(&mut c, "td: /match game match:3").await;
    assert!(
        won.contains("a draw, which is Black's win: ann (Ann) wins the Final"),
        "{won}"
    );
    assert_eq!(checked(&mut c).await, Vec::<String>::new());
    let corrected = said(
        &mut c,
        "td: /match reverse match:3 reason:\"the Final was 8-4 before the extensions\" score:\"8-4\"",
    )
    .await;
    assert!(
        corrected.contains("As corrected, champ (Champ) wins the Final"),
        "{corrected}"
    );
    assert_eq!(checked(&mut c).await, Vec::<String>::new());
}
