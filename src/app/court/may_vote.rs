//! Before Discord opens the form for a vote's reasons: whether the presser may vote on the
//! appeal at all, a Justice on its bench who has not voted yet (Terms §III Act 3.3), so that a
//! second press of a vote button is refused at once and nothing is typed in vain.

use sqlx::SqliteConnection;

use crate::app::{Actor, App, Call};
use crate::domain::authority::Power;

use super::{CourtError, CourtReply};

impl App {
    /// The check before `/court vote appeal:N`'s form. It changes nothing: a yes is not audited
    /// (the vote submitted is), a refusal is, as the command's.
    pub async fn may_vote(&self, call: &Call, n: i64) -> Result<(), CourtError> {
        let mut tx = self.begin().await?;
        let actor = self.actor(&mut tx, &call.caller).await?;
        match self.vote_allowed(&mut tx, &actor, n).await {
            Ok(()) => {
                tx.rollback().await?;
                Ok(())
            }
            Err(refusal) => self
                .conclude::<CourtReply, _>(tx, &call.caller, call.command.clone(), Err(refusal))
                .await
                .map(drop),
        }
    }

    async fn vote_allowed(
        &self,
        conn: &mut SqliteConnection,
        actor: &Actor,
        n: i64,
    ) -> Result<(), CourtError> {
        Power::Justice.require(&actor.offices, "vote on an appeal", "Terms §III Act 3.3")?;
        let row = self.appeal(conn, n).await?;
        row.lifecycle.may_vote(actor.id)?;
        Ok(())
    }
}
