//! Sessions, presence, the Leaderboard and membership: /session, /leaderboard, /history,
//! /member and /leave (games are declared beside them, in `games`).

use crate::commands::paging::Paged;
use crate::commands::said::answer;
use crate::commands::{command, date, integer, leaderboard::games, person, text, Section};
use crate::domain::kernel::authority::Power;
use crate::domain::kernel::limits::NUMBER_MAX;
use crate::domain::kernel::text::Reason;

pub(in crate::commands) fn section() -> Section {
    let mut commands = vec![
        command(
            "session open",
            "Open the club session (Moderators; inside the session window)",
        )
        .needs(Power::Moderate)
        .who("Moderators")
        .rule("Terms §0 Act 5; the session closes by itself at the window's end")
        .run(|app, call, _| {
            Box::pin(async move { answer(app.leaderboard().session_open(&call).await) })
        }),
        command("session close", "Close the club session early (Moderators)")
            .needs(Power::Moderate)
            .who("Moderators")
            .rule("Terms §0 Act 5")
            .run(|app, call, _| {
                Box::pin(async move { answer(app.leaderboard().session_close(&call).await) })
            }),
        command("session here", "Check in as present at the open session")
            .rule("presence, Terms §0 Act 9")
            .run(|app, call, _| {
                Box::pin(async move { answer(app.leaderboard().check_in(&call).await) })
            }),
        command(
            "session mark",
            "Mark someone present at the open session (Moderators)",
        )
        .option(person("member", "Who is present"))
        .needs(Power::Moderate)
        .who("Moderators")
        .rule("presence, Terms §0 Act 9")
        .run(|app, call, a| {
            Box::pin(async move {
                answer(
                    app.leaderboard()
                        .mark_present(&call, &a.person("member")?)
                        .await,
                )
            })
        }),
        command(
            "session move",
            "Hold one session on another date instead (Moderators)",
        )
        .option(date("from", "The session's date, YYYY-MM-DD"))
        .option(date("to", "The date it is held on instead, YYYY-MM-DD"))
        .option(text("reason", "Why it moves", Reason::MAX).optional())
        .needs(Power::Moderate)
        .who("Moderators")
        .rule("a one-off change to the session calendar, Terms §0 Act 5")
        .run(|app, call, a| {
            Box::pin(async move {
                let reason = a.opt_text("reason");
                answer(
                    app.leaderboard()
                        .move_session(&call, a.date("from")?, a.date("to")?, reason.as_deref())
                        .await,
                )
            })
        }),
    ];
    commands.extend(games::commands());
    commands.extend([
        command("leaderboard", "The Leaderboard, ranked by score")
            .option(integer("page", "Page number (10 members a page)", 1, NUMBER_MAX).optional())
            .rule("10 a page")
            .paged(|app, _, a| {
                Box::pin(async move {
                    let page = app
                        .leaderboard()
                        .page(a.opt_integer("page"))
                        .await
                        .map_err(|e| e.to_string())?;
                    Ok(Paged {
                        text: page.to_string(),
                        page: page.page,
                        pages: page.pages,
                    })
                })
            }),
        command(
            "history",
            "Every change to a member's score, with its reason",
        )
        .option(person("member", "Whose history (yours if left out)").optional())
        .rule("every event that moved the score, with its reason; 20 a page")
        .paged_for_caller(
            |app, call, a| {
                Box::pin(async move {
                    let history = app
                        .leaderboard()
                        .history(
                            &call.caller,
                            a.opt_person("member").as_ref(),
                            a.opt_integer("page"),
                        )
                        .await
                        .map_err(|e| e.to_string())?;
                    Ok(Paged::new(history.to_string(), &history.window))
                })
            },
            "member",
        ),
        command(
            "member eligible-removals",
            "Members the Chief Justice may remove for absence (Terms §II Act 7)",
        )
        .rule("Terms §II Act 7")
        .run(|app, _, _| {
            Box::pin(async move { answer(app.leaderboard().eligible_removals().await) })
        }),
        command(
            "member remove",
            "Remove a member who is eligible or asked to leave (Chief Justice)",
        )
        .option(person("member", "Who to remove"))
        .needs(Power::ChiefJustice)
        .who("Chief Justice")
        .rule("Terms §II Act 7, 8")
        .run(|app, call, a| {
            Box::pin(async move {
                answer(
                    app.leaderboard()
                        .remove_member(&call, &a.person("member")?)
                        .await,
                )
            })
        }),
        command(
            "leave",
            "Ask to be removed from the Leaderboard within 7 days (Terms §II Act 8)",
        )
        .who("a member")
        .rule("carried out within 7 days, §II Act 8")
        .run(|app, call, _| Box::pin(async move { answer(app.leaderboard().leave(&call).await) })),
    ]);
    Section {
        heading: "Sessions, games and the Leaderboard",
        note: "",
        commands,
    }
}
