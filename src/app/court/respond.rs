//! `/court respond`: the Moderator who placed a monitor gives their reasonable suspicion and why
//! it still applies, when the member petitions after the session immediately following it
//! (Terms §II Act 10.5). A late answer is recorded as late; the Court sees which.

use crate::app::Call;
use crate::domain::court::ResponseStatus;
use crate::domain::kernel::authority::Power;
use crate::domain::kernel::calendar;
use crate::domain::kernel::ids::AppealId;
use crate::domain::kernel::text::Reason;
use crate::jobs::{self, Job};

use super::{CourtError, CourtOutcome};

impl super::Court<'_> {
    /// `/court respond appeal:N text:"..."`.
    pub async fn respond_to_petition(
        &self,
        call: &Call,
        n: i64,
        text: &str,
    ) -> Result<CourtOutcome, CourtError> {
        self.execute(call, async |conn, actor| {
            let now = self.now();
            Power::Moderate.require(
                &actor.offices,
                "answer a petition against a monitor",
                "Terms §II Act 10.5",
            )?;
            let suspicion = Reason::parse(text)?;
            let mut row = self.appeal(conn, n).await?;
            let owed = row.response.clone().ok_or(CourtError::NoAnswerOwed)?;
            // A refused or decided appeal no longer waits for the answer.
            if !row.lifecycle.is_hearing() {
                return Err(CourtError::NoLongerHeard(n));
            }
            let given = owed.give(actor.id, suspicion.clone(), now)?;
            let when = match given.status(now) {
                ResponseStatus::GivenLate => format!(
                    ", late: it was due by {}",
                    calendar::show(given.due_at(), self.tz())
                ),
                _ => " in time".into(),
            };
            row.response = Some(given);
            jobs::cancel(
                conn,
                &Job::ResponseDeadline {
                    appeal: AppealId(n),
                },
                now,
            )
            .await?;
            let post = format!(
                "Appeal #{n}: {} answers the petition{when} (Terms §II Act 10.5): {}",
                actor.name,
                suspicion.as_str()
            );
            self.record(conn, n, &post).await?;
            self.persist(conn, &mut row).await?;
            Ok(CourtOutcome::Stepped {
                appeal: n,
                announced: post,
            })
        })
        .await
    }
}
