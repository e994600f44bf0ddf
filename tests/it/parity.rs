//! The command surface is reviewed on purpose: the JSON gavel registers with Discord is kept as a
//! snapshot, every declared command is reachable from both Discord and the console with the same
//! option names and limits, and the book's command tables (in `docs/src`) are the table's own.
//!
//! To accept a deliberate change, run the tests with `GAVEL_BLESS=1` and commit the rewritten
//! snapshot or chapters.

use std::collections::BTreeMap;

use gavel::adapters::console::{Console, Output};
use gavel::commands::{self, OptionKind};
use gavel::config::Config;
use serde_json::Value;

use crate::discord::registration::registration_json;

const SNAPSHOT: &str = "tests/snapshots/discord_commands.json";

fn at_root(relative: &str) -> String {
    format!("{}/{relative}", env!("CARGO_MANIFEST_DIR"))
}

fn blessing() -> bool {
    std::env::var_os("GAVEL_BLESS").is_some()
}

/// Every leaf command Discord would show, by path ("mod violation"), with its options.
fn discord_leaves() -> BTreeMap<String, Vec<Value>> {
    let mut leaves = BTreeMap::new();
    for command in registration_json().as_array().expect("a list") {
        if matches!(command["type"].as_u64(), Some(2 | 3)) {
            continue; // a context menu: `context_menus_are_registered_from_the_table`
        }
        let name = command["name"].as_str().expect("name").to_owned();
        let options: Vec<Value> = command["options"].as_array().cloned().unwrap_or_default();
        let subs: Vec<&Value> = options.iter().filter(|o| o["type"] == 1).collect();
        if subs.is_empty() {
            leaves.insert(name, options);
        } else {
            for sub in subs {
                let path = format!("{name} {}", sub["name"].as_str().expect("name"));
                leaves.insert(path, sub["options"].as_array().cloned().unwrap_or_default());
            }
        }
    }
    leaves
}

/// Checks: the registered JSON equals the reviewed snapshot, so any change members would see
/// on Discord (a name, a description, an option, a limit) shows up in review.
#[test]
fn the_registered_commands_match_the_reviewed_snapshot() {
    let now = serde_json::to_string_pretty(&registration_json()).expect("json") + "\n";
    let path = at_root(SNAPSHOT);
    if blessing() {
        std::fs::write(&path, &now).expect("snapshot written");
        return;
    }
    let before = std::fs::read_to_string(&path).unwrap_or_default();
    assert!(
        before == now,
        "the registered commands changed; review the difference and run with GAVEL_BLESS=1 \
         to accept it.\n\nnow registered:\n{now}"
    );
}

/// Checks: every declared command is registered on Discord with exactly the declared option
/// names, requiredness and limits, and nothing else is registered.
#[test]
fn discord_registers_exactly_the_declared_commands_and_limits() {
    let leaves = discord_leaves();
    let declared: Vec<&str> = commands::all().map(|c| c.path).collect();
    assert_eq!(
        leaves.keys().map(String::as_str).collect::<Vec<_>>(),
        {
            let mut sorted = declared.clone();
            sorted.sort_unstable();
            sorted
        },
        "registered paths differ from the table"
    );
    for command in commands::all() {
        let registered = &leaves[command.path];
        assert_eq!(registered.len(), command.options.len(), "/{}", command.path);
        for (option, json) in command.options.iter().zip(registered) {
            let at = format!("/{} {}", command.path, option.name);
            assert_eq!(json["name"], option.name, "{at}");
            assert_eq!(json["required"], option.required_on_discord(), "{at}");
            match &option.kind {
                OptionKind::Text { max } => {
                    assert_eq!(json["type"], 3, "{at}");
                    assert_eq!(json["max_length"], *max, "{at}");
                }
                OptionKind::Integer { min, max } => {
                    assert_eq!(json["type"], 4, "{at}");
                    assert_eq!(json["min_value"], *min, "{at}");
                    assert_eq!(json["max_value"], *max, "{at}");
                }
                OptionKind::Date => {
                    assert_eq!(json["type"], 3, "{at}");
                    assert_eq!(json["max_length"], 10, "{at}");
                }
                OptionKind::DateTime => {
                    assert_eq!(json["type"], 3, "{at}");
                    assert_eq!(json["max_length"], 16, "{at}");
                }
                OptionKind::Person => assert_eq!(json["type"], 6, "{at}"),
                OptionKind::Flag => assert_eq!(json["type"], 5, "{at}"),
                OptionKind::Choice(words) => {
                    let offered: Vec<&str> = json["choices"]
                        .as_array()
                        .expect("choices")
                        .iter()
                        .map(|c| c["value"].as_str().expect("value"))
                        .collect();
                    assert_eq!(&offered, words, "{at}");
                }
            }
        }
    }
}

/// A console line giving every option of `command` a value at its limit.
fn line_at_the_limits(command: &commands::CommandSpec) -> String {
    let mut line = format!("alice: /{}", command.path);
    for option in &command.options {
        let value = match &option.kind {
            OptionKind::Text { max } => format!("\"{}\"", "x".repeat(*max)),
            OptionKind::Integer { max, .. } => max.to_string(),
            OptionKind::Date => "2026-11-27".into(),
            OptionKind::DateTime => "\"2026-11-27 18:00\"".into(),
            OptionKind::Person => "@bob".into(),
            OptionKind::Flag => "false".into(),
            OptionKind::Choice(words) => words[0].into(),
        };
        line.push_str(&format!(" {}:{value}", option.name));
    }
    line
}

/// Checks: every declared command runs in the console, where each option at its limit is
/// accepted by the option checks (whatever the use case then decides) and one past a limit is
/// refused exactly as Discord would refuse it, naming the option.
#[tokio::test]
async fn every_command_runs_in_the_console_with_the_same_limits() {
    let mut config = Config::default();
    config.database.path = gavel::store::IN_MEMORY.into();
    let mut console = Console::new(config);
    console.execute("@ 2026-11-27 12:30").await.expect("clock");
    for command in commands::all() {
        let out = console
            .execute(&line_at_the_limits(command))
            .await
            .expect("line runs");
        let refused_by_options = out.iter().any(|o| {
            matches!(o, Output::Refusal(t) if t.starts_with("There is no command")
                || t.contains("(option `") || t.starts_with("The option `")
                || t.contains(" has no option "))
        });
        assert!(!refused_by_options, "/{}: {out:?}", command.path);
        for option in &command.options {
            let past = match &option.kind {
                OptionKind::Text { max } => format!("\"{}\"", "x".repeat(max + 1)),
                OptionKind::Integer { max, .. } => (max + 1).to_string(),
                OptionKind::Date => "2026-11-270".into(),
                // A word that is none of its choices (Terms §III Act 3.9.1's accept or refuse,
                // say): refused, never read as one of them.
                OptionKind::Choice(_) => "maybe".into(),
                _ => continue,
            };
            let line = format!("alice: /{} {}:{past}", command.path, option.name);
            let out = console.execute(&line).await.expect("line runs");
            assert!(
                matches!(&out[..], [Output::Refusal(t)]
                if t.starts_with(&format!("The option `{}`", option.name))
                    || t.ends_with(&format!("is not a choice for the option `{}`: it takes {}.", option.name, match &option.kind {
                        OptionKind::Choice(words) => match words.split_last() {
                            Some((last, [])) => (*last).to_owned(),
                            Some((last, init)) => format!("{} or {last}", init.join(", ")),
                            None => String::new(),
                        },
                        _ => String::new(),
                    }))),
                "{line}: {out:?}"
            );
        }
    }
}

/// Opens a chapter's generated command tables, naming the sections they are (the headings of
/// `commands::sections()`), as in
/// `<!-- commands "Rule changes", "Points of Order": generated from src/commands; ... -->`.
const TABLES_START: &str = "<!-- commands ";
const TABLES_GENERATED: &str =
    ": generated from src/commands; GAVEL_BLESS=1 cargo test rewrites -->\n";
const TABLES_END: &str = "<!-- end of commands -->";

/// The book's chapters, `docs/src/*.md`, by file name.
fn chapters() -> Vec<(String, std::path::PathBuf)> {
    let mut chapters: Vec<_> = std::fs::read_dir(at_root("docs/src"))
        .expect("docs/src")
        .map(|entry| entry.expect("entry").path())
        .filter(|path| path.extension().is_some_and(|e| e == "md"))
        .map(|path| {
            (
                path.file_name().unwrap().to_string_lossy().into_owned(),
                path,
            )
        })
        .collect();
    chapters.sort();
    chapters
}

/// Checks: the book's command tables are generated from the table, so a command's options, who
/// may use it and the rules it applies are documented in one place: each chapter's marked
/// tables equal the table's sections they name, and every section is in exactly one chapter.
#[test]
fn the_book_command_tables_come_from_the_table() {
    let mut placed: BTreeMap<String, Vec<String>> = BTreeMap::new();
    let mut stale = Vec::new();
    for (name, path) in chapters() {
        let text = std::fs::read_to_string(&path).expect("chapter");
        let mut rewritten = String::new();
        let mut rest = text.as_str();
        while let Some(start) = rest.find(TABLES_START) {
            let after = &rest[start + TABLES_START.len()..];
            let names_end = after.find(TABLES_GENERATED).unwrap_or_else(|| {
                panic!("{name}: a command tables marker must end with {TABLES_GENERATED:?}")
            });
            let headings: Vec<&str> = after[..names_end].split('"').skip(1).step_by(2).collect();
            assert!(!headings.is_empty(), "{name}: a marker names no section");
            let body = &after[names_end + TABLES_GENERATED.len()..];
            let end = body
                .find(TABLES_END)
                .unwrap_or_else(|| panic!("{name}: {headings:?} has no {TABLES_END:?}"));
            for heading in &headings {
                placed
                    .entry((*heading).to_owned())
                    .or_default()
                    .push(name.clone());
            }
            let generated = commands::markdown_tables(&headings);
            if body[..end] != generated {
                stale.push(format!("{name} {headings:?}:\n{generated}"));
            }
            let opening = start + TABLES_START.len() + names_end + TABLES_GENERATED.len();
            rewritten.push_str(&rest[..opening]);
            rewritten.push_str(&generated);
            rest = &body[end..];
        }
        rewritten.push_str(rest);
        if blessing() && rewritten != text {
            std::fs::write(&path, rewritten).expect("chapter written");
        }
    }
    let known: Vec<&str> = commands::sections().iter().map(|s| s.heading).collect();
    for heading in &known {
        let chapters = placed.get(*heading).cloned().unwrap_or_default();
        assert!(
            chapters.len() == 1,
            "the commands of {heading:?} must be in exactly one chapter of docs/src (a marker \
             {TABLES_START}\"{heading}\"{} then {TABLES_END}); they are in {chapters:?}",
            TABLES_GENERATED.trim_end()
        );
    }
    for (heading, chapters) in &placed {
        assert!(
            known.contains(&heading.as_str()),
            "{chapters:?} name {heading:?}, which no section of the table has"
        );
    }
    assert!(
        blessing() || stale.is_empty(),
        "the book's command tables are out of date; run with GAVEL_BLESS=1 to regenerate.\n\n{}",
        stale.join("\n")
    );
}

/// Checks: /help lists every declared command, in both adapters alike.
#[tokio::test]
async fn help_lists_every_command() {
    let help = commands::help();
    for command in commands::all() {
        assert!(
            help.contains(&commands::usage(command)),
            "/help misses /{}",
            command.path
        );
    }
}

/// Checks: the Moderators' commands carry no default permission ("0"), so Discord shows them
/// by default to administrators alone and to the role the server lets see them (the Moderator
/// role gavel gives with the office), not to whoever may manage messages (issue #28); the
/// read-only commands members use (cases, profiles, the Leaderboard) are shown to everyone.
#[test]
fn moderators_commands_are_hidden_by_default_and_read_only_ones_are_not() {
    const NO_PERMISSION: &str = "0";
    let registered = registration_json();
    let permission = |name: &str| {
        registered
            .as_array()
            .expect("a list")
            .iter()
            .find(|c| c["name"] == name)
            .unwrap_or_else(|| panic!("/{name} is registered"))["default_member_permissions"]
            .clone()
    };
    assert_eq!(permission("mod"), NO_PERMISSION);
    for everyone in ["cases", "case", "profile", "leaderboard", "history", "join"] {
        assert!(permission(everyone).is_null(), "/{everyone} is hidden");
    }
}

/// Checks: each context-menu entry of the table is registered once, as a user (2) or message
/// (3) command of its name, with no description or options (Discord allows none), and hidden
/// by default exactly when it needs a power.
#[test]
fn context_menus_are_registered_from_the_table() {
    let registered: Vec<Value> = registration_json()
        .as_array()
        .expect("a list")
        .iter()
        .filter(|c| matches!(c["type"].as_u64(), Some(2 | 3)))
        .cloned()
        .collect();
    assert_eq!(registered.len(), commands::menus::MENUS.len());
    for menu in commands::menus::MENUS {
        let command = registered
            .iter()
            .find(|c| c["name"] == menu.name)
            .unwrap_or_else(|| panic!("{} is not registered", menu.name));
        let kind = match menu.target {
            commands::menus::Target::Member => 2,
            commands::menus::Target::Message => 3,
        };
        assert_eq!(command["type"], kind, "{}", menu.name);
        assert!(command
            .get("options")
            .is_none_or(|o| o.as_array().is_none_or(Vec::is_empty)));
        assert_eq!(
            command["default_member_permissions"] == "0",
            menu.power.is_some(),
            "{command}"
        );
    }
}
