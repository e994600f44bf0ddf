//! The match commands of a tournament (ACWC 2019): /match game, report, confirm, dispute,
//! forfeit and bid; the week's offer, accept, assign and fault; the claims against an absent
//! opponent (noshow, left, claim, reschedule); and the Director's corrections (reverse, white).

use super::a_match;
use crate::app::tournament::TournamentError;
use crate::commands::said::answer;
use crate::commands::{command, integer, person, text, Args, CommandSpec};
use crate::domain::kernel::text::Reason;
use crate::domain::tournament::negotiation;

/// The start a player or the arbiter types, read here once: "YYYY-MM-DD HH:MM", in UTC (ACWC
/// Match negotiations: times are communicated in UTC).
fn start(a: &Args) -> Result<chrono::DateTime<chrono::Utc>, String> {
    let at = a.text("at")?;
    negotiation::parse_utc(&at).ok_or_else(|| TournamentError::BadTime(at).to_string())
}

pub(super) fn commands() -> Vec<CommandSpec> {
    vec![
        command(
            "match game",
            "Record one game (a player, for the opponent to confirm, or the Director)",
        )
        .option(a_match())
        .option(person("winner", "Who won the game (leave out for a draw)").optional())
        .who("the match's players, the Director")
        .rule("ACWC Format: 10 games; a Swiss match may stop at 5.5")
        .run(|app, call, a| {
            Box::pin(async move {
                answer(
                    app.tournament().record_game(
                        &call,
                        a.integer("match")?,
                        a.opt_person("winner").as_ref(),
                    )
                    .await,
                )
            })
        }),
        command(
            "match forfeit",
            "Forfeit a match against a player (Director)",
        )
        .option(a_match())
        .option(person("member", "Who forfeits"))
        .option(text(
            "reason",
            "Why: a no-show, a failed reschedule, a refused rematch",
            Reason::MAX,
        ))
        .who("the Director")
        .rule("ACWC Match rules: two forfeits disqualify")
        .run(|app, call, a| {
            Box::pin(async move {
                answer(
                    app.tournament().forfeit_match(
                        &call,
                        a.integer("match")?,
                        &a.person("member")?,
                        &a.text("reason")?,
                    )
                    .await,
                )
            })
        }),
        command(
            "match bid",
            "Bid a time for White in the Final's Armageddon game (sealed)",
        )
        .option(a_match())
        .option(text("time", "Minutes and seconds for White, e.g. 2:30", 5))
        .private()
        .who("the finalists")
        .rule("ACWC Final: the lower bid plays White")
        .run(|app, call, a| {
            Box::pin(async move {
                answer(
                    app.tournament().bid_for_white(&call, a.integer("match")?, &a.text("time")?)
                        .await,
                )
            })
        }),
        command("match offer", "Offer a start time for a match, in UTC")
            .option(a_match())
            .option(text("at", "The start, YYYY-MM-DD HH:MM in UTC", 16))
            .who("the match's players")
            .rule("ACWC Match negotiations: 3 offers by Wednesday, 3 hours apart, 2 a date")
            .run(|app, call, a| {
                Box::pin(async move {
                    answer(
                        app.tournament().offer_time(&call, a.integer("match")?, start(&a)?)
                            .await,
                    )
                })
            }),
        command("match accept", "Accept your opponent's offer of a time")
            .option(a_match())
            .option(integer("offer", "The offer's number in the match", 1, 1000))
            .who("the match's players")
            .rule("ACWC Match negotiations")
            .run(|app, call, a| {
                Box::pin(async move {
                    answer(
                        app.tournament().accept_offer(&call, a.integer("match")?, a.integer("offer")?)
                            .await,
                    )
                })
            }),
        command(
            "match assign",
            "Set a match's time (the opponent of a player at fault, or the arbiter)",
        )
        .option(a_match())
        .option(text("at", "The start, YYYY-MM-DD HH:MM in UTC", 16))
        .who("the opponent of a player at fault (once), the arbiter, the Director")
        .rule("ACWC Match negotiations: a day's notice; the arbiter once negotiation has failed")
        .run(|app, call, a| {
            Box::pin(async move {
                answer(
                    app.tournament().assign_time(&call, a.integer("match")?, start(&a)?)
                        .await,
                )
            })
        }),
        command(
            "match fault",
            "Say who is at fault when no time was agreed by the weekend (arbiter)",
        )
        .option(a_match())
        .option(person("member", "The player at fault (nobody if left out)").optional())
        .who("the arbiter")
        .rule("ACWC Match negotiations: after the weekend, once, a player of the match")
        .run(|app, call, a| {
            Box::pin(async move {
                answer(
                    app.tournament().find_fault(&call, a.integer("match")?, a.opt_person("member").as_ref())
                        .await,
                )
            })
        }),
        command("match noshow", "Report that your opponent has not shown up")
            .option(a_match())
            .who("the match's players")
            .rule("ACWC Match rules: at the agreed time, again when the 10-minute grace ends; one claim at a time")
            .run(|app, call, a| {
                Box::pin(
                    async move { answer(app.tournament().report_no_show(&call, a.integer("match")?).await) },
                )
            }),
        command("match claim", "Claim the win after two no-show reports")
            .option(a_match())
            .who("the appearing player")
            .rule("ACWC Match rules: after two no-show reports, or 10 minutes after the opponent left")
            .run(|app, call, a| {
                Box::pin(async move { answer(app.tournament().claim_win(&call, a.integer("match")?).await) })
            }),
        command("match reschedule", "Reschedule after two no-show reports")
            .option(a_match())
            .who("the appearing player")
            .rule("ACWC Match rules: a failed reschedule forfeits to the appearing player")
            .run(|app, call, a| {
                Box::pin(async move {
                    answer(app.tournament().reschedule_match(&call, a.integer("match")?).await)
                })
            }),
        command("match left", "Report that your opponent left the match while it was ongoing")
            .option(a_match())
            .who("the match's players")
            .rule("ACWC Match rules: 10 minutes to come back, then the win may be claimed")
            .run(|app, call, a| {
                Box::pin(async move { answer(app.tournament().report_left(&call, a.integer("match")?).await) })
            }),
        command(
            "match reverse",
            "Reverse a match's forfeit or result, and give the right one (Director)",
        )
        .option(a_match())
        .option(text("reason", "Why", Reason::MAX))
        .option(text("score", "The right result, e.g. 5.5-3.5", 12).optional())
        .option(person("forfeit", "The player who forfeited, if that is the right result").optional())
        .who("the Director")
        .rule("ACWC Organization: the TD makes the final call")
        .run(|app, call, a| {
            Box::pin(async move {
                answer(
                    app.tournament().reverse_result(
                        &call,
                        a.integer("match")?,
                        &a.text("reason")?,
                        a.opt_text("score").as_deref(),
                        a.opt_person("forfeit").as_ref(),
                    )
                    .await,
                )
            })
        }),
        command(
            "match white",
            "Settle White in the Armageddon game when a finalist never bids (Director)",
        )
        .option(a_match())
        .option(person("member", "Who plays White"))
        .option(text("time", "White's time, e.g. 2:30", 5))
        .option(text("reason", "Why", Reason::MAX))
        .who("the Director")
        .rule("ACWC Final; Organization: the TD makes the final call")
        .run(|app, call, a| {
            Box::pin(async move {
                answer(
                    app.tournament().settle_white(
                        &call,
                        a.integer("match")?,
                        &a.person("member")?,
                        &a.text("time")?,
                        &a.text("reason")?,
                    )
                    .await,
                )
            })
        }),
        command("match confirm", "Confirm the result your opponent recorded")
            .option(a_match())
            .who("the opponent, the Director")
            .rule("gavel's practice, not the ACWC text (its Match rules: either player posts the result)")
            .run(|app, call, a| {
                Box::pin(async move { answer(app.tournament().confirm_result(&call, a.integer("match")?).await) })
            }),
        command("match dispute", "Dispute the result your opponent recorded; the Director rules")
            .option(a_match())
            .who("the opponent, the Director")
            .rule("ACWC Organization: the TD makes the final call")
            .run(|app, call, a| {
                Box::pin(async move { answer(app.tournament().dispute_result(&call, a.integer("match")?).await) })
            }),
        command("match report", "Record a whole match's score (a player, for the opponent to confirm, or the Director)")
            .option(a_match())
            .option(text("score", "The score, e.g. 5.5-3.5", 12))
            .who("the match's players, the Director")
            .rule("ACWC Qualification, Candidates, Final: a whole match's result the rules allow")
            .run(|app, call, a| {
                Box::pin(async move {
                    answer(
                        app.tournament().report_match(&call, a.integer("match")?, &a.text("score")?)
                            .await,
                    )
                })
            }),
    ]
}
