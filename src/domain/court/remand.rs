//! The Moderator's re-decision after a remand (Terms §III Acts 2.4, 2.4.2, 3.8; §II Act 9.4):
//! what happens when it is overdue, and how far it may go.

use crate::domain::moderation::CaseKind;

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
