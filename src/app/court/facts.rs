//! The facts of what is appealed, read from the record: a numbered case with its parties and
//! the appeals already made on it, or a weekly deduction made "as though" by the Chief Justice
//! (Terms §II Act 6.3).

use sqlx::SqliteConnection;

use crate::domain::court::{
    appealed_as_it_stands, Action, ActionFacts, AppealRecord, Capacity, CaseStatus,
};
use crate::domain::moderation::ladder::Step;
use crate::domain::moderation::{CaseKind, CaseStatus as Status};
use crate::domain::{kernel::calendar, kernel::office::Office};
use crate::store::{self, moderation::actions};

use super::CourtError;

impl super::Court<'_> {
    /// A case as the Court's rules see it.
    pub(super) async fn case_facts(
        &self,
        conn: &mut SqliteConnection,
        case: i64,
    ) -> Result<(actions::Action, ActionFacts), CourtError> {
        let a = store::moderation::actions::by_id(conn, case)
            .await?
            .ok_or(CourtError::NoCase(case))?;
        let tz = self.tz();
        let date =
            |at: Option<chrono::DateTime<chrono::Utc>>| at.map(|t| calendar::local_date(t, tz));
        let action = match a.kind {
            CaseKind::Violation => Action::Violation {
                step: a.step.and_then(Step::from_number).unwrap_or(Step::Reverse),
                ban_ends: date(a.ends_at),
            },
            CaseKind::Ban => Action::Ban {
                ends: date(a.ends_at),
            },
            CaseKind::Monitor => Action::Monitor {
                following_session_end: store::court::appeals::following_session_end(
                    conn, a.taken_at,
                )
                .await?,
            },
            CaseKind::Deduction => Action::Deduction,
            CaseKind::Award => Action::Award,
            CaseKind::Clock => Action::Chessclock,
            CaseKind::Technical => Action::Technical,
        };
        // A ban recorded as not appealable was made by Staff without Moderator powers (§III
        // Act 6); the rest were taken as a Moderator, or by the Chief Justice's own power.
        let capacity = if a.kind == CaseKind::Ban && !a.appealable {
            Capacity::Staff
        } else if matches!(a.kind, CaseKind::Clock | CaseKind::Technical) {
            Capacity::ChiefJustice
        } else {
            Capacity::Moderator
        };
        let game_players = match a.game_id {
            Some(g) => match store::leaderboard::games::by_id(conn, g).await? {
                Some(game) => vec![game.white_id, game.black_id],
                None => vec![],
            },
            None => vec![],
        };
        let status = match a.status {
            Status::InForce => CaseStatus::InForce,
            Status::Expired | Status::Lifted => CaseStatus::Ended,
            Status::Void | Status::Overturned | Status::Remanded => CaseStatus::Void,
        };
        let earlier = store::court::appeals::on_case(conn, case).await?;
        let closed = earlier.iter().filter_map(|r| r.closed_until).max();
        let record = AppealRecord::of(earlier.iter().map(|r| (r.id, &r.lifecycle)), closed);
        let facts = ActionFacts {
            case,
            action,
            against: a.target_id,
            actor: a.actor_id,
            capacity,
            game_players,
            status,
            record,
            deduction_day: None,
            points: a.points.map(i64::abs),
        };
        Ok((a, facts))
    }

    /// The appeal's filing with the case as it stands now: its step, its ban's end, its
    /// points and its status, which re-steps, voids and the Court may have changed since it was
    /// filed. Votes are checked, and decisions carried out, against this.
    pub(super) async fn filing_as_it_stands(
        &self,
        conn: &mut SqliteConnection,
        row: &store::court::appeals::AppealRow,
    ) -> Result<crate::domain::court::Filing, CourtError> {
        let mut filing = row.filing.clone();
        if let (Some(case), crate::domain::court::Subject::Action(filed)) =
            (row.case_id, &filing.subject)
        {
            let (action, mut now) = self.case_facts(conn, case).await?;
            now.record = filed.record.clone();
            // The whole Court reviewing a panel's judgement hears the case as appealed, with the
            // step the ladder gives it now: the panel's effect is undone if it judges otherwise.
            if matches!(row.lifecycle, crate::domain::court::Appeal::EnBanc { .. }) {
                let prescribed = self.ladder_step_now(conn, &action).await?;
                now.action = appealed_as_it_stands(&filed.action, prescribed);
            }
            filing.subject = crate::domain::court::Subject::Action(now);
        }
        Ok(filing)
    }

    /// The step of the ladder a violation has now, counting the member's violations that stand
    /// before it (Terms §II Act 5); `None` for any other case.
    pub(super) async fn ladder_step_now(
        &self,
        conn: &mut SqliteConnection,
        action: &actions::Action,
    ) -> sqlx::Result<Option<Step>> {
        let (CaseKind::Violation, Some(target)) = (action.kind, action.target_id) else {
            return Ok(None);
        };
        let before = store::moderation::actions::list(conn, Some(target))
            .await?
            .iter()
            .filter(|a| a.kind == CaseKind::Violation && a.id < action.id && a.status.stands())
            .count();
        Ok(Some(Step::prescribed(before)))
    }

    /// A weekly absence or inactivity deduction, appealed "as though it were a technical
    /// modification made by the Chief Justice" (Terms §II Act 6.3): the Chief Justice stands
    /// as the one who acted. Returns the event's id with the facts.
    pub(super) async fn deduction_facts(
        &self,
        conn: &mut SqliteConnection,
        person: i64,
        person_name: &str,
        day: chrono::NaiveDate,
    ) -> Result<(i64, ActionFacts), CourtError> {
        let tz = self.tz();
        let from = calendar::start_of_day(day, tz);
        let to = calendar::start_of_day(day + chrono::Days::new(1), tz);
        let (event, reason, voided) =
            store::court::appeals::deduction_between(conn, person, from, to)
                .await?
                .ok_or_else(|| {
                    CourtError::NoDeduction(person_name.to_owned(), calendar::show_date(day))
                })?;
        let chief = store::offices::holders(conn)
            .await?
            .into_iter()
            .find(|(o, ..)| *o == Office::ChiefJustice)
            .map(|(_, id, ..)| id)
            .unwrap_or(person);
        let earlier = store::court::appeals::on_deduction(conn, event).await?;
        let record = AppealRecord::of(earlier.iter().map(|r| (r.id, &r.lifecycle)), None);
        // The weekly review writes which Act it applied in the event's reason: "(Terms §II Act
        // 6.1)" for absence, "(Terms §II Act 6.2)" for inactivity.
        let action = if reason.contains("Act 6.2") {
            Action::Inactivity
        } else {
            Action::Absence
        };
        Ok((
            event,
            ActionFacts {
                case: event,
                action,
                against: Some(person),
                actor: chief,
                capacity: Capacity::ChiefJustice,
                game_players: vec![],
                status: if voided.is_some() {
                    CaseStatus::Void
                } else {
                    CaseStatus::InForce
                },
                record,
                deduction_day: Some(day),
                points: None,
            },
        ))
    }
}
