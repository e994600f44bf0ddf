//! Points of Order (Nomic 214): /order raise, judgement, dispute, agree, disagree, list and show.

use crate::app::choices::Pick;
use crate::app::nomic::orders::RulingInput;
use crate::commands::paging::page_of_lines;
use crate::commands::said::answer;
use crate::commands::{choice, command, integer, person, text, CommandSpec, OptionSpec, Section};
use crate::domain::kernel::limits::NUMBER_MAX;
use crate::domain::kernel::pages::Listing;
use crate::domain::nomic::order::{Opinion, AWARD_MAX, STATEMENT_MAX};

fn point() -> OptionSpec {
    integer("point", "The Point of Order's number", 1, NUMBER_MAX).picks(Pick::Point)
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
                answer(
                    app.give_opinion(&call, a.integer("point")?, Opinion::Dispute)
                        .await,
                )
            })
        }),
        Opinion::Agree => draft.run(|app, call, a| {
            Box::pin(async move {
                answer(
                    app.give_opinion(&call, a.integer("point")?, Opinion::Agree)
                        .await,
                )
            })
        }),
        Opinion::Disagree => draft.run(|app, call, a| {
            Box::pin(async move {
                answer(
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
                        .optional()
                        .picks(Pick::Proposal),
                )
                .who("players")
                .rule("Nomic 214: at most 3 active each; void at the weekend (201)")
                .run(|app, call, a| {
                    Box::pin(async move {
                        answer(
                            app.raise_point(&call, &a.text("text")?, a.opt_integer("proposal"))
                                .await,
                        )
                    })
                }),
            command("order judgement", "Give Judgement on a Point of Order (its Judge)")
                .option(point().picks(Pick::PointToJudge))
                .option(text("text", "The Judgement", STATEMENT_MAX).in_modal())
                .option(
                    choice(
                        "effect",
                        "Its effect on the Point's proposal, carried out when invoked",
                        &["takes_effect", "void"],
                    )
                    .optional(),
                )
                .option(
                    integer("rule", "The rule the proposal changes, as judged", 1, NUMBER_MAX)
                        .optional(),
                )
                .option(
                    integer("award", "The proposer's award (Nomic 203), as judged", 0, AWARD_MAX)
                        .optional(),
                )
                .option(person("winner", "The winner of a tie for the win").optional())
                .who("the Point's Judge")
                .rule("Nomic 214, before the end of the Judge's day; its stated effect is carried out when invoked")
                .before_form(|app, call, a| {
                    Box::pin(async move {
                        app.may_judge(&call, a.integer("point")?)
                            .await
                            .map_err(|e| e.to_string())
                    })
                })
                .run(|app, call, a| {
                    Box::pin(async move {
                        let ruling = RulingInput {
                            effect: a.opt_text("effect"),
                            rule: a.opt_integer("rule"),
                            award: a.opt_integer("award"),
                            winner: a.opt_person("winner"),
                        };
                        answer(
                            app.give_judgement(
                                &call,
                                a.integer("point")?,
                                &a.text("text")?,
                                &ruling,
                            )
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
                .rule("Nomic 214; 10 a page")
                .paged(|app, call, a| {
                    Box::pin(async move {
                        let points = answer(app.list_points(&call).await)?;
                        let listing = Listing::new("/order list", "The list of Points", 10);
                        page_of_lines(&points.text, &listing, a.opt_integer("page"))
                    })
                }),
            command("order show", "One Point of Order's whole thread")
                .option(point())
                .rule("Nomic 214")
                .run(|app, call, a| {
                    Box::pin(async move { answer(app.show_point(&call, a.integer("point")?).await) })
                }),
        ],
    }
}
