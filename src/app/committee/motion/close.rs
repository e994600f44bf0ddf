//! Closing a motion (at its time, by the job; or once everyone sitting has voted) and what a
//! binding result sets off: an adopted rule change goes to the TD, an override decides the
//! veto (A.7), a referred dispute waits for its parties' confirmations (D.I.2).

use chrono::{DateTime, Utc};
use sqlx::SqliteConnection;

use crate::app::committee::eligibility::seat_left;
use crate::app::App;
use crate::domain::committee::approval::{self, Approval};
use crate::domain::committee::motion::{Kind, Status};
use crate::domain::committee::tally::{self, Counts};
use crate::domain::kernel::calendar;
use crate::domain::kernel::office::Office;
use crate::jobs::{self, Job};
use crate::store;
use crate::store::keys::StoredKey;

use super::show::{result_text, title};

impl App {
    /// The close job: does nothing if the motion has closed already.
    pub(crate) async fn motion_due(
        &self,
        conn: &mut SqliteConnection,
        number: i64,
        due: DateTime<Utc>,
    ) -> sqlx::Result<String> {
        match store::committee::motions::by_number(conn, number).await? {
            None => Ok(format!("motion {number} does not exist")),
            Some(m) if m.status() != Status::Open => {
                Ok(format!("motion {number} was already closed ({})", m.status))
            }
            Some(_) => self.close_motion(conn, number, due).await,
        }
    }

    /// Closes an open motion: counts, decides (A.6, A.7), records, announces with the sitting
    /// body, and sets off what follows.
    pub(crate) async fn close_motion(
        &self,
        conn: &mut SqliteConnection,
        number: i64,
        at: DateTime<Utc>,
    ) -> sqlx::Result<String> {
        let m = store::committee::motions::by_number(conn, number)
            .await?
            .expect("the caller read it");
        let committee = store::committee::committees::by_id(conn, m.committee_id).await?;
        let sitting = store::committee::motions::seats(conn, number).await?;
        let seats = Office::from_key(&committee.seats).expect("stored by the domain");
        let mut set_aside = Vec::new();
        let cast = store::committee::motions::votes(conn, number).await?;
        for seat in &sitting.0 {
            let Some(why) = seat_left(conn, seats, seat).await? else {
                continue;
            };
            store::committee::motions::seat_left(conn, number, seat.person, &why).await?;
            if seat.sits && cast.iter().any(|(person, ..)| *person == seat.person) {
                store::committee::motions::set_aside_vote(conn, number, seat.person, &why).await?;
                set_aside.push(format!("{}'s vote is set aside: {why}.", seat.name));
            }
        }
        let sitting = store::committee::motions::seats(conn, number).await?;
        let votes = store::committee::motions::votes(conn, number).await?;
        let counts = Counts::of(votes.iter().map(|v| v.2));
        let outcome = tally::decide(counts, sitting.size(), &m.rules());
        let status = Status::after(outcome);
        store::committee::motions::close(conn, number, status, counts, at).await?;
        jobs::cancel(conn, &Job::MotionClose { motion: number }, at).await?;
        let aside = store::committee::motions::set_aside_votes(conn, number).await?;
        let mut text = result_text(&m, &committee.name, counts, &sitting, &votes, &aside);
        if !set_aside.is_empty() {
            text.push_str(&format!(
                "\n{} A member who leaves the sitting body or becomes ineligible stops deciding (house rules A.6, A.8).",
                set_aside.join(" ")
            ));
        }
        self.announce(conn, &text).await?;
        self.after_result(conn, number, status).await?;
        Ok(format!("motion {number} closed: {}", status.key()))
    }

    /// What a result sets off, once it is final (after the close, or after a tie-break).
    pub(crate) async fn after_result(
        &self,
        conn: &mut SqliteConnection,
        number: i64,
        status: Status,
    ) -> sqlx::Result<()> {
        let now = self.now();
        let m = store::committee::motions::by_number(conn, number)
            .await?
            .expect("the caller read it");
        let committee = store::committee::committees::by_id(conn, m.committee_id).await?;
        match (m.kind(), status) {
            (_, Status::Open | Status::Tied) => {}
            (Kind::RuleChange, Status::Adopted) => {
                let due = calendar::local_days_after(
                    now,
                    self.config().committees.approval_days,
                    self.tz(),
                );
                store::committee::motions::await_approval(conn, number, due).await?;
                jobs::schedule(conn, &Job::ApprovalDeadline { motion: number }, due).await?;
                let text = format!(
                    "{} goes to the TD, who approves it (/motion approve) or vetoes it (/motion veto) by {} (house rules A.7).",
                    title(&m, &committee.name),
                    calendar::show(due, self.tz())
                );
                self.announce(conn, &text).await?;
            }
            (Kind::Override, status) => {
                let parent = m.parent_id.expect("an override has its rule change");
                let result = approval::after_override(status == Status::Adopted);
                store::committee::motions::set_approval(conn, parent, result, None, None, now)
                    .await?;
                let text = format!("Motion {parent}: {result} (house rules A.7).");
                self.announce(conn, &text).await?;
                if result == Approval::Overridden {
                    self.carry_rule_change(conn, parent).await?;
                }
            }
            (Kind::Dispute, _) => self.dispute_ruled(conn, number, status).await?,
            _ => {}
        }
        Ok(())
    }
}
