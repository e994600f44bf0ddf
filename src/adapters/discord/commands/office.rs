//! /office appoint, dismiss and list.

use poise::serenity_prelude as serenity;

use super::{caller, person, respond, Ctx};
use crate::adapters::discord::Error;

/// An office the Chief Justice fills.
#[derive(Debug, Clone, Copy, poise::ChoiceParameter)]
pub enum OfficeChoice {
    #[name = "moderator"]
    Moderator,
    #[name = "justice"]
    Justice,
    #[name = "staff"]
    Staff,
}

impl OfficeChoice {
    fn key(self) -> &'static str {
        match self {
            OfficeChoice::Moderator => "moderator",
            OfficeChoice::Justice => "justice",
            OfficeChoice::Staff => "staff",
        }
    }
}

/// Offices of the club: who holds them, appointments and dismissals
#[poise::command(
    slash_command,
    subcommands("appoint", "dismiss", "list"),
    subcommand_required
)]
pub async fn office(_ctx: Ctx<'_>) -> Result<(), Error> {
    Ok(())
}

/// Appoint a Moderator, Justice or Staff member (Chief Justice only)
#[poise::command(slash_command)]
pub async fn appoint(
    ctx: Ctx<'_>,
    #[description = "Who to appoint"] member: serenity::User,
    #[description = "Which office"] office: OfficeChoice,
) -> Result<(), Error> {
    let result = ctx
        .data()
        .appoint(&caller(&ctx), &person(&member), office.key())
        .await;
    respond(ctx, result).await
}

/// Dismiss a Moderator, Justice or Staff member (Chief Justice only)
#[poise::command(slash_command)]
pub async fn dismiss(
    ctx: Ctx<'_>,
    #[description = "Who to dismiss"] member: serenity::User,
    #[description = "From which office"] office: OfficeChoice,
) -> Result<(), Error> {
    let result = ctx
        .data()
        .dismiss(&caller(&ctx), &person(&member), office.key())
        .await;
    respond(ctx, result).await
}

/// List who holds each office
#[poise::command(slash_command)]
pub async fn list(ctx: Ctx<'_>) -> Result<(), Error> {
    let result = ctx.data().office_list().await;
    respond(ctx, result).await
}
