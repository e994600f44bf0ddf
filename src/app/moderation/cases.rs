//! Reading cases: `/cases [member]` and `/case N`.

use crate::app::PersonRef;
use sqlx::SqliteConnection;

use crate::domain::kernel::calendar;
use crate::domain::kernel::pages::{Listing, Window};
use crate::store::{self, moderation::actions::Action};

use super::{describe_action, ModerationError, ModerationReply};
use crate::app::App;

/// Cases on one page of `/cases`.
pub const CASES_PAGE: usize = 10;

/// The listing of a member nobody has met: one empty page.
static CASES: std::sync::LazyLock<Listing> =
    std::sync::LazyLock::new(|| Listing::new("/cases", "The list of cases", CASES_PAGE));

impl App {
    /// `/cases [member] [page]`: the cases by number, a page at a time (read with a limit and
    /// an offset), with the page shown.
    pub async fn cases(
        &self,
        member: Option<&PersonRef>,
        page: Option<i64>,
    ) -> Result<(ModerationReply, Window), ModerationError> {
        let mut conn = self.pool().acquire().await?;
        let (target, usage) = match member {
            Some(m) => match m.find(&mut conn).await? {
                Some(p) => (Some(p.id), format!("/cases member:@{}", p.name)),
                None => {
                    let none = ModerationReply(format!("No cases concern {}.", m.name));
                    return Ok((none, CASES.window(None, 0)?));
                }
            },
            None => (None, "/cases".to_owned()),
        };
        let listing = Listing::new(usage, "The list of cases", CASES_PAGE);
        let total = store::moderation::actions::count(&mut conn, target).await?;
        let window = listing.window(page, total as usize)?;
        if total == 0 {
            return Ok((ModerationReply("No cases.".into()), window));
        }
        let actions =
            store::moderation::actions::page(&mut conn, target, window.offset, window.limit)
                .await?;
        let mut lines = vec!["Cases:".to_owned()];
        for a in actions {
            lines.push(self.case_line(&mut conn, &a, false).await?);
        }
        lines.extend(listing.page_line(&window));
        Ok((ModerationReply(lines.join("\n")), window))
    }

    /// A case in one line; `why` adds the reason its status is what it is (`/case`).
    async fn case_line(
        &self,
        conn: &mut SqliteConnection,
        a: &Action,
        why: bool,
    ) -> sqlx::Result<String> {
        let tz = self.tz();
        let target = store::people::name_of(conn, a.target_id).await?;
        let actor = store::people::by_id(conn, a.actor_id).await?.name;
        let declared = match (a.declaration_outbox_id, a.declared_at) {
            (_, Some(at)) => format!(
                "declared {}",
                calendar::show_date(calendar::local_date(at, tz))
            ),
            (Some(_), None) => "declaration posting".into(),
            // Past its deadline the declaration is overdue, not "due by" a day gone by.
            (None, None) if self.now() > a.deadline_at => format!(
                "undeclared: it was due by {}",
                calendar::show(a.deadline_at, tz)
            ),
            (None, None) => format!("undeclared, due by {}", calendar::show(a.deadline_at, tz)),
        };
        // The status once, with why it is what it is where a reason was recorded.
        let status = match a.status_reason.as_ref().filter(|_| why) {
            Some(reason) => format!("{} ({reason})", a.status.word()),
            None => a.status.word().to_owned(),
        };
        Ok(format!(
            "#{} {}, by {actor}: {}. Status: {status}; {declared}",
            a.id,
            calendar::show_date(calendar::local_date(a.taken_at, tz)),
            describe_action(a, target.as_deref(), tz),
        ))
    }

    /// `/case N`: one case in full, with its declaration link.
    pub async fn case(&self, number: i64) -> Result<ModerationReply, ModerationError> {
        let mut conn = self.pool().acquire().await?;
        let a = store::moderation::actions::by_id(&mut conn, number)
            .await?
            .ok_or(ModerationError::NoCase(number))?;
        let mut text = self.case_line(&mut conn, &a, true).await?;
        text.push_str(&format!("\nReason: {}", a.reason));
        if let Some(why) = &a.discretion {
            text.push_str(&format!(
                "\nDiscretion (a lesser step, Terms §II Act 5): {why}"
            ));
        }
        if let Some(reasoning) = &a.declaration {
            text.push_str(&format!("\nDeclared reasoning: {reasoning}"));
        }
        if let Some(outbox) = a.declaration_outbox_id {
            let d = &self.config().discord;
            if let (Some(msg), Some(guild), Some(channel)) = (
                store::moderation::actions::declaration_message(&mut conn, outbox).await?,
                d.guild_id,
                d.discussion_channel_id,
            ) {
                text.push_str(&format!(
                    "\nDeclaration: https://discord.com/channels/{guild}/{channel}/{msg}"
                ));
            }
        }
        if !a.appealable {
            text.push_str("\nNot appealable.");
        }
        Ok(ModerationReply(text))
    }
}
