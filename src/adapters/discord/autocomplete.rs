//! Autocomplete: while a member types an option that names a numbered thing, Discord asks for
//! choices; gavel answers with what that member may act on with that command (`App::choices`).

use poise::serenity_prelude as serenity;

use super::gate;
use super::reply::person;
use super::Error;
use crate::app::choices::{ChoiceValue, Offered};
use crate::app::App;
use crate::commands::{self, OptionSpec};

/// The poise parameters of a command: one per option that offers choices, so poise routes its
/// autocomplete here (the command's other options are read from the interaction by name).
pub fn parameters(path: &str) -> Vec<poise::CommandParameter<App, Error>> {
    let Some(spec) = commands::find(path) else {
        return Vec::new();
    };
    spec.options
        .iter()
        .filter(|o| o.pick.is_some())
        .map(|o| poise::CommandParameter {
            name: o.name.into(),
            name_localizations: Vec::new().into(),
            description: Some(o.description.into()),
            description_localizations: Vec::new().into(),
            required: o.required_on_discord(),
            channel_types: None,
            choices: Vec::new().into(),
            type_setter: None,
            autocomplete_callback: Some(answer),
            __non_exhaustive: (),
        })
        .collect()
}

/// Answers one autocomplete interaction: the choices for the focused option, or none when it
/// comes from elsewhere than the club's server or something fails (typing goes on regardless).
fn answer<'a>(
    ctx: poise::ApplicationContext<'a, App, Error>,
    typed: &'a str,
) -> poise::BoxFuture<'a, serenity::CreateAutocompleteResponse> {
    Box::pin(async move {
        let empty = serenity::CreateAutocompleteResponse::new();
        let app = ctx.data();
        let path = ctx.command().qualified_name.as_ref();
        let place = gate::Place::of(ctx.interaction.guild_id, app.config().discord.guild_id);
        if gate::admit(
            place,
            Some(path),
            ctx.interaction.user.id,
            &format!("/{path}"),
        )
        .is_err()
        {
            return empty;
        }
        let Some((spec, option)) = focused(path, ctx.args) else {
            return empty;
        };
        let Some(pick) = option.pick else {
            return empty;
        };
        let nick = ctx
            .interaction
            .member
            .as_ref()
            .and_then(|m| m.nick.as_deref());
        let caller = person(&ctx.interaction.user, nick);
        match app.choices(&caller, pick, spec.power, typed).await {
            Ok(choices) => response(choices),
            Err(e) => {
                tracing::error!(error = ?e, command = path, "cannot offer choices");
                empty
            }
        }
    })
}

/// The command and the option being typed.
fn focused(
    path: &str,
    args: &[serenity::ResolvedOption<'_>],
) -> Option<(&'static commands::CommandSpec, &'static OptionSpec)> {
    let spec = commands::find(path)?;
    let name = args.iter().find_map(|o| match o.value {
        serenity::ResolvedValue::Autocomplete { .. } => Some(o.name),
        _ => None,
    })?;
    let option = spec.options.iter().find(|o| o.name == name)?;
    Some((spec, option))
}

/// Discord's answer: each choice's label and value (a number for an integer option).
fn response(choices: Vec<Offered>) -> serenity::CreateAutocompleteResponse {
    choices.into_iter().fold(
        serenity::CreateAutocompleteResponse::new(),
        |r, c| match c.value {
            ChoiceValue::Number(n) => r.add_int_choice(c.label, n),
            ChoiceValue::Text(t) => r.add_string_choice(c.label, t),
        },
    )
}
