//! Votes (D.IX): a proposal must be agreed unanimously by every player remaining in the game; an
//! abstention or an unclear vote counts against, except that on a game-end proposal whose vote
//! is due with a movement deadline, a player who also NMRs is deemed in favour; a concession
//! goes to one player only; a house-rule change needs the GM too. Votes are secret: the outcome
//! is only Passed or Failed, never a count.

use std::collections::BTreeMap;

use super::Power;

/// What is proposed.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Proposal {
    /// A game end shared by `members`; survivors left out are presumed eliminated (D.IX.4).
    Draw { members: Vec<Power> },
    /// A solo conceded to one power (D.IX.3).
    Concede { to: Power },
    /// A change to a house rule where the GM has discretion (D.IX.5).
    Rule { text: String },
}

impl Proposal {
    /// True for the proposals that end the game (D.IX.1's NMR case applies to these).
    pub fn ends_game(&self) -> bool {
        !matches!(self, Proposal::Rule { .. })
    }

    pub fn kind(&self) -> ProposalKind {
        match self {
            Proposal::Draw { .. } => ProposalKind::Draw,
            Proposal::Concede { .. } => ProposalKind::Concede,
            Proposal::Rule { .. } => ProposalKind::Rule,
        }
    }
}

/// The kind of a stored proposal: a draw, a concession or a house-rule change.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ProposalKind {
    Draw,
    Concede,
    Rule,
}

/// Where a proposal stands: open until every remaining player has voted or it lapses, then
/// passed or failed (D.IX.2).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ProposalStatus {
    Open,
    Passed,
    Failed,
}

/// A ballot. An abstention is a negative vote, always; a vote too vague to read is recorded as
/// `Unclear` and treated as uncast, which D.IX.1's NMR case may deem in favour (D.IX.1).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Ballot {
    Yes,
    No,
    Abstain,
    Unclear,
}

/// A ballot as `/diplomacy vote` offers it: the command's choices leave nothing unclear.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Cast {
    Yes,
    No,
    Abstain,
}

impl From<Cast> for Ballot {
    fn from(cast: Cast) -> Ballot {
        match cast {
            Cast::Yes => Ballot::Yes,
            Cast::No => Ballot::No,
            Cast::Abstain => Ballot::Abstain,
        }
    }
}

crate::offered_as_words! {
    ProposalKind {
        ProposalKind::Draw => "draw",
        ProposalKind::Concede => "concede",
        ProposalKind::Rule => "rule",
    }
    Cast {
        Cast::Yes => "yes",
        Cast::No => "no",
        Cast::Abstain => "abstain",
    }
}

/// The only thing a vote's result says (D.IX.2: no tally is ever revealed).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Outcome {
    Passed,
    Failed,
}

impl Outcome {
    pub fn word(self) -> &'static str {
        match self {
            Outcome::Passed => "passed",
            Outcome::Failed => "failed",
        }
    }

    /// The status a proposal with this outcome is left in.
    pub fn status(self) -> ProposalStatus {
        match self {
            Outcome::Passed => ProposalStatus::Passed,
            Outcome::Failed => ProposalStatus::Failed,
        }
    }
}

/// Why a proposal was refused.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum ProposalError {
    #[error("A draw needs at least one of the players remaining in the game (D.IX.4).")]
    EmptyDraw,
    #[error("{0} is not remaining in this game, so cannot share in a draw or be conceded one (D.IX.3, D.IX.4).")]
    NotRemaining(Power),
    #[error("A solo may be conceded to one player only (D.IX.3).")]
    ConcedeToOne,
    #[error("{0} is named twice: a draw names each surviving power once (D.IX.4).")]
    Repeated(Power),
}

/// Checks a proposal against the players remaining.
pub fn check(proposal: &Proposal, remaining: &[Power]) -> Result<(), ProposalError> {
    match proposal {
        Proposal::Draw { members } => {
            if members.is_empty() {
                return Err(ProposalError::EmptyDraw);
            }
            if let Some(p) = members
                .iter()
                .enumerate()
                .find_map(|(i, p)| members[..i].contains(p).then_some(*p))
            {
                return Err(ProposalError::Repeated(p));
            }
            match members.iter().find(|m| !remaining.contains(m)) {
                Some(p) => Err(ProposalError::NotRemaining(*p)),
                None => Ok(()),
            }
        }
        Proposal::Concede { to } if !remaining.contains(to) => {
            Err(ProposalError::NotRemaining(*to))
        }
        _ => Ok(()),
    }
}

/// What the GM knows at the vote's deadline.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Count<'a> {
    pub proposal: &'a Proposal,
    /// Every player remaining in the game.
    pub remaining: &'a [Power],
    /// The last ballot of each power that voted (revised votes replace earlier ones).
    pub ballots: &'a BTreeMap<Power, Ballot>,
    /// Powers that NMR'd the movement turn the vote was due with.
    pub nmr: &'a [Power],
    /// True when the vote is due with a movement deadline.
    pub with_movement: bool,
    /// The GM's own ballot on a house-rule change.
    pub gm: Option<Ballot>,
}

/// The result: unanimous or failed (D.IX.1, D.IX.5).
pub fn decide(c: &Count<'_>) -> Outcome {
    let nmr_favours = c.proposal.ends_game() && c.with_movement;
    let all_yes = c.remaining.iter().all(|p| match c.ballots.get(p) {
        Some(Ballot::Yes) => true,
        // An abstention is a negative vote, NMR or not (D.IX.1).
        Some(Ballot::No | Ballot::Abstain) => false,
        // Unclear is uncast (D.IX.1); uncast is No but for the NMR case.
        Some(Ballot::Unclear) | None => nmr_favours && c.nmr.contains(p),
    });
    let gm_agrees = match c.proposal {
        Proposal::Rule { .. } => c.gm == Some(Ballot::Yes),
        _ => true,
    };
    if all_yes && gm_agrees {
        Outcome::Passed
    } else {
        Outcome::Failed
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use Power::*;

    const FOUR: [Power; 4] = [Austria, England, France, Germany];

    fn draw() -> Proposal {
        Proposal::Draw {
            members: FOUR.to_vec(),
        }
    }

    fn count<'a>(
        p: &'a Proposal,
        ballots: &'a BTreeMap<Power, Ballot>,
        nmr: &'a [Power],
    ) -> Count<'a> {
        Count {
            proposal: p,
            remaining: &FOUR,
            ballots,
            nmr,
            with_movement: true,
            gm: None,
        }
    }

    #[test]
    fn a_unanimous_draw_passes_d_ix_1() {
        let p = draw();
        let b: BTreeMap<_, _> = FOUR.iter().map(|&x| (x, Ballot::Yes)).collect();
        assert_eq!(decide(&count(&p, &b, &[])), Outcome::Passed);
    }

    #[test]
    fn a_secret_draw_vote_is_defeated_by_one_abstention_d_ix_1() {
        let p = draw();
        let b: BTreeMap<_, _> = [Austria, England, France]
            .iter()
            .map(|&x| (x, Ballot::Yes))
            .collect();
        assert_eq!(decide(&count(&p, &b, &[])), Outcome::Failed);
    }

    #[test]
    fn an_unclear_vote_counts_against_d_ix_1() {
        let p = draw();
        let mut b: BTreeMap<_, _> = FOUR.iter().map(|&x| (x, Ballot::Yes)).collect();
        b.insert(Germany, Ballot::Unclear);
        assert_eq!(decide(&count(&p, &b, &[])), Outcome::Failed);
    }

    #[test]
    fn an_uncast_vote_of_a_player_who_nmrs_with_a_movement_deadline_is_in_favour_d_ix_1() {
        let p = draw();
        let b: BTreeMap<_, _> = [Austria, England, France]
            .iter()
            .map(|&x| (x, Ballot::Yes))
            .collect();
        assert_eq!(decide(&count(&p, &b, &[Germany])), Outcome::Passed);
        let mut not_movement = count(&p, &b, &[Germany]);
        not_movement.with_movement = false;
        assert_eq!(decide(&not_movement), Outcome::Failed);
    }

    #[test]
    fn an_abstention_is_a_no_even_from_a_player_who_nmrs_unlike_a_vote_never_cast_d_ix_1() {
        let p = draw();
        let mut b: BTreeMap<_, _> = [Austria, England, France]
            .iter()
            .map(|&x| (x, Ballot::Yes))
            .collect();
        assert_eq!(decide(&count(&p, &b, &[Germany])), Outcome::Passed);
        b.insert(Germany, Ballot::Abstain);
        assert_eq!(decide(&count(&p, &b, &[Germany])), Outcome::Failed);
        b.insert(Germany, Ballot::Unclear);
        assert_eq!(decide(&count(&p, &b, &[Germany])), Outcome::Passed);
    }

    #[test]
    fn a_draw_names_distinct_surviving_powers_d_ix_4() {
        let twice = Proposal::Draw {
            members: vec![England, England, France],
        };
        assert_eq!(check(&twice, &FOUR), Err(ProposalError::Repeated(England)));
        let gone = Proposal::Draw {
            members: vec![England, Turkey],
        };
        assert_eq!(
            check(&gone, &FOUR),
            Err(ProposalError::NotRemaining(Turkey))
        );
    }

    #[test]
    fn a_rule_change_needs_the_gm_and_an_nmr_does_not_count_in_favour_d_ix_5() {
        let p = Proposal::Rule {
            text: "orders until adjudication".into(),
        };
        let all: BTreeMap<_, _> = FOUR.iter().map(|&x| (x, Ballot::Yes)).collect();
        let mut c = count(&p, &all, &[]);
        assert_eq!(decide(&c), Outcome::Failed, "the GM has not agreed");
        c.gm = Some(Ballot::Yes);
        assert_eq!(decide(&c), Outcome::Passed);
        let three: BTreeMap<_, _> = [Austria, England, France]
            .iter()
            .map(|&x| (x, Ballot::Yes))
            .collect();
        let mut c = count(&p, &three, &[Germany]);
        c.gm = Some(Ballot::Yes);
        assert_eq!(decide(&c), Outcome::Failed);
    }

    #[test]
    fn a_concession_goes_to_one_remaining_player_d_ix_3() {
        assert!(check(&Proposal::Concede { to: Austria }, &FOUR).is_ok());
        assert_eq!(
            check(&Proposal::Concede { to: Turkey }, &FOUR),
            Err(ProposalError::NotRemaining(Turkey))
        );
        assert_eq!(
            check(&Proposal::Draw { members: vec![] }, &FOUR),
            Err(ProposalError::EmptyDraw)
        );
    }
}
