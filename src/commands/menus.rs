//! Context menus: the entries Discord shows when a member or a message is right-clicked (Apps),
//! declared once like every command. Each runs a command of the table (its console
//! equivalent) with the member clicked, or the message's author, filled in; those that need
//! text open that command's form, filled in from the message where it helps.

use super::button::{Component, Field, Form, Invocation, FIELD_TEXT_MAX, TITLE_MAX};
use super::{command, find, person, Args, CommandSpec, OptionKind, Section, Value};
use crate::app::PersonRef;
use crate::domain::kernel::authority::Power;
use crate::domain::moderation::reports::{excerpt, message_link};

/// What an entry is on.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Target {
    /// A member (Discord's user command, type 2).
    Member,
    /// A message (Discord's message command, type 3).
    Message,
}

/// What a form's input is filled in with, from the message clicked.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Fill {
    /// The message's link.
    Link,
    /// The message's text, quoted.
    Quote,
    /// The message quoted, then its link.
    QuoteAndLink,
}

/// One context-menu entry.
pub struct MenuSpec {
    /// The name Discord shows in the menu (at most 32 characters).
    pub name: &'static str,
    pub target: Target,
    /// The command it runs: the console does the same with it.
    pub runs: &'static str,
    /// Who may use it, for the book and /help (the command's use case decides).
    pub who: &'static str,
    /// The power it needs: Discord then shows it by default only to the server's administrators
    /// and the roles the server lets see it, as for moderators' commands.
    pub power: Option<Power>,
    /// The command's option the member clicked (or the message's author) fills.
    pub person: Option<&'static str>,
    /// The command's text options its form asks for; none: it runs at once.
    pub asks: &'static [&'static str],
    /// Inputs of the form filled in from the message.
    pub fills: &'static [(&'static str, Fill)],
    /// Only on a message in the voting channel (Nomic 201's voting thread).
    pub in_voting_channel: bool,
}

/// Every context-menu entry, in the order the book lists them.
pub const MENUS: &[MenuSpec] = &[
    MenuSpec {
        name: "Player card",
        target: Target::Member,
        runs: "card",
        who: "anyone (only the caller sees it)",
        power: None,
        person: Some("member"),
        asks: &[],
        fills: &[],
        in_voting_channel: false,
    },
    MenuSpec {
        name: "Monitor",
        target: Target::Member,
        runs: "mod monitor",
        who: "Moderators",
        power: Some(Power::Moderate),
        person: Some("member"),
        asks: &["reason"],
        fills: &[],
        in_voting_channel: false,
    },
    MenuSpec {
        name: "Report to Moderators",
        target: Target::Message,
        runs: "report file",
        who: "any member (privately)",
        power: None,
        person: Some("member"),
        asks: &["what", "link", "quote"],
        fills: &[("link", Fill::Link), ("quote", Fill::Quote)],
        in_voting_channel: false,
    },
    MenuSpec {
        name: "Raise a Point of Order",
        target: Target::Message,
        runs: "order raise",
        who: "players, on a message in the voting channel",
        power: None,
        person: None,
        asks: &["text"],
        fills: &[("text", Fill::QuoteAndLink)],
        in_voting_channel: true,
    },
];

/// The entry named `name` on `target`, if there is one.
pub fn menu(name: &str, target: Target) -> Option<&'static MenuSpec> {
    MENUS.iter().find(|m| m.name == name && m.target == target)
}

impl MenuSpec {
    /// The command it runs.
    pub fn command(&self) -> &'static CommandSpec {
        find(self.runs).unwrap_or_else(|| panic!("the menu {} runs /{}", self.name, self.runs))
    }
}

/// A message right-clicked, as Discord resolved it.
#[derive(Debug, Clone)]
pub struct Message {
    pub guild: u64,
    pub channel: u64,
    pub id: u64,
    pub author: PersonRef,
    /// The author is a bot (gavel itself, say): no member to act on or report.
    pub by_a_bot: bool,
    pub content: String,
}

impl Message {
    pub fn link(&self) -> String {
        message_link(self.guild, self.channel, self.id)
    }
}

/// What a menu entry does once clicked.
pub enum Opened {
    /// Run its command at once with these options.
    Run(&'static CommandSpec, Args),
    /// Ask for its text in this form first; the form's submission runs the command.
    Form(&'static CommandSpec, Form),
}

impl std::fmt::Debug for Opened {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Opened::Run(spec, args) => write!(f, "run /{} {args:?}", spec.path),
            Opened::Form(spec, form) => write!(f, "form for /{} {form:?}", spec.path),
        }
    }
}

/// What clicking `menu` on `member` (the member clicked, or the message's author) and, on a
/// message, `message` does, or the refusal to show. `voting_channel` is the configured
/// voting channel.
pub fn open(
    menu: &'static MenuSpec,
    member: &PersonRef,
    message: Option<&Message>,
    voting_channel: Option<u64>,
) -> Result<Opened, String> {
    let spec = menu.command();
    if menu.in_voting_channel && message.map(|m| m.channel) != voting_channel {
        return Err(format!(
            "{} works on a message in the voting channel, where Points of Order are raised (Nomic 214); nothing was done. /{} raises one anywhere.",
            menu.name, menu.runs
        ));
    }
    if menu.person.is_some() && message.is_some_and(|m| m.by_a_bot) {
        return Err(format!(
            "{} works on a member's message; this one was written by a bot, so nothing was done.",
            menu.name
        ));
    }
    if menu.asks.is_empty() {
        let given = menu
            .person
            .map(|name| (name.to_owned(), Value::Person(member.clone())));
        let args = Args::build(spec, given).map_err(|e| e.to_string())?;
        return Ok(Opened::Run(spec, args));
    }
    let mut invocation = Invocation::new(spec.path);
    if let Some(name) = menu.person {
        // Who it is travels as their Discord id alone; the submission reads them from gavel's
        // record, never from a name a client wrote.
        let id = member
            .discord_id
            .ok_or_else(|| format!("{} needs a Discord member.", menu.name))?;
        invocation.presets.push((name.to_owned(), id.to_string()));
    }
    let custom_id = invocation
        .custom_id(Component::Form)
        .map_err(|e| e.to_string())?;
    let fields = menu
        .asks
        .iter()
        .map(|name| {
            let option = spec
                .options
                .iter()
                .find(|o| o.name == *name)
                .unwrap_or_else(|| panic!("/{} has no option {name}", spec.path));
            let max = match option.kind {
                OptionKind::Text { max } => max.min(FIELD_TEXT_MAX),
                _ => FIELD_TEXT_MAX,
            };
            let value = menu
                .fills
                .iter()
                .find(|(n, _)| n == name)
                .zip(message)
                .map(|((_, fill), m)| filled(*fill, m, max));
            Field {
                name: option.name,
                label: cut(option.description, TITLE_MAX),
                placeholder: option.description,
                max,
                required: option.required,
                value,
            }
        })
        .collect();
    Ok(Opened::Form(
        spec,
        Form {
            custom_id,
            title: cut(menu.name, TITLE_MAX),
            fields,
        },
    ))
}

/// Takes out of a submitted form's presets the people a context menu's form carries: an option
/// of the command that is a person, written as a Discord id alone. Each is read as the person
/// gavel's record knows by that id (`PersonRef::configured`: a name never comes from the
/// client). Anything else stays, for the ordinary checks to read or refuse.
pub fn people_by_id(
    spec: &'static CommandSpec,
    mut invocation: Invocation,
) -> (Invocation, Vec<(String, Value)>) {
    let mut people = Vec::new();
    invocation.presets.retain(|(name, text)| {
        let is_person = spec
            .options
            .iter()
            .any(|o| o.name == name && o.kind == OptionKind::Person);
        match text.parse::<u64>() {
            Ok(id) if is_person && !text.starts_with('0') => {
                people.push((
                    name.clone(),
                    Value::Person(PersonRef::configured(text, Some(id))),
                ));
                false
            }
            _ => true,
        }
    });
    (invocation, people)
}

/// An input's text from the message, within `max` characters.
fn filled(fill: Fill, message: &Message, max: usize) -> String {
    let text = match fill {
        Fill::Link => message.link(),
        Fill::Quote => excerpt(&message.content),
        Fill::QuoteAndLink => format!("> {}\n{}\n\n", excerpt(&message.content), message.link()),
    };
    cut(&text, max)
}

/// `text`, cut to `max` characters with an ellipsis when longer.
fn cut(text: &str, max: usize) -> String {
    if text.chars().count() <= max {
        return text.to_owned();
    }
    let mut out: String = text.chars().take(max - 1).collect();
    out.push('…');
    out
}

/// The commands the member menus run that nothing else declares: `/card`.
pub(super) fn section() -> Section {
    Section {
        heading: "Context menus",
        note: "right-click a member or a message, Apps; each entry runs the command beside it",
        commands: vec![command(
            "card",
            "A member's player card: score, rank, last games, cases in force, offices",
        )
        .option(person("member", "Whose card"))
        .private()
        .rule("the menu Player card; only the caller sees it")
        .run(|app, call, a| {
            Box::pin(async move {
                let member = a.person("member")?;
                super::said::answer(app.moderation().player_card(&call.caller, &member).await)
            })
        })],
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn bob() -> PersonRef {
        PersonRef::discord("bob", 502)
    }

    fn message(channel: u64) -> Message {
        Message {
            guild: 1,
            channel,
            id: 3,
            author: bob(),
            by_a_bot: false,
            content: "you are all\nidiots".into(),
        }
    }

    #[test]
    fn every_menu_runs_a_declared_command_whose_form_asks_for_its_text_options() {
        for menu in MENUS {
            let spec = menu.command();
            assert!(menu.name.chars().count() <= 32, "{}", menu.name);
            assert_eq!(menu.power, spec.power, "{}", menu.name);
            for name in menu.asks {
                assert!(
                    spec.options
                        .iter()
                        .any(|o| o.name == *name && matches!(o.kind, OptionKind::Text { .. })),
                    "{}: /{} has no text option {name}",
                    menu.name,
                    spec.path
                );
            }
            assert!(menu.asks.len() <= super::super::button::FIELDS_MAX);
        }
    }

    #[test]
    fn the_player_card_runs_at_once_with_the_member_clicked() {
        let card = menu("Player card", Target::Member).expect("declared");
        match open(card, &bob(), None, None) {
            Ok(Opened::Run(spec, args)) => {
                assert_eq!(spec.path, "card");
                assert_eq!(args.person("member"), Ok(bob()));
            }
            other => panic!("{other:?}"),
        }
    }

    #[test]
    fn a_report_form_carries_the_author_by_id_and_fills_in_the_link_and_quote() {
        let report = menu("Report to Moderators", Target::Message).expect("declared");
        let Ok(Opened::Form(_, form)) = open(report, &bob(), Some(&message(9)), None) else {
            panic!("no form");
        };
        assert_eq!(form.custom_id, "f/report file?member=502");
        let values: Vec<(&str, Option<&str>)> = form
            .fields
            .iter()
            .map(|f| (f.name, f.value.as_deref()))
            .collect();
        assert_eq!(
            values,
            [
                ("what", None),
                ("link", Some("https://discord.com/channels/1/9/3")),
                ("quote", Some("you are all idiots"))
            ]
        );
    }

    /// Checks: a menu's form carries a person by Discord id alone, read back as the person
    /// gavel's record knows by that id; a person written any other way (a forged
    /// `502:Mallory @everyone`, an id with a leading zero) is left for the ordinary checks,
    /// which refuse it, and an id is never taken for an option that is not a person.
    #[test]
    fn a_form_reads_back_a_person_by_discord_id_alone() {
        let monitor = find("mod monitor").expect("declared");
        let mut invocation = Invocation::new("mod monitor");
        invocation.presets.push(("member".into(), "502".into()));
        let (rest, people) = people_by_id(monitor, invocation);
        assert!(rest.presets.is_empty());
        assert_eq!(
            people,
            [(
                "member".to_owned(),
                Value::Person(PersonRef::configured("502", Some(502)))
            )]
        );
        for forged in ["502:Mallory @everyone", "0502", "bob"] {
            let mut invocation = Invocation::new("mod monitor");
            invocation.presets.push(("member".into(), forged.into()));
            let (rest, people) = people_by_id(monitor, invocation);
            assert!(people.is_empty(), "{forged}");
            assert!(super::super::button::preset_values(monitor, &rest).is_err());
        }
        let declare = find("mod declare").expect("declared");
        let mut invocation = Invocation::new("mod declare");
        invocation.presets.push(("case".into(), "3".into()));
        let (rest, people) = people_by_id(declare, invocation);
        assert!(people.is_empty());
        assert_eq!(rest.presets.len(), 1);
    }

    #[test]
    fn a_bots_message_is_not_reported() {
        let report = menu("Report to Moderators", Target::Message).expect("declared");
        let mut by_gavel = message(9);
        by_gavel.by_a_bot = true;
        let refused = open(report, &bob(), Some(&by_gavel), None).unwrap_err();
        assert!(refused.contains("written by a bot"), "{refused}");
    }

    #[test]
    fn a_point_of_order_is_raised_on_a_message_in_the_voting_channel_alone_nomic_214() {
        let raise = menu("Raise a Point of Order", Target::Message).expect("declared");
        let refused = open(raise, &bob(), Some(&message(9)), Some(8)).unwrap_err();
        assert!(refused.contains("Nomic 214"), "{refused}");
        let Ok(Opened::Form(_, form)) = open(raise, &bob(), Some(&message(8)), Some(8)) else {
            panic!("no form");
        };
        assert_eq!(form.custom_id, "f/order raise");
        assert_eq!(
            form.fields[0].value.as_deref(),
            Some("> you are all idiots\nhttps://discord.com/channels/1/8/3\n\n")
        );
    }
}
