//! Tournaments (ACWC 2019): /tournament create, director, show, set, enter, facts, except,
//! seed, start, pairings, standings, withdraw, disqualify, reinstate, account, ruling, report and
//! reports; /match game, report, forfeit, bid, the week's negotiation and claims, and the
//! Director's corrections (reverse, white).

mod matches;
mod said;

use crate::app::choices::Pick;
use crate::commands::said::answer;
use crate::commands::{choice, command, date, flag, integer, person, text, OptionSpec, Section};
use crate::domain::kernel::authority::Power;
use crate::domain::kernel::limits::NUMBER_MAX;
use crate::domain::kernel::text::Reason;
use crate::domain::kernel::words::Words;
use crate::domain::tournament::parameters::{Format, Number};
use crate::domain::tournament::stages::{PlayStage, SeedStage};

/// The longest account name or tournament name typed.
const NAME_MAX: usize = 60;

fn tournament() -> OptionSpec {
    integer("tournament", "The tournament's number", 1, NUMBER_MAX).picks(Pick::Tournament)
}

fn account() -> OptionSpec {
    text("account", "The Lichess account", NAME_MAX)
}

pub(super) fn a_match() -> OptionSpec {
    integer("match", "The match's number", 1, NUMBER_MAX).picks(Pick::Match)
}

pub(super) fn section() -> Section {
    Section {
        heading: "Tournaments",
        note: "the ACWC 2019 rules; posts go to #discussion",
        commands: [
            command("tournament create", "Create a tournament (Chief Justice)")
                .option(text("name", "The tournament's name", NAME_MAX))
                .option(choice(
                    "format",
                    "acwc (the 2019 rules), swiss or roundrobin (no entry requirements)",
                    Format::WORDS,
                ))
                .needs(Power::ChiefJustice)
                .who("Chief Justice")
                .rule("ACWC Organization, Format")
                .run(|app, call, a| {
                    Box::pin(async move {
                        answer(
                            app.tournament()
                                .create(&call, &a.text("name")?, a.choice("format")?)
                                .await,
                        )
                    })
                }),
            command(
                "tournament director",
                "Name a tournament's Director (Chief Justice)",
            )
            .option(tournament())
            .option(person(
                "member",
                "The Tournament Director, who may not play",
            ))
            .needs(Power::ChiefJustice)
            .who("Chief Justice")
            .rule("ACWC Organization: the TD will not participate")
            .run(|app, call, a| {
                Box::pin(async move {
                    answer(
                        app.tournament()
                            .name_director(&call, a.integer("tournament")?, &a.person("member")?)
                            .await,
                    )
                })
            }),
            command(
                "tournament enter",
                "Enter a tournament with your Lichess account",
            )
            .option(tournament())
            .option(account())
            .who("anyone but the Director")
            .rule("ACWC Player eligibility: a second account disqualifies both")
            .run(|app, call, a| {
                Box::pin(async move {
                    answer(
                        app.tournament()
                            .enter(&call, a.integer("tournament")?, &a.text("account")?)
                            .await,
                    )
                })
            }),
            command(
                "tournament facts",
                "Record an account's facts for eligibility (Director)",
            )
            .option(tournament())
            .option(account())
            .option(date("created", "When the account was created"))
            .option(integer(
                "rated_games",
                "Rated games before the date",
                0,
                NUMBER_MAX,
            ))
            .option(integer("rating", "The rating on the date", 0, 10_000))
            .option(integer(
                "peak",
                "The highest rating in the year before",
                0,
                10_000,
            ))
            .option(date("marked", "When the account was marked engine or booster").optional())
            .who("the Director")
            .rule("ACWC Player eligibility; the seeding rating, ACWC Format")
            .run(|app, call, a| {
                Box::pin(async move {
                    answer(
                        app.tournament()
                            .record_facts(
                                &call,
                                a.integer("tournament")?,
                                &a.text("account")?,
                                a.date("created")?,
                                a.integer("rated_games")?,
                                a.integer("rating")?,
                                a.integer("peak")?,
                                a.opt_date("marked"),
                            )
                            .await,
                    )
                })
            }),
            command(
                "tournament fetch",
                "Read an account's facts from Lichess and record them (Director)",
            )
            .option(tournament())
            .option(account())
            .who("the Director")
            .rule("ACWC Player eligibility; the seeding rating, ACWC Format")
            .run(|app, call, a| {
                Box::pin(async move {
                    answer(
                        app.tournament()
                            .fetch_facts(&call, a.integer("tournament")?, &a.text("account")?)
                            .await,
                    )
                })
            }),
            command(
                "tournament except",
                "Admit an account by the Director's discretion",
            )
            .option(tournament())
            .option(account())
            .option(text("reason", "Why", Reason::MAX))
            .who("the Director")
            .rule("ACWC Player eligibility: exceptions at TD discretion")
            .run(|app, call, a| {
                Box::pin(async move {
                    answer(
                        app.tournament()
                            .except_account(
                                &call,
                                a.integer("tournament")?,
                                &a.text("account")?,
                                &a.text("reason")?,
                            )
                            .await,
                    )
                })
            }),
            command(
                "tournament start",
                "Close entries and pair round 1 (Director)",
            )
            .option(tournament())
            .who("the Director")
            .rule("ACWC Qualification: 5 rounds, or log2 of the entrants above 32")
            .run(|app, call, a| {
                Box::pin(async move {
                    answer(
                        app.tournament()
                            .start(&call, a.integer("tournament")?)
                            .await,
                    )
                })
            }),
            command(
                "tournament pairings",
                "A round's pairings, with each step if asked",
            )
            .option(tournament())
            .option(integer("round", "The round (the latest if left out)", 1, 1000).optional())
            .option(flag("explain", "Show the ranking and each pairing step"))
            .rule("ACWC Pairing details (Monrad)")
            .run(|app, _, a| {
                Box::pin(async move {
                    answer(
                        app.tournament()
                            .show_pairings(
                                a.integer("tournament")?,
                                a.opt_integer("round"),
                                a.flag("explain"),
                            )
                            .await,
                    )
                })
            }),
            command(
                "tournament standings",
                "A stage's standings (the current stage's if left out)",
            )
            .option(tournament())
            .option(choice("stage", "swiss, candidates or final", PlayStage::WORDS).optional())
            .rule("ACWC Qualification, Candidates, Final")
            .run(|app, _, a| {
                Box::pin(async move {
                    answer(
                        app.tournament()
                            .standings(a.integer("tournament")?, a.opt_choice("stage"))
                            .await,
                    )
                })
            }),
            command(
                "tournament show",
                "A tournament's stage, Director and numbers",
            )
            .option(tournament())
            .rule("ACWC Format")
            .run(|app, _, a| {
                Box::pin(
                    async move { answer(app.tournament().show(a.integer("tournament")?).await) },
                )
            }),
            command(
                "tournament set",
                "Change one of a tournament's numbers before it starts (Director)",
            )
            .option(tournament())
            .option(choice("name", "Which number", Number::WORDS))
            .option(integer("value", "Its new value", 0, 10_000))
            .who("the Director")
            .rule("ACWC Format")
            .run(|app, call, a| {
                Box::pin(async move {
                    answer(
                        app.tournament()
                            .set_number(
                                &call,
                                a.integer("tournament")?,
                                a.choice("name")?,
                                a.integer("value")?,
                            )
                            .await,
                    )
                })
            }),
            command(
                "tournament seed",
                "Seed an entrant past the Swiss (Director)",
            )
            .option(tournament())
            .option(account())
            .option(choice("stage", "candidates or final", SeedStage::WORDS))
            .who("the Director")
            .rule("ACWC Format: last year's finalists proceed automatically")
            .run(|app, call, a| {
                Box::pin(async move {
                    answer(
                        app.tournament()
                            .seed(
                                &call,
                                a.integer("tournament")?,
                                &a.text("account")?,
                                a.choice("stage")?,
                            )
                            .await,
                    )
                })
            }),
            command(
                "tournament withdraw",
                "Withdraw from a tournament (or, the Director, withdraw a player)",
            )
            .option(tournament())
            .option(person("member", "Who withdraws (yourself if left out)").optional())
            .who("the player, the Director")
            .rule("ACWC Disqualification and withdrawals")
            .run(|app, call, a| {
                Box::pin(async move {
                    answer(
                        app.tournament()
                            .withdraw(
                                &call,
                                a.integer("tournament")?,
                                a.opt_person("member").as_ref(),
                            )
                            .await,
                    )
                })
            }),
            command("tournament disqualify", "Disqualify a player (Director)")
                .option(tournament())
                .option(person("member", "Who is disqualified"))
                .option(text("reason", "Why", Reason::MAX))
                .option(flag(
                    "engine",
                    "For an engine mark: their finished Swiss games go to their opponents",
                ))
                .who("the Director")
                .rule("ACWC Disqualification and withdrawals; Reporting cheats")
                .run(|app, call, a| {
                    Box::pin(async move {
                        answer(
                            app.tournament()
                                .disqualify(
                                    &call,
                                    a.integer("tournament")?,
                                    &a.person("member")?,
                                    &a.text("reason")?,
                                    a.flag("engine"),
                                )
                                .await,
                        )
                    })
                }),
            command(
                "tournament ruling",
                "The Director's final call in a dispute",
            )
            .option(tournament())
            .option(text("text", "The ruling", Reason::MAX))
            .option(a_match().optional())
            .who("the Director")
            .rule("ACWC Organization: the TD makes the final call")
            .run(|app, call, a| {
                Box::pin(async move {
                    answer(
                        app.tournament()
                            .ruling(
                                &call,
                                a.integer("tournament")?,
                                &a.text("text")?,
                                a.opt_integer("match"),
                            )
                            .await,
                    )
                })
            }),
            command(
                "tournament report",
                "Report cheating privately to the Director; never posted",
            )
            .option(tournament())
            .option(person("member", "Whom you report"))
            .option(text("text", "What you saw", Reason::MAX))
            .private()
            .rule("ACWC Reporting cheats: accusations are made privately")
            .run(|app, call, a| {
                Box::pin(async move {
                    answer(
                        app.tournament()
                            .report_cheating(
                                &call,
                                a.integer("tournament")?,
                                &a.person("member")?,
                                &a.text("text")?,
                            )
                            .await,
                    )
                })
            }),
            command(
                "tournament reports",
                "Read the private cheating reports (Director)",
            )
            .option(tournament())
            .private()
            .who("the Director")
            .rule("ACWC Reporting cheats")
            .run(|app, call, a| {
                Box::pin(async move {
                    answer(
                        app.tournament()
                            .cheating_reports(&call, a.integer("tournament")?)
                            .await,
                    )
                })
            }),
            command("tournament arbiter", "Name the match arbiter (Director)")
                .option(tournament())
                .option(person("member", "The match arbiter"))
                .who("the Director")
                .rule("ACWC Match negotiations")
                .run(|app, call, a| {
                    Box::pin(async move {
                        answer(
                            app.tournament()
                                .name_arbiter(&call, a.integer("tournament")?, &a.person("member")?)
                                .await,
                        )
                    })
                }),
            command(
                "tournament reinstate",
                "Put back a player withdrawn or disqualified by mistake (Director)",
            )
            .option(tournament())
            .option(person("member", "Who is reinstated"))
            .option(text("reason", "Why", Reason::MAX))
            .who("the Director")
            .rule("ACWC Organization: the TD makes the final call")
            .run(|app, call, a| {
                Box::pin(async move {
                    answer(
                        app.tournament()
                            .reinstate(
                                &call,
                                a.integer("tournament")?,
                                &a.person("member")?,
                                &a.text("reason")?,
                            )
                            .await,
                    )
                })
            }),
            command(
                "tournament account",
                "Correct a mistyped Lichess account (Director)",
            )
            .option(tournament())
            .option(account())
            .option(text("to", "The right account", NAME_MAX))
            .option(text("reason", "Why", Reason::MAX))
            .who("the Director")
            .rule("ACWC Organization: the TD makes the final call; Player eligibility")
            .run(|app, call, a| {
                Box::pin(async move {
                    answer(
                        app.tournament()
                            .correct_account(
                                &call,
                                a.integer("tournament")?,
                                &a.text("account")?,
                                &a.text("to")?,
                                &a.text("reason")?,
                            )
                            .await,
                    )
                })
            }),
        ]
        .into_iter()
        .chain(matches::commands())
        .collect(),
    }
}
