//! /member eligible-removals, /member remove and /leave.

use poise::serenity_prelude as serenity;

use super::{caller, person, respond, Ctx};
use crate::adapters::discord::Error;

/// Membership of the Leaderboard
#[poise::command(
    slash_command,
    subcommands("eligible_removals", "remove"),
    subcommand_required
)]
pub async fn member(_ctx: Ctx<'_>) -> Result<(), Error> {
    Ok(())
}

/// Members the Chief Justice may remove for absence (Terms §II Act 7)
#[poise::command(slash_command, rename = "eligible-removals")]
pub async fn eligible_removals(ctx: Ctx<'_>) -> Result<(), Error> {
    let result = ctx.data().eligible_removals().await;
    respond(ctx, result).await
}

/// Remove a member who is eligible or asked to leave (Chief Justice)
#[poise::command(slash_command)]
pub async fn remove(
    ctx: Ctx<'_>,
    #[description = "Who to remove"] member: serenity::User,
) -> Result<(), Error> {
    let result = ctx
        .data()
        .remove_member(&caller(&ctx), &person(&member))
        .await;
    respond(ctx, result).await
}

/// Ask to be removed from the Leaderboard within 7 days (Terms §II Act 8)
#[poise::command(slash_command)]
pub async fn leave(ctx: Ctx<'_>) -> Result<(), Error> {
    let result = ctx.data().leave(&caller(&ctx)).await;
    respond(ctx, result).await
}
