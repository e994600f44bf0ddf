//! References follow a renumbered rule (Nomic 110): a proposal still voting or held when
//! another change gives a rule a new number (Nomic 109) changes the rule it names, and the
//! words "Rule 202" in its text, to the new number.

use super::{ProposalNumber, RuleChange};
use crate::domain::nomic::rulebook::renumber_references;

impl RuleChange {
    /// This change with its references to rule `old` made references to rule `new`, once a
    /// change that took effect renumbered it: "any reference to that rule number is also
    /// changed" (Nomic 110), the rule it changes and the words "Rule 202" in its text alike.
    pub fn follow_renumbering(&self, old: u32, new: u32) -> RuleChange {
        let rule = |n: &u32| if *n == old { new } else { *n };
        let text = |t: &Vec<String>| t.iter().map(|p| renumber_references(p, old, new)).collect();
        match self {
            RuleChange::Enact { text: t } => RuleChange::Enact { text: text(t) },
            RuleChange::Repeal { rule: r } => RuleChange::Repeal { rule: rule(r) },
            RuleChange::Amend { rule: r, text: t } => RuleChange::Amend {
                rule: rule(r),
                text: text(t),
            },
            RuleChange::Transmute { rule: r, to } => RuleChange::Transmute {
                rule: rule(r),
                to: *to,
            },
        }
    }

    /// The rule this change renumbers when it takes effect as Proposal `number`: an amendment
    /// or transmutation gives its rule the proposal's number (Nomic 109).
    pub fn renumbers(changes: &[RuleChange], number: ProposalNumber) -> Option<(u32, u32)> {
        match changes.first()? {
            RuleChange::Amend { rule, .. } | RuleChange::Transmute { rule, .. } => {
                Some((*rule, number.get())).filter(|(old, new)| old != new)
            }
            RuleChange::Enact { .. } | RuleChange::Repeal { .. } => None,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::domain::nomic::rulebook::Mutability;
    use crate::domain::nomic::NomicParameters;

    #[test]
    fn a_proposal_follows_the_rule_it_names_to_its_new_number() {
        // Nomic 110: Proposal 301 amended Rule 202, which is now Rule 301; a proposal still
        // voting that amends Rule 202 amends Rule 301, and its text's references follow.
        let amend = RuleChange::Amend {
            rule: 202,
            text: vec!["As Rule 202 said, and Rules 101-118 too.".into()],
        };
        assert_eq!(
            amend.follow_renumbering(202, 301),
            RuleChange::Amend {
                rule: 301,
                text: vec!["As Rule 301 said, and Rules 101-118 too.".into()],
            }
        );
        let other = RuleChange::Transmute {
            rule: 203,
            to: Mutability::Immutable,
        };
        assert_eq!(other.follow_renumbering(202, 301), other);
        let first = ProposalNumber::next(None, &NomicParameters::default());
        assert_eq!(RuleChange::renumbers(&[amend], first), Some((202, 301)));
        let enact = RuleChange::Enact {
            text: vec!["New.".into()],
        };
        assert_eq!(RuleChange::renumbers(&[enact], first), None);
    }
}
