//! What restricts a person's play at a moment: a ban, a monitor, a chessclock requirement, or
//! a court hearing, decided from the cases in force against them.

use chrono::{DateTime, Utc};

use super::ladder::Step;
use super::moderation::CaseKind;

/// The restrictions in force on one person at one time.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Restrictions {
    /// The end of the ban in force, or `Some(None)` for a permanent ban.
    pub banned_until: Option<Option<DateTime<Utc>>>,
    /// Games wait for a Moderator's approval (Terms §II Act 10.4).
    pub monitored: bool,
    /// Games must state that a chessclock was used (Terms §II Act 11).
    pub clock_required: bool,
    /// A Court hearing involves them (Terms §II Act 8.1).
    pub in_hearing: bool,
}

/// A case in force against the person, not lifted: what restricting needs of it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct OpenCase {
    pub kind: CaseKind,
    pub step: Option<Step>,
    pub taken_at: DateTime<Utc>,
    pub ends_at: Option<DateTime<Utc>>,
}

impl Restrictions {
    pub fn banned(&self) -> bool {
        self.banned_until.is_some()
    }

    /// The restrictions that `cases` (in force and not lifted) put on their member at `at`: a
    /// case restricts from when it was taken until its end, if it has one.
    pub fn at(cases: impl IntoIterator<Item = OpenCase>, at: DateTime<Utc>) -> Restrictions {
        let mut r = Restrictions::default();
        for case in cases {
            if case.taken_at > at || case.ends_at.is_some_and(|end| end <= at) {
                continue;
            }
            if case.kind.is_ban(case.step) {
                // The latest end wins; a permanent ban (no end) outranks every dated one.
                r.banned_until = Some(match (r.banned_until, case.ends_at) {
                    (None, e) => e,
                    (Some(None), _) | (_, None) => None,
                    (Some(Some(a)), Some(b)) => Some(a.max(b)),
                });
            }
            match case.kind {
                CaseKind::Monitor => r.monitored = true,
                CaseKind::Clock => r.clock_required = true,
                _ => {}
            }
        }
        r
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use chrono::{Duration, TimeZone};

    fn noon() -> DateTime<Utc> {
        Utc.with_ymd_and_hms(2026, 11, 27, 12, 0, 0).unwrap()
    }

    fn case(kind: CaseKind, step: Option<Step>, ends_in_days: Option<i64>) -> OpenCase {
        OpenCase {
            kind,
            step,
            taken_at: noon(),
            ends_at: ends_in_days.map(|d| noon() + Duration::days(d)),
        }
    }

    #[test]
    fn nothing_in_force_restricts_nothing() {
        assert_eq!(Restrictions::at([], noon()), Restrictions::default());
    }

    #[test]
    fn a_fourth_violation_bans_until_its_end() {
        let r = Restrictions::at(
            [case(CaseKind::Violation, Some(Step::FourWeekBan), Some(35))],
            noon(),
        );
        assert_eq!(r.banned_until, Some(Some(noon() + Duration::days(35))));
    }

    #[test]
    fn a_third_violation_does_not_ban() {
        let r = Restrictions::at([case(CaseKind::Violation, Some(Step::Reset), None)], noon());
        assert!(!r.banned());
    }

    #[test]
    fn a_permanent_ban_outranks_a_dated_one_and_the_latest_end_wins() {
        let dated = [
            case(CaseKind::Ban, None, Some(7)),
            case(CaseKind::Ban, None, Some(14)),
        ];
        assert_eq!(
            Restrictions::at(dated, noon()).banned_until,
            Some(Some(noon() + Duration::days(14)))
        );
        let with_permanent = [
            case(CaseKind::Ban, None, Some(14)),
            case(CaseKind::Violation, Some(Step::PermanentBan), None),
        ];
        assert_eq!(
            Restrictions::at(with_permanent, noon()).banned_until,
            Some(None)
        );
    }

    #[test]
    fn a_ban_restricts_from_when_it_was_taken_until_its_end() {
        let ban = [case(CaseKind::Ban, None, Some(7))];
        assert!(!Restrictions::at(ban, noon() - Duration::hours(1)).banned());
        assert!(Restrictions::at(ban, noon()).banned());
        assert!(!Restrictions::at(ban, noon() + Duration::days(7)).banned());
    }

    #[test]
    fn monitors_and_chessclock_requirements_restrict_until_lifted() {
        let r = Restrictions::at(
            [
                case(CaseKind::Monitor, None, None),
                case(CaseKind::Clock, None, None),
                case(CaseKind::Deduction, None, None),
            ],
            noon() + Duration::weeks(100),
        );
        assert!(r.monitored && r.clock_required && !r.banned());
    }
}
