//! The jobs a case schedules: the declaration deadline (an undeclared penalty is void, Terms
//! §III Act 2.4.2), the reminder a day before, and the end of a ban (§II Act 9.2).

use crate::app::moderation::Moderation;
use chrono::{DateTime, Utc};
use sqlx::SqliteConnection;

use crate::domain::kernel::ids::CaseId;
use crate::domain::kernel::{calendar, reminder};
use crate::domain::moderation::ladder::Step;
use crate::domain::moderation::restrictions::{ban_continuing, OpenCase};
use crate::domain::moderation::{BanState, CaseKind, CaseRefusal, CaseStatus};
use crate::store;

impl Moderation<'_> {
    /// The job at a declaration deadline: an undeclared penalty is void (Terms §III Act 2.4.2).
    pub(crate) async fn declaration_deadline(
        &self,
        conn: &mut SqliteConnection,
        action_id: CaseId,
    ) -> anyhow::Result<String> {
        let Some(action) = store::moderation::actions::by_id(conn, action_id.get()).await? else {
            return Ok("no such case".into());
        };
        if action.declaration_outbox_id.is_some() {
            return Ok("declared in time".into());
        }
        if action.status.declarable().is_err() {
            return Ok(format!("already {}", action.status));
        }
        let actor = store::people::by_id(conn, action.actor_id).await?.name;
        // Only penalties given with Moderator powers are voided (Act 2.4.2); a Staff ban is
        // not a Moderator power and is not subject to review (§III Act 6), so it is flagged.
        let staff_ban = action.kind == CaseKind::Ban && !action.appealable;
        if !action.kind.is_penalty() || staff_ban {
            store::moderation::actions::set_status(
                conn,
                action.id,
                action.status,
                "not declared within 7 days (Terms §III Act 2.4)",
            )
            .await?;
            self.announce_logged(
                conn,
                &format!(
                    "Case #{} ({}) by {actor} was not declared within 7 days (Terms §III Act 2.4).",
                    action.id, action.kind
                ),
            )
            .await?;
            return Ok("undeclared (not a penalty)".into());
        }
        self.void_action(
            conn,
            &action,
            action.status.void()?,
            "not declared within 7 days (Terms §III Act 2.4.2)",
        )
        .await?;
        let target = store::people::name_of(conn, action.target_id)
            .await?
            .unwrap_or_else(|| "nobody".into());
        self.announce_logged(
            conn,
            &format!(
                "Case #{} ({} against {target} by {actor}) is void: it was not declared within 7 days (Terms §III Act 2.4.2). Its effects are reversed.",
                action.id, action.kind
            ),
        )
        .await?;
        for line in self.restep_after_void(conn, &action).await? {
            self.announce_logged(conn, &line).await?;
        }
        Ok("void: not declared".into())
    }

    /// The job a day before a declaration deadline.
    pub(crate) async fn declaration_reminder(
        &self,
        conn: &mut SqliteConnection,
        action_id: CaseId,
    ) -> anyhow::Result<String> {
        let Some(action) = store::moderation::actions::by_id(conn, action_id.get()).await? else {
            return Ok("no such case".into());
        };
        if action.declaration_outbox_id.is_some() || action.status != CaseStatus::InForce {
            return Ok("nothing to remind".into());
        }
        if let Err(late) = reminder::timely(self.now(), action.deadline_at) {
            return Ok(late.to_string());
        }
        let actor = store::people::by_id(conn, action.actor_id).await?.name;
        let void = if action.kind.is_penalty() && action.appealable {
            " or the penalty is void"
        } else {
            ""
        };
        let text = format!(
            "Reminder for {actor}: case #{} must be declared with /mod declare by {}{void} (Terms §III Act 2.4).",
            action.id,
            calendar::show(action.deadline_at, self.tz())
        );
        self.announce_logged(conn, &text).await?;
        let notice = crate::domain::notify::Notice::Declaration;
        self.send_notice(conn, action.actor_id, notice, &text, &[])
            .await?;
        Ok("reminded".into())
    }

    /// The job at a ban's end: the ban expires and it is announced.
    pub(crate) async fn ban_expiry(
        &self,
        conn: &mut SqliteConnection,
        action_id: CaseId,
        scheduled_end: DateTime<Utc>,
    ) -> anyhow::Result<String> {
        let Some(action) = store::moderation::actions::by_id(conn, action_id.get()).await? else {
            return Ok("no such case".into());
        };
        // The case may have moved on since the job was scheduled: void, re-stepped below a
        // ban, or given another end. Then this is not the end of its ban.
        let state = BanState {
            kind: action.kind,
            step: action.step.and_then(Step::from_number),
            status: action.status,
            ends_at: action.ends_at,
        };
        let expired = match state.expire(scheduled_end) {
            Ok(expired) => expired,
            Err(CaseRefusal::CannotExpire(status)) => return Ok(format!("already {status}")),
            Err(moved_on) => return Ok(format!("nothing to do: {moved_on}")),
        };
        store::moderation::actions::set_status(conn, action.id, expired, "the ban ended").await?;
        let target = store::people::name_of(conn, action.target_id)
            .await?
            .unwrap_or_else(|| "nobody".into());
        let member = match action.target_id {
            Some(t) => store::people::open_membership(conn, t).await?.is_some(),
            None => false,
        };
        // Another ban in force keeps them from play (Terms §0 Act 7, §II Act 9.2): name it.
        let others = match action.target_id {
            Some(t) => store::moderation::actions::open_against(conn, t).await?,
            None => Vec::new(),
        };
        let continuing = ban_continuing(
            others.iter().filter(|a| a.id != action.id).map(|a| {
                let case = OpenCase {
                    kind: a.kind,
                    step: a.step.and_then(Step::from_number),
                    taken_at: a.taken_at,
                    ends_at: a.ends_at,
                };
                (a.id, case)
            }),
            self.now(),
        );
        let next = match continuing {
            Some((other, Some(end))) => format!(
                "the ban of case #{other} continues until {}",
                calendar::show_date(calendar::local_date(end, self.tz()))
            ),
            Some((other, None)) => format!("the ban of case #{other} continues permanently"),
            None if member => "they may play again".into(),
            None => "they may rejoin with /join".into(),
        };
        self.announce_logged(
            conn,
            &format!("{target}'s ban (case #{}) has ended; {next}.", action.id),
        )
        .await?;
        Ok("expired".into())
    }
}
