//! Moderation's permission matrix (Terms §II Act 9, 10, 11; §III Act 2, 3.4, 3.5, 5, 6): every
//! moderation command tried by someone the Terms forbid is refused, and changes nothing but the
//! audit log.

use gavel::adapters::console::{Console, Output};
use gavel::config::Config;
use serde_json::Value;

/// The state without the audit log and the export time: what a refusal must leave unchanged.
async fn state(console: &mut Console) -> Value {
    let app = console.app().await.expect("app opens");
    let mut doc = gavel::app::export::export(app).await.expect("export");
    let obj = doc.as_object_mut().expect("an object");
    obj.remove("audit");
    obj.remove("exported_at");
    doc
}

async fn refused_rows(console: &mut Console) -> usize {
    let app = console.app().await.expect("app opens");
    let doc = gavel::app::export::export(app).await.expect("export");
    doc["audit"]
        .as_array()
        .expect("audit list")
        .iter()
        .filter(|e| e["outcome"] == "refused")
        .count()
}

async fn club() -> Console {
    let mut config = Config::default();
    config.database.path = gavel::store::IN_MEMORY.into();
    let mut console = Console::new(config);
    for line in [
        "@ 2026-11-27 12:31",
        "cj: /office appoint member:@mod1 office:moderator",
        "cj: /office appoint member:@jus office:justice",
        "mod1: /session open",
        "alice: /join",
        "bob: /join",
        "alice: /session here",
        "bob: /session here",
        "mod1: /game register white:@alice black:@bob result:white",
        "mod1: /mod monitor member:@bob reason:\"unlikely results this term\"",
        "cj: /mod clock member:@alice state:on reason:\"overruns time every week\"",
        "mod1: /mod deduct member:@bob points:5 reason:\"noise in the room\" incident:\"noise\" later:true",
        // Game 2 waits for approval: bob is monitored (§II Act 10.4).
        "alice: /game register white:@alice black:@bob result:draw clock:true",
    ] {
        for out in console.execute(line).await.expect("line runs") {
            assert!(!matches!(out, Output::Refusal(_)), "{line}: {out:?}");
        }
    }
    console
}

#[tokio::test]
async fn every_forbidden_moderation_command_is_refused_and_changes_nothing() {
    let forbidden = [
        // A plain member holds no Moderator power (§III Act 2).
        "alice: /mod violation member:@bob reason:\"fake game claimed\" game:1",
        "alice: /mod ban member:@bob until:2026-12-11 reason:\"serious misconduct here\" incident:\"x\"",
        "alice: /mod monitor member:@bob reason:\"seems suspicious to me\"",
        "alice: /mod unmonitor member:@bob reason:\"no longer suspicious\"",
        "alice: /mod deduct member:@bob points:5 reason:\"rude to me\" incident:\"rudeness\"",
        "alice: /mod award member:@alice points:5 reason:\"i deserve it\"",
        "alice: /mod clock member:@bob state:on reason:\"slow player always\"",
        "alice: /mod clock member:@alice state:off reason:\"i am fast now\"",
        "alice: /mod technical description:\"changed the rules myself\"",
        "alice: /mod declare case:3 reasoning:\"declaring for mod1\"",
        "alice: /game approve game:2",
        "alice: /game void game:1 reason:\"i lost this one\"",
        // Only the Chief Justice requires or releases a chessclock (§II Act 11.3) and makes
        // technical modifications (§III Act 5): not a Moderator, not a Justice.
        "mod1: /mod clock member:@bob state:on reason:\"slow player always\"",
        "mod1: /mod clock member:@alice state:off reason:\"plays fast now\"",
        "mod1: /mod technical description:\"restarted the server\"",
        "jus: /mod clock member:@bob state:on reason:\"slow player always\"",
        "jus: /mod clock member:@alice state:off reason:\"plays fast now\"",
        "jus: /mod technical description:\"restarted the server\"",
        // Only the Court lifts a ban (§II Act 9.4), whoever asks.
        "mod1: /mod unban member:@bob",
        "jus: /mod unban member:@bob",
        "cj: /mod unban member:@bob",
        // No acting on one's own game (§III Act 3.5) or against oneself (§III Act 2.2).
        "mod1: /mod violation member:@mod1 reason:\"testing myself here\" incident:\"self\"",
        "jus: /mod ban member:@jus until:2026-12-11 reason:\"testing myself here\" incident:\"self\"",
        // Only the Moderator who took an action declares it (§III Act 2.4).
        "jus: /mod declare case:3 reasoning:\"declaring for mod1\"",
        // Only the Chief Justice appoints (§III Act 2) and removes members (§II Act 7).
        "mod1: /office appoint member:@alice office:moderator",
        "jus: /office dismiss member:@mod1 office:moderator",
        "mod1: /member remove member:@bob",
        // Sessions are opened and closed by Moderators (§III Act 2).
        "alice: /session close",
        "alice: /session mark member:@bob",
    ];
    let mut console = club().await;
    for line in forbidden {
        let before = state(&mut console).await;
        let refusals = refused_rows(&mut console).await;
        let out = console.execute(line).await.expect("line runs");
        assert!(
            matches!(out.as_slice(), [Output::Refusal(_)]),
            "{line} was not refused: {out:?}"
        );
        assert_eq!(
            state(&mut console).await,
            before,
            "{line} changed the state"
        );
        assert_eq!(
            refused_rows(&mut console).await,
            refusals + 1,
            "{line} left no refusal in the audit log"
        );
    }
}

#[tokio::test]
async fn justices_and_the_chief_justice_hold_moderator_powers() {
    // §III Act 3.4 (Justices), §II Act 12 and §III Act 4 (the Chief Justice).
    let mut console = club().await;
    for line in [
        "jus: /mod deduct member:@alice points:3 reason:\"talking during games\" incident:\"talking\"",
        "cj: /mod violation member:@alice reason:\"registered a fake game\" incident:\"fake game\"",
        "jus: /game approve game:2",
    ] {
        let out = console.execute(line).await.expect("line runs");
        assert!(
            matches!(out.first(), Some(Output::Reply(_))),
            "{line}: {out:?}"
        );
    }
}
