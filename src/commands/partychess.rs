//! Party Chess (Rules 1230.1-1230.21): /partychess umpire, join, choose, start, leave, the five
//! plays (move, capture, place, pass, surrender), extend, create, and the views (pieces, board,
//! weights).

use crate::app::partychess::Typed;
use crate::commands::said::answer;
use crate::commands::{command, flag, integer, person, text, OptionSpec, Section};
use crate::domain::kernel::authority::Power;
/// The most days `extend` accepts as typed; the rule in force sets the real cap (Rule 1230.2
/// §4.A: seven days as published, the amended number once gavel reads an amendment).
const MAX_EXTENSION_OPTION: i64 = 365;

fn square(name: &'static str, description: &'static str) -> OptionSpec {
    text(name, description, 3)
}

fn promote() -> OptionSpec {
    text(
        "promote",
        "The piece it becomes, by its character; a Demon that did not move: f7=R",
        60,
    )
    .optional()
}

pub(super) fn section() -> Section {
    Section {
        heading: "Party Chess",
        note: "Rules 1230.1-1230.21; gavel does the Chess-Umpire's duties; posts go to #discussion",
        commands: vec![
            command(
                "partychess umpire",
                "Name the Chess-Umpire, or none (Chief Justice)",
            )
            .option(
                person(
                    "member",
                    "The Chess-Umpire (leave out: no umpire, the game is suspended)",
                )
                .optional(),
            )
            .needs(Power::ChiefJustice)
            .who("Chief Justice")
            .rule("Rule 1230.2 §1")
            .run(|app, call, a| {
                Box::pin(async move {
                    answer(
                        app.partychess().name_umpire(&call, a.opt_person("member").as_ref())
                            .await,
                    )
                })
            }),
            command(
                "partychess join",
                "Take an Office of Swinger in Party Chess",
            )
            .rule("Rule 1230.2 §2.C, §3.F")
            .run(|app, call, _| Box::pin(async move { answer(app.partychess().join(&call).await) })),
            command(
                "partychess choose",
                "Choose your five starting pieces, worth at most 30",
            )
            .option(text("pieces", "Five characters, such as \"R C B p p\"", 60))
            .who("a Swinger")
            .rule("Rule 1230.2 §2.B")
            .run(|app, call, a| {
                Box::pin(async move { answer(app.partychess().choose_pieces(&call, &a.text("pieces")?).await) })
            }),
            command(
                "partychess start",
                "Start the game and draw the play list (Chess-Umpire)",
            )
            .option(
                person(
                    "nap",
                    "The NAP Swinger, first on the list (the first Swinger if left out)",
                )
                .optional(),
            )
            .option(
                integer(
                    "seed",
                    "The published seed of the draw (from the clock if left out)",
                    0,
                    i64::from(u32::MAX),
                )
                .optional(),
            )
            .who("the Chess-Umpire")
            .rule("Rule 1230.2 §2, §3.A")
            .run(|app, call, a| {
                Box::pin(async move {
                    answer(
                        app.partychess().start(
                            &call,
                            a.opt_person("nap").as_ref(),
                            a.opt_integer("seed"),
                        )
                        .await,
                    )
                })
            }),
            command(
                "partychess leave",
                "Leave your Office of Swinger, which stays Warm",
            )
            .who("a Swinger")
            .rule("Rule 1230.2 §4.B")
            .run(|app, call, _| Box::pin(async move { answer(app.partychess().leave(&call).await) })),
            command(
                "partychess office",
                "Destroy an Office of Swinger nobody holds, or seat a member in it (Chess-Umpire)",
            )
            .option(integer("seat", "The Office's seat number", 1, 10_000))
            .option(
                person(
                    "member",
                    "Who takes it up (leave out: the Office is destroyed, before the start only)",
                )
                .optional(),
            )
            .who("the Chess-Umpire")
            .rule("Rule 1230.2 §2.B, §2.D, §3.A, §3.E")
            .run(|app, call, a| {
                Box::pin(async move {
                    answer(
                        app.partychess().office(
                            &call,
                            a.integer("seat")?,
                            a.opt_person("member").as_ref(),
                        )
                        .await,
                    )
                })
            }),
            command(
                "partychess move",
                "Move one of your pieces to an empty square",
            )
            .option(square("from", "The piece's square, such as e5"))
            .option(square("to", "The empty square it moves to"))
            .option(promote())
            .who("the Swinger whose turn it is")
            .rule("Rule 1230.2 §6.A, §7; the piece's rule")
            .run(|app, call, a| {
                Box::pin(async move {
                    let (from, to, pr) = (a.text("from")?, a.text("to")?, a.opt_text("promote"));
                    answer(
                        app.partychess().play(
                            &call,
                            Typed::Move {
                                from: &from,
                                to: &to,
                                promote: pr.as_deref(),
                            },
                        )
                        .await,
                    )
                })
            }),
            command("partychess capture", "Capture with one of your pieces")
                .option(square("from", "The capturing piece's square"))
                .option(text(
                    "to",
                    "The captured piece's square (a Tornado: each segment's, e7,g9)",
                    60,
                ))
                .option(promote())
                .who("the Swinger whose turn it is")
                .rule("Rule 1230.1 §4, 1230.2 §6.B; the piece's rule")
                .run(|app, call, a| {
                    Box::pin(async move {
                        let (from, to, pr) =
                            (a.text("from")?, a.text("to")?, a.opt_text("promote"));
                        answer(
                            app.partychess().play(
                                &call,
                                Typed::Capture {
                                    from: &from,
                                    to: &to,
                                    promote: pr.as_deref(),
                                },
                            )
                            .await,
                        )
                    })
                }),
            command(
                "partychess place",
                "Place one of your off-board pieces on an empty square",
            )
            .option(text("piece", "The piece's character, such as R", 12))
            .option(square("at", "The empty square"))
            .option(
                integer(
                    "hn",
                    "Which of your off-board HarfyBlobs, by its Hn, when they differ",
                    1,
                    20,
                )
                .optional(),
            )
            .who("the Swinger whose turn it is")
            .rule("Rule 1230.2 §6.C; Rule 1230.8 §5; Rule 1230.14")
            .run(|app, call, a| {
                Box::pin(async move {
                    let (piece, at) = (a.text("piece")?, a.text("at")?);
                    answer(
                        app.partychess().play(
                            &call,
                            Typed::Place {
                                piece: &piece,
                                at: &at,
                                hn: a.opt_integer("hn"),
                            },
                        )
                        .await,
                    )
                })
            }),
            command("partychess pass", "Pass: make no change")
                .who("the Swinger whose turn it is")
                .rule("Rule 1230.2 §6.D, §7")
                .run(|app, call, _| {
                    Box::pin(async move { answer(app.partychess().play(&call, Typed::Pass).await) })
                }),
            command(
                "partychess surrender",
                "Surrender: all your pieces go off-board",
            )
            .who("the Swinger whose turn it is; a Warm Office's last holder at any time")
            .rule("Rule 1230.2 §6.E, §4.B(iv)")
            .run(|app, call, _| {
                Box::pin(async move { answer(app.partychess().play(&call, Typed::Surrender).await) })
            }),
            command(
                "partychess extend",
                "Extend the turn, up to 7 days after its announcement, or as Rule 1230.2 now says (Chess-Umpire)",
            )
            .option(integer(
                "days",
                "Days after the announcement of the game's state",
                2,
                MAX_EXTENSION_OPTION,
            ))
            .who("the Chess-Umpire")
            .rule("Rule 1230.2 §4.A")
            .run(|app, call, a| {
                Box::pin(
                    async move { answer(app.partychess().extend_turn(&call, a.integer("days")?).await) },
                )
            }),
            command(
                "partychess create",
                "Create a new piece for a Swinger, paying its cost to the Treasury",
            )
            .option(text(
                "piece",
                "Its character or name, such as R or Camel",
                20,
            ))
            .option(
                person(
                    "swinger",
                    "The Swinger it is created for (yourself if left out)",
                )
                .optional(),
            )
            .rule("Rule 1230.1 §2.D, §3.G")
            .run(|app, call, a| {
                Box::pin(async move {
                    answer(
                        app.partychess().create_piece(
                            &call,
                            &a.text("piece")?,
                            a.opt_person("swinger").as_ref(),
                        )
                        .await,
                    )
                })
            }),
            command("partychess pieces", "Which rules define pieces, and why")
                .rule("Rule 1230.1 §3.A")
                .run(|app, _, _| Box::pin(async move { answer(app.partychess().pieces().await) })),
            command("partychess board", "The Party Board and the pieces off it")
                .rule("Rule 1230.1 §1")
                .run(|app, _, _| Box::pin(async move { answer(app.partychess().board().await) })),
            command(
                "partychess weights",
                "The Swingers' Weights, with the working if asked",
            )
            .option(flag(
                "explain",
                "Show each piece's value, Mobility, attack and defence",
            ))
            .rule("Rule 1230.3")
            .run(|app, _, a| {
                Box::pin(async move { answer(app.partychess().weights(a.flag("explain")).await) })
            }),
        ],
    }
}
