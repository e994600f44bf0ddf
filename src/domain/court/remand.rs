//! The Moderator's re-decision after a remand (Terms §III Acts 2.4, 2.4.2, 3.8; §II Act 9.4):
//! what happens when it is overdue, and how far it may go.

use chrono::NaiveDate;

use crate::domain::kernel::calendar;
use crate::domain::moderation::ladder::Step;
use crate::domain::moderation::CaseKind;

/// A re-decision harsher than the decision appealed: an appellant is not punished for
/// appealing (Terms §III Act 3.8), and only the Court lengthens a ban (§II Act 9.4).
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
pub enum Harsher {
    #[error("A re-decision may not be harsher than the decision appealed: the ban appealed ends {}, so a new end must not be later (Terms §II Act 9.4: only the Court lengthens a ban; §III Act 3.8).", calendar::show_date(*.0))]
    LaterBanEnd(NaiveDate),
    #[error("A re-decision may not be harsher than the decision appealed: it was step {} of the ladder, so only a lesser step may replace it (Terms §II Act 5; §III Act 3.8).", .0.number())]
    HigherStep(Step),
    #[error("A re-decision puts a smaller deduction or award in place of the one appealed, of {0} points, never a larger or the same one (Terms §III Acts 2.4.3, 3.8).")]
    NotFewerPoints(i64),
}

/// A new ban end on remand: no later than the end appealed (`None`: the ban appealed was
/// permanent, so any end shortens it).
pub fn new_end_not_harsher(appealed: Option<NaiveDate>, new: NaiveDate) -> Result<(), Harsher> {
    match appealed {
        Some(end) if new > end => Err(Harsher::LaterBanEnd(end)),
        _ => Ok(()),
    }
}

/// A new step on remand: lesser than the step appealed.
pub fn new_step_not_harsher(appealed: Step, new: Step) -> Result<(), Harsher> {
    if new < appealed {
        Ok(())
    } else {
        Err(Harsher::HigherStep(appealed))
    }
}

/// New points on remand: fewer than the points of the decision appealed (`None`: unknown, so
/// any number is taken).
pub fn new_points_not_harsher(appealed: Option<i64>, new: i64) -> Result<(), Harsher> {
    match appealed {
        Some(points) if new >= points => Err(Harsher::NotFewerPoints(points)),
        _ => Ok(()),
    }
}

/// What an overdue re-decision does to the remanded case.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Overdue {
    /// A penalty not declared again within 7 days is void (Terms §III Act 2.4.2).
    Void,
    /// A monitor, chessclock requirement, award or technical modification is not a penalty:
    /// it is flagged as undeclared and stays as it is; the re-decision is still owed, late.
    Flagged,
}

/// Only penalties are void for want of declaration (Terms §III Act 2.4.2).
pub fn overdue(kind: CaseKind) -> Overdue {
    if kind.is_penalty() {
        Overdue::Void
    } else {
        Overdue::Flagged
    }
}

/// The end of the remand post: what follows if the re-decision is not declared in time.
pub fn overdue_words(kind: CaseKind) -> &'static str {
    match overdue(kind) {
        Overdue::Void => "or the penalty is void (Terms §III Acts 2.4, 2.4.2, 3.8)",
        Overdue::Flagged => "or it is flagged as undeclared and the re-decision stays owed; only penalties are void for want of declaration (Terms §III Acts 2.4, 2.4.2, 3.8)",
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_re_decision_is_never_harsher_than_the_decision_appealed() {
        // Terms §II Act 9.4: only the Court lengthens a ban; §III Act 3.8: the appellant is not
        // punished for appealing.
        let day = |d| NaiveDate::from_ymd_opt(2026, 12, d).expect("a date");
        assert_eq!(
            new_end_not_harsher(Some(day(11)), day(25)),
            Err(Harsher::LaterBanEnd(day(11)))
        );
        assert_eq!(new_end_not_harsher(Some(day(11)), day(4)), Ok(()));
        assert_eq!(new_end_not_harsher(None, day(25)), Ok(()));
        assert_eq!(new_step_not_harsher(Step::Halve, Step::Reverse), Ok(()));
        assert_eq!(
            new_step_not_harsher(Step::Halve, Step::Reset),
            Err(Harsher::HigherStep(Step::Halve))
        );
        // Terms §III Acts 2.4.3, 3.8: a deduction or award is lessened, never enlarged.
        assert_eq!(new_points_not_harsher(Some(30), 10), Ok(()));
        assert_eq!(
            new_points_not_harsher(Some(30), 30),
            Err(Harsher::NotFewerPoints(30))
        );
    }

    #[test]
    fn only_a_remanded_penalty_is_void_when_overdue() {
        // Terms §III Act 2.4.2: "automatically void any penalty given"; nothing else.
        for kind in [CaseKind::Violation, CaseKind::Ban, CaseKind::Deduction] {
            assert_eq!(overdue(kind), Overdue::Void);
        }
        for kind in [
            CaseKind::Monitor,
            CaseKind::Clock,
            CaseKind::Technical,
            CaseKind::Award,
        ] {
            assert_eq!(overdue(kind), Overdue::Flagged);
            assert!(!overdue_words(kind).contains("penalty is void"));
        }
    }
}
