//! Rule changes: /turns (the players' allocated days and teams), /rule (the rulebook) and
//! /procedure (its parameters), /propose, /vote, /points and /forfeit.

use crate::app::choices::Pick;
use crate::app::nomic::ProposalInput;
use crate::commands::paging::{page_of_lines, Paged};
use crate::commands::said::answer;
use crate::commands::{choice, command, flag, integer, person, text, Section};
use crate::domain::kernel::pages::Listing;
use crate::domain::kernel::words::Words;
use crate::domain::nomic::parameters::Parameter;
use crate::domain::nomic::proposal_record::RuleChangeKind;
use crate::domain::nomic::revision::DraftDecision;
use crate::domain::nomic::turns::PlayingDay;
use crate::domain::nomic::Ballot;

/// Rules on one page of `/rule list`.
const RULES_PAGE: usize = 15;
use crate::domain::kernel::authority::Power;
use crate::domain::kernel::limits::NUMBER_MAX;
use crate::domain::nomic::revision::SUMMARY_MAX;

/// The longest rule label or search typed.
const LABEL_MAX: usize = 40;
/// The longest text of a proposed rule.
const RULE_TEXT_MAX: usize = 2000;
/// The longest parameter value.
const VALUE_MAX: usize = 20;

/// The most teams a game of at most five players can have.
const TEAM_MAX: i64 = 5;

pub(in crate::commands) fn section() -> Section {
    Section {
        heading: "Rule changes",
        note: "",
        commands: vec![
            command("turns show", "Who plays on which allocated day (Nomic 201)")
                .rule("Nomic 201, 214")
                .run(|app, call, _| {
                    Box::pin(async move { answer(app.nomic().turns(&call).await) })
                }),
            command("turns set", "Allocate a player's day (Chief Justice only)")
                .option(person("member", "The player"))
                .option(choice(
                    "day",
                    "Their day, Monday to Friday (Nomic 201: none at the weekend)",
                    PlayingDay::WORDS,
                ))
                .needs(Power::ChiefJustice)
                .who("Chief Justice")
                .rule("one player a weekday, none at the weekend, Nomic 201")
                .run(|app, call, a| {
                    Box::pin(async move {
                        answer(
                            app.nomic()
                                .set_turn(
                                    &call,
                                    &a.person("member")?,
                                    a.choice::<PlayingDay>("day")?.into(),
                                )
                                .await,
                        )
                    })
                }),
            command(
                "turns team",
                "Put a player in a team, or in none (Chief Justice only)",
            )
            .option(person("member", "The player"))
            .option(integer("team", "The team's number (none if left out)", 1, TEAM_MAX).optional())
            .needs(Power::ChiefJustice)
            .who("Chief Justice")
            .rule("team-mates, Nomic 214")
            .run(|app, call, a| {
                Box::pin(async move {
                    let team = a.opt_integer("team").and_then(|t| u32::try_from(t).ok());
                    answer(
                        app.nomic()
                            .set_team(&call, &a.person("member")?, team)
                            .await,
                    )
                })
            }),
            command(
                "turns winner",
                "Record the winner a Judgement decided on a tie for the win (Chief Justice only)",
            )
            .option(person("member", "The winner the Judgement named"))
            .option(
                integer("point", "The Point of Order that decided it", 1, NUMBER_MAX)
                    .picks(Pick::Point),
            )
            .needs(Power::ChiefJustice)
            .who("Chief Justice")
            .rule("only while a tie awaits a Judge, Nomic 210, 214, 215")
            .run(|app, call, a| {
                Box::pin(async move {
                    answer(
                        app.nomic()
                            .record_judged_winner(&call, &a.person("member")?, a.integer("point")?)
                            .await,
                    )
                })
            }),
            command(
                "propose",
                "Propose a rule-change (Nomic) or suggest or draft a change (Terms §IV)",
            )
            .option(
                choice(
                    "kind",
                    "What it does (a Member's suggestion needs none)",
                    RuleChangeKind::WORDS,
                )
                .optional(),
            )
            .option(
                text(
                    "text",
                    "The rule's text (paragraphs separated by \" / \")",
                    RULE_TEXT_MAX,
                )
                .optional(),
            )
            .option(
                text(
                    "rule",
                    "The rule or Act it changes, such as 201 or §II 5",
                    LABEL_MAX,
                )
                .optional()
                .picks(Pick::Rule),
            )
            .option(
                text(
                    "summary",
                    "The change-log line of a drafted change (Terms §IV)",
                    SUMMARY_MAX,
                )
                .optional(),
            )
            .option(
                integer(
                    "suggestion",
                    "The suggestion a draft takes up (Terms §IV Act 4)",
                    1,
                    NUMBER_MAX,
                )
                .optional(),
            )
            .rule("Nomic 103, 107, 109, 111, 116, 201, 202, 211; Terms §IV Act 4, 5")
            .run(|app, call, a| {
                Box::pin(async move {
                    let input = ProposalInput {
                        kind: a.opt_choice("kind"),
                        text: a.opt_text("text"),
                        rule: a.opt_text("rule"),
                        summary: a.opt_text("summary"),
                        suggestion: a.opt_integer("suggestion"),
                    };
                    answer(app.nomic().propose(&call, &input).await)
                })
            }),
            command(
                "vote",
                "Vote on a proposal: once, never changed (Nomic 105, 113, 208)",
            )
            .option(
                integer("proposal", "The proposal's number", 1, NUMBER_MAX)
                    .picks(Pick::ProposalToVote),
            )
            .option(choice("choice", "Your vote", Ballot::WORDS))
            .who("players; Members on drafts, advisory")
            .rule("one vote each, none at the weekend, Nomic 105, 113, 201, 208")
            .run(|app, call, a| {
                Box::pin(async move {
                    answer(
                        app.nomic()
                            .vote(&call, a.integer("proposal")?, a.choice("choice")?)
                            .await,
                    )
                })
            }),
            command(
                "proposal list",
                "The newest proposals, suggestions and drafts",
            )
            .rule("Nomic 109; Terms §IV; 20 a page")
            .paged(|app, call, a| {
                Box::pin(async move {
                    let list = app
                        .nomic()
                        .list_proposals(&call, a.opt_integer("page"))
                        .await
                        .map_err(|e| e.to_string())?;
                    Ok(Paged::new(list.to_string(), &list.window))
                })
            }),
            command(
                "proposal show",
                "A proposal, suggestion or draft: its text, votes and result",
            )
            .option(integer("proposal", "Its number", 1, NUMBER_MAX).picks(Pick::Proposal))
            .rule("Nomic 109, 113; Terms §IV")
            .run(|app, call, a| {
                Box::pin(async move {
                    answer(
                        app.nomic()
                            .show_proposal(&call, a.integer("proposal")?)
                            .await,
                    )
                })
            }),
            command(
                "proposal decide",
                "Adopt or reject a drafted change to the Terms (Chief Justice only)",
            )
            .option(integer("proposal", "The draft's number", 1, NUMBER_MAX).picks(Pick::Proposal))
            .option(choice("decision", "Adopt or reject", DraftDecision::WORDS))
            .option(text("reason", "Why, for #discussion", SUMMARY_MAX).optional())
            .needs(Power::ChiefJustice)
            .who("Chief Justice")
            .rule("applies at once as the next version, Terms §IV Act 1, 2")
            .run(|app, call, a| {
                Box::pin(async move {
                    let reason = a.opt_text("reason");
                    answer(
                        app.nomic()
                            .decide(
                                &call,
                                a.integer("proposal")?,
                                a.choice("decision")?,
                                reason.as_deref(),
                            )
                            .await,
                    )
                })
            }),
            command("points", "Every player's points (Nomic 209, 210)")
                .rule("200 wins, Nomic 210")
                .run(|app, call, _| {
                    Box::pin(async move { answer(app.nomic().points(&call).await) })
                }),
            command("forfeit", "Forfeit the game of Nomic (Nomic 115)")
                .option(flag("confirm", "true: you leave the game for good"))
                .who("players")
                .rule("for good, with confirm:true; Nomic 115")
                .run(|app, call, a| {
                    Box::pin(
                        async move { answer(app.nomic().forfeit(&call, a.flag("confirm")).await) },
                    )
                }),
            command(
                "rule show",
                "Show a rule or Act: its text, mutability, version and notes",
            )
            .option(text("rule", "The rule, such as 201 or §II 5", LABEL_MAX).picks(Pick::Rule))
            .rule("Nomic 101-118, 201-215; the Terms")
            .run(|app, call, a| {
                Box::pin(
                    async move { answer(app.nomic().rule_show(&call, &a.text("rule")?).await) },
                )
            }),
            command("rule list", "List the rules in force")
                .rule("Nomic 211 (mutable rules); the Terms; 15 a page")
                .paged(|app, call, a| {
                    Box::pin(async move {
                        let list = answer(app.nomic().rule_list(&call).await)?;
                        let listing = Listing::new("/rule list", "The rulebook", RULES_PAGE);
                        page_of_lines(&list.text, &listing, a.opt_integer("page"))
                    })
                }),
            command(
                "rule history",
                "Every version of a rule: who changed it, how, by which proposal",
            )
            .option(text("rule", "The rule, such as 201 or §II 5", LABEL_MAX).picks(Pick::Rule))
            .rule("Nomic 108-110; Terms §IV Act 2")
            .run(|app, call, a| {
                Box::pin(
                    async move { answer(app.nomic().rule_history(&call, &a.text("rule")?).await) },
                )
            }),
            command(
                "rule versions",
                "The change log: every version of the rulebook and what it changed",
            )
            .rule("Terms §IV Act 2")
            .run(|app, call, _| {
                Box::pin(async move { answer(app.nomic().rule_versions(&call).await) })
            }),
            command(
                "rule search",
                "Find the rules that contain every one of some words",
            )
            .option(text("words", "The words to look for", LABEL_MAX))
            .run(|app, call, a| {
                Box::pin(
                    async move { answer(app.nomic().rule_search(&call, &a.text("words")?).await) },
                )
            }),
            command(
                "procedure show",
                "The procedure for changing the rules and its numbers",
            )
            .rule("Nomic 202-211; Terms §IV")
            .run(|app, call, _| {
                Box::pin(async move { answer(app.nomic().procedure_show(&call).await) })
            }),
            command(
                "procedure set",
                "Apply an adopted change to a parameter (Chief Justice only)",
            )
            .option(choice("name", "The parameter", Parameter::WORDS))
            .option(text("value", "Its new value", VALUE_MAX))
            .needs(Power::ChiefJustice)
            .who("Chief Justice")
            .rule("recorded and announced; Nomic 108, 206")
            .run(|app, call, a| {
                Box::pin(async move {
                    answer(
                        app.nomic()
                            .procedure_set(&call, a.choice("name")?, &a.text("value")?)
                            .await,
                    )
                })
            }),
        ],
    }
}
