//! `/court refuse`: the Chief Justice refuses to hear an appeal (Terms §III Act 3.6); its
//! parties are no longer in a hearing (§II Act 8.1), though two independent Justices may still
//! grant it (Act 3.6).

use crate::app::Call;
use crate::domain::court::{no_bench_possible, Appeal};
use crate::domain::kernel::authority::Power;
use crate::domain::kernel::ids::AppealId;
use crate::domain::kernel::text::Reason;
use crate::jobs::{self, Job};

use super::{acting, CourtError, CourtOutcome};

impl super::Court<'_> {
    /// `/court refuse appeal:N reason:"..."`.
    pub async fn refuse_appeal(
        &self,
        call: &Call,
        n: i64,
        reason: &str,
    ) -> Result<CourtOutcome, CourtError> {
        self.execute(call, async |conn, actor| {
            let now = self.now();
            let reason = Reason::parse(reason)?;
            Power::ChiefJustice.require(
                &actor.offices,
                "refuse to hear an appeal",
                "Terms §III Act 3.6",
            )?;
            let mut row = self.appeal(conn, n).await?;
            let court = self.justices(conn).await?;
            let conflicts = row.filing.conflicts();
            // A granted appeal no bench can hear may be refused too (Terms §III Acts 3.5.2,
            // 3.6), so it does not wait for a bench for ever.
            let unseatable = matches!(row.lifecycle, Appeal::Granted { .. })
                && no_bench_possible(&court, &conflicts);
            row.lifecycle = if unseatable {
                row.lifecycle
                    .refuse_unseatable(&row.filing, &acting(actor), &court, reason.clone(), now)?
            } else {
                row.lifecycle
                    .refuse(&row.filing, &acting(actor), &court, reason.clone(), now)?
            };
            // Nothing is heard, so no answer is owed on a petition any more.
            jobs::cancel(
                conn,
                &Job::ResponseDeadline {
                    appeal: AppealId(n),
                },
                now,
            )
            .await?;
            let mut text = format!(
                "Appeal #{n}: the Chief Justice, {}, refuses to hear it: {} (Terms §III Act 3.6).",
                actor.name,
                reason.as_str()
            );
            if let Some(conflict) = conflicts.of(actor.id) {
                text.push_str(&format!(
                    " Their conflict ({}) is set aside: too few Justices are free of conflict to grant it otherwise (Terms §III Act 3.5.1).",
                    conflict.describe()
                ));
            }
            self.record(conn, n, &text).await?;
            self.persist(conn, &mut row).await?;
            Ok(CourtOutcome::Stepped { appeal: n, announced: text })
        })
        .await
    }
}
