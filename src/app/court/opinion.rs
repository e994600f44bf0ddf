//! `/court opinion`: the Court publishes its majority opinion on a judgement, kept whole, by
//! the assigned author or else any Justice in the majority (Terms §III Act 3.10).

use crate::app::Call;
use crate::domain::kernel::authority::Power;
use crate::domain::kernel::calendar;
use crate::domain::kernel::ids::AppealId;
use crate::jobs::{self, Job};

use super::{CourtError, CourtOutcome};

/// The most an opinion typed on one command holds (Discord's limit on an option's text).
pub const OPINION_MAX: usize = 6000;

impl super::Court<'_> {
    /// `/court opinion appeal:N text:"..."`: the opinion on the latest judgement still owed one.
    pub async fn publish_opinion(
        &self,
        call: &Call,
        n: i64,
        text: &str,
    ) -> Result<CourtOutcome, CourtError> {
        self.execute(call, async |conn, actor| {
            let now = self.now();
            Power::Justice.require(&actor.offices, "write the Court's opinion", "Terms §III Act 3.10")?;
            let text = text.trim();
            let len = text.chars().count();
            if len > OPINION_MAX {
                return Err(CourtError::OpinionTooLong { len, max: OPINION_MAX });
            }
            if text.split_whitespace().count() < 2 {
                return Err(crate::domain::kernel::text::TextError::OneWord { field: "text" }.into());
            }
            let mut row = self.appeal(conn, n).await?;
            let (index, judgement) = self.owed_opinion(&row)?;
            let court = self.justices(conn).await?;
            let record = &mut row.opinions[index];
            record.opinion = record.opinion.publish(&judgement, actor.id, now, &court)?;
            record.text = Some(text.to_owned());
            let en_banc = record.en_banc;
            let late = if record.opinion.is_late() {
                format!(", late: it was due by {}", calendar::show(record.opinion.due_at(), self.tz()))
            } else {
                String::new()
            };
            let appeal = AppealId(n);
            jobs::cancel(conn, &Job::OpinionReminder { appeal, en_banc }, now).await?;
            jobs::cancel(conn, &Job::OpinionOverdue { appeal, en_banc }, now).await?;
            let post = format!(
                "Appeal #{n}: the opinion of the {}, written by {}{late} (Terms §III Act 3.10):\n{text}",
                if en_banc { "whole Court" } else { "Court" },
                actor.name
            );
            self.record(conn, n, &post).await?;
            self.persist(conn, &mut row).await?;
            Ok(CourtOutcome::OpinionPublished { appeal: n })
        })
        .await
    }

    /// The opinion still owed (the latest), and the judgement it is on.
    pub(super) fn owed_opinion(
        &self,
        row: &crate::store::court::appeals::AppealRow,
    ) -> Result<(usize, crate::domain::court::Judgement), CourtError> {
        use crate::domain::court::{Opinion, OpinionRefusal};
        if row.opinions.is_empty() {
            return Err(OpinionRefusal::NotDecided.into());
        }
        let index = row
            .opinions
            .iter()
            .rposition(|o| matches!(o.opinion, Opinion::Due { .. }))
            .ok_or(OpinionRefusal::AlreadyPublished)?;
        let judgement = judgement_for(row, row.opinions[index].en_banc)
            .ok_or(OpinionRefusal::AlreadyPublished)?;
        Ok((index, judgement))
    }
}

/// The judgement an opinion is owed on: the whole Court's (`en_banc`), or the first, a panel's
/// or the Chief Justice's solo.
pub(super) fn judgement_for(
    row: &crate::store::court::appeals::AppealRow,
    en_banc: bool,
) -> Option<crate::domain::court::Judgement> {
    use crate::domain::court::Appeal;
    match (&row.lifecycle, en_banc) {
        (Appeal::Final { judgement, .. }, true) => Some(judgement.clone()),
        (Appeal::Final { panel: Some(p), .. }, false)
        | (Appeal::EnBanc { panel: p, .. }, false)
        | (Appeal::Decided { judgement: p, .. }, false) => Some(p.clone()),
        _ => None,
    }
}
