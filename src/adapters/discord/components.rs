//! Buttons and forms on Discord: a button press or a submitted form (modal) runs the command its
//! `custom_id` names, through the same table, use case, authority checks and audit as a slash
//! command, with the presser as the caller. Everything a press needs is in the `custom_id`, so
//! buttons posted before a restart keep working.

use poise::serenity_prelude as serenity;

use super::answer;
use super::gate;
use super::reply::{person, see};
use super::Error;
use crate::app::App;
use crate::commands::button::{self, Component, Form, Invocation};
use crate::commands::menus;
use crate::commands::{self, Args, CommandSpec, Value};

/// Sees every gateway event after poise: answers button presses and form submissions (poise
/// itself routes only slash commands and autocomplete).
pub async fn on_event(
    framework: poise::FrameworkContext<'_, App, Error>,
    event: &serenity::FullEvent,
) -> Result<(), Error> {
    let serenity::FullEvent::InteractionCreate { interaction } = event else {
        return Ok(());
    };
    let (ctx, app) = (framework.serenity_context, framework.user_data);
    let ours = |m: &serenity::Message, channel: serenity::ChannelId| {
        m.author.id == framework.bot_id() && m.channel_id == channel
    };
    let (press, expects) = match interaction {
        serenity::Interaction::Component(press) => (
            Pressed {
                on_own_message: ours(&press.message, press.channel_id),
                id: press.id,
                token: &press.token,
                guild: press.guild_id,
                user: &press.user,
                member: press.member.as_ref(),
                custom_id: &press.data.custom_id,
                typed: Vec::new(),
            },
            Component::Button,
        ),
        serenity::Interaction::Modal(form) => (
            Pressed {
                on_own_message: form
                    .message
                    .as_deref()
                    .is_some_and(|m| ours(m, form.channel_id)),
                id: form.id,
                token: &form.token,
                guild: form.guild_id,
                user: &form.user,
                member: form.member.as_ref(),
                custom_id: &form.data.custom_id,
                typed: typed_fields(&form.data.components),
            },
            Component::Form,
        ),
        _ => return Ok(()),
    };
    handle(ctx, app, press, expects).await;
    Ok(())
}

/// What a press or a submission carries, read the same way for both.
struct Pressed<'a> {
    /// Whether the press is on a message gavel itself sent, in the channel it was sent to (a
    /// form: opened from such a message).
    on_own_message: bool,
    id: serenity::InteractionId,
    token: &'a str,
    guild: Option<serenity::GuildId>,
    user: &'a serenity::User,
    member: Option<&'a serenity::Member>,
    custom_id: &'a str,
    /// A form's typed inputs (none for a press).
    typed: Vec<(String, String)>,
}

/// Answers a press or a submission: a form, a refusal for the caller alone, or the command's
/// reply; what Discord does not take is kept and follows (`answer`).
async fn handle(ctx: &serenity::Context, app: &App, press: Pressed<'_>, expects: Component) {
    let asked = answer::Asked::new(app, press.id, press.token);
    let refuse = async |text: String| answer::reply_to(ctx, app, &asked, Err(text), false).await;
    // Held until the reply is sent, so shutdown waits for this interaction.
    let lifecycle = super::Lifecycle::of(ctx).await;
    let Some(_in_flight) = lifecycle.enter().await else {
        refuse("gavel is restarting; nothing was done. Try again in a minute.".into()).await;
        return;
    };
    let place = gate::Place::of(press.guild, app.config().discord.guild_id);
    let path = command_path(press.custom_id);
    let admitted = if press.on_own_message {
        gate::admit_on_own_message(place, path.as_deref(), press.user.id, press.custom_id)
    } else {
        gate::admit(place, path.as_deref(), press.user.id, press.custom_id)
    };
    if let Err(text) = admitted {
        return refuse(text).await;
    }
    let caller = person(press.user, press.member.and_then(|m| m.nick.as_deref()));
    if place == gate::Place::Direct {
        let case = Invocation::from_custom_id(press.custom_id)
            .ok()
            .and_then(|(_, i)| i.preset("case").and_then(|c| c.parse().ok()));
        if let Err(text) = app.check_notice_press(&caller, case).await {
            tracing::warn!(
                user = press.user.id.get(),
                custom_id = press.custom_id,
                "refused a press on a case notice by someone it is not about"
            );
            return refuse(text).await;
        }
    }
    see(app, vec![caller.clone()]).await;
    // Pages turn on a press only; a form never carries a page.
    let page = matches!(
        Invocation::from_custom_id(press.custom_id),
        Ok((Component::Page, _))
    );
    if page && expects == Component::Button {
        return super::pages::turn(ctx, app, &asked, caller, press.custom_id).await;
    }
    match outcome(press.custom_id, expects, press.typed) {
        Outcome::Run(spec, args) => {
            let asked = asked
                .clone()
                .privately(spec.replies_privately(&args))
                .running(spec.path);
            let work = commands::invoke(spec, app, caller, args);
            answer::run(ctx, app, &asked, work).await;
        }
        // A form opens only for someone it can serve: a refusal is shown before any typing.
        Outcome::Form(form, spec, given) => {
            match button::check_before_form(spec, app, caller, given).await {
                Ok(title) => answer::open_form(ctx, app, &asked, titled(form, title)).await,
                Err(text) => refuse(text).await,
            }
        }
        Outcome::Refuse(text) => {
            tracing::info!(user = press.user.id.get(), custom_id = press.custom_id, refusal = %text, "refused a press or a form");
            refuse(text).await;
        }
    }
}

/// The command a `custom_id` names, if it is one gavel could have written.
fn command_path(custom_id: &str) -> Option<String> {
    Invocation::from_custom_id(custom_id)
        .ok()
        .map(|(_, invocation)| invocation.path)
}

/// The text typed into a form's inputs, by option name (an optional input left empty is left
/// out, as an option not given).
fn typed_fields(rows: &[serenity::ActionRow]) -> Vec<(String, String)> {
    rows.iter()
        .flat_map(|row| row.components.iter())
        .filter_map(|c| match c {
            serenity::ActionRowComponent::InputText(input) => {
                let value = input.value.clone().unwrap_or_default();
                (!value.is_empty()).then(|| (input.custom_id.clone(), value))
            }
            _ => None,
        })
        .collect()
}

/// What to do with a press or a submission: run its command, ask for a form, or refuse.
enum Outcome {
    Run(&'static CommandSpec, Args),
    /// The form, with the command and the options given, for its check before it opens.
    Form(Form, &'static CommandSpec, Vec<(String, Value)>),
    Refuse(String),
}

/// Works out what a press or submission asks for: the command in its `custom_id`, with the
/// preset options, then the typed ones (each checked by its declaration).
fn outcome(custom_id: &str, expected: Component, typed: Vec<(String, String)>) -> Outcome {
    let refuse = |text: String| Outcome::Refuse(text);
    let invocation = match Invocation::from_custom_id(custom_id) {
        Ok((component, invocation)) if component == expected => invocation,
        _ => return refuse("This is not one of gavel's buttons or forms.".into()),
    };
    let spec = match button::command_of(&invocation) {
        Ok(spec) => spec,
        Err(text) => return refuse(text),
    };
    let (invocation, people) = match expected {
        Component::Form => menus::people_by_id(spec, invocation),
        // A page press is turned by `pages` before it comes here; it carries no people.
        Component::Button | Component::Page => (invocation, Vec::new()),
    };
    let mut values = match button::preset_values(spec, &invocation) {
        Ok(values) => values,
        Err(text) => return refuse(text),
    };
    values.extend(people);
    for (name, text) in typed {
        // Only a text option is typed into a form; any other input is not one gavel asked for.
        let Some(option) = spec
            .options
            .iter()
            .find(|o| o.name == name && button::is_form_field(spec, &name))
        else {
            return refuse(format!("This form has no input `{name}`."));
        };
        match option.check(Value::Text(text)) {
            Ok(value) => values.push((name, value)),
            Err(e) => return refuse(e.to_string()),
        }
    }
    match form_if_wanting(spec, &values) {
        Ok(Some(form)) => return Outcome::Form(form, spec, values),
        Ok(None) => {}
        Err(text) => return refuse(text),
    }
    match Args::build(spec, values) {
        Ok(args) => Outcome::Run(spec, args),
        Err(e) => refuse(e.to_string()),
    }
}

/// The form asking for the options declared `in_modal` that `values` leaves out, if any.
pub fn form_if_wanting(
    spec: &'static CommandSpec,
    values: &[(String, Value)],
) -> Result<Option<Form>, String> {
    let names: Vec<&str> = values.iter().map(|(n, _)| n.as_str()).collect();
    let wanting = button::wanting(spec, &names);
    if wanting.is_empty() {
        return Ok(None);
    }
    button::form(spec, values, &wanting).map(Some)
}

/// The Discord modal for a form, under the title its command's check gave (what it acts on),
/// else the command's own.
pub(super) fn titled(mut form: Form, title: Option<String>) -> serenity::CreateModal {
    if let Some(title) = title {
        form.title = title;
    }
    modal(form)
}

/// The Discord modal for a form: one paragraph text input per option it asks for.
pub(super) fn modal(form: Form) -> serenity::CreateModal {
    let rows = form
        .fields
        .into_iter()
        .map(|field| {
            let input = serenity::CreateInputText::new(
                serenity::InputTextStyle::Paragraph,
                field.label,
                field.name,
            )
            .placeholder(field.placeholder)
            .max_length(u16::try_from(field.max).unwrap_or(u16::MAX))
            .required(field.required);
            // Text already given in the command comes back filled in.
            let input = match field.value {
                Some(text) => input.value(text),
                None => input,
            };
            serenity::CreateActionRow::InputText(input)
        })
        .collect();
    serenity::CreateModal::new(form.custom_id, form.title).components(rows)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Checks: a press of gavel's approval button asks to run `/game approve game:4`; a form's
    /// id is not taken for a button; a command a button names but gavel no longer has is refused
    /// with a pointer to /help (Terms §II Act 10.4 is the approval the button gives).
    #[test]
    fn a_press_reads_its_command_from_the_custom_id_alone() {
        let approve = button::Button::new("Approve", "game approve").preset("game", 4);
        let id = approve.custom_id().expect("fits");
        match outcome(&id, Component::Button, Vec::new()) {
            Outcome::Run(spec, args) => {
                assert_eq!(spec.path, "game approve");
                assert_eq!(args.integer("game"), Ok(4));
            }
            _ => panic!("not run"),
        }
        assert!(matches!(
            outcome(&id, Component::Form, Vec::new()),
            Outcome::Refuse(_)
        ));
        // A button whose command asks for long text in a form, not preset: the form comes first
        // (Terms §III Act 2.4's reasoning), carrying the case.
        let declare = button::Button::new("Declare", "mod declare").preset("case", 3);
        let id = declare.custom_id().expect("fits");
        assert!(matches!(
            outcome(&id, Component::Button, Vec::new()),
            Outcome::Form(..)
        ));
        let typed = vec![("reasoning".to_owned(), "because".to_owned())];
        match outcome("f/mod declare?case=3", Component::Form, typed) {
            Outcome::Run(spec, args) => {
                assert_eq!(spec.path, "mod declare");
                assert_eq!(args.text("reasoning").as_deref(), Ok("because"));
            }
            _ => panic!("not run"),
        }
        let gone = button::Button::new("Old", "game bless")
            .custom_id()
            .expect("fits");
        match outcome(&gone, Component::Button, Vec::new()) {
            Outcome::Refuse(text) => assert!(text.contains("/help"), "{text}"),
            _ => panic!("not refused"),
        }
    }
}
