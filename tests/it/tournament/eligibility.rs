//! Eligibility checked in full, impossible facts refused, facts frozen after the start, and a
//! mistyped account corrected by the Director.

use super::{checked, console, exported, said, setup};

const ACWC: &[&str] = &[
    "@ 2026-11-30 09:00",
    "cj: /tournament create name:\"Antichess\" format:acwc",
    "cj: /tournament director tournament:1 member:@td",
    "ann: /tournament enter tournament:1 account:AnnA",
    "ben: /tournament enter tournament:1 account:BenB",
    "mal: /tournament enter tournament:1 account:MalM",
    "td: /tournament facts tournament:1 account:AnnA created:2018-01-01 rated_games:500 rating:2100 peak:2200",
    "td: /tournament facts tournament:1 account:BenB created:2018-01-01 rated_games:500 rating:2000 peak:2100",
];

/// Checks (ACWC Player eligibility: the entry requirements, "Exceptions to these requirements
/// can be made at TD discretion", and the disqualifying "account that was marked as engine or
/// booster after September 1, 2017"): an account created too late, with too few games and
/// marked in 2018 is told all three; the Director's exception is refused, naming all three and
/// the mark no exception waives; at the start it does not play, and the start says all three.
#[tokio::test]
async fn every_requirement_is_checked_and_a_recent_mark_is_never_waived() {
    let mut c = console();
    setup(&mut c, ACWC).await;
    let facts = said(
        &mut c,
        "td: /tournament facts tournament:1 account:MalM created:2019-06-01 rated_games:10 rating:2000 peak:2050 marked:2019-07-01",
    )
    .await;
    for part in [
        "created after the cut-off",
        "has 10 rated games before the date; 100 are needed",
        "marked as engine or booster after the date",
        "No exception waives this.",
    ] {
        assert!(facts.contains(part), "{part}: {facts}");
    }
    let excepted = said(
        &mut c,
        "td: /tournament except tournament:1 account:MalM reason:\"promising\"",
    )
    .await;
    assert!(
        excepted.starts_with("! MalM cannot be admitted by exception"),
        "{excepted}"
    );
    assert!(
        excepted.contains("created after the cut-off") && excepted.contains("10 rated games"),
        "{excepted}"
    );
    let started = said(&mut c, "td: /tournament start tournament:1").await;
    assert!(started.contains("MalM may not play"), "{started}");
    assert!(
        started.contains("10 rated games") && started.contains("No exception waives this."),
        "{started}"
    );
    let t = exported(&mut c, 1).await;
    assert_eq!(t["entrants"][2]["status"], "ineligible");
    assert_eq!(checked(&mut c).await, Vec::<String>::new());
}

/// Checks (ACWC Player eligibility, Format: the seeding rating averages the rating on 1
/// September 2019 and the highest rating of the year before it): facts that cannot all be true
/// are refused whole and nothing is recorded: an account created in 2031, a peak below the
/// rating on the date, a mark dated before the account existed.
#[tokio::test]
async fn impossible_facts_are_refused() {
    let mut c = console();
    setup(&mut c, ACWC).await;
    for (line, why) in [
        ("td: /tournament facts tournament:1 account:MalM created:2031-01-01 rated_games:0 rating:2000 peak:2050", "cannot have been created on 2031-01-01, after today (2026-11-30)"),
        ("td: /tournament facts tournament:1 account:MalM created:2018-01-01 rated_games:300 rating:2100 peak:2000", "the peak (2000) cannot be below the rating on the date (2100)"),
        ("td: /tournament facts tournament:1 account:MalM created:2018-01-01 rated_games:300 rating:2000 peak:2050 marked:2016-05-01", "cannot have been marked on 2016-05-01, before it was created on 2018-01-01"),
    ] {
        let out = said(&mut c, line).await;
        assert!(out.starts_with("! These facts about MalM cannot all be true, so nothing is recorded"), "{out}");
        assert!(out.contains(why), "{why}: {out}");
    }
    let t = exported(&mut c, 1).await;
    assert_eq!(t["entrants"][2]["created"], serde_json::Value::Null);
}

/// Checks (ACWC Format: the seeding rating fixes the pairings; Reporting cheats: "If a player
/// gets marked as engine/booster on Lichess during the ACWC ... they also get disqualified"):
/// after the start the facts are frozen: `/tournament facts` and `/tournament except` are
/// refused, a new mark going through `/tournament disqualify`.
#[tokio::test]
async fn facts_are_frozen_after_the_start() {
    let mut c = console();
    setup(&mut c, ACWC).await;
    setup(&mut c, &["td: /tournament start tournament:1"]).await;
    let late = said(
        &mut c,
        "td: /tournament facts tournament:1 account:AnnA created:2018-01-01 rated_games:500 rating:2100 peak:2200 marked:2026-11-29",
    )
    .await;
    assert!(
        late.starts_with("! Tournament #1 has started: the facts are frozen"),
        "{late}"
    );
    assert!(late.contains("/tournament disqualify"), "{late}");
    let except = said(
        &mut c,
        "td: /tournament except tournament:1 account:MalM reason:\"late\"",
    )
    .await;
    assert!(
        except.starts_with("! Entries to tournament #1 are closed"),
        "{except}"
    );
    let t = exported(&mut c, 1).await;
    assert_eq!(t["entrants"][0]["marked"], serde_json::Value::Null);
}

/// Checks (ACWC Player eligibility: "You already entered the ACWC 2019 with another account";
/// Organization: the TD's final call): ann typed her account wrong; the Director corrects it,
/// audited as a numbered correction, and the facts recorded for the name typed are cleared, so
/// ann is not disqualified as "a second account" and the Director records her facts again.
#[tokio::test]
async fn a_mistyped_account_is_corrected_by_the_director() {
    let mut c = console();
    setup(&mut c, ACWC).await;
    let by_ann = said(
        &mut c,
        "ann: /tournament account tournament:1 account:AnnA to:AnnaA reason:\"typo\"",
    )
    .await;
    assert!(
        by_ann.starts_with("! Only tournament #1's Director"),
        "{by_ann}"
    );
    let taken = said(
        &mut c,
        "td: /tournament account tournament:1 account:AnnA to:BenB reason:\"typo\"",
    )
    .await;
    assert!(
        taken.starts_with("! The account BenB has already entered"),
        "{taken}"
    );
    let fixed = said(
        &mut c,
        "td: /tournament account tournament:1 account:AnnA to:AnnaA reason:\"ann typed one letter short\"",
    )
    .await;
    assert!(
        fixed.contains("Correction 1 to tournament #1, by the Director td: the account AnnA is corrected to AnnaA"),
        "{fixed}"
    );
    let t = exported(&mut c, 1).await;
    assert_eq!(t["entrants"][0]["account"], "AnnaA");
    assert_eq!(t["entrants"][0]["status"], "entered");
    assert_eq!(t["entrants"][0]["rated_games"], serde_json::Value::Null);
    assert_eq!(t["corrections"][0]["kind"], "account");
    assert_eq!(t["corrections"][0]["before"], "AnnA");
    let refacts = said(
        &mut c,
        "td: /tournament facts tournament:1 account:AnnaA created:2018-01-01 rated_games:500 rating:2100 peak:2200",
    )
    .await;
    assert!(
        refacts.contains("AnnaA: facts recorded. Eligible."),
        "{refacts}"
    );
    let started = said(&mut c, "td: /tournament start tournament:1").await;
    assert!(
        started.contains("Tournament #1 starts: 2 players"),
        "{started}"
    );
    assert!(started.contains("ann (AnnaA)"), "{started}");
    assert_eq!(checked(&mut c).await, Vec::<String>::new());
}
