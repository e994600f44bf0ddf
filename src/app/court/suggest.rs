//! `/court suggest`: a conflict-free panel by a rule anyone can re-check (the free Justices who
//! sat least recently, never sat first, ties by seniority), with who was left out and why
//! (Terms §III Acts 3.5, 3.5.1, 3.5.2, 3.7). It changes nothing.

use crate::app::Call;
use crate::domain::court::{no_bench_possible, suggest_panel};
use crate::domain::kernel::authority::Power;

use super::{CourtError, CourtOutcome, Suggestion};

impl super::Court<'_> {
    /// `/court suggest appeal:N`.
    pub async fn suggest_panel(&self, call: &Call, n: i64) -> Result<CourtOutcome, CourtError> {
        self.execute(call, async |conn, actor| {
            Power::ChiefJustice.require(
                &actor.offices,
                "choose the panel",
                "Terms §III Act 3.7",
            )?;
            let row = self.appeal(conn, n).await?;
            let court = self.justices(conn).await?;
            let s = suggest_panel(&court, &row.filing.conflicts());
            let mut panel = Vec::with_capacity(s.panel.len());
            for justice in &s.panel {
                panel.push(self.name(conn, *justice).await?);
            }
            // Conflicts are set aside only to seat a panel of three.
            let mut set_aside = Vec::new();
            if s.is_full() {
                for (justice, conflict) in &s.conflicts_set_aside {
                    set_aside.push((
                        self.name(conn, *justice).await?,
                        conflict.describe().to_string(),
                    ));
                }
            }
            let mut left_out = Vec::new();
            for (justice, why) in &s.left_out {
                left_out.push((self.name(conn, *justice).await?, why.describe().to_string()));
            }
            Ok(CourtOutcome::Suggested(Suggestion {
                appeal: n,
                panel,
                full: s.is_full(),
                no_bench: !s.is_full() && no_bench_possible(&court, &row.filing.conflicts()),
                set_aside,
                left_out,
            }))
        })
        .await
    }
}
