//! The Discord adapter end to end: the real serenity client and poise framework, built by
//! `gavel::adapters::discord::build_client`, against the fake Discord in `fake`.
//!
//! Each test starts its own fake and bot on an in-memory database. Interactions are dispatched as
//! separate tasks by serenity, so each test waits for one callback before sending the next.
//!
//! This file holds the harness the topic files share (`Bot` and the checks on replies and
//! mentions); the tests are grouped by topic: `autocomplete`, `commands`, `posts`, `lifecycle`,
//! `buttons_and_forms`, `embeds`, `forgery`, `hostile`, `court`, `menus`, `nomic`, `origins`,
//! `pages`, `replies` and `restart`.

mod autocomplete;
mod buttons_and_forms;
mod commands;
mod court;
mod direct;
mod embeds;
mod forgery;
mod hostile;
mod lifecycle;
mod menus;
mod nomic;
mod origins;
mod pages;
mod posts;
mod replies;
mod restart;
mod roles;

use std::sync::Arc;

use axum::http::Method;
use gavel::app::App;
use serde_json::Value;
use tokio::task::JoinHandle;

use super::fake::{FakeDiscord, Recorded, SlashCommand, CHANNEL_ID, GUILD_ID, TIMEOUT};

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
        let bot = Self::launch(fake, clock, adjust).await;
        bot.fake.wait_for_registration().await;
        bot
    }

    /// Starts the bot again on a database an earlier bot used: Discord (the fake) knows the
    /// commands already, and gavel, finding them unchanged, registers nothing. Returns once
    /// the gateway is READY (poise holds interactions until its setup has finished).
    async fn restart(
        fake: FakeDiscord,
        clock: Arc<dyn gavel::clock::Clock>,
        adjust: impl FnOnce(&mut gavel::config::Config),
    ) -> Self {
        fake.already_registered(&crate::discord::registration::registration_json());
        let bot = Self::launch(fake, clock, adjust).await;
        let deadline = std::time::Instant::now() + TIMEOUT;
        while bot.fake.last_sequence() < 1 {
            assert!(
                std::time::Instant::now() < deadline,
                "the gateway never became READY"
            );
            tokio::time::sleep(std::time::Duration::from_millis(10)).await;
        }
        bot
    }

    /// Starts the bot against `fake` without waiting for anything (a restart may register
    /// nothing).
    async fn launch(
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

/// The content of a callback that is an ephemeral message reply (a refusal, or a reply for the
/// caller alone).
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

/// Interaction callback type: a form (modal) to fill in.
const MODAL: u64 = 9;
