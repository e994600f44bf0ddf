//! The console's command table: reads a line's options and calls the use case.

use std::fmt::Display;

use super::options::Options;
use super::parse::CommandLine;
use super::Output;
use crate::app::games::GameInput;
use crate::app::moderation::{ActionInput, ActionKind};
use crate::app::App;
use crate::store::people::PersonRef;

/// Every command the console knows, as Discord names it (the parity test checks both lists).
pub const COMMAND_PATHS: &[&str] = &[
    "join",
    "profile",
    "office appoint",
    "office dismiss",
    "office list",
    "session open",
    "session close",
    "session here",
    "session mark",
    "game register",
    "game start",
    "game approve",
    "game void",
    "game adjudicate",
    "game object",
    "game exempt",
    "game rematch",
    "leaderboard",
    "history",
    "member eligible-removals",
    "member remove",
    "leave",
    "mod violation",
    "mod ban",
    "mod unban",
    "mod monitor",
    "mod unmonitor",
    "mod deduct",
    "mod award",
    "mod clock",
    "mod technical",
    "mod declare",
    "mod cases",
    "mod case",
];

/// Turns a use case's result into console output.
fn reply<T: Display, E: Display>(result: Result<T, E>) -> Output {
    match result {
        Ok(v) => Output::Reply(v.to_string()),
        Err(e) => Output::Refusal(e.to_string()),
    }
}

/// Runs one command line as its actor.
pub async fn dispatch(app: &App, line: CommandLine) -> Output {
    let caller = PersonRef::console(&line.actor);
    let path = line.path.join(" ");
    let mut opts = Options::new(line.options);
    match run(app, &caller, &path, &mut opts).await {
        Ok(output) => match opts.finish(&path) {
            Ok(()) => output,
            Err(e) => Output::Refusal(e),
        },
        Err(message) => Output::Refusal(message),
    }
}

/// Options are checked before the use case runs, so a mistyped option changes nothing.
async fn run(app: &App, caller: &PersonRef, path: &str, o: &mut Options) -> Result<Output, String> {
    let out = match path {
        "join" => {
            check_done(o, path)?;
            reply(app.join(caller).await)
        }
        "profile" => {
            let member = o.person("member")?;
            check_done(o, path)?;
            reply(app.profile(caller, member.as_ref()).await)
        }
        "office appoint" | "office dismiss" => {
            let member = o.required_person("member")?;
            let office = o.required("office")?;
            check_done(o, path)?;
            if path == "office appoint" {
                reply(app.appoint(caller, &member, &office).await)
            } else {
                reply(app.dismiss(caller, &member, &office).await)
            }
        }
        "office list" => {
            check_done(o, path)?;
            reply(app.office_list().await)
        }
        "session open" | "session close" | "session here" => {
            check_done(o, path)?;
            match path {
                "session open" => reply(app.session_open(caller).await),
                "session close" => reply(app.session_close(caller).await),
                _ => reply(app.check_in(caller).await),
            }
        }
        "session mark" => {
            let member = o.required_person("member")?;
            check_done(o, path)?;
            reply(app.mark_present(caller, &member).await)
        }
        "game register" => {
            let input = GameInput {
                white: o.required_person("white")?,
                black: o.required_person("black")?,
                result: o.required("result")?,
                online: o.flag("online")?.unwrap_or(false),
                clock: o.flag("clock")?.unwrap_or(false),
            };
            check_done(o, path)?;
            reply(app.register_game(caller, &input).await)
        }
        "game start" => {
            let white = o.required_person("white")?;
            let black = o.required_person("black")?;
            check_done(o, path)?;
            reply(app.start_online(caller, &white, &black).await)
        }
        "game void" => {
            let game = o.required_integer("game")?;
            let reason = o.required("reason")?;
            check_done(o, path)?;
            reply(app.void_game(caller, game, &reason).await)
        }
        "game adjudicate" => {
            let white = o.required_person("white")?;
            let black = o.required_person("black")?;
            let white_took = o.optional("white_took").unwrap_or_default();
            let black_took = o.optional("black_took").unwrap_or_default();
            check_done(o, path)?;
            reply(
                app.adjudicate(caller, &white, &black, &white_took, &black_took)
                    .await,
            )
        }
        "game object" | "game exempt" => {
            let game = o.required_integer("game")?;
            check_done(o, path)?;
            if path == "game object" {
                reply(app.object(caller, game).await)
            } else {
                reply(app.exempt_rematch(caller, game).await)
            }
        }
        "game rematch" => {
            let game = o.required_integer("game")?;
            let result = o.optional("result");
            let no_show = o.person("noshow")?;
            check_done(o, path)?;
            reply(
                app.record_rematch(caller, game, result.as_deref(), no_show.as_ref())
                    .await,
            )
        }
        "leaderboard" => {
            let page = o.integer("page")?;
            check_done(o, path)?;
            reply(app.leaderboard(page).await)
        }
        "history" => {
            let member = o.person("member")?;
            check_done(o, path)?;
            reply(app.history(caller, member.as_ref()).await)
        }
        "member eligible-removals" => {
            check_done(o, path)?;
            reply(app.eligible_removals().await)
        }
        "member remove" => {
            let member = o.required_person("member")?;
            check_done(o, path)?;
            reply(app.remove_member(caller, &member).await)
        }
        "leave" => {
            check_done(o, path)?;
            reply(app.leave(caller).await)
        }
        "mod violation" | "mod ban" | "mod monitor" | "mod deduct" | "mod award" => {
            let mut input = action_input(o, "reason")?;
            input.target = Some(o.required_person("member")?);
            let kind = match path {
                "mod violation" => ActionKind::Violation {
                    step: o.integer("step")?,
                },
                "mod ban" => ActionKind::Ban {
                    until: o.required("until")?,
                },
                "mod monitor" => ActionKind::Monitor,
                "mod deduct" => ActionKind::Deduction {
                    points: o.required_integer("points")?,
                },
                _ => ActionKind::Award {
                    points: o.required_integer("points")?,
                },
            };
            check_done(o, path)?;
            reply(app.take_action(caller, kind, &input).await)
        }
        "mod technical" => {
            let input = action_input(o, "description")?;
            check_done(o, path)?;
            reply(app.take_action(caller, ActionKind::Technical, &input).await)
        }
        "mod clock" => {
            let member = o.required_person("member")?;
            let on = o
                .flag("state")?
                .ok_or_else(|| "The option `state` is required (on or off).".to_owned())?;
            if on {
                let mut input = action_input(o, "reason")?;
                input.target = Some(member);
                check_done(o, path)?;
                reply(app.take_action(caller, ActionKind::Clock, &input).await)
            } else {
                let reason = o.required("reason")?;
                check_done(o, path)?;
                reply(app.end_restriction(caller, &member, "clock", &reason).await)
            }
        }
        "mod unmonitor" => {
            let member = o.required_person("member")?;
            let reason = o.required("reason")?;
            check_done(o, path)?;
            reply(
                app.end_restriction(caller, &member, "monitor", &reason)
                    .await,
            )
        }
        "mod unban" => {
            let member = o.required_person("member")?;
            check_done(o, path)?;
            reply(app.moderator_unban(caller, &member).await)
        }
        "mod declare" => {
            let case = o.required_integer("case")?;
            let reasoning = o.required("reasoning")?;
            check_done(o, path)?;
            reply(app.declare_case(caller, case, &reasoning).await)
        }
        "mod cases" => {
            let member = o.person("member")?;
            check_done(o, path)?;
            reply(app.cases(member.as_ref()).await)
        }
        "mod case" => {
            let case = o.required_integer("case")?;
            check_done(o, path)?;
            reply(app.case(case).await)
        }
        "game approve" => {
            let game = o.required_integer("game")?;
            check_done(o, path)?;
            reply(app.approve_game(caller, game).await)
        }
        "help" => {
            check_done(o, path)?;
            Output::Reply(HELP.trim().to_owned())
        }
        _ => return Err(format!("There is no command /{path}; try /help.")),
    };
    Ok(out)
}

/// The options every moderation action shares; `text` names the reason's option.
fn action_input(o: &mut Options, text: &str) -> Result<ActionInput, String> {
    Ok(ActionInput {
        target: None,
        reason: o.required(text)?,
        game: o.integer("game")?,
        incident: o.optional("incident"),
        taken: o.optional("taken"),
        declare_later: o.flag("later")?.unwrap_or(false),
    })
}

/// Refuses unread options before anything runs.
fn check_done(o: &mut Options, path: &str) -> Result<(), String> {
    std::mem::replace(o, Options::new(vec![])).finish(path)
}

const HELP: &str = r#"
Commands (options are name:value, people are @name):
/join
/profile [member:@name]
/office appoint member:@name office:moderator|justice|staff
/office dismiss member:@name office:moderator|justice|staff
/office list
/session open | /session close | /session here | /session mark member:@name
/game register white:@a black:@b result:white|black|draw [online:true] [clock:true]
/game start white:@a black:@b            (an online game begins: one at a time)
/game void game:N reason:"..."
/game adjudicate white:@a black:@b white_took:"q 2p" black_took:"r"
/game object game:N | /game exempt game:N
/game rematch game:N result:white|black|draw   or   /game rematch game:N noshow:@name
/leaderboard [page:N] | /history [member:@name]
/member eligible-removals | /member remove member:@name | /leave
/game approve game:N
/mod violation member:@name reason:"..." (game:N | incident:"...") [step:N] [taken:YYYY-MM-DD] [later:true]
/mod ban member:@name until:YYYY-MM-DD reason:"..." (game:N | incident:"...") [taken:...] [later:true]
/mod monitor member:@name reason:"..." | /mod unmonitor member:@name reason:"..."
/mod deduct member:@name points:N reason:"..." (game:N | incident:"...") | /mod award member:@name points:N reason:"..."
/mod clock member:@name state:on|off reason:"..." | /mod technical description:"..."
/mod declare case:N reasoning:"..." | /mod cases [member:@name] | /mod case case:N
"#;
