//! `/court grant`: the Chief Justice grants a hearing, or two Justices independently (Terms
//! §III Act 3.6), even after the Chief Justice refused it. An appeal that goes straight to the whole Court is seated at once: nobody
//! chooses its bench and conflicts do not apply (§III Acts 3.5.3, 5).

use crate::app::Call;
use crate::domain::court::{decision_reaches, Appeal, GrantedBy, Route};
use crate::domain::kernel::authority::Power;

use super::buttons::vote_buttons;
use super::{acting, CourtError, CourtOutcome};

impl super::Court<'_> {
    /// `/court grant appeal:N`.
    pub async fn grant_appeal(&self, call: &Call, n: i64) -> Result<CourtOutcome, CourtError> {
        self.execute(call, async |conn, actor| {
            let now = self.now();
            Power::Justice.require(&actor.offices, "grant a hearing", "Terms §III Act 3.6")?;
            let mut row = self.appeal(conn, n).await?;
            // A case void since filing has nothing left to appeal (§III Act 2.4.2).
            if let Some(case) = row.case_id {
                let action = crate::store::moderation::actions::by_id(conn, case)
                    .await?
                    .ok_or(CourtError::NoCase(case))?;
                if decision_reaches(action.status).is_err() {
                    return Err(CourtError::CaseVoid(case));
                }
            }
            // One appeal at a time: a refused appeal is no longer granted once a new appeal on
            // the same case has been filed since.
            if let (Appeal::Refused { .. }, Some(case)) = (&row.lifecycle, row.case_id) {
                let later = crate::store::court::appeals::on_case(conn, case).await?;
                if let Some(newer) = later.iter().find(|r| r.id > n) {
                    return Err(CourtError::BadVote(format!(
                        "Appeal #{n} was refused and case #{case} has been appealed again since (appeal #{}); that appeal is the one to grant (Terms §III Act 3.6).",
                        newer.id
                    )));
                }
            }
            let next = row.lifecycle.grant(&row.filing, &acting(actor), now)?;
            let text = match &next {
                Appeal::AwaitingGrant { .. } => format!(
                    "Appeal #{n}: {} grants a hearing; it opens when the Chief Justice or a second Justice grants it too (Terms §III Act 3.6).",
                    actor.name
                ),
                Appeal::Granted { by, .. } => {
                    let ids = match by {
                        GrantedBy::ChiefJustice(cj) => vec![*cj],
                        GrantedBy::TwoJustices(two) => two.to_vec(),
                    };
                    crate::store::court::appeals::set_granted_by(conn, n, &ids).await?;
                    let by = match by {
                        GrantedBy::ChiefJustice(_) => format!("the Chief Justice, {}", actor.name),
                        GrantedBy::TwoJustices(two) => {
                            format!("two Justices, {}", self.names(conn, two).await?)
                        }
                    };
                    format!("Appeal #{n}: a hearing is granted by {by} (Terms §III Act 3.6).")
                }
                Appeal::Refused { .. } => format!(
                    "Appeal #{n}: {} grants a hearing though the Chief Justice refused it; it opens when a second Justice grants it too (Terms §III Act 3.6).",
                    actor.name
                ),
                _ => unreachable!("a grant records a grant or opens the hearing"),
            };
            row.lifecycle = next;
            self.record(conn, n, &text).await?;
            let mut reply = text;
            if row.filing.route == Route::EnBanc && matches!(row.lifecycle, Appeal::Granted { .. }) {
                let court = self.justices(conn).await?;
                row.lifecycle = row.lifecycle.seat_whole_court(&court)?;
                let seats: Vec<i64> = court.iter().map(|j| j.id).collect();
                crate::store::court::appeals::seat(conn, n, &seats, now).await?;
                self.notice_seated(conn, n, &seats).await?;
                let seated = format!(
                    "Appeal #{n} is heard by the whole Court en banc: {}. Conflicts do not apply; a majority of the whole Court decides, and its judgement is final (Terms §III Acts 3.5.3, 3.9, 5).",
                    self.names(conn, &seats).await?
                );
                self.record_with(conn, n, &seated, &vote_buttons(n)).await?;
                reply.push(' ');
                reply.push_str(&seated);
            }
            self.persist(conn, &mut row).await?;
            Ok(CourtOutcome::Stepped { appeal: n, announced: reply })
        })
        .await
    }
}
