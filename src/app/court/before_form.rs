//! The Court's checks before Discord opens a form: whether the presser may vote on the appeal
//! at all (a Justice on its bench who has not voted, Terms §III Act 3.3), or may write its
//! opinion (the author, or a Justice in the majority, Act 3.10), so that a second press, or a
//! press by someone else, is refused at once and nothing is typed in vain.

use crate::app::Call;
use crate::domain::kernel::authority::Power;

use super::CourtError;

impl super::Court<'_> {
    /// The check before `/court vote appeal:N`'s form.
    pub async fn may_vote(&self, call: &Call, n: i64) -> Result<(), CourtError> {
        self.check_before_form(call, async |conn, actor| {
            Power::Justice.require(&actor.offices, "vote on an appeal", "Terms §III Act 3.3")?;
            let row = self.appeal(conn, n).await?;
            row.lifecycle.may_vote(actor.id)?;
            Ok(())
        })
        .await
    }

    /// The check before `/court opinion appeal:N`'s form: the same as publishing it, but for
    /// the text.
    pub async fn may_write_opinion(&self, call: &Call, n: i64) -> Result<(), CourtError> {
        self.check_before_form(call, async |conn, actor| {
            let rule = "Terms §III Act 3.10";
            Power::Justice.require(&actor.offices, "write the Court's opinion", rule)?;
            let row = self.appeal(conn, n).await?;
            let (index, judgement) = self.owed_opinion(&row)?;
            let court = self.justices(conn).await?;
            row.opinions[index]
                .opinion
                .publish(&judgement, actor.id, self.now(), &court)?;
            Ok(())
        })
        .await
    }
}
