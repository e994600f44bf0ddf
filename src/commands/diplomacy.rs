//! The Diplomacy tournament (World Masters house rules): /team create and add; /diplomacy open,
//! assign, orders, extend, unavailable, propose, vote, standings and advance; /board deadline,
//! orders and centres (the GM); /press. Discord's tree has two levels, so the issue's
//! "/diplomacy round open" is /diplomacy open.

use crate::commands::diplomacy_args::{centres, powers, season, turn};
use crate::commands::said::answer;
use crate::commands::{
    choice, command, date_time, flag, integer, person, text, OptionSpec, Section,
};
use crate::domain::diplomacy::deadline::Unavailable;
use crate::domain::diplomacy::press::{PressKind, PressRule};
use crate::domain::diplomacy::states::Joining;
use crate::domain::diplomacy::vote::{Cast, ProposalKind};
use crate::domain::diplomacy::{Power as Great, NAME_MAX, ORDERS_MAX, PRESS_MAX};
use crate::domain::kernel::authority::Power;
use crate::domain::kernel::limits::NUMBER_MAX;
use crate::domain::kernel::words::Words;

fn round() -> OptionSpec {
    integer(
        "round",
        "The round: 1, 2 team rounds, 3 semi-final, 4 final (under 42 teams: 2 semi-final, 3 final; B.4)",
        1,
        4,
    )
}

/// A random draw's seed, optional: published with the draw so anyone can repeat it.
fn seed(description: &'static str) -> OptionSpec {
    integer("seed", description, 0, NUMBER_MAX).optional()
}

/// A power, by its letter.
fn power(description: &'static str) -> OptionSpec {
    choice("power", description, Great::WORDS)
}

fn board() -> OptionSpec {
    text(
        "board",
        "The board's name, such as \"R1 Board 3\"",
        NAME_MAX,
    )
    .picks(crate::app::choices::Pick::Board)
}

pub(super) fn section() -> Section {
    Section {
        heading: "Diplomacy",
        note: "the World Masters house rules, sections B, C and D; posts go to #discussion",
        commands: vec![
            command(
                "board policy",
                "State the game's policy at its outset: press rule and late orders (the GM)",
            )
            .option(board())
            .option(choice(
                "press",
                "D.X.1's standard rule, or Alternative Rule A, B or C",
                PressRule::WORDS,
            ))
            .option(flag(
                "late_orders",
                "D.VII.3's alternative: orders accepted until the start of adjudication",
            ))
            .who("the board's GM")
            .rule("D.I.1(b), D.VII.3, D.X.1")
            .run(|app, call, a| {
                Box::pin(async move {
                    answer(
                        app.diplomacy().state_policy(
                            &call,
                            &a.text("board")?,
                            a.choice("press")?,
                            a.flag("late_orders"),
                        )
                        .await,
                    )
                })
            }),
            command("team create", "Sign a team up and name its captain")
                .option(text("name", "The team's name", NAME_MAX))
                .option(person("captain", "The captain, who may also play"))
                .who("anyone but the TD and TMC")
                .rule("B.2; A.4, A.8")
                .run(|app, call, a| {
                    Box::pin(async move {
                        answer(
                            app.diplomacy().create_team(&call, &a.text("name")?, &a.person("captain")?)
                                .await,
                        )
                    })
                }),
            command(
                "team add",
                "Add a player, reserve or GM to a team (its captain or the TD)",
            )
            .option(text("team", "The team", NAME_MAX))
            .option(person("member", "Who joins"))
            .option(power("Round 1's power from the sign-up (B.5)").optional())
            .option(
                choice(
                    "role",
                    "player (the default), reserve or gm",
                    Joining::WORDS,
                )
                .optional(),
            )
            .who("the team's captain or the TD")
            .rule("B.2, B.5; A.1")
            .run(|app, call, a| {
                Box::pin(async move {
                    answer(
                        app.diplomacy().add_member(
                            &call,
                            &a.text("team")?,
                            &a.person("member")?,
                            a.opt_choice("power"),
                            a.opt_choice("role").unwrap_or_default(),
                        )
                        .await,
                    )
                })
            }),
            command(
                "diplomacy open",
                "Open a round, to the year B.3 gives it (the TD)",
            )
            .option(round())
            .option(text("end", "The last season, such as F1909", 20))
            .needs(Power::Director)
            .who("the TD")
            .rule("B.1, B.3, B.4")
            .run(|app, call, a| {
                Box::pin(async move {
                    answer(
                        app.diplomacy().open_round(&call, a.integer("round")?, season(&a.text("end")?))
                            .await,
                    )
                })
            }),
            command(
                "diplomacy assign",
                "Deal a round's players to boards and powers (the TD)",
            )
            .option(round())
            .option(seed("The draw's seed, published so anyone can repeat it"))
            .needs(Power::Director)
            .who("the TD")
            .rule("B.5, B.6 a-e wherever possible")
            .run(|app, call, a| {
                Box::pin(async move {
                    answer(
                        app.diplomacy().assign_round(&call, a.integer("round")?, a.opt_integer("seed"))
                            .await,
                    )
                })
            }),
            command(
                "diplomacy titles",
                "The titles: the individual and team winners and each power's best country",
            )
            .option(seed("The die's seed, published so anyone can repeat it"))
            .who("anyone")
            .rule("C.11-C.13")
            .run(|app, call, a| {
                Box::pin(async move { answer(app.diplomacy().titles(&call, a.opt_integer("seed")).await) })
            }),
            command(
                "diplomacy signup",
                "Sign up as an individual, to be grouped into a team of seven",
            )
            .who("anyone not on a team, but the TD and TMC")
            .rule("B.2; A.4, A.8")
            .run(|app, call, _| Box::pin(async move { answer(app.diplomacy().sign_up(&call).await) })),
            command(
                "diplomacy group",
                "Group the individual sign-ups at random into teams of seven (the TD)",
            )
            .option(seed("The draw's seed, published so anyone can repeat it"))
            .needs(Power::Director)
            .who("the TD")
            .rule("B.2")
            .run(|app, call, a| {
                Box::pin(async move { answer(app.diplomacy().group(&call, a.opt_integer("seed")).await) })
            }),
            command(
                "diplomacy orders",
                "Send your orders privately, with a timestamped receipt",
            )
            .option(board())
            .option(text(
                "text",
                "Your orders, one per unit, separated by ; or new lines",
                ORDERS_MAX,
            ))
            .option(flag("final", "Mark this set Final (D.II.1)"))
            .private()
            .who("the board's players")
            .rule("D.II, D.III.3, D.VII.1, D.VII.3, D.VII.7")
            .run(|app, call, a| {
                Box::pin(async move {
                    answer(
                        app.diplomacy().submit_orders(
                            &call,
                            &a.text("board")?,
                            &a.text("text")?,
                            a.flag("final"),
                        )
                        .await,
                    )
                })
            }),
            command(
                "diplomacy extend",
                "Ask for an extension; the GM grants more by naming the power",
            )
            .option(board())
            .option(integer("days", "Days of extension", 1, 7))
            .option(flag(
                "holiday",
                "A holiday the TD decreed eligible: not charged, and must be granted",
            ))
            .option(power("The power a further extension is for (the GM)").optional())
            .who("the board's players and the GM, for holidays too; the GM for further extensions")
            .rule("D.VII.5")
            .run(|app, call, a| {
                Box::pin(async move {
                    answer(
                        app.diplomacy().extend(
                            &call,
                            &a.text("board")?,
                            a.integer("days")?,
                            a.flag("holiday"),
                            a.opt_choice("power"),
                        )
                        .await,
                    )
                })
            }),
            command(
                "diplomacy holiday",
                "Decree a holiday extension for every board, or one, charged to no one (the TD)",
            )
            .option(integer("hours", "Hours the deadlines move", 1, i64::from(crate::domain::diplomacy::holiday::MAX_HOURS)))
            .option(text("reason", "The holiday, such as \"Christmas\"", 200))
            .option(board().optional())
            .needs(Power::Director)
            .who("the TD")
            .rule("D.VII.5")
            .run(|app, call, a| {
                Box::pin(async move {
                    answer(
                        app.diplomacy().holiday(
                            &call,
                            a.integer("hours")?,
                            &a.text("reason")?,
                            a.opt_text("board").as_deref(),
                        )
                        .await,
                    )
                })
            }),
            command(
                "diplomacy consent",
                "Consent to a turn shorter than the minimums at the GM's next publication",
            )
            .option(board())
            .who("the board's surviving players")
            .rule("D.VII.4(a)")
            .run(|app, call, a| {
                Box::pin(async move { answer(app.diplomacy().consent(&call, &a.text("board")?).await) })
            }),
            command(
                "diplomacy unavailable",
                "Declare your weekly 64 unavailable hours (GMT)",
            )
            .option(text(
                "from",
                "When they start, such as \"Fri 22:00\" (GMT)",
                20,
            ))
            .who("players")
            .rule("D.VII.2")
            .run(|app, call, a| {
                Box::pin(
                    async move {
                        let from = a.text("from")?;
                        let period = Unavailable::parse(&from).ok_or_else(|| {
                            format!("`{from}` is not a weekday and time: write \"Fri 22:00\" (GMT).")
                        })?;
                        answer(app.diplomacy().declare_unavailable(&call, period).await)
                    },
                )
            }),
            command(
                "diplomacy propose",
                "Propose a draw, a concession or a house-rule change",
            )
            .option(board())
            .option(choice(
                "kind",
                "draw, concede or rule",
                ProposalKind::WORDS,
            ))
            .option(
                text(
                    "powers",
                    "The draw's powers, or the one conceded to: \"A F\"",
                    20,
                )
                .optional(),
            )
            .option(text("text", "The house-rule change", 300).optional())
            .who("the board's players")
            .rule("D.IX.1-5, C.5")
            .run(|app, call, a| {
                Box::pin(async move {
                    answer(
                        app.diplomacy().propose(
                            &call,
                            &a.text("board")?,
                            a.choice("kind")?,
                            powers(a.opt_text("powers").as_deref())?,
                            a.opt_text("text").as_deref(),
                        )
                        .await,
                    )
                })
            }),
            command("diplomacy vote", "Vote on a proposal, in secret")
                .option(integer("proposal", "The proposal's number", 1, NUMBER_MAX))
                .option(choice(
                    "vote",
                    "yes, no or abstain (a No, D.IX.1); anything else is unclear, uncast",
                    Cast::WORDS,
                ))
                .private()
                .who("the board's remaining players; the GM on a house-rule change")
                .rule("D.IX.1, D.IX.2, D.IX.5")
                .run(|app, call, a| {
                    Box::pin(async move {
                        answer(
                            app.diplomacy().vote(&call, a.integer("proposal")?, a.choice("vote")?)
                                .await,
                        )
                    })
                }),
            command(
                "diplomacy standings",
                "A round's standings, each placing with its tie-break",
            )
            .option(round())
            .rule("C.6-C.9, C.11")
            .run(|app, call, a| {
                Box::pin(async move { answer(app.diplomacy().standings(&call, a.integer("round")?).await) })
            }),
            command(
                "diplomacy advance",
                "Advance a round's players by C.6-C.11 (the TD)",
            )
            .option(round())
            .option(
                integer(
                    "places",
                    "How many advance (B.4's boards × 7 after round 1)",
                    1,
                    NUMBER_MAX,
                )
                .optional(),
            )
            .option(seed("The d100's seed, published"))
            .needs(Power::Director)
            .who("the TD")
            .rule("B.4, C.6-C.11")
            .run(|app, call, a| {
                Box::pin(async move {
                    answer(
                        app.diplomacy().advance(
                            &call,
                            a.integer("round")?,
                            a.opt_integer("places"),
                            a.opt_integer("seed"),
                        )
                        .await,
                    )
                })
            }),
            command(
                "board deadline",
                "Publish a turn and its deadline in GMT (the GM)",
            )
            .option(board())
            .option(text(
                "turn",
                "The turn, such as S1901M, F1901R or W1901A",
                8,
            ))
            .option(date_time("at", "The deadline in GMT, YYYY-MM-DD HH:MM (D.VII.4b)"))
            .option(flag(
                "consent",
                "Every surviving player has consented to a shorter turn (/diplomacy consent)",
            ))
            .who("the board's GM")
            .rule("D.VII.2, D.VII.4")
            .run(|app, call, a| {
                Box::pin(async move {
                    answer(
                        app.diplomacy().set_deadline(
                            &call,
                            &a.text("board")?,
                            turn(&a.text("turn")?)?,
                            a.date_time("at")?,
                            a.flag("consent"),
                        )
                        .await,
                    )
                })
            }),
            command(
                "board orders",
                "This turn's orders as you adjudicate them (the GM)",
            )
            .option(board())
            .option(flag(
                "merged",
                "Merge the versions unit by unit (D.III.3's alternative)",
            ))
            .private()
            .who("the board's GM")
            .rule("D.III.3")
            .run(|app, call, a| {
                Box::pin(async move {
                    answer(
                        app.diplomacy().show_orders(&call, &a.text("board")?, a.flag("merged"))
                            .await,
                    )
                })
            }),
            command(
                "board centres",
                "Record a season's supply-centre counts (the GM)",
            )
            .option(board())
            .option(text("season", "The season, such as F1908", 12))
            .option(text(
                "counts",
                "Each power's centres: \"A=5 E=4 F=6 G=7 I=4 R=4 T=4\"",
                60,
            ))
            .who("the board's GM")
            .rule("C.1-C.5")
            .run(|app, call, a| {
                Box::pin(async move {
                    answer(
                        app.diplomacy().record_centres(
                            &call,
                            &a.text("board")?,
                            season(&a.text("season")?)?,
                            centres(&a.text("counts")?)?,
                        )
                        .await,
                    )
                })
            }),
            command(
                "board replace",
                "Hand a position to a replacement, permanent or until a season",
            )
            .option(board())
            .option(power("The position's power"))
            .option(person("member", "The replacement; left out, the reserve pool's draw (B.8(d))").optional())
            .option(
                text(
                    "until",
                    "A temporary replacement's last season, such as F1905",
                    12,
                )
                .optional(),
            )
            .who("the board's GM, the TD; the team's captain in team rounds; the player, for a temporary one")
            .rule("B.7-B.10, D.VII.6b")
            .run(|app, call, a| {
                Box::pin(async move {
                    answer(
                        app.diplomacy().replace(
                            &call,
                            &a.text("board")?,
                            a.choice("power")?,
                            a.opt_person("member").as_ref(),
                            a.opt_text("until").as_deref().map(season).transpose()?,
                        )
                        .await,
                    )
                })
            }),
            command(
                "diplomacy reserves",
                "The reserve pool for a board, in ranking order, and who is drawn next",
            )
            .option(board())
            .who("anyone")
            .rule("B.8(d), B.9, B.10; A.10")
            .run(|app, call, a| {
                Box::pin(async move { answer(app.diplomacy().reserves(&call, &a.text("board")?).await) })
            }),
            command(
                "diplomacy standby",
                "Reply to the reserve pool's call: take a position on a board if drawn",
            )
            .option(board())
            .who("the board's reserve pool")
            .rule("B.8(d)")
            .run(|app, call, a| {
                Box::pin(async move { answer(app.diplomacy().standby(&call, &a.text("board")?).await) })
            }),
            command(
                "diplomacy veto",
                "Bar someone from replacing on a board, for a conflict of interest (the TD)",
            )
            .option(board())
            .option(person("member", "Who may not replace there"))
            .option(text("reason", "The conflict of interest", 200))
            .needs(Power::Director)
            .who("the TD")
            .rule("B.10")
            .run(|app, call, a| {
                Box::pin(async move {
                    answer(
                        app.diplomacy().veto(
                            &call,
                            &a.text("board")?,
                            &a.person("member")?,
                            &a.text("reason")?,
                        )
                        .await,
                    )
                })
            }),
            command(
                "board return",
                "End a temporary replacement: the player takes the position back",
            )
            .option(board())
            .option(power("The position's power"))
            .who("the board's GM, the TD, the player replaced")
            .rule("B.7")
            .run(|app, call, a| {
                Box::pin(async move {
                    answer(
                        app.diplomacy().return_player(&call, &a.text("board")?, a.choice("power")?)
                            .await,
                    )
                })
            }),
            command("press", "Send press to a board: white, gray or dark gray")
                .option(board())
                .option(text("text", "The press", PRESS_MAX))
                .option(choice(
                    "kind",
                    "white (signed), gray (anonymous) or darkgray (signed as someone)",
                    PressKind::WORDS,
                ))
                .option(text("as", "Who dark-gray press is signed as", NAME_MAX).optional())
                .private()
                .who("the board's players")
                .rule("D.X.1, D.X.2")
                .run(|app, call, a| {
                    Box::pin(async move {
                        answer(
                            app.diplomacy().press(
                                &call,
                                &a.text("board")?,
                                &a.text("text")?,
                                a.choice("kind")?,
                                a.opt_text("as").as_deref(),
                            )
                            .await,
                        )
                    })
                }),
            command(
                "diplomacy decline",
                "A qualifier declines the final or cannot play it; the next by C.10 takes the seat (the TD)",
            )
            .option(person("member", "The qualifier who declines"))
            .needs(Power::Director)
            .who("the TD")
            .rule("C.10")
            .run(|app, call, a| {
                Box::pin(async move { answer(app.diplomacy().decline(&call, &a.person("member")?).await) })
            }),
        ],
    }
}
