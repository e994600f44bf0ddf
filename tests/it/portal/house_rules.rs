//! The portal's `/houserules` says what gavel enforces by each item, and a change adopted but
//! not yet in effect in gavel says so until the TD sets it (house rules A.7; B.9 reworded to
//! two games a round, which states neither of gavel's numbers plainly).

use gavel::adapters::console::run_script;

use super::Club;

/// The transcript of house rules followed, up to B.9's change approved and not yet set.
fn up_to_b9_approved() -> String {
    let script = std::fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/tests/transcripts/committee_house_rules_followed.gavel"
    ))
    .expect("the transcript");
    let cut = script
        .find("td: /houserule show item:B.9")
        .expect("the transcript shows B.9");
    script[..cut].to_owned()
}

const WAITING: &str = "Adopted; not yet in effect in gavel: the most games a player holds permanently in a round stays 3 games until the TD sets it";

#[tokio::test]
async fn an_adopted_change_not_yet_in_effect_is_said_so_until_the_td_sets_it_a7() {
    let mut club = Club::new(false, |_| {}).await;
    run_script(&mut club.console, &up_to_b9_approved())
        .await
        .expect("the transcript runs");
    let (status, page) = club.page("/houserules").await;
    assert_eq!(status, 200);
    assert!(page.contains(WAITING), "{page}");
    // An item bound and in effect says what gavel enforces.
    assert!(
        page.contains("gavel enforces the TMC&#39;s size: 3 to 8 members.")
            || page.contains("gavel enforces the TMC's size: 3 to 8 members."),
        "{page}"
    );
    let api = club.json("/api/v1/houserules").await;
    let b9 = api["items"]
        .as_array()
        .expect("items")
        .iter()
        .find(|i| i["label"] == "B.9")
        .expect("B.9");
    assert!(b9["in_gavel"][0]
        .as_str()
        .is_some_and(|l| l.starts_with(WAITING)));

    run_script(
        &mut club.console,
        "td: /houserule set name:games.permanent value:2\n",
    )
    .await
    .expect("the TD sets it");
    let (_, page) = club.page("/houserules").await;
    assert!(!page.contains(WAITING), "{page}");
    assert!(
        page.contains(
            "gavel enforces the most games a player holds permanently in a round: 2 games."
        ),
        "{page}"
    );
}
