//! Forged buttons and forms: a `custom_id` is text the client wrote, not a fact. It may carry
//! only numbers and choices that gavel checks; names come from Discord's member data alone.

use serde_json::Value;

use super::{ephemeral_reply, public_reply, Bot};
use crate::discord::fake::{SlashCommand, User};

/// The members of the export, as (Discord id, name).
async fn members(bot: &Bot) -> Vec<(String, String)> {
    let export = gavel::app::export::export(&bot.app).await.expect("export");
    export["members"]
        .as_array()
        .expect("members")
        .iter()
        .map(|m| {
            (
                m["discord_id"].as_str().unwrap_or("").to_owned(),
                m["name"].as_str().expect("name").to_owned(),
            )
        })
        .collect()
}

/// The audit entries of `command`, as (actor, arguments, outcome).
async fn audited(bot: &Bot, command: &str) -> Vec<(String, String, String)> {
    sqlx::query_as(
        "SELECT actor_name, arguments, outcome FROM audit_log WHERE command = ? ORDER BY id",
    )
    .bind(command)
    .fetch_all(bot.app.pool())
    .await
    .expect("audit log")
}

/// Checks: presses of forged custom_ids that carry `member=502:Mallory <@&2001>` (escaped) (an option the
/// command lacks, a person on a command that takes one, a name on a read-only command) and
/// forms carrying a person, free text in the custom_id or an input the form never asked for are
/// all refused privately; bob's name in the record stays "bob" and no rename is audited. When
/// Discord's own member data then shows bob as "Robert", his next command renames him in the
/// record (even a command that only reads), with one audit entry ("display name", from bob to
/// Robert).
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_forged_custom_id_renames_no_one_and_only_discord_renames_a_member() {
    let bot = Bot::start().await;
    let alice = User::new(501, "alice");
    let bob = User::new(502, "bob");
    let mallory = User::new(503, "mallory");
    for who in [&alice, &bob, &mallory] {
        bot.run(SlashCommand::new(who, "join")).await;
    }
    let post = bot
        .wait_for_post("bob joined the Leaderboard with a score of 100.")
        .await;
    let before = members(&bot).await;
    assert!(before.contains(&("502".into(), "bob".into())), "{before:?}");

    let presses = [
        (
            "b/game approve?game=1&member=502:Mallory <@%262001>",
            "has no option `member`",
        ),
        (
            "b/mod unmonitor?member=502:Mallory @everyone",
            "cannot carry `member`",
        ),
        ("b/profile?member=502:Mallory", "cannot carry `member`"),
        ("b/history?member=502", "cannot carry `member`"),
        ("b/join?name=Mallory", "has no option `name`"),
        ("b/mod technical?description=forged", "cannot carry"),
        ("b/game approve?game=one", "not a whole number"),
        ("b/game approve?game=1&game=2", "given twice"),
        ("f/profile?member=502:Mallory", "not one of gavel's"),
        ("x/profile", "not one of gavel's"),
    ];
    for (custom_id, says) in presses {
        let id = bot.fake.press(&mallory, &post, custom_id);
        let reply: Value = bot.fake.wait_for_callback(id).await;
        let text = ephemeral_reply(&reply);
        assert!(text.contains(says), "{custom_id}: {text}");
    }
    type Form<'a> = (&'a str, &'a [(&'a str, &'a str)], &'a str);
    let forms: [Form; 3] = [
        (
            "f/mod declare?case=1&member=502:Mallory",
            &[("reasoning", "because")],
            "has no option `member`",
        ),
        (
            "f/mod declare?case=1",
            &[("reasoning", "because"), ("member", "502:Mallory")],
            "has no input `member`",
        ),
        (
            "f/mod declare?case=1",
            &[("case", "2"), ("reasoning", "because")],
            "has no input `case`",
        ),
    ];
    for (custom_id, fields, says) in forms {
        let id = bot.fake.submit_form(&mallory, custom_id, fields);
        let reply: Value = bot.fake.wait_for_callback(id).await;
        let text = ephemeral_reply(&reply);
        assert!(text.contains(says), "{custom_id} {fields:?}: {text}");
    }
    assert_eq!(
        members(&bot).await,
        before,
        "a forged custom_id changed a name"
    );
    assert!(audited(&bot, "display name").await.is_empty());

    // Discord's own member data now shows bob as Robert: his next command renames him.
    let robert = User::new(502, "Robert");
    let profile = bot.run(SlashCommand::new(&robert, "profile")).await;
    assert!(
        public_reply(&profile).starts_with("Robert: member"),
        "{profile}"
    );
    assert!(members(&bot)
        .await
        .contains(&("502".into(), "Robert".into())));
    assert_eq!(
        audited(&bot, "display name").await,
        [(
            "Robert".to_owned(),
            r#"{"from":"bob","to":"Robert"}"#.to_owned(),
            "done".to_owned()
        )]
    );
}
