//! The outbox poster: sends each channel's due entries in order, records the message id, and
//! retries as Discord advises: after a 429's `retry_after`, with a doubling backoff after a
//! server error (counting server errors only: a 429 never lengthens it), and loudly (an error
//! in the log and in `gavel status`) when Discord refuses the post for good (a missing
//! permission, an unknown channel).

use chrono::{DateTime, Utc};
use poise::serenity_prelude as serenity;
use serenity::http::{LightMethod, Route};

use super::reply::{no_pings, split};
use super::rest::{Failure, Rest};
use crate::app::App;
use crate::commands::button::{Button, ButtonStyle};
use crate::config::Config;
use crate::store;

/// Discord's error code for a message that does not exist (deleted).
const UNKNOWN_MESSAGE: i64 = 10008;
/// Discord's error code for a direct message the user does not accept.
const CANNOT_MESSAGE_USER: i64 = 50007;
/// How many entries of a channel are read at a time.
const BATCH: i64 = 20;

/// The one place an outbox channel's name becomes the configured Discord channel id. A name
/// with no channel configured keeps its entries until one is.
pub fn channel_id(config: &Config, name: &str) -> Option<u64> {
    config.channel_id(name)
}

/// What one pass of the poster did.
#[derive(Debug, Default, Clone, Copy)]
pub struct Pass {
    pub delivered: usize,
    /// When the earliest post held back (waiting to retry) is due.
    pub next_retry: Option<DateTime<Utc>>,
}

/// Sends posts to Discord (through `Rest`, which reads every failure in full).
pub struct Poster {
    pub(super) app: App,
    pub(super) rest: Rest,
    /// The direct-message channel opened for each person, kept while gavel runs (Discord gives
    /// the same channel every time, so opening it once per run is enough).
    pub(super) dm_channels: tokio::sync::Mutex<std::collections::HashMap<i64, u64>>,
}

impl Poster {
    pub fn new(app: App, http: std::sync::Arc<serenity::Http>) -> Self {
        Self {
            app,
            rest: Rest::new(http),
            dm_channels: Default::default(),
        }
    }

    /// Sends one request and reads the id of the message Discord answers with.
    async fn send(
        &self,
        route: Route<'_>,
        method: LightMethod,
        body: &impl serde::Serialize,
    ) -> Result<serenity::MessageId, Failure> {
        let answer = self.rest.call(route, method, Some(body)).await?;
        answer["id"]
            .as_str()
            .and_then(|id| id.parse::<u64>().ok())
            .filter(|&id| id != 0)
            .map(serenity::MessageId::new)
            .ok_or_else(|| Failure::Unavailable("an answer without a message id".into()))
    }

    /// Sends every due entry, channel by channel, each channel strictly in order; a post that
    /// fails holds back its channel until its retry is due. `stop` is checked between posts, so
    /// a post being sent is always finished.
    pub async fn deliver_due(&self, stop: impl Fn() -> bool) -> anyhow::Result<Pass> {
        let app = &self.app;
        // Connections are taken per query, never held across the HTTP call: with an in-memory
        // database the pool has one connection, and commands must not wait on Discord.
        let channels = store::outbox::pending_channels(&mut *app.pool().acquire().await?).await?;
        let mut pass = Pass::default();
        for name in channels {
            let channel = match store::notify::person_of(&name) {
                Some(person) => self.dm_channel(&name, person).await?,
                None => channel_id(app.config(), &name),
            };
            let Some(channel) = channel else {
                continue;
            };
            let held = self
                .deliver_channel(&name, channel, &mut pass, &stop)
                .await?;
            if let Some(at) = held {
                pass.next_retry = Some(pass.next_retry.map_or(at, |t| t.min(at)));
            }
        }
        Ok(pass)
    }

    /// Sends one channel's due entries in order; returns when its held-back head is due.
    async fn deliver_channel(
        &self,
        name: &str,
        channel: u64,
        pass: &mut Pass,
        stop: &impl Fn() -> bool,
    ) -> anyhow::Result<Option<DateTime<Utc>>> {
        let app = &self.app;
        loop {
            // To the millisecond: a 429's `retry_after` is often under a second.
            let now = app.now_exact();
            let due =
                store::outbox::due(&mut *app.pool().acquire().await?, name, now, BATCH).await?;
            let full = due.len() as i64 == BATCH;
            for entry in due {
                if stop() {
                    return Ok(None);
                }
                let sent = match entry.edits {
                    Some(target) => self.edit(channel, target, &entry.content).await,
                    None => {
                        let buttons =
                            store::outbox::buttons(&mut *app.pool().acquire().await?, entry.id)
                                .await?;
                        self.post(channel, &entry, &buttons).await.map(Some)
                    }
                };
                match sent {
                    Ok(first) => {
                        let id = first.map(|m| store::snowflake_to_db(m.get()));
                        app.delivered(entry.id, id).await?;
                        pass.delivered += 1;
                    }
                    Err(failure)
                        if failure.has_code(CANNOT_MESSAGE_USER)
                            && store::notify::person_of(name).is_some() =>
                    {
                        self.refused_direct(name, entry.id, &failure).await?;
                        // This and the channel's later messages are given up: read it again.
                        break;
                    }
                    Err(failure) => {
                        let wait = failure.wait(entry.server_errors);
                        let retry_at = app.now_exact() + wait;
                        let error = failure.to_string();
                        if failure.is_permanent() {
                            tracing::error!(
                                entry = entry.id, channel = name, error = %error, retry_in = %wait,
                                "Discord refuses this post; it and the later posts of its channel wait until it is fixed"
                            );
                        } else {
                            tracing::warn!(entry = entry.id, channel = name, error = %error, retry_in = %wait, "post failed");
                        }
                        store::outbox::mark_failed(
                            &mut *app.pool().acquire().await?,
                            entry.id,
                            &error,
                            failure.is_server_error(),
                            retry_at,
                        )
                        .await?;
                        return Ok(Some(retry_at)); // the rest of the channel waits for this one
                    }
                }
            }
            if !full {
                let head = store::outbox::head(&mut *app.pool().acquire().await?, name).await?;
                return Ok(head.map(|h| h.next_attempt_at));
            }
        }
    }

    /// Posts one outbox entry, in as many messages as it needs, its buttons under the last;
    /// returns the first message's id.
    async fn post(
        &self,
        channel: u64,
        outbox: &store::outbox::OutboxEntry,
        buttons: &[Button],
    ) -> Result<serenity::MessageId, Failure> {
        let entry = outbox.id;
        let mut first = None;
        // Only the users the post names for pinging are pinged (a Point's Judge, Nomic 214).
        let pinged: Vec<serenity::UserId> = outbox
            .ping_ids()
            .into_iter()
            .map(serenity::UserId::new)
            .collect();
        // Every reader sees the times in their own time zone.
        let content = super::timestamps::for_discord(&outbox.content);
        let parts = split(&content);
        let last = parts.len() - 1;
        for (n, part) in parts.into_iter().enumerate() {
            let mut message = serenity::CreateMessage::new()
                .content(part)
                .allowed_mentions(no_pings().users(pinged.clone()))
                // Discord drops a retried post with the same nonce, so a post that went out but
                // whose answer was lost is not posted twice.
                .nonce(serenity::Nonce::String(format!("gavel-{entry}-{n}")))
                .enforce_nonce(true);
            // The card, with the whole post's words arranged, goes with the first message.
            if n == 0 {
                message = message.embed(super::embed::for_post(&outbox.channel, &content));
            }
            if n == last && !buttons.is_empty() {
                message = message.components(action_rows(buttons)?);
            }
            let route = Route::ChannelMessages {
                channel_id: serenity::ChannelId::new(channel),
            };
            let sent = self.send(route, LightMethod::Post, &message).await?;
            first.get_or_insert(sent);
        }
        Ok(first.expect("split gives at least one part"))
    }

    /// Edits the message of the entry `target` to read `content` (a running tally), its card
    /// replaced with the new words'. The edited entry was delivered before this one (the
    /// channel goes in order); one that has no message (delivered by the console) has nothing
    /// to edit. An edit replaces the first message of a post, so its text is kept to one
    /// message.
    async fn edit(
        &self,
        channel: u64,
        target: i64,
        content: &str,
    ) -> Result<Option<serenity::MessageId>, Failure> {
        let edited = store::outbox::by_id(
            &mut *self
                .app
                .pool()
                .acquire()
                .await
                .map_err(|e| Failure::Unavailable(e.to_string()))?,
            target,
        )
        .await
        .map_err(|e| Failure::Unavailable(e.to_string()))?;
        let Some(message_id) = edited.message_id else {
            return Ok(None);
        };
        let content = super::timestamps::for_discord(content);
        let text = split(&content).swap_remove(0);
        let edit = serenity::EditMessage::new()
            .content(text)
            .embed(super::embed::for_post(&edited.channel, &content))
            .allowed_mentions(no_pings());
        let route = Route::ChannelMessage {
            channel_id: serenity::ChannelId::new(channel),
            message_id: serenity::MessageId::new(store::snowflake_from_db(message_id)),
        };
        match self.send(route, LightMethod::Patch, &edit).await {
            // Someone deleted the message: there is nothing left to edit, and the channel's
            // later posts must not wait for it.
            Err(failure) if failure.has_code(UNKNOWN_MESSAGE) => {
                tracing::warn!(
                    entry = target,
                    "the edited message is gone; the edit is dropped"
                );
                Ok(None)
            }
            sent => sent.map(Some),
        }
    }
}

/// A post's buttons as Discord's action rows: five to a row (at most five rows, which
/// `enqueue_with_buttons` has already checked).
fn action_rows(buttons: &[Button]) -> Result<Vec<serenity::CreateActionRow>, Failure> {
    buttons
        .chunks(crate::platform::BUTTONS_PER_ROW)
        .map(|row| {
            row.iter()
                .map(|b| {
                    let id = b.custom_id().map_err(|e| Failure::Refused(e.to_string()))?;
                    Ok(serenity::CreateButton::new(id)
                        .label(&b.label)
                        .style(match b.style {
                            ButtonStyle::Primary => serenity::ButtonStyle::Primary,
                            ButtonStyle::Secondary => serenity::ButtonStyle::Secondary,
                            ButtonStyle::Success => serenity::ButtonStyle::Success,
                            ButtonStyle::Danger => serenity::ButtonStyle::Danger,
                        }))
                })
                .collect::<Result<Vec<_>, Failure>>()
                .map(serenity::CreateActionRow::Buttons)
        })
        .collect()
}
