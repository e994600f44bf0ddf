//! Reports of messages to the Moderators: /report file (the message menu "Report to
//! Moderators"), and the Moderators' answers /report act and /report dismiss (the report's
//! buttons Take action and Dismiss). Every answer is for the caller alone: a report is never
//! public.

use super::said::answer;
use super::spec::{Args, BoxFuture};
use super::{command, integer, person, text, Section};
use crate::app::moderation::reports::ReportInput;
use crate::app::{App, Call};
use crate::domain::kernel::authority::Power;
use crate::domain::kernel::limits::NUMBER_MAX;
use crate::domain::kernel::text::Reason;
use crate::domain::moderation::reports::{ReportAction, EXCERPT_MAX, LINK_MAX, REPORT_MAX};

/// Before a Moderator's form opens: whether the caller may answer the report, and the form's
/// title naming the member and the message it acts on.
fn may_answer(app: App, call: Call, a: Args) -> BoxFuture<Result<String, String>> {
    Box::pin(async move {
        app.moderation()
            .may_answer_report(&call, a.integer("report")?)
            .await
            .map_err(|e| e.to_string())
    })
}

pub(super) fn section() -> Section {
    let commands = vec![
        command(
            "report file",
            "Report a member's message to the Moderators, privately",
        )
        .option(person("member", "Who wrote the message"))
        .option(text("what", "What is wrong with the message", REPORT_MAX))
        .option(text("link", "The link to the message", LINK_MAX).optional())
        .option(text("quote", "The message, quoted", EXCERPT_MAX * 4).optional())
        .private()
        .rule("private: the Moderators' channel and the mod log alone")
        .run(|app, call, a| {
            Box::pin(async move {
                let input = ReportInput {
                    author: Some(a.person("member")?),
                    text: a.text("what")?,
                    link: a.opt_text("link"),
                    quote: a.opt_text("quote"),
                };
                answer(app.moderation().file_report(&call, &input).await)
            })
        }),
        command(
            "report act",
            "Take a moderator action on a report (Terms §II Acts 3, 5, 9, 10)",
        )
        .option(integer("report", "The report's number", 1, NUMBER_MAX))
        .option(
            text(
                "action",
                "monitor, deduct N, violation or ban YYYY-MM-DD (a Friday)",
                40,
            )
            .in_modal(),
        )
        .option(
            text(
                "reason",
                "Why, for the declaration in #discussion",
                Reason::MAX,
            )
            .in_modal(),
        )
        .needs(Power::Moderate)
        .who("Moderators")
        .rule("the action is declared as any case; the report stays private")
        .private()
        .form_title(may_answer)
        .run(|app, call, a| {
            Box::pin(async move {
                answer(
                    app.moderation()
                        .act_on_report(
                            &call,
                            a.integer("report")?,
                            &ReportAction::parse(&a.text("action")?),
                            &a.text("reason")?,
                        )
                        .await,
                )
            })
        }),
        command(
            "report dismiss",
            "Dismiss a report, with a reason for the mod log",
        )
        .option(integer("report", "The report's number", 1, NUMBER_MAX))
        .option(text("reason", "Why nothing is done", Reason::MAX).in_modal())
        .needs(Power::Moderate)
        .who("Moderators")
        .rule("recorded in the mod log")
        .private()
        .form_title(may_answer)
        .run(|app, call, a| {
            Box::pin(async move {
                answer(
                    app.moderation()
                        .dismiss_report(&call, a.integer("report")?, &a.text("reason")?)
                        .await,
                )
            })
        }),
    ];
    Section {
        heading: "Reports",
        note: "a member reports a message privately; Moderators act on it or dismiss it",
        commands,
    }
}
