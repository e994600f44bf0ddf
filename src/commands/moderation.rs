//! Moderation: /mod violation, ban, unban, monitor, unmonitor, deduct, award, clock, technical,
//! declare, cases and case.

use super::paging::Paged;
use super::said::{answer, Present};
use super::spec::{BoxFuture, Reply};
use super::{choice, command, date, flag, integer, person, text, Args, OptionSpec, Section};
use crate::app::choices::Pick;

use crate::app::moderation::{ActionInput, ActionKind, Restriction};
use crate::app::{App, Call};
use crate::domain::kernel::authority::Power;
use crate::domain::kernel::limits::{INCIDENT_MAX, NUMBER_MAX, POINTS_MAX, STEP_MAX};
use crate::domain::kernel::text::Reason;
use crate::domain::kernel::words::{Switch, Words};

/// The options that name an offence and date an action, shared by every penalty.
fn offence_and_timing() -> [OptionSpec; 4] {
    [
        integer("game", "The game the offence concerns", 1, NUMBER_MAX)
            .optional()
            .picks(Pick::Game),
        text(
            "incident",
            "The incident, when there is no game",
            INCIDENT_MAX,
        )
        .optional(),
        date(
            "taken",
            "The date it was taken outside gavel (YYYY-MM-DD, up to 7 days back)",
        )
        .optional(),
        later(),
    ]
}

fn later() -> OptionSpec {
    flag(
        "later",
        "Record now and declare the reasoning later (within 7 days)",
    )
}

fn member(description: &'static str) -> OptionSpec {
    person("member", description)
}

fn points() -> OptionSpec {
    integer("points", "How many points", 1, POINTS_MAX)
}

/// The shared options of an action, read from `args`; `reason` names the reason's option. Not
/// every action declares a member, a game, an incident, when it was taken, a later declaration
/// or the Chief Justice's discretion.
fn action_input(a: &Args, reason: &'static str) -> Result<ActionInput, String> {
    let text = |name: &str| a.declares(name).then(|| a.opt_text(name)).flatten();
    Ok(ActionInput {
        target: a
            .declares("member")
            .then(|| a.opt_person("member"))
            .flatten(),
        reason: a.text(reason)?,
        game: a.declares("game").then(|| a.opt_integer("game")).flatten(),
        incident: text("incident"),
        taken: a.declares("taken").then(|| a.opt_date("taken")).flatten(),
        declare_later: a.declares("later") && a.flag("later"),
        discretion: text("discretion"),
    })
}

/// Takes the action `kind` reads from the options, with the options every action shares.
fn take(
    app: App,
    call: Call,
    a: Args,
    kind: fn(&Args) -> Result<ActionKind, String>,
) -> BoxFuture<Reply> {
    Box::pin(async move {
        let kind = kind(&a)?;
        answer(
            app.moderation()
                .take_action(&call, kind, &action_input(&a, "reason")?)
                .await,
        )
    })
}

const MODERATORS: &str = "Moderators, Justices, Chief Justice";

pub(super) fn section() -> Section {
    let [game, incident, taken, later_option] = offence_and_timing();
    let mut violation = command(
        "mod violation",
        "A fraud violation: the ladder of Terms §II Act 5",
    )
    .option(member("Who committed it"))
    .option(text("reason", "What the violation was", Reason::MAX))
    .option(game.clone().described("The fraudulent game's number"))
    .option(incident.clone())
    .option(
        integer(
            "step",
            "A lesser step of the ladder (1-5), by discretion",
            1,
            STEP_MAX,
        )
        .optional(),
    )
    .option(
        text(
            "discretion",
            "Why a lesser step than the ladder's (required with a lesser step)",
            Reason::MAX,
        )
        .optional(),
    );
    let mut ban = command("mod ban", "Ban a member until a Friday (Terms §II Act 9)")
        .option(member("Who to ban"))
        .option(date("until", "The Friday the ban ends (YYYY-MM-DD)"))
        .option(text("reason", "Why (Terms §II Act 9.1)", Reason::MAX))
        .option(game.clone())
        .option(incident.clone());
    let mut deduct = command("mod deduct", "Deduct points (Terms §II Act 3, 6)")
        .option(member("From whom"))
        .option(points())
        .option(text("reason", "Why", Reason::MAX))
        .option(game)
        .option(incident);
    for option in [taken, later_option] {
        violation = violation.option(option.clone());
        ban = ban.option(option.clone());
        deduct = deduct.option(option);
    }
    // What is to be declared later is not confirmed where it was typed (Terms §III Act 2.4).
    violation = violation.private_with("later");
    ban = ban.private_with("later");
    deduct = deduct.private_with("later");
    let commands = vec![
        violation
            .needs(Power::Moderate)
            .who(MODERATORS)
            .rule("the fraud ladder, Terms §II Act 5")
            .run(|app, call, a| {
                take(app, call, a, |a| {
                    Ok(ActionKind::Violation {
                        step: a.opt_integer("step"),
                    })
                })
            }),
        ban.needs(Power::Ban)
            .who("Moderators, Justices, Chief Justice, Staff")
            .rule("ends on a Friday, §II Act 9; Staff bans are not appealable, §III Act 6")
            .run(|app, call, a| {
                take(app, call, a, |a| {
                    Ok(ActionKind::Ban {
                        until: a.date("until")?,
                    })
                })
            }),
        command(
            "mod unban",
            "Lifting a ban is for the Court alone (Terms §II Act 9.4)",
        )
        .option(member("Whose ban"))
        .who("nobody")
        .rule("refused: only the Court lifts a ban, §II Act 9.4")
        .run(|app, call, a| {
            Box::pin(
                async move { answer(app.moderation().unban(&call, &a.person("member")?).await) },
            )
        }),
        command(
            "mod monitor",
            "Monitor a member on reasonable suspicion (Terms §II Act 10)",
        )
        .option(member("Who to monitor"))
        .option(text(
            "reason",
            "The reasonable suspicion (Terms §II Act 10.1)",
            Reason::MAX,
        ))
        .option(later())
        .private_with("later")
        .needs(Power::Moderate)
        .who("Moderators")
        .rule("§II Act 10")
        .run(|app, call, a| take(app, call, a, |_| Ok(ActionKind::Monitor))),
        command(
            "mod unmonitor",
            "Remove a monitor when suspicion no longer holds (Terms §II Act 10.2)",
        )
        .option(member("Who"))
        .option(text(
            "reason",
            "Why the suspicion no longer holds",
            Reason::MAX,
        ))
        .needs(Power::Moderate)
        .who("Moderators")
        .rule("§II Act 10.2")
        .run(|app, call, a| {
            Box::pin(async move {
                let (member, reason) = (a.person("member")?, a.text("reason")?);
                answer(
                    app.moderation()
                        .end_restriction(&call, &member, Restriction::Monitor, &reason)
                        .await,
                )
            })
        }),
        deduct
            .needs(Power::Moderate)
            .who("Moderators")
            .rule("§II Act 3, 6")
            .run(|app, call, a| {
                take(app, call, a, |a| {
                    Ok(ActionKind::Deduction {
                        points: a.integer("points")?,
                    })
                })
            }),
        command("mod award", "Award points (Terms §II Act 3)")
            .option(member("To whom"))
            .option(points())
            .option(text("reason", "Why", Reason::MAX))
            .needs(Power::Moderate)
            .who("Moderators")
            .rule("§II Act 3")
            .run(|app, call, a| {
                take(app, call, a, |a| {
                    Ok(ActionKind::Award {
                        points: a.integer("points")?,
                    })
                })
            }),
        command(
            "mod clock",
            "Require or release a chessclock (Chief Justice; Terms §II Act 11)",
        )
        .option(member("Who"))
        .option(choice(
            "state",
            "on: required from now; off: no longer required",
            Switch::WORDS,
        ))
        .option(text("reason", "Why", Reason::MAX))
        .needs(Power::ChiefJustice)
        .who("Chief Justice")
        .rule("§II Act 11 (not appealable)")
        .run(|app, call, a| {
            Box::pin(async move {
                match a.choice("state")? {
                    Switch::On => {
                        let input = action_input(&a, "reason")?;
                        answer(
                            app.moderation()
                                .take_action(&call, ActionKind::Clock, &input)
                                .await,
                        )
                    }
                    Switch::Off => {
                        let (member, reason) = (a.person("member")?, a.text("reason")?);
                        answer(
                            app.moderation()
                                .end_restriction(&call, &member, Restriction::Clock, &reason)
                                .await,
                        )
                    }
                }
            })
        }),
        command(
            "mod technical",
            "Announce a technical modification (Chief Justice; Terms §III Act 5)",
        )
        .option(text("description", "What was changed and why", Reason::MAX))
        .needs(Power::ChiefJustice)
        .who("Chief Justice")
        .rule("§III Act 5, always announced")
        .run(|app, call, a| {
            Box::pin(async move {
                let input = action_input(&a, "description")?;
                answer(
                    app.moderation()
                        .take_action(&call, ActionKind::Technical, &input)
                        .await,
                )
            })
        }),
        command(
            "mod declare",
            "Declare a recorded action publicly within 7 days (Terms §III Act 2.4)",
        )
        .option(integer("case", "The case number", 1, NUMBER_MAX).picks(Pick::CaseToDeclare))
        // A reasoning is often a paragraph: on Discord, left out, it is asked for in a form.
        .option(text("reasoning", "The reasoning, for #discussion", Reason::MAX).in_modal())
        .needs(Power::Moderate)
        .who("the case's Moderator")
        .rule("within 7 days, §III Act 2.4")
        .before_form(|app, call, a| {
            Box::pin(async move {
                app.moderation()
                    .may_declare(&call, a.integer("case")?)
                    .await
                    .map_err(|e| e.to_string())
            })
        })
        .run(|app, call, a| {
            Box::pin(async move {
                answer(
                    app.moderation()
                        .declare_case(&call, a.integer("case")?, &a.text("reasoning")?)
                        .await,
                )
            })
        }),
        command("cases", "List moderation cases and their status")
            .option(member("Only the cases about this member").optional())
            .rule("status: in force, expired, lifted, void, overturned, remanded; 10 a page")
            .paged(|app, _, a| {
                Box::pin(async move {
                    let member = a.opt_person("member");
                    let (text, window) = app
                        .moderation()
                        .cases(member.as_ref(), a.opt_integer("page"))
                        .await
                        .map_err(|e| e.to_string())?;
                    Ok(Paged::new(text.present().text, &window))
                })
            }),
        command("case", "Show one case with its declaration")
            .option(integer("case", "The case number", 1, NUMBER_MAX).picks(Pick::Case))
            .rule("with the link to its declaration")
            .run(|app, _, a| {
                Box::pin(async move { answer(app.moderation().case(a.integer("case")?).await) })
            }),
    ];
    Section {
        heading: "Moderation",
        note: "each action is a numbered case, declared in #discussion; `later:true` records it \
               now for declaration within 7 days",
        commands,
    }
}
