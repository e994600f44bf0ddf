//! `/court suggest`: a conflict-free panel by a rule anyone can re-check (the free Justices who
//! sat least recently, never sat first, ties by seniority), with who was left out and why
//! (Terms §III Acts 3.5, 3.5.1, 3.5.2, 3.7). It changes nothing.

use crate::app::{App, Call};
use crate::domain::court::{no_bench_possible, suggest_panel};
use crate::domain::kernel::authority::Power;

use super::{CourtError, CourtReply};

impl App {
    /// `/court suggest appeal:N`.
    pub async fn suggest_panel(&self, call: &Call, n: i64) -> Result<CourtReply, CourtError> {
        self.execute(call, async |conn, actor| {
            Power::ChiefJustice.require(&actor.offices, "choose the panel", "Terms §III Act 3.7")?;
            let row = self.appeal(conn, n).await?;
            let court = self.court(conn).await?;
            let s = suggest_panel(&court, &row.filing.conflicts());
            let mut text = if s.is_full() {
                format!(
                    "Suggested panel for appeal #{n}: {} (free Justices who sat least recently, never sat first, ties by seniority; Terms §III Act 3.7).",
                    self.names(conn, &s.panel).await?
                )
            } else {
                let path = if no_bench_possible(&court, &row.filing.conflicts()) {
                    "The Chief Justice never hears alone an appeal they have a conflict in (Terms §III Act 3.5.2), so no bench can hear it; the Chief Justice may refuse it with /court refuse, so it does not hold its parties in a hearing (Terms §III Act 3.6; §II Act 8.1)."
                } else {
                    "The Chief Justice may hear it alone with /court solo."
                };
                format!(
                    "Too few Justices may sit for a panel of three on appeal #{n}: {} (Terms §III Act 3.3). {path}",
                    if s.panel.is_empty() { "none".to_owned() } else { self.names(conn, &s.panel).await? }
                )
            };
            // Conflicts are set aside only to seat a panel of three.
            let set_aside = if s.is_full() { &s.conflicts_set_aside[..] } else { &[] };
            for (justice, conflict) in set_aside {
                text.push_str(&format!(
                    "\n{} sits with a conflict set aside ({}): too few Justices are free (Terms §III Act 3.5.1).",
                    self.name(conn, *justice).await?,
                    conflict.describe()
                ));
            }
            for (justice, why) in &s.left_out {
                text.push_str(&format!(
                    "\nLeft out: {}, {}.",
                    self.name(conn, *justice).await?,
                    why.describe()
                ));
            }
            Ok(CourtReply(text))
        })
        .await
    }
}
