//! Context menus on Discord: the entries of the table's `MENUS` registered as user and message
//! commands, and routed by poise to the command each runs, with the member clicked (or the
//! message's author) as Discord resolved them. A menu that asks for text opens its form; the
//! form's submission is answered like any other (`components`).

use poise::serenity_prelude as serenity;

use super::answer;
use super::components::modal;
use super::gate;
use super::reply::{person, see};
use super::Error;
use crate::app::App;
use crate::commands::menus::{self, MenuSpec, Message, Opened, Target, MENUS};
use crate::commands::{self};

/// What gavel registers for its context menus: one command of type 2 (user) or 3 (message) per
/// entry, with no description or options (Discord allows none).
pub fn registration() -> Vec<serenity::CreateCommand> {
    MENUS
        .iter()
        .map(|menu| {
            let kind = match menu.target {
                Target::Member => serenity::CommandType::User,
                Target::Message => serenity::CommandType::Message,
            };
            let command = serenity::CreateCommand::new(menu.name).kind(kind);
            match menu.power {
                // Shown by default to administrators and the roles the server lets see it.
                Some(_) => command.default_member_permissions(serenity::Permissions::empty()),
                None => command,
            }
        })
        .collect()
}

/// The poise commands that route each entry.
pub fn framework_commands() -> Vec<poise::Command<App, Error>> {
    MENUS
        .iter()
        .map(|menu| poise::Command {
            name: menu.name.into(),
            qualified_name: menu.name.into(),
            identifying_name: menu.name.into(),
            source_code_name: menu.name.into(),
            context_menu_name: Some(menu.name.into()),
            context_menu_action: Some(match menu.target {
                Target::Member => poise::ContextMenuCommandAction::User(on_member),
                Target::Message => poise::ContextMenuCommandAction::Message(on_message),
            }),
            ..Default::default()
        })
        .collect()
}

fn on_member(
    ctx: poise::ApplicationContext<'_, App, Error>,
    user: serenity::User,
) -> poise::BoxFuture<'_, Result<(), poise::FrameworkError<'_, App, Error>>> {
    Box::pin(async move {
        let member = person(&user, user.member.as_ref().and_then(|m| m.nick.as_deref()));
        clicked(ctx, Target::Member, member, None).await;
        Ok(())
    })
}

fn on_message(
    ctx: poise::ApplicationContext<'_, App, Error>,
    message: serenity::Message,
) -> poise::BoxFuture<'_, Result<(), poise::FrameworkError<'_, App, Error>>> {
    Box::pin(async move {
        let author = person(
            &message.author,
            message.member.as_ref().and_then(|m| m.nick.as_deref()),
        );
        let guild = ctx.interaction.guild_id.map_or(0, |g| g.get());
        let resolved = Message {
            guild,
            channel: message.channel_id.get(),
            id: message.id.get(),
            author: author.clone(),
            by_a_bot: message.author.bot,
            content: message.content.clone(),
        };
        clicked(ctx, Target::Message, author, Some(resolved)).await;
        Ok(())
    })
}

/// Answers a click on an entry: checks where it came from and the caller's power, then runs
/// the entry's command or opens its form.
async fn clicked(
    ctx: poise::ApplicationContext<'_, App, Error>,
    target: Target,
    member: crate::app::PersonRef,
    message: Option<Message>,
) {
    let (app, discord) = (ctx.data(), ctx.serenity_context());
    let asked = answer::Asked::new(app, ctx.interaction.id, &ctx.interaction.token);
    let refuse =
        async |text: String| answer::reply_to(discord, app, &asked, Err(text), false).await;
    let lifecycle = super::Lifecycle::of(discord).await;
    let Some(_in_flight) = lifecycle.enter().await else {
        refuse("gavel is restarting; nothing was done. Try again in a minute.".into()).await;
        return;
    };
    let name = ctx.interaction.data.name.as_str();
    let Some(menu) = menus::menu(name, target) else {
        refuse(format!("gavel has no menu entry {name}; try /help.")).await;
        return;
    };
    let place = gate::Place::of(ctx.interaction.guild_id, app.config().discord.guild_id);
    if let Err(refusal) = gate::admit(place, Some(menu.runs), ctx.interaction.user.id, name) {
        refuse(refusal).await;
        return;
    }
    let caller = person(
        &ctx.interaction.user,
        ctx.interaction
            .member
            .as_ref()
            .and_then(|m| m.nick.as_deref()),
    );
    see(app, vec![caller.clone(), member.clone()]).await;
    if let Err(refusal) = allowed(app, menu, &caller).await {
        refuse(refusal).await;
        return;
    }
    let voting = app.config().rules.voting_channel_id;
    match menus::open(menu, &member, message.as_ref(), voting) {
        Ok(Opened::Run(spec, args)) => {
            let asked = asked.clone().privately(spec.replies_privately(&args));
            let work = commands::invoke(spec, app, caller, args);
            answer::run(discord, app, &asked, work).await;
        }
        Ok(Opened::Form(_, form)) => {
            // The form carries the member by Discord id: gavel's record must know them.
            if let Err(e) = app.meet(&member).await {
                tracing::error!(error = ?e, "cannot record the member a menu names");
                refuse(
                    "Something went wrong on our side; nothing was changed. Please try again."
                        .into(),
                )
                .await;
                return;
            }
            answer::open_form(discord, app, &asked, modal(form)).await;
        }
        Err(refusal) => refuse(refusal).await,
    }
}

/// A privileged entry is refused before its form opens to someone without the power.
async fn allowed(app: &App, menu: &MenuSpec, caller: &crate::app::PersonRef) -> Result<(), String> {
    match menu.power {
        Some(power) => app.may_use(caller, power, menu_act(menu)).await,
        None => Ok(()),
    }
}

/// The act a refusal names.
fn menu_act(menu: &MenuSpec) -> &'static str {
    match menu.runs {
        "mod monitor" => "monitor a member",
        _ => "use this menu entry",
    }
}
