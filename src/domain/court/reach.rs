//! Whether a decision of the Court still reaches the case it was about (Terms §III Acts 2.4.2,
//! 3.8; §II Act 5). A case that became void while it was heard (undeclared within 7 days) or was
//! otherwise reversed "as though it never happened" has nothing left for a decision to change:
//! an uphold, an overturn or a remand is recorded and carried out on nothing, and never revives
//! it. And what the case was when appealed, to which a whole Court that judges otherwise than
//! the panel returns it (Terms §III Act 3.9.2).

use chrono::NaiveDate;

use crate::domain::moderation::ladder::Step;
use crate::domain::moderation::CaseStatus;

use super::standing::Action;

/// Why a decision leaves the case as it is.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Unreached {
    /// The case is void (Terms §III Act 2.4.2).
    Void,
    /// The case was already overturned by the Court (Terms §III Act 3.8b).
    Overturned,
}

impl Unreached {
    /// "void (Terms §III Act 2.4.2)", said of case `case`.
    pub fn words(self, case: i64) -> String {
        match self {
            Unreached::Void => format!(
                "Case #{case} is already void (Terms §III Act 2.4.2); the decision changes nothing."
            ),
            Unreached::Overturned => format!(
                "Case #{case} is already overturned and void (Terms §III Act 3.8b); the decision changes nothing."
            ),
        }
    }
}

/// A decision reaches a case that still has effects: in force, an expired ban, a lifted
/// monitor. A void or overturned case is reached by nothing.
pub fn decision_reaches(status: CaseStatus) -> Result<(), Unreached> {
    match status {
        CaseStatus::Void => Err(Unreached::Void),
        CaseStatus::Overturned => Err(Unreached::Overturned),
        CaseStatus::InForce | CaseStatus::Expired | CaseStatus::Lifted | CaseStatus::Remanded => {
            Ok(())
        }
    }
}

/// What must change to return a case to what it was when appealed.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Restore {
    /// It already is.
    Nothing,
    /// The violation goes back to the step it was appealed at (Terms §II Act 5).
    Step(Step),
    /// The ban goes back to the end it had (`None`: permanent) (Terms §II Act 9.4).
    BanEnd(Option<NaiveDate>),
}

/// The case as appealed, with the step the ladder gives it now (Terms §II Act 5): an earlier
/// violation that became void since brings it down, as a re-step does, and a lesser step
/// chosen by discretion stays. What the whole Court reviews after a panel, and what an
/// en banc judgement that differs from the panel's returns the case to (§III Act 3.9.2).
pub fn appealed_as_it_stands(appealed: &Action, prescribed_now: Option<Step>) -> Action {
    match appealed {
        Action::Violation { step, ban_ends } => {
            let now = prescribed_now.map_or(*step, |p| (*step).min(p));
            Action::Violation {
                step: now,
                ban_ends: if now == *step { *ban_ends } else { None },
            }
        }
        other => other.clone(),
    }
}

/// Compares the case as appealed with its step and ban end now: a re-decision after a remand,
/// or a panel's replacement, is undone by putting back what changed. `appealed` is the case
/// as appealed as it stands ([`appealed_as_it_stands`]): an uphold keeps the step the ladder
/// gives the case now, never one an earlier void has since taken away.
pub fn restore(
    appealed: &Action,
    step_now: Option<i64>,
    ban_end_now: Option<NaiveDate>,
) -> Restore {
    if let Action::Violation { step, .. } = appealed {
        if step_now != Some(step.number()) {
            return Restore::Step(*step);
        }
    }
    match appealed.ban_end() {
        Some(end) if end != ban_end_now => Restore::BanEnd(end),
        _ => Restore::Nothing,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_changed_ban_end_or_step_goes_back_to_what_was_appealed() {
        // Terms §III Act 3.9.2: the whole Court's judgement replaces the panel's, and with it
        // the Moderator's re-decision on remand.
        let day = |d| NaiveDate::from_ymd_opt(2027, 1, d).expect("a date");
        let ban = Action::Ban {
            ends: Some(day(29)),
        };
        assert_eq!(
            restore(&ban, None, Some(day(8))),
            Restore::BanEnd(Some(day(29)))
        );
        assert_eq!(restore(&ban, None, Some(day(29))), Restore::Nothing);
        let violation = Action::Violation {
            step: Step::Halve,
            ban_ends: None,
        };
        assert_eq!(
            restore(&violation, Some(1), None),
            Restore::Step(Step::Halve)
        );
        assert_eq!(restore(&violation, Some(2), None), Restore::Nothing);
    }

    #[test]
    fn an_uphold_keeps_the_step_the_ladder_gives_the_case_now() {
        // Terms §II Act 5, §III Act 3.9.2: appealed as a fourth violation (the four-week ban),
        // it is the third once an earlier one is void, so upholding it resets the score and
        // bans nobody.
        let day = |d| NaiveDate::from_ymd_opt(2027, 1, d).expect("a date");
        let fourth = Action::Violation {
            step: Step::FourWeekBan,
            ban_ends: Some(day(1)),
        };
        let third_now = appealed_as_it_stands(&fourth, Some(Step::Reset));
        assert_eq!(
            third_now,
            Action::Violation {
                step: Step::Reset,
                ban_ends: None
            }
        );
        // The panel lessened it to step 3, which is what the ladder gives now: nothing to undo.
        assert_eq!(restore(&third_now, Some(3), None), Restore::Nothing);
        // A panel's step 2 goes back to step 3, not to the four-week ban.
        assert_eq!(
            restore(&third_now, Some(2), None),
            Restore::Step(Step::Reset)
        );
        // With no void since, the step appealed stands, ban and all.
        assert_eq!(
            appealed_as_it_stands(&fourth, Some(Step::FourWeekBan)),
            fourth
        );
        // A lesser step by discretion stays lesser.
        let halved = Action::Violation {
            step: Step::Halve,
            ban_ends: None,
        };
        assert_eq!(appealed_as_it_stands(&halved, Some(Step::Reset)), halved);
    }

    #[test]
    fn a_void_case_is_never_revived_by_a_decision() {
        // Terms §III Act 2.4.2: an undeclared penalty is void automatically; the Court's later
        // overturn, remand or uphold has nothing to change.
        assert_eq!(decision_reaches(CaseStatus::Void), Err(Unreached::Void));
        assert_eq!(
            decision_reaches(CaseStatus::Overturned),
            Err(Unreached::Overturned)
        );
        assert!(Unreached::Void
            .words(3)
            .contains("already void (Terms §III Act 2.4.2)"));
    }

    #[test]
    fn a_case_with_effects_is_reached() {
        // Terms §III Act 3.8: the Court acts on a case whose effects stand.
        for status in [CaseStatus::InForce, CaseStatus::Expired, CaseStatus::Lifted] {
            assert_eq!(decision_reaches(status), Ok(()));
        }
    }
}
