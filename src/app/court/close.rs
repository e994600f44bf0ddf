//! `/court close`: after hearing an appeal on a ban, the Court refuses further appeals on it
//! until a stated time (Terms §II Act 9.5); the Chief Justice says so for the Court.

use chrono::NaiveDate;

use crate::app::Call;
use crate::domain::kernel::authority::Power;
use crate::domain::kernel::calendar;

use super::{acting, CourtError, CourtOutcome};

impl super::Court<'_> {
    /// `/court close appeal:N until:YYYY-MM-DD`: closed until the start of that club day.
    pub async fn close_to_further_appeals(
        &self,
        call: &Call,
        n: i64,
        until: NaiveDate,
    ) -> Result<CourtOutcome, CourtError> {
        self.execute(call, async |conn, actor| {
            let now = self.now();
            Power::ChiefJustice.require(
                &actor.offices,
                "refuse further appeals on a ban",
                "Terms §II Act 9.5",
            )?;
            let day = until;
            let mut row = self.appeal(conn, n).await?;
            let until = row.lifecycle.close_to_further_appeals(
                &row.filing,
                &acting(actor),
                calendar::start_of_day(day, self.tz()),
                now,
                self.tz(),
            )?;
            row.closed_until = Some(until);
            let text = format!(
                "Appeal #{n}: the Court refuses further appeals on {} until {} (Terms §II Act 9.5).",
                self.subject_words(&row),
                calendar::show(until, self.tz())
            );
            self.record(conn, n, &text).await?;
            self.persist(conn, &mut row).await?;
            Ok(CourtOutcome::Stepped { appeal: n, announced: text })
        })
        .await
    }
}
