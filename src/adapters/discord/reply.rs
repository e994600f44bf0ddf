//! Replies: results as messages, refusals as ephemeral replies, and no pings from typed text.

use std::fmt::Display;

use poise::serenity_prelude as serenity;
use poise::CreateReply;

use super::{Context, Error};
use crate::app::App;
use crate::domain::text::DISCORD_MESSAGE_LIMIT;
use crate::store::people::PersonRef;

/// The person who typed the command.
pub fn caller(ctx: &Context<'_>) -> PersonRef {
    person(ctx.author())
}

/// A person chosen in a user option.
pub fn person(user: &serenity::User) -> PersonRef {
    PersonRef::discord(&user.name, user.id.get())
}

/// Cuts text to what one Discord message holds.
pub fn fit(text: &str) -> String {
    if text.chars().count() <= DISCORD_MESSAGE_LIMIT {
        return text.to_owned();
    }
    let mut cut: String = text.chars().take(DISCORD_MESSAGE_LIMIT - 1).collect();
    cut.push('…');
    cut
}

/// Mentions allowed in gavel's messages: none, so typed text never pings anyone.
pub fn no_pings() -> serenity::CreateAllowedMentions {
    serenity::CreateAllowedMentions::new()
}

/// Sends a use case's result: success to the channel, a refusal only to the caller.
pub async fn respond<T: Display, E: Display>(
    ctx: Context<'_>,
    result: Result<T, E>,
) -> Result<(), Error> {
    let (text, ephemeral) = match result {
        Ok(v) => (v.to_string(), false),
        Err(e) => (e.to_string(), true),
    };
    ctx.send(
        CreateReply::default()
            .content(fit(&text))
            .ephemeral(ephemeral)
            .allowed_mentions(no_pings()),
    )
    .await?;
    Ok(())
}

/// Unexpected errors: logged with their cause; the member sees a short message.
pub async fn on_error(error: poise::FrameworkError<'_, App, Error>) {
    match error {
        poise::FrameworkError::Command { error, ctx, .. } => {
            tracing::error!(command = %ctx.command().qualified_name, error = ?error, "command failed");
            let _ = ctx
                .send(
                    CreateReply::default()
                        .content("Something went wrong on our side; nothing was changed. Please try again.")
                        .ephemeral(true),
                )
                .await;
        }
        other => {
            if let Err(e) = poise::builtins::on_error(other).await {
                tracing::error!(error = ?e, "error while handling an error");
            }
        }
    }
}
