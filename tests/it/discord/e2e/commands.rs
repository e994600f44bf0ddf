//! Slash commands end to end: registration on READY, replies and refusals, stale commands,
//! deadlines as Discord timestamps, and deferred replies.

use axum::http::Method;
use serde_json::Value;

use super::{assert_no_pings, ephemeral_reply, public_reply, Bot, CJ_ID};
use crate::discord::fake::{
    Arg, FakeDiscord, SlashCommand, User, APPLICATION_ID, CHANNEL_ID, GUILD_ID,
};
use crate::discord::registration;

/// Checks: on READY the bot registers all its commands in guild 2000 with one
/// `PUT /applications/1000/guilds/2000/commands`; the body is exactly what
/// the command table's registration gives and obeys Discord's limits; its global commands are
/// cleared with one `PUT /applications/1000/commands` of `[]`, so no stale global command
/// shows beside the guild's; IDENTIFY carried the token and the gateway URL came from the fake;
/// the fake refused no request.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn registers_its_commands_in_the_guild_on_ready() {
    let bot = Bot::start().await;
    let registration = bot.fake.wait_for_registration().await;
    assert_eq!(
        registration.path,
        format!("/applications/{APPLICATION_ID}/guilds/{GUILD_ID}/commands")
    );
    let global = bot
        .fake
        .wait_for_requests(Method::PUT, "/applications/*/commands", 1)
        .await;
    assert_eq!(global.len(), 1, "{}", bot.fake.describe_requests());
    assert_eq!(
        global[0].path,
        format!("/applications/{APPLICATION_ID}/commands")
    );
    assert_eq!(
        global[0].body,
        serde_json::json!([]),
        "commands were registered globally"
    );
    assert_eq!(global[0].status, 200);
    assert_eq!(registration.body, registration::registration_json());
    registration::assert_within_limits(&registration.body);
    let gateway = bot.fake.requests_to(&Method::GET, "/gateway");
    assert_eq!(
        gateway[0].answer.as_ref().expect("answer")["url"],
        format!("ws://127.0.0.1:{}", bot.fake.ws_port),
        "the bot asks the fake (not discord.com) for the gateway"
    );
    let identify = bot
        .fake
        .gateway_frames()
        .into_iter()
        .find(|f| f["op"] == 2)
        .expect("IDENTIFY");
    assert_eq!(identify["d"]["token"], "Bot fake-token");
    bot.assert_no_refused_requests();
}

/// Checks: `/join` replies (type 4, visible) "Welcome to the Leaderboard, alice: your score is
/// 100"; `/profile` then shows alice as a member with score 100, rank 1 of 1, no offices and a
/// join date; both replies allow no pings; the outbox announcement "alice joined the Leaderboard
/// with a score of 100." is posted to #discussion with allowed_mentions allowing no pings and an
/// enforced nonce, and its outbox row records the message id the fake returned.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn join_then_profile_replies_and_announces() {
    let bot = Bot::start().await;
    let alice = User::new(501, "alice");

    let joined = bot.run(SlashCommand::new(&alice, "join")).await;
    assert_eq!(
        public_reply(&joined),
        "Welcome to the Leaderboard, alice: your score is 100 (Terms §II Act 1)."
    );
    assert_no_pings(&joined["data"]);

    let profile = bot.run(SlashCommand::new(&alice, "profile")).await;
    let text = public_reply(&profile);
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines[0], "alice: member, score 100, rank 1 of 1", "{text}");
    assert_eq!(lines[1], "Offices: none", "{text}");
    assert!(lines[2].starts_with("Joined: "), "{text}");
    assert_no_pings(&profile["data"]);

    let announcement = "alice joined the Leaderboard with a score of 100.";
    let post = bot.wait_for_post(announcement).await;
    assert_no_pings(&post.body);
    assert!(post.body["nonce"].is_string(), "{}", post.body);
    assert_eq!(post.body["enforce_nonce"], true, "{}", post.body);
    let returned: i64 = post.answer.as_ref().expect("a Message")["id"]
        .as_str()
        .expect("id")
        .parse()
        .expect("snowflake");
    assert_eq!(
        bot.wait_until_marked_sent(announcement).await,
        Some(returned),
        "the outbox keeps the id Discord gave the message"
    );
    bot.assert_no_refused_requests();
}

/// Checks: `/office appoint` by a plain member gets an ephemeral refusal (flags 64) "Only the
/// Chief Justice may appoint ..." and changes nothing (office_terms holds only the Chief
/// Justice's term, the export shows no new office, nothing is announced); the same command by
/// the configured Chief Justice (discord id from config) appoints bob, visibly, and announces it.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn only_the_chief_justice_appoints() {
    let bot = Bot::start().await;
    let alice = User::new(501, "alice");
    let bob = User::new(502, "bob");
    let cj = User::new(CJ_ID, "cj");
    let appoint = |caller: &User| {
        SlashCommand::new(caller, "office appoint")
            .user("member", &bob)
            .choice("office", "moderator")
    };

    let refused = bot.run(appoint(&alice)).await;
    assert_eq!(
        ephemeral_reply(&refused),
        "Only the Chief Justice may appoint or dismiss office holders (Terms §III Act 2 and Act 4)."
    );
    let terms: Vec<(String, Option<i64>)> = sqlx::query_as(
        "SELECT o.office, p.discord_id FROM office_terms o JOIN people p ON p.id = o.person_id",
    )
    .fetch_all(bot.app.pool())
    .await
    .expect("office_terms");
    assert_eq!(
        terms,
        vec![("chief_justice".to_owned(), Some(CJ_ID as i64))]
    );
    let export = gavel::app::export::export(&bot.app).await.expect("export");
    let cj_id = CJ_ID.to_string();
    for member in export["members"].as_array().expect("members") {
        let offices = member["offices"].as_array().expect("offices");
        if member["discord_id"] == cj_id.as_str() {
            assert_eq!(offices, &vec![Value::from("chief_justice")], "{member}");
        } else {
            assert!(
                offices.is_empty(),
                "the refusal changed an office: {member}"
            );
        }
    }
    let queued: i64 =
        sqlx::query_scalar("SELECT COUNT(*) FROM outbox WHERE content LIKE '%appointed%'")
            .fetch_one(bot.app.pool())
            .await
            .expect("outbox");
    assert_eq!(queued, 0, "a refusal announces nothing");

    let done = bot.run(appoint(&cj)).await;
    assert_eq!(public_reply(&done), "bob is now a Moderator.");
    let export = gavel::app::export::export(&bot.app).await.expect("export");
    let bob_row = export["members"]
        .as_array()
        .expect("members")
        .iter()
        .find(|m| m["discord_id"] == "502")
        .unwrap_or_else(|| panic!("bob is not in the export: {export}"));
    assert_eq!(bob_row["offices"], serde_json::json!(["moderator"]));
    let post = bot
        .wait_for_post("cj appointed bob as Moderator (Terms §III Act 2).")
        .await;
    assert_no_pings(&post.body);
    bot.assert_no_refused_requests();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_moderators_action_is_declared_when_discord_confirms_the_post() {
    // Terms §III Act 2.4: the declaration is the public post in #discussion; the case records
    // when Discord confirmed it, and links to it.
    let bot = Bot::start().await;
    let cj = User::new(CJ_ID, "cj");
    let mod1 = User::new(601, "mod1");
    let alice = User::new(602, "alice");
    bot.run(SlashCommand::new(&alice, "join")).await;
    let appointed = bot
        .run(
            SlashCommand::new(&cj, "office appoint")
                .user("member", &mod1)
                .choice("office", "moderator"),
        )
        .await;
    assert_eq!(public_reply(&appointed), "mod1 is now a Moderator.");

    // The chessclock requirement is the Chief Justice's alone (§II Act 11.3): refused, privately.
    let refused = bot
        .run(
            SlashCommand::new(&mod1, "mod clock")
                .user("member", &alice)
                .choice("state", "on")
                .arg("reason", Arg::Text("overruns time every week".into())),
        )
        .await;
    assert_eq!(
        ephemeral_reply(&refused),
        "Only the Chief Justice may require a chessclock (Terms §II Act 11, 11.3)."
    );

    let deducted = bot
        .run(
            SlashCommand::new(&mod1, "mod deduct")
                .user("member", &alice)
                .arg("points", Arg::Integer(5))
                .arg("reason", Arg::Text("talked over other games".into()))
                .arg("incident", Arg::Text("noise in 322".into())),
        )
        .await;
    assert!(
        public_reply(&deducted).starts_with("Case #1: 5 points deducted from alice."),
        "{deducted}"
    );
    let post = bot
        .fake
        .wait_for(
            Method::POST,
            &format!("/channels/{CHANNEL_ID}/messages"),
            "the declaration of case #1",
            |r| {
                r.status == 200
                    && r.body["content"]
                        .as_str()
                        .is_some_and(|c| c.starts_with("Declaration, case #1 "))
            },
        )
        .await;
    assert_no_pings(&post.body);
    let message: i64 = post.answer.as_ref().expect("a Message")["id"]
        .as_str()
        .expect("id")
        .parse()
        .expect("snowflake");
    let mut declared = None;
    for _ in 0..100 {
        declared =
            sqlx::query_scalar::<_, Option<String>>("SELECT declared_at FROM actions WHERE id = 1")
                .fetch_one(bot.app.pool())
                .await
                .expect("actions");
        if declared.is_some() {
            break;
        }
        tokio::time::sleep(std::time::Duration::from_millis(100)).await;
    }
    assert!(declared.is_some(), "the case was never marked declared");

    let case = bot
        .run(SlashCommand::new(&mod1, "case").arg("case", Arg::Integer(1)))
        .await;
    let link = format!("https://discord.com/channels/2000/3000/{message}");
    assert!(public_reply(&case).contains(&link), "{case}");
    bot.assert_no_refused_requests();
}

/// Checks: an interaction for a command gavel does not have (a removed `/oldcmd`, or a
/// removed subcommand `/mod oldsub`, from a member's stale command list) is answered at once
/// with an ephemeral reply naming the command and saying the commands are being refreshed,
/// instead of Discord's "The application did not respond"; a real command still works after.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_stale_command_is_answered_privately() {
    let bot = Bot::start().await;
    let alice = User::new(501, "alice");
    let id = bot.fake.send_stale(&alice, "oldcmd", None);
    let answer = bot.fake.wait_for_callback(id).await;
    assert_eq!(
        ephemeral_reply(&answer),
        "gavel no longer has /oldcmd; its commands are being refreshed: try again in a \
         moment, or see /help."
    );
    assert_no_pings(&answer["data"]);
    let id = bot.fake.send_stale(&alice, "mod", Some("oldsub"));
    let answer = bot.fake.wait_for_callback(id).await;
    assert!(
        ephemeral_reply(&answer).starts_with("gavel no longer has /mod oldsub;"),
        "{answer}"
    );
    let profile = bot.run(SlashCommand::new(&alice, "profile")).await;
    assert!(public_reply(&profile).starts_with("alice: not a member"));
    bot.assert_no_refused_requests();
}

/// Checks: on Discord a deadline is a timestamp every reader sees in their own time zone
/// (`<t:UNIX:F>` with a relative `<t:UNIX:R>`), in replies and in posts alike, while the console
/// keeps club time (review item 18; Terms §III Act 2.4's 7 days).
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn deadlines_reach_discord_as_timestamps() {
    let bot = Bot::start().await;
    let cj = User::new(CJ_ID, "cj");
    let mod1 = User::new(611, "mod1");
    let alice = User::new(612, "alice");
    bot.run(SlashCommand::new(&alice, "join")).await;
    bot.run(
        SlashCommand::new(&cj, "office appoint")
            .user("member", &mod1)
            .choice("office", "moderator"),
    )
    .await;
    let recorded = bot
        .run(
            SlashCommand::new(&mod1, "mod deduct")
                .user("member", &alice)
                .arg("points", Arg::Integer(5))
                .arg("reason", Arg::Text("talked over other games".into()))
                .arg("incident", Arg::Text("noise in 322".into()))
                .arg("later", Arg::Bool(true)),
        )
        .await;
    // Recorded to declare later: confirmed privately, with its deadline.
    let reply = ephemeral_reply(&recorded);
    let at = reply
        .find("<t:")
        .unwrap_or_else(|| panic!("no timestamp in {reply:?}"));
    let unix: String = reply[at + 3..]
        .chars()
        .take_while(char::is_ascii_digit)
        .collect();
    assert!(
        reply.contains(&format!("<t:{unix}:F> (<t:{unix}:R>)")),
        "{reply}"
    );
    assert!(!reply.contains('⟨') && !reply.contains("GMT"), "{reply}");
    bot.assert_no_refused_requests();
}

/// Checks: a command still working when `discord.defer_after_ms` passes defers its reply
/// (interaction callback type 5, Discord's "thinking...") and then answers by editing that
/// response (`PATCH .../messages/@original`), so Discord never times out on a slow command
/// (here the wait is 0 ms, so every command defers).
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_slow_command_defers_its_reply_and_answers_when_done() {
    let bot = Bot::start_configured(FakeDiscord::start().await, |config| {
        config.discord.defer_after_ms = Some(0);
    })
    .await;
    let dora = User::new(621, "dora");
    let callback = bot.run(SlashCommand::new(&dora, "join")).await;
    assert_eq!(
        callback["type"].as_u64(),
        Some(5),
        "not deferred: {callback}"
    );
    let answer = bot
        .fake
        .wait_for(
            Method::PATCH,
            "/webhooks/*/*/messages/@original",
            "the deferred answer",
            |r| {
                r.body["content"]
                    .as_str()
                    .is_some_and(|c| c.starts_with("Welcome to the Leaderboard, dora"))
            },
        )
        .await;
    assert_eq!(answer.status, 200);
    bot.assert_no_refused_requests();
}

/// Checks (ACWC Reporting cheats: "Accusations of cheating must be made privately to the TD"):
/// `/tournament report`, a command declared private, answers its caller with an ephemeral
/// success (flags 64), and nothing about it is posted to any channel; the report is recorded.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_cheating_report_is_answered_privately_and_never_posted() {
    let bot = Bot::start().await;
    let cj = User::new(CJ_ID, "cj");
    let dan = User::new(504, "dan");
    let cat = User::new(505, "cat");
    let created = bot
        .run(
            SlashCommand::new(&cj, "tournament create")
                .arg("name", Arg::Text("Club Swiss".into()))
                .choice("format", "swiss"),
        )
        .await;
    assert!(
        public_reply(&created).starts_with("Tournament #1"),
        "{created}"
    );
    let reported = bot
        .run(
            SlashCommand::new(&dan, "tournament report")
                .arg("tournament", Arg::Integer(1))
                .user("member", &cat)
                .arg("text", Arg::Text("moves matched an engine".into())),
        )
        .await;
    let text = ephemeral_reply(&reported);
    assert!(text.contains("never posted"), "{text}");
    let kept: i64 = sqlx::query_scalar("SELECT COUNT(*) FROM tournament_reports")
        .fetch_one(bot.app.pool())
        .await
        .expect("reports");
    assert_eq!(kept, 1);
    let leaked: i64 =
        sqlx::query_scalar("SELECT COUNT(*) FROM outbox WHERE content LIKE '%engine%'")
            .fetch_one(bot.app.pool())
            .await
            .expect("outbox");
    assert_eq!(leaked, 0, "a report reached the outbox");
}
