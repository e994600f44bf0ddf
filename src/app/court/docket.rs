//! `/court docket` (the appeals open, their stage and next deadline), `/court case` (the whole
//! history of one appeal) and the weekly review's "state of the bench". They change nothing.

use sqlx::SqliteConnection;

use crate::app::Call;
use crate::domain::kernel::calendar;
use crate::store;

use super::{CourtError, CourtOutcome, DocketEntry};

impl super::Court<'_> {
    /// `/court docket`.
    pub async fn docket(&self, call: &Call) -> Result<CourtOutcome, CourtError> {
        self.execute(call, async |conn, _| {
            let mut docket = Vec::new();
            for row in store::court::appeals::active(conn).await? {
                docket.push(self.docket_entry(conn, &row).await?);
            }
            Ok(CourtOutcome::Docket(docket))
        })
        .await
    }

    /// `/court case appeal:N`.
    pub async fn appeal_history(&self, call: &Call, n: i64) -> Result<CourtOutcome, CourtError> {
        self.execute(call, async |conn, _| {
            let row = self.appeal(conn, n).await?;
            let entry = self.docket_entry(conn, &row).await?;
            let steps = store::court::appeals::steps(conn, n)
                .await?
                .into_iter()
                .map(|(at, step)| (at.with_timezone(&self.tz()), step))
                .collect();
            Ok(CourtOutcome::History { entry, steps })
        })
        .await
    }

    /// An appeal as the docket lists it.
    async fn docket_entry(
        &self,
        conn: &mut SqliteConnection,
        row: &store::court::appeals::AppealRow,
    ) -> sqlx::Result<DocketEntry> {
        Ok(DocketEntry {
            appeal: row.id,
            appellant: self.name(conn, row.appellant_id).await?,
            subject: self.subject_words(row),
            stage: self.stage_line(row),
            next_deadline: row.next_deadline.map(|at| at.with_timezone(&self.tz())),
        })
    }

    /// The stage, with what is still owed.
    fn stage_line(&self, row: &store::court::appeals::AppealRow) -> String {
        let mut line = row.lifecycle.stage().to_owned();
        let now = self.now();
        if row.opinions.iter().any(|o| o.opinion.is_overdue(now)) {
            line.push_str(", opinion overdue");
        } else if row
            .opinions
            .iter()
            .any(|o| matches!(o.opinion, crate::domain::court::Opinion::Due { .. }))
        {
            line.push_str(", opinion due");
        }
        if row.redecide_due_at.is_some() && row.redecided_at.is_none() {
            line.push_str(", remanded and awaiting re-decision");
        }
        line
    }

    /// One line for the weekly review: how many appeals are open, heard, and owe an opinion.
    pub(crate) async fn state_of_the_bench(
        &self,
        conn: &mut SqliteConnection,
    ) -> sqlx::Result<String> {
        let rows = store::court::appeals::active(conn).await?;
        // An appeal awaiting a grant is before the Court but not yet heard (Terms §III Act 3.6):
        // counted apart, so "being heard" never includes one.
        let waiting = rows
            .iter()
            .filter(|r| {
                matches!(
                    r.lifecycle,
                    crate::domain::court::Appeal::AwaitingGrant { .. }
                )
            })
            .count();
        let heard = rows.iter().filter(|r| r.lifecycle.is_hearing()).count() - waiting;
        let opinions = rows
            .iter()
            .filter(|r| {
                r.opinions
                    .iter()
                    .any(|o| matches!(o.opinion, crate::domain::court::Opinion::Due { .. }))
            })
            .count();
        let next = rows.iter().filter_map(|r| r.next_deadline).min();
        Ok(format!(
            "State of the bench: {} on the docket, {waiting} awaiting a grant, {heard} being heard, {opinions} owing an opinion{}.",
            match rows.len() {
                1 => "1 appeal".to_owned(),
                n => format!("{n} appeals"),
            },
            match next {
                Some(at) => format!("; next deadline {}", calendar::show(at, self.tz())),
                None => String::new(),
            }
        ))
    }
}
