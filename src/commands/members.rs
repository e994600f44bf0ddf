//! Members and offices: /join, /profile and /office.

use crate::commands::paging::page_of_lines;
use crate::commands::said::answer;
use crate::commands::{choice, command, person, text, Section};
use crate::domain::kernel::pages::Listing;

/// Lines on one page of `/help`.
const HELP_PAGE: usize = 25;
use crate::domain::kernel::authority::Power;
use crate::domain::kernel::office::Appointable;
use crate::domain::kernel::words::Words;

/// The longest game name typed ("R1 Board 3").
pub(crate) const GAME_MAX: usize = 60;

pub(super) fn section() -> Section {
    Section {
        heading: "Members and offices",
        note: "",
        commands: vec![
            command(
                "join",
                "Join the Leaderboard with the initial score (Terms §II Act 1)",
            )
            .who("anyone not banned")
            .rule("Terms §II Act 1, Act 7")
            .run(|app, call, _| {
                Box::pin(async move { answer(app.leaderboard().join(&call).await) })
            }),
            command(
                "profile",
                "Show a member's score, rank, status, offices and join date",
            )
            .option(person("member", "Whose profile (yours if left out)").optional())
            .rule("score, rank, status, offices, restrictions, W/D/L, last games")
            .run(|app, call, a| {
                Box::pin(async move {
                    answer(
                        app.leaderboard()
                            .profile(&call.caller, a.opt_person("member").as_ref())
                            .await,
                    )
                })
            }),
            command(
                "office appoint",
                "Appoint an office holder: the Terms' offices, or a tournament's (Chief Justice)",
            )
            .option(person("member", "Who to appoint"))
            .option(choice("office", "Which office", Appointable::WORDS))
            .option(
                text("game", "The game, for a GM or an Observer", GAME_MAX)
                    .optional()
                    .picks(crate::app::choices::Pick::Board),
            )
            .needs(Power::ChiefJustice)
            .who("Chief Justice; the TD for a Chief-GM, GM or Observer")
            .rule("Terms §III Act 2, 3.2, 4, 6; house rules A.2, A.4, A.6, A.8-A.12")
            .run(|app, call, a| {
                Box::pin(async move {
                    answer(
                        app.appoint(
                            &call,
                            &a.person("member")?,
                            a.choice("office")?,
                            a.opt_text("game").as_deref(),
                        )
                        .await,
                    )
                })
            }),
            command(
                "office dismiss",
                "End someone's term of office (Chief Justice)",
            )
            .option(person("member", "Who to dismiss"))
            .option(choice("office", "From which office", Appointable::WORDS))
            .option(
                text("game", "The game, for a GM or an Observer", GAME_MAX)
                    .optional()
                    .picks(crate::app::choices::Pick::Board),
            )
            .needs(Power::ChiefJustice)
            .who("Chief Justice; the TD for a Chief-GM, GM or Observer")
            .rule("Terms §III Act 2, 4; house rules A.2")
            .run(|app, call, a| {
                Box::pin(async move {
                    answer(
                        app.dismiss(
                            &call,
                            &a.person("member")?,
                            a.choice("office")?,
                            a.opt_text("game").as_deref(),
                        )
                        .await,
                    )
                })
            }),
            command("office list", "List who holds each office")
                .run(|app, _, _| Box::pin(async move { answer(app.office_list().await) })),
            command("help", "Every command gavel offers, with its options")
                .rule("this list; 25 lines a page")
                .paged(|_, _, a| {
                    Box::pin(async move {
                        let listing = Listing::new("/help", "The list of commands", HELP_PAGE);
                        page_of_lines(&crate::commands::help(), &listing, a.opt_integer("page"))
                    })
                }),
        ],
    }
}
