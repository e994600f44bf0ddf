//! Games on the Leaderboard: /game register, start, confirm, dispute, approve, void, adjudicate, object, exempt and
//! rematch.

use crate::app::choices::Pick;
use crate::app::leaderboard::games::GameInput;
use crate::commands::said::answer;
use crate::commands::{choice, command, flag, integer, person, text, CommandSpec};
use crate::domain::kernel::authority::Power;
use crate::domain::kernel::limits::{MATERIAL_MAX, NUMBER_MAX};
use crate::domain::kernel::text::Reason;
use crate::domain::kernel::words::Words;
use crate::domain::leaderboard::score::GameResult;

pub(super) fn commands() -> Vec<CommandSpec> {
    let game = |description| integer("game", description, 1, NUMBER_MAX).picks(Pick::Game);
    vec![
        command(
            "game register",
            "Register a game you played (or, as a Moderator, any game)",
        )
        .option(person("white", "Who played White"))
        .option(person("black", "Who played Black"))
        .option(choice("result", "Who won", GameResult::WORDS))
        .option(flag("online", "Played with Online Chess (half weight)"))
        .option(flag("clock", "A chessclock was used"))
        .who("a player or a Moderator")
        .rule("Terms §0 Acts 5-8, 10-12; §I Act 9; §II Act 4, 10.4, 11")
        .run(|app, call, a| {
            Box::pin(async move {
                let input = GameInput {
                    white: a.person("white")?,
                    black: a.person("black")?,
                    result: a.choice("result")?,
                    online: a.flag("online"),
                    clock: a.flag("clock"),
                };
                answer(app.leaderboard().register_game(&call, &input).await)
            })
        }),
        command(
            "game start",
            "Start an online game; only one is played at a time (Terms §I Act 9.1)",
        )
        .option(person("white", "Who plays White"))
        .option(person("black", "Who plays Black"))
        .who("a player or a Moderator")
        .rule("an online game takes the club's one online slot, §I Act 9.1")
        .run(|app, call, a| {
            Box::pin(async move {
                answer(
                    app.leaderboard().start_online(&call, &a.person("white")?, &a.person("black")?)
                        .await,
                )
            })
        }),
        command(
            "game approve",
            "Approve a game waiting for a Moderator or for its opponent (Moderators who did not play)",
        )
        .option(game("The game's number"))
        .needs(Power::Moderate)
        .who("Moderators who did not play")
        .rule("a monitored member's game, §II Act 10.4; a result not yet confirmed")
        .run(|app, call, a| {
            Box::pin(async move { answer(app.moderation().approve_game(&call, a.integer("game")?).await) })
        }),
        command(
            "game confirm",
            "Confirm a result your opponent registered, so it counts",
        )
        .option(game("The game's number").picks(Pick::OwnGame))
        .who("the opponent of the player who registered it")
        .rule("[leaderboard] confirm_results")
        .run(|app, call, a| {
            Box::pin(async move { answer(app.leaderboard().confirm_game(&call, a.integer("game")?).await) })
        }),
        command(
            "game dispute",
            "Dispute a result your opponent registered; a Moderator decides",
        )
        .option(game("The game's number").picks(Pick::OwnGame))
        .option(text("reason", "What is wrong with it", Reason::MAX).optional())
        .who("the opponent of the player who registered it")
        .rule("[leaderboard] confirm_results")
        .run(|app, call, a| {
            Box::pin(async move {
                let reason = a.opt_text("reason");
                answer(
                    app.leaderboard().dispute_game(&call, a.integer("game")?, reason.as_deref())
                        .await,
                )
            })
        }),
        command(
            "game void",
            "Void a game as though it never happened (Moderators)",
        )
        .option(game("The game's number"))
        .option(text("reason", "Why it is void", Reason::MAX))
        .needs(Power::Moderate)
        .who("Moderators who did not play")
        .rule("reversed as though it never happened")
        .run(|app, call, a| {
            Box::pin(async move {
                answer(
                    app.leaderboard().void_game(&call, a.integer("game")?, &a.text("reason")?)
                        .await,
                )
            })
        }),
        command(
            "game adjudicate",
            "End a game by material when time ran out (Moderators; Terms §I Act 5)",
        )
        .option(person("white", "Who played White"))
        .option(person("black", "Who played Black"))
        .option(
            text(
                "white_took",
                "Pieces White captured, e.g. \"q 2p\" (q r b n p)",
                MATERIAL_MAX,
            )
            .optional(),
        )
        .option(
            text(
                "black_took",
                "Pieces Black captured, e.g. \"r n\" (q r b n p)",
                MATERIAL_MAX,
            )
            .optional(),
        )
        .needs(Power::Moderate)
        .who("Moderators who did not play")
        .rule("ended by material, §I Act 5; §III Act 3.5")
        .run(|app, call, a| {
            Box::pin(async move {
                let white_took = a.opt_text("white_took").unwrap_or_default();
                let black_took = a.opt_text("black_took").unwrap_or_default();
                let (white, black) = (a.person("white")?, a.person("black")?);
                answer(
                    app.leaderboard().adjudicate(&call, &white, &black, &white_took, &black_took)
                        .await,
                )
            })
        }),
        command(
            "game object",
            "Object to how your game was ended; a rematch is due (Terms §I Act 6)",
        )
        .option(game("The game's number").picks(Pick::OwnGame))
        .who("a player")
        .rule("a rematch is due, §I Act 6")
        .run(|app, call, a| {
            Box::pin(async move { answer(app.leaderboard().object(&call, a.integer("game")?).await) })
        }),
        command(
            "game exempt",
            "Exempt a rematch from the 5-minute limit (the adjudicating Moderator)",
        )
        .option(game("The original game's number"))
        .needs(Power::Moderate)
        .who("the adjudicating Moderator")
        .rule("lifts the rematch's 5-minute limit, §I Act 6")
        .run(|app, call, a| {
            Box::pin(async move { answer(app.leaderboard().exempt_rematch(&call, a.integer("game")?).await) })
        }),
        command(
            "game rematch",
            "Record a rematch's result, or who failed to play it (overseeing Moderator)",
        )
        .option(game("The original game's number"))
        .option(choice("result", "The rematch's result", GameResult::WORDS).optional())
        .option(person("noshow", "The player who did not play the rematch").optional())
        .needs(Power::Moderate)
        .who("the overseeing Moderator or Justice")
        .rule("give result or noshow, §I Act 6")
        .run(|app, call, a| {
            Box::pin(async move {
                let (result, no_show) = (a.opt_choice("result"), a.opt_person("noshow"));
                answer(
                    app.leaderboard().record_rematch(
                        &call,
                        a.integer("game")?,
                        result,
                        no_show.as_ref(),
                    )
                    .await,
                )
            })
        }),
    ]
}
