//! The Court of Appeals: /court appeal, grant, refuse, panel, suggest, solo, vote, en-banc,
//! en-banc-decide, opinion, assign, respond, docket, case; and /mod redecide after a remand.

use super::paging::page_of_lines;
use super::said::answer;
use super::{choice, command, date, flag, integer, person, text, Args, Section};
use crate::app::choices::Pick;
use crate::app::court::{Against, Outcome, RedecideInput, VoteInput};
use crate::domain::court::{DiscretionaryPower, EnBancAnswer, VoteDecision};
use crate::domain::kernel::authority::Power;
use crate::domain::kernel::limits::{NUMBER_MAX, POINTS_MAX, STEP_MAX};
use crate::domain::kernel::pages::Listing;
use crate::domain::kernel::text::Reason;
use crate::domain::kernel::words::Words;

fn appeal() -> super::OptionSpec {
    integer("appeal", "The appeal's number", 1, NUMBER_MAX).picks(Pick::AppealActive)
}

const JUSTICES: &str = "Justices, Chief Justice";

fn vote_input(a: &Args) -> Result<VoteInput, String> {
    Ok(VoteInput {
        decision: a.choice("decision")?,
        reasons: a.text("reasons")?,
        ban_until: a.opt_date("ban_until"),
        step: a.opt_integer("step"),
        ruling: a.opt_text("ruling"),
        points: a.opt_integer("points"),
        no_reasoning: a.flag("no_reasoning"),
        conditions: a.opt_text("conditions"),
    })
}

fn redecision(a: &Args) -> Result<RedecideInput, String> {
    Ok(RedecideInput {
        outcome: a.choice("outcome")?,
        step: a.opt_integer("step"),
        until: a.opt_date("until"),
        points: a.opt_integer("points"),
    })
}

pub(super) fn section() -> Section {
    Section {
        heading: "Court of Appeals",
        note: "Appeals against moderator actions and other matters concerning the Leaderboard (Terms §III Act 3); every step is announced in #discussion.",
        commands: vec![
            command("court appeal", "Appeal a moderator action, a weekly deduction or another matter (Terms §III Act 3)")
                .option(text("grounds", "Why the decision was wrong", Reason::MAX).in_modal())
                .option(integer("case", "The case appealed", 1, NUMBER_MAX).optional().picks(Pick::CaseToAppeal))
                .option(date("deduction", "The day of a weekly absence or inactivity deduction (§II Act 6.3)").optional())
                .option(text("matter", "Another matter concerning the Leaderboard", Reason::MAX).optional())
                .option(person("party", "Someone the matter concerns").optional())
                .who("Members (and a person banned, against their ban)")
                .rule("§III Act 3; refusals: §II Acts 9.5, 11.3, §III Acts 3.9.2, 6")
                .run(|app, call, a| Box::pin(async move {
                    let against = Against {
                        case: a.opt_integer("case"),
                        deduction: a.opt_date("deduction"),
                        matter: a.opt_text("matter"),
                        party: a.opt_person("party"),
                    };
                    answer(app.court().file_appeal(&call, &against, &a.text("grounds")?).await)
                })),
            command("court grant", "Grant a hearing: the Chief Justice, or two Justices (Terms §III Act 3.6)")
                .option(appeal().picks(Pick::AppealToGrant))
                .needs(Power::Justice)
                .who(JUSTICES)
                .rule("§III Act 3.6")
                .run(|app, call, a| Box::pin(async move { answer(app.court().grant_appeal(&call, a.integer("appeal")?).await) })),
            command("court refuse", "Refuse to hear an appeal (Terms §III Act 3.6)")
                .option(appeal().picks(Pick::AppealToGrant))
                .option(text("reason", "Why", Reason::MAX))
                .needs(Power::ChiefJustice)
                .who("Chief Justice")
                .rule("§III Act 3.6")
                .run(|app, call, a| Box::pin(async move {
                    answer(app.court().refuse_appeal(&call, a.integer("appeal")?, &a.text("reason")?).await)
                })),
            command("court panel", "Seat a panel of three Justices (Terms §III Acts 3.3, 3.5, 3.7)")
                .option(appeal())
                .option(person("first", "The first Justice"))
                .option(person("second", "The second Justice"))
                .option(person("third", "The third Justice"))
                .needs(Power::ChiefJustice)
                .who("Chief Justice")
                .rule("conflicts set aside only when too few are free, §III Acts 3.5, 3.5.1, 3.5.2")
                .run(|app, call, a| Box::pin(async move {
                    let chosen = [a.person("first")?, a.person("second")?, a.person("third")?];
                    answer(app.court().seat_panel(&call, a.integer("appeal")?, &chosen).await)
                })),
            command("court suggest", "Suggest a conflict-free panel, by rotation (Terms §III Act 3.7)")
                .option(appeal())
                .needs(Power::ChiefJustice)
                .who("Chief Justice")
                .rule("least recently sat, ties by seniority, §III Acts 3.5, 3.7")
                .run(|app, call, a| Box::pin(async move { answer(app.court().suggest_panel(&call, a.integer("appeal")?).await) })),
            command("court solo", "Hear an appeal alone, by discretionary power (Terms §III Act 3.3)")
                .option(appeal())
                .option(choice("power", "The discretionary power the matter concerns", DiscretionaryPower::WORDS).optional())
                .needs(Power::ChiefJustice)
                .who("Chief Justice")
                .rule("on a matter of a named discretionary power (§II Acts 7, 12, §III Act 4, §I Act 9.10), or when no panel can be formed; never with a conflict, §III Acts 3.3, 3.5.2")
                .run(|app, call, a| Box::pin(async move {
                    let power = a.opt_choice::<DiscretionaryPower>("power");
                    answer(app.court().sit_solo(&call, a.integer("appeal")?, power).await)
                })),
            command("court reseat", "Seat the whole Court again after a Justice left it (Terms §III Acts 3.3, 3.9)")
                .option(appeal())
                .needs(Power::ChiefJustice)
                .who("Chief Justice")
                .rule("an en banc bench with a seat no longer held; a panel or solo bench is re-seated with /court panel or /court solo, §III Acts 3.3, 3.7, 3.9")
                .run(|app, call, a| Box::pin(async move { answer(app.court().reseat_whole_court(&call, a.integer("appeal")?).await) })),
            command("court vote", "Vote on an appeal you sit on, once (Terms §III Acts 3.3, 3.8)")
                .option(appeal().picks(Pick::AppealToVote))
                .option(choice("decision", "uphold, overturn or remand", VoteDecision::WORDS))
                .option(text("reasons", "Your reasons", Reason::MAX).in_modal())
                .option(date("ban_until", "Overturn: the ban's new end, a Friday (§II Act 9.4)").optional())
                .option(integer("step", "Overturn: a lesser step of the ladder (§II Act 5)", 1, STEP_MAX).optional())
                .option(text("ruling", "Overturn a matter: the Court's ruling", Reason::MAX).optional())
                .option(integer("points", "Overturn: a smaller deduction or award (§III Act 3.8b)", 1, POINTS_MAX).optional())
                .option(flag("no_reasoning", "Overturn for want of proper reasoning (§III Act 2.4.3)"))
                .option(text("conditions", "Remand: the conditions (§III Act 3.8)", Reason::MAX).optional().in_modal())
                .needs(Power::Justice)
                .who("the Justices sitting")
                .rule("a majority of the bench decides, §III Acts 3.3, 3.8, 3.9")
                .before_form(|app, call, a| Box::pin(async move {
                    app.court().may_vote(&call, a.integer("appeal")?).await.map_err(|e| e.to_string())
                }))
                .run(|app, call, a| Box::pin(async move {
                    answer(app.court().cast_vote(&call, a.integer("appeal")?, &vote_input(&a)?).await)
                })),
            command("court close", "Refuse further appeals on a ban for a stated time (Terms §II Act 9.5)")
                .option(appeal().picks(Pick::Appeal))
                .option(date("until", "Closed until this day (YYYY-MM-DD)"))
                .needs(Power::ChiefJustice)
                .who("Chief Justice")
                .rule("after an appeal on the ban was heard, §II Act 9.5")
                .run(|app, call, a| Box::pin(async move {
                    answer(app.court().close_to_further_appeals(&call, a.integer("appeal")?, a.date("until")?).await)
                })),
            command("court en-banc", "Ask for a judgement to be heard by the whole Court (Terms §III Act 3.9)")
                .option(appeal().picks(Pick::Appeal))
                .option(text("grounds", "Why the whole Court should hear it", Reason::MAX))
                .who("the parties")
                .rule("once; the whole Court's judgement is final, §III Act 3.9")
                .run(|app, call, a| Box::pin(async move {
                    answer(app.court().request_en_banc(&call, a.integer("appeal")?, &a.text("grounds")?).await)
                })),
            command("court en-banc-decide", "Accept or refuse an en banc hearing (Terms §III Act 3.9.1)")
                .option(appeal())
                .option(choice("answer", "accept or refuse", EnBancAnswer::WORDS))
                .option(text("reason", "Why, when refusing", Reason::MAX).optional())
                .needs(Power::ChiefJustice)
                .who("Chief Justice")
                .rule("§III Acts 3.9.1, 3.5.3")
                .run(|app, call, a| Box::pin(async move {
                    let accept = a.choice::<EnBancAnswer>("answer")? == EnBancAnswer::Accept;
                    let reason = a.opt_text("reason");
                    answer(app.court().decide_en_banc(&call, a.integer("appeal")?, accept, reason.as_deref()).await)
                })),
            command("court opinion", "Publish the Court's majority opinion, kept whole (Terms §III Act 3.10)")
                .option(appeal())
                .option(text("text", "The opinion", crate::app::court::OPINION_MAX).in_modal())
                .needs(Power::Justice)
                .who("the assigned author, or a Justice in the majority")
                .rule("within 7 days of the decision, §III Act 3.10")
                .before_form(|app, call, a| Box::pin(async move {
                    app.court().may_write_opinion(&call, a.integer("appeal")?).await.map_err(|e| e.to_string())
                }))
                .run(|app, call, a| Box::pin(async move {
                    answer(app.court().publish_opinion(&call, a.integer("appeal")?, &a.text("text")?).await)
                })),
            command("court assign", "Choose who writes the Court's opinion (Terms §III Act 3.10)")
                .option(appeal())
                .option(person("author", "A Justice in the majority"))
                .needs(Power::ChiefJustice)
                .who("Chief Justice, in the majority")
                .rule("§III Act 3.10")
                .run(|app, call, a| Box::pin(async move {
                    answer(app.court().assign_opinion(&call, a.integer("appeal")?, &a.person("author")?).await)
                })),
            command("court respond", "Answer a petition against your monitor (Terms §II Act 10.5)")
                .option(appeal())
                .option(text("text", "Your reasonable suspicion and why it still applies", Reason::MAX))
                .needs(Power::Moderate)
                .who("the Moderator who placed the monitor")
                .rule("by the configured deadline, §II Act 10.5")
                .run(|app, call, a| Box::pin(async move {
                    answer(app.court().respond_to_petition(&call, a.integer("appeal")?, &a.text("text")?).await)
                })),
            command("court docket", "Open appeals, their stage and next deadline")
                .rule("§III Act 3; 10 a page")
                .paged(|app, call, a| Box::pin(async move {
                    let docket = answer(app.court().docket(&call).await)?;
                    let listing = Listing::new("/court docket", "The docket", 10);
                    page_of_lines(&docket.text, &listing, a.opt_integer("page"))
                })),
            command("court case", "The whole history of one appeal")
                .option(appeal().picks(Pick::Appeal))
                .rule("§III Act 3")
                .run(|app, call, a| Box::pin(async move { answer(app.court().appeal_history(&call, a.integer("appeal")?).await) })),
            command("mod redecide", "Re-decide a remanded case and declare it (Terms §III Acts 2.4, 3.8)")
                .option(integer("case", "The remanded case", 1, NUMBER_MAX).picks(Pick::CaseRemanded))
                .option(choice("outcome", "confirm, withdraw, a lesser step, a new ban end, or fewer points", Outcome::WORDS))
                .option(text("reasoning", "The reasoning, for #discussion", Reason::MAX))
                .option(integer("step", "The lesser step (with outcome:step)", 1, STEP_MAX).optional())
                .option(date("until", "The ban's new end, a Friday (with outcome:until)").optional())
                .option(integer("points", "Fewer points (with outcome:points)", 1, POINTS_MAX).optional())
                .needs(Power::Moderate)
                .who("the case's Moderator")
                .rule("within 7 days of the remand, or void, §III Acts 2.4, 2.4.2")
                .run(|app, call, a| Box::pin(async move {
                    let decision = redecision(&a)?;
                    answer(app.court().redecide(&call, a.integer("case")?, &decision, &a.text("reasoning")?).await)
                })),
        ],
    }
}
