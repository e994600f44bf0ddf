//! Tournaments (ACWC 2019): /tournament create, director, enter, facts, except, start,
//! pairings and standings; /match game and report.

use crate::app::choices::Pick;
use crate::commands::{
    choice, command, date, flag, integer, person, reply, text, OptionSpec, Section,
};
use crate::domain::kernel::authority::Power;
use crate::domain::kernel::limits::NUMBER_MAX;
use crate::domain::kernel::text::Reason;
use crate::domain::tournament::parameters::FORMATS;

/// The longest account name or tournament name typed.
const NAME_MAX: usize = 60;

fn tournament() -> OptionSpec {
    integer("tournament", "The tournament's number", 1, NUMBER_MAX).picks(Pick::Tournament)
}

fn account() -> OptionSpec {
    text("account", "The Lichess account", NAME_MAX)
}

fn a_match() -> OptionSpec {
    integer("match", "The match's number", 1, NUMBER_MAX).picks(Pick::Match)
}

pub(super) fn section() -> Section {
    Section {
        heading: "Tournaments",
        note: "the ACWC 2019 rules; posts go to #discussion",
        commands: vec![
            command("tournament create", "Create a tournament (Chief Justice)")
                .option(text("name", "The tournament's name", NAME_MAX))
                .option(choice(
                    "format",
                    "acwc (the 2019 rules) or swiss (no entry requirements)",
                    FORMATS,
                ))
                .needs(Power::ChiefJustice)
                .who("Chief Justice")
                .rule("ACWC Organization, Format")
                .run(|app, call, a| {
                    Box::pin(async move {
                        reply(
                            app.create_tournament(&call, &a.text("name")?, &a.text("format")?)
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
                    reply(
                        app.name_director(&call, a.integer("tournament")?, &a.person("member")?)
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
                    reply(
                        app.enter_tournament(&call, a.integer("tournament")?, &a.text("account")?)
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
                    reply(
                        app.record_facts(
                            &call,
                            a.integer("tournament")?,
                            &a.text("account")?,
                            &a.text("created")?,
                            a.integer("rated_games")?,
                            a.integer("rating")?,
                            a.integer("peak")?,
                            a.opt_text("marked").as_deref(),
                        )
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
                    reply(
                        app.except_account(
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
                    reply(app.start_tournament(&call, a.integer("tournament")?).await)
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
                    reply(
                        app.show_pairings(
                            a.integer("tournament")?,
                            a.opt_integer("round"),
                            a.flag("explain"),
                        )
                        .await,
                    )
                })
            }),
            command("tournament standings", "The Swiss's standings")
                .option(tournament())
                .rule("score, opponents' average seeding, own seeding")
                .run(|app, _, a| {
                    Box::pin(async move {
                        reply(app.tournament_standings(a.integer("tournament")?).await)
                    })
                }),
            command(
                "match game",
                "Record one game of a match (a player or the Director)",
            )
            .option(a_match())
            .option(person("winner", "Who won the game (leave out for a draw)").optional())
            .who("the match's players, the Director")
            .rule("ACWC Format: 10 games; a Swiss match may stop at 5.5")
            .run(|app, call, a| {
                Box::pin(async move {
                    reply(
                        app.record_game(
                            &call,
                            a.integer("match")?,
                            a.opt_person("winner").as_ref(),
                        )
                        .await,
                    )
                })
            }),
            command("match report", "Record a whole match's score (Director)")
                .option(a_match())
                .option(text("score", "The score, e.g. 5.5-3.5", 12))
                .who("the Director")
                .rule("ACWC Format")
                .run(|app, call, a| {
                    Box::pin(async move {
                        reply(
                            app.report_match(&call, a.integer("match")?, &a.text("score")?)
                                .await,
                        )
                    })
                }),
        ],
    }
}
