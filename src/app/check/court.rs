//! The Court's invariants: no appeal is being heard by a bench that cannot decide (a seat still
//! to vote is held by someone who still holds the office it needs, Terms §III Acts 3.3, 3.7),
//! and no request to leave waits past its seven days without a granted hearing that names its
//! member, or a ban (Terms §II Act 8, 8.1).

use sqlx::SqliteConnection;

use chrono::Duration;

use super::{Breaches, Pending};
use crate::app::App;
use crate::domain::court::panel::Bench;
use crate::domain::court::{Appeal, EnBancRequest, Hearing};
use crate::domain::kernel::ids::LeaveRequestId;
use crate::domain::kernel::office::Office;
use crate::jobs::Job;
use crate::store;

/// The hearing an appeal is in, if a bench is seated and voting.
fn hearing(appeal: &Appeal) -> Option<&Hearing> {
    match appeal {
        Appeal::Hearing(h) | Appeal::EnBanc { hearing: h, .. } => Some(h),
        _ => None,
    }
}

/// Whether a granted hearing is under way: granted, seated, or taken en banc.
fn granted_and_open(appeal: &Appeal) -> bool {
    match appeal {
        Appeal::Granted { .. } | Appeal::Hearing(_) | Appeal::EnBanc { .. } => true,
        Appeal::Decided { en_banc, .. } => matches!(en_banc, EnBancRequest::Requested { .. }),
        _ => false,
    }
}

pub(super) async fn check(
    app: &App,
    conn: &mut SqliteConnection,
    pending: &Pending,
    breaches: &mut Breaches,
) -> sqlx::Result<()> {
    let active = store::court::appeals::active(conn).await?;
    for row in &active {
        let Some(h) = hearing(&row.lifecycle) else {
            continue;
        };
        for seat in h.bench.seats() {
            if h.ballots.iter().any(|b| b.justice == seat) {
                continue;
            }
            let offices = store::offices::offices_of(conn, seat).await?;
            let may_sit = match h.bench {
                Bench::Solo(_) => offices.holds(Office::ChiefJustice),
                _ => offices.holds(Office::Justice) || offices.holds(Office::ChiefJustice),
            };
            if !may_sit {
                let name = store::people::by_id(conn, seat).await?.name;
                breaches.push(format!(
                    "appeal #{}: {name} sits on its bench and has not voted, but no longer holds the office (Terms §III Acts 3.3, 3.7)",
                    row.id
                ));
            }
        }
    }
    let now = app.now();
    for request in store::leaderboard::leave::pending(conn).await? {
        if request.due_at > now {
            continue;
        }
        let person = request.person_id;
        let mut heard = false;
        for row in active.iter().filter(|r| granted_and_open(&r.lifecycle)) {
            let target = match row.case_id {
                Some(case) => store::moderation::actions::by_id(conn, case)
                    .await?
                    .and_then(|a| a.target_id),
                None => None,
            };
            heard |= row.appellant_id == person || target == Some(person);
        }
        let banned = app
            .moderation()
            .restrictions(conn, person, now)
            .await?
            .banned();
        // A waiting request is tried again daily: once nothing holds it, it is carried out
        // within a day (see `carry_out_leave`).
        let retry = pending.due(&Job::LeaveDue {
            request: LeaveRequestId(request.id),
        });
        if retry.is_none() {
            let name = store::people::by_id(conn, person).await?.name;
            breaches.push(format!(
                "{name}'s request to leave was due {} and no pending job carries it out (Terms §II Act 8)",
                request.due_at
            ));
        } else if !heard && !banned && retry.is_some_and(|at| at > now + Duration::days(1)) {
            let name = store::people::by_id(conn, person).await?.name;
            breaches.push(format!(
                "{name}'s request to leave was due {} and waits, with no granted hearing naming them and no ban (Terms §II Act 8, 8.1)",
                request.due_at
            ));
        }
    }
    Ok(())
}
