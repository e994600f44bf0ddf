//! `/court assign`: the Chief Justice, in the majority, chooses who writes the Court's opinion
//! (Terms §III Act 3.10).

use crate::app::{Call, PersonRef};
use crate::domain::kernel::authority::Power;

use super::{acting, CourtError, CourtOutcome};

impl super::Court<'_> {
    /// `/court assign appeal:N author:@x`.
    pub async fn assign_opinion(
        &self,
        call: &Call,
        n: i64,
        author: &PersonRef,
    ) -> Result<CourtOutcome, CourtError> {
        self.execute(call, async |conn, actor| {
            Power::ChiefJustice.require(
                &actor.offices,
                "choose who writes the Court's opinion",
                "Terms §III Act 3.10",
            )?;
            let mut row = self.appeal(conn, n).await?;
            let person = author
                .find(conn)
                .await?
                .ok_or_else(|| CourtError::Unknown(author.name.clone()))?;
            let (index, judgement) = self.owed_opinion(&row)?;
            let court = self.justices(conn).await?;
            let record = &mut row.opinions[index];
            record.opinion = record.opinion.assign(&judgement, &acting(actor), person.id, &court)?;
            let text = format!(
                "Appeal #{n}: the Chief Justice assigns the Court's opinion to {} (Terms §III Act 3.10).",
                person.name
            );
            self.record(conn, n, &text).await?;
            self.persist(conn, &mut row).await?;
            Ok(CourtOutcome::Stepped { appeal: n, announced: text })
        })
        .await
    }
}
