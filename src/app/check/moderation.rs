//! Moderation's invariants: every violation's step is the ladder's for the violations before it
//! (Terms §II Act 5), every ban's end is a Friday 00:00 (§II Act 9.2), and the deadline jobs of
//! live cases exist, and of dead ones do not (§III Act 2.4, §II Act 9).

use std::collections::BTreeMap;

use chrono::{Datelike, Timelike, Weekday};
use sqlx::SqliteConnection;

use super::{Breaches, Pending};
use crate::app::App;
use crate::domain::kernel::ids::CaseId;
use crate::domain::moderation::ladder::Step;
use crate::domain::moderation::{CaseKind, CaseStatus};
use crate::jobs::Job;
use crate::store::{self, moderation::actions::Action};

fn standing(a: &Action) -> bool {
    matches!(a.status, CaseStatus::InForce | CaseStatus::Expired)
}

/// A ban whose end is still to come: it keeps its member from playing until then.
fn running_ban(a: &Action) -> bool {
    a.status == CaseStatus::InForce
        && a.kind.is_ban(a.step.and_then(Step::from_number))
        && a.ends_at.is_some()
        && a.ended_at.is_none()
}

pub(super) async fn check(
    app: &App,
    conn: &mut SqliteConnection,
    pending: &Pending,
    breaches: &mut Breaches,
) -> sqlx::Result<()> {
    let actions = store::moderation::actions::list(conn, None).await?;
    // The ladder, member by member, in the order the violations were taken.
    let mut ladders: BTreeMap<i64, Vec<&Action>> = BTreeMap::new();
    for a in actions
        .iter()
        .filter(|a| a.kind == CaseKind::Violation && standing(a))
    {
        if let Some(target) = a.target_id {
            ladders.entry(target).or_default().push(a);
        }
    }
    for violations in ladders.values_mut() {
        violations.sort_by_key(|a| (a.taken_at, a.id));
        for (earlier, a) in violations.iter().enumerate() {
            let prescribed = Step::prescribed(earlier).number();
            let step = a.step.unwrap_or(0);
            let appealed = !store::court::appeals::on_case(conn, a.id).await?.is_empty();
            if step > prescribed {
                breaches.push(format!(
                    "case #{}: step {step}, but the ladder gives {prescribed} after {earlier} earlier violation(s) in force (Terms §II Act 5)",
                    a.id
                ));
            } else if step < prescribed && a.discretion.is_none() && !appealed {
                breaches.push(format!(
                    "case #{}: step {step}, lesser than the ladder's {prescribed}, with no discretion recorded and no appeal (Terms §II Act 5)",
                    a.id
                ));
            }
        }
    }
    let tz = app.tz();
    let now = app.now();
    // A ban set before an amendment moved the ban day keeps the day it was set on: the Terms'
    // Friday, config's session day, or the ban day now (Terms §II Act 9.2).
    let ban_days = [
        app.ban_day(conn).await?.day,
        app.config().session.day,
        Weekday::Fri,
    ];
    for a in &actions {
        let case = CaseId(a.id);
        if running_ban(a) {
            let end = a.ends_at.expect("a running ban has an end");
            let local = end.with_timezone(&tz);
            if !ban_days.contains(&local.weekday()) || local.num_seconds_from_midnight() != 0 {
                breaches.push(format!(
                    "case #{}: the ban ends {local}, not on a ban day at 00:00 (Terms §II Act 9.2)",
                    a.id
                ));
            }
            if pending.due(&Job::BanExpiry { action: case }) != Some(end) {
                breaches.push(format!(
                    "case #{}: no pending job ends the ban at its end (Terms §II Act 9)",
                    a.id
                ));
            }
        }
        // Past the deadline the job has run: a penalty is then void, and a case that is no
        // penalty stays as it is, its declaration still owed.
        let undeclared = standing(a) && a.declaration_outbox_id.is_none();
        if undeclared
            && a.deadline_at > now
            && pending
                .due(&Job::DeclarationDeadline { action: case })
                .is_none()
        {
            breaches.push(format!(
                "case #{}: undeclared, and no pending job voids it at its deadline (Terms §III Act 2.4.2)",
                a.id
            ));
        }
    }
    // No pending job for a case that has moved on.
    let by_id: BTreeMap<i64, &Action> = actions.iter().map(|a| (a.id, a)).collect();
    for job in pending.jobs() {
        let dead = match job {
            Job::BanExpiry { action } => !by_id.get(&action.get()).is_some_and(|a| running_ban(a)),
            // A ban that ran out undeclared is still void at its deadline (Terms §III Act 2.4.2).
            Job::DeclarationDeadline { action } => !by_id
                .get(&action.get())
                .is_some_and(|a| standing(a) && a.declaration_outbox_id.is_none()),
            _ => false,
        };
        if dead {
            breaches.push(format!("{job:?} is pending for a case that has moved on"));
        }
    }
    Ok(())
}
