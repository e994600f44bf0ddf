//! Each round's pairing explanation is kept as it was made, and a round paired late has its
//! week from its pairing.

use super::{checked, console, said, setup};

const SWISS_OF_FIVE: &[&str] = &[
    "@ 2026-11-30 09:00",
    "cj: /tournament create name:\"Club Swiss\" format:swiss",
    "cj: /tournament director tournament:1 member:@td",
    "ann: /tournament enter tournament:1 account:Ann",
    "ben: /tournament enter tournament:1 account:Ben",
    "cat: /tournament enter tournament:1 account:Cat",
    "dan: /tournament enter tournament:1 account:Dan",
    "eve: /tournament enter tournament:1 account:Eve",
    "td: /tournament start tournament:1",
];

/// Checks (ACWC Pairing details: the pairing system is kept simple "so everyone can
/// independently verify the pairings"): round 1's explanation, asked for after round 2 was
/// paired and after a player was disqualified for an engine mark (which re-derives the
/// standings), is word for word the one given when round 1 was paired.
#[tokio::test]
async fn a_past_rounds_explanation_is_the_one_made_then_pairing_details() {
    let mut c = console();
    setup(&mut c, SWISS_OF_FIVE).await;
    let asked = "ann: /tournament pairings tournament:1 round:1 explain:true";
    let then = said(&mut c, asked).await;
    assert!(then.contains("The steps:"), "{then}");
    setup(
        &mut c,
        &[
            "td: /match report match:1 score:\"5.5-0.5\"",
            "td: /match report match:2 score:\"0.5-5.5\"",
        ],
    )
    .await;
    let round2 = said(
        &mut c,
        "ann: /tournament pairings tournament:1 round:2 explain:true",
    )
    .await;
    setup(
        &mut c,
        &["td: /tournament disqualify tournament:1 member:@ann reason:\"engine mark\" engine:true"],
    )
    .await;
    let now = said(&mut c, asked).await;
    // The match lines show today's scores; the ranking and the steps are as made.
    let explained = |s: &str| s[s.find("The ranking").expect("a ranking")..].to_owned();
    assert_eq!(explained(&now), explained(&then));
    let round2_now = said(
        &mut c,
        "ann: /tournament pairings tournament:1 round:2 explain:true",
    )
    .await;
    assert_eq!(explained(&round2_now), explained(&round2));
    assert_eq!(checked(&mut c).await, Vec::<String>::new());
}

/// Checks (ACWC Timeline: "one week per Qualification round", pairings "on subsequent Mondays
/// as soon as possible"; Match negotiations: 3 offers "by Wednesday", no agreement "before the
/// weekend"): round 1 (30 Nov–6 Dec) is settled only on Friday 11 December; round 2's week runs
/// from that Friday, so its offers are owed by Sunday 13 December and it is due Thursday 17
/// December, and the offers' deadline runs for it.
#[tokio::test]
async fn a_round_paired_late_has_its_week_from_its_pairing_timeline() {
    let mut c = console();
    setup(
        &mut c,
        &[
            "@ 2026-11-30 09:00",
            "cj: /tournament create name:\"Club Swiss\" format:swiss",
            "cj: /tournament director tournament:1 member:@td",
            "ann: /tournament enter tournament:1 account:Ann",
            "ben: /tournament enter tournament:1 account:Ben",
            "cat: /tournament enter tournament:1 account:Cat",
            "dan: /tournament enter tournament:1 account:Dan",
            "td: /tournament start tournament:1",
            "td: /match report match:1 score:\"5.5-0.5\"",
            "@ 2026-12-11 10:00",
        ],
    )
    .await;
    let paired = said(&mut c, "td: /match report match:2 score:\"5.5-0.5\"").await;
    assert!(
        paired.contains("Play by Thu 17 Dec 2026 23:59 UTC; each player offers 3 times in UTC with /match offer by Sun 13 Dec 2026 23:59 UTC"),
        "{paired}"
    );
    assert_eq!(checked(&mut c).await, Vec::<String>::new());
    let deadline = said(&mut c, "@ 2026-12-14 00:00").await;
    assert!(
        deadline.contains("neither ann (Ann) nor cat (Cat) made 3 offers by the deadline"),
        "{deadline}"
    );
    assert_eq!(checked(&mut c).await, Vec::<String>::new());
}
