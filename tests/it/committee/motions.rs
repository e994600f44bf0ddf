//! Motions through the app and the export (house rules A.6, A.7): the record of a motion is
//! whole and public, votes after the close and votes without a seat are refused and change
//! nothing.

use super::{console, refused, setup};

#[tokio::test]
async fn a_motions_record_is_exported_whole_with_its_sitting_body_a6() {
    let mut c = console();
    setup(
        &mut c,
        &[
            "@ 2026-11-27 12:30",
            "cj: /office appoint member:@tina office:td",
            "cj: /office appoint member:@ada office:atd",
            "cj: /office appoint member:@abe office:atd",
            "cj: /office appoint member:@t1 office:tmc",
            "cj: /office appoint member:@t2 office:tmc",
            "cj: /office appoint member:@t3 office:tmc",
            "cj: /office appoint member:@t4 office:tmc",
            "cj: /office appoint member:@t5 office:tmc",
            "cj: /committee create name:TMC members:5-8 turnout:2/3 majority:simple tie_break:director",
            "tina: /motion open committee:TMC text:\"Extend the deadline\"",
            "t1: /motion vote motion:1 choice:yes",
            "t2: /motion vote motion:1 choice:yes",
            "t3: /motion vote motion:1 choice:no",
            "ada: /motion vote motion:1 choice:yes",
            "@ +7d",
        ],
    )
    .await;
    let refusal = refused(&mut c, "t4: /motion vote motion:1 choice:yes").await;
    assert!(refusal.contains("record is final"), "{refusal}");
    let refusal = refused(&mut c, "tina: /motion vote motion:1 choice:yes").await;
    assert!(refusal.contains("closed"), "{refusal}");
    let app = c.app().await.expect("app").clone();
    let export = gavel::app::export::export(&app).await.expect("export");
    let motion = &export["committees"]["motions"][0];
    assert_eq!(motion["status"], "not_binding");
    assert_eq!(motion["sitting_size"], 7);
    assert_eq!(motion["counts"]["yes"], 3);
    assert_eq!(motion["votes"].as_array().map(Vec::len), Some(4));
    let sitting = motion["sitting"].as_array().expect("sitting");
    assert!(sitting
        .iter()
        .any(|s| s["name"] == "tina" && s["sits"] == false && s["why"] == "td"));
    assert_eq!(export["committees"]["committees"][0]["turnout"], "2/3");
    let terms = export["committees"]["office_terms"]
        .as_array()
        .expect("terms");
    assert!(terms
        .iter()
        .any(|t| t["office"] == "atd" && t["name"] == "abe"));
}

#[tokio::test]
async fn gavel_check_finds_a_result_that_is_not_its_tally_a6() {
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
            "tina: /motion open committee:TMC text:\"Extend the deadline\"",
            "t1: /motion vote motion:1 choice:yes",
            "t2: /motion vote motion:1 choice:yes",
            "@ +7d",
        ],
    )
    .await;
    let app = c.app().await.expect("app").clone();
    assert_eq!(
        app.check_record().await.expect("check"),
        Vec::<String>::new()
    );
    sqlx::query("UPDATE motions SET status = 'adopted' WHERE id = 1")
        .execute(app.pool())
        .await
        .expect("tampered");
    let breaches = app.check_record().await.expect("check");
    assert_eq!(
        breaches,
        ["Motion 1 is adopted but its votes decide not_binding (A.6, A.7)"]
    );
}

/// Checks: a committee counts its own members only. The TD written in behind gavel's back as
/// a TMC member sits as the TD, so a "TMC of five" with the TD among them has four members
/// and holds no vote (house rules A.2, A.6); gavel check names the conflict.
#[tokio::test]
async fn the_td_does_not_count_toward_the_tmcs_size_a2_a6() {
    let mut c = console();
    let members: Vec<String> = (1..=4)
        .map(|i| format!("cj: /office appoint member:@t{i} office:tmc"))
        .collect();
    let mut lines = vec![
        "@ 2026-11-27 12:30",
        "cj: /office appoint member:@tina office:td",
    ];
    lines.extend(members.iter().map(String::as_str));
    lines.push(
        "cj: /committee create name:TMC members:5-8 turnout:2/3 majority:simple tie_break:director",
    );
    setup(&mut c, &lines).await;
    let app = c.app().await.expect("app").clone();
    sqlx::query(
        "INSERT INTO office_terms (person_id, office, started_at)
         SELECT id, 'tmc', '2026-11-27T12:31:00Z' FROM people WHERE name = 'tina'",
    )
    .execute(app.pool())
    .await
    .expect("written");
    assert_eq!(
        refused(
            &mut c,
            "tina: /motion open committee:TMC text:\"Extend the deadline\""
        )
        .await,
        "TMC has 4 members; it sits with 5 to 8 (its rules; house rules A.2 for the TMC)."
    );
    let found = app.check_record().await.expect("check");
    assert!(
        found
            .iter()
            .any(|b| b.contains("tina may not be a TMC member while the Tournament Director")),
        "{found:#?}"
    );
}

#[tokio::test]
async fn a_committees_rules_are_refused_at_the_door_naming_the_rule_and_nothing_changes_a2_a6() {
    let mut c = console();
    let refusal = refused(
        &mut c,
        "cj: /committee create name:TMC members:8-5 turnout:2/3 majority:simple tie_break:director",
    )
    .await;
    assert!(
        refusal.contains("not a size range") && refusal.contains("A.2"),
        "{refusal}"
    );
    let refusal = refused(
        &mut c,
        "cj: /committee create name:TMC members:5-8 turnout:3/2 majority:simple tie_break:director",
    )
    .await;
    assert!(
        refusal.contains("not a fraction") && refusal.contains("A.6"),
        "{refusal}"
    );
    let refusal = refused(
        &mut c,
        "cj: /committee create name:TMC members:5-8 turnout:2/3 majority:most tie_break:director",
    )
    .await;
    assert!(
        refusal.contains("simple, two_thirds or three_quarters"),
        "{refusal}"
    );
    let listed = super::run(&mut c, "cj: /committee list").await;
    assert!(
        format!("{listed:?}").contains("There are no committees yet."),
        "{listed:?}"
    );
    setup(
        &mut c,
        &["cj: /committee create name:Bench members:3 turnout:2/3 majority:two_thirds tie_break:rejects seats:justice sitting:members abstentions:ignore"],
    )
    .await;
    let refusal = refused(&mut c, "cj: /committee set committee:Bench turnout:0/3").await;
    assert!(refusal.contains("not a fraction"), "{refusal}");
    let listed = super::run(&mut c, "cj: /committee list").await;
    let listed = format!("{listed:?}");
    assert!(
        listed.contains("Bench: 3 members (justice office holders)") && listed.contains("2/3"),
        "{listed}"
    );
}
