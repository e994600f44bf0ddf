//! /join and /profile.

use poise::serenity_prelude as serenity;

use super::{caller, person, respond, Ctx};
use crate::adapters::discord::Error;

/// Join the Leaderboard with the initial score (Terms §II Act 1)
#[poise::command(slash_command)]
pub async fn join(ctx: Ctx<'_>) -> Result<(), Error> {
    let result = ctx.data().join(&caller(&ctx)).await;
    respond(ctx, result).await
}

/// Show a member's score, rank, status, offices and join date
#[poise::command(slash_command)]
pub async fn profile(
    ctx: Ctx<'_>,
    #[description = "Whose profile (yours if left out)"] member: Option<serenity::User>,
) -> Result<(), Error> {
    let target = member.as_ref().map(person);
    let result = ctx.data().profile(&caller(&ctx), target.as_ref()).await;
    respond(ctx, result).await
}
