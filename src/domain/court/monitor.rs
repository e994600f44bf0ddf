//! Petitions against a monitor (Terms §II Act 10.5, 10.6): which petition a member may bring,
//! and the Moderator's answer (their reasonable suspicion and why it still applies), owed by a
//! deadline the club configures, so the Court sees whether it was given.

use chrono::{DateTime, Utc};
use chrono_tz::Tz;

use crate::domain::kernel::calendar;
use crate::domain::kernel::text::Reason;

use super::standing::{Action, Filing};

/// Which petition a monitored member brings.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum MonitorPetition {
    /// The monitor outlived the session immediately following its placement: the member asks
    /// for its immediate removal and the Moderator must answer (§II Act 10.5).
    StillInPlace,
    /// The Moderator's suspicion is not reasonable, so the monitor is not permissible
    /// (§II Act 10.6). Open at any time.
    NotReasonable,
}

impl MonitorPetition {
    /// The petition open at `now` for a monitor whose following session ends at
    /// `following_session_end` (unknown until that session is held).
    pub fn open_at(following_session_end: Option<DateTime<Utc>>, now: DateTime<Utc>) -> Self {
        match following_session_end {
            Some(end) if now >= end => MonitorPetition::StillInPlace,
            _ => MonitorPetition::NotReasonable,
        }
    }

    /// The petition a filing brings, if it is against a monitor.
    pub fn of(filing: &Filing) -> Option<Self> {
        match filing.subject.action()?.action {
            Action::Monitor {
                following_session_end,
            } => Some(Self::open_at(following_session_end, filing.filed_at)),
            _ => None,
        }
    }
}

/// The Moderator's answer to a §II Act 10.5 petition.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub enum Response {
    Owed {
        moderator: i64,
        due_at: DateTime<Utc>,
    },
    Given {
        moderator: i64,
        due_at: DateTime<Utc>,
        at: DateTime<Utc>,
        suspicion: Reason,
    },
}

/// What the Court sees of the answer.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ResponseStatus {
    Awaited,
    GivenInTime,
    GivenLate,
    /// The deadline passed with no answer.
    NotGiven,
}

#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum ResponseRefusal {
    #[error(
        "Only the Moderator who placed the monitor answers the petition (Terms §II Act 10.5)."
    )]
    NotTheModerator,
    #[error("The answer to this petition has already been given (Terms §II Act 10.5).")]
    AlreadyGiven,
}

impl Response {
    /// The answer a filing makes owed, if it is a §II Act 10.5 petition: due `days` club days
    /// after filing, at the same wall-clock time.
    pub fn owed_for(filing: &Filing, days: i64, tz: Tz) -> Option<Response> {
        if MonitorPetition::of(filing)? != MonitorPetition::StillInPlace {
            return None;
        }
        Some(Response::Owed {
            moderator: filing.respondent()?,
            due_at: calendar::local_days_after(filing.filed_at, days, tz),
        })
    }

    /// The Moderator gives their reasonable suspicion and why it still applies. A late answer
    /// is still recorded, and shown as late.
    pub fn give(
        &self,
        by: i64,
        suspicion: Reason,
        at: DateTime<Utc>,
    ) -> Result<Response, ResponseRefusal> {
        match self {
            Response::Given { .. } => Err(ResponseRefusal::AlreadyGiven),
            Response::Owed { moderator, .. } if *moderator != by => {
                Err(ResponseRefusal::NotTheModerator)
            }
            Response::Owed { moderator, due_at } => Ok(Response::Given {
                moderator: *moderator,
                due_at: *due_at,
                at,
                suspicion,
            }),
        }
    }

    pub fn status(&self, now: DateTime<Utc>) -> ResponseStatus {
        match self {
            Response::Owed { due_at, .. } if now < *due_at => ResponseStatus::Awaited,
            Response::Owed { .. } => ResponseStatus::NotGiven,
            Response::Given { due_at, at, .. } if at <= due_at => ResponseStatus::GivenInTime,
            Response::Given { .. } => ResponseStatus::GivenLate,
        }
    }

    pub fn due_at(&self) -> DateTime<Utc> {
        match self {
            Response::Owed { due_at, .. } | Response::Given { due_at, .. } => *due_at,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::domain::court::standing::tests::{facts, member, now, reason, MEMBER, MODERATOR};
    use crate::domain::court::standing::Subject;
    use chrono::Duration;
    use chrono_tz::Europe::London;

    fn petition(following_session_end: Option<DateTime<Utc>>) -> Filing {
        Filing::new(
            Subject::Action(facts(Action::Monitor {
                following_session_end,
            })),
            member(MEMBER),
            reason("the monitor should have been lifted"),
            now(),
            London,
        )
        .unwrap()
    }

    #[test]
    fn a_monitor_outliving_the_following_session_may_be_petitioned_for_removal() {
        // Terms §II Act 10.5.
        let filing = petition(Some(now() - Duration::days(1)));
        assert_eq!(
            MonitorPetition::of(&filing),
            Some(MonitorPetition::StillInPlace)
        );
        let owed = Response::owed_for(&filing, 3, London).unwrap();
        assert_eq!(owed.due_at(), now() + Duration::days(3));
        assert_eq!(owed.status(now()), ResponseStatus::Awaited);
    }

    #[test]
    fn before_the_following_session_only_the_suspicion_may_be_challenged() {
        // Terms §II Act 10.6: open at any time, and no answer is owed under 10.5.
        for end in [None, Some(now() + Duration::days(7))] {
            let filing = petition(end);
            assert_eq!(
                MonitorPetition::of(&filing),
                Some(MonitorPetition::NotReasonable)
            );
            assert_eq!(Response::owed_for(&filing, 3, London), None);
        }
    }

    #[test]
    fn the_court_sees_whether_the_moderator_answered_in_time() {
        // Terms §II Act 10.5: "the Moderator must give forth their reasonable suspicion".
        let owed = Response::owed_for(&petition(Some(now())), 3, London).unwrap();
        assert_eq!(
            owed.status(now() + Duration::days(4)),
            ResponseStatus::NotGiven
        );
        let suspicion = reason("two fictitious games registered last week");
        let on_time = owed
            .give(MODERATOR, suspicion.clone(), now() + Duration::days(1))
            .unwrap();
        assert_eq!(on_time.status(now()), ResponseStatus::GivenInTime);
        let late = owed
            .give(MODERATOR, suspicion.clone(), now() + Duration::days(5))
            .unwrap();
        assert_eq!(late.status(now()), ResponseStatus::GivenLate);
    }

    #[test]
    fn only_the_moderator_who_placed_the_monitor_answers_and_only_once() {
        let owed = Response::owed_for(&petition(Some(now())), 3, London).unwrap();
        let suspicion = reason("two fictitious games registered last week");
        assert_eq!(
            owed.give(MEMBER, suspicion.clone(), now()),
            Err(ResponseRefusal::NotTheModerator)
        );
        let given = owed.give(MODERATOR, suspicion.clone(), now()).unwrap();
        assert_eq!(
            given.give(MODERATOR, suspicion, now()),
            Err(ResponseRefusal::AlreadyGiven)
        );
    }
}
