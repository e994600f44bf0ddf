//! The interactions a member's client sends: slash commands typed against the registered
//! command list, button presses and submitted forms, as INTERACTION_CREATE payloads; and the
//! checks that serenity reads them.

use std::collections::BTreeMap;

use serde_json::{json, Value};
use serenity::model::event::{Event, GatewayEvent};

use super::gateway::dispatch_frame;
use super::rest::message_json;
use super::state::Shared;
use super::{User, APPLICATION_ID, CHANNEL_ID, GUILD_ID, PERMISSIONS};

/// An option value as a member fills it in; its wire type comes from the registered command.
#[derive(Debug, Clone)]
pub enum Arg {
    Text(String),
    Integer(i64),
    Number(f64),
    Bool(bool),
    User(User),
    /// A choice, by its displayed name: the registered choice's value is sent.
    Choice(String),
}

/// Where an interaction comes from, as Discord says in its payload.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Origin {
    /// The club's server (`GUILD_ID`), where gavel registered its commands.
    Club,
    /// Another server gavel was added to.
    Guild(u64),
    /// A direct message with gavel: no guild, no member, the sender as `user`.
    Direct,
}

/// A slash command invocation, typed by `caller`, to turn into an INTERACTION_CREATE.
#[derive(Debug, Clone)]
pub struct SlashCommand {
    /// `["office", "appoint"]`: the command, then its group and subcommand if any.
    path: Vec<String>,
    caller: User,
    args: Vec<(String, Arg)>,
    origin: Origin,
    /// The option being typed, and what has been typed so far: an autocomplete interaction.
    typing: Option<(String, String)>,
}

impl SlashCommand {
    /// `line` is the command as typed without options, e.g. `"office appoint"`.
    pub fn new(caller: &User, line: &str) -> Self {
        Self {
            path: line.split_whitespace().map(str::to_owned).collect(),
            caller: caller.clone(),
            args: Vec::new(),
            origin: Origin::Club,
            typing: None,
        }
    }

    /// Where it is sent from.
    pub fn origin(&self) -> Origin {
        self.origin
    }

    /// The same command sent from `origin` instead of the club's server.
    pub fn from(mut self, origin: Origin) -> Self {
        self.origin = origin;
        self
    }

    pub fn arg(mut self, name: &str, arg: Arg) -> Self {
        self.args.push((name.to_owned(), arg));
        self
    }

    pub fn user(self, name: &str, user: &User) -> Self {
        self.arg(name, Arg::User(user.clone()))
    }

    /// The same command while `typed` is being typed into the option `name`: Discord then sends
    /// an autocomplete interaction (type 4) with that option focused, its value a string
    /// whatever its type, and the other options given so far.
    pub fn typing(mut self, name: &str, typed: &str) -> Self {
        self.typing = Some((name.to_owned(), typed.to_owned()));
        self
    }

    pub fn choice(self, name: &str, choice: &str) -> Self {
        self.arg(name, Arg::Choice(choice.to_owned()))
    }

    /// The INTERACTION_CREATE `d` for this invocation, with the options typed and checked
    /// against the registered command (`registered`, by name) as Discord's client would.
    pub(super) fn payload(&self, id: u64, registered: &BTreeMap<String, Value>) -> Value {
        let name = &self.path[0];
        let command = registered.get(name).unwrap_or_else(|| {
            panic!(
                "/{name} was not registered; registered: {:?}",
                registered.keys()
            )
        });
        // Walk down to the subcommand whose options the args fill.
        let mut schema = command;
        for part in &self.path[1..] {
            schema = schema["options"]
                .as_array()
                .and_then(|o| o.iter().find(|o| o["name"] == part.as_str()))
                .unwrap_or_else(|| panic!("/{} has no subcommand {part}", self.path.join(" ")));
        }
        let empty = Vec::new();
        let declared = schema["options"].as_array().unwrap_or(&empty);
        if declared
            .iter()
            .any(|o| matches!(o["type"].as_u64(), Some(1 | 2)))
        {
            panic!("/{} needs a subcommand", self.path.join(" "));
        }
        let mut users = serde_json::Map::new();
        let mut members = serde_json::Map::new();
        let mut options = Vec::new();
        for (arg_name, arg) in &self.args {
            let option = declared
                .iter()
                .find(|o| o["name"] == arg_name.as_str())
                .unwrap_or_else(|| panic!("/{} has no option {arg_name}", self.path.join(" ")));
            let kind = option["type"].as_u64().expect("option type");
            let value = match (kind, arg) {
                (3, Arg::Text(s)) => json!(s),
                (4, Arg::Integer(n)) => json!(n),
                (10, Arg::Number(x)) => json!(x),
                (5, Arg::Bool(b)) => json!(b),
                (6 | 9, Arg::User(user)) => {
                    users.insert(user.id.to_string(), user.json());
                    members.insert(user.id.to_string(), user.partial_member_json());
                    json!(user.id.to_string())
                }
                (3 | 4 | 10, Arg::Choice(choice)) => option["choices"]
                    .as_array()
                    .and_then(|c| c.iter().find(|c| c["name"] == choice.as_str()))
                    .map(|c| c["value"].clone())
                    .unwrap_or_else(|| {
                        panic!("option {arg_name} has no choice {choice}: {option}")
                    }),
                _ => panic!("option {arg_name} has type {kind}; {arg:?} does not fit it"),
            };
            options.push(json!({"name": arg_name, "type": kind, "value": value}));
        }
        if let Some((name, typed)) = &self.typing {
            let option = declared
                .iter()
                .find(|o| o["name"] == name.as_str())
                .unwrap_or_else(|| panic!("/{} has no option {name}", self.path.join(" ")));
            assert_eq!(
                option["autocomplete"], true,
                "Discord sends no autocomplete for an option not registered with it: {option}"
            );
            let kind = option["type"].as_u64().expect("option type");
            options.push(json!({"name": name, "type": kind, "value": typed, "focused": true}));
        }
        for option in declared {
            let required = option["required"].as_bool().unwrap_or(false);
            let given = self.args.iter().any(|(n, _)| option["name"] == n.as_str());
            if required && !given && self.typing.is_none() {
                panic!("/{} needs option {}", self.path.join(" "), option["name"]);
            }
        }
        // Nest the options in their subcommand (type 1) and group (type 2), innermost first.
        let depth = self.path.len() - 1;
        for (level, part) in self.path[1..].iter().enumerate().rev() {
            let kind = if level + 1 == depth { 1 } else { 2 };
            options = vec![json!({"name": part, "type": kind, "options": options})];
        }
        let mut resolved = serde_json::Map::new();
        if !users.is_empty() {
            resolved.insert("users".into(), Value::Object(users));
            resolved.insert("members".into(), Value::Object(members));
        }
        let mut data = json!({
            "id": command["id"],
            "name": name,
            "type": 1,
            "options": options,
            "resolved": resolved,
        });
        if let Some(guild) = guild_of(self.origin) {
            data["guild_id"] = json!(guild.to_string());
        }
        let kind = match self.typing {
            Some(_) => APPLICATION_COMMAND_AUTOCOMPLETE,
            None => APPLICATION_COMMAND,
        };
        interaction_json(id, &self.caller, self.origin, kind, data)
    }
}

/// Interaction types (Discord's `type` of an interaction).
pub const APPLICATION_COMMAND: u64 = 2;
pub const MESSAGE_COMPONENT: u64 = 3;
pub const APPLICATION_COMMAND_AUTOCOMPLETE: u64 = 4;
pub const MODAL_SUBMIT: u64 = 5;

/// The server an interaction from `origin` names, if any.
fn guild_of(origin: Origin) -> Option<u64> {
    match origin {
        Origin::Club => Some(GUILD_ID),
        Origin::Guild(id) => Some(id),
        Origin::Direct => None,
    }
}

/// An INTERACTION_CREATE `d` of `kind` by `caller` in #discussion (or, from another server, in
/// its channel of the same id; or in a direct message), with its `data`.
pub(super) fn interaction_json(
    id: u64,
    caller: &User,
    origin: Origin,
    kind: u64,
    data: Value,
) -> Value {
    let mut payload = json!({
        "id": id.to_string(),
        "application_id": APPLICATION_ID.to_string(),
        "type": kind,
        "token": format!("token-{id}"),
        "version": 1,
        "channel_id": CHANNEL_ID.to_string(),
        "app_permissions": PERMISSIONS,
        "locale": "en-GB",
        "entitlements": [],
        "attachment_size_limit": 10_485_760,
        "data": data,
    });
    match guild_of(origin) {
        Some(guild) => {
            payload["guild_id"] = json!(guild.to_string());
            payload["guild_locale"] = json!("en-US");
            payload["member"] = caller.member_json();
            payload["channel"] = json!({"id": CHANNEL_ID.to_string(), "type": 0, "name": "discussion", "guild_id": guild.to_string(), "permissions": PERMISSIONS});
            payload["authorizing_integration_owners"] = json!({"0": guild.to_string()});
            payload["context"] = json!(0);
        }
        None => {
            payload["user"] = caller.json();
            payload["channel"] =
                json!({"id": CHANNEL_ID.to_string(), "type": 1, "recipients": [caller.json()]});
            payload["authorizing_integration_owners"] = json!({"1": caller.id.to_string()});
            payload["context"] = json!(1);
        }
    }
    payload
}

/// A button press on `message` (a Message as the fake answered its post): the
/// MESSAGE_COMPONENT interaction Discord sends when `caller` clicks the button `custom_id`.
pub(super) fn press_json(
    id: u64,
    caller: &User,
    origin: Origin,
    message: &Value,
    custom_id: &str,
) -> Value {
    let mut payload = interaction_json(
        id,
        caller,
        origin,
        MESSAGE_COMPONENT,
        json!({"custom_id": custom_id, "component_type": 2}),
    );
    payload["message"] = message.clone();
    payload
}

/// A submitted form: the MODAL_SUBMIT interaction with one text input (type 4) per field, each
/// in its action row, as Discord sends it.
pub(super) fn form_json(
    id: u64,
    caller: &User,
    origin: Origin,
    custom_id: &str,
    fields: &[(&str, &str)],
) -> Value {
    let rows: Vec<Value> = fields
        .iter()
        .map(|(name, value)| {
            json!({"type": 1, "components": [{"type": 4, "custom_id": name, "value": value}]})
        })
        .collect();
    interaction_json(
        id,
        caller,
        origin,
        MODAL_SUBMIT,
        json!({"custom_id": custom_id, "components": rows}),
    )
}

/// Checks: the fake's INTERACTION_CREATE is read by serenity as a command interaction with the
/// options given (nested subcommand, user resolved), and each field the wire notes call required
/// is indeed required (removing it makes serenity drop the event), so the fake stays honest.
#[test]
fn the_interaction_payload_is_what_serenity_reads() {
    let registered: BTreeMap<String, Value> = crate::discord::registration::registration_json()
        .as_array()
        .expect("array")
        .iter()
        .map(|c| {
            let mut c = c.clone();
            c["id"] = json!("42");
            (c["name"].as_str().expect("name").to_owned(), c)
        })
        .collect();
    let caller = User::new(501, "alice");
    let bob = User::new(502, "bob");
    let payload = SlashCommand::new(&caller, "office appoint")
        .user("member", &bob)
        .choice("office", "justice")
        .payload(77, &registered);
    let frame = dispatch_frame("INTERACTION_CREATE", 1, payload.clone());
    let Ok(GatewayEvent::Dispatch(1, Event::InteractionCreate(event))) =
        serde_json::from_value::<GatewayEvent>(frame)
    else {
        panic!("not an INTERACTION_CREATE");
    };
    let command = event.interaction.command().expect("a command interaction");
    assert_eq!(
        command.user.id.get(),
        501,
        "the caller comes from member.user"
    );
    assert_eq!(command.guild_id.map(|g| g.get()), Some(GUILD_ID));
    assert_eq!(command.data.name, "office");
    let resolved = command.data.options();
    let serenity::all::ResolvedValue::SubCommand(inner) = &resolved[0].value else {
        panic!("no subcommand: {resolved:?}");
    };
    assert_eq!(resolved[0].name, "appoint");
    assert!(
        matches!(&inner[0].value, serenity::all::ResolvedValue::User(u, Some(_)) if u.id.get() == 502),
        "{inner:?}"
    );
    assert!(
        matches!(
            inner[1].value,
            serenity::all::ResolvedValue::String("justice")
        ),
        "a choice arrives as its word: {inner:?}"
    );

    let reads = |p: &Value| {
        matches!(
            serde_json::from_value::<GatewayEvent>(
                json!({"op": 0, "s": 1, "t": "INTERACTION_CREATE", "d": p})
            ),
            Ok(GatewayEvent::Dispatch(_, Event::InteractionCreate(_)))
        )
    };
    assert!(reads(&payload));
    let required = [
        "id",
        "application_id",
        "type",
        "token",
        "version",
        "channel_id",
        "locale",
        "entitlements",
        "attachment_size_limit",
        "data",
    ];
    for field in required {
        let mut p = payload.clone();
        p.as_object_mut().expect("object").remove(field);
        assert!(!reads(&p), "serenity reads the interaction without {field}");
    }
    for field in ["id", "name", "type"] {
        let mut p = payload.clone();
        p["data"].as_object_mut().expect("object").remove(field);
        assert!(
            !reads(&p),
            "serenity reads the interaction without data.{field}"
        );
    }
    for field in ["user", "roles", "deaf", "mute", "flags"] {
        let mut p = payload.clone();
        p["member"].as_object_mut().expect("object").remove(field);
        assert!(
            !reads(&p),
            "serenity reads the interaction without member.{field}"
        );
    }
    // Every option type the builder knows is typed as serenity expects.
    let mut registered = registered;
    registered.insert(
        "t".into(),
        json!({"id": "43", "name": "t", "description": "x", "options": [
            {"type": 3, "name": "s", "description": "x", "required": true},
            {"type": 4, "name": "i", "description": "x"},
            {"type": 10, "name": "n", "description": "x"},
            {"type": 5, "name": "b", "description": "x"},
            {"type": 3, "name": "c", "description": "x",
             "choices": [{"name": "Long name", "value": "short"}]},
        ]}),
    );
    let typed = SlashCommand::new(&caller, "t")
        .arg("s", Arg::Text("hello".into()))
        .arg("i", Arg::Integer(-3))
        .arg("n", Arg::Number(2.5))
        .arg("b", Arg::Bool(true))
        .choice("c", "Long name")
        .payload(78, &registered);
    let interaction: serenity::all::Interaction =
        serde_json::from_value(typed.clone()).expect("serenity reads every option type");
    let command = interaction.command().expect("a command interaction");
    let values: Vec<String> = command
        .data
        .options()
        .iter()
        .map(|o| format!("{}={:?}", o.name, o.value))
        .collect();
    assert_eq!(
        values,
        [
            "s=String(\"hello\")",
            "i=Integer(-3)",
            "n=Number(2.5)",
            "b=Boolean(true)",
            "c=String(\"short\")"
        ]
    );

    // An integer option sent as a string is not read.
    let mut p = typed;
    p["data"]["options"][1]["value"] = json!("1");
    assert!(
        serde_json::from_value::<serenity::all::Interaction>(p).is_err(),
        "an integer option as a string is read"
    );
}

/// Checks: the fake's button press is read by serenity as a component interaction (a button,
/// its custom_id, the presser from member.user, the message it was on), and its form submission
/// as a modal interaction with each typed text under its input's custom_id; removing the
/// message from a press makes serenity drop it, as the wire notes warn.
#[test]
fn a_press_and_a_form_are_what_serenity_reads() {
    let bob = User::new(502, "bob");
    let message = message_json(
        &Shared::new(41_250, "ws://x".into()),
        CHANNEL_ID,
        &json!({"content": "Game #1 waits", "components": [{"type": 1, "components": [
            {"type": 2, "style": 3, "label": "Approve", "custom_id": "b/game approve?game=1"}
        ]}]}),
    );
    let press = press_json(80, &bob, Origin::Club, &message, "b/game approve?game=1");
    let interaction: serenity::all::Interaction =
        serde_json::from_value(press.clone()).expect("serenity reads the press");
    let component = interaction
        .message_component()
        .expect("a component interaction");
    assert_eq!(component.data.custom_id, "b/game approve?game=1");
    assert!(matches!(
        component.data.kind,
        serenity::all::ComponentInteractionDataKind::Button
    ));
    assert_eq!(component.user.id.get(), 502);
    assert_eq!(component.message.content, "Game #1 waits");
    assert_eq!(component.message.components.len(), 1);
    let mut without = press;
    without.as_object_mut().expect("object").remove("message");
    assert!(serde_json::from_value::<serenity::all::Interaction>(without).is_err());

    let form = form_json(
        81,
        &bob,
        Origin::Club,
        "f/mod declare?case=1",
        &[("reasoning", "why\nand why")],
    );
    let interaction: serenity::all::Interaction =
        serde_json::from_value(form).expect("serenity reads the form");
    let modal = interaction.modal_submit().expect("a modal interaction");
    assert_eq!(modal.data.custom_id, "f/mod declare?case=1");
    let serenity::all::ActionRowComponent::InputText(input) =
        &modal.data.components[0].components[0]
    else {
        panic!("not a text input: {:?}", modal.data.components);
    };
    assert_eq!(
        (input.custom_id.as_str(), input.value.as_deref()),
        ("reasoning", Some("why\nand why"))
    );
}
