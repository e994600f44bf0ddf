//! Disputes through the app (house rules D.I.2, A.3.v, A.9): raised by a player or a GM of the
//! game, referred to the TMC as a motion, binding only once both the player and the GM confirm;
//! Observers' reports go to the TD's channel only.

use super::{console, refused, run, seat, setup};
use gavel::adapters::console::{Console, Output};

/// A TD, a TMC of five, a GM of R1 Board 1 where ann and bob play.
async fn tournament() -> Console {
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
            "tina: /office appoint member:@gus office:gm game:\"R1 Board 1\"",
        ],
    )
    .await;
    let app = c.app().await.expect("app").clone();
    seat(&app, "R1 Board 1", &["ann", "bob"]).await;
    c
}

fn posts(out: &[Output], channel: &str) -> Vec<String> {
    out.iter()
        .filter_map(|o| match o {
            Output::Post { channel: c, text } if c == channel => Some(text.clone()),
            _ => None,
        })
        .collect()
}

#[tokio::test]
async fn a_referred_ruling_binds_only_after_both_player_and_gm_confirm_d_i_2() {
    let mut c = tournament().await;
    let out = run(
        &mut c,
        "ann: /dispute raise game:\"R1 Board 1\" question:\"Was my convoy to Tunis valid?\"",
    )
    .await;
    assert_eq!(posts(&out, "discussion").len(), 0, "it reaches the TD only");
    assert_eq!(posts(&out, "td-reports").len(), 1, "{out:?}");
    setup(
        &mut c,
        &["tina: /dispute refer dispute:1 question:\"Is a convoy order naming no fleet valid under D.VI?\""],
    )
    .await;
    for voter in ["t1", "t2", "t3", "t4"] {
        setup(
            &mut c,
            &[&format!("{voter}: /motion vote motion:1 choice:yes")],
        )
        .await;
    }
    let out = run(&mut c, "t5: /motion vote motion:1 choice:no").await;
    let said = posts(&out, "discussion").join("\n");
    assert!(
        said.contains("not yet confirmed by the player (ann) and a GM of R1 Board 1"),
        "{said}"
    );
    let out = run(&mut c, "ann: /dispute confirm dispute:1").await;
    let said = posts(&out, "discussion").join("\n");
    assert!(
        said.contains("not yet confirmed by a GM of R1 Board 1"),
        "{said}"
    );
    let refusal = refused(&mut c, "bob: /dispute confirm dispute:1").await;
    assert!(refusal.contains("D.I.2"), "{refusal}");
    let out = run(&mut c, "gus: /dispute confirm dispute:1").await;
    let said = posts(&out, "discussion").join("\n");
    assert!(said.contains("the ruling binds player and GM"), "{said}");
    let refusal = refused(&mut c, "gus: /dispute confirm dispute:1").await;
    assert!(refusal.contains("already confirmed"), "{refusal}");
    let app = c.app().await.expect("app").clone();
    let export = gavel::app::export::export(&app).await.expect("export");
    let dispute = &export["committees"]["disputes"][0];
    assert_eq!(dispute["status"], "referred");
    assert_eq!(dispute["motion"], 1);
    assert!(dispute["gm_confirmed_at"].is_string());
}

#[tokio::test]
async fn only_a_player_or_gm_of_the_game_raises_and_a_gm_names_the_player_d_i_2() {
    let mut c = tournament().await;
    let refusal = refused(
        &mut c,
        "zed: /dispute raise game:\"R1 Board 1\" question:\"Why?\"",
    )
    .await;
    assert!(
        refusal.starts_with("Only a player or a GM of R1 Board 1"),
        "{refusal}"
    );
    let refusal = refused(
        &mut c,
        "gus: /dispute raise game:\"R1 Board 1\" question:\"Is this order valid?\"",
    )
    .await;
    assert!(refusal.contains("player:@name"), "{refusal}");
    setup(
        &mut c,
        &[
            "gus: /dispute raise game:\"R1 Board 1\" question:\"Is this order valid?\" player:@bob",
            "tina: /dispute resolve dispute:1 text:\"The order stands as written.\"",
        ],
    )
    .await;
    let refusal = refused(&mut c, "tina: /dispute refer dispute:1 question:\"Again?\"").await;
    assert!(refusal.contains("no longer with the TD"), "{refusal}");
    let refusal = refused(&mut c, "bob: /dispute confirm dispute:1").await;
    assert!(refusal.contains("was not referred"), "{refusal}");
}

#[tokio::test]
async fn an_observers_report_reaches_the_td_privately_a9() {
    let mut c = tournament().await;
    setup(
        &mut c,
        &["tina: /office appoint member:@oli office:observer game:\"R1 Board 1\""],
    )
    .await;
    let refusal = refused(
        &mut c,
        "ann: /observer report game:\"R1 Board 1\" text:\"The deadline was moved without notice\"",
    )
    .await;
    assert!(refusal.contains("A.9"), "{refusal}");
    let out = run(
        &mut c,
        "oli: /observer report game:\"R1 Board 1\" text:\"The deadline was moved without notice\"",
    )
    .await;
    assert!(posts(&out, "discussion").is_empty(), "{out:?}");
    let private = posts(&out, "td-reports");
    assert_eq!(private.len(), 1);
    assert!(private[0].contains("deadline was moved"));
    let app = c.app().await.expect("app").clone();
    let export = gavel::app::export::export(&app).await.expect("export");
    assert_eq!(export["committees"]["observer_reports"], 1);
    assert!(
        !export.to_string().contains("moved without notice"),
        "the report's text stays out of the export"
    );
}

/// Checks: a referred dispute whose TMC vote did not reach turnout has no ruling, so it is the
/// TD's again: referred again (its parties confirm the new question anew) or resolved by the TD
/// (house rules A.3.v, A.6, D.I.2). While the vote is open it is the TMC's.
#[tokio::test]
async fn a_dispute_whose_vote_did_not_bind_is_referred_again_or_resolved_a6_d_i_2() {
    let mut c = tournament().await;
    setup(
        &mut c,
        &[
            "ann: /dispute raise game:\"R1 Board 1\" question:\"Was my convoy to Tunis valid?\"",
            "tina: /dispute refer dispute:1 question:\"Is a convoy order naming no fleet valid?\"",
            "ann: /dispute confirm dispute:1",
        ],
    )
    .await;
    let refusal = refused(&mut c, "tina: /dispute resolve dispute:1 text:\"Valid.\"").await;
    assert!(refusal.contains("before the TMC"), "{refusal}");
    setup(
        &mut c,
        &[
            "t1: /motion vote motion:1 choice:yes",
            "t2: /motion vote motion:1 choice:yes",
        ],
    )
    .await;
    let out = run(&mut c, "@ +7d").await;
    let said = posts(&out, "discussion").join("\n");
    assert!(
        said.contains("is not binding; there is no ruling to bind. The dispute is the TD's again"),
        "{said}"
    );
    let out = run(
        &mut c,
        "tina: /dispute refer dispute:1 question:\"Does a convoy order need to name its fleet?\"",
    )
    .await;
    let said = posts(&out, "discussion").join("\n");
    assert!(
        said.contains("to the TMC again (motion 1 closed without binding) as motion 2")
            && said.contains("not yet confirmed by the player (ann) and a GM of R1 Board 1"),
        "the new question is confirmed anew: {said}"
    );
    setup(&mut c, &["t3: /motion vote motion:2 choice:no", "@ +7d"]).await;
    let out = run(
        &mut c,
        "tina: /dispute resolve dispute:1 text:\"A convoy order names its fleet; this one stands.\"",
    )
    .await;
    let said = posts(&out, "discussion").join("\n");
    assert!(
        said.contains("resolved dispute 1 on R1 Board 1, motion 2 having closed without binding"),
        "{said}"
    );
    // The fixture's board is written in by hand; the committees' invariants hold.
    let app = c.app().await.expect("app").clone();
    let breaches = app.check_record().await.expect("check");
    assert!(
        !breaches
            .iter()
            .any(|b| b.contains("Dispute") || b.contains("Motion")),
        "{breaches:#?}"
    );
    let refusal = refused(&mut c, "tina: /dispute refer dispute:1 question:\"Again?\"").await;
    assert!(refusal.contains("no longer with the TD"), "{refusal}");
}
