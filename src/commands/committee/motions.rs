//! /motion: open, vote, break, approve, veto and show (house rules A.6, A.7).

use crate::commands::said::answer;
use crate::commands::spec::CommandSpec;
use crate::commands::{choice, command, date_time, integer, text};
use crate::domain::committee::motion::Openable;
use crate::domain::committee::tally::{Choice, TIE_CHOICES};
use crate::domain::kernel::authority::Power;
use crate::domain::kernel::limits::NUMBER_MAX;
use crate::domain::kernel::text::Reason;
use crate::domain::kernel::words::Words;

/// The longest motion text.
const MOTION_MAX: usize = 1500;

fn motion() -> crate::commands::OptionSpec {
    integer("motion", "The motion's number", 1, NUMBER_MAX)
}

pub(super) fn commands() -> Vec<CommandSpec> {
    vec![
        command(
            "motion open",
            "Open a numbered motion of a committee (the TD, or a member where allowed)",
        )
        .option(text(
            "committee",
            "The committee, e.g. TMC",
            super::NAME_MAX,
        ))
        .option(text(
            "text",
            "What the committee is asked to decide",
            MOTION_MAX,
        ))
        .option(
            choice(
                "kind",
                "plain, or rule-change (a new text of a house rule, A.7)",
                Openable::WORDS,
            )
            .optional(),
        )
        .option(text("item", "For a rule change: the item, e.g. A.7", 20).optional())
        .option(
            text(
                "new_text",
                "For a rule change: the item's new text",
                MOTION_MAX,
            )
            .optional(),
        )
        .option(date_time("closes", "When it closes, YYYY-MM-DD HH:MM club time").optional())
        .who("the TD; a member where the committee allows it")
        .rule("house rules A.3, A.6, A.7")
        .run(|app, call, a| {
            Box::pin(async move {
                let m = crate::app::committee::motion::OpenMotion {
                    committee: a.text("committee")?,
                    text: a.text("text")?,
                    kind: a.opt_choice("kind"),
                    item: a.opt_text("item"),
                    new_text: a.opt_text("new_text"),
                    closes: a.opt_date_time("closes"),
                };
                answer(app.committee().open(&call, &m).await)
            })
        }),
        command(
            "motion vote",
            "Vote on a motion: yes, no or abstain (the sitting body)",
        )
        .option(motion())
        .option(choice("choice", "Your vote", Choice::WORDS))
        .who("the sitting body")
        .rule("house rules A.6")
        .run(|app, call, a| {
            Box::pin(async move {
                answer(
                    app.committee()
                        .vote(&call, a.integer("motion")?, a.choice("choice")?)
                        .await,
                )
            })
        }),
        command(
            "motion break",
            "Cast the tie-breaking vote on a tied motion (TD)",
        )
        .option(motion())
        .option(choice("choice", "The tie-breaking vote", TIE_CHOICES))
        .needs(Power::Director)
        .who("the TD or the Assistant TD acting as TD")
        .rule("house rules A.3.iii, A.6")
        .run(|app, call, a| {
            Box::pin(async move {
                answer(
                    app.committee()
                        .break_tie(&call, a.integer("motion")?, a.choice("choice")?)
                        .await,
                )
            })
        }),
        command(
            "motion approve",
            "Approve an adopted change to the house rules (TD)",
        )
        .option(motion())
        .needs(Power::Director)
        .who("the TD or the Assistant TD acting as TD")
        .rule("house rules A.7")
        .run(|app, call, a| {
            Box::pin(
                async move { answer(app.committee().approve(&call, a.integer("motion")?).await) },
            )
        }),
        command(
            "motion veto",
            "Veto an adopted change to the house rules, with the reason (TD)",
        )
        .option(motion())
        .option(text("reason", "Why the TD vetoes it", Reason::MAX))
        .needs(Power::Director)
        .who("the TD or the Assistant TD acting as TD")
        .rule("house rules A.7: the TMC may override with 2/3, 3/4 voting")
        .run(|app, call, a| {
            Box::pin(async move {
                answer(
                    app.committee()
                        .veto(&call, a.integer("motion")?, &a.text("reason")?)
                        .await,
                )
            })
        }),
        command(
            "motion show",
            "A motion's record: its text, sitting body, votes and result",
        )
        .option(motion())
        .rule("house rules A.6, A.7")
        .run(|app, _, a| {
            Box::pin(async move { answer(app.committee().show(a.integer("motion")?).await) })
        }),
    ]
}
