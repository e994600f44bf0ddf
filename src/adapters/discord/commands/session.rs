//! /session open, close, here and mark.

use poise::serenity_prelude as serenity;

use super::{caller, person, respond, Ctx};
use crate::adapters::discord::Error;

/// Club sessions and presence (Terms §0 Acts 5, 6, 9)
#[poise::command(
    slash_command,
    subcommands("open", "close", "here", "mark"),
    subcommand_required
)]
pub async fn session(_ctx: Ctx<'_>) -> Result<(), Error> {
    Ok(())
}

/// Open the club session (Moderators; inside the session window)
#[poise::command(slash_command)]
pub async fn open(ctx: Ctx<'_>) -> Result<(), Error> {
    let result = ctx.data().session_open(&caller(&ctx)).await;
    respond(ctx, result).await
}

/// Close the club session early (Moderators)
#[poise::command(slash_command)]
pub async fn close(ctx: Ctx<'_>) -> Result<(), Error> {
    let result = ctx.data().session_close(&caller(&ctx)).await;
    respond(ctx, result).await
}

/// Check in as present at the open session
#[poise::command(slash_command)]
pub async fn here(ctx: Ctx<'_>) -> Result<(), Error> {
    let result = ctx.data().check_in(&caller(&ctx)).await;
    respond(ctx, result).await
}

/// Mark someone present at the open session (Moderators)
#[poise::command(slash_command)]
pub async fn mark(
    ctx: Ctx<'_>,
    #[description = "Who is present"] member: serenity::User,
) -> Result<(), Error> {
    let result = ctx
        .data()
        .mark_present(&caller(&ctx), &person(&member))
        .await;
    respond(ctx, result).await
}
