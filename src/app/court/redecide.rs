//! `/mod redecide`: after a remand the Moderator re-decides the case under the Court's
//! conditions and declares it with reasoning, within 7 days of the remand, or the penalty is
//! void (Terms §III Acts 2.4, 2.4.2, 3.8); a case that is not a penalty is flagged instead and
//! may still be re-decided late. The re-decision is never harsher than the decision appealed
//! (§II Act 9.4: only the Court lengthens a ban; §III Act 3.8). The re-decision is itself a moderator action.

use chrono::NaiveDate;

use crate::app::Call;
use crate::domain::court::{
    new_end_not_harsher, new_points_not_harsher, new_step_not_harsher, overdue, Action,
    ActionFacts, Overdue, Subject,
};
use crate::domain::kernel::authority::Power;
use crate::domain::kernel::calendar;
use crate::domain::kernel::ids::AppealId;
use crate::domain::kernel::text::Reason;
use crate::domain::kernel::words::Words;
use crate::domain::moderation::ladder::{self, Step};
use crate::domain::moderation::CaseKind;
use crate::jobs::{self, Job};
use crate::store;

use super::{CourtError, CourtOutcome};

/// What the Moderator decides on remand.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Redecision {
    /// The case stands as it was.
    Confirm,
    /// The case is withdrawn: void, as though it never happened.
    Withdraw,
    /// A lesser step of the ladder.
    Step(i64),
    /// A ban's new end, a Friday (YYYY-MM-DD).
    Until(NaiveDate),
    /// A deduction or award of fewer points (Terms §III Acts 2.4.3, 3.8).
    Points(i64),
}

/// The outcome a re-decision names, as `/mod redecide outcome:` offers it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Outcome {
    Confirm,
    Withdraw,
    Step,
    Until,
    Points,
}

crate::offered_as_words! {
    Outcome {
        Outcome::Confirm => "confirm",
        Outcome::Withdraw => "withdraw",
        Outcome::Step => "step",
        Outcome::Until => "until",
        Outcome::Points => "points",
    }
}

/// A re-decision as typed: the outcome and the options that go with it.
#[derive(Debug, Clone)]
pub struct RedecideInput {
    pub outcome: Outcome,
    pub step: Option<i64>,
    pub until: Option<NaiveDate>,
    pub points: Option<i64>,
}

impl RedecideInput {
    /// The re-decision, or a refusal naming an option that goes with another outcome: it is
    /// refused, never dropped (Terms §III Act 3.8).
    pub fn decision(&self) -> Result<Redecision, CourtError> {
        let outcome = self.outcome.word();
        for (option, given) in [
            ("step", self.step.is_some()),
            ("until", self.until.is_some()),
            ("points", self.points.is_some()),
        ] {
            if given && option != outcome {
                return Err(CourtError::BadVote(format!(
                    "outcome:{outcome} does not take `{option}`, which goes with outcome:{option}; leave it out. Nothing was re-decided (Terms §III Act 3.8)."
                )));
            }
        }
        Ok(match self.outcome {
            Outcome::Confirm => Redecision::Confirm,
            Outcome::Withdraw => Redecision::Withdraw,
            Outcome::Step => Redecision::Step(self.step.ok_or_else(|| {
                CourtError::BadVote("Give the lesser step with step:N (Terms §II Act 5).".into())
            })?),
            Outcome::Until => Redecision::Until(self.until.ok_or_else(|| {
                CourtError::BadVote(
                    "Give the ban's new end with until:YYYY-MM-DD, a Friday (Terms §II Act 9.2)."
                        .into(),
                )
            })?),
            Outcome::Points => Redecision::Points(self.points.ok_or_else(|| {
                CourtError::BadVote(
                    "Give the smaller number of points with points:N (Terms §III Act 3.8).".into(),
                )
            })?),
        })
    }
}

impl super::Court<'_> {
    /// `/mod redecide case:N outcome:... reasoning:"..."`.
    pub async fn redecide(
        &self,
        call: &Call,
        case: i64,
        input: &RedecideInput,
        reasoning: &str,
    ) -> Result<CourtOutcome, CourtError> {
        self.execute(call, async |conn, actor| {
            let now = self.now();
            let tz = self.tz();
            Power::Moderate.require(&actor.offices, "re-decide a remanded case", "Terms §III Acts 2.4, 3.8")?;
            let decision = &input.decision()?;
            let reasoning = Reason::parse(reasoning)?;
            let action = store::moderation::actions::by_id(conn, case)
                .await?
                .ok_or(CourtError::NoCase(case))?;
            let mut row = store::court::appeals::on_case(conn, case)
                .await?
                .into_iter()
                .rev()
                .find(|r| r.redecide_due_at.is_some() && r.redecided_at.is_none())
                .ok_or(CourtError::NotRemanded(case))?;
            if action.actor_id != actor.id {
                return Err(CourtError::NotTheModerator(case));
            }
            let due = row.redecide_due_at.expect("found by it");
            if now > due && overdue(action.kind) == Overdue::Void {
                return Err(CourtError::RedecideTooLate(case, calendar::show(due, tz)));
            }
            let n = row.id;
            let effect = match decision {
                Redecision::Confirm => format!("case #{case} stands as it was"),
                Redecision::Withdraw => {
                    self.moderation().void_action(conn, &action, action.status.void()?, &format!("withdrawn on remand, appeal #{n}")).await?;
                    let mut text = format!("case #{case} is withdrawn and void; its effects are reversed");
                    for line in self.moderation().restep_after_void(conn, &action).await? {
                        text.push_str(". ");
                        text.push_str(line.trim_end_matches('.'));
                    }
                    text
                }
                Redecision::Step(step) => {
                    if action.kind != crate::domain::moderation::CaseKind::Violation {
                        return Err(CourtError::BadVote(format!("Only a fraud violation has steps of the ladder, and case #{case} is not one (Terms §II Act 5).")));
                    }
                    let current = action.step.unwrap_or(0);
                    let chosen = Step::from_number(*step).filter(|_| *step < current).ok_or_else(|| {
                        CourtError::BadVote(format!("Step {step} is not lesser than step {current}, the step taken (Terms §II Act 5)."))
                    })?;
                    if let Subject::Action(ActionFacts { action: Action::Violation { step: appealed, .. }, .. }) = &row.filing.subject {
                        new_step_not_harsher(*appealed, chosen)?;
                    }
                    self.set_case_step(conn, &action, chosen, n).await?
                }
                Redecision::Points(points) => {
                    if !matches!(action.kind, CaseKind::Deduction | CaseKind::Award) {
                        return Err(CourtError::BadVote(format!("Only a deduction or an award has points to lessen, and case #{case} is neither (Terms §II Act 3; §III Act 3.8).")));
                    }
                    let appealed = match &row.filing.subject {
                        Subject::Action(facts) => facts.points,
                        Subject::Matter(_) => None,
                    };
                    let current = action.points.map(i64::abs);
                    new_points_not_harsher(appealed.or(current), *points)?;
                    new_points_not_harsher(current, *points)?;
                    let (was, effect) = self.replace_points(conn, &action, *points, n).await?;
                    format!(
                        "{was} of case #{case} is replaced with one of {}, as of when it was made, and every later score re-derived{}",
                        crate::domain::kernel::text::points(*points),
                        if effect.is_empty() { String::new() } else { format!(" ({})", effect.trim_end_matches('.')) }
                    )
                }
                Redecision::Until(day) => {
                    let day = *day;
                    ladder::is_valid_ban_end(
                        day,
                        calendar::local_date(now, tz),
                        &self.ban_day(conn).await?,
                    )?;
                    if !action.kind.is_ban(action.step.and_then(Step::from_number)) {
                        return Err(CourtError::BadVote(format!("Only a ban's end can be changed, and case #{case} is not a ban (Terms §II Act 9.3, 9.4).")));
                    }
                    if let Subject::Action(facts) = &row.filing.subject {
                        new_end_not_harsher(facts.action.ban_end().flatten(), day)?;
                    }
                    self.move_ban(conn, case, Some(calendar::start_of_day(day, tz)), now).await?;
                    format!("the ban of case #{case} now ends on {}", calendar::show_date(day))
                }
            };
            row.redecided_at = Some(now);
            jobs::cancel(conn, &Job::RedecideDeadline { appeal: AppealId(n) }, now).await?;
            let text = format!(
                "Declaration on remand, case #{case} (Terms §III Acts 2.4, 3.8): {} re-decides it under the conditions of appeal #{n}: {}. Reasoning: {}",
                actor.name,
                effect.trim_end_matches('.'),
                reasoning.as_str()
            );
            row.effects.push(text.clone());
            self.record(conn, n, &text).await?;
            self.persist(conn, &mut row).await?;
            Ok(CourtOutcome::Redecided { case, announced: text })
        })
        .await
    }
}
