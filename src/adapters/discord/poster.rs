//! The outbox poster: sends each channel's due entries in order, records the message id, and
//! retries as Discord advises: after a 429's `retry_after`, with a doubling backoff after a
//! server error (counting server errors only: a 429 never lengthens it), and loudly (an error in the log and in `gavel status`) when Discord refuses
//! the post for good (a missing permission, an unknown channel).

use std::time::Duration as StdDuration;

use chrono::{DateTime, Duration, Utc};
use poise::serenity_prelude as serenity;
use serenity::http::{HttpError, LightMethod, Request, Route};

use super::reply::{no_pings, split};
use crate::app::App;
use crate::commands::button::{self, Button, ButtonStyle};
use crate::config::Config;
use crate::store;

/// Discord's error code for a message that does not exist (deleted).
const UNKNOWN_MESSAGE: i64 = 10008;
/// How many entries of a channel are read at a time.
const BATCH: i64 = 20;
/// The longest wait between retries, and between retries of a post Discord refuses for good
/// (someone may grant the permission or fix the channel id).
const MAX_BACKOFF: Duration = Duration::minutes(10);
/// The first wait after a server error; it doubles with each further server error of the post.
const FIRST_BACKOFF: Duration = Duration::seconds(2);

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

/// Sends posts to Discord. With serenity's rate limiter on, requests go through it (it waits
/// out a 429 itself); with it off (a proxy), gavel reads the answer itself, because serenity's
/// error then keeps neither the body's `retry_after` nor the `Retry-After` header.
pub struct Poster {
    app: App,
    http: std::sync::Arc<serenity::Http>,
    client: reqwest::Client,
}

impl Poster {
    pub fn new(app: App, http: std::sync::Arc<serenity::Http>) -> Self {
        Self {
            app,
            http,
            client: reqwest::Client::new(),
        }
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
            let Some(channel) = channel_id(app.config(), &name) else {
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
        let content = crate::domain::kernel::moment::for_discord(&outbox.content);
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

    /// Edits the message of the entry `target` to read `content` (a running tally). The edited
    /// entry was delivered before this one (the channel goes in order); one that has no message
    /// (delivered by the console) has nothing to edit. An edit replaces the first message of a
    /// post, so its text is kept to one message.
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
        let content = crate::domain::kernel::moment::for_discord(content);
        let text = split(&content).swap_remove(0);
        let edit = serenity::EditMessage::new()
            .content(text)
            .allowed_mentions(no_pings());
        let route = Route::ChannelMessage {
            channel_id: serenity::ChannelId::new(channel),
            message_id: serenity::MessageId::new(store::snowflake_from_db(message_id)),
        };
        match self.send(route, LightMethod::Patch, &edit).await {
            // Someone deleted the message: there is nothing left to edit, and the channel's
            // later posts must not wait for it.
            Err(Failure::Refused(what)) if what.contains(&format!("(code {UNKNOWN_MESSAGE})")) => {
                tracing::warn!(
                    entry = target,
                    "the edited message is gone; the edit is dropped"
                );
                Ok(None)
            }
            sent => sent.map(Some),
        }
    }

    /// Sends one request with a JSON body and reads Discord's answer.
    async fn send(
        &self,
        route: Route<'_>,
        method: LightMethod,
        body: &impl serde::Serialize,
    ) -> Result<serenity::MessageId, Failure> {
        let body = serde_json::to_vec(body).map_err(|e| Failure::Refused(e.to_string()))?;
        let request = Request::new(route, method).body(Some(body));
        let response = if self.http.ratelimiter.is_some() {
            match self.http.request(request).await {
                Ok(response) => response,
                Err(serenity::Error::Http(HttpError::UnsuccessfulRequest(e))) => {
                    let what = format!(
                        "{} {} (code {})",
                        e.status_code, e.error.message, e.error.code
                    );
                    return Err(Failure::classify(e.status_code.as_u16(), None, what));
                }
                Err(e) => return Err(Failure::Unavailable(e.to_string())),
            }
        } else {
            let built = request
                .build(&self.client, self.http.token(), self.http.proxy.as_deref())
                .map_err(|e| Failure::Refused(e.to_string()))?
                .build()
                .map_err(|e| Failure::Refused(e.to_string()))?;
            self.client
                .execute(built)
                .await
                .map_err(|e| Failure::Unavailable(e.to_string()))?
        };
        read_answer(response).await
    }
}

/// A post's buttons as Discord's action rows: five to a row (at most five rows, which
/// `enqueue_with_buttons` has already checked).
fn action_rows(buttons: &[Button]) -> Result<Vec<serenity::CreateActionRow>, Failure> {
    buttons
        .chunks(button::PER_ROW)
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

/// Reads a post's answer: the message id, or why it failed and when to try again.
async fn read_answer(response: reqwest::Response) -> Result<serenity::MessageId, Failure> {
    let status = response.status();
    let header = response
        .headers()
        .get(reqwest::header::RETRY_AFTER)
        .and_then(|v| v.to_str().ok())
        .and_then(|v| v.trim().parse::<f64>().ok());
    let bytes = response
        .bytes()
        .await
        .map_err(|e| Failure::Unavailable(e.to_string()))?;
    let body: serde_json::Value = serde_json::from_slice(&bytes).unwrap_or_default();
    if status.is_success() {
        return body["id"]
            .as_str()
            .and_then(|id| id.parse::<u64>().ok())
            .filter(|&id| id != 0)
            .map(serenity::MessageId::new)
            .ok_or_else(|| Failure::Unavailable(format!("{status} without a message id")));
    }
    // The body's `retry_after` is in fractional seconds; the header rounds it up.
    let retry_after = body["retry_after"].as_f64().or(header);
    let what = match (body["message"].as_str(), body["code"].as_i64()) {
        (Some(message), Some(code)) => format!("{status} {message} (code {code})"),
        (Some(message), None) => format!("{status} {message}"),
        _ => status.to_string(),
    };
    Err(Failure::classify(status.as_u16(), retry_after, what))
}

/// Why a post failed, which says when to try again.
#[derive(Debug, Clone, PartialEq)]
pub enum Failure {
    /// 429: Discord says when (`retry_after`, seconds).
    RateLimited {
        retry_after: Option<f64>,
        what: String,
    },
    /// A server error or no answer: it may work in a moment.
    Unavailable(String),
    /// Any other 4xx (403 missing permission, 404 unknown channel): it will not work until
    /// someone acts, so it is reported loudly and tried again only now and then.
    Refused(String),
}

impl Failure {
    fn classify(status: u16, retry_after: Option<f64>, what: String) -> Self {
        match status {
            429 => Self::RateLimited { retry_after, what },
            408 | 500..=599 => Self::Unavailable(what),
            _ => Self::Refused(what),
        }
    }

    pub fn is_permanent(&self) -> bool {
        matches!(self, Self::Refused(_))
    }

    /// Whether this failure counts toward the doubling backoff: a server error or no answer
    /// does; a 429 (Discord said how long to wait) and a refusal do not.
    pub fn is_server_error(&self) -> bool {
        matches!(self, Self::Unavailable(_))
    }

    /// How long to wait before the next attempt, after `server_errors` earlier server errors of
    /// the same post. A 429 waits exactly its `retry_after` (2 s when Discord gave none), however
    /// many attempts came before; a server error waits 2 s, doubling with each server error
    /// before it, at most 10 minutes; a refusal waits 10 minutes.
    pub fn wait(&self, server_errors: i64) -> Duration {
        match self {
            Self::RateLimited {
                retry_after: Some(s),
                ..
            } if s.is_finite() && *s >= 0.0 => Duration::from_std(StdDuration::from_secs_f64(*s))
                .map_or(MAX_BACKOFF, |d| d.min(MAX_BACKOFF)),
            Self::RateLimited { .. } => FIRST_BACKOFF,
            Self::Unavailable(_) => {
                (FIRST_BACKOFF * (1i32 << server_errors.clamp(0, 9))).min(MAX_BACKOFF)
            }
            Self::Refused(_) => MAX_BACKOFF,
        }
    }
}

impl std::fmt::Display for Failure {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Self::RateLimited { what, .. } => write!(f, "rate limited: {what}"),
            Self::Unavailable(what) => write!(f, "Discord unavailable: {what}"),
            Self::Refused(what) => write!(
                f,
                "refused by Discord, will not succeed until fixed: {what}"
            ),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Checks: a 429 waits exactly its `retry_after` (2 s without one) whatever came before; a
    /// server error backs off 2 s doubling with the server errors before it, at most 10
    /// minutes; a refusal (403, 404) waits 10 minutes at once.
    #[test]
    fn each_failure_waits_as_discord_advises() {
        let limited = Failure::classify(429, Some(0.25), "429".into());
        assert_eq!(limited.wait(0), Duration::milliseconds(250));
        assert_eq!(limited.wait(5), Duration::milliseconds(250));
        let blind = Failure::classify(429, None, "429".into());
        assert_eq!(blind.wait(0), Duration::seconds(2));
        assert_eq!(blind.wait(4), Duration::seconds(2));
        let down = Failure::classify(502, None, "502".into());
        assert_eq!(down.wait(0), Duration::seconds(2));
        assert_eq!(down.wait(1), Duration::seconds(4));
        assert_eq!(down.wait(30), MAX_BACKOFF);
        for status in [403, 404, 400] {
            let refused = Failure::classify(status, None, status.to_string());
            assert!(refused.is_permanent(), "{status}");
            assert!(!refused.is_server_error(), "{status}");
            assert_eq!(refused.wait(0), MAX_BACKOFF);
        }
        assert!(!down.is_permanent() && !limited.is_permanent());
        assert!(down.is_server_error() && !limited.is_server_error());
    }

    /// Checks: a post that meets three 429s (`retry_after` 0.6 s) and then two 500s waits
    /// 0.6 + 0.6 + 0.6 + 2 + 4 = 7.8 s in all: the 429s do not advance the doubling meant for
    /// server errors (counting them made the 500s wait 16 s and 32 s, 49.8 s in all).
    #[test]
    fn rate_limits_do_not_lengthen_the_backoff_after_a_server_error() {
        let answers = [
            Failure::classify(429, Some(0.6), "429".into()),
            Failure::classify(429, Some(0.6), "429".into()),
            Failure::classify(429, Some(0.6), "429".into()),
            Failure::classify(500, None, "500".into()),
            Failure::classify(500, None, "500".into()),
        ];
        let mut server_errors = 0;
        let mut waits = Vec::new();
        for failure in &answers {
            waits.push(failure.wait(server_errors));
            server_errors += i64::from(failure.is_server_error());
        }
        let ms: Vec<i64> = waits.iter().map(|w| w.num_milliseconds()).collect();
        assert_eq!(ms, [600, 600, 600, 2000, 4000]);
        assert_eq!(waits.iter().sum::<Duration>(), Duration::milliseconds(7800));
    }
}
