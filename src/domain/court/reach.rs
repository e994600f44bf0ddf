//! Whether a decision of the Court still reaches the case it was about (Terms §III Acts 2.4.2,
//! 3.8; §II Act 5). A case that became void while it was heard (undeclared within 7 days) or was
//! otherwise reversed "as though it never happened" has nothing left for a decision to change:
//! an uphold, an overturn or a remand is recorded and carried out on nothing, and never revives
//! it.

use crate::domain::moderation::CaseStatus;

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

#[cfg(test)]
mod tests {
    use super::*;

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
