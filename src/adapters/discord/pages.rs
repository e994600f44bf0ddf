//! Pages on Discord: a paged listing's first answer carries Previous, "page 2 of 7" and Next;
//! pressing one re-reads the listing as it stands, as the member who pressed, and replaces the
//! message in place (interaction response type 7). Everything a press needs is in the
//! button's `custom_id` (`commands::paging`), so pages turn after a restart as before it.

use poise::serenity_prelude as serenity;

use super::answer::{self, Asked};
use super::reply::{no_pings, split};
use crate::app::{App, PersonRef};
use crate::commands::paging::{self, Paged};
use crate::commands::{Args, CommandSpec};
use crate::domain::kernel::pages::PageOf;

/// Runs a paged command from a slash command: the page, with its buttons under it.
pub async fn run(
    ctx: &serenity::Context,
    app: &App,
    asked: &Asked,
    spec: &'static CommandSpec,
    caller: PersonRef,
    args: Args,
) {
    let asker = caller.discord_id.unwrap_or_default();
    let private = spec.replies_privately(&args);
    let base = paging::page_invocation(spec, &args, asker, private);
    let work = async move {
        match paging::invoke_paged(spec, app, caller, args).await {
            Ok(paged) => {
                let rows = rows(&base, &paged);
                (Ok(crate::commands::Said::words(paged.text)), rows)
            }
            Err(refusal) => (Err(refusal), Vec::new()),
        }
    };
    answer::run_with_rows(ctx, app, asked, work).await;
}

/// Previous, the page shown, and Next, for a listing of several pages (none for one page).
/// A button that would lead nowhere is shown disabled.
fn rows(
    base: &crate::commands::button::Invocation,
    paged: &Paged,
) -> Vec<serenity::CreateActionRow> {
    if paged.pages <= 1 {
        return Vec::new();
    }
    let button = |page: usize, label: String, enabled: bool| {
        let id = paging::page_button_id(base, page).ok()?;
        Some(
            serenity::CreateButton::new(id)
                .label(label)
                .style(serenity::ButtonStyle::Secondary)
                .disabled(!enabled),
        )
    };
    let (page, pages) = (paged.page, paged.pages);
    let buttons: Option<Vec<_>> = [
        button(page.saturating_sub(1).max(1), "◀ Previous".into(), page > 1),
        // The page shown: never pressed, so its id only needs to differ from the others'.
        button(page + pages + 1, PageOf(page, pages).to_string(), false),
        button((page + 1).min(pages), "Next ▶".into(), page < pages),
    ]
    .into_iter()
    .collect();
    match buttons {
        Some(buttons) => vec![serenity::CreateActionRow::Buttons(buttons)],
        // The options do not fit a button's id: the page line says how to type the next.
        None => Vec::new(),
    }
}

/// Answers a press of a page button: the page the record holds now, in place of the message
/// pressed; a refusal (another member's private list, a forged button, a page that no longer
/// exists) for the presser alone.
pub async fn turn(
    ctx: &serenity::Context,
    app: &App,
    asked: &Asked,
    presser: PersonRef,
    custom_id: &str,
) {
    let presser_id = presser.discord_id.unwrap_or_default();
    let (spec, args) = match paging::read_press(custom_id, presser_id) {
        Ok(read) => read,
        Err(refusal) => {
            tracing::info!(custom_id, refusal = %refusal, "refused a page button");
            return answer::reply_to(ctx, app, asked, Err(refusal), false).await;
        }
    };
    let private = spec.replies_privately(&args);
    let base = paging::page_invocation(spec, &args, presser_id, private);
    let paged = match paging::invoke_paged(spec, app, presser, args).await {
        Ok(paged) => paged,
        Err(refusal) => return answer::reply_to(ctx, app, asked, Err(refusal), false).await,
    };
    // Every reader sees the times in their own time zone; a page is written to fit a message.
    let text = super::timestamps::for_discord(&paged.text);
    let content = split(&text).swap_remove(0);
    let message = serenity::CreateInteractionResponseMessage::new()
        .content(content)
        .embed(super::embed::for_reply(
            spec.path,
            &crate::commands::Said::words(text.clone()),
        ))
        .components(rows(&base, &paged))
        .allowed_mentions(no_pings());
    let update = serenity::CreateInteractionResponse::UpdateMessage(message);
    if let Err(failure) = answer::respond_now(ctx, asked, &update).await {
        // Turning a page changes nothing: the member may press again.
        tracing::warn!(interaction = asked.id.get(), error = %failure, "Discord did not take a page");
    }
}
