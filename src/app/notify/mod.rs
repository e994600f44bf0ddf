//! `/notify`: a member's choice of direct messages from gavel, and why none arrive when
//! Discord refused them; `tell` sends one through the outbox (`direct`), and the poster reports
//! a refusal back (`refusal`).

mod case;
mod direct;
pub mod export;
mod refusal;

use chrono::{DateTime, Utc};
use chrono_tz::Tz;

use crate::app::{App, Call, UseCaseError};
use crate::domain::kernel::words::{Switch, Words};
use crate::domain::notify::Notice;
use crate::store;

#[derive(Debug, thiserror::Error)]
pub enum NotifyError {
    #[error("Say whether to send {0}: /notify kind:{0} set:on, or set:off.")]
    NoSetting(Notice),
    #[error("Say which kind of notice to turn {word}: /notify kind:case set:{word} (see /notify for the kinds).", word = .0.word())]
    NoKind(Switch),
    #[error("Something went wrong on our side; nothing was changed. Please try again.")]
    Store(#[from] sqlx::Error),
}

impl UseCaseError for NotifyError {
    fn is_internal(&self) -> bool {
        matches!(self, NotifyError::Store(_))
    }
}

/// What `/notify` shows: every kind with whether it is on and whether the member chose it, what
/// changed, and whether Discord had refused to reach the member.
#[derive(Debug, Clone)]
pub struct NotifyChoices {
    pub choices: Vec<(Notice, bool, bool)>,
    pub changed: Option<(Notice, bool)>,
    /// When Discord refused a direct message to them, now forgotten so the next is tried.
    pub was_refused: Option<DateTime<Tz>>,
}

impl App {
    /// `/notify`: shows the caller's choices, or sets one; either way, a refusal recorded
    /// against them is forgotten, so the next direct message is tried.
    pub async fn notify(
        &self,
        call: &Call,
        kind: Option<Notice>,
        set: Option<Switch>,
    ) -> Result<NotifyChoices, NotifyError> {
        self.execute(call, async |conn, actor| {
            let now = self.now();
            let changed = match (kind, set) {
                (None, None) => None,
                (Some(kind), None) => return Err(NotifyError::NoSetting(kind)),
                (None, Some(set)) => return Err(NotifyError::NoKind(set)),
                (Some(kind), Some(set)) => {
                    let on = set == Switch::On;
                    store::notify::set_choice(conn, actor.id, kind.key(), on, now).await?;
                    Some((kind, on))
                }
            };
            let refused = store::notify::refused_since(conn, actor.id).await?;
            if refused.is_some() {
                store::notify::clear_refusal(conn, actor.id).await?;
            }
            let chosen = store::notify::choices(conn, actor.id).await?;
            let choices = Notice::ALL
                .into_iter()
                .map(|kind| {
                    let own = chosen
                        .iter()
                        .find(|(k, _)| k == kind.key())
                        .map(|(_, on)| *on);
                    (kind, own.unwrap_or(kind.on_by_default()), own.is_some())
                })
                .collect();
            Ok(NotifyChoices {
                choices,
                changed,
                was_refused: refused.map(|t: DateTime<Utc>| t.with_timezone(&self.tz())),
            })
        })
        .await
    }
}
