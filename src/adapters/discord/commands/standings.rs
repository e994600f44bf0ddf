//! /leaderboard and /history.

use poise::serenity_prelude as serenity;

use super::{caller, person, respond, Ctx};
use crate::adapters::discord::Error;

/// The Leaderboard, ranked by score
#[poise::command(slash_command)]
pub async fn leaderboard(
    ctx: Ctx<'_>,
    #[description = "Page number (10 members a page)"]
    #[min = 1]
    #[max = 1_000_000_000]
    page: Option<i64>,
) -> Result<(), Error> {
    let result = ctx.data().leaderboard(page).await;
    respond(ctx, result).await
}

/// Every change to a member's score, with its reason
#[poise::command(slash_command)]
pub async fn history(
    ctx: Ctx<'_>,
    #[description = "Whose history (yours if left out)"] member: Option<serenity::User>,
) -> Result<(), Error> {
    let target = member.as_ref().map(person);
    let result = ctx.data().history(&caller(&ctx), target.as_ref()).await;
    respond(ctx, result).await
}
