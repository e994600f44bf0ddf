//! Buttons and forms over the command table: which command a button's or a form's `custom_id`
//! runs and with which options, and the form (a Discord modal) a command needs when an option
//! declared `in_modal` was left out. Adapters only carry these to and from Discord.

use super::spec::{Args, CommandSpec, OptionKind, OptionSpec, Value};
use crate::app::{App, Call, PersonRef};

pub use crate::domain::kernel::button::{
    Button, ButtonError, ButtonStyle, Component, Invocation, CUSTOM_ID_MAX, PER_MESSAGE, PER_ROW,
};

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

/// Reads an invocation's presets by its command's declaration, with the same checks as typed
/// options. A person is written as the adapter that made the form wrote it; `person` reads it.
pub fn preset_values(
    spec: &'static CommandSpec,
    invocation: &Invocation,
    person: impl Fn(&str) -> Option<PersonRef>,
) -> Result<Vec<(String, Value)>, String> {
    let mut values = Vec::with_capacity(invocation.presets.len());
    for (name, text) in &invocation.presets {
        let value = match spec.options.iter().find(|o| o.name == name) {
            Some(option) if option.kind == OptionKind::Person => {
                let who = person(text).ok_or_else(|| format!("`{text}` is not a person."))?;
                Value::Person(who)
            }
            Some(option) => option.parse_text(text).map_err(|e| e.to_string())?,
            // Refused by `Args::build` with the command's name.
            None => Value::Text(text.clone()),
        };
        values.push((name.clone(), value));
    }
    Ok(values)
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

/// The form asking for `wanting`, carrying `given` (the options already given, written as the
/// adapter reads them back) in its `custom_id`. Refused when they do not fit Discord's 100
/// characters: the member can then give the long text in the command itself.
pub fn form(
    spec: &'static CommandSpec,
    given: Invocation,
    wanting: &[&'static OptionSpec],
) -> Result<Form, String> {
    let custom_id = given.custom_id(Component::Form).map_err(|_| {
        let names: Vec<String> = wanting.iter().map(|o| format!("`{}`", o.name)).collect();
        format!(
            "These options are too long to carry into a form; give {} in the command itself.",
            names.join(" and ")
        )
    })?;
    Ok(Form {
        custom_id,
        title: cut(&format!("/{}", spec.path), TITLE_MAX),
        fields: wanting
            .iter()
            .take(FIELDS_MAX)
            .map(|o| Field {
                name: o.name,
                label: cut(o.description, TITLE_MAX),
                placeholder: o.description,
                max: match o.kind {
                    OptionKind::Text { max } => max.min(FIELD_TEXT_MAX),
                    _ => FIELD_TEXT_MAX,
                },
                required: o.required,
            })
            .collect(),
    })
}

/// Runs the command's check before its form opens (`CommandSpec::before_form`), with the
/// options already given, as `caller`: a refusal is then shown before anything is typed.
pub async fn check_before_form(
    spec: &'static CommandSpec,
    app: &App,
    caller: PersonRef,
    given: Vec<(String, Value)>,
) -> Result<(), String> {
    let Some(check) = spec.before_form else {
        return Ok(());
    };
    let args = Args::before_form(spec, given).map_err(|e| e.to_string())?;
    let call = Call::new(caller, spec.path, args.to_json());
    check(app.clone(), call, args).await
}

/// Checks a button against the table: the command exists, and each preset is one of its options
/// with a value it accepts. A person cannot be preset (a button is the same for everyone who
/// sees it, and people are known differently on Discord and in the console).
pub fn check(button: &Button) -> Result<(), String> {
    button.custom_id().map_err(|e| e.to_string())?;
    let spec = command_of(&button.runs)?;
    for (name, text) in &button.runs.presets {
        let option = spec
            .options
            .iter()
            .find(|o| o.name == name)
            .ok_or_else(|| format!("/{} has no option `{name}`", spec.path))?;
        if option.kind == OptionKind::Person {
            return Err(format!("`{name}` is a person and cannot be preset"));
        }
        option.parse_text(text).map_err(|e| e.to_string())?;
    }
    Ok(())
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
    use super::super::{command, person, reply, text};
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
                .run(|_, _, a| Box::pin(async move { reply::<_, String>(a.text("opinion")) })),
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
        let form = form(spec, given.clone(), &want).expect("fits");
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
        // The submission reads the carried options back by the declaration.
        let (component, back) = Invocation::from_custom_id(&form.custom_id).expect("ours");
        assert_eq!((component, &back), (Component::Form, &given));
        let values = preset_values(spec, &back, |_| None).expect("valid");
        assert_eq!(values, [("appeal".to_owned(), Value::Integer(3))]);
    }

    #[test]
    fn options_too_long_to_carry_are_asked_for_in_the_command_instead() {
        let spec = opinion();
        let mut given = Invocation::new("court opinion");
        given.presets.push(("about".into(), "x".repeat(100)));
        assert_eq!(
            form(spec, given, &wanting(spec, &["about"])).unwrap_err(),
            "These options are too long to carry into a form; give `opinion` in the command itself."
        );
    }

    #[test]
    fn a_preset_is_checked_by_its_options_declaration() {
        let spec = opinion();
        let mut bad = Invocation::new("court opinion");
        bad.presets.push(("appeal".into(), "101".into()));
        assert_eq!(
            preset_values(spec, &bad, |_| None).unwrap_err(),
            "The option `appeal` takes a whole number from 1 to 100."
        );
        let mut who = Invocation::new("court opinion");
        who.presets.push(("about".into(), "502".into()));
        let read = preset_values(spec, &who, |t| {
            Some(PersonRef::discord("bob", t.parse().ok()?))
        })
        .expect("a person");
        assert_eq!(read[0].1, Value::Person(PersonRef::discord("bob", 502)));
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
