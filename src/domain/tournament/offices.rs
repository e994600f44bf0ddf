//! Who may hold a tournament's offices (ACWC Organization, Match negotiations): one function per
//! office, and one for an entry, that state the same conflicts from either side. The Director
//! will not participate; the match arbiter, who finds a player at fault and assigns match times,
//! decides between the players as the Director does, so does not play either.

/// How a person stands to one tournament.
#[derive(Debug, Clone, Default)]
pub struct Standing {
    pub name: String,
    pub tournament: i64,
    /// They have entered it.
    pub entered: bool,
    /// They are its Director.
    pub directs: bool,
    /// They are its named match arbiter.
    pub arbitrates: bool,
}

/// A conflict between playing in a tournament and judging it; each names its rule.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum Conflict {
    #[error("{name} may not direct tournament #{tournament}: {name} has entered it, and the Tournament Director will not participate (ACWC Organization).")]
    DirectorEntered { name: String, tournament: i64 },
    #[error("{name} may not be the match arbiter of tournament #{tournament}: {name} has entered it, and the arbiter finds fault and assigns match times between the players, as the Director, who will not participate, decides disputes (ACWC Match negotiations, Organization).")]
    ArbiterEntered { name: String, tournament: i64 },
    #[error("{name} may not enter tournament #{tournament}: {name} directs it, and the Tournament Director will not participate (ACWC Organization).")]
    EntrantDirects { name: String, tournament: i64 },
    #[error("{name} may not enter tournament #{tournament}: {name} is its match arbiter, who does not play in the matches they judge (ACWC Match negotiations, Organization).")]
    EntrantArbitrates { name: String, tournament: i64 },
}

/// The Director (ACWC Organization): has not entered.
pub fn may_direct(s: &Standing) -> Result<(), Conflict> {
    if s.entered {
        return Err(Conflict::DirectorEntered {
            name: s.name.clone(),
            tournament: s.tournament,
        });
    }
    Ok(())
}

/// The match arbiter (ACWC Match negotiations): has not entered.
pub fn may_arbitrate(s: &Standing) -> Result<(), Conflict> {
    if s.entered {
        return Err(Conflict::ArbiterEntered {
            name: s.name.clone(),
            tournament: s.tournament,
        });
    }
    Ok(())
}

/// An entry: not the Director, nor the match arbiter.
pub fn may_enter(s: &Standing) -> Result<(), Conflict> {
    let (name, tournament) = (s.name.clone(), s.tournament);
    if s.directs {
        return Err(Conflict::EntrantDirects { name, tournament });
    }
    if s.arbitrates {
        return Err(Conflict::EntrantArbitrates { name, tournament });
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ann(f: impl FnOnce(&mut Standing)) -> Standing {
        let mut s = Standing {
            name: "Ann".into(),
            tournament: 1,
            ..Standing::default()
        };
        f(&mut s);
        s
    }

    #[test]
    fn a_player_may_not_be_the_match_arbiter_nor_the_arbiter_enter_acwc_match_negotiations() {
        let refusal = may_arbitrate(&ann(|s| s.entered = true)).unwrap_err();
        assert!(refusal
            .to_string()
            .contains("(ACWC Match negotiations, Organization)"));
        assert!(matches!(
            may_enter(&ann(|s| s.arbitrates = true)),
            Err(Conflict::EntrantArbitrates { .. })
        ));
        assert_eq!(may_arbitrate(&ann(|_| ())), Ok(()));
    }

    #[test]
    fn the_director_does_not_participate_acwc_organization() {
        assert!(matches!(
            may_direct(&ann(|s| s.entered = true)),
            Err(Conflict::DirectorEntered { .. })
        ));
        assert!(matches!(
            may_enter(&ann(|s| s.directs = true)),
            Err(Conflict::EntrantDirects { .. })
        ));
        assert_eq!(may_enter(&ann(|_| ())), Ok(()));
    }
}
