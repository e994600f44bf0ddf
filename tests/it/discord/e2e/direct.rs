//! Direct messages on Discord: the notice to the member a case is about, with its Appeal
//! button working from the DM (for that member alone), and a member who does not accept direct
//! messages (error 50007) recorded once and not written to again until they run /notify.

use std::time::Duration;

use axum::http::Method;
use serde_json::Value;

use super::{ephemeral_reply, public_reply, Bot, CJ_ID, MODAL};
use crate::discord::fake::{dm_channel_of, Arg, Recorded, SlashCommand, User, TIMEOUT};

/// Waits for a direct message to `user` that Discord took.
async fn wait_for_dm(bot: &Bot, user: u64, what: &str) -> Recorded {
    bot.fake
        .wait_for(
            Method::POST,
            &format!("/channels/{}/messages", dm_channel_of(user)),
            what,
            |r| r.status == 200,
        )
        .await
}

/// Monitors `member` (declared at once) as the Chief Justice; returns the reply.
async fn monitor(bot: &Bot, member: &User) -> Value {
    let cj = User::new(CJ_ID, "cj");
    bot.run(
        SlashCommand::new(&cj, "mod monitor")
            .user("member", member)
            .arg(
                "reason",
                Arg::Text("three unlikely wins against stronger players".into()),
            ),
    )
    .await
}

/// Checks (Terms §III Acts 2.4, 3): a monitor declared against bob reaches him privately
/// through `POST /users/@me/channels` and a post in that DM channel: what was done, why, how
/// long, the Act (§II Act 10) and an Appeal button for his case. Pressed by bob in the DM (no
/// guild: the press is on gavel's own message), it opens the appeal form for case #1; the same
/// press by carol is refused privately and opens nothing; bob's submitted form files appeal #1
/// as `/court appeal` does.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_member_a_case_is_about_is_told_privately_and_appeals_from_the_message() {
    let bot = Bot::start().await;
    let bob = User::new(851, "bob");
    let carol = User::new(852, "carol");
    for member in [&bob, &carol] {
        bot.run(SlashCommand::new(member, "join")).await;
    }
    let declared = monitor(&bot, &bob).await;
    assert!(public_reply(&declared).contains("Case #1"), "{declared}");

    let dm = wait_for_dm(&bot, bob.id, "the notice to bob").await;
    let opened = bot.fake.requests_to(&Method::POST, "/users/@me/channels");
    assert_eq!(opened[0].body["recipient_id"], bob.id.to_string());
    let text = dm.body["content"].as_str().expect("content");
    for part in [
        "Case #1 is about you",
        "What was done: bob monitored",
        "Why: three unlikely wins against stronger players",
        "How long: until it is lifted.",
        "Terms §II Act 10",
        "/court appeal case:1",
    ] {
        assert!(text.contains(part), "{part:?} missing from {text}");
    }
    let button = &dm.body["components"][0]["components"][0];
    assert_eq!(button["label"], "Appeal", "{}", dm.body);
    let custom_id = button["custom_id"].as_str().expect("custom_id");
    assert_eq!(custom_id, "b/court appeal?case=1");

    // Someone else pressing it (a forged press: the button was sent to bob alone) is refused.
    let id = bot.fake.press_in_direct_message(&carol, &dm, custom_id);
    let refused = bot.fake.wait_for_callback(id).await;
    assert!(
        ephemeral_reply(&refused).starts_with("Only the member case #1 is about may appeal it"),
        "{refused}"
    );

    let id = bot.fake.press_in_direct_message(&bob, &dm, custom_id);
    let asked = bot.fake.wait_for_callback(id).await;
    assert_eq!(asked["type"].as_u64(), Some(MODAL), "not a form: {asked}");
    let form = &asked["data"];
    assert_eq!(form["custom_id"], "f/court appeal?case=1", "{asked}");
    assert_eq!(
        form["components"][0]["components"][0]["custom_id"],
        "grounds"
    );

    let grounds = "the wins were against players who had just learned the game";
    let id = bot.fake.submit_form_in_direct_message(
        &bob,
        &dm,
        "f/court appeal?case=1",
        &[("grounds", grounds)],
    );
    let filed = bot.fake.wait_for_callback(id).await;
    assert!(
        filed["data"]["content"]
            .as_str()
            .is_some_and(|t| t.starts_with("Appeal #1 filed by bob against case #1")),
        "{filed}"
    );
    let appeals: i64 = sqlx::query_scalar("SELECT COUNT(*) FROM appeals")
        .fetch_one(bot.app.pool())
        .await
        .expect("appeals");
    assert_eq!(appeals, 1);
}

/// Checks: carol, who does not accept direct messages, is monitored; Discord refuses the notice
/// with 403, code 50007: gavel records the refusal once, marks the message undeliverable (it
/// leaves the queue, so #discussion is not held back) and does not try it again; a second case
/// against her sends nothing at all. `/notify` tells her, privately, why nothing arrives, and
/// forgets the refusal, so the next notice is tried. The export records the refusal and the
/// message given up, and `gavel check` finds every invariant kept.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_member_who_does_not_accept_direct_messages_is_recorded_once_and_not_retried() {
    let bot = Bot::start().await;
    let carol = User::new(861, "carol");
    bot.fake.refuse_direct_messages(carol.id);
    bot.run(SlashCommand::new(&carol, "join")).await;
    monitor(&bot, &carol).await;
    bot.fake
        .wait_for(
            Method::POST,
            &format!("/channels/{}/messages", dm_channel_of(carol.id)),
            "the refused notice",
            |r| r.status == 403,
        )
        .await;
    let deadline = std::time::Instant::now() + TIMEOUT;
    loop {
        let marked: Option<String> = sqlx::query_scalar(
            "SELECT u.reason FROM outbox_undeliverable u JOIN outbox o ON o.id = u.outbox_id
             WHERE o.channel LIKE 'dm:%'",
        )
        .fetch_optional(bot.app.pool())
        .await
        .expect("undeliverable");
        if let Some(reason) = marked {
            assert!(reason.contains("50007"), "{reason}");
            break;
        }
        assert!(
            std::time::Instant::now() < deadline,
            "never marked undeliverable"
        );
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
    let cj = User::new(CJ_ID, "cj");
    bot.run(
        SlashCommand::new(&cj, "mod deduct")
            .user("member", &carol)
            .arg("points", Arg::Integer(5))
            .arg("reason", Arg::Text("abusive language in the chat".into()))
            .arg("incident", Arg::Text("chat on Friday".into())),
    )
    .await;
    // Three poster ticks: the refused message is not retried and the second is never written.
    tokio::time::sleep(Duration::from_millis(4500)).await;
    let attempts = bot.fake.direct_messages_to(carol.id);
    assert_eq!(attempts.len(), 1, "{attempts:#?}");
    let refusals: i64 = sqlx::query_scalar("SELECT COUNT(*) FROM dm_refusals")
        .fetch_one(bot.app.pool())
        .await
        .expect("refusals");
    assert_eq!(refusals, 1);
    let queued: i64 = sqlx::query_scalar("SELECT COUNT(*) FROM outbox WHERE channel LIKE 'dm:%'")
        .fetch_one(bot.app.pool())
        .await
        .expect("queued");
    assert_eq!(queued, 1, "the second notice was never queued");

    // The export carries the refusal in force and the message given up, not its text.
    let exported = gavel::app::export::export(&bot.app).await.expect("export");
    let notifications = &exported["notifications"];
    assert_eq!(
        notifications["refused"][0]["member"], "carol",
        "{notifications}"
    );
    assert_eq!(notifications["undeliverable"], 1, "{notifications}");
    assert!(bot.app.check_record().await.expect("check").is_empty());

    let told = bot.run(SlashCommand::new(&carol, "notify")).await;
    let text = ephemeral_reply(&told);
    assert!(
        text.contains("Discord refused gavel's direct message to you"),
        "{text}"
    );
    assert!(text.contains("on  case:"), "{text}");
    let refusals: i64 = sqlx::query_scalar("SELECT COUNT(*) FROM dm_refusals")
        .fetch_one(bot.app.pool())
        .await
        .expect("refusals");
    assert_eq!(refusals, 0, "/notify forgets the refusal");
    assert!(gavel::app::status::status(&bot.app)
        .await
        .expect("status")
        .to_string()
        .contains("every post has been delivered"));
}

/// Checks: `/notify kind:bench set:on` is confirmed privately and kept; `kind` alone is refused
/// with the usage.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn notify_sets_a_choice_privately() {
    let bot = Bot::start().await;
    let dan = User::new(871, "dan");
    let set = bot
        .run(
            SlashCommand::new(&dan, "notify")
                .choice("kind", "bench")
                .choice("set", "on"),
        )
        .await;
    assert!(
        ephemeral_reply(&set).starts_with("Direct messages about a seat for you on a bench"),
        "{set}"
    );
    let half = bot
        .run(SlashCommand::new(&dan, "notify").choice("kind", "bench"))
        .await;
    assert!(
        ephemeral_reply(&half).contains("/notify kind:bench set:on"),
        "{half}"
    );
}
