//! Disputes about a game (D.I.2, A.3.v, A.12): a player or the GM brings a question to the TD,
//! who resolves it or refers it to the TMC as a motion. The TMC's ruling binds player and GM
//! only once both have confirmed that the question put was the proper and specific one; whether
//! they agree with the ruling is immaterial.

use std::fmt;

/// Where a dispute stands.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Status {
    /// With the TD.
    Raised,
    /// The TD resolved it (A.3.v).
    Resolved,
    /// Referred to the TMC as a motion (D.I.2).
    Referred,
}

impl Status {
    /// Where it stands, in a refusal's words ("it was referred").
    pub fn word(self) -> &'static str {
        match self {
            Status::Raised => "raised",
            Status::Resolved => "resolved",
            Status::Referred => "referred",
        }
    }
}

/// Who raises or confirms: the dispute's player, or a GM of its game.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Party {
    Player,
    Gm,
}

impl fmt::Display for Party {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Party::Player => "the player",
            Party::Gm => "the GM",
        })
    }
}

/// A dispute, as its rules need it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Dispute {
    pub number: i64,
    pub status: Status,
    pub player_confirmed: bool,
    pub gm_confirmed: bool,
    /// Whether the referred motion has a binding result (adopted or rejected).
    pub ruled: bool,
    /// Whether the referred motion closed without binding (too few of the sitting body voted,
    /// A.6): no panel ruled, so the question is the TD's again.
    pub vote_failed: bool,
}

#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum DisputeError {
    #[error("Dispute {0} is no longer with the TD; it was {1}.")]
    NotRaised(i64, &'static str),
    #[error("Dispute {0} is before the TMC; the TD refers it again or resolves it only once that vote has closed without binding (house rules A.6, D.I.2).")]
    BeforeTmc(i64),
    #[error("Dispute {0} was not referred to the TMC; only a referred question is confirmed (house rules D.I.2).")]
    NotReferred(i64),
    #[error(
        "Only the dispute's player or a GM of its game confirms the question (house rules D.I.2)."
    )]
    NotAParty,
    #[error("{0} has already confirmed the question of dispute {1}.")]
    AlreadyConfirmed(Party, i64),
}

impl Dispute {
    /// The TD resolves it or refers it: while it is with the TD (A.3.v), and again once the
    /// TMC's vote on it closed without binding, since then no one has ruled on it (A.6, D.I.2:
    /// the TD, "if unable to resolve the issue themselves", brings it to the TMC).
    pub fn with_td(&self) -> Result<(), DisputeError> {
        match self.status {
            Status::Raised => Ok(()),
            Status::Referred if self.vote_failed => Ok(()),
            Status::Referred if !self.ruled => Err(DisputeError::BeforeTmc(self.number)),
            other => Err(DisputeError::NotRaised(self.number, other.word())),
        }
    }

    /// A party confirms that the question put is the proper and specific one (D.I.2).
    pub fn confirm(mut self, party: Option<Party>) -> Result<Dispute, DisputeError> {
        if self.status != Status::Referred {
            return Err(DisputeError::NotReferred(self.number));
        }
        let party = party.ok_or(DisputeError::NotAParty)?;
        let done = match party {
            Party::Player => &mut self.player_confirmed,
            Party::Gm => &mut self.gm_confirmed,
        };
        if *done {
            return Err(DisputeError::AlreadyConfirmed(party, self.number));
        }
        *done = true;
        Ok(self)
    }

    /// Who has yet to confirm.
    pub fn unconfirmed(&self) -> Vec<Party> {
        let mut out = Vec::new();
        if !self.player_confirmed {
            out.push(Party::Player);
        }
        if !self.gm_confirmed {
            out.push(Party::Gm);
        }
        out
    }

    /// The TMC's ruling binds only once it is made and both parties confirmed (D.I.2).
    pub fn binding(&self) -> bool {
        self.status == Status::Referred && self.ruled && self.unconfirmed().is_empty()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn referred() -> Dispute {
        Dispute {
            number: 1,
            status: Status::Referred,
            player_confirmed: false,
            gm_confirmed: false,
            ruled: true,
            vote_failed: false,
        }
    }

    #[test]
    fn a_ruling_binds_only_after_both_player_and_gm_confirm_d_i_2() {
        let d = referred();
        assert!(!d.binding());
        let d = d.confirm(Some(Party::Player)).unwrap();
        assert!(!d.binding());
        assert_eq!(d.unconfirmed(), vec![Party::Gm]);
        let d = d.confirm(Some(Party::Gm)).unwrap();
        assert!(d.binding());
    }

    #[test]
    fn confirmations_before_the_ruling_wait_for_it_d_i_2() {
        let d = Dispute {
            ruled: false,
            ..referred()
        };
        let d = d
            .confirm(Some(Party::Player))
            .and_then(|d| d.confirm(Some(Party::Gm)))
            .unwrap();
        assert!(!d.binding());
    }

    #[test]
    fn only_the_parties_confirm_and_each_once_d_i_2() {
        assert_eq!(referred().confirm(None), Err(DisputeError::NotAParty));
        let once = referred().confirm(Some(Party::Gm)).unwrap();
        assert_eq!(
            once.confirm(Some(Party::Gm)),
            Err(DisputeError::AlreadyConfirmed(Party::Gm, 1))
        );
    }

    #[test]
    fn a_dispute_the_td_resolved_is_not_confirmed_nor_referred_again_a3_v() {
        let resolved = Dispute {
            status: Status::Resolved,
            ..referred()
        };
        assert_eq!(
            resolved.confirm(Some(Party::Player)),
            Err(DisputeError::NotReferred(1))
        );
        assert!(resolved.with_td().is_err());
    }

    #[test]
    fn a_referred_dispute_whose_vote_did_not_bind_is_the_tds_again_a6_d_i_2() {
        let failed = Dispute {
            ruled: false,
            vote_failed: true,
            ..referred()
        };
        assert_eq!(failed.with_td(), Ok(()));
        let pending = Dispute {
            ruled: false,
            ..referred()
        };
        assert_eq!(pending.with_td(), Err(DisputeError::BeforeTmc(1)));
        assert_eq!(
            referred().with_td(),
            Err(DisputeError::NotRaised(1, "referred"))
        );
    }
}
