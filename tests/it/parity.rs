//! The console and Discord offer the same commands: every console command is a registered slash
//! command (or subcommand), and every slash command runs in the console.

use std::collections::BTreeSet;

use gavel::adapters::console::{Console, Output, COMMAND_PATHS};
use gavel::config::Config;

/// Every command path Discord would show, e.g. "game approve".
fn discord_paths() -> BTreeSet<String> {
    let registered =
        poise::builtins::create_application_commands(&gavel::adapters::discord::commands::all());
    let json = serde_json::to_value(&registered).expect("commands serialise");
    let mut paths = BTreeSet::new();
    for command in json.as_array().expect("a list") {
        let name = command["name"].as_str().expect("name").to_owned();
        let subs: Vec<String> = command["options"]
            .as_array()
            .into_iter()
            .flatten()
            .filter(|o| o["type"] == 1)
            .map(|o| format!("{name} {}", o["name"].as_str().expect("name")))
            .collect();
        if subs.is_empty() {
            paths.insert(name);
        } else {
            paths.extend(subs);
        }
    }
    paths
}

#[test]
fn the_console_and_discord_offer_the_same_commands() {
    let console: BTreeSet<String> = COMMAND_PATHS.iter().map(|p| p.to_string()).collect();
    assert_eq!(console, discord_paths());
}

#[tokio::test]
async fn every_listed_command_runs_in_the_console() {
    let mut config = Config::default();
    config.database.path = gavel::store::IN_MEMORY.into();
    let mut console = Console::new(config);
    for path in COMMAND_PATHS {
        let out = console
            .execute(&format!("alice: /{path}"))
            .await
            .expect("line runs");
        let unknown = out
            .iter()
            .any(|o| matches!(o, Output::Refusal(t) if t.starts_with("There is no command")));
        assert!(!unknown, "/{path} is not a console command: {out:?}");
    }
}
