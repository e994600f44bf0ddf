//! The Court of Appeals through the app (Terms §III Act 3): `gavel export` shows an appeal
//! whole, and refusals (a second vote, a vote by someone not sitting, a grant by a
//! non-Justice) change nothing but the audit log.

use gavel::adapters::console::{Console, Output};
use gavel::config::Config;
use serde_json::Value;

async fn export(console: &mut Console) -> Value {
    let app = console.app().await.expect("app opens");
    gavel::app::export::export(app).await.expect("export")
}

async fn run(console: &mut Console, line: &str) -> Vec<Output> {
    console.execute(line).await.expect("line runs")
}

/// A club where alice's first violation is appealed and a panel is seated.
async fn heard() -> Console {
    let mut config = Config::default();
    config.database.path = gavel::store::IN_MEMORY.into();
    let mut console = Console::new(config);
    for line in [
        "@ 2026-11-27 12:31",
        "cj: /office appoint member:@mod1 office:moderator",
        "cj: /office appoint member:@j1 office:justice",
        "cj: /office appoint member:@j2 office:justice",
        "mod1: /session open",
        "alice: /join",
        "bob: /join",
        "alice: /session here",
        "bob: /session here",
        "alice: /game register white:@alice black:@bob result:white",
        "mod1: /mod violation member:@alice reason:\"a game that never happened\" game:1",
        "alice: /court appeal case:1 grounds:\"the game was played\"",
        "cj: /court grant appeal:1",
        "cj: /court panel appeal:1 first:@cj second:@j1 third:@j2",
    ] {
        let out = run(&mut console, line).await;
        assert!(
            !out.iter().any(|o| matches!(o, Output::Refusal(_))),
            "{line}: {out:?}"
        );
    }
    console
}

#[tokio::test]
async fn the_export_shows_an_appeal_from_filing_to_opinion() {
    // Terms §III Acts 3.3, 3.8, 3.10: the votes, the decision, its effects and the opinion.
    let mut console = heard().await;
    for line in [
        "j1: /court vote appeal:1 decision:overturn reasons:\"the game was played\"",
        "j2: /court vote appeal:1 decision:overturn reasons:\"witnesses saw it\"",
        "j1: /court opinion appeal:1 text:\"The game was played before witnesses.\"",
    ] {
        run(&mut console, line).await;
    }
    let doc = export(&mut console).await;
    let appeal = &doc["appeals"][0];
    assert_eq!(appeal["number"], 1);
    assert_eq!(appeal["appellant"], "alice");
    assert_eq!(appeal["case"], 1);
    assert_eq!(appeal["grounds"], "the game was played");
    assert_eq!(appeal["status"], "decided");
    // Terms §III Act 3.6: who granted the hearing is kept once it is heard and decided.
    assert_eq!(appeal["grants"], serde_json::json!(["cj"]));
    assert_eq!(appeal["judgement"]["decision"], "overturned (void)");
    assert_eq!(
        appeal["judgement"]["votes"].as_array().map(Vec::len),
        Some(2)
    );
    assert_eq!(
        appeal["judgement"]["justices"],
        serde_json::json!(["cj", "j1", "j2"])
    );
    assert!(appeal["effects"][0]
        .as_str()
        .is_some_and(|e| e.starts_with("Case #1 is overturned")));
    assert_eq!(appeal["opinion"], "The game was played before witnesses.");
    assert!(appeal["opinion_due"].is_string());
    assert!(appeal["opinion_published_at"].is_string());
    assert_eq!(doc["actions"][0]["status"], "overturned");
}

#[tokio::test]
async fn refused_court_steps_change_nothing_but_the_audit_log() {
    // Terms §III Acts 3.3, 3.6: only the bench votes, each once; only Justices grant.
    let mut console = heard().await;
    run(
        &mut console,
        "j1: /court vote appeal:1 decision:uphold reasons:\"the ladder applies\"",
    )
    .await;
    let mut before = export(&mut console).await;
    for (line, refusal) in [
        (
            "j1: /court vote appeal:1 decision:overturn reasons:\"a change of mind\"",
            "Each Justice votes once",
        ),
        (
            "mod1: /court vote appeal:1 decision:uphold reasons:\"a Moderator's view\"",
            "Only a Justice or the Chief Justice may vote",
        ),
        (
            "bob: /court grant appeal:1",
            "Only a Justice or the Chief Justice may grant",
        ),
    ] {
        let out = run(&mut console, line).await;
        assert!(
            matches!(&out[..], [Output::Refusal(t)] if t.starts_with(refusal)),
            "{line}: {out:?}"
        );
        let mut after = export(&mut console).await;
        for doc in [&mut before, &mut after] {
            let obj = doc.as_object_mut().expect("object");
            obj.remove("audit");
            obj.remove("exported_at");
        }
        assert_eq!(before, after, "{line} changed the state");
        before = after;
    }
}

/// The posts among `out`.
fn posts(out: &[Output]) -> Vec<String> {
    out.iter()
        .filter_map(|o| match o {
            Output::Post { text, .. } => Some(text.clone()),
            _ => None,
        })
        .collect()
}

#[tokio::test]
async fn an_opinion_deadline_survives_a_restart_and_is_announced_once() {
    // Terms §III Act 3.10: the reminder and the overdue notice are jobs in the database, so a
    // restart neither loses nor repeats them; a reminder whose deadline passed while gavel was
    // down says nothing.
    let dir = tempfile::tempdir().expect("a directory");
    let mut config = Config::default();
    config.database.path = dir.path().join("club.db").display().to_string();
    {
        let mut console = Console::rehearsal(config.clone());
        for line in [
            "@ 2026-11-27 12:31",
            "cj: /office appoint member:@mod1 office:moderator",
            "alice: /join",
            "mod1: /mod deduct member:@alice points:10 reason:\"time abuse in game one\" incident:\"clock\"",
            "alice: /court appeal case:1 grounds:\"no time abuse happened\"",
            "cj: /court grant appeal:1",
            "cj: /court solo appeal:1",
            "cj: /court vote appeal:1 decision:uphold reasons:\"the clock log shows it\"",
        ] {
            run(&mut console, line).await;
        }
    }
    let mut console = Console::rehearsal(config.clone());
    let out = run(&mut console, "@ 2026-12-05 12:00").await;
    let notices: Vec<String> = posts(&out)
        .into_iter()
        .filter(|p| p.contains("appeal #1"))
        .collect();
    // gavel was down past the deadline: the reminder says nothing, the overdue notice speaks.
    assert_eq!(notices.len(), 1, "{notices:?}");
    assert!(notices[0].starts_with("The Court's opinion on appeal #1 is overdue"));
    drop(console);
    let mut console = Console::rehearsal(config);
    let out = run(&mut console, "@ 2026-12-12 12:00").await;
    assert!(
        !posts(&out).iter().any(|p| p.contains("appeal #1")),
        "{out:?}"
    );
}

#[tokio::test]
async fn a_solo_hearing_whose_chief_justice_handed_over_is_re_seated_by_the_new_one() {
    // Terms §III Acts 3.3, 3.7: a solo hearing is the Chief Justice's discretionary power. When
    // the office passes (the configuration names another), the former Chief Justice no longer
    // decides it, and the new one re-seats it, alone or with a panel, recorded and announced.
    let dir = tempfile::tempdir().expect("a directory");
    let mut config = Config::default();
    config.database.path = dir.path().join("club.db").display().to_string();
    {
        let mut console = Console::rehearsal(config.clone());
        for line in [
            "@ 2026-11-27 12:31",
            "cj: /office appoint member:@mod1 office:moderator",
            "alice: /join",
            "mod1: /mod deduct member:@alice points:10 reason:\"time abuse in game one\" incident:\"clock\"",
            "alice: /court appeal case:1 grounds:\"no time abuse happened\"",
            "cj: /court grant appeal:1",
            "cj: /court solo appeal:1",
        ] {
            let out = run(&mut console, line).await;
            assert!(!out.iter().any(|o| matches!(o, Output::Refusal(_))), "{line}: {out:?}");
        }
    }
    config.chief_justice.name = "cj2".into();
    let mut console = Console::rehearsal(config);
    run(&mut console, "@ 2026-11-27 13:00").await;
    run(
        &mut console,
        "cj2: /office appoint member:@cj office:justice",
    )
    .await;
    let out = run(
        &mut console,
        "cj: /court vote appeal:1 decision:uphold reasons:\"the clock log shows it\"",
    )
    .await;
    assert!(
        matches!(&out[..], [Output::Refusal(t)] if t.contains("you no longer hold it")),
        "{out:?}"
    );
    let out = run(&mut console, "cj2: /court solo appeal:1").await;
    assert!(
        posts(&out).iter().any(|p| p.starts_with(
            "Appeal #1 is re-seated, since its bench can no longer decide as seated: it is heard by the Chief Justice, cj2, alone: no panel of three can be formed"
        )),
        "{out:?}"
    );
    run(
        &mut console,
        "cj2: /court vote appeal:1 decision:overturn reasons:\"the clock was broken that day\"",
    )
    .await;
    let doc = export(&mut console).await;
    assert_eq!(doc["appeals"][0]["status"], "decided");
    assert_eq!(
        doc["appeals"][0]["judgement"]["justices"],
        serde_json::json!(["cj2"])
    );
    assert_eq!(doc["actions"][0]["status"], "overturned");
}
