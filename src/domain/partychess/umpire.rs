//! Who may be the Chess-Umpire (Rule 1230.2 §1.B: "Any active player is eligible"): a Member of
//! the club's Leaderboard who is not banned, the club's reading of an active player.

/// What the eligibility of a Chess-Umpire needs to know of someone.
#[derive(Debug, Clone, Default)]
pub struct Player {
    pub name: String,
    /// They hold an open membership of the Leaderboard.
    pub member: bool,
    /// A ban is in force against them.
    pub banned: bool,
}

/// Why someone may not be the Chess-Umpire; each names its rule.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum NotEligible {
    #[error("{0} may not be the Chess-Umpire: only an active player is eligible (Rule 1230.2 §1.B), and {0} is not a Member; they /join first.")]
    NotMember(String),
    #[error("{0} may not be the Chess-Umpire: only an active player is eligible (Rule 1230.2 §1.B), and a ban is in force against {0} (Terms §II Act 9).")]
    Banned(String),
}

/// The Chess-Umpire's eligibility (Rule 1230.2 §1.B).
pub fn may_umpire(p: &Player) -> Result<(), NotEligible> {
    if !p.member {
        return Err(NotEligible::NotMember(p.name.clone()));
    }
    if p.banned {
        return Err(NotEligible::Banned(p.name.clone()));
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_an_active_player_may_be_the_chess_umpire_rule_1230_2_1b() {
        let p = |member, banned| Player {
            name: "Ann".into(),
            member,
            banned,
        };
        assert_eq!(may_umpire(&p(true, false)), Ok(()));
        assert!(matches!(
            may_umpire(&p(false, false)),
            Err(NotEligible::NotMember(_))
        ));
        assert!(matches!(
            may_umpire(&p(true, true)),
            Err(NotEligible::Banned(_))
        ));
    }
}
