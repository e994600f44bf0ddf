//! /mod: violations, bans, monitors, deductions, the chessclock requirement, technical
//! modifications, declarations and cases.

use poise::serenity_prelude as serenity;

use super::{caller, person, respond, Ctx};
use crate::adapters::discord::Error;
use crate::app::moderation::{ActionInput, ActionKind};

/// Moderators' actions, each a numbered case declared in #discussion
#[poise::command(
    slash_command,
    rename = "mod",
    subcommands(
        "violation",
        "ban",
        "unban",
        "monitor",
        "unmonitor",
        "deduct",
        "award",
        "clock",
        "technical",
        "declare",
        "cases",
        "case"
    ),
    subcommand_required
)]
pub async fn moderation(_ctx: Ctx<'_>) -> Result<(), Error> {
    Ok(())
}

fn input(
    member: Option<&serenity::User>,
    reason: String,
    game: Option<i64>,
    incident: Option<String>,
    taken: Option<String>,
    later: Option<bool>,
) -> ActionInput {
    ActionInput {
        target: member.map(person),
        reason,
        game,
        incident,
        taken,
        declare_later: later.unwrap_or(false),
    }
}

/// A fraud violation: the ladder of Terms §II Act 5
#[poise::command(slash_command)]
#[allow(clippy::too_many_arguments)]
pub async fn violation(
    ctx: Ctx<'_>,
    #[description = "Who committed it"] member: serenity::User,
    #[description = "Why (a lesser step than the ladder's must say \"discretion\")"]
    #[max_length = 500]
    reason: String,
    #[description = "The fraudulent game's number"]
    #[min = 1]
    #[max = 1_000_000_000]
    game: Option<i64>,
    #[description = "The incident, when there is no game"]
    #[max_length = 300]
    incident: Option<String>,
    #[description = "A lesser step of the ladder (1-5), by discretion"]
    #[min = 1]
    #[max = 5]
    step: Option<i64>,
    #[description = "The date it was taken outside gavel (YYYY-MM-DD, up to 7 days back)"]
    #[max_length = 10]
    taken: Option<String>,
    #[description = "Record now and declare the reasoning later (within 7 days)"] later: Option<
        bool,
    >,
) -> Result<(), Error> {
    let i = input(Some(&member), reason, game, incident, taken, later);
    let result = ctx
        .data()
        .take_action(&caller(&ctx), ActionKind::Violation { step }, &i)
        .await;
    respond(ctx, result).await
}

/// Ban a member until a Friday (Terms §II Act 9)
#[poise::command(slash_command)]
#[allow(clippy::too_many_arguments)]
pub async fn ban(
    ctx: Ctx<'_>,
    #[description = "Who to ban"] member: serenity::User,
    #[description = "The Friday the ban ends (YYYY-MM-DD)"]
    #[max_length = 10]
    until: String,
    #[description = "Why (Terms §II Act 9.1)"]
    #[max_length = 500]
    reason: String,
    #[description = "The game the offence concerns"]
    #[min = 1]
    #[max = 1_000_000_000]
    game: Option<i64>,
    #[description = "The incident, when there is no game"]
    #[max_length = 300]
    incident: Option<String>,
    #[description = "The date it was taken outside gavel (YYYY-MM-DD, up to 7 days back)"]
    #[max_length = 10]
    taken: Option<String>,
    #[description = "Record now and declare the reasoning later (within 7 days)"] later: Option<
        bool,
    >,
) -> Result<(), Error> {
    let i = input(Some(&member), reason, game, incident, taken, later);
    let result = ctx
        .data()
        .take_action(&caller(&ctx), ActionKind::Ban { until }, &i)
        .await;
    respond(ctx, result).await
}

/// Lifting a ban is for the Court alone (Terms §II Act 9.4)
#[poise::command(slash_command)]
pub async fn unban(
    ctx: Ctx<'_>,
    #[description = "Whose ban"] member: serenity::User,
) -> Result<(), Error> {
    let result = ctx
        .data()
        .moderator_unban(&caller(&ctx), &person(&member))
        .await;
    respond(ctx, result).await
}

/// Monitor a member on reasonable suspicion (Terms §II Act 10)
#[poise::command(slash_command)]
pub async fn monitor(
    ctx: Ctx<'_>,
    #[description = "Who to monitor"] member: serenity::User,
    #[description = "The reasonable suspicion (Terms §II Act 10.1)"]
    #[max_length = 500]
    reason: String,
    #[description = "Record now and declare the reasoning later (within 7 days)"] later: Option<
        bool,
    >,
) -> Result<(), Error> {
    let i = input(Some(&member), reason, None, None, None, later);
    let result = ctx
        .data()
        .take_action(&caller(&ctx), ActionKind::Monitor, &i)
        .await;
    respond(ctx, result).await
}

/// Remove a monitor when suspicion no longer holds (Terms §II Act 10.2)
#[poise::command(slash_command)]
pub async fn unmonitor(
    ctx: Ctx<'_>,
    #[description = "Who"] member: serenity::User,
    #[description = "Why the suspicion no longer holds"]
    #[max_length = 500]
    reason: String,
) -> Result<(), Error> {
    let result = ctx
        .data()
        .end_restriction(&caller(&ctx), &person(&member), "monitor", &reason)
        .await;
    respond(ctx, result).await
}

/// Deduct points (Terms §II Act 3, 6)
#[poise::command(slash_command)]
#[allow(clippy::too_many_arguments)]
pub async fn deduct(
    ctx: Ctx<'_>,
    #[description = "From whom"] member: serenity::User,
    #[description = "How many points"]
    #[min = 1]
    #[max = 1000]
    points: i64,
    #[description = "Why"]
    #[max_length = 500]
    reason: String,
    #[description = "The game the offence concerns"]
    #[min = 1]
    #[max = 1_000_000_000]
    game: Option<i64>,
    #[description = "The incident, when there is no game"]
    #[max_length = 300]
    incident: Option<String>,
    #[description = "The date it was taken outside gavel (YYYY-MM-DD, up to 7 days back)"]
    #[max_length = 10]
    taken: Option<String>,
    #[description = "Record now and declare the reasoning later (within 7 days)"] later: Option<
        bool,
    >,
) -> Result<(), Error> {
    let i = input(Some(&member), reason, game, incident, taken, later);
    let result = ctx
        .data()
        .take_action(&caller(&ctx), ActionKind::Deduction { points }, &i)
        .await;
    respond(ctx, result).await
}

/// Award points (Terms §II Act 3)
#[poise::command(slash_command)]
pub async fn award(
    ctx: Ctx<'_>,
    #[description = "To whom"] member: serenity::User,
    #[description = "How many points"]
    #[min = 1]
    #[max = 1000]
    points: i64,
    #[description = "Why"]
    #[max_length = 500]
    reason: String,
) -> Result<(), Error> {
    let i = input(Some(&member), reason, None, None, None, None);
    let result = ctx
        .data()
        .take_action(&caller(&ctx), ActionKind::Award { points }, &i)
        .await;
    respond(ctx, result).await
}

/// Whether a chessclock is required.
#[derive(Debug, Clone, Copy, poise::ChoiceParameter)]
pub enum ClockState {
    #[name = "on"]
    On,
    #[name = "off"]
    Off,
}

/// Require or release a chessclock (Chief Justice; Terms §II Act 11)
#[poise::command(slash_command)]
pub async fn clock(
    ctx: Ctx<'_>,
    #[description = "Who"] member: serenity::User,
    #[description = "on: required from now; off: no longer required"] state: ClockState,
    #[description = "Why"]
    #[max_length = 500]
    reason: String,
) -> Result<(), Error> {
    let result = if matches!(state, ClockState::On) {
        let i = input(Some(&member), reason, None, None, None, None);
        ctx.data()
            .take_action(&caller(&ctx), ActionKind::Clock, &i)
            .await
    } else {
        ctx.data()
            .end_restriction(&caller(&ctx), &person(&member), "clock", &reason)
            .await
    };
    respond(ctx, result).await
}

/// Announce a technical modification (Chief Justice; Terms §III Act 5)
#[poise::command(slash_command)]
pub async fn technical(
    ctx: Ctx<'_>,
    #[description = "What was changed and why"]
    #[max_length = 500]
    description: String,
) -> Result<(), Error> {
    let i = input(None, description, None, None, None, None);
    let result = ctx
        .data()
        .take_action(&caller(&ctx), ActionKind::Technical, &i)
        .await;
    respond(ctx, result).await
}

/// Declare a recorded action publicly within 7 days (Terms §III Act 2.4)
#[poise::command(slash_command)]
pub async fn declare(
    ctx: Ctx<'_>,
    #[description = "The case number"]
    #[min = 1]
    #[max = 1_000_000_000]
    case: i64,
    #[description = "The reasoning, for #discussion"]
    #[max_length = 1500]
    reasoning: String,
) -> Result<(), Error> {
    let result = ctx
        .data()
        .declare_case(&caller(&ctx), case, &reasoning)
        .await;
    respond(ctx, result).await
}

/// List moderation cases and their status
#[poise::command(slash_command)]
pub async fn cases(
    ctx: Ctx<'_>,
    #[description = "Only the cases about this member"] member: Option<serenity::User>,
) -> Result<(), Error> {
    let target = member.as_ref().map(person);
    let result = ctx.data().cases(target.as_ref()).await;
    respond(ctx, result).await
}

/// Show one case with its declaration
#[poise::command(slash_command)]
pub async fn case(
    ctx: Ctx<'_>,
    #[description = "The case number"]
    #[min = 1]
    #[max = 1_000_000_000]
    case: i64,
) -> Result<(), Error> {
    let result = ctx.data().case(case).await;
    respond(ctx, result).await
}
