//! The outbox poster: sends due entries to their channel, records the message id, and backs off
//! when Discord fails (with the rate limiter off, serenity retries nothing itself).

use chrono::Duration;
use poise::serenity_prelude as serenity;

use super::reply::{no_pings, split};
use crate::app::App;
use crate::store::{self, outbox::DISCUSSION};

/// Sends every due outbox entry once; returns how many were delivered.
pub async fn deliver_due(app: &App, http: &serenity::Http) -> anyhow::Result<usize> {
    let Some(channel) = app.config().discord.discussion_channel_id else {
        return Ok(0); // nowhere to post: entries wait until a channel is configured
    };
    // Connections are taken per query, never held across the HTTP call: with an in-memory
    // database the pool has one connection, and commands must not wait on Discord.
    let due = store::outbox::due(&mut *app.pool().acquire().await?, app.now(), 20).await?;
    let mut delivered = 0;
    for entry in due {
        if entry.channel != DISCUSSION {
            continue;
        }
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
                break; // keep posts in order: the rest wait for this one
            }
        }
    }
    Ok(delivered)
}

/// Posts one outbox entry, in as many messages as it needs; returns the first message's id.
async fn post(
    http: &serenity::Http,
    channel: u64,
    entry: i64,
    content: &str,
) -> Result<serenity::MessageId, serenity::Error> {
    let mut first = None;
    // Every reader sees the times in their own time zone.
    let content = crate::domain::moment::for_discord(content);
    for (n, part) in split(&content).into_iter().enumerate() {
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
