//! Only the club's server: interactions from another server or a direct message are refused
//! privately and change nothing; without `discord.guild_id` gavel does not start.

use std::sync::Arc;

use axum::http::Method;
use serde_json::Value;

use super::{ephemeral_reply, public_reply, Bot, CJ_ID};
use crate::discord::fake::{Arg, FakeDiscord, Origin, SlashCommand, User, CHANNEL_ID};

/// Another server gavel was added to.
const FOREIGN: u64 = 9999;

/// The export without its time of export: what a refused interaction must leave unchanged.
async fn state(bot: &Bot) -> Value {
    let mut export = gavel::app::export::export(&bot.app).await.expect("export");
    export
        .as_object_mut()
        .expect("an object")
        .remove("exported_at");
    export
}

/// Checks: an outsider's `/join` from server 9999 and from a direct message, and the Chief
/// Justice's `/mod technical` from each, are refused privately (the other server's answer says
/// gavel serves only its club's server; the direct message's that gavel takes no commands
/// there); a press of a real Approve button and a form submission from either place are refused
/// the same way; the export (members, cases, audit log) is exactly as before and nothing is
/// announced. The same `/join` from the club's server then succeeds.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn interactions_from_another_server_or_a_direct_message_are_refused() {
    let bot = Bot::start().await;
    let outsider = User::new(777, "outsider");
    let cj = User::new(CJ_ID, "cj");
    let before = state(&bot).await;
    let posts_before = bot
        .fake
        .requests_to(&Method::POST, &format!("/channels/{CHANNEL_ID}/messages"))
        .len();
    let technical = || {
        SlashCommand::new(&cj, "mod technical").arg(
            "description",
            Arg::Text("the leaderboard moved to a new server".into()),
        )
    };
    for (origin, says) in [
        (Origin::Guild(FOREIGN), "serves only its club's server"),
        (Origin::Direct, "no commands in direct messages"),
    ] {
        for command in [SlashCommand::new(&outsider, "join"), technical()] {
            let reply = bot.run(command.from(origin)).await;
            let text = ephemeral_reply(&reply);
            assert!(text.contains(says), "{origin:?}: {text}");
            assert!(text.contains("othing was done"), "{origin:?}: {text}");
        }
        let post = approval_post();
        let press = bot
            .fake
            .press_from(origin, &cj, &post, "b/game approve?game=1");
        let text = ephemeral_reply(&bot.fake.wait_for_callback(press).await).to_owned();
        assert!(text.contains(says), "{origin:?}: {text}");
        let form = bot.fake.submit_form_from(
            origin,
            &cj,
            "f/mod declare?case=1",
            &[("reasoning", "because")],
        );
        let text = ephemeral_reply(&bot.fake.wait_for_callback(form).await).to_owned();
        assert!(text.contains(says), "{origin:?}: {text}");
    }
    assert_eq!(
        state(&bot).await,
        before,
        "a refused interaction changed the record"
    );
    tokio::time::sleep(std::time::Duration::from_millis(300)).await;
    assert_eq!(
        bot.fake
            .requests_to(&Method::POST, &format!("/channels/{CHANNEL_ID}/messages"))
            .len(),
        posts_before,
        "something was announced"
    );

    let joined = bot.run(SlashCommand::new(&outsider, "join")).await;
    assert!(public_reply(&joined).starts_with("Welcome to the Leaderboard, outsider"));
}

/// A post carrying gavel's Approve button, as the fake answered it (only the message matters to
/// a press; the button's command is never reached from outside the club's server).
fn approval_post() -> crate::discord::fake::Recorded {
    crate::discord::fake::Recorded {
        method: Method::POST,
        path: format!("/channels/{CHANNEL_ID}/messages"),
        query: None,
        body: Value::Null,
        status: 200,
        answer: Some(serde_json::json!({
            "id": "1", "channel_id": CHANNEL_ID.to_string(),
            "author": {"id": "1000", "username": "testbot", "discriminator": "0", "global_name": null, "avatar": null},
            "content": "Game #1 waits for approval", "timestamp": "2026-11-27T12:00:00+00:00",
            "edited_timestamp": null, "tts": false, "mention_everyone": false, "mentions": [],
            "mention_roles": [], "attachments": [], "embeds": [], "pinned": false, "type": 0,
            "components": [{"type": 1, "components": [{"type": 2, "style": 3, "label": "Approve", "custom_id": "b/game approve?game=1"}]}],
        })),
        at: std::time::Instant::now(),
    }
}

/// Checks: with no `discord.guild_id`, the client refuses to build, naming the key, and never
/// reaches Discord (no command is registered anywhere, globally least of all).
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn without_the_clubs_server_gavel_does_not_start() {
    let fake = FakeDiscord::start().await;
    let mut config = gavel::config::Config::default();
    config.database.path = gavel::store::IN_MEMORY.into();
    config.discord.proxy_url = Some(fake.proxy_url());
    config.discord.discussion_channel_id = Some(CHANNEL_ID);
    config.chief_justice.discord_id = Some(CJ_ID);
    let app = gavel::app::App::open(config, Arc::new(gavel::clock::SystemClock))
        .await
        .expect("app opens");
    let error = match gavel::adapters::discord::build_client(app, "fake-token").await {
        Ok(_) => panic!("the client built without a guild"),
        Err(error) => error.to_string(),
    };
    assert!(error.contains("discord.guild_id"), "{error}");
    tokio::time::sleep(std::time::Duration::from_millis(300)).await;
    assert!(
        fake.requests().is_empty(),
        "requests: {}",
        fake.describe_requests()
    );
}
