//! `/mod declare`: the public declaration of an action recorded earlier, within 7 days
//! (Terms §III Act 2.4).

use crate::app::moderation::Moderation;
use crate::domain::kernel::calendar;
use crate::domain::kernel::text::Reason;
use crate::store;

use super::{ModerationError, ModerationOutcome};
use crate::app::{Actor, Call};
use sqlx::SqliteConnection;

impl Moderation<'_> {
    /// `/mod declare case reasoning`: the public declaration of an action recorded earlier.
    pub async fn declare_case(
        &self,
        call: &Call,
        case: i64,
        reasoning: &str,
    ) -> Result<ModerationOutcome, ModerationError> {
        self.execute(call, async |conn, actor| {
            let action = self.declarable(conn, actor, case).await?;
            let reasoning = Reason::parse(reasoning)?;
            let target = store::people::name_of(conn, action.target_id).await?;
            self.declare(
                conn,
                &action,
                &actor.name,
                target.as_deref(),
                reasoning.as_str(),
            )
            .await?;
            Ok(ModerationOutcome::Declared { case })
        })
        .await
    }

    /// The check before `/mod declare`'s form opens on Discord: only the case's Moderator, while
    /// it can still be declared, is asked for the reasoning (Terms §III Act 2.4).
    pub async fn may_declare(&self, call: &Call, case: i64) -> Result<(), ModerationError> {
        self.check_before_form(call, async |conn, actor| {
            self.declarable(conn, actor, case).await.map(drop)
        })
        .await
    }

    /// The case `actor` may declare now: theirs, not yet declared, still in a state to declare,
    /// and within its 7 days (Terms §III Act 2.4).
    async fn declarable(
        &self,
        conn: &mut SqliteConnection,
        actor: &Actor,
        case: i64,
    ) -> Result<store::moderation::actions::Action, ModerationError> {
        let action = store::moderation::actions::by_id(conn, case)
            .await?
            .ok_or(ModerationError::NoCase(case))?;
        if action.actor_id != actor.id {
            return Err(ModerationError::NotYourCase(case));
        }
        if action.declaration_outbox_id.is_some() {
            return Err(ModerationError::AlreadyDeclared(case));
        }
        // A lifted monitor or clock requirement must still be declared (Terms §III Act 2.4).
        if action.status.declarable().is_err() {
            return Err(ModerationError::NotDeclarable(
                case,
                action.status.to_string(),
            ));
        }
        if self.now() > action.deadline_at {
            return Err(ModerationError::DeadlinePassed(
                case,
                calendar::show(action.deadline_at, self.tz()),
            ));
        }
        Ok(action)
    }
}
