//! Committees (the Diplomacy house rules A.2-A.12, D.I.2, made general): /committee, /motion,
//! /houserule, /dispute and /observer.

mod disputes;
mod motions;
mod said;

use std::str::FromStr;

use crate::commands::said::answer;
use crate::commands::spec::Args;
use crate::commands::{choice, command, text, Section};
use crate::domain::committee::rules::{
    Abstaining, Majorities, MembersOpen, RulesError, Seats, Sitting, TieBreak,
};
use crate::domain::kernel::authority::Power;
use crate::domain::kernel::words::Words;

pub(super) use disputes::section as disputes_section;

/// The longest committee name.
const NAME_MAX: usize = 60;

/// An open-ended rule (a size range such as 5-8, a fraction such as 2/3) typed at the edge by
/// the domain's parser. A value it refuses travels as its refusal, which the use case gives
/// only once it has checked who is asking (the refusal is then audited like any other).
fn typed<T: FromStr<Err = RulesError>>(text: &str) -> Result<T, RulesError> {
    text.parse()
}

fn opt_typed<T: FromStr<Err = RulesError>>(
    a: &Args,
    name: &'static str,
) -> Option<Result<T, RulesError>> {
    a.opt_text(name).map(|t| typed(&t))
}

pub(super) fn section() -> Section {
    let mut commands = vec![
        command(
            "committee create",
            "Create a committee with its own voting rules (Chief Justice)",
        )
        .option(text("name", "The committee's name, e.g. TMC", NAME_MAX))
        .option(text("members", "How many members, e.g. 5-8", 20))
        .option(text(
            "turnout",
            "The part of the sitting body that must vote to bind, e.g. 2/3",
            20,
        ))
        .option(choice(
            "majority",
            "The majority it needs",
            Majorities::WORDS,
        ))
        .option(choice(
            "tie_break",
            "Who breaks a tie: the TD, or a tie rejects",
            TieBreak::WORDS,
        ))
        .option(
            choice(
                "seats",
                "The office whose holders are its members (tmc if left out)",
                Seats::WORDS,
            )
            .optional(),
        )
        .option(
            choice(
                "sitting",
                "Who sits: its members, or with the Assistant TDs (A.6)",
                Sitting::WORDS,
            )
            .optional(),
        )
        .option(
            choice(
                "abstentions",
                "Whether an abstention is a vote, for turnout and majority alike (count if left out)",
                Abstaining::WORDS,
            )
            .optional(),
        )
        .option(crate::commands::flag(
            "members_open",
            "Members, not only the TD, may open motions",
        ))
        .needs(Power::ChiefJustice)
        .who("Chief Justice")
        .rule("house rules A.2, A.6")
        .run(|app, call, a| {
            Box::pin(async move {
                let new = crate::app::committee::committees::NewCommittee {
                    name: a.text("name")?,
                    members: typed(&a.text("members")?),
                    seats: a.opt_choice("seats"),
                    turnout: typed(&a.text("turnout")?),
                    majority: a.choice::<Majorities>("majority")?.into(),
                    tie_break: a.choice("tie_break")?,
                    sitting: a.opt_choice("sitting"),
                    abstentions: a.opt_choice::<Abstaining>("abstentions").map(Into::into),
                    members_open: a.flag("members_open"),
                };
                answer(app.committee().create(&call, &new).await)
            })
        }),
        command(
            "committee set",
            "Change a committee's rules after it was created (Chief Justice; the TD for the TMC)",
        )
        .option(text("committee", "The committee, e.g. TMC", NAME_MAX))
        .option(text("members", "How many members, e.g. 3-8", 20).optional())
        .option(
            text(
                "turnout",
                "The part of the sitting body that must vote to bind, e.g. 2/3",
                20,
            )
            .optional(),
        )
        .option(choice("majority", "The majority it needs", Majorities::WORDS).optional())
        .option(
            choice(
                "tie_break",
                "Who breaks a tie: the TD, or a tie rejects",
                TieBreak::WORDS,
            )
            .optional(),
        )
        .option(
            choice(
                "sitting",
                "Who sits: its members, or with the Assistant TDs (A.6)",
                Sitting::WORDS,
            )
            .optional(),
        )
        .option(
            choice(
                "abstentions",
                "Whether an abstention is a vote, for turnout and majority alike",
                Abstaining::WORDS,
            )
            .optional(),
        )
        .option(
            choice(
                "members_open",
                "Whether members, not only the TD, may open motions",
                MembersOpen::WORDS,
            )
            .optional(),
        )
        .who("Chief Justice; the TD or the Assistant TD acting as TD for the TMC")
        .rule("house rules A.2, A.6, A.7: the TMC's follow the house rules in force")
        .run(|app, call, a| {
            Box::pin(async move {
                let change = crate::app::committee::committees::CommitteeChange {
                    name: a.text("committee")?,
                    members: opt_typed(&a, "members"),
                    turnout: opt_typed(&a, "turnout"),
                    majority: a.opt_choice::<Majorities>("majority").map(Into::into),
                    tie_break: a.opt_choice("tie_break"),
                    sitting: a.opt_choice("sitting"),
                    abstentions: a.opt_choice::<Abstaining>("abstentions").map(Into::into),
                    members_open: a.opt_choice::<MembersOpen>("members_open").map(bool::from),
                };
                answer(app.committee().set(&call, &change).await)
            })
        }),
        command("committee list", "The committees and their rules")
            .rule("house rules A.2, A.6")
            .run(|app, _, _| Box::pin(async move { answer(app.committee().list().await) })),
        command(
            "houserule import",
            "Load the World Masters house rules as a rulebook (Chief Justice)",
        )
        .needs(Power::ChiefJustice)
        .who("Chief Justice")
        .rule("house rules A.7; any other set: gavel rules import --house")
        .run(|app, call, _| {
            Box::pin(async move { answer(app.committee().import_builtin_house_rules(&call).await) })
        }),
        command(
            "houserule show",
            "An item of the house rules as it reads now",
        )
        .option(text("item", "The item, e.g. A.7 or D.I.2", 20))
        .rule("house rules A.7")
        .run(|app, _, a| {
            Box::pin(async move { answer(app.committee().show_house_rule(&a.text("item")?).await) })
        }),
        command(
            "houserule set",
            "Set what gavel enforces by a changed house rule whose text does not state it plainly (TD)",
        )
        .option(text(
            "name",
            "The setting, e.g. turns.movement_days (/houserule show names each item's)",
            40,
        ))
        .option(text("value", "Its value, e.g. 5, 3-8, 2/3 or allowed", 20))
        .who("the TD or the Assistant TD acting as TD; the Chief Justice")
        .rule("house rules A.7: refused where the text states another value")
        .run(|app, call, a| {
            Box::pin(async move {
                answer(
                    app.committee().set_house_value(&call, &a.text("name")?, &a.text("value")?)
                        .await,
                )
            })
        }),
        command(
            "houserule history",
            "Every version of an item of the house rules",
        )
        .option(text("item", "The item, e.g. A.7 or D.I.2", 20))
        .rule("house rules A.7")
        .run(|app, _, a| {
            Box::pin(async move { answer(app.committee().house_rule_history(&a.text("item")?).await) })
        }),
    ];
    commands.extend(motions::commands());
    Section {
        heading: "Committees",
        note: "the Diplomacy house rules' TMC, made general; posts go to #discussion",
        commands,
    }
}
