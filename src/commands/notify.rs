//! Direct messages: /notify, a member's choice of the notices gavel sends them privately.

use crate::commands::said::answer;
use crate::commands::{choice, command, Section};
use crate::domain::kernel::words::{Switch, Words};
use crate::domain::notify::Notice;

pub(super) fn section() -> Section {
    Section {
        heading: "Direct messages",
        note: "opt-in, except a case about you and your Party Chess turn; delivered through the outbox",
        commands: vec![command(
            "notify",
            "Show or choose the direct messages gavel sends you",
        )
        .option(choice("kind", "Which kind of notice", Notice::WORDS).optional())
        .option(choice("set", "Send it or not", Switch::WORDS).optional())
        .private()
        .who("anyone")
        .rule("a case about you and your Party Chess turn are on by default; the rest are yours to turn on")
        .run(|app, call, a| {
            Box::pin(async move {
                answer(
                    app.notify(
                        &call,
                        a.opt_choice("kind"),
                        a.opt_choice("set"),
                    )
                    .await,
                )
            })
        })],
    }
}
