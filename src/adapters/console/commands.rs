//! Runs a console command line through the command table: options are read and checked against
//! the command's declaration, then its use case runs as the line's actor.

use super::parse::CommandLine;
use super::Output;
use crate::app::App;
use crate::app::PersonRef;
use crate::commands::{self, Args};
use crate::domain::kernel::moment;

/// Runs one command line as its actor. A malformed option is refused before anything runs.
pub async fn dispatch(app: &App, line: CommandLine) -> Output {
    let path = line.path.join(" ");
    let Some(spec) = commands::find(&path) else {
        return Output::Refusal(format!("There is no command /{path}; try /help."));
    };
    let args = read_options(spec, line.options);
    let args = match args {
        Ok(args) => args,
        Err(message) => return Output::Refusal(message),
    };
    // The console speaks club time.
    match commands::invoke(spec, app, PersonRef::console(&line.actor), args).await {
        Ok(said) => Output::Reply(moment::in_club_time(&said.text)),
        Err(text) => Output::Refusal(moment::in_club_time(&text)),
    }
}

/// Reads `name:value` options by the command's declaration (the same checks Discord makes).
fn read_options(
    spec: &'static commands::CommandSpec,
    options: Vec<(String, String)>,
) -> Result<Args, String> {
    let mut given = Vec::with_capacity(options.len());
    for (name, text) in options {
        let value = match spec.options.iter().find(|o| o.name == name) {
            Some(option) => option.parse_text(&text).map_err(|e| e.to_string())?,
            // Unknown options are refused by `Args::build`, after the missing ones.
            None => commands::Value::Text(text),
        };
        given.push((name, value));
    }
    Args::build(spec, given).map_err(|e| e.to_string())
}
