//! Direct messages on Discord: the poster opens a member's DM channel (`POST
//! /users/@me/channels`) before posting their outbox entries there, and a member who does not
//! accept direct messages (error 50007) is recorded once and not written to again.

use poise::serenity_prelude as serenity;
use serenity::http::{LightMethod, Route};

use super::poster::Poster;
use super::rest::Failure;
use crate::store;

impl Poster {
    /// The Discord channel of `person`'s direct messages, opening it if need be. `None` when
    /// it cannot be had now (tried again at the next pass), or ever (the person has no Discord
    /// account: their waiting messages are given up).
    pub(super) async fn dm_channel(&self, name: &str, person: i64) -> anyhow::Result<Option<u64>> {
        if let Some(&channel) = self.dm_channels.lock().await.get(&person) {
            return Ok(Some(channel));
        }
        let found = store::people::by_id(&mut *self.app.pool().acquire().await?, person).await?;
        let Some(user) = found.discord_id.0 else {
            let n = self
                .app
                .direct_messages_unreachable(name, "no Discord account to write to")
                .await?;
            tracing::info!(
                person,
                given_up = n,
                "direct messages to someone with no Discord account given up"
            );
            return Ok(None);
        };
        let body = serde_json::json!({ "recipient_id": user.to_string() });
        match self
            .rest
            .call(Route::UserMeDmChannels, LightMethod::Post, Some(&body))
            .await
        {
            Ok(answer) => {
                let Some(channel) = answer["id"].as_str().and_then(|id| id.parse::<u64>().ok())
                else {
                    tracing::warn!(person, "Discord opened a DM channel without an id");
                    return Ok(None);
                };
                self.dm_channels.lock().await.insert(person, channel);
                Ok(Some(channel))
            }
            Err(failure) if failure.is_permanent() => {
                let why = failure.to_string();
                tracing::warn!(person, user, error = %why, "cannot open a direct message; the member's waiting messages are given up");
                self.app.direct_messages_unreachable(name, &why).await?;
                Ok(None)
            }
            Err(failure) => {
                tracing::warn!(person, user, error = %failure, "cannot open a direct message now; trying again later");
                Ok(None)
            }
        }
    }

    /// Discord refused a direct message (50007): recorded once, the member's waiting messages
    /// given up, nothing retried until they run `/notify`.
    pub(super) async fn refused_direct(
        &self,
        name: &str,
        entry: i64,
        failure: &Failure,
    ) -> anyhow::Result<()> {
        let news = self
            .app
            .direct_message_refused(name, entry, &failure.to_string())
            .await?;
        if news {
            tracing::warn!(channel = name, entry, "a member does not accept direct messages; recorded, and not written to until they run /notify");
        }
        Ok(())
    }
}
