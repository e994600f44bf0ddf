//! A moderation case's kind and lifecycle: which kinds are penalties or bans, and which changes
//! of status the Terms allow (Terms §II Acts 5, 9-11; §III Act 2.4).

pub mod ladder;
pub mod reports;
pub mod restrictions;

use std::fmt;

use chrono::{DateTime, Utc};

use crate::domain::kernel::limits::INCIDENT_MAX;
use crate::domain::kernel::text::{bounded, TextError};
use crate::domain::moderation::ladder::Step;

/// What a case is (the stored kind of an action).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum CaseKind {
    /// A fraud violation, on the ladder (Terms §II Act 5).
    Violation,
    /// A ban with an end date (Terms §II Act 9).
    Ban,
    /// Games wait for a Moderator's approval (Terms §II Act 10).
    Monitor,
    /// Points deducted (Terms §II Act 3).
    Deduction,
    /// Points awarded (Terms §II Act 3).
    Award,
    /// A chessclock is required in every game (Terms §II Act 11).
    Clock,
    /// A technical modification by the Chief Justice (Terms §III Act 5).
    Technical,
}

impl CaseKind {
    /// Penalties are void if not declared in time (Terms §III Act 2.4.2), and no penalty is
    /// issued twice for the same offence (§III Act 2.2).
    pub fn is_penalty(self) -> bool {
        matches!(
            self,
            CaseKind::Violation | CaseKind::Ban | CaseKind::Deduction
        )
    }

    /// Whether a case of this kind at this step of the ladder keeps its member from playing.
    pub fn is_ban(self, step: Option<Step>) -> bool {
        match self {
            CaseKind::Ban => true,
            CaseKind::Violation => step.is_some_and(Step::is_ban),
            _ => false,
        }
    }

    /// The word announcements use: "case #3 (violation against bob by mod)".
    pub fn word(self) -> &'static str {
        match self {
            CaseKind::Violation => "violation",
            CaseKind::Ban => "ban",
            CaseKind::Monitor => "monitor",
            CaseKind::Deduction => "deduction",
            CaseKind::Award => "award",
            CaseKind::Clock => "clock",
            CaseKind::Technical => "technical",
        }
    }
}

impl fmt::Display for CaseKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.word())
    }
}

/// Where a case is in its lifecycle.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum CaseStatus {
    /// Its effects stand and, for a restriction, it restricts.
    InForce,
    /// A ban that reached its end; it still counts on the ladder.
    Expired,
    /// A monitor or chessclock requirement that was ended (Terms §II Act 10.2, 11.3).
    Lifted,
    /// Not declared within 7 days, so void (Terms §III Act 2.4.2).
    Void,
    /// Overturned by the Court.
    Overturned,
    /// Sent back by the Court to be decided again.
    Remanded,
}

/// A change of status the Terms do not allow, said for the member who asked for it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
pub enum CaseRefusal {
    #[error("The case is {0}; only a ban in force comes to an end (Terms §II Act 9.2).")]
    CannotExpire(CaseStatus),
    #[error("The case is {0}; only a monitor or chessclock requirement in force can be lifted (Terms §II Act 10.2, 11.3).")]
    CannotLift(CaseStatus),
    #[error("The case is {0}; it can no longer be declared (Terms §III Act 2.4).")]
    NotDeclarable(CaseStatus),
    #[error("The case is already {0}; its effects are already reversed (Terms §II Act 5).")]
    AlreadyReversed(CaseStatus),
    #[error("The case is no longer a ban: only bans, and steps 4 and 5 of the ladder, keep a member from playing (Terms §II Act 5, 9).")]
    NotABan,
    #[error("The ban now ends at another time, so this is not its end (Terms §II Act 9.2).")]
    EndMoved,
}

impl CaseStatus {
    /// A case that stands counts on the ladder and for double jeopardy (Terms §II Act 5, §III
    /// Act 2.2): in force, or a ban that has run its course.
    pub fn stands(self) -> bool {
        matches!(self, CaseStatus::InForce | CaseStatus::Expired)
    }

    /// "in force", "expired", ...
    pub fn word(self) -> &'static str {
        match self {
            CaseStatus::InForce => "in force",
            CaseStatus::Expired => "expired",
            CaseStatus::Lifted => "lifted",
            CaseStatus::Void => "void",
            CaseStatus::Overturned => "overturned",
            CaseStatus::Remanded => "remanded",
        }
    }

    /// A ban in force reaches its end.
    pub fn expire(self) -> Result<CaseStatus, CaseRefusal> {
        match self {
            CaseStatus::InForce => Ok(CaseStatus::Expired),
            other => Err(CaseRefusal::CannotExpire(other)),
        }
    }

    /// A monitor or chessclock requirement in force is lifted.
    pub fn lift(self) -> Result<CaseStatus, CaseRefusal> {
        match self {
            CaseStatus::InForce => Ok(CaseStatus::Lifted),
            other => Err(CaseRefusal::CannotLift(other)),
        }
    }

    /// A case may be declared while it has not been reversed; a lifted monitor or chessclock
    /// requirement must still be declared (Terms §III Act 2.4).
    pub fn declarable(self) -> Result<(), CaseRefusal> {
        match self {
            CaseStatus::InForce | CaseStatus::Expired | CaseStatus::Lifted => Ok(()),
            other => Err(CaseRefusal::NotDeclarable(other)),
        }
    }

    /// An undeclared penalty is void at its deadline (Terms §III Act 2.4.2).
    pub fn void(self) -> Result<CaseStatus, CaseRefusal> {
        self.reverse_to(CaseStatus::Void)
    }

    /// The Court overturns the case.
    pub fn overturn(self) -> Result<CaseStatus, CaseRefusal> {
        self.reverse_to(CaseStatus::Overturned)
    }

    /// The Court sends the case back.
    pub fn remand(self) -> Result<CaseStatus, CaseRefusal> {
        self.reverse_to(CaseStatus::Remanded)
    }

    /// A violation that stands takes a new step of the ladder, as though a void case never
    /// happened (Terms §II Act 5): its new effect is in force, even if its old ban had expired.
    pub fn restep(self) -> Result<CaseStatus, CaseRefusal> {
        if self.stands() {
            Ok(CaseStatus::InForce)
        } else {
            Err(CaseRefusal::AlreadyReversed(self))
        }
    }

    fn reverse_to(self, to: CaseStatus) -> Result<CaseStatus, CaseRefusal> {
        match self {
            CaseStatus::InForce | CaseStatus::Expired | CaseStatus::Lifted => Ok(to),
            other => Err(CaseRefusal::AlreadyReversed(other)),
        }
    }
}

impl fmt::Display for CaseStatus {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.word())
    }
}

/// What a ban-expiry job re-reads of its case.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct BanState {
    pub kind: CaseKind,
    pub step: Option<Step>,
    pub status: CaseStatus,
    pub ends_at: Option<DateTime<Utc>>,
}

impl BanState {
    /// The ban ends, if the case is still the ban the job was scheduled for: in force, still
    /// a ban (a violation re-stepped below step 4 is not), and ending at `scheduled_end`.
    pub fn expire(&self, scheduled_end: DateTime<Utc>) -> Result<CaseStatus, CaseRefusal> {
        let expired = self.status.expire()?;
        if !self.kind.is_ban(self.step) {
            return Err(CaseRefusal::NotABan);
        }
        if self.ends_at != Some(scheduled_end) {
            return Err(CaseRefusal::EndMoved);
        }
        Ok(expired)
    }
}

/// The offence a penalty names, as double jeopardy compares it (Terms §III Act 2.2): a game, or
/// a described incident compared without regard to case, spacing or punctuation. None when
/// neither is given.
pub fn offence_key(game: Option<i64>, incident: Option<&str>) -> Result<Option<String>, TextError> {
    Ok(match (game, incident) {
        (Some(g), _) => Some(format!("game:{g}")),
        (None, Some(text)) => Some(format!(
            "incident:{}",
            normalise(&bounded("incident", text, INCIDENT_MAX)?)
        )),
        (None, None) => None,
    })
}

/// Text as compared for sameness: without regard to case, spacing or punctuation.
pub(crate) fn normalise(text: &str) -> String {
    text.to_lowercase()
        .chars()
        .filter(|c| c.is_alphanumeric() || c.is_whitespace())
        .collect::<String>()
        .split_whitespace()
        .collect::<Vec<_>>()
        .join(" ")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_same_incident_told_differently_is_the_same_offence() {
        // Terms §III Act 2.2: no penalty twice for the same offence.
        let a = offence_key(None, Some("Threw a ROOK at bob!")).unwrap();
        let b = offence_key(None, Some("threw a rook   at bob")).unwrap();
        assert_eq!(a, b);
        assert_eq!(
            offence_key(Some(7), Some("ignored")).unwrap(),
            Some("game:7".into())
        );
        assert_eq!(offence_key(None, None).unwrap(), None);
        assert!(offence_key(None, Some("  ")).is_err());
    }
    use chrono::TimeZone;

    const ALL: [CaseStatus; 6] = [
        CaseStatus::InForce,
        CaseStatus::Expired,
        CaseStatus::Lifted,
        CaseStatus::Void,
        CaseStatus::Overturned,
        CaseStatus::Remanded,
    ];

    fn friday() -> DateTime<Utc> {
        Utc.with_ymd_and_hms(2027, 1, 1, 0, 0, 0).unwrap()
    }

    fn four_week_ban() -> BanState {
        BanState {
            kind: CaseKind::Violation,
            step: Some(Step::FourWeekBan),
            status: CaseStatus::InForce,
            ends_at: Some(friday()),
        }
    }

    #[test]
    fn penalties_are_violations_bans_and_deductions() {
        assert!(CaseKind::Violation.is_penalty());
        assert!(CaseKind::Ban.is_penalty());
        assert!(CaseKind::Deduction.is_penalty());
        for kind in [
            CaseKind::Monitor,
            CaseKind::Award,
            CaseKind::Clock,
            CaseKind::Technical,
        ] {
            assert!(!kind.is_penalty(), "{kind}");
        }
    }

    #[test]
    fn a_fourth_or_fifth_violation_is_a_ban_and_a_third_is_not() {
        assert!(CaseKind::Violation.is_ban(Some(Step::FourWeekBan)));
        assert!(CaseKind::Violation.is_ban(Some(Step::PermanentBan)));
        assert!(!CaseKind::Violation.is_ban(Some(Step::Reset)));
        assert!(!CaseKind::Violation.is_ban(None));
        assert!(CaseKind::Ban.is_ban(None));
        assert!(!CaseKind::Monitor.is_ban(None));
    }

    #[test]
    fn only_a_case_in_force_expires_or_is_lifted() {
        assert_eq!(CaseStatus::InForce.expire(), Ok(CaseStatus::Expired));
        assert_eq!(CaseStatus::InForce.lift(), Ok(CaseStatus::Lifted));
        for status in ALL.into_iter().skip(1) {
            assert_eq!(status.expire(), Err(CaseRefusal::CannotExpire(status)));
            assert_eq!(status.lift(), Err(CaseRefusal::CannotLift(status)));
        }
    }

    #[test]
    fn a_case_stands_while_in_force_or_expired() {
        let standing: Vec<_> = ALL.into_iter().filter(|s| s.stands()).collect();
        assert_eq!(standing, [CaseStatus::InForce, CaseStatus::Expired]);
    }

    #[test]
    fn a_lifted_case_may_still_be_declared_but_a_reversed_one_may_not() {
        for status in [CaseStatus::InForce, CaseStatus::Expired, CaseStatus::Lifted] {
            assert_eq!(status.declarable(), Ok(()));
        }
        for status in [
            CaseStatus::Void,
            CaseStatus::Overturned,
            CaseStatus::Remanded,
        ] {
            assert_eq!(status.declarable(), Err(CaseRefusal::NotDeclarable(status)));
        }
    }

    #[test]
    fn a_case_is_reversed_once() {
        assert_eq!(CaseStatus::Expired.void(), Ok(CaseStatus::Void));
        assert_eq!(CaseStatus::Lifted.overturn(), Ok(CaseStatus::Overturned));
        assert_eq!(CaseStatus::InForce.remand(), Ok(CaseStatus::Remanded));
        assert_eq!(
            CaseStatus::Void.overturn(),
            Err(CaseRefusal::AlreadyReversed(CaseStatus::Void))
        );
        assert_eq!(
            CaseStatus::Overturned.void(),
            Err(CaseRefusal::AlreadyReversed(CaseStatus::Overturned))
        );
    }

    #[test]
    fn a_re_stepped_case_is_in_force_again_even_after_its_ban_expired() {
        assert_eq!(CaseStatus::Expired.restep(), Ok(CaseStatus::InForce));
        assert_eq!(
            CaseStatus::Void.restep(),
            Err(CaseRefusal::AlreadyReversed(CaseStatus::Void))
        );
    }

    #[test]
    fn a_ban_in_force_expires_at_the_end_it_was_scheduled_for() {
        assert_eq!(four_week_ban().expire(friday()), Ok(CaseStatus::Expired));
    }

    #[test]
    fn a_ban_re_stepped_to_a_reset_does_not_expire() {
        let reset = BanState {
            step: Some(Step::Reset),
            ends_at: None,
            ..four_week_ban()
        };
        assert_eq!(reset.expire(friday()), Err(CaseRefusal::NotABan));
    }

    #[test]
    fn a_ban_whose_end_moved_does_not_expire_at_the_old_end() {
        let later = BanState {
            ends_at: Some(friday() + chrono::Duration::weeks(1)),
            ..four_week_ban()
        };
        assert_eq!(later.expire(friday()), Err(CaseRefusal::EndMoved));
    }

    #[test]
    fn a_void_ban_does_not_expire() {
        let void = BanState {
            status: CaseStatus::Void,
            ..four_week_ban()
        };
        assert_eq!(
            void.expire(friday()),
            Err(CaseRefusal::CannotExpire(CaseStatus::Void))
        );
    }

    #[test]
    fn refusals_name_the_rule() {
        assert!(CaseRefusal::NotABan.to_string().contains("Terms §II Act 5"));
        assert_eq!(
            CaseRefusal::NotDeclarable(CaseStatus::Void).to_string(),
            "The case is void; it can no longer be declared (Terms §III Act 2.4)."
        );
    }
}
