//! Points of Order (Nomic 214): /order raise, judgement, dispute, agree, disagree, list and show.

use crate::commands::{command, integer, reply, text, CommandSpec, OptionSpec, Section};
use crate::domain::kernel::limits::NUMBER_MAX;
use crate::domain::nomic::order::{Opinion, STATEMENT_MAX};

fn point() -> OptionSpec {
    integer("point", "The Point of Order's number", 1, NUMBER_MAX)
}

/// `/order dispute|agree|disagree`: one declaration each, differing in the opinion given.
fn opinion(path: &'static str, description: &'static str, given: Opinion) -> CommandSpec {
    let draft = command(path, description)
        .option(point())
        .who("players other than the Judge")
        .rule("Nomic 214, within the hour");
    match given {
        Opinion::Dispute => draft.run(|app, call, a| {
            Box::pin(async move {
                reply(
                    app.give_opinion(&call, a.integer("point")?, Opinion::Dispute)
                        .await,
                )
            })
        }),
        Opinion::Agree => draft.run(|app, call, a| {
            Box::pin(async move {
                reply(
                    app.give_opinion(&call, a.integer("point")?, Opinion::Agree)
                        .await,
                )
            })
        }),
        Opinion::Disagree => draft.run(|app, call, a| {
            Box::pin(async move {
                reply(
                    app.give_opinion(&call, a.integer("point")?, Opinion::Disagree)
                        .await,
                )
            })
        }),
    }
}

pub(in crate::commands) fn section() -> Section {
    Section {
        heading: "Points of Order",
        note: "A Point of Order is posted in the voting channel and judged by the player whose allocated day preceded today's (Nomic 214); every window is a scheduled job in UK time (Nomic 106).",
        commands: vec![
            command("order raise", "Raise a Point of Order (posted in the voting channel)")
                .option(text("text", "The question or objection", STATEMENT_MAX))
                .option(
                    integer("proposal", "The proposal it concerns, if any", 1, NUMBER_MAX)
                        .optional(),
                )
                .who("players")
                .rule("Nomic 214: at most 3 active each; void at the weekend (201)")
                .run(|app, call, a| {
                    Box::pin(async move {
                        reply(
                            app.raise_point(&call, &a.text("text")?, a.opt_integer("proposal"))
                                .await,
                        )
                    })
                }),
            command("order judgement", "Give Judgement on a Point of Order (its Judge)")
                .option(point())
                .option(text("text", "The Judgement", STATEMENT_MAX).in_modal())
                .who("the Point's Judge")
                .rule("Nomic 214, before the end of the Judge's day")
                .before_form(|app, call, a| {
                    Box::pin(async move {
                        app.may_judge(&call, a.integer("point")?)
                            .await
                            .map_err(|e| e.to_string())
                    })
                })
                .run(|app, call, a| {
                    Box::pin(async move {
                        reply(
                            app.give_judgement(&call, a.integer("point")?, &a.text("text")?)
                                .await,
                        )
                    })
                }),
            opinion(
                "order dispute",
                "Dispute a Judgement within the hour",
                Opinion::Dispute,
            ),
            opinion(
                "order agree",
                "Agree with a disputed Judgement (one agreement invokes it)",
                Opinion::Agree,
            ),
            opinion(
                "order disagree",
                "Disagree with a disputed Judgement",
                Opinion::Disagree,
            ),
            command("order list", "The active Points of Order, their Judges and deadlines")
                .rule("Nomic 214")
                .run(|app, call, _| Box::pin(async move { reply(app.list_points(&call).await) })),
            command("order show", "One Point of Order's whole thread")
                .option(point())
                .rule("Nomic 214")
                .run(|app, call, a| {
                    Box::pin(async move { reply(app.show_point(&call, a.integer("point")?).await) })
                }),
        ],
    }
}
