//! Rule changes: /turns (the players' allocated days and teams).

use super::{choice, command, integer, person, reply, Section};
use crate::domain::authority::Power;

/// Every weekday, so that a Saturday or Sunday is refused by its rule (Nomic 201) rather than
/// by the option's list.
const DAYS: &[&str] = &[
    "monday",
    "tuesday",
    "wednesday",
    "thursday",
    "friday",
    "saturday",
    "sunday",
];

/// The most teams a game of at most five players can have.
const TEAM_MAX: i64 = 5;

pub(super) fn section() -> Section {
    Section {
        heading: "Rule changes",
        note: "",
        commands: vec![
            command("turns show", "Who plays on which allocated day (Nomic 201)")
                .rule("Nomic 201, 214")
                .run(|app, call, _| Box::pin(async move { reply(app.turns(&call).await) })),
            command("turns set", "Allocate a player's day (Chief Justice only)")
                .option(person("member", "The player"))
                .option(choice("day", "Their allocated day, Monday to Friday", DAYS))
                .needs(Power::ChiefJustice)
                .who("Chief Justice")
                .rule("one player a weekday, none at the weekend, Nomic 201")
                .run(|app, call, a| {
                    Box::pin(async move {
                        reply(
                            app.set_turn(&call, &a.person("member")?, &a.text("day")?)
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
                    reply(app.set_team(&call, &a.person("member")?, team).await)
                })
            }),
        ],
    }
}
