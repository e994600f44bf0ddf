//! Rule 1230.2 amended to another turn length takes effect (issue 38, #42): gavel reads the
//! adopted text's numbers of days (Rule 1230.2 §4, §4.A) and follows them from the next turn
//! announced; a text it cannot read is announced as not yet in effect, and the turns keep the
//! length gavel reads.

use gavel::adapters::console::Console;

use super::console::{in_memory, run_accepted};
use super::partychess_export::KINGS_PLACED;

/// The published suite with Rule 1230.2's numbers of days replaced.
fn amended(days: &str, max: &str) -> String {
    gavel::domain::partychess::SUITE_TEXT
        .replace("Rule 1230.2/19", "Rule 1230.2/20")
        .replace(
            "expires three days after",
            &format!("expires {days} days after"),
        )
        .replace("maximum of seven days", &format!("maximum of {max} days"))
}

/// The turn's deadline in the export, as the club's date.
async fn deadline(console: &mut Console) -> String {
    let app = console.app().await.expect("app opens");
    let doc = gavel::app::export::export(app).await.expect("export");
    doc["partychess"]["game"]["deadline"]
        .as_str()
        .expect("a deadline")[..10]
        .to_owned()
}

/// Checks: amended to ten-day turns extensible to 14, the suite's import says the change is in
/// effect; the next turn, announced on 23 Nov, runs to 3 Dec; the umpire may extend it to 14
/// days and no further.
#[tokio::test]
async fn ten_day_turns_adopted_are_followed_from_the_next_turn_1230_2_4() {
    let mut console = in_memory();
    run_accepted(&mut console, &KINGS_PLACED).await;
    assert_eq!(
        deadline(&mut console).await,
        "2026-11-26",
        "three days as read"
    );
    let app = console.app().await.expect("app opens").clone();
    let imported = app
        .partychess()
        .import_suite("ten-day turns", &amended("ten", "14"))
        .await
        .expect("imports");
    let words = imported.to_string();
    assert!(
        words.contains("Rule 1230.2/20 amended (in effect in gavel: a turn expires 10 days after the announcement of the game's state, extensible to 14"),
        "{words}"
    );
    assert!(!words.contains("not yet in effect"), "{words}");
    run_accepted(&mut console, &["alice: /partychess pass"]).await;
    assert_eq!(deadline(&mut console).await, "2026-12-03", "ten days");
    let out = console
        .execute("ump: /partychess extend days:15")
        .await
        .expect("runs");
    assert!(format!("{out:?}").contains("at most 14 days"), "{out:?}");
    run_accepted(&mut console, &["ump: /partychess extend days:14"]).await;
    assert_eq!(deadline(&mut console).await, "2026-12-07");
    assert_eq!(
        app.check_record().await.expect("check"),
        Vec::<String>::new()
    );
}

/// Checks: a text whose numbers gavel cannot read ("a few days") is announced as not yet in
/// effect, and the turns keep three days.
#[tokio::test]
async fn a_turn_length_gavel_cannot_read_is_not_yet_in_effect_1230_2_4() {
    let mut console = in_memory();
    run_accepted(&mut console, &KINGS_PLACED).await;
    let app = console.app().await.expect("app opens").clone();
    let imported = app
        .partychess()
        .import_suite("vague turns", &amended("a few", "seven"))
        .await
        .expect("imports");
    assert!(
        imported.to_string().contains("not yet in effect in gavel"),
        "{imported}"
    );
    run_accepted(&mut console, &["alice: /partychess pass"]).await;
    assert_eq!(deadline(&mut console).await, "2026-11-26");
}
