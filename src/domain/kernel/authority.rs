//! Who may do what: the offices each power needs, and the one refusal that says who may and
//! which rule says so. Use cases ask here; no adapter decides authority.

use std::fmt;

use crate::domain::kernel::office::{Office, Offices};

/// A power the Terms give to some offices.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Power {
    /// The Chief Justice's own powers (Terms §III Act 4).
    ChiefJustice,
    /// A Moderator's powers, which Justices and the Chief Justice hold too (Terms §III Act 2,
    /// 3.4; §II Act 12).
    Moderate,
    /// Banning: Moderators' powers, or Staff without Court review (Terms §II Act 9, §III Act 6).
    Ban,
    /// A member of the Court: a Justice or the Chief Justice (Terms §III Act 3).
    Justice,
    /// The Tournament Director's powers, which the Assistant TD acting as TD holds for the time
    /// (Diplomacy house rules A.3, A.6).
    Director,
}

impl Power {
    /// Whether someone holding `offices` has this power.
    pub fn held_by(self, offices: &Offices) -> bool {
        match self {
            Power::ChiefJustice => offices.is_chief_justice(),
            Power::Moderate => offices.has_moderator_powers(),
            Power::Ban => offices.has_moderator_powers() || offices.holds(Office::Staff),
            Power::Justice => offices.is_justice(),
            Power::Director => offices.is_director(),
        }
    }

    /// Who holds it, as a refusal names them.
    pub fn holders(self) -> &'static str {
        match self {
            Power::ChiefJustice => "the Chief Justice",
            Power::Moderate => "a Moderator, a Justice or the Chief Justice",
            Power::Ban => "a Moderator, a Justice, the Chief Justice or Staff",
            Power::Justice => "a Justice or the Chief Justice",
            Power::Director => "the Tournament Director or the Assistant TD acting as TD",
        }
    }

    /// Refuses someone without this power to do `act`, citing `rule`.
    pub fn require(
        self,
        offices: &Offices,
        act: &'static str,
        rule: &'static str,
    ) -> Result<(), Unauthorised> {
        if self.held_by(offices) {
            Ok(())
        } else {
            Err(Unauthorised {
                power: self,
                act,
                rule,
            })
        }
    }
}

/// "Only the Chief Justice may remove a member from the Leaderboard (Terms §II Act 7, 8)."
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub struct Unauthorised {
    pub power: Power,
    pub act: &'static str,
    pub rule: &'static str,
}

impl fmt::Display for Unauthorised {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "Only {} may {} ({}).",
            self.power.holders(),
            self.act,
            self.rule
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn holding(offices: &[Office]) -> Offices {
        Offices::new(offices.to_vec())
    }

    #[test]
    fn justices_and_the_chief_justice_moderate_but_staff_only_ban() {
        let staff = holding(&[Office::Staff]);
        assert!(!Power::Moderate.held_by(&staff));
        assert!(Power::Ban.held_by(&staff));
        for office in [Office::Moderator, Office::Justice, Office::ChiefJustice] {
            assert!(Power::Moderate.held_by(&holding(&[office])), "{office}");
            assert!(Power::Ban.held_by(&holding(&[office])), "{office}");
        }
        assert!(!Power::ChiefJustice.held_by(&holding(&[Office::Justice])));
    }

    #[test]
    fn only_members_of_the_court_hold_a_justices_power() {
        // Terms §III Act 3: the Court is its Justices and the Chief Justice.
        assert!(Power::Justice.held_by(&holding(&[Office::Justice])));
        assert!(Power::Justice.held_by(&holding(&[Office::ChiefJustice])));
        assert!(!Power::Justice.held_by(&holding(&[Office::Moderator, Office::Staff])));
        assert_eq!(
            Power::Justice
                .require(
                    &holding(&[Office::Moderator]),
                    "grant a hearing",
                    "Terms §III Act 3.6"
                )
                .unwrap_err()
                .to_string(),
            "Only a Justice or the Chief Justice may grant a hearing (Terms §III Act 3.6)."
        );
    }

    #[test]
    fn a_refusal_names_who_may_and_the_rule() {
        let refusal = Power::ChiefJustice
            .require(
                &holding(&[]),
                "remove a member from the Leaderboard",
                "Terms §II Act 7, 8",
            )
            .unwrap_err();
        assert_eq!(
            refusal.to_string(),
            "Only the Chief Justice may remove a member from the Leaderboard (Terms §II Act 7, 8)."
        );
        assert!(Power::Moderate
            .require(
                &holding(&[Office::Moderator]),
                "do this",
                "Terms §III Act 2, 3.4"
            )
            .is_ok());
    }
}
