//! The outbox poster: sends due entries to their channel, records the message id, and backs off
//! when Discord fails (with the rate limiter off, serenity retries nothing itself).

use chrono::Duration;
use poise::serenity_prelude as serenity;

use super::reply::{no_pings, split};
use crate::app::App;
use crate::config::Config;
use crate::store::{self, outbox::DISCUSSION};

/// How many entries of a channel are read at a time.
const BATCH: i64 = 20;

/// The one place an outbox channel's name becomes the configured Discord channel id. A name
/// with no channel configured keeps its entries until one is.
pub fn channel_id(config: &Config, name: &str) -> Option<u64> {
    match name {
        DISCUSSION => config.discord.discussion_channel_id,
        _ => None,
    }
}

/// Sends every due outbox entry, channel by channel, each channel strictly in order; returns
/// how many were delivered. A failed post stops its channel until its retry is due.
pub async fn deliver_due(app: &App, http: &serenity::Http) -> anyhow::Result<usize> {
    // Connections are taken per query, never held across the HTTP call: with an in-memory
    // database the pool has one connection, and commands must not wait on Discord.
    let channels = store::outbox::pending_channels(&mut *app.pool().acquire().await?).await?;
    let mut delivered = 0;
    for name in channels {
        let Some(channel) = channel_id(app.config(), &name) else {
            continue;
        };
        delivered += deliver_channel(app, http, &name, channel).await?;
    }
    Ok(delivered)
}

/// Sends the due entries of one channel in order, stopping at the first failure.
async fn deliver_channel(
    app: &App,
    http: &serenity::Http,
    name: &str,
    channel: u64,
) -> anyhow::Result<usize> {
    let mut delivered = 0;
    loop {
        let due =
            store::outbox::due(&mut *app.pool().acquire().await?, name, app.now(), BATCH).await?;
        let full = due.len() as i64 == BATCH;
        for entry in due {
            match post(http, channel, entry.id, &entry.content).await {
                Ok(first) => {
                    let id = store::snowflake_to_db(first.get());
                    app.delivered(entry.id, Some(id)).await?;
                    delivered += 1;
                }
                Err(error) => {
                    let wait = backoff(entry.attempts, &error);
                    tracing::warn!(entry = entry.id, error = %error, retry_in = %wait, "post failed");
                    store::outbox::mark_failed(
                        &mut *app.pool().acquire().await?,
                        entry.id,
                        &error.to_string(),
                        app.now() + wait,
                    )
                    .await?;
                    return Ok(delivered); // the rest of the channel waits for this one
                }
            }
        }
        if !full {
            return Ok(delivered);
        }
    }
}

/// Posts one outbox entry, in as many messages as it needs; returns the first message's id.
async fn post(
    http: &serenity::Http,
    channel: u64,
    entry: i64,
    content: &str,
) -> Result<serenity::MessageId, serenity::Error> {
    let mut first = None;
    for (n, part) in split(content).into_iter().enumerate() {
        let message = serenity::CreateMessage::new()
            .content(part)
            .allowed_mentions(no_pings())
            // Discord drops a retried post with the same nonce, so a post that went out but
            // whose answer was lost is not posted twice.
            .nonce(serenity::Nonce::String(format!("gavel-{entry}-{n}")))
            .enforce_nonce(true);
        let sent = serenity::ChannelId::new(channel)
            .send_message(http, message)
            .await?;
        first.get_or_insert(sent.id);
    }
    Ok(first.expect("split gives at least one part"))
}

/// Doubling waits from 2 seconds to 10 minutes; a rate limit waits at least 5 seconds.
fn backoff(attempts: i64, error: &serenity::Error) -> Duration {
    let doubling = Duration::seconds(2i64 << attempts.clamp(0, 8)).min(Duration::minutes(10));
    let limited = matches!(
        error,
        serenity::Error::Http(serenity::HttpError::UnsuccessfulRequest(r)) if r.status_code.as_u16() == 429
    );
    if limited {
        doubling.max(Duration::seconds(5))
    } else {
        doubling
    }
}
