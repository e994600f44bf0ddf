//! The Discord adapter end to end: the real serenity client and poise framework, built by
//! `gavel::adapters::discord::build_client`, against the fake Discord in `fake.rs`.
//!
//! Each test starts its own fake and bot on an in-memory database. Interactions are dispatched as
//! separate tasks by serenity, so each test waits for one callback before sending the next.

use std::sync::Arc;
use std::time::Duration;

use axum::http::Method;
use gavel::app::App;
use serde_json::Value;
use tokio::task::JoinHandle;

use super::fake::{
    Arg, FakeDiscord, Recorded, SlashCommand, User, APPLICATION_ID, CHANNEL_ID, GUILD_ID, TIMEOUT,
};
use super::registration;

/// The Chief Justice's Discord id, as configured.
const CJ_ID: u64 = 900;
/// Discord's "only you can see this" message flag.
const EPHEMERAL: u64 = 64;
/// Interaction callback type: a message in reply.
const CHANNEL_MESSAGE_WITH_SOURCE: u64 = 4;

/// A running bot and the fake it talks to.
struct Bot {
    fake: FakeDiscord,
    app: App,
    /// The bot running until `stop` is sent; what `run_until` returned.
    client: JoinHandle<anyhow::Result<()>>,
    stop: Option<tokio::sync::oneshot::Sender<()>>,
}

impl Drop for Bot {
    fn drop(&mut self) {
        self.client.abort();
    }
}

impl Bot {
    /// Starts the fake and the bot, and waits until the bot has registered its commands (from
    /// then on poise dispatches interactions).
    async fn start() -> Self {
        Self::start_with(FakeDiscord::start().await).await
    }

    /// Like `start`, with a fake already made.
    async fn start_with(fake: FakeDiscord) -> Self {
        Self::start_configured(fake, |_| {}).await
    }

    /// Like `start_with`, with the configuration adjusted first.
    async fn start_configured(
        fake: FakeDiscord,
        adjust: impl FnOnce(&mut gavel::config::Config),
    ) -> Self {
        Self::start_clocked(fake, Arc::new(gavel::clock::SystemClock), adjust).await
    }

    /// Like `start_configured`, on `clock` (for rules that depend on the day, such as Nomic
    /// 201's weekends).
    async fn start_clocked(
        fake: FakeDiscord,
        clock: Arc<dyn gavel::clock::Clock>,
        adjust: impl FnOnce(&mut gavel::config::Config),
    ) -> Self {
        let mut config = gavel::config::Config::default();
        config.database.path = gavel::store::IN_MEMORY.into();
        config.discord.proxy_url = Some(fake.proxy_url());
        config.discord.guild_id = Some(GUILD_ID);
        config.discord.discussion_channel_id = Some(CHANNEL_ID);
        config.chief_justice.discord_id = Some(CJ_ID);
        config.chief_justice.name = "cj".into();
        adjust(&mut config);
        let app = App::open(config, clock).await.expect("app opens");
        let bot = gavel::adapters::discord::build_client(app.clone(), "fake-token")
            .await
            .expect("client builds");
        let (stop, stopped) = tokio::sync::oneshot::channel::<()>();
        let client = tokio::spawn(bot.run_until(async move {
            let _ = stopped.await;
        }));
        fake.wait_for_registration().await;
        Self {
            fake,
            app,
            client,
            stop: Some(stop),
        }
    }

    /// Asks the bot to shut down, as SIGTERM does.
    fn shut_down(&mut self) {
        let _ = self.stop.take().expect("shut down once").send(());
    }

    /// Sends a slash command and waits for its callback (the reply).
    async fn run(&self, command: SlashCommand) -> Value {
        let id = self.fake.send(command);
        self.fake.wait_for_callback(id).await
    }

    /// Waits for the post to #discussion whose content is `content`, answered 200.
    async fn wait_for_post(&self, content: &str) -> Recorded {
        self.fake
            .wait_for(
                Method::POST,
                &format!("/channels/{CHANNEL_ID}/messages"),
                &format!("the delivery of {content:?}"),
                |r| r.status == 200 && r.body["content"] == content,
            )
            .await
    }

    /// Every attempt to post `content` to #discussion so far.
    fn posts_with(&self, content: &str) -> Vec<Recorded> {
        self.fake
            .requests_to(&Method::POST, &format!("/channels/{CHANNEL_ID}/messages"))
            .into_iter()
            .filter(|r| r.body["content"] == content)
            .collect()
    }

    /// The outbox row for `content`: (message id, sent?).
    async fn outbox_row(&self, content: &str) -> Option<(Option<i64>, bool)> {
        sqlx::query_as::<_, (Option<i64>, Option<String>)>(
            "SELECT message_id, sent_at FROM outbox WHERE content = ? ORDER BY id",
        )
        .bind(content)
        .fetch_optional(self.app.pool())
        .await
        .expect("outbox query")
        .map(|(id, sent)| (id, sent.is_some()))
    }

    /// Waits until the outbox row for `content` is marked sent, and returns its message id.
    async fn wait_until_marked_sent(&self, content: &str) -> Option<i64> {
        let deadline = std::time::Instant::now() + TIMEOUT;
        loop {
            if let Some((id, true)) = self.outbox_row(content).await {
                return id;
            }
            assert!(
                std::time::Instant::now() < deadline,
                "the outbox row {content:?} was never marked sent: {:?}",
                self.outbox_row(content).await
            );
            tokio::time::sleep(std::time::Duration::from_millis(20)).await;
        }
    }

    /// The fake refused no request: none reached a route it does not know (404) and no
    /// interaction was answered twice (400, code 40060, as Discord does).
    fn assert_no_refused_requests(&self) {
        let refused: Vec<_> = self
            .fake
            .requests()
            .into_iter()
            .filter(|r| matches!(r.status, 400 | 404))
            .collect();
        assert!(
            refused.is_empty(),
            "requests the fake refused: {refused:#?}"
        );
    }
}

/// The content of a callback that is a visible (non-ephemeral) message reply.
fn public_reply(callback: &Value) -> &str {
    assert_eq!(
        callback["type"].as_u64(),
        Some(CHANNEL_MESSAGE_WITH_SOURCE),
        "not a message reply: {callback}"
    );
    let flags = callback["data"]["flags"].as_u64().unwrap_or(0);
    assert_eq!(
        flags & EPHEMERAL,
        0,
        "a success must be visible: {callback}"
    );
    callback["data"]["content"].as_str().expect("content")
}

/// The content of a callback that is an ephemeral message reply (a refusal).
fn ephemeral_reply(callback: &Value) -> &str {
    assert_eq!(
        callback["type"].as_u64(),
        Some(CHANNEL_MESSAGE_WITH_SOURCE),
        "not a message reply: {callback}"
    );
    let flags = callback["data"]["flags"].as_u64().unwrap_or(0);
    assert_eq!(
        flags & EPHEMERAL,
        EPHEMERAL,
        "a refusal must be ephemeral: {callback}"
    );
    callback["data"]["content"].as_str().expect("content")
}

/// `allowed_mentions` that let nothing ping: no parse of everyone/roles/users, no listed
/// users or roles, no reply ping.
fn assert_no_pings(body: &Value) {
    let allowed = &body["allowed_mentions"];
    assert!(
        allowed.is_object(),
        "no allowed_mentions, so text could ping: {body}"
    );
    for key in ["parse", "users", "roles"] {
        let list = allowed[key].as_array().map(Vec::len).unwrap_or(0);
        assert_eq!(
            list, 0,
            "allowed_mentions.{key} lets something ping: {body}"
        );
    }
    assert_ne!(allowed["replied_user"], true, "{body}");
}

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

/// Checks: when Discord answers the first post of the announcement with HTTP 500, the poster
/// keeps the outbox entry and retries: the announcement arrives later, is delivered exactly once
/// (every attempt carries the same nonce), and its row records the delivered message's id.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_failed_post_is_retried_and_delivered_once() {
    let bot = Bot::start().await;
    let announcement = "carol joined the Leaderboard with a score of 100.";
    bot.fake.fail_next_posts_containing(announcement, 1);
    let carol = User::new(503, "carol");

    let joined = bot.run(SlashCommand::new(&carol, "join")).await;
    assert!(public_reply(&joined).starts_with("Welcome to the Leaderboard, carol"));

    let delivered = bot.wait_for_post(announcement).await;
    let attempts = bot.posts_with(announcement);
    let statuses: Vec<u16> = attempts.iter().map(|r| r.status).collect();
    assert_eq!(statuses, vec![500, 200], "one failure, then one delivery");
    assert_eq!(
        attempts[0].body["nonce"], attempts[1].body["nonce"],
        "a retry reuses the nonce, so Discord could drop a duplicate"
    );
    let returned: i64 = delivered.answer.as_ref().expect("a Message")["id"]
        .as_str()
        .expect("id")
        .parse()
        .expect("snowflake");
    assert_eq!(
        bot.wait_until_marked_sent(announcement).await,
        Some(returned)
    );
    // Two more poster ticks (2 s each): still delivered exactly once.
    tokio::time::sleep(std::time::Duration::from_millis(4500)).await;
    let delivered: Vec<_> = bot
        .posts_with(announcement)
        .into_iter()
        .filter(|r| r.status == 200)
        .collect();
    assert_eq!(delivered.len(), 1, "delivered more than once");
    bot.assert_no_refused_requests();
}

/// Checks: the gateway session holds: with HELLO asking for a heartbeat every 300 ms, the bot
/// heartbeats (op 1) carrying the last sequence number it saw, the fake's op 11 acks keep the
/// one connection alive (no second IDENTIFY, no RESUME, no reconnection), and a slash command
/// sent after several heartbeats is still answered.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn heartbeats_are_acknowledged_and_the_session_holds() {
    let bot = Bot::start_with(FakeDiscord::with_heartbeat_interval(300).await).await;
    let ready_seq = bot.fake.last_sequence();
    bot.fake
        .wait_for_frame("a heartbeat with READY's sequence", |f| {
            f["op"] == 1 && f["d"] == ready_seq
        })
        .await;
    let dave = User::new(504, "dave");
    let profile = bot.run(SlashCommand::new(&dave, "profile")).await;
    assert!(public_reply(&profile).starts_with("dave: not a member"));
    let seq = bot.fake.last_sequence();
    assert!(seq > ready_seq);
    bot.fake
        .wait_for_frame("a heartbeat with the interaction's sequence", |f| {
            f["op"] == 1 && f["d"] == seq
        })
        .await;
    // Let several more intervals pass: each heartbeat must be acked or the bot reconnects.
    tokio::time::sleep(std::time::Duration::from_millis(1500)).await;
    assert!(bot.fake.gateway_frames_with_op(1).len() >= 4);
    assert_eq!(
        bot.fake.gateway_frames_with_op(2).len(),
        1,
        "identified again"
    );
    assert!(bot.fake.gateway_frames_with_op(6).is_empty(), "resumed");
    assert_eq!(bot.fake.gateway_connections(), 1, "reconnected");
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

/// Checks: when Discord answers the first post of alice's announcement with 429, bob's
/// announcement, committed while alice's waits to retry, is not posted before it: the posts to
/// #discussion arrive strictly in the order they were written (alice's delivered, then bob's
/// first attempt), each delivered once.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_post_waiting_to_retry_holds_back_the_later_posts_of_its_channel() {
    let bot = Bot::start().await;
    let first = "alice joined the Leaderboard with a score of 100.";
    let second = "bob joined the Leaderboard with a score of 100.";
    bot.fake.rate_limit_next_post_containing(first, 1.5);
    let alice = User::new(501, "alice");
    let bob = User::new(502, "bob");

    bot.run(SlashCommand::new(&alice, "join")).await;
    bot.fake
        .wait_for(
            Method::POST,
            &format!("/channels/{CHANNEL_ID}/messages"),
            "the rate-limited first post",
            |r| r.status == 429,
        )
        .await;
    bot.run(SlashCommand::new(&bob, "join")).await;
    bot.wait_for_post(first).await;
    bot.wait_for_post(second).await;

    let posts: Vec<(u16, String)> = bot
        .fake
        .requests_to(&Method::POST, &format!("/channels/{CHANNEL_ID}/messages"))
        .into_iter()
        .map(|r| {
            (
                r.status,
                r.body["content"].as_str().unwrap_or("").to_owned(),
            )
        })
        .collect();
    assert_eq!(
        posts,
        [
            (429, first.to_owned()),
            (200, first.to_owned()),
            (200, second.to_owned())
        ],
        "posts out of order"
    );
    bot.assert_no_refused_requests();
}

/// Checks: a 429 whose body says `retry_after: 0.4` is retried after those 0.4 s and not
/// much later (not after a fixed 5 s or the next 2 s poll): the delivery comes between 0.4 s
/// and 1.4 s after the 429, and the post is delivered once.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_rate_limited_post_is_retried_when_discord_says() {
    let bot = Bot::start().await;
    let announcement = "erin joined the Leaderboard with a score of 100.";
    bot.fake.rate_limit_next_post_containing(announcement, 0.4);
    bot.run(SlashCommand::new(&User::new(505, "erin"), "join"))
        .await;
    let delivered = bot.wait_for_post(announcement).await;
    let attempts = bot.posts_with(announcement);
    let statuses: Vec<u16> = attempts.iter().map(|r| r.status).collect();
    assert_eq!(statuses, [429, 200]);
    let waited = delivered.at - attempts[0].at;
    assert!(
        waited >= Duration::from_millis(400) && waited < Duration::from_millis(1400),
        "retried {waited:?} after a 429 that said 0.4 s"
    );
    bot.assert_no_refused_requests();
}

/// Checks: a healthy post is delivered within 1 s of the commit that wrote it, because the
/// commit wakes the poster: measured from the command's reply (sent after its transaction
/// commits) to the post's arrival, for a command sent just after the poster's previous post
/// (when a 2 s poll would be furthest away).
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_post_is_delivered_within_a_second_of_its_commit() {
    let bot = Bot::start().await;
    let frank = User::new(506, "frank");
    let grace = User::new(507, "grace");
    bot.run(SlashCommand::new(&frank, "join")).await;
    bot.wait_for_post("frank joined the Leaderboard with a score of 100.")
        .await;
    let id = bot.fake.send(SlashCommand::new(&grace, "join"));
    bot.fake.wait_for_callback(id).await;
    let replied = bot
        .fake
        .requests_to(&Method::POST, &format!("/interactions/{id}/*/callback"))[0]
        .at;
    let post = bot
        .wait_for_post("grace joined the Leaderboard with a score of 100.")
        .await;
    let latency = post.at.saturating_duration_since(replied);
    eprintln!("delivery latency after the reply: {latency:?}");
    assert!(
        latency < Duration::from_secs(1),
        "delivered {latency:?} after the commit"
    );
}

/// Checks: when Discord answers a post with 403 Missing Permissions, the poster does not
/// retry it soon (no second attempt within 3 s), later posts of the channel wait behind it,
/// and `gavel status` reports it: one post besides the held one in the backlog, the oldest
/// in #discussion with 1 attempt and the 403 as its last error, marked as needing a fix.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_refused_post_is_reported_in_the_status() {
    let bot = Bot::start().await;
    let first = "heidi joined the Leaderboard with a score of 100.";
    let second = "ivan joined the Leaderboard with a score of 100.";
    bot.fake.forbid_next_posts_containing(first, 10);
    bot.run(SlashCommand::new(&User::new(508, "heidi"), "join"))
        .await;
    bot.fake
        .wait_for(
            Method::POST,
            &format!("/channels/{CHANNEL_ID}/messages"),
            "the refused post",
            |r| r.status == 403,
        )
        .await;
    bot.run(SlashCommand::new(&User::new(509, "ivan"), "join"))
        .await;
    tokio::time::sleep(Duration::from_secs(3)).await;
    assert_eq!(
        bot.posts_with(first).len(),
        1,
        "a refused post was retried at once"
    );
    assert!(
        bot.posts_with(second).is_empty(),
        "a later post overtook the refused one"
    );

    let status = gavel::app::status::status(&bot.app).await.expect("status");
    assert_eq!(status.backlog, 2);
    let oldest = status.oldest.as_ref().expect("an oldest post");
    assert_eq!(oldest.content, first);
    assert_eq!(oldest.attempts, 1);
    let text = status.to_string();
    assert!(
        text.starts_with("Outbox: 2 posts not yet delivered."),
        "{text}"
    );
    assert!(text.contains("#discussion"), "{text}");
    assert!(text.contains("1 attempt,"), "{text}");
    assert!(
        text.contains("403 Forbidden Missing Permissions (code 50013)")
            && text.contains("until fixed"),
        "{text}"
    );
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

/// Checks: on shutdown (what SIGTERM and Ctrl-C trigger), while bob's `/profile` is in flight
/// (held up on the database) and alice's announcement is on its way (the fake holds posts for
/// 1.5 s), the bot does not stop: `/profile` is answered, the post is delivered and marked sent;
/// carol's `/join` sent meanwhile is turned away privately and changes nothing; then the bot
/// closes the gateway with a close frame and `run_until` returns Ok.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn shutdown_finishes_what_is_in_flight_then_closes_the_gateway() {
    let mut bot = Bot::start().await;
    bot.fake.delay_posts(Duration::from_millis(1500));
    let announcement = "alice joined the Leaderboard with a score of 100.";
    bot.run(SlashCommand::new(&User::new(501, "alice"), "join"))
        .await;
    // The commit woke the poster: the post is now held by the fake.
    tokio::time::sleep(Duration::from_millis(200)).await;
    // The in-memory pool has one connection: holding it keeps bob's command in flight.
    let held = bot.app.pool().acquire().await.expect("connection");
    let profile = bot
        .fake
        .send(SlashCommand::new(&User::new(502, "bob"), "profile"));
    tokio::time::sleep(Duration::from_millis(200)).await;
    bot.shut_down();
    tokio::time::sleep(Duration::from_millis(300)).await;
    let join = bot
        .fake
        .send(SlashCommand::new(&User::new(503, "carol"), "join"));
    tokio::time::sleep(Duration::from_millis(300)).await;
    assert!(
        !bot.client.is_finished(),
        "stopped with a command in flight"
    );
    assert_eq!(bot.fake.gateway_closes(), 0, "closed the gateway too soon");
    drop(held);

    let ended = tokio::time::timeout(TIMEOUT, &mut bot.client)
        .await
        .expect("the bot stops");
    ended.expect("no panic").expect("run_until returns Ok");
    let answered = bot.fake.wait_for_callback(profile).await;
    assert!(
        public_reply(&answered).starts_with("bob: not a member"),
        "{answered}"
    );
    assert_eq!(bot.posts_with(announcement).len(), 1);
    assert!(
        bot.outbox_row(announcement).await.expect("row").1,
        "the post in flight was not marked sent"
    );
    assert_eq!(bot.fake.gateway_closes(), 1, "the gateway was not closed");
    let turned_away = bot.fake.wait_for_callback(join).await;
    assert_eq!(
        ephemeral_reply(&turned_away),
        "gavel is restarting; nothing was done. Try again in a minute."
    );
    assert_eq!(
        bot.outbox_row("carol joined the Leaderboard with a score of 100.")
            .await,
        None
    );
    bot.assert_no_refused_requests();
}

/// Checks: `gavel run` (the binary, against the fake through `discord.proxy_url`) registers its
/// commands, and on SIGTERM closes the gateway and exits with status 0.
#[cfg(unix)]
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn gavel_run_exits_zero_on_sigterm() {
    let fake = FakeDiscord::start().await;
    let dir = tempfile::tempdir().expect("tempdir");
    std::fs::write(
        dir.path().join("config.toml"),
        format!(
            "[database]\npath = \"gavel.db\"\n[discord]\nguild_id = {GUILD_ID}\n\
             discussion_channel_id = {CHANNEL_ID}\nproxy_url = \"{}\"\n\
             [chief_justice]\nname = \"cj\"\ndiscord_id = {CJ_ID}\n",
            fake.proxy_url()
        ),
    )
    .expect("config");
    let mut child = std::process::Command::new(env!("CARGO_BIN_EXE_gavel"))
        .arg("run")
        .current_dir(dir.path())
        .env("DISCORD_TOKEN", "fake-token")
        .env_remove("GAVEL_CONFIG")
        .env("RUST_LOG", "error")
        .spawn()
        .expect("gavel runs");
    fake.wait_for_registration().await;
    let killed = std::process::Command::new("kill")
        .args(["-TERM", &child.id().to_string()])
        .status()
        .expect("kill runs");
    assert!(killed.success());
    let deadline = std::time::Instant::now() + TIMEOUT;
    let status = loop {
        if let Some(status) = child.try_wait().expect("wait") {
            break status;
        }
        if std::time::Instant::now() > deadline {
            let _ = child.kill();
            panic!("gavel did not exit within {TIMEOUT:?} of SIGTERM");
        }
        tokio::time::sleep(Duration::from_millis(50)).await;
    };
    assert_eq!(status.code(), Some(0), "{status:?}");
    assert_eq!(fake.gateway_closes(), 1, "the gateway was not closed");
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
    let reply = public_reply(&recorded);
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
/// (interaction callback type 5, Discord's "thinking...") and then answers with a follow-up, so
/// Discord never times out on a slow command (here the wait is 0 ms, so every command defers).
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
        .wait_for(Method::POST, "/webhooks/*/*", "the deferred answer", |r| {
            r.body["content"]
                .as_str()
                .is_some_and(|c| c.starts_with("Welcome to the Leaderboard, dora"))
        })
        .await;
    assert_eq!(answer.status, 200);
    bot.assert_no_refused_requests();
}

/// Interaction callback type: a form (modal) to fill in.
const MODAL: u64 = 9;

/// The audit entries of `command`: (actor's Discord id, arguments, outcome), oldest first.
async fn audited(app: &App, command: &str) -> Vec<(Option<i64>, String, String)> {
    sqlx::query_as(
        "SELECT actor_discord_id, arguments, outcome FROM audit_log WHERE command = ? ORDER BY id",
    )
    .bind(command)
    .fetch_all(app.pool())
    .await
    .expect("audit log")
}

/// Checks (Terms §II Act 10.4): a monitored member's game is posted to #discussion with its
/// "Approve" button as an action row (type 1) holding a success-style button (type 2, style 3)
/// whose custom_id names `/game approve game:1`. Pressing it runs that command as the presser,
/// through the same checks and audit as the slash command: alice (a player, no office) is
/// refused privately; the Chief Justice approves it, visibly, and the game counts; a second
/// press is refused privately ("not waiting for approval") and counts nothing twice: alice's
/// score moves once, and the audit log holds one approval done by the Chief Justice and two
/// refusals. The press carries everything in its custom_id, so nothing held in memory is needed.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_post_with_buttons_is_sent_with_them_and_a_press_runs_its_command_once() {
    let bot = Bot::start().await;
    let cj = User::new(CJ_ID, "cj");
    let alice = User::new(701, "alice");
    let bob = User::new(702, "bob");
    bot.run(SlashCommand::new(&alice, "join")).await;
    bot.run(SlashCommand::new(&bob, "join")).await;
    let monitored = bot
        .run(
            SlashCommand::new(&cj, "mod monitor")
                .user("member", &alice)
                .arg(
                    "reason",
                    Arg::Text("three unlikely wins against stronger players".into()),
                ),
        )
        .await;
    assert!(
        public_reply(&monitored).starts_with("Case #1: alice monitored"),
        "{monitored}"
    );
    let registered = bot
        .run(
            SlashCommand::new(&alice, "game register")
                .user("white", &alice)
                .user("black", &bob)
                .choice("result", "white")
                .arg("online", Arg::Bool(true)),
        )
        .await;
    assert!(
        public_reply(&registered).contains("waits for a Moderator's approval"),
        "{registered}"
    );
    let post = bot
        .wait_for_post(
            "Game #1 (alice (white) beat bob) waits for a Moderator's approval: a player is \
             monitored (Terms §II Act 10.4). A Moderator who did not play may approve it.",
        )
        .await;
    assert_no_pings(&post.body);
    let approve = "b/game approve?game=1";
    assert_eq!(
        post.body["components"],
        serde_json::json!([{"type": 1, "components": [
            {"type": 2, "style": 3, "label": "Approve", "custom_id": approve, "disabled": false}
        ]}]),
        "{}",
        post.body
    );

    let press = async |who: &User| {
        let id = bot.fake.press(who, &post, approve);
        bot.fake.wait_for_callback(id).await
    };
    let by_a_player = press(&alice).await;
    assert_eq!(
        ephemeral_reply(&by_a_player),
        "Only a Moderator, a Justice or the Chief Justice may do this (Terms §III Act 2, 3.4)."
    );
    let approved = press(&cj).await;
    assert_eq!(
        public_reply(&approved),
        "Game #1 is approved as valid by cj (Terms §II Act 10.4). Scores: alice 100 → 108, bob 100 → 100."
    );
    assert_no_pings(&approved["data"]);
    let again = press(&cj).await;
    assert_eq!(
        ephemeral_reply(&again),
        "Game #1 is not waiting for approval."
    );

    let score: i64 = sqlx::query_scalar(
        "SELECT s.score FROM standings s JOIN people p ON p.id = s.person_id WHERE p.name = 'alice'",
    )
    .fetch_one(bot.app.pool())
    .await
    .unwrap_or_else(|e| panic!("alice's score: {e}"));
    assert_eq!(score, 108, "the game counted once");
    let audit = audited(&bot.app, "game approve").await;
    let outcomes: Vec<(Option<i64>, &str)> = audit
        .iter()
        .map(|(who, _, outcome)| (*who, outcome.as_str()))
        .collect();
    assert_eq!(
        outcomes,
        [
            (Some(701), "refused"),
            (Some(CJ_ID as i64), "done"),
            (Some(CJ_ID as i64), "refused")
        ]
    );
    assert_eq!(audit[1].1, r#"{"game":1}"#);
    bot.assert_no_refused_requests();
}

/// Checks (Terms §III Act 2.4): `/mod declare` without its reasoning (declared `in_modal`, so
/// optional on Discord) is answered with a form (callback type 9) whose custom_id carries the
/// case given and whose one paragraph input (style 2) asks for the reasoning with the option's
/// limit of 500; submitting the form runs `/mod declare case:1 reasoning:...` as the member who
/// submitted it: the declaration is posted with the typed text (line break kept) and audited
/// with both options. A form typed past the limit is refused privately; a member who cannot
/// declare the case is refused before any form opens.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_command_missing_its_long_text_asks_for_it_in_a_form_and_runs_on_submission() {
    let bot = Bot::start().await;
    let cj = User::new(CJ_ID, "cj");
    let alice = User::new(711, "alice");
    bot.run(SlashCommand::new(&alice, "join")).await;
    let recorded = bot
        .run(
            SlashCommand::new(&cj, "mod monitor")
                .user("member", &alice)
                .arg(
                    "reason",
                    Arg::Text("three unlikely wins against stronger players".into()),
                )
                .arg("later", Arg::Bool(true)),
        )
        .await;
    assert!(
        public_reply(&recorded).starts_with("Case #1 recorded"),
        "{recorded}"
    );

    // Someone who cannot declare the case is refused before the form opens.
    let not_theirs = bot
        .run(SlashCommand::new(&alice, "mod declare").arg("case", Arg::Integer(1)))
        .await;
    assert_eq!(
        ephemeral_reply(&not_theirs),
        "Only the person who took case #1 may declare it."
    );
    let asked = bot
        .run(SlashCommand::new(&cj, "mod declare").arg("case", Arg::Integer(1)))
        .await;
    assert_eq!(asked["type"].as_u64(), Some(MODAL), "not a form: {asked}");
    let form = &asked["data"];
    assert_eq!(form["custom_id"], "f/mod declare?case=1", "{asked}");
    assert_eq!(form["title"], "/mod declare", "{asked}");
    let input = &form["components"][0]["components"][0];
    assert_eq!(input["type"], 4, "{asked}");
    assert_eq!(input["custom_id"], "reasoning", "{asked}");
    assert_eq!(input["style"], 2, "a paragraph input: {asked}");
    assert_eq!(input["max_length"], 500, "{asked}");
    assert_eq!(input["required"], true, "{asked}");

    let too_long = "x".repeat(501);
    let id = bot
        .fake
        .submit_form(&cj, "f/mod declare?case=1", &[("reasoning", &too_long)]);
    let refused = bot.fake.wait_for_callback(id).await;
    assert_eq!(
        ephemeral_reply(&refused),
        "The option `reasoning` is 501 characters long; at most 500 are allowed."
    );

    let reasoning = "three unlikely wins\nagainst stronger players";
    let id = bot
        .fake
        .submit_form(&cj, "f/mod declare?case=1", &[("reasoning", reasoning)]);
    let declared = bot.fake.wait_for_callback(id).await;
    assert_eq!(
        public_reply(&declared),
        "Case #1 is declared in #discussion (Terms §III Act 2.4)."
    );
    bot.fake
        .wait_for(
            Method::POST,
            &format!("/channels/{CHANNEL_ID}/messages"),
            "the declaration with the typed reasoning",
            |r| {
                r.body["content"].as_str().is_some_and(|c| {
                    c.starts_with("Declaration, case #1 ") && c.ends_with(reasoning)
                })
            },
        )
        .await;
    let audit = audited(&bot.app, "mod declare").await;
    let done: Vec<_> = audit.iter().filter(|a| a.2 == "done").collect();
    assert_eq!(done.len(), 1, "{audit:?}");
    assert_eq!(done[0].0, Some(CJ_ID as i64));
    let args: Value = serde_json::from_str(&done[0].1).expect("json");
    assert_eq!(args, serde_json::json!({"case": 1, "reasoning": reasoning}));
    bot.assert_no_refused_requests();
}

/// Checks: `store::outbox::enqueue_edit` of a post already delivered becomes one
/// `PATCH /channels/3000/messages/{id}` of the message Discord gave the post, with the new text
/// and no pings, after the post itself and in order with the channel's other posts (a post
/// queued before the edit goes first); the edit's row is marked sent with that message's id.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_queued_edit_patches_the_posted_message_in_order() {
    let bot = Bot::start().await;
    let now = bot.app.now();
    let mut conn = bot.app.pool().acquire().await.expect("connection");
    let yes = gavel::commands::button::Button::new("Yes", "join");
    let tally = gavel::store::outbox::enqueue_with_buttons(
        &mut conn,
        gavel::store::outbox::DISCUSSION,
        "Tally: 0 yes",
        &[yes],
        now,
    )
    .await
    .expect("enqueue");
    drop(conn);
    bot.app.outbox_waker().notify_one();
    let post = bot.wait_for_post("Tally: 0 yes").await;
    let message = post.answer.as_ref().expect("a Message")["id"]
        .as_str()
        .expect("id")
        .to_owned();
    bot.wait_until_marked_sent("Tally: 0 yes").await;

    let mut conn = bot.app.pool().acquire().await.expect("connection");
    gavel::store::outbox::enqueue(&mut conn, "discussion", "Between", now)
        .await
        .expect("enqueue");
    let edit = gavel::store::outbox::enqueue_edit(&mut conn, tally, "Tally: 1 yes", now)
        .await
        .expect("edit");
    drop(conn);
    bot.app.outbox_waker().notify_one();
    let path = format!("/channels/{CHANNEL_ID}/messages/{message}");
    let patched = bot.fake.wait_for_requests(Method::PATCH, &path, 1).await;
    assert_eq!(patched.len(), 1);
    assert_eq!(patched[0].body["content"], "Tally: 1 yes");
    assert_no_pings(&patched[0].body);
    let between = bot.wait_for_post("Between").await;
    assert!(
        between.at <= patched[0].at,
        "the edit overtook an earlier post"
    );
    let mut marked = None;
    for _ in 0..100 {
        marked = sqlx::query_scalar::<_, Option<i64>>("SELECT message_id FROM outbox WHERE id = ?")
            .bind(edit)
            .fetch_one(bot.app.pool())
            .await
            .expect("outbox");
        if marked.is_some() {
            break;
        }
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
    assert_eq!(marked.map(|m| m.to_string()), Some(message.clone()));
    bot.assert_no_refused_requests();

    // A message someone deleted cannot be edited: Discord answers 404 Unknown Message, the
    // edit is dropped, and the channel's later posts are not held back behind it.
    bot.fake.delete_message(&message);
    let mut conn = bot.app.pool().acquire().await.expect("connection");
    gavel::store::outbox::enqueue_edit(&mut conn, tally, "Tally: 2 yes", now)
        .await
        .expect("edit");
    gavel::store::outbox::enqueue(&mut conn, "discussion", "After", now)
        .await
        .expect("enqueue");
    drop(conn);
    bot.app.outbox_waker().notify_one();
    bot.wait_for_post("After").await;
    let gone = bot.fake.requests_to(&Method::PATCH, &path);
    assert_eq!(gone.len(), 2);
    assert_eq!(gone[1].status, 404);
}

/// Checks: a press whose work outlasts `discord.defer_after_ms` (0 here) is deferred (callback
/// type 5) and answered by editing the deferred reply; a refusal after a deferral does not stay
/// in the public "thinking..." message: that is deleted and the refusal follows privately
/// (flags 64), so a refused press is never shown to the channel.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_slow_press_defers_and_its_refusal_stays_private() {
    let bot = Bot::start_configured(FakeDiscord::start().await, |config| {
        config.discord.defer_after_ms = Some(0);
    })
    .await;
    let mut conn = bot.app.pool().acquire().await.expect("connection");
    let buttons = [
        gavel::commands::button::Button::new("Join", "join"),
        gavel::app::leaderboard::games::approval::approve_button(1),
    ];
    gavel::store::outbox::enqueue_with_buttons(
        &mut conn,
        gavel::store::outbox::DISCUSSION,
        "Welcome, visitors",
        &buttons,
        bot.app.now(),
    )
    .await
    .expect("enqueue");
    drop(conn);
    bot.app.outbox_waker().notify_one();
    let post = bot.wait_for_post("Welcome, visitors").await;
    let erin = User::new(631, "erin");

    let joined = bot.fake.press(&erin, &post, "b/join");
    assert_eq!(bot.fake.wait_for_callback(joined).await["type"], 5);
    let edited = bot
        .fake
        .wait_for(
            Method::PATCH,
            &format!("/webhooks/{APPLICATION_ID}/token-{joined}/messages/@original"),
            "the deferred reply edited",
            |_| true,
        )
        .await;
    assert_eq!(
        edited.body["content"],
        "Welcome to the Leaderboard, erin: your score is 100 (Terms §II Act 1)."
    );

    let refused = bot.fake.press(&erin, &post, "b/game approve?game=1");
    assert_eq!(bot.fake.wait_for_callback(refused).await["type"], 5);
    let token = format!("token-{refused}");
    let private = bot
        .fake
        .wait_for(
            Method::POST,
            &format!("/webhooks/{APPLICATION_ID}/{token}"),
            "the private refusal",
            |_| true,
        )
        .await;
    assert_eq!(
        private.body["content"],
        "Only a Moderator, a Justice or the Chief Justice may do this (Terms §III Act 2, 3.4)."
    );
    assert_eq!(
        private.body["flags"].as_u64().unwrap_or(0) & EPHEMERAL,
        EPHEMERAL
    );
    let deleted = bot.fake.requests_to(
        &Method::DELETE,
        &format!("/webhooks/{APPLICATION_ID}/{token}/messages/@original"),
    );
    assert_eq!(deleted.len(), 1, "{}", bot.fake.describe_requests());
    assert!(deleted[0].at <= private.at);
    bot.assert_no_refused_requests();
}

/// Checks (Nomic 214): a Point of Order raised on Discord is posted in the voting channel naming
/// its Judge with a mention that pings that one user (allowed_mentions lists only them); the
/// Judge's `/order judgement` without its text is answered with a form (anyone else's is refused
/// at once, with no form), and the submitted Judgement is posted with Dispute, Agree and
/// Disagree buttons; cat presses Dispute, ben presses Agree and the Judgement is invoked; ben's
/// second press is refused privately and the Point stays invoked once.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_point_of_order_is_judged_through_the_form_and_agreed_with_a_button() {
    // Tuesday 24 November 2026, 10:00 in London: Monday's player is the Judge.
    let at = chrono::DateTime::parse_from_rfc3339("2026-11-24T10:00:00Z")
        .expect("time")
        .to_utc();
    let bot = Bot::start_clocked(
        FakeDiscord::start().await,
        Arc::new(gavel::clock::FakeClock::new(at)),
        |config| config.rules.voting_channel_id = Some(CHANNEL_ID),
    )
    .await;
    let cj = User::new(CJ_ID, "cj");
    let ann = User::new(801, "ann");
    let ben = User::new(802, "ben");
    let cat = User::new(803, "cat");
    for (who, day) in [(&ann, "monday"), (&ben, "tuesday"), (&cat, "wednesday")] {
        let set = bot
            .run(
                SlashCommand::new(&cj, "turns set")
                    .user("member", who)
                    .choice("day", day),
            )
            .await;
        assert!(public_reply(&set).contains("allocated day"), "{set}");
    }

    let raised = bot
        .run(
            SlashCommand::new(&ben, "order raise")
                .arg("text", Arg::Text("Was cat's Sunday vote void?".into())),
        )
        .await;
    assert!(
        public_reply(&raised).starts_with("Point of Order #1 is raised; ann is its Judge"),
        "{raised}"
    );
    let post = bot
        .fake
        .wait_for(
            Method::POST,
            &format!("/channels/{CHANNEL_ID}/messages"),
            "the Point's post naming its Judge",
            |r| {
                r.body["content"]
                    .as_str()
                    .is_some_and(|c| c.starts_with("Point of Order #1, raised by ben"))
            },
        )
        .await;
    let content = post.body["content"].as_str().expect("content");
    assert!(content.contains("Judge: <@801>"), "{content}");
    assert_eq!(
        post.body["allowed_mentions"]["users"],
        serde_json::json!(["801"]),
        "only the Judge is pinged: {}",
        post.body
    );

    // Only the Judge is asked for the text: anyone else is refused before typing it.
    let not_the_judge = bot
        .run(SlashCommand::new(&cat, "order judgement").arg("point", Arg::Integer(1)))
        .await;
    assert_eq!(
        ephemeral_reply(&not_the_judge),
        "Only the Judge of this Point of Order may pronounce on it (Nomic 214)."
    );
    let asked = bot
        .run(SlashCommand::new(&ann, "order judgement").arg("point", Arg::Integer(1)))
        .await;
    assert_eq!(asked["type"].as_u64(), Some(MODAL), "not a form: {asked}");
    assert_eq!(asked["data"]["custom_id"], "f/order judgement?point=1");
    let id = bot.fake.submit_form(
        &ann,
        "f/order judgement?point=1",
        &[("text", "Yes: a vote on a Sunday is void (Nomic 201).")],
    );
    let judged = bot.fake.wait_for_callback(id).await;
    assert!(
        public_reply(&judged).starts_with("Judgement on Point of Order #1 by ann"),
        "{judged}"
    );
    let judgement = bot
        .fake
        .wait_for(
            Method::POST,
            &format!("/channels/{CHANNEL_ID}/messages"),
            "the Judgement with its buttons",
            |r| {
                r.status == 200
                    && r.body["content"]
                        .as_str()
                        .is_some_and(|c| c.starts_with("Judgement on Point of Order #1"))
            },
        )
        .await;
    assert_no_pings(&judgement.body);
    let labels: Vec<&str> = judgement.body["components"][0]["components"]
        .as_array()
        .expect("a row of buttons")
        .iter()
        .map(|b| b["label"].as_str().expect("label"))
        .collect();
    assert_eq!(labels, ["Dispute", "Agree", "Disagree"]);

    let press = async |who: &User, custom_id: &str| {
        let id = bot.fake.press(who, &judgement, custom_id);
        bot.fake.wait_for_callback(id).await
    };
    let disputed = press(&cat, "b/order dispute?point=1").await;
    assert!(
        public_reply(&disputed).starts_with("cat disputes the Judgement"),
        "{disputed}"
    );
    let agreed = press(&ben, "b/order agree?point=1").await;
    assert!(
        public_reply(&agreed)
            .starts_with("ben agrees with the Judgement on Point of Order #1: it is invoked"),
        "{agreed}"
    );
    let again = press(&ben, "b/order agree?point=1").await;
    assert_eq!(
        ephemeral_reply(&again),
        "The dispute over this Judgement is already settled: an agreement invoked it, or every \
         opinion disagreed and its Judge was overruled (Nomic 214)."
    );
    let status: String = sqlx::query_scalar("SELECT status FROM points_of_order WHERE id = 1")
        .fetch_one(bot.app.pool())
        .await
        .expect("the Point");
    assert_eq!(status, "invoked");
    bot.assert_no_refused_requests();
}

/// Checks (Terms §III Acts 3.3, 3.6, 3.10): a filed appeal is posted with a Grant button; a
/// member without office pressing it is refused privately; j1's press records the first grant,
/// j1's second press is refused privately, j2's press grants the hearing (two Justices). The
/// panel's post carries Uphold, Overturn and Remand; a press by a Justice on the bench opens a
/// form for the reasons (custom_id carrying the appeal and the decision), and the submitted form
/// casts the vote; the same Justice's second press is refused at once, privately, without a
/// form, and so is the Chief Justice's, who does not sit on this panel. The second concurring vote decides;
/// the post making the opinion due has Write the opinion, refused at once to the Chief Justice
/// (not in the majority), which opens for j1 a form whose text is published whole. Each Justice's vote is counted once.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_appeal_is_granted_and_voted_on_with_buttons_and_forms() {
    let bot = Bot::start().await;
    let cj = User::new(CJ_ID, "cj");
    let bob = User::new(821, "bob");
    let alice = User::new(822, "alice");
    let j1 = User::new(831, "j1");
    let j2 = User::new(832, "j2");
    let j3 = User::new(833, "j3");
    for justice in [&j1, &j2, &j3] {
        let appointed = bot
            .run(
                SlashCommand::new(&cj, "office appoint")
                    .user("member", justice)
                    .choice("office", "justice"),
            )
            .await;
        assert!(
            public_reply(&appointed).ends_with("is now a Justice."),
            "{appointed}"
        );
    }
    for member in [&bob, &alice] {
        bot.run(SlashCommand::new(member, "join")).await;
    }
    let filed = bot
        .run(
            SlashCommand::new(&bob, "court appeal")
                .arg("matter", Arg::Text("the standings omit my game".into()))
                .arg("grounds", Arg::Text("the game was played".into())),
        )
        .await;
    assert!(
        public_reply(&filed).starts_with("Appeal #1 filed by bob"),
        "{filed}"
    );
    let filing = bot
        .fake
        .wait_for(
            Method::POST,
            &format!("/channels/{CHANNEL_ID}/messages"),
            "the filed appeal with its Grant button",
            |r| {
                r.status == 200
                    && r.body["content"]
                        .as_str()
                        .is_some_and(|c| c.starts_with("Appeal #1 filed by bob"))
            },
        )
        .await;
    assert_no_pings(&filing.body);
    let grant = "b/court grant?appeal=1";
    assert_eq!(
        filing.body["components"][0]["components"][0]["custom_id"], grant,
        "{}",
        filing.body
    );
    let press = async |who: &User, post: &Recorded, custom_id: &str| {
        let id = bot.fake.press(who, post, custom_id);
        bot.fake.wait_for_callback(id).await
    };
    let by_a_member = press(&alice, &filing, grant).await;
    assert_eq!(
        ephemeral_reply(&by_a_member),
        "Only a Justice or the Chief Justice may grant a hearing (Terms §III Act 3.6)."
    );
    let first = press(&j1, &filing, grant).await;
    assert!(
        public_reply(&first).starts_with("Appeal #1: j1 grants a hearing"),
        "{first}"
    );
    let again = press(&j1, &filing, grant).await;
    assert!(
        ephemeral_reply(&again).starts_with("Your grant is already recorded"),
        "{again}"
    );
    let granted = press(&j2, &filing, grant).await;
    assert_eq!(
        public_reply(&granted),
        "Appeal #1: a hearing is granted by two Justices, j1, j2 (Terms §III Act 3.6)."
    );

    let seated = bot
        .run(
            SlashCommand::new(&cj, "court panel")
                .arg("appeal", Arg::Integer(1))
                .user("first", &j1)
                .user("second", &j2)
                .user("third", &j3),
        )
        .await;
    assert!(
        public_reply(&seated).starts_with("Appeal #1 is heard by a panel of j1, j2, j3"),
        "{seated}"
    );
    let bench = bot
        .fake
        .wait_for(
            Method::POST,
            &format!("/channels/{CHANNEL_ID}/messages"),
            "the panel's post with its vote buttons",
            |r| {
                r.status == 200
                    && r.body["content"]
                        .as_str()
                        .is_some_and(|c| c.starts_with("Appeal #1 is heard by a panel"))
            },
        )
        .await;
    let labels: Vec<&str> = bench.body["components"][0]["components"]
        .as_array()
        .expect("a row of buttons")
        .iter()
        .map(|b| b["label"].as_str().expect("label"))
        .collect();
    assert_eq!(labels, ["Uphold", "Overturn", "Remand"]);
    let uphold = "b/court vote?appeal=1&decision=uphold";
    assert_eq!(
        bench.body["components"][0]["components"][0]["custom_id"],
        uphold
    );

    let vote = async |who: &User, reasons: &str| {
        let asked = press(who, &bench, uphold).await;
        assert_eq!(asked["type"].as_u64(), Some(MODAL), "not a form: {asked}");
        let form = asked["data"]["custom_id"]
            .as_str()
            .expect("custom_id")
            .to_owned();
        assert_eq!(form, "f/court vote?appeal=1&decision=uphold");
        let id = bot.fake.submit_form(who, &form, &[("reasons", reasons)]);
        bot.fake.wait_for_callback(id).await
    };
    let voted = vote(&j1, "the standings are right").await;
    assert_eq!(
        public_reply(&voted),
        "Appeal #1: j1 votes to uphold. Reasons: the standings are right"
    );
    let twice = press(&j1, &bench, uphold).await;
    assert_eq!(
        ephemeral_reply(&twice),
        "Each Justice votes once; your vote is already recorded (Terms §III Act 3.3)."
    );
    let off_the_bench = press(&cj, &bench, uphold).await;
    assert_eq!(
        ephemeral_reply(&off_the_bench),
        "Only the Justices sitting on this appeal vote on it (Terms §III Act 3.3, 3.7)."
    );
    let decided = vote(&j2, "the game was never registered").await;
    assert!(
        public_reply(&decided).contains("is upheld by j1, j2"),
        "{decided}"
    );
    let ballots: i64 = sqlx::query_scalar(
        "SELECT COUNT(*) FROM audit_log WHERE command = 'court vote' AND outcome = 'done'",
    )
    .fetch_one(bot.app.pool())
    .await
    .expect("audit");
    assert_eq!(ballots, 2, "each Justice's vote counted once");

    let due = bot
        .fake
        .wait_for(
            Method::POST,
            &format!("/channels/{CHANNEL_ID}/messages"),
            "the opinion made due, with its button",
            |r| {
                r.status == 200
                    && r.body["content"]
                        .as_str()
                        .is_some_and(|c| c.contains("majority opinion is due"))
            },
        )
        .await;
    let write = "b/court opinion?appeal=1";
    assert_eq!(
        due.body["components"][0]["components"][0]["custom_id"],
        write
    );
    let outside_the_majority = press(&cj, &due, write).await;
    assert_eq!(
        ephemeral_reply(&outside_the_majority),
        "The Court's opinion is the majority's: its author must be a Justice in the majority \
         (Terms §III Act 3.10)."
    );
    let asked = press(&j1, &due, write).await;
    assert_eq!(asked["type"].as_u64(), Some(MODAL), "not a form: {asked}");
    let opinion = "The standings follow the games registered.\n\nNo game was registered.";
    let id = bot
        .fake
        .submit_form(&j1, "f/court opinion?appeal=1", &[("text", opinion)]);
    let published = bot.fake.wait_for_callback(id).await;
    assert_eq!(
        public_reply(&published),
        "Appeal #1: the opinion is published in #discussion."
    );
    bot.fake
        .wait_for(
            Method::POST,
            &format!("/channels/{CHANNEL_ID}/messages"),
            "the opinion, whole",
            |r| {
                r.body["content"]
                    .as_str()
                    .is_some_and(|c| c.contains(opinion))
            },
        )
        .await;
    bot.assert_no_refused_requests();
}

/// The votes recorded on proposal `number`: (voter's name, ballot), in the order cast.
async fn votes_on(app: &App, number: i64) -> Vec<(String, String)> {
    sqlx::query_as(
        "SELECT p.name, v.choice FROM votes v JOIN people p ON p.id = v.voter_id
         WHERE v.proposal = ? ORDER BY v.cast_at, p.name",
    )
    .bind(number)
    .fetch_all(app.pool())
    .await
    .expect("votes")
}

/// Checks (Nomic 105, 113, 208): a Nomic proposal made on its proposer's day is posted in the
/// voting channel with its closing time as a Discord timestamp, the tally so far, and a green
/// Yes and a red No button running `/vote`. ben's Yes press records his vote (visibly) and the
/// post is PATCHed with the new tally; his second press, Yes or No, is refused privately and
/// records nothing: one vote each, never changed. After a restart on the same database (a new
/// bot, nothing kept in memory) cat's No press on the same message still works and PATCHes the
/// same message; the refused presses made no edit in between.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_proposal_is_voted_on_with_its_buttons_once_each_and_its_post_shows_the_tally() {
    // Monday 23 November 2026, 10:00 in London: ann's day, before the 19:00 cut-off.
    let at = chrono::DateTime::parse_from_rfc3339("2026-11-23T10:00:00Z")
        .expect("time")
        .to_utc();
    let clock: Arc<dyn gavel::clock::Clock> = Arc::new(gavel::clock::FakeClock::new(at));
    let dir = tempfile::tempdir().expect("tempdir");
    let database = dir.path().join("gavel.db").to_string_lossy().into_owned();
    let configure = |database: String| {
        move |config: &mut gavel::config::Config| {
            config.database.path = database;
            config.rules.voting_channel_id = Some(CHANNEL_ID);
        }
    };
    let mut bot = Bot::start_clocked(
        FakeDiscord::start().await,
        clock.clone(),
        configure(database.clone()),
    )
    .await;
    let cj = User::new(CJ_ID, "cj");
    let ann = User::new(851, "ann");
    let ben = User::new(852, "ben");
    let cat = User::new(853, "cat");
    let nomic = bot
        .run(
            SlashCommand::new(&cj, "procedure set")
                .choice("name", "procedure")
                .arg("value", Arg::Text("nomic".into())),
        )
        .await;
    assert!(public_reply(&nomic).ends_with("to nomic."), "{nomic}");
    for (who, day) in [(&ann, "monday"), (&ben, "tuesday"), (&cat, "wednesday")] {
        let set = bot
            .run(
                SlashCommand::new(&cj, "turns set")
                    .user("member", who)
                    .choice("day", day),
            )
            .await;
        assert!(public_reply(&set).contains("allocated day"), "{set}");
    }
    let proposed = bot
        .run(
            SlashCommand::new(&ann, "propose")
                .choice("kind", "enact")
                .arg("text", Arg::Text("A player may pass their turn.".into())),
        )
        .await;
    assert!(
        public_reply(&proposed).starts_with("Proposal 301 is submitted"),
        "{proposed}"
    );
    // The close, the end of Monday in London (Nomic 113), as a timestamp.
    let close = "<t:1795478400:F> (<t:1795478400:R>)";
    let heading = "Proposal 301 by ann, to enact a new rule: “A player may pass their turn.”";
    let post = bot
        .wait_for_post(&format!(
            "{heading}\nVoting closes {close} (Nomic 113). Yes 0, No 0: 0 of 3 players have voted."
        ))
        .await;
    assert_no_pings(&post.body);
    let (yes, no) = (
        "b/vote?proposal=301&choice=yes",
        "b/vote?proposal=301&choice=no",
    );
    assert_eq!(
        post.body["components"],
        serde_json::json!([{"type": 1, "components": [
            {"type": 2, "style": 3, "label": "Yes", "custom_id": yes, "disabled": false},
            {"type": 2, "style": 4, "label": "No", "custom_id": no, "disabled": false}
        ]}]),
        "{}",
        post.body
    );
    let message = post.answer.as_ref().expect("a Message")["id"]
        .as_str()
        .expect("id")
        .to_owned();
    let edits = format!("/channels/{CHANNEL_ID}/messages/{message}");

    let voted = bot.fake.press(&ben, &post, yes);
    let voted = bot.fake.wait_for_callback(voted).await;
    assert_eq!(
        public_reply(&voted),
        "Your Yes on Proposal 301 is recorded; a vote can be neither withdrawn nor changed \
         (Nomic 113). So far: Yes 1, No 0."
    );
    let patched = bot.fake.wait_for_requests(Method::PATCH, &edits, 1).await;
    assert_eq!(
        patched[0].body["content"],
        format!(
            "{heading}\nVoting closes {close} (Nomic 113). Yes 1, No 0: 1 of 3 players has voted."
        )
    );
    assert_no_pings(&patched[0].body);
    for again in [yes, no] {
        let id = bot.fake.press(&ben, &post, again);
        let refused = bot.fake.wait_for_callback(id).await;
        assert_eq!(
            ephemeral_reply(&refused),
            "You have already voted Yes on this proposal; a vote may not be withdrawn or \
             changed, and each player has exactly one (Nomic 113, 208)."
        );
    }
    assert_eq!(
        votes_on(&bot.app, 301).await,
        [("ben".to_owned(), "yes".to_owned())]
    );
    bot.assert_no_refused_requests();

    // A restart: the bot stops, and a new one opens the same database.
    bot.shut_down();
    tokio::time::timeout(TIMEOUT, &mut bot.client)
        .await
        .expect("the bot stops")
        .expect("no panic")
        .expect("run_until returns Ok");
    assert_eq!(
        bot.fake.requests_to(&Method::PATCH, &edits).len(),
        1,
        "a refused press edited the post"
    );
    drop(bot);
    let bot = Bot::start_clocked(FakeDiscord::start().await, clock, configure(database)).await;
    let voted = bot.fake.press(&cat, &post, no);
    let voted = bot.fake.wait_for_callback(voted).await;
    assert!(
        public_reply(&voted).starts_with("Your No on Proposal 301 is recorded"),
        "{voted}"
    );
    let patched = bot.fake.wait_for_requests(Method::PATCH, &edits, 1).await;
    assert_eq!(
        patched[0].body["content"],
        format!(
            "{heading}\nVoting closes {close} (Nomic 113). Yes 1, No 1: 2 of 3 players have voted."
        )
    );
    assert_eq!(
        votes_on(&bot.app, 301).await,
        [
            ("ben".to_owned(), "yes".to_owned()),
            ("cat".to_owned(), "no".to_owned())
        ]
    );
    bot.assert_no_refused_requests();
}
