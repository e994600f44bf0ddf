//! The house rules as a rulebook (house rules A.7): `gavel rules import --house` loads a set, a
//! file that is not one is refused and changes nothing, the Chief Justice alone loads the
//! built-in set, and the items read as the rules cite them.

use super::{console, refused, run, setup};
use gavel::adapters::console::Output;

#[tokio::test]
async fn an_import_loads_every_item_and_a_file_that_is_not_house_rules_is_refused_a7() {
    let mut c = console();
    setup(&mut c, &["@ 2026-11-27 12:30"]).await;
    let app = c.app().await.expect("app").clone();
    let e = app
        .committee()
        .import_house_rules("terms.md", "# The Terms\n1. Something.")
        .await
        .unwrap_err();
    assert!(e.to_string().contains("not the house rules"), "{e}");
    let export = gavel::app::export::export(&app).await.expect("export");
    assert_eq!(export["committees"]["house_rules"], serde_json::json!([]));
    let done = app
        .committee()
        .import_house_rules(
            "wm.txt",
            include_str!("../../../examples/world-masters-house-rules.txt"),
        )
        .await
        .expect("imports");
    assert!(done.to_string().contains("from A.1 to D.X."), "{done}");
    let out = run(&mut c, "ann: /houserule show item:\"d i (2)\"").await;
    assert!(
        matches!(&out[..], [Output::Reply(t), ..] if t.starts_with("D.I.2 (D.I. GM Discretion, Rulebook), version 1: Disputes.")),
        "{out:?}"
    );
    let refusal = refused(&mut c, "ann: /houserule import").await;
    assert!(refusal.starts_with("Only the Chief Justice"), "{refusal}");
    let refusal = refused(&mut c, "cj: /houserule import").await;
    assert!(refusal.contains("already loaded"), "{refusal}");
    let refusal = refused(&mut c, "ann: /houserule show item:Z.9").await;
    assert!(refusal.contains("no item Z.9"), "{refusal}");
}

/// A TD and a TMC of five with the house rules loaded.
async fn tmc_with_house_rules() -> gavel::adapters::console::Console {
    let mut c = console();
    setup(
        &mut c,
        &[
            "@ 2026-11-27 12:30",
            "cj: /office appoint member:@tina office:td",
            "cj: /office appoint member:@t1 office:tmc",
            "cj: /office appoint member:@t2 office:tmc",
            "cj: /office appoint member:@t3 office:tmc",
            "cj: /office appoint member:@t4 office:tmc",
            "cj: /office appoint member:@t5 office:tmc",
            "cj: /committee create name:TMC members:5-8 turnout:2/3 majority:simple tie_break:director",
            "cj: /houserule import",
        ],
    )
    .await;
    c
}

/// Adopts a change to `item` through the TMC and the TD's approval (A.7); `motion` is its number.
async fn adopt(c: &mut gavel::adapters::console::Console, motion: u32, item: &str, text: &str) {
    let open = format!(
        "tina: /motion open committee:TMC kind:rule-change item:{item} new_text:\"{text}\" text:\"Change {item}\""
    );
    let mut lines = vec![open];
    for m in ["t1", "t2", "t3", "t4", "t5"] {
        lines.push(format!("{m}: /motion vote motion:{motion} choice:yes"));
    }
    lines.push(format!("tina: /motion approve motion:{motion}"));
    let lines: Vec<&str> = lines.iter().map(String::as_str).collect();
    setup(c, &lines).await;
}

/// Checks: a change whose text does not state its number plainly is listed by `gavel status`
/// and the export as adopted but not yet in effect in gavel, and no longer once the TD sets it
/// (house rules A.7, B.9).
#[tokio::test]
async fn gavel_status_lists_a_change_to_the_house_rules_not_yet_in_effect_a7_b9() {
    let mut c = tmc_with_house_rules().await;
    adopt(
        &mut c,
        1,
        "B.9",
        "No player will be permitted to play in more than two games in any one round.",
    )
    .await;
    let app = c.app().await.expect("app").clone();
    let status = gavel::app::status::status(&app)
        .await
        .expect("status")
        .to_string();
    assert!(
        status.contains("Not in effect: house rule B.9 as changed by motion 1 does not state the most games a player holds permanently in a round plainly; gavel keeps 3 games until the TD sets it (/houserule set name:games.permanent value:VALUE)."),
        "{status}"
    );
    let export = gavel::app::export::export(&app).await.expect("export");
    let bindings = &export["committees"]["house_rule_bindings"];
    assert_eq!(bindings["not_in_effect"].as_array().map(Vec::len), Some(2));
    assert_eq!(bindings["enforced"]["games.permanent"]["value"], "3");
    assert!(app.check_record().await.expect("check").is_empty());
    setup(
        &mut c,
        &[
            "tina: /houserule set name:games.permanent value:2",
            "tina: /houserule set name:games.at_once value:2",
        ],
    )
    .await;
    let status = gavel::app::status::status(&app)
        .await
        .expect("status")
        .to_string();
    assert!(!status.contains("house rule"), "{status}");
    assert!(app.check_record().await.expect("check").is_empty());
}

/// Checks: a change to an item gavel follows as first published, with no value to read, is
/// listed as not yet in effect (house rules A.7, B.6), and a refusal citing an amended item
/// quotes it as it now reads.
#[tokio::test]
async fn a_change_gavel_reads_nothing_from_is_not_in_effect_and_refusals_quote_the_new_text_a7() {
    let mut c = tmc_with_house_rules().await;
    adopt(
        &mut c,
        1,
        "B.6",
        "Players are dealt to boards by the TD as the TD sees fit.",
    )
    .await;
    adopt(&mut c, 2, "A.2", "The tournament governing body will consist of one Tournament Director and up to two Assistant Tournament Directors. In addition there will be a Tournament Management Committee (TMC) of between 6 and 8 people.").await;
    let app = c.app().await.expect("app").clone();
    let status = gavel::app::status::status(&app)
        .await
        .expect("status")
        .to_string();
    assert!(
        status.contains("Not in effect: house rule B.6 as changed by motion 1: for the deal gavel still follows it as first published."),
        "{status}"
    );
    // A TMC of five no longer sits: A.2 as changed says six to eight.
    let refusal = refused(&mut c, "tina: /motion open committee:TMC text:\"Anything\"").await;
    assert!(
        refusal.starts_with("TMC has 5 members; it sits with 6 to 8 (its rules; house rules A.2 for the TMC). House rule A.2 was changed by motion 2 and now reads: “The tournament governing body"),
        "{refusal}"
    );
    assert!(app.check_record().await.expect("check").is_empty());
}

/// Checks: `gavel check` finds a value gavel enforces that is not what its rule's text states,
/// a change neither in effect nor listed as not in effect, and a TMC whose own rules are not
/// those A.2 and A.6 give it (house rules A.2, A.6, A.7).
#[tokio::test]
async fn gavel_check_finds_an_enforced_value_that_is_not_its_rules_text_a7() {
    let mut c = tmc_with_house_rules().await;
    adopt(
        &mut c,
        1,
        "B.9",
        "No player will be permitted to play in more than two games in any one round.",
    )
    .await;
    let app = c.app().await.expect("app").clone();
    for (sql, expected) in [
        (
            "UPDATE house_settings SET value = '4' WHERE key = 'turns.movement_days'",
            "gavel enforces turns.movement_days as 4 by house rule D.VII.4, whose text states 3 (A.7)",
        ),
        (
            "DELETE FROM house_waits WHERE key = 'games.permanent'",
            "house rule B.9 (version 2) does not state games.permanent plainly",
        ),
        (
            "UPDATE committees SET size_least = 4",
            "TMC's members is 4-8, but gavel enforces tmc.size as 5-8 (A.2, A.6)",
        ),
    ] {
        let mut tx = app.pool().begin().await.expect("tx");
        sqlx::query(sql).execute(&mut *tx).await.expect("tampered");
        tx.commit().await.expect("commit");
        let found = app.check_record().await.expect("check");
        assert!(found.iter().any(|b| b.contains(expected)), "{sql}: {found:#?}");
    }
}
