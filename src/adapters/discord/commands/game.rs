//! /game register, start, void, adjudicate, object, exempt and rematch.

use poise::serenity_prelude as serenity;

use super::{caller, person, respond, Ctx};
use crate::adapters::discord::Error;
use crate::app::games::GameInput;

/// A game's result.
#[derive(Debug, Clone, Copy, poise::ChoiceParameter)]
pub enum ResultChoice {
    #[name = "white"]
    White,
    #[name = "black"]
    Black,
    #[name = "draw"]
    Draw,
}

impl ResultChoice {
    fn key(self) -> &'static str {
        match self {
            ResultChoice::White => "white",
            ResultChoice::Black => "black",
            ResultChoice::Draw => "draw",
        }
    }
}

/// Games on the Leaderboard
#[poise::command(
    slash_command,
    subcommands(
        "register",
        "start",
        "approve",
        "void",
        "adjudicate",
        "object",
        "exempt",
        "rematch"
    ),
    subcommand_required
)]
pub async fn game(_ctx: Ctx<'_>) -> Result<(), Error> {
    Ok(())
}

/// Register a game you played (or, as a Moderator, any game)
#[poise::command(slash_command)]
pub async fn register(
    ctx: Ctx<'_>,
    #[description = "Who played White"] white: serenity::User,
    #[description = "Who played Black"] black: serenity::User,
    #[description = "Who won"] result: ResultChoice,
    #[description = "Played with Online Chess (half weight)"] online: Option<bool>,
    #[description = "A chessclock was used"] clock: Option<bool>,
) -> Result<(), Error> {
    let input = GameInput {
        white: person(&white),
        black: person(&black),
        result: result.key().to_owned(),
        online: online.unwrap_or(false),
        clock: clock.unwrap_or(false),
    };
    let result = ctx.data().register_game(&caller(&ctx), &input).await;
    respond(ctx, result).await
}

/// Start an online game; only one is played at a time (Terms §I Act 9.1)
#[poise::command(slash_command)]
pub async fn start(
    ctx: Ctx<'_>,
    #[description = "Who plays White"] white: serenity::User,
    #[description = "Who plays Black"] black: serenity::User,
) -> Result<(), Error> {
    let result = ctx
        .data()
        .start_online(&caller(&ctx), &person(&white), &person(&black))
        .await;
    respond(ctx, result).await
}

/// Void a game as though it never happened (Moderators)
#[poise::command(slash_command)]
pub async fn void(
    ctx: Ctx<'_>,
    #[description = "The game's number"]
    #[min = 1]
    #[max = 1_000_000_000]
    game: i64,
    #[description = "Why it is void"]
    #[max_length = 500]
    reason: String,
) -> Result<(), Error> {
    let result = ctx.data().void_game(&caller(&ctx), game, &reason).await;
    respond(ctx, result).await
}

/// End a game by material when time ran out (Moderators; Terms §I Act 5)
#[poise::command(slash_command)]
pub async fn adjudicate(
    ctx: Ctx<'_>,
    #[description = "Who played White"] white: serenity::User,
    #[description = "Who played Black"] black: serenity::User,
    #[description = "Pieces White captured, e.g. \"q 2p\" (q r b n p)"]
    #[max_length = 40]
    white_took: Option<String>,
    #[description = "Pieces Black captured, e.g. \"r n\" (q r b n p)"]
    #[max_length = 40]
    black_took: Option<String>,
) -> Result<(), Error> {
    let result = ctx
        .data()
        .adjudicate(
            &caller(&ctx),
            &person(&white),
            &person(&black),
            white_took.as_deref().unwrap_or(""),
            black_took.as_deref().unwrap_or(""),
        )
        .await;
    respond(ctx, result).await
}

/// Object to how your game was ended; a rematch is due (Terms §I Act 6)
#[poise::command(slash_command)]
pub async fn object(
    ctx: Ctx<'_>,
    #[description = "The game's number"]
    #[min = 1]
    #[max = 1_000_000_000]
    game: i64,
) -> Result<(), Error> {
    let result = ctx.data().object(&caller(&ctx), game).await;
    respond(ctx, result).await
}

/// Exempt a rematch from the 5-minute limit (the adjudicating Moderator)
#[poise::command(slash_command)]
pub async fn exempt(
    ctx: Ctx<'_>,
    #[description = "The original game's number"]
    #[min = 1]
    #[max = 1_000_000_000]
    game: i64,
) -> Result<(), Error> {
    let result = ctx.data().exempt_rematch(&caller(&ctx), game).await;
    respond(ctx, result).await
}

/// Record a rematch's result, or who failed to play it (overseeing Moderator)
#[poise::command(slash_command)]
pub async fn rematch(
    ctx: Ctx<'_>,
    #[description = "The original game's number"]
    #[min = 1]
    #[max = 1_000_000_000]
    game: i64,
    #[description = "The rematch's result"] result: Option<ResultChoice>,
    #[description = "The player who did not play the rematch"] noshow: Option<serenity::User>,
) -> Result<(), Error> {
    let no_show = noshow.as_ref().map(person);
    let result = ctx
        .data()
        .record_rematch(
            &caller(&ctx),
            game,
            result.map(|r| r.key()),
            no_show.as_ref(),
        )
        .await;
    respond(ctx, result).await
}

/// Approve a monitored member's game as valid (Moderators who did not play)
#[poise::command(slash_command)]
pub async fn approve(
    ctx: Ctx<'_>,
    #[description = "The game's number"]
    #[min = 1]
    #[max = 1_000_000_000]
    game: i64,
) -> Result<(), Error> {
    let result = ctx.data().approve_game(&caller(&ctx), game).await;
    respond(ctx, result).await
}
