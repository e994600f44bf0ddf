//! Ending a restriction: `/mod unmonitor` (any Moderator, Terms §II Act 10.2) and `/mod clock
//! off` (the Chief Justice, §II Act 11.3); and `/mod unban`, which only the Court may do (§II
//! Act 9.4).

use crate::app::moderation::Moderation;
use crate::app::PersonRef;
use crate::domain::kernel::authority::Power;
use crate::domain::kernel::text::Reason;
use crate::domain::moderation::CaseKind;
use crate::store;

use super::{ModerationError, ModerationOutcome};
use crate::app::Call;

/// The restriction a command ends.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Restriction {
    /// A monitor (Terms §II Act 10.2).
    Monitor,
    /// A chessclock requirement (Terms §II Act 11.3).
    Clock,
}

impl Moderation<'_> {
    /// `/mod unmonitor` and `/mod clock off`: ends a monitor (any Moderator, Act 10.2) or a
    /// chessclock requirement (the Chief Justice only, Act 11.3).
    pub async fn end_restriction(
        &self,
        call: &Call,
        member: &PersonRef,
        restriction: Restriction,
        reason: &str,
    ) -> Result<ModerationOutcome, ModerationError> {
        let restriction = match restriction {
            Restriction::Monitor => CaseKind::Monitor,
            Restriction::Clock => CaseKind::Clock,
        };
        self.execute(call, async |conn, actor| {
            match restriction {
                CaseKind::Clock => Power::ChiefJustice.require(
                    &actor.offices,
                    "remove a chessclock requirement",
                    "Terms §II Act 11.3",
                )?,
                _ => Power::Moderate.require(&actor.offices, "do this", "Terms §III Act 2, 3.4")?,
            }
            let reason = Reason::parse(reason)?;
            let person = member
                .find(conn)
                .await?
                .ok_or_else(|| ModerationError::Unknown(member.name.clone()))?;
            if person.id == actor.id {
                return Err(ModerationError::AgainstSelf);
            }
            let open =
                store::moderation::actions::open_of_kind(conn, person.id, restriction).await?;
            let Some(open) = open else {
                return Err(if restriction == CaseKind::Monitor {
                    ModerationError::NotMonitored(person.name)
                } else {
                    ModerationError::ClockNotRequired(person.name)
                });
            };
            store::moderation::actions::end(conn, open.id, self.now()).await?;
            let lifted = open.status.lift()?;
            store::moderation::actions::set_status(conn, open.id, lifted, reason.as_str()).await?;
            let what = if restriction == CaseKind::Monitor {
                "is no longer monitored (Terms §II Act 10.2)"
            } else {
                "is no longer required to use a chessclock (Terms §II Act 11.3)"
            };
            let text = format!(
                "{} {what}, case #{} lifted by {}: {reason}",
                person.name, open.id, actor.name
            );
            self.announce_logged(conn, &text).await?;
            Ok(ModerationOutcome::Lifted {
                case: open.id,
                announced: text,
            })
        })
        .await
    }

    /// `/mod unban`: refused, with the rule (Terms §II Act 9.4).
    pub async fn unban(
        &self,
        call: &Call,
        _member: &PersonRef,
    ) -> Result<ModerationOutcome, ModerationError> {
        self.execute(call, async |_, _| {
            Err::<ModerationOutcome, _>(ModerationError::OnlyTheCourt)
        })
        .await
    }
}
