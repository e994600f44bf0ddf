//! `/session move`: a Moderator holds one session on another date, once (Terms §0 Act 5 as a
//! club reads it), recorded, audited and announced in one transaction.

use crate::app::leaderboard::Leaderboard;
use chrono::NaiveDate;

use crate::domain::kernel::authority::{Power, Unauthorised};
use crate::domain::kernel::calendar;
use crate::domain::leaderboard::session_move::{may_move, MoveRefusal};
use crate::store::{self, outbox::DISCUSSION};

use crate::app::{Call, UseCaseError};

#[derive(Debug, thiserror::Error)]
pub enum SessionMoveError {
    #[error(transparent)]
    Unauthorised(#[from] Unauthorised),
    #[error(transparent)]
    Refused(#[from] MoveRefusal),
    #[error("Something went wrong on our side; nothing was changed. Please try again.")]
    Store(#[from] sqlx::Error),
}

impl UseCaseError for SessionMoveError {
    fn is_internal(&self) -> bool {
        matches!(self, SessionMoveError::Store(_))
    }
}

/// What `/session move` did: the session of `from` is held on `to`, and #discussion is told.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SessionMoved {
    pub from: NaiveDate,
    pub to: NaiveDate,
}

impl Leaderboard<'_> {
    /// `/session move from:DATE to:DATE`: the session of `from` is held on `to` instead.
    pub async fn move_session(
        &self,
        call: &Call,
        from: NaiveDate,
        to: NaiveDate,
        reason: Option<&str>,
    ) -> Result<SessionMoved, SessionMoveError> {
        self.execute(call, async |conn, actor| {
            Power::Moderate.require(&actor.offices, "move a session", "Terms §III Act 2, 3.4")?;
            let now = self.now();
            let today = calendar::local_date(now, self.tz());
            let window = self.window(conn).await?;
            let opened = store::leaderboard::session_moves::opened_on(conn, from).await?;
            may_move(&window, today, from, to, opened)?;
            store::leaderboard::session_moves::insert(conn, from, to, actor.id, reason, now)
                .await?;
            let why = reason.map_or(String::new(), |r| format!(" ({r})"));
            let text = format!(
                "The club session of {} is moved to {}, between {} and {} in {}{why}; {} moved it.",
                calendar::show_date(from),
                calendar::show_date(to),
                window.start.format("%H:%M"),
                window.end.format("%H:%M"),
                window.place,
                actor.name
            );
            store::outbox::enqueue(conn, DISCUSSION, &text, now).await?;
            Ok(SessionMoved { from, to })
        })
        .await
    }
}
