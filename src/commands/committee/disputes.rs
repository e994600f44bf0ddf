//! /dispute raise, resolve, refer and confirm (house rules D.I.2, A.3.v, A.12) and /observer
//! report (A.9).

use crate::commands::members::GAME_MAX;
use crate::commands::said::answer;
use crate::commands::{command, integer, person, text, Section};
use crate::domain::kernel::authority::Power;
use crate::domain::kernel::limits::NUMBER_MAX;

/// The longest question, resolution or report.
const TEXT_MAX: usize = 1500;

fn dispute() -> crate::commands::OptionSpec {
    integer("dispute", "The dispute's number", 1, NUMBER_MAX)
}

fn game() -> crate::commands::OptionSpec {
    text("game", "The game, e.g. R1 Board 3", GAME_MAX).picks(crate::app::choices::Pick::Board)
}

pub(in crate::commands) fn section() -> Section {
    Section {
        heading: "Disputes and Observers",
        note: "the Diplomacy house rules D.I.2, A.3.v, A.9, A.12",
        commands: vec![
            command(
                "dispute raise",
                "Bring a question about a game to the TD (a player or its GM)",
            )
            .option(game())
            .option(text("question", "The question", TEXT_MAX))
            .option(person("player", "The player it concerns, when a GM raises it").optional())
            .who("a player or a GM of the game")
            .rule("house rules D.I.2, A.12: to the TD, never to the GM")
            .run(|app, call, a| {
                Box::pin(async move {
                    answer(
                        app.committee()
                            .raise_dispute(
                                &call,
                                &a.text("game")?,
                                &a.text("question")?,
                                a.opt_person("player").as_ref(),
                            )
                            .await,
                    )
                })
            }),
            command("dispute resolve", "Resolve a dispute (TD)")
                .option(dispute())
                .option(text("text", "The resolution", TEXT_MAX))
                .needs(Power::Director)
                .who("the TD or the Assistant TD acting as TD")
                .rule("house rules A.3.v")
                .run(|app, call, a| {
                    Box::pin(async move {
                        answer(
                            app.committee()
                                .resolve_dispute(&call, a.integer("dispute")?, &a.text("text")?)
                                .await,
                        )
                    })
                }),
            command(
                "dispute refer",
                "Refer a dispute to the TMC as a motion (TD)",
            )
            .option(dispute())
            .option(text("question", "The question put to the TMC", TEXT_MAX))
            .needs(Power::Director)
            .who("the TD or the Assistant TD acting as TD")
            .rule("house rules D.I.2, A.3.v")
            .run(|app, call, a| {
                Box::pin(async move {
                    answer(
                        app.committee()
                            .refer_dispute(&call, a.integer("dispute")?, &a.text("question")?)
                            .await,
                    )
                })
            }),
            command(
                "dispute confirm",
                "Confirm the question put is the proper and specific one",
            )
            .option(dispute())
            .who("the dispute's player, a GM of its game")
            .rule("house rules D.I.2: binding only once both confirm")
            .run(|app, call, a| {
                Box::pin(async move {
                    answer(
                        app.committee()
                            .confirm_dispute(&call, a.integer("dispute")?)
                            .await,
                    )
                })
            }),
            command(
                "observer report",
                "Report a problem in a game to the TD, privately (Observer)",
            )
            .option(game())
            .option(text("text", "What went wrong", TEXT_MAX))
            .who("a Tournament Observer of the game")
            .rule("house rules A.9")
            .run(|app, call, a| {
                Box::pin(async move {
                    answer(
                        app.committee()
                            .observer_report(&call, &a.text("game")?, &a.text("text")?)
                            .await,
                    )
                })
            }),
        ],
    }
}
