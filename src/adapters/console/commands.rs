//! The console's command table: reads a line's options and calls the use case.

use std::fmt::Display;

use super::options::Options;
use super::parse::CommandLine;
use super::Output;
use crate::app::App;
use crate::store::people::PersonRef;

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
        "help" => {
            check_done(o, path)?;
            Output::Reply(HELP.trim().to_owned())
        }
        _ => return Err(format!("There is no command /{path}; try /help.")),
    };
    Ok(out)
}

/// Refuses unread options before anything runs.
fn check_done(o: &mut Options, path: &str) -> Result<(), String> {
    std::mem::replace(o, Options::new(vec![])).finish(path)
}

const HELP: &str = "
Commands (options are name:value, people are @name):
/join
/profile [member:@name]
/office appoint member:@name office:moderator|justice|staff
/office dismiss member:@name office:moderator|justice|staff
/office list
";
