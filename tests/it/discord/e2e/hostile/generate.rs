//! The hostile interactions: a small deterministic generator (SplitMix64, seeded by the test)
//! of what a hostile or broken client could send. Every interaction it makes from the club's
//! server is one gavel must refuse: each carries at least one fault (a forged or mutated
//! `custom_id`, an option of the wrong type, an unknown one, a value past its limit) or asks
//! for something its sender may not do; the rest come from another server or a direct message.

use serde_json::{json, Map, Value};

use crate::discord::fake::{
    Arg, Origin, SlashCommand, User, APPLICATION_COMMAND, GUILD_ID, MESSAGE_COMPONENT, MODAL_SUBMIT,
};

/// SplitMix64: small, fast and the same on every machine.
pub struct Rng(u64);

impl Rng {
    pub fn new(seed: u64) -> Self {
        Self(seed)
    }

    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    pub fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }

    pub fn pick<T: Clone>(&mut self, items: &[T]) -> T {
        items[self.below(items.len())].clone()
    }

    fn chance(&mut self, percent: usize) -> bool {
        self.below(100) < percent
    }
}

/// One generated interaction, and what it is, for the summary and failure messages.
pub enum Hostile {
    /// A well-formed slash command sent from another server or a direct message.
    Elsewhere(SlashCommand),
    /// A hand-built interaction (`kind`, `data`), pressed on the test's post if `on_post`.
    Raw {
        origin: Origin,
        caller: User,
        kind: u64,
        data: Value,
        on_post: bool,
    },
}

/// The kinds of hostile interaction, as the summary counts them.
pub const CATEGORIES: [&str; 5] = [
    "another server",
    "direct message",
    "forged custom_id",
    "hostile form",
    "hostile options",
];

/// Custom_ids gavel writes, or could: each names an object that does not exist or needs an
/// office its presser lacks.
const BASES: &[&str] = &[
    "b/game approve?game=1",
    "b/vote?proposal=1&choice=yes",
    "b/court grant?appeal=1",
    "b/court vote?appeal=1&decision=uphold",
    "b/court opinion?appeal=1",
    "b/order dispute?point=1",
    "b/order agree?point=1",
    "b/mod declare?case=1",
    "f/mod declare?case=1",
    "f/court vote?appeal=1&decision=remand",
    "f/order judgement?point=1",
    "f/court opinion?appeal=1",
];

/// Commands only an office holder may run (a forged `custom_id` may name them).
const PRIVILEGED: &[&str] = &[
    "mod technical",
    "office appoint",
    "game void",
    "member remove",
    "court solo",
    "procedure set",
    "mod unmonitor",
];

/// Values a hostile client puts where a number or a choice belongs.
const VALUES: &[&str] = &[
    "",
    "-1",
    "0",
    "99999999999999999999",
    "1e3",
    "0x10",
    "%41",
    "<@502>",
    "@everyone",
    "Mallory <@&2001>",
    "yes%26no",
    "\u{202e}1",
    "１",
];

/// Names a forged `member=` field carries.
const NAMES: &[&str] = &["Mallory <@&2001>", "Mallory @everyone", "\u{200b}bob", "cj"];

/// Makes the `n`th hostile interaction. `members` are the club's members and `outsider` a
/// member of the server gavel has not met; `registered` gives a command's registered object.
pub fn hostile(
    rng: &mut Rng,
    members: &[User],
    outsider: &User,
    registered: &dyn Fn(&str) -> Value,
) -> (&'static str, Hostile) {
    let in_club = |rng: &mut Rng| {
        let mut callers = members.to_vec();
        callers.push(outsider.clone());
        rng.pick(&callers)
    };
    match rng.below(100) {
        0..=14 => {
            let guild = elsewhere_guild(rng);
            (CATEGORIES[0], elsewhere(rng, Origin::Guild(guild)))
        }
        15..=29 => (CATEGORIES[1], elsewhere(rng, Origin::Direct)),
        30..=54 => {
            let caller = in_club(rng);
            let base = rng_base(rng, "b/");
            let id = mutate(rng, base);
            (CATEGORIES[2], press(Origin::Club, caller, &id))
        }
        55..=69 => {
            let caller = in_club(rng);
            let base = rng_base(rng, "f/");
            let id = mutate(rng, base);
            (CATEGORIES[3], form(rng, Origin::Club, caller, &id))
        }
        _ => {
            let caller = in_club(rng);
            (CATEGORIES[4], options(rng, caller, registered))
        }
    }
}

fn elsewhere_guild(rng: &mut Rng) -> u64 {
    match rng.below(3) {
        0 => 9999,
        1 => GUILD_ID + 1,
        _ => 10_000 + rng.below(1_000_000) as u64,
    }
}

/// A well-formed interaction from `origin`: a slash command, a press or a form that would be
/// legitimate in the club's server (an outsider's `/join`, the Chief Justice's `/mod technical`).
fn elsewhere(rng: &mut Rng, origin: Origin) -> Hostile {
    let stranger = User::new(9100 + rng.below(20) as u64, "stranger");
    let cj = User::new(super::super::CJ_ID, "cj");
    let caller = if rng.chance(30) { cj } else { stranger };
    match rng.below(4) {
        0 => press(origin, caller, rng.pick(BASES)),
        1 => {
            let base = rng.pick(BASES);
            form(rng, origin, caller, base)
        }
        _ => {
            let command = match rng.below(5) {
                0 => SlashCommand::new(&caller, "join"),
                1 => SlashCommand::new(&caller, "profile"),
                2 => SlashCommand::new(&caller, "leave"),
                3 => SlashCommand::new(&caller, "vote")
                    .arg("proposal", Arg::Integer(1))
                    .choice("choice", "yes"),
                _ => SlashCommand::new(&caller, "mod technical").arg(
                    "description",
                    Arg::Text("the leaderboard moved to a new server".into()),
                ),
            };
            Hostile::Elsewhere(command.from(origin))
        }
    }
}

fn rng_base(rng: &mut Rng, prefix: &str) -> String {
    let bases: Vec<&str> = BASES
        .iter()
        .copied()
        .filter(|b| b.starts_with(prefix))
        .collect();
    rng.pick(&bases).to_owned()
}

/// A `custom_id` changed as a forger would (or not at all): fields added, repeated or given
/// hostile values, the command swapped for a privileged one, the prefix changed, cut short or
/// garbled.
fn mutate(rng: &mut Rng, id: String) -> String {
    let mut id = id;
    // One in five goes as gavel wrote it: it reaches its use case, which refuses it (the object
    // does not exist, or the presser lacks the office).
    let mutations = if rng.chance(20) { 0 } else { 1 + rng.below(3) };
    for _ in 0..mutations {
        id = match rng.below(9) {
            0 => format!(
                "{id}&member={}:{}",
                500 + rng.below(5),
                escape(rng.pick(NAMES))
            ),
            1 => format!(
                "{id}&{}={}",
                rng.pick(&["x", "name", "caller", "guild"]),
                rng.pick(VALUES)
            ),
            2 => match id.split_once('?') {
                Some((_, query)) => format!("{id}&{}", query.split('&').next().unwrap_or("")),
                None => format!("{id}?game=1&game=2"),
            },
            3 => match id.rsplit_once('=') {
                Some((head, _)) => format!("{head}={}", rng.pick(VALUES)),
                None => format!("{id}?x={}", rng.pick(VALUES)),
            },
            4 => {
                let query = id
                    .split_once('?')
                    .map(|(_, q)| format!("?{q}"))
                    .unwrap_or_default();
                format!("{}{}{query}", &id[..2], rng.pick(PRIVILEGED))
            }
            5 => {
                let prefix = rng.pick(&["f/", "b/", "x/", "", "B/", "b//"]);
                format!("{prefix}{}", id.get(2..).unwrap_or(""))
            }
            6 => {
                let chars: Vec<char> = id.chars().collect();
                chars[..rng.below(chars.len().max(1))].iter().collect()
            }
            7 => format!("{id}%{}", rng.pick(&["", "4", "ZZ", "%"])),
            _ => format!("{id}&text={}", "A".repeat(50 + rng.below(200))),
        };
    }
    id
}

/// Escapes what the `custom_id` format uses as separators, as a careful forger would.
fn escape(text: &str) -> String {
    text.replace('%', "%25")
        .replace('&', "%26")
        .replace('=', "%3D")
        .replace('?', "%3F")
}

fn press(origin: Origin, caller: User, custom_id: &str) -> Hostile {
    Hostile::Raw {
        origin,
        caller,
        kind: MESSAGE_COMPONENT,
        data: json!({"custom_id": custom_id, "component_type": 2}),
        on_post: true,
    }
}

/// A submitted form: its inputs named as the form asked, or not, holding text of any size.
fn form(rng: &mut Rng, origin: Origin, caller: User, custom_id: &str) -> Hostile {
    let names = [
        "reasoning",
        "reasons",
        "text",
        "member",
        "case",
        "appeal",
        "decision",
        "x",
    ];
    let rows: Vec<Value> = (0..rng.below(4))
        .map(|_| {
            let value = match rng.below(4) {
                0 => "because".to_owned(),
                1 => "A".repeat(50_000),
                2 => "502:Mallory <@&2001>".to_owned(),
                _ => String::new(),
            };
            json!({"type": 1, "components": [{"type": 4, "custom_id": rng.pick(&names), "value": value}]})
        })
        .collect();
    Hostile::Raw {
        origin,
        caller,
        kind: MODAL_SUBMIT,
        data: json!({"custom_id": custom_id, "components": rows}),
        on_post: false,
    }
}

/// A slash command from the club's server whose options carry at least one fault: an unknown
/// option, a value of the wrong type, text past any limit, a number out of range, a word that
/// is not a choice, a fractional number, or a user Discord did not resolve.
fn options(rng: &mut Rng, caller: User, registered: &dyn Fn(&str) -> Value) -> Hostile {
    let names = [
        "join",
        "profile",
        "history",
        "leave",
        "leaderboard",
        "cases",
        "vote",
        "propose",
        "mod",
        "game",
        "office",
        "court",
        "order",
        "session",
        "member",
        "rule",
        "procedure",
    ];
    let name = rng.pick(&names);
    let command = registered(name);
    let subcommands: Vec<&Value> = command["options"]
        .as_array()
        .into_iter()
        .flatten()
        .filter(|o| o["type"] == 1)
        .collect();
    let sub = (!subcommands.is_empty()).then(|| rng.pick(&subcommands));
    let schema = sub.unwrap_or(&command);
    let declared: Vec<Value> = schema["options"].as_array().cloned().unwrap_or_default();
    let mut resolved_users = Map::new();
    let mut resolved_members = Map::new();
    let mut given: Vec<Value> = Vec::new();
    for option in &declared {
        if rng.chance(50) {
            let value = match option["type"].as_u64() {
                Some(3) => option["choices"][0]["value"]
                    .clone()
                    .as_str()
                    .map_or(json!("hello"), |c| json!(c)),
                Some(4) => option["min_value"]
                    .as_i64()
                    .map_or(json!(1), |m| json!(m.max(1))),
                Some(5) => json!(true),
                Some(6) => {
                    let alice = User::new(501, "alice");
                    resolved_users.insert("501".into(), alice.json());
                    resolved_members.insert("501".into(), alice.partial_member_json());
                    json!("501")
                }
                _ => continue,
            };
            given.push(json!({"name": option["name"], "type": option["type"], "value": value}));
        }
    }
    for _ in 0..1 + rng.below(3) {
        fault(rng, &declared, &mut given);
    }
    let mut data = json!({
        "id": command["id"],
        "name": name,
        "type": 1,
        "guild_id": GUILD_ID.to_string(),
        "options": given,
        "resolved": {},
    });
    if !resolved_users.is_empty() {
        data["resolved"] = json!({"users": resolved_users, "members": resolved_members});
    }
    if let Some(sub) = sub {
        data["options"] = json!([{"name": sub["name"], "type": 1, "options": data["options"]}]);
    }
    Hostile::Raw {
        origin: Origin::Club,
        caller,
        kind: APPLICATION_COMMAND,
        data,
        on_post: false,
    }
}

/// Adds one fault to `given`, an option list for `declared`.
fn fault(rng: &mut Rng, declared: &[Value], given: &mut Vec<Value>) {
    let unknown =
        |rng: &mut Rng| json!({"name": format!("bogus{}", rng.below(9)), "type": 3, "value": "x"});
    let Some(option) = (!declared.is_empty()).then(|| rng.pick(declared)) else {
        given.push(unknown(rng));
        return;
    };
    let name = option["name"].clone();
    let kind = option["type"].as_u64().unwrap_or(3);
    let faulty = match (rng.below(8), kind) {
        (0, _) => unknown(rng),
        // The wrong type, as Discord would type it.
        (1, 4) => json!({"name": name, "type": 3, "value": "12"}),
        (1, 3) => json!({"name": name, "type": 4, "value": 7}),
        (1, 6) => json!({"name": name, "type": 3, "value": "502:Mallory"}),
        (1, _) => json!({"name": name, "type": 3, "value": "true"}),
        // Text past every limit.
        (2, _) => json!({"name": name, "type": 3, "value": "A".repeat(50_000)}),
        (3, 4) => {
            json!({"name": name, "type": 4, "value": rng.pick(&[-1i64, 1_000_000_000_000_000, i64::MIN])})
        }
        (3, _) if option["choices"].as_array().is_some_and(|c| !c.is_empty()) => {
            json!({"name": name, "type": 3, "value": "pardon"})
        }
        (4, _) => json!({"name": name, "type": 10, "value": 2.5}),
        // A user Discord did not resolve.
        (5, _) => json!({"name": name, "type": 6, "value": "4242"}),
        // A value serenity cannot read: the interaction is dropped unanswered.
        (6, _) => json!({"name": name, "type": 4, "value": "abc"}),
        // The same option twice.
        (7, _) if given.iter().any(|g| g["name"] == name) => given
            .iter()
            .find(|g| g["name"] == name)
            .cloned()
            .expect("given"),
        _ => unknown(rng),
    };
    given.push(faulty);
}
