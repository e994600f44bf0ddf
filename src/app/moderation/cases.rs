//! Reading cases: `/cases [member]` and `/case N`.

use crate::app::moderation::Moderation;
use crate::app::PersonRef;
use sqlx::SqliteConnection;

use crate::domain::kernel::calendar;
use crate::domain::kernel::pages::{Listing, Window};
use crate::store::{self, moderation::actions::Action};

use super::{describe_action, CaseDetail, CaseEntry, Declared, ModerationError, ModerationOutcome};

/// Cases on one page of `/cases`.
pub const CASES_PAGE: usize = 10;

/// The listing of a member nobody has met: one empty page.
static CASES: std::sync::LazyLock<Listing> =
    std::sync::LazyLock::new(|| Listing::new("/cases", "The list of cases", CASES_PAGE));

impl Moderation<'_> {
    /// `/cases [member] [page]`: the cases by number, a page at a time (read with a limit and
    /// an offset), with the page shown.
    pub async fn cases(
        &self,
        member: Option<&PersonRef>,
        page: Option<i64>,
    ) -> Result<(ModerationOutcome, Window), ModerationError> {
        let mut conn = self.pool().acquire().await?;
        let (target, usage) = match member {
            Some(m) => match m.find(&mut conn).await? {
                Some(p) => (Some(p.id), format!("/cases member:@{}", p.name)),
                None => {
                    let none = ModerationOutcome::NoCasesConcern {
                        name: m.name.clone(),
                    };
                    return Ok((none, CASES.window(None, 0)?));
                }
            },
            None => (None, "/cases".to_owned()),
        };
        let listing = Listing::new(usage, "The list of cases", CASES_PAGE);
        let total = store::moderation::actions::count(&mut conn, target).await?;
        let window = listing.window(page, total as usize)?;
        if total == 0 {
            let none = ModerationOutcome::Cases {
                entries: Vec::new(),
                page_line: None,
            };
            return Ok((none, window));
        }
        let actions =
            store::moderation::actions::page(&mut conn, target, window.offset, window.limit)
                .await?;
        let mut entries = Vec::with_capacity(actions.len());
        for a in actions {
            entries.push(self.case_entry(&mut conn, &a).await?);
        }
        let page_line = listing.page_line(&window);
        Ok((ModerationOutcome::Cases { entries, page_line }, window))
    }

    /// A case as `/cases` lists it.
    async fn case_entry(&self, conn: &mut SqliteConnection, a: &Action) -> sqlx::Result<CaseEntry> {
        let tz = self.tz();
        let target = store::people::name_of(conn, a.target_id).await?;
        let declared = match (a.declaration_outbox_id, a.declared_at) {
            (_, Some(at)) => Declared::On(calendar::local_date(at, tz)),
            (Some(_), None) => Declared::Posting,
            // Past its deadline the declaration is overdue, not "due by" a day gone by.
            (None, None) if self.now() > a.deadline_at => {
                Declared::Overdue(a.deadline_at.with_timezone(&tz))
            }
            (None, None) => Declared::Due(a.deadline_at.with_timezone(&tz)),
        };
        Ok(CaseEntry {
            case: a.id,
            taken_on: calendar::local_date(a.taken_at, tz),
            moderator: store::people::by_id(conn, a.actor_id).await?.name,
            what: describe_action(a, target.as_deref(), tz),
            status: a.status,
            status_reason: a.status_reason.clone(),
            declared,
        })
    }

    /// `/case N`: one case in full, with its declaration link.
    pub async fn case(&self, number: i64) -> Result<ModerationOutcome, ModerationError> {
        let mut conn = self.pool().acquire().await?;
        let a = store::moderation::actions::by_id(&mut conn, number)
            .await?
            .ok_or(ModerationError::NoCase(number))?;
        let d = &self.config().discord;
        let link = match (a.declaration_outbox_id, d.guild_id, d.discussion_channel_id) {
            (Some(outbox), Some(guild), Some(channel)) => {
                store::moderation::actions::declaration_message(&mut conn, outbox)
                    .await?
                    .map(|msg| format!("https://discord.com/channels/{guild}/{channel}/{msg}"))
            }
            _ => None,
        };
        Ok(ModerationOutcome::Case(Box::new(CaseDetail {
            entry: self.case_entry(&mut conn, &a).await?,
            reason: a.reason.clone(),
            discretion: a.discretion.clone(),
            declaration: a.declaration.clone(),
            link,
            appealable: a.appealable,
        })))
    }
}
