//! Discord's documented limits on application commands, checked on the JSON gavel registers.
//!
//! Source: Discord's application-commands documentation ("Application Command Naming",
//! "Application Command Option Structure", "Limits"). Discord refuses the whole `PUT .../commands`
//! when one command breaks a limit, so the bot would start with no commands at all: these tests
//! catch that before deployment. They check every command generically, so commands added later
//! are guarded too.

use serde_json::{json, Value};

/// The descriptions poise fills in when a command or parameter has no doc comment/description.
const POISE_FILLERS: [&str; 2] = ["A slash command", "A slash command parameter"];

const CHAT_INPUT: u64 = 1;
const SUB_COMMAND: u64 = 1;
const SUB_COMMAND_GROUP: u64 = 2;

/// Every way `commands` (the JSON array of a `PUT .../commands`) breaks Discord's limits; empty
/// when it obeys them all.
pub fn violations(commands: &Value) -> Vec<String> {
    let mut out = Vec::new();
    let Some(commands) = commands.as_array() else {
        return vec!["the registration body is not a JSON array".into()];
    };
    // At most 100 chat-input commands, and 5 each of user and message commands.
    let count = |kind: u64| commands.iter().filter(|c| kind_of(c) == kind).count();
    if count(CHAT_INPUT) > 100 {
        out.push(format!(
            "{} slash commands (at most 100)",
            count(CHAT_INPUT)
        ));
    }
    for (kind, what) in [(2, "user"), (3, "message")] {
        if count(kind) > 5 {
            out.push(format!("{} {what} commands (at most 5)", count(kind)));
        }
    }
    unique_names(commands, "the command list", &mut out);
    for command in commands {
        let name = command["name"].as_str().unwrap_or("?");
        let at = format!("/{name}");
        if kind_of(command) == CHAT_INPUT {
            check_name(command, &at, &mut out);
            check_description(command, &at, &mut out);
            check_options(command, &at, 0, &mut out);
        } else {
            // Context-menu commands: free-form names of 1-32 characters, empty description.
            let len = name.chars().count();
            if !(1..=32).contains(&len) {
                out.push(format!("{at}: name has {len} characters (1-32)"));
            }
            if command["description"]
                .as_str()
                .is_some_and(|d| !d.is_empty())
            {
                out.push(format!(
                    "{at}: a context-menu command must have no description"
                ));
            }
        }
        let size = characters(command);
        if size > 4000 {
            out.push(format!(
                "{at}: names, descriptions and values add up to {size} characters (at most 4000)"
            ));
        }
    }
    out
}

fn kind_of(command: &Value) -> u64 {
    command["type"].as_u64().unwrap_or(CHAT_INPUT)
}

/// `^[-_'\p{L}\p{N}\p{sc=Deva}\p{sc=Thai}]{1,32}$`, and lowercase where a lowercase form exists.
///
/// There is no regex crate here: `char::is_alphanumeric` stands for `\p{L}\p{N}` (it is a little
/// wider: it also admits the marks of the `Other_Alphabetic` property), and the Devanagari and
/// Thai blocks stand for the two scripts.
pub fn name_problem(name: &str) -> Option<String> {
    let len = name.chars().count();
    if !(1..=32).contains(&len) {
        return Some(format!("has {len} characters (1-32)"));
    }
    let allowed = |c: char| {
        matches!(c, '-' | '_' | '\'')
            || c.is_alphanumeric()
            || ('\u{0900}'..='\u{097F}').contains(&c) // Devanagari
            || ('\u{A8E0}'..='\u{A8FF}').contains(&c) // Devanagari Extended
            || ('\u{0E00}'..='\u{0E7F}').contains(&c) // Thai
    };
    if let Some(bad) = name.chars().find(|&c| !allowed(c)) {
        return Some(format!("contains {bad:?}, outside [-_'\\p{{L}}\\p{{N}}]"));
    }
    if let Some(upper) = name
        .chars()
        .find(|c| c.to_lowercase().ne(std::iter::once(*c)))
    {
        return Some(format!("contains {upper:?}, which has a lowercase form"));
    }
    None
}

/// Name and its localizations.
fn check_name(item: &Value, at: &str, out: &mut Vec<String>) {
    for (locale, name) in texts(item, "name") {
        if let Some(problem) = name_problem(&name) {
            out.push(format!("{at}: name{locale} {name:?} {problem}"));
        }
    }
}

/// Description (and its localizations): 1-100 characters and not poise's filler.
fn check_description(item: &Value, at: &str, out: &mut Vec<String>) {
    let all = texts(item, "description");
    if all.is_empty() {
        out.push(format!("{at}: no description"));
    }
    for (locale, text) in all {
        let len = text.chars().count();
        if !(1..=100).contains(&len) {
            out.push(format!(
                "{at}: description{locale} has {len} characters (1-100)"
            ));
        }
        if POISE_FILLERS.contains(&text.trim()) {
            out.push(format!(
                "{at}: description{locale} is poise's filler {text:?}: write a doc comment \
                 or #[description]"
            ));
        }
    }
}

/// The default text of `field` and its localizations, as (" [locale]" or "", text).
fn texts(item: &Value, field: &str) -> Vec<(String, String)> {
    let mut all = Vec::new();
    if let Some(text) = item[field].as_str() {
        all.push((String::new(), text.to_owned()));
    }
    if let Some(map) = item[format!("{field}_localizations")].as_object() {
        for (locale, text) in map {
            if let Some(text) = text.as_str() {
                all.push((format!(" [{locale}]"), text.to_owned()));
            }
        }
    }
    all
}

fn unique_names(items: &[Value], at: &str, out: &mut Vec<String>) {
    let mut seen = std::collections::BTreeSet::new();
    for item in items {
        if let Some(name) = item["name"].as_str() {
            if !seen.insert(name) {
                out.push(format!("{at}: the name {name:?} is used twice"));
            }
        }
    }
}

/// The options of a command, subcommand or group, and theirs, at every level.
fn check_options(parent: &Value, at: &str, depth: usize, out: &mut Vec<String>) {
    let empty = Vec::new();
    let options = parent["options"].as_array().unwrap_or(&empty);
    if options.len() > 25 {
        out.push(format!("{at}: {} options (at most 25)", options.len()));
    }
    unique_names(options, at, out);
    let is_sub = |o: &Value| matches!(o["type"].as_u64(), Some(SUB_COMMAND | SUB_COMMAND_GROUP));
    let subs = options.iter().filter(|o| is_sub(o)).count();
    if subs > 0 && subs < options.len() {
        out.push(format!(
            "{at}: mixes subcommands with other options (Discord allows one or the other)"
        ));
    }
    let mut optional_seen: Option<&str> = None;
    for option in options {
        let name = option["name"].as_str().unwrap_or("?");
        let here = format!("{at} {name}");
        let kind = option["type"].as_u64();
        check_name(option, &here, out);
        check_description(option, &here, out);
        match kind {
            Some(SUB_COMMAND_GROUP) => {
                if depth > 0 {
                    out.push(format!(
                        "{here}: a subcommand group can only be at the top level"
                    ));
                }
                let inner = option["options"].as_array().unwrap_or(&empty);
                if inner
                    .iter()
                    .any(|o| o["type"].as_u64() != Some(SUB_COMMAND))
                {
                    out.push(format!("{here}: a group may only hold subcommands"));
                }
                check_options(option, &here, depth + 1, out);
            }
            Some(SUB_COMMAND) => {
                if depth > 1 {
                    out.push(format!("{here}: subcommands nest at most two levels deep"));
                }
                check_options(option, &here, depth + 1, out);
            }
            Some(3..=11) => {
                if option["options"].as_array().is_some_and(|o| !o.is_empty()) {
                    out.push(format!("{here}: only subcommands and groups hold options"));
                }
                let required = option["required"].as_bool().unwrap_or(false);
                match (required, optional_seen) {
                    (true, Some(before)) => out.push(format!(
                        "{here}: required option after the optional option {before:?} \
                         (Discord wants required options first)"
                    )),
                    (false, None) => optional_seen = Some(name),
                    _ => {}
                }
                check_choices(option, &here, out);
            }
            other => out.push(format!("{here}: unknown option type {other:?}")),
        }
    }
}

fn check_choices(option: &Value, at: &str, out: &mut Vec<String>) {
    let empty = Vec::new();
    let choices = option["choices"].as_array().unwrap_or(&empty);
    if choices.len() > 25 {
        out.push(format!("{at}: {} choices (at most 25)", choices.len()));
    }
    if !choices.is_empty() && option["autocomplete"].as_bool() == Some(true) {
        out.push(format!("{at}: choices and autocomplete together"));
    }
    unique_names(choices, at, out);
    for choice in choices {
        for (locale, name) in texts(choice, "name") {
            let len = name.chars().count();
            if !(1..=100).contains(&len) {
                out.push(format!(
                    "{at}: choice name{locale} {name:?} has {len} characters (1-100)"
                ));
            }
        }
        if let Some(value) = choice["value"].as_str() {
            let len = value.chars().count();
            if !(1..=100).contains(&len) {
                out.push(format!(
                    "{at}: choice value {value:?} has {len} characters (1-100)"
                ));
            }
        }
    }
}

/// Discord's size of a command: the characters of every name, description and choice value, in
/// the command and all its options and choices; of a field with localizations only the longest
/// version counts.
pub fn characters(item: &Value) -> usize {
    let longest = |field: &str| {
        texts(item, field)
            .iter()
            .map(|(_, t)| t.chars().count())
            .max()
            .unwrap_or(0)
    };
    let value = match &item["value"] {
        Value::Null => 0,
        Value::String(s) => s.chars().count(),
        other => other.to_string().chars().count(),
    };
    let nested = ["options", "choices"]
        .iter()
        .filter_map(|key| item[*key].as_array())
        .flatten()
        .map(characters)
        .sum::<usize>();
    longest("name") + longest("description") + value + nested
}

/// The registration JSON gavel sends, built from the command table with no network.
pub fn registration_json() -> Value {
    serde_json::to_value(gavel::adapters::discord::slash::registration())
        .expect("commands serialize")
}

/// Panics listing every violation.
pub fn assert_within_limits(commands: &Value) {
    let found = violations(commands);
    assert!(
        found.is_empty(),
        "the registered commands break Discord's limits:\n  {}\n\nregistered JSON:\n{}",
        found.join("\n  "),
        serde_json::to_string_pretty(commands).unwrap_or_default()
    );
}

/// Checks: every command gavel registers obeys Discord's limits (names, lowercase, descriptions
/// and no poise filler, 25 options/choices, required first, 4000 characters, 100 commands),
/// computed from the command table's registration with no network.
#[test]
fn every_command_obeys_discords_limits_without_network() {
    let json = registration_json();
    assert!(
        json.as_array().is_some_and(|a| !a.is_empty()),
        "no commands registered: {json}"
    );
    assert_within_limits(&json);
}

/// Checks: the limit checker itself catches each kind of violation, so the test above cannot
/// pass by checking nothing.
#[test]
fn the_limit_checker_catches_each_violation() {
    assert!(violations(&json!([
        {"type": 1, "name": "ok", "description": "Fine", "options": [
            {"type": 6, "name": "member", "description": "Who", "required": true},
            {"type": 4, "name": "office", "description": "Which", "required": false,
             "choices": [{"name": "moderator", "value": 0}]}
        ]}
    ]))
    .is_empty());
    let cases = [
        (
            json!({"type": 1, "name": "Join", "description": "x"}),
            "lowercase",
        ),
        (
            json!({"type": 1, "name": "has space", "description": "x"}),
            "outside",
        ),
        (
            json!({"type": 1, "name": "", "description": "x"}),
            "characters (1-32)",
        ),
        (
            json!({"type": 1, "name": "a".repeat(33), "description": "x"}),
            "(1-32)",
        ),
        (
            json!({"type": 1, "name": "a", "description": ""}),
            "(1-100)",
        ),
        (
            json!({"type": 1, "name": "a", "description": "d".repeat(101)}),
            "(1-100)",
        ),
        (
            json!({"type": 1, "name": "a", "description": "A slash command"}),
            "filler",
        ),
        (
            json!({"type": 1, "name": "a", "description": "x", "options": [
                {"type": 3, "name": "p", "description": "A slash command parameter"}]}),
            "filler",
        ),
        (
            json!({"type": 1, "name": "a", "description": "x", "options": [
                {"type": 3, "name": "p", "description": "x"},
                {"type": 3, "name": "q", "description": "x", "required": true}]}),
            "required option after",
        ),
        (
            json!({"type": 1, "name": "a", "description": "x", "options": [
                {"type": 1, "name": "s", "description": "x", "options": [
                    {"type": 3, "name": "p", "description": "x"},
                    {"type": 3, "name": "q", "description": "x", "required": true}]}]}),
            "required option after",
        ),
        (
            json!({"type": 1, "name": "a", "description": "x", "options":
                (0..26).map(|i| json!({"type": 3, "name": format!("o{i}"), "description": "x"}))
                    .collect::<Vec<_>>()}),
            "26 options",
        ),
        (
            json!({"type": 1, "name": "a", "description": "x", "options": [
                {"type": 4, "name": "p", "description": "x", "choices":
                    (0..26).map(|i| json!({"name": format!("c{i}"), "value": i}))
                        .collect::<Vec<_>>()}]}),
            "26 choices",
        ),
        (
            json!({"type": 1, "name": "a", "description": "x", "options":
                (0..25).map(|i| json!({"type": 3, "name": format!("o{i}"),
                    "description": "d".repeat(100), "choices": [{"name": "n", "value": "v".repeat(100)}]}))
                    .collect::<Vec<_>>()}),
            "at most 4000",
        ),
        (
            json!({"type": 1, "name": "a", "description": "x", "options": [
                {"type": 1, "name": "s", "description": "x"},
                {"type": 3, "name": "p", "description": "x"}]}),
            "mixes subcommands",
        ),
    ];
    for (command, expected) in cases {
        let found = violations(&json!([command]));
        assert!(
            found.iter().any(|v| v.contains(expected)),
            "expected a violation containing {expected:?} for {command}, got {found:?}"
        );
    }
    let many: Vec<Value> = (0..101)
        .map(|i| json!({"type": 1, "name": format!("c{i}"), "description": "x"}))
        .collect();
    assert!(violations(&Value::Array(many))
        .iter()
        .any(|v| v.contains("101 slash commands")));
    // Names from other scripts that Discord accepts.
    for name in ["दर्ज", "ทดสอบ", "ü-ber_o'k", "名前", "x9"] {
        assert_eq!(name_problem(name), None, "{name}");
    }
}
