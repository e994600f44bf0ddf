//! Buttons and forms over the command table: which command a button's or a form's `custom_id`
//! runs and with which options, and the form (a Discord modal) a command needs when an option
//! declared `in_modal` was left out. Adapters only carry these to and from Discord.

use super::spec::{Args, CommandSpec, OptionKind, OptionSpec, Value};
use crate::app::{App, Call, PersonRef};
use crate::domain::kernel::limits::DATE_TIME_FORMAT;

pub use crate::domain::kernel::button::{Button, ButtonError, ButtonStyle, Component, Invocation};

/// Discord's longest text input in a modal.
pub const FIELD_TEXT_MAX: usize = 4000;
/// Discord's most text inputs in one modal.
pub const FIELDS_MAX: usize = 5;
/// Discord's longest modal title and text input label.
pub const TITLE_MAX: usize = 45;

/// A form to fill in: Discord shows it as a modal of paragraph text inputs.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Form {
    /// Carries the command and the options already given, so the submission needs nothing else.
    pub custom_id: String,
    pub title: String,
    pub fields: Vec<Field>,
}

/// One text input of a form: the option it fills.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Field {
    pub name: &'static str,
    /// The option's description, cut to Discord's 45 characters.
    pub label: String,
    /// The option's whole description (Discord allows 100, as for descriptions).
    pub placeholder: &'static str,
    /// The option's limit, capped by Discord's 4000.
    pub max: usize,
    pub required: bool,
    /// The text already given for it in the command, filled in.
    pub value: Option<String>,
}

/// The declared command an invocation names.
pub fn command_of(invocation: &Invocation) -> Result<&'static CommandSpec, String> {
    super::find(&invocation.path).ok_or_else(|| {
        format!(
            "This button runs /{}, which gavel no longer has; try /help.",
            invocation.path
        )
    })
}

/// Whether a `custom_id` may carry a value of this kind: numbers, choices, flags and dates,
/// which gavel checks on reading. Never a person (who someone is comes from Discord's resolved
/// data or from gavel's record) and never free text (a form asks for it in its inputs).
pub fn carried(kind: &OptionKind) -> bool {
    matches!(
        kind,
        OptionKind::Integer { .. } | OptionKind::Choice(_) | OptionKind::Flag | OptionKind::Date
    )
}

/// Reads an invocation's presets by its command's declaration, with the same checks as typed
/// options. A `custom_id` is text the member's client sent, not a fact: every field must be one
/// of the command's options of a kind a `custom_id` may carry (`carried`), and a date must be
/// written YYYY-MM-DD; anything else is refused before the command runs.
pub fn preset_values(
    spec: &'static CommandSpec,
    invocation: &Invocation,
) -> Result<Vec<(String, Value)>, String> {
    let mut values = Vec::with_capacity(invocation.presets.len());
    for (name, text) in &invocation.presets {
        let option = spec
            .options
            .iter()
            .find(|o| o.name == name)
            .ok_or_else(|| format!("/{} has no option `{name}`.", spec.path))?;
        if !carried(&option.kind) {
            return Err(format!(
                "A button or form cannot carry `{name}`; use /{} instead.",
                spec.path
            ));
        }
        values.push((
            name.clone(),
            option.parse_text(text).map_err(|e| e.to_string())?,
        ));
    }
    Ok(values)
}

/// A value as a `custom_id` carries it (only the kinds `carried` allows reach here).
fn written(value: &Value) -> Option<String> {
    match value {
        Value::Text(t) => Some(t.clone()),
        Value::Integer(i) => Some(i.to_string()),
        Value::Flag(b) => Some(b.to_string()),
        Value::Date(d) => Some(d.format("%Y-%m-%d").to_string()),
        Value::DateTime(t) => Some(t.format(DATE_TIME_FORMAT).to_string()),
        Value::Person(_) => None,
    }
}

/// The options declared `in_modal` that `given` (option names) leaves out, when a required one
/// is among them; otherwise none. A form is wanted only for text the command cannot run without:
/// an optional long text left out (a remand's conditions on an uphold) is simply not given, and a
/// submitted form whose optional inputs were left empty runs instead of asking again.
pub fn wanting(spec: &'static CommandSpec, given: &[&str]) -> Vec<&'static OptionSpec> {
    let missing: Vec<&'static OptionSpec> = spec
        .options
        .iter()
        .filter(|o| o.in_modal && !given.contains(&o.name))
        .collect();
    if missing.iter().any(|o| o.required) {
        missing
    } else {
        Vec::new()
    }
}

/// The form asking for `wanting`, with the options already `given`: numbers, choices, flags and
/// dates travel in its `custom_id`; text already given (a ruling typed in the slash command)
/// comes back as an input filled in with it, which the member may still change. Refused when a
/// person was given (a `custom_id` never carries one), when the `custom_id` would not fit
/// Discord's 100 characters, or when the inputs would pass Discord's five: the member can then
/// give the long text in the command itself.
pub fn form(
    spec: &'static CommandSpec,
    given: &[(String, Value)],
    wanting: &[&'static OptionSpec],
) -> Result<Form, String> {
    let names: Vec<String> = wanting.iter().map(|o| format!("`{}`", o.name)).collect();
    let instead = || format!("give {} in the command itself", names.join(" and "));
    let mut carried_here = Invocation::new(spec.path);
    let mut filled: Vec<(&'static OptionSpec, String)> = Vec::new();
    for (name, value) in given {
        let Some(option) = spec.options.iter().find(|o| o.name == name) else {
            return Err(format!("/{} has no option `{name}`.", spec.path));
        };
        match (value, &option.kind) {
            (Value::Text(text), OptionKind::Text { .. }) => filled.push((option, text.clone())),
            (value, kind) if carried(kind) => {
                let text = written(value).ok_or_else(|| format!("`{name}` cannot be carried"))?;
                carried_here.presets.push((name.clone(), text));
            }
            _ => return Err(format!("A form cannot carry `{name}`; {}.", instead())),
        }
    }
    let custom_id = carried_here.custom_id(Component::Form).map_err(|_| {
        format!(
            "These options are too long to carry into a form; {}.",
            instead()
        )
    })?;
    let mut fields: Vec<Field> = spec
        .options
        .iter()
        .filter_map(|o| {
            let value = filled
                .iter()
                .find(|(f, _)| f.name == o.name)
                .map(|(_, v)| v);
            let asked = wanting.iter().any(|w| w.name == o.name);
            (asked || value.is_some()).then(|| Field {
                name: o.name,
                label: cut(o.description, TITLE_MAX),
                placeholder: o.description,
                max: match o.kind {
                    OptionKind::Text { max } => max.min(FIELD_TEXT_MAX),
                    _ => FIELD_TEXT_MAX,
                },
                required: o.required,
                value: value.cloned(),
            })
        })
        .collect();
    if fields.len() > FIELDS_MAX {
        return Err(format!(
            "This form would need {} inputs; {}.",
            fields.len(),
            instead()
        ));
    }
    fields.truncate(FIELDS_MAX);
    Ok(Form {
        custom_id,
        title: cut(&format!("/{}", spec.path), TITLE_MAX),
        fields,
    })
}

/// Whether a submitted form's input named `name` is one `spec`'s forms can have: a text option.
/// Any other name is refused, whatever the input holds.
pub fn is_form_field(spec: &CommandSpec, name: &str) -> bool {
    spec.options
        .iter()
        .any(|o| o.name == name && matches!(o.kind, OptionKind::Text { .. }))
}

/// Runs the command's checks before its form opens (`CommandSpec::before_form` and
/// `form_title`), with the options already given, as `caller`: a refusal is then shown before
/// anything is typed. Answers the form's title when the command names what the form acts on.
pub async fn check_before_form(
    spec: &'static CommandSpec,
    app: &App,
    caller: PersonRef,
    given: Vec<(String, Value)>,
) -> Result<Option<String>, String> {
    if spec.before_form.is_none() && spec.form_title.is_none() {
        return Ok(None);
    }
    let args = Args::before_form(spec, given).map_err(|e| e.to_string())?;
    if let Some(check) = spec.before_form {
        let call = Call::new(caller.clone(), spec.path, args.to_json());
        check(app.clone(), call, args.clone()).await?;
    }
    match spec.form_title {
        Some(title) => {
            let call = Call::new(caller, spec.path, args.to_json());
            let text = title(app.clone(), call, args).await?;
            Ok(Some(cut(&text, TITLE_MAX)))
        }
        None => Ok(None),
    }
}

/// Checks a button against the table: the command exists, and each preset is one of its options
/// of a kind a `custom_id` may carry (`carried`: never a person, never free text), with a value
/// it accepts. A button is the same for everyone who sees it.
pub fn check(button: &Button) -> Result<(), String> {
    button.custom_id().map_err(|e| e.to_string())?;
    let spec = command_of(&button.runs)?;
    for (name, _) in &button.runs.presets {
        let option = spec
            .options
            .iter()
            .find(|o| o.name == name)
            .ok_or_else(|| format!("/{} has no option `{name}`", spec.path))?;
        if option.kind == OptionKind::Person {
            return Err(format!("`{name}` is a person and cannot be preset"));
        }
        if !carried(&option.kind) {
            return Err(format!("`{name}` is free text and cannot be preset"));
        }
    }
    preset_values(spec, &button.runs).map(drop)
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

#[cfg(test)]
mod tests {
    use super::super::{command, person, text};
    use super::*;
    use crate::commands::Args;

    /// A command only these tests declare: an opinion whose text is asked for in a form.
    fn opinion() -> &'static CommandSpec {
        Box::leak(Box::new(
            command("court opinion", "Write your opinion on an appeal")
                .option(super::super::integer("appeal", "The appeal", 1, 100))
                .option(person("about", "Whom it concerns").optional())
                .option(
                    text(
                        "opinion",
                        "Your opinion, with its reasoning, for the record",
                        6000,
                    )
                    .in_modal(),
                )
                .run(|_, _, a| {
                    Box::pin(async move { a.text("opinion").map(crate::commands::Said::words) })
                }),
        ))
    }

    #[test]
    fn an_in_modal_option_is_optional_on_discord_and_required_in_the_console() {
        let spec = opinion();
        let option = &spec.options[2];
        assert!(option.required && option.in_modal && !option.required_on_discord());
        // The console (and a completed form) still has to give it.
        let given = vec![("appeal".to_owned(), Value::Integer(3))];
        assert_eq!(
            Args::build(spec, given).unwrap_err().to_string(),
            "The option `opinion` is required."
        );
    }

    #[test]
    fn a_command_missing_its_long_text_gets_a_form_that_carries_what_was_given() {
        let spec = opinion();
        let want = wanting(spec, &["appeal"]);
        assert_eq!(want.iter().map(|o| o.name).collect::<Vec<_>>(), ["opinion"]);
        assert!(wanting(spec, &["appeal", "opinion"]).is_empty());
        // A vote's reasons are required, a remand's conditions are not (Terms §III Act 3.8):
        // a press asks for both, and once the reasons are given no form is asked again.
        let vote = crate::commands::find("court vote").expect("declared");
        let asked: Vec<&str> = wanting(vote, &["appeal", "decision"])
            .iter()
            .map(|o| o.name)
            .collect();
        assert_eq!(asked, ["reasons", "conditions"]);
        assert!(wanting(vote, &["appeal", "decision", "reasons"]).is_empty());
        let mut given = Invocation::new("court opinion");
        given.presets.push(("appeal".into(), "3".into()));
        let values = [("appeal".to_owned(), Value::Integer(3))];
        let form = form(spec, &values, &want).expect("fits");
        assert_eq!(form.custom_id, "f/court opinion?appeal=3");
        assert_eq!(form.title, "/court opinion");
        let field = &form.fields[0];
        // Discord's text input holds 4000 characters at most; its label 45.
        assert_eq!(
            (field.name, field.max, field.required),
            ("opinion", 4000, true)
        );
        assert_eq!(field.label, "Your opinion, with its reasoning, for the re…");
        assert_eq!(field.label.chars().count(), 45);
        assert_eq!(field.value, None);
        // The submission reads the carried options back by the declaration.
        let (component, back) = Invocation::from_custom_id(&form.custom_id).expect("ours");
        assert_eq!((component, &back), (Component::Form, &given));
        assert_eq!(preset_values(spec, &back).expect("valid"), values);
    }

    /// Checks: a form never carries a person or free text in its `custom_id`: a person given
    /// before the form is refused (give the text in the command itself), text given comes back
    /// as an input filled in with it (a vote's ruling, beside the reasons it asks for); a
    /// `custom_id` past Discord's 100 characters is refused the same way.
    #[test]
    fn a_form_carries_numbers_and_choices_and_fills_in_text_already_given() {
        let spec = opinion();
        let about = [(
            "about".to_owned(),
            Value::Person(PersonRef::discord("bob", 502)),
        )];
        assert_eq!(
            form(spec, &about, &wanting(spec, &["about"])).unwrap_err(),
            "A form cannot carry `about`; give `opinion` in the command itself."
        );
        let vote = crate::commands::find("court vote").expect("declared");
        let given = [
            ("appeal".to_owned(), Value::Integer(4)),
            ("decision".to_owned(), Value::Text("overturn".into())),
            ("ruling".to_owned(), Value::Text("the game stands".into())),
        ];
        let names: Vec<&str> = given.iter().map(|(n, _)| n.as_str()).collect();
        let asked = form(vote, &given, &wanting(vote, &names)).expect("fits");
        assert_eq!(asked.custom_id, "f/court vote?appeal=4&decision=overturn");
        let fields: Vec<(&str, Option<&str>)> = asked
            .fields
            .iter()
            .map(|f| (f.name, f.value.as_deref()))
            .collect();
        assert_eq!(
            fields,
            [
                ("reasons", None),
                ("ruling", Some("the game stands")),
                ("conditions", None)
            ]
        );
        let long: &'static CommandSpec = Box::leak(Box::new(
            command(Box::leak("x".repeat(95).into_boxed_str()), "Long")
                .option(super::super::integer("n", "A number", 1, 1_000_000))
                .option(text("t", "Text", 10).in_modal())
                .run(|_, _, _| Box::pin(async move { Ok(crate::commands::Said::words("")) })),
        ));
        let n = [("n".to_owned(), Value::Integer(999_999))];
        assert_eq!(
            form(long, &n, &wanting(long, &["n"])).unwrap_err(),
            "These options are too long to carry into a form; give `t` in the command itself."
        );
    }

    /// Checks: a preset is read by its option's declaration and refused unless the command
    /// expects it in a `custom_id`: out of range, an option the command lacks, a person (the
    /// forged `member=<id>:<name>`), free text, and a date not written YYYY-MM-DD.
    #[test]
    fn a_preset_is_checked_by_its_options_declaration() {
        let read = |path: &str, presets: &[(&str, &str)]| {
            let spec = crate::commands::find(path).unwrap_or_else(opinion);
            let mut invocation = Invocation::new(spec.path);
            for (n, v) in presets {
                invocation.presets.push(((*n).into(), (*v).into()));
            }
            preset_values(spec, &invocation)
        };
        assert_eq!(
            read("court opinion", &[("appeal", "3")]),
            Ok(vec![("appeal".to_owned(), Value::Integer(3))])
        );
        assert_eq!(
            read(
                "game approve",
                &[("game", "4"), ("member", "502:Mallory <@&2001>")]
            )
            .unwrap_err(),
            "/game approve has no option `member`."
        );
        assert_eq!(
            read("mod unmonitor", &[("member", "502:Mallory @everyone")]).unwrap_err(),
            "A button or form cannot carry `member`; use /mod unmonitor instead."
        );
        assert_eq!(
            read("mod declare", &[("case", "1"), ("reasoning", "forged")]).unwrap_err(),
            "A button or form cannot carry `reasoning`; use /mod declare instead."
        );
        assert!(read("court vote", &[("appeal", "10000000000")]).is_err());
        assert!(read("court vote", &[("appeal", "0")]).is_err());
        assert!(read("court vote", &[("decision", "pardon")]).is_err());
        assert!(read("court vote", &[("ban_until", "next friday")]).is_err());
        assert!(read("court vote", &[("ban_until", "2026-12-04")]).is_ok());
        assert!(read("court vote", &[("no_reasoning", "maybe")]).is_err());
    }

    /// Checks: a command that asks for text in a form takes a person only as an optional
    /// option (a Judgement's winner), and a form is never made to carry one: naming the person
    /// asks for the text in the command itself, plainly.
    #[test]
    fn no_command_with_a_form_needs_a_person_and_a_form_never_carries_one() {
        for spec in super::super::all() {
            if spec.options.iter().any(|o| o.in_modal) {
                assert!(
                    spec.options
                        .iter()
                        .all(|o| o.kind != OptionKind::Person || !o.required),
                    "/{}",
                    spec.path
                );
            }
        }
        let spec = super::super::find("order judgement").expect("declared");
        let wanting: Vec<&'static OptionSpec> =
            spec.options.iter().filter(|o| o.in_modal).collect();
        let given = vec![
            ("point".to_owned(), Value::Integer(1)),
            (
                "winner".to_owned(),
                Value::Person(PersonRef::console("dan")),
            ),
        ];
        assert_eq!(
            form(spec, &given, &wanting).map(|f| f.custom_id),
            Err("A form cannot carry `winner`; give `text` in the command itself.".to_owned())
        );
    }

    #[test]
    fn a_button_is_checked_against_the_table() {
        // The button gavel puts on a game waiting for approval (Terms §II Act 10.4).
        let approve = crate::app::leaderboard::games::approval::approve_button(12);
        assert_eq!(check(&approve), Ok(()));
        assert!(check(&Button::new("Go", "no such")).is_err());
        assert!(check(&Button::new("Go", "game approve").preset("colour", "red")).is_err());
        assert!(check(&Button::new("Go", "game approve").preset("game", "twelve")).is_err());
        let person = Button::new("Go", "mod unmonitor").preset("member", "bob");
        assert_eq!(
            check(&person).unwrap_err(),
            "`member` is a person and cannot be preset"
        );
    }

    #[test]
    fn options_asked_for_in_a_form_come_after_those_discord_requires() {
        // Discord registers them as optional, and wants required options first.
        for spec in super::super::all() {
            if let Some(at) = spec.options.iter().position(|o| !o.required_on_discord()) {
                assert!(
                    spec.options[at..].iter().all(|o| !o.required_on_discord()),
                    "/{}",
                    spec.path
                );
            }
        }
    }

    #[test]
    fn every_declared_form_fits_one_modal() {
        for spec in super::super::all() {
            let fields = spec.options.iter().filter(|o| o.in_modal).count();
            assert!(
                fields <= FIELDS_MAX,
                "/{} asks for {fields} fields",
                spec.path
            );
        }
    }
}
