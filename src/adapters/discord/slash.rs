//! Slash commands from the command table: the JSON gavel registers with Discord, and the poise
//! commands that route each interaction to its declaration's use case.

use poise::serenity_prelude as serenity;

use super::answer;
use super::components;
use super::gate;
use super::reply::{self, person};
use super::Error;
use crate::app::App;
use crate::commands::button;
use crate::commands::{self, Args, CommandSpec, OptionKind, OptionSpec, Value};
use crate::domain::kernel::limits::{DATE_MAX, DATE_TIME_MAX};

/// The top-level names in table order: a lone command (`join`) or a group (`mod`).
fn top_level_names() -> Vec<&'static str> {
    let mut names: Vec<&'static str> = Vec::new();
    for command in commands::all() {
        let top = command.path.split(' ').next().expect("a path has a word");
        if !names.contains(&top) {
            names.push(top);
        }
    }
    names
}

/// The subcommands of a group, in table order.
fn members_of(group: &str) -> impl Iterator<Item = &'static CommandSpec> + '_ {
    commands::all().filter(move |c| c.path.split_once(' ').is_some_and(|(g, _)| g == group))
}

/// What gavel registers: one Discord command per top-level name, subcommands under groups, every
/// option with the limits its declaration gives.
pub fn registration() -> Vec<serenity::CreateCommand> {
    top_level_names()
        .into_iter()
        .map(|name| match commands::find(name) {
            Some(single) => single.options.iter().fold(
                serenity::CreateCommand::new(name).description(single.description),
                |c, o| c.add_option(option(o)),
            ),
            None => {
                let group = commands::GROUPS
                    .iter()
                    .find(|g| g.name == name)
                    .unwrap_or_else(|| panic!("/{name} has subcommands but no group declared"));
                let mut command = members_of(name).fold(
                    serenity::CreateCommand::new(name).description(group.description),
                    |c, sub| c.add_option(subcommand(sub)),
                );
                if group.moderators_only {
                    // Shown by default to no one but the server's administrators: the server
                    // shows it to the role gavel gives its Moderators (Server Settings,
                    // Integrations, gavel), so who sees it follows gavel's offices, not a
                    // Discord permission. gavel's own checks decide in every case.
                    command = command.default_member_permissions(serenity::Permissions::empty());
                }
                command
            }
        })
        .chain(super::menus::registration())
        .collect()
}

fn subcommand(command: &CommandSpec) -> serenity::CreateCommandOption {
    let (_, name) = command.path.split_once(' ').expect("a subcommand path");
    command.options.iter().fold(
        serenity::CreateCommandOption::new(
            serenity::CommandOptionType::SubCommand,
            name,
            command.description,
        ),
        |c, o| c.add_sub_option(option(o)),
    )
}

fn option(o: &OptionSpec) -> serenity::CreateCommandOption {
    use serenity::CommandOptionType as T;
    let kind = match o.kind {
        OptionKind::Text { .. }
        | OptionKind::Date
        | OptionKind::DateTime
        | OptionKind::Choice(_) => T::String,
        OptionKind::Integer { .. } => T::Integer,
        OptionKind::Person => T::User,
        OptionKind::Flag => T::Boolean,
    };
    let mut built =
        // An option asked for in a form is optional here: left out, it gets its form.
        serenity::CreateCommandOption::new(kind, o.name, o.description)
            .required(o.required_on_discord());
    if o.pick.is_some() {
        // Choices offered while it is typed: the numbered things the caller may act on.
        built = built.set_autocomplete(true);
    }
    match &o.kind {
        OptionKind::Text { max } => built.max_length(u16::try_from(*max).unwrap_or(u16::MAX)),
        OptionKind::Date => built.max_length(DATE_MAX as u16),
        OptionKind::DateTime => built.max_length(DATE_TIME_MAX as u16),
        OptionKind::Integer { min, max } => built
            .min_int_value(u64::try_from(*min).unwrap_or(0))
            .max_int_value(u64::try_from(*max).unwrap_or(u64::MAX)),
        OptionKind::Choice(words) => words.iter().fold(built, |b, w| b.add_string_choice(*w, *w)),
        OptionKind::Person | OptionKind::Flag => built,
    }
}

/// The poise commands: names and subcommands only, for routing. Registration uses
/// `registration()`, which carries the options and their limits.
pub fn framework_commands() -> Vec<poise::Command<App, Error>> {
    top_level_names()
        .into_iter()
        .map(|name| {
            let mut top = routed(name, name);
            if commands::find(name).is_none() {
                top.subcommands = members_of(name)
                    .map(|sub| {
                        let (_, leaf) = sub.path.split_once(' ').expect("a subcommand path");
                        routed(leaf, sub.path)
                    })
                    .collect();
                top.subcommand_required = true;
            }
            top
        })
        .collect()
}

fn routed(name: &'static str, path: &'static str) -> poise::Command<App, Error> {
    poise::Command {
        name: name.into(),
        qualified_name: path.into(),
        identifying_name: path.into(),
        source_code_name: path.into(),
        description: commands::find(path).map(|c| c.description.into()),
        slash_action: Some(run),
        parameters: super::autocomplete::parameters(path),
        ..Default::default()
    }
}

/// Every slash interaction lands here: check where it came from, find the declaration, read
/// its options, run its use case, and answer (a refusal only to the caller). Nothing here fails
/// the interaction: what Discord does not take is kept and follows (`answer`).
fn run(
    ctx: poise::ApplicationContext<'_, App, Error>,
) -> poise::BoxFuture<'_, Result<(), poise::FrameworkError<'_, App, Error>>> {
    Box::pin(async move {
        let (app, discord) = (ctx.data(), ctx.serenity_context());
        let asked = answer::Asked::new(app, ctx.interaction.id, &ctx.interaction.token);
        let refuse =
            async |text: String| answer::reply_to(discord, app, &asked, Err(text), false).await;
        // Held until the reply is sent, so shutdown waits for this interaction.
        let lifecycle = super::Lifecycle::of(discord).await;
        let Some(_in_flight) = lifecycle.enter().await else {
            refuse("gavel is restarting; nothing was done. Try again in a minute.".into()).await;
            return Ok(());
        };
        let path = ctx.command().qualified_name.as_ref();
        let place = gate::Place::of(ctx.interaction.guild_id, app.config().discord.guild_id);
        let user = ctx.interaction.user.id;
        if let Err(refusal) = gate::admit(place, Some(path), user, &format!("/{path}")) {
            refuse(refusal).await;
            return Ok(());
        }
        reply::see(app, people_in(&ctx)).await;
        let Some(spec) = commands::find(path) else {
            refuse(format!("There is no command /{path}; try /help.")).await;
            return Ok(());
        };
        match read_options(spec, ctx.args) {
            Ok(Read::Form(form, given)) => {
                // Long text left out: ask for it in a form, unless the command's check
                // refuses the caller already; the form's submission runs the command.
                match button::check_before_form(spec, app, caller(&ctx), given).await {
                    Ok(title) => {
                        let modal = components::titled(form, title);
                        answer::open_form(discord, app, &asked, modal).await
                    }
                    Err(refusal) => refuse(refusal).await,
                }
            }
            Ok(Read::Args(args)) if spec.pages.is_some() => {
                let asked = asked
                    .clone()
                    .privately(spec.replies_privately(&args))
                    .running(spec.path);
                super::pages::run(discord, app, &asked, spec, caller(&ctx), args).await;
            }
            Ok(Read::Args(args)) => {
                let asked = asked
                    .clone()
                    .privately(spec.replies_privately(&args))
                    .running(spec.path);
                let work = commands::invoke(spec, app, caller(&ctx), args);
                answer::run(discord, app, &asked, work).await;
            }
            Err(message) => refuse(message).await,
        }
        Ok(())
    })
}

/// What an interaction's options give: the arguments to run with, or the form that asks for the
/// long text left out.
enum Read {
    Args(Args),
    /// The form, and the options given (for the command's check before it opens).
    Form(button::Form, Vec<(String, Value)>),
}

/// The people an interaction names by Discord's own member data: its caller, and the users
/// Discord resolved in its options.
fn people_in(ctx: &poise::ApplicationContext<'_, App, Error>) -> Vec<crate::app::PersonRef> {
    let mut people = vec![caller(ctx)];
    for o in ctx.args {
        if let serenity::ResolvedValue::User(user, member) = &o.value {
            people.push(person(user, member.and_then(|m| m.nick.as_deref())));
        }
    }
    people
}

/// The person who typed the command, named as the server shows them.
fn caller(ctx: &poise::ApplicationContext<'_, App, Error>) -> crate::app::PersonRef {
    let user = &ctx.interaction.user;
    let nick = ctx
        .interaction
        .member
        .as_ref()
        .and_then(|m| m.nick.as_deref());
    person(user, nick)
}

/// Reads an interaction's options by the declaration: the same checks as the console. When an
/// option declared `in_modal` is left out, the answer is the form asking for it instead.
fn read_options(
    spec: &'static CommandSpec,
    given: &[serenity::ResolvedOption<'_>],
) -> Result<Read, String> {
    let mut values = Vec::with_capacity(given.len());
    for o in given {
        let value = match &o.value {
            serenity::ResolvedValue::String(s) => Value::Text((*s).to_owned()),
            serenity::ResolvedValue::Integer(i) => Value::Integer(*i),
            serenity::ResolvedValue::Boolean(b) => Value::Flag(*b),
            serenity::ResolvedValue::User(user, member) => {
                Value::Person(person(user, member.and_then(|m| m.nick.as_deref())))
            }
            _ => {
                return Err(format!(
                    "The option `{}` has a type gavel does not read.",
                    o.name
                ))
            }
        };
        let value = match spec.options.iter().find(|d| d.name == o.name) {
            Some(declared) => declared.check(value).map_err(|e| e.to_string())?,
            None => value,
        };
        values.push((o.name.to_owned(), value));
    }
    if let Some(form) = components::form_if_wanting(spec, &values)? {
        return Ok(Read::Form(form, values));
    }
    Args::build(spec, values)
        .map(Read::Args)
        .map_err(|e| e.to_string())
}
