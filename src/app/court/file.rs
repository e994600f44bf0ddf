//! `/court appeal`: a member files an appeal against a moderator action, a weekly deduction or
//! another matter concerning the Leaderboard (Terms §III Act 3; §II Acts 6.3, 9.5, 10.5, 11.3;
//! §III Acts 5, 6). Filing puts its parties "in a hearing" (§II Act 8.1).

use chrono::NaiveDate;

use crate::app::{Call, PersonRef};
use crate::domain::court::{
    Appeal, Appellant, Filing, MatterFacts, MonitorPetition, Response, Route, Subject,
};
use crate::domain::kernel::calendar;
use crate::domain::kernel::ids::AppealId;
use crate::domain::kernel::text::Reason;
use crate::domain::moderation::normalise;
use crate::jobs::{self, Job};
use crate::store::{self, court::appeals};

use super::buttons::grant_button;
use super::{CourtError, CourtOutcome};

/// What an appeal is against, as typed.
#[derive(Debug, Clone, Default)]
pub struct Against {
    pub case: Option<i64>,
    /// The day of a weekly deduction (YYYY-MM-DD), as `/history` shows it.
    pub deduction: Option<NaiveDate>,
    pub matter: Option<String>,
    /// Someone a matter concerns besides the appellant.
    pub party: Option<PersonRef>,
}

impl super::Court<'_> {
    /// `/court appeal`.
    pub async fn file_appeal(
        &self,
        call: &Call,
        against: &Against,
        grounds: &str,
    ) -> Result<CourtOutcome, CourtError> {
        self.execute(call, async |conn, actor| {
            let now = self.now();
            let tz = self.tz();
            let grounds = filing_text("grounds", grounds)?;
            let is_member = store::people::open_membership(conn, actor.id)
                .await?
                .is_some();
            let appellant = Appellant {
                id: actor.id,
                is_member,
            };
            let given = [
                against.case.is_some(),
                against.deduction.is_some(),
                against.matter.is_some(),
            ];
            match given.iter().filter(|g| **g).count() {
                0 => return Err(CourtError::NothingAppealed),
                1 => {}
                _ => return Err(CourtError::TwoThingsAppealed),
            }
            // The parties of a case are the case's; only a matter names one (Terms §III Act 3).
            if against.party.is_some() && against.matter.is_none() {
                return Err(CourtError::PartyWithoutMatter);
            }
            let mut columns = appeals::Against {
                case_id: against.case,
                deduction_id: None,
                matter: against.matter.as_deref(),
            };
            let subject = if let Some(case) = against.case {
                Subject::Action(self.case_facts(conn, case).await?.1)
            } else if let Some(day) = against.deduction {
                let (event, facts) = self
                    .deduction_facts(conn, actor.id, &actor.name, day)
                    .await?;
                columns.deduction_id = Some(event);
                Subject::Action(facts)
            } else {
                let description =
                    filing_text("matter", against.matter.as_deref().unwrap_or_default())?;
                let mut parties = Vec::new();
                if let Some(p) = &against.party {
                    let person = p
                        .find(conn)
                        .await?
                        .ok_or_else(|| CourtError::Unknown(p.name.clone()))?;
                    if person.id != actor.id {
                        parties.push(person.id);
                    }
                }
                // The same member filing the same matter against the same parties while it is
                // open is a duplicate, not a second hearing (Terms §III Act 3).
                for open in appeals::open_matters_by(conn, actor.id).await? {
                    if let Subject::Matter(m) = &open.filing.subject {
                        if same_matter(m, &description, &parties) {
                            return Err(CourtError::DuplicateMatter(open.id));
                        }
                    }
                }
                Subject::Matter(MatterFacts {
                    description,
                    parties,
                })
            };
            let filing = Filing::new(subject, appellant, grounds, now, tz)?;
            let lifecycle = Appeal::filed(&filing);
            let days = self.config().court.response_days;
            let response = Response::owed_for(&filing, days, tz);
            let id = appeals::insert(conn, columns, &filing, &lifecycle, response.as_ref()).await?;
            let mut row = appeals::by_id(conn, id).await?.expect("just filed");
            let what = self.subject_words(&row);
            let route = match filing.route {
                Route::Panel => "a panel of three, or the Chief Justice alone (Terms §III Act 3.3)",
                Route::EnBanc => "the whole Court en banc (Terms §III Act 5; §II Act 6.3)",
            };
            let parties = self.names(conn, &filing.parties()).await?;
            let mut text = format!(
                "Appeal #{id} filed by {} against {what}: {}. Parties: {parties}. It goes to {route} once the Chief Justice, or two Justices, grant a hearing (Terms §III Act 3.6).",
                actor.name,
                filing.grounds.as_str().trim_end_matches('.')
            );
            match MonitorPetition::of(&filing) {
                Some(MonitorPetition::StillInPlace) => {
                    let moderator = self.name(conn, filing.respondent().unwrap_or(actor.id)).await?;
                    let due = response.as_ref().map(Response::due_at).unwrap_or(now);
                    jobs::schedule(conn, &Job::ResponseDeadline { appeal: AppealId(id) }, due)
                        .await?;
                    text.push_str(&format!(
                        " The monitor outlived the session immediately following it: {moderator} must give their reasonable suspicion and why it still applies with /court respond appeal:{id} by {} (Terms §II Act 10.5).",
                        calendar::show(due, tz)
                    ));
                }
                Some(MonitorPetition::NotReasonable) => text.push_str(
                    " The petition says the suspicion is not reasonable, so the monitor is not permissible (Terms §II Act 10.6).",
                ),
                None => {}
            }
            self.record_with(conn, id, &text, &[grant_button(id)]).await?;
            // The other parties (the Moderator whose case it is) may be told privately.
            for party in filing.parties().into_iter().filter(|p| *p != actor.id) {
                let notice = crate::domain::notify::Notice::Case;
                self.send_notice(conn, party, notice, &text, &[]).await?;
            }
            self.persist(conn, &mut row).await?;
            Ok(CourtOutcome::Filed {
                appeal: id,
                announced: text,
            })
        })
        .await
    }
}

/// Two matters are the same: the same words (without regard to case, spacing or punctuation)
/// and the same parties.
fn same_matter(open: &MatterFacts, description: &Reason, parties: &[i64]) -> bool {
    let mut a = open.parties.clone();
    let mut b = parties.to_vec();
    a.sort_unstable();
    b.sort_unstable();
    normalise(open.description.as_str()) == normalise(description.as_str()) && a == b
}

/// Grounds and a matter are text like a reason, but a filing is not a decision: a one-word one
/// is refused under the Court's own Act, not §III Act 2.2.
fn filing_text(field: &'static str, text: &str) -> Result<Reason, CourtError> {
    Reason::parse(text).map_err(|e| match e {
        crate::domain::kernel::text::TextError::OneWord { .. } => CourtError::OneWordFiling(field),
        other => other.into(),
    })
}
