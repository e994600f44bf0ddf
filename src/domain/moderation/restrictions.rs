//! What restricts a person's play at a moment: a ban, a monitor, a chessclock requirement, or
//! a court hearing, decided from the cases in force against them.

use chrono::{DateTime, Utc};

use crate::domain::moderation::ladder::Step;
use crate::domain::moderation::CaseKind;

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

/// The ban that still keeps a member from play at `at` once another has ended (Terms §II Act
/// 9.2): of the cases in force and not lifted, keyed by case number, the ban with the latest end,
/// a permanent one first; `None` when no ban remains, so the member may play again.
pub fn ban_continuing<K: Copy>(
    cases: impl IntoIterator<Item = (K, OpenCase)>,
    at: DateTime<Utc>,
) -> Option<(K, Option<DateTime<Utc>>)> {
    let mut best: Option<(K, Option<DateTime<Utc>>)> = None;
    for (key, case) in cases {
        let in_force = case.taken_at <= at && case.ends_at.is_none_or(|end| end > at);
        if !in_force || !case.kind.is_ban(case.step) {
            continue;
        }
        let later = match (best, case.ends_at) {
            (None, _) => true,
            (Some((_, None)), _) => false,
            (Some(_), None) => true,
            (Some((_, Some(a))), Some(b)) => b > a,
        };
        if later {
            best = Some((key, case.ends_at));
        }
    }
    best
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

    #[test]
    fn the_ban_that_continues_is_the_one_that_ends_last() {
        // Terms §II Act 9.2, §0 Act 7: one ban ending does not free a member another still bans.
        let ban = |days| case(CaseKind::Ban, None, days);
        let at = noon() + Duration::days(7);
        assert_eq!(
            ban_continuing([(1, ban(Some(7))), (2, ban(Some(21)))], at),
            Some((2, Some(noon() + Duration::days(21))))
        );
        assert_eq!(
            ban_continuing([(1, ban(Some(7))), (2, ban(None)), (3, ban(Some(30)))], at),
            Some((2, None))
        );
        // A ladder ban (step 4) keeps banning like any other; a monitor is no ban.
        let ladder = case(CaseKind::Violation, Some(Step::FourWeekBan), Some(14));
        assert_eq!(
            ban_continuing([(1, ban(Some(7))), (4, ladder)], at),
            Some((4, Some(noon() + Duration::days(14))))
        );
        let monitor = case(CaseKind::Monitor, None, None);
        assert_eq!(ban_continuing([(1, ban(Some(7))), (5, monitor)], at), None);
    }
}
