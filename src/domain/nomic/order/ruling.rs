//! What a Judgement decides, in a form gavel carries out: once invoked, "the decision comes into
//! effect" (Nomic 214). A Judgement is the Judge's words; beside them the Judge may state its
//! effect on the proposal the Point concerns (it takes effect, or it is void; the rule it
//! changes; the proposer's award) and the winner of a tie for the win. gavel carries out the
//! stated effect when the Judgement is invoked, and nothing it cannot read.

use crate::domain::nomic::proposal::{Proposal, ProposalNumber, RuleChange, Stage};
use crate::domain::nomic::PlayerId;

/// The most points a Judgement may award a proposer (Nomic 203).
pub const AWARD_MAX: i64 = 1000;

/// What a Judgement decides about the proposal its Point concerns.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ProposalRuling {
    /// It takes effect once adopted and every related Judgement is invoked (Nomic 214 over 206).
    TakesEffect,
    /// It is void, as a mutable rule conflicting with an immutable one is (Nomic 112): it never
    /// takes effect, and the points its vote moved are not paid (Nomic 214).
    Void,
}

/// A Judgement's stated effect: what gavel carries out when it is invoked.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct Ruling {
    /// Whether the proposal the Point concerns takes effect or is void.
    pub proposal: Option<ProposalRuling>,
    /// The rule the proposal changes, as the Judge reads its reference (Nomic 110).
    pub rule: Option<u32>,
    /// The proposer's award under Nomic 203, as the Judge reckons it.
    pub award: Option<i64>,
    /// The winner, when several players reached the winning points at once (Nomic 210, 214).
    pub winner: Option<PlayerId>,
}

/// Why a Judgement's stated effect was refused.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum RulingError {
    #[error("This Point of Order concerns no proposal, so its Judgement cannot decide a proposal's effect, rule or award; a Point about a proposal is raised with proposal:N (Nomic 214).")]
    NoProposal,
    #[error("Proposal {0} is already defeated, void or in effect: a Judgement decides the effect of a proposal still voting or held (Nomic 214).")]
    Settled(ProposalNumber),
    #[error("A void proposal takes effect on no rule and earns no award: give effect:void alone (Nomic 214).")]
    VoidWithMore,
    #[error("Proposal {0} enacts a new rule, numbered as itself, so a Judgement gives it no rule to change (Nomic 109).")]
    Enactment(ProposalNumber),
    #[error("An award is a whole number of points from 0 to {AWARD_MAX} (Nomic 203).")]
    Award,
    #[error("No tie for the win awaits a Judge, so a Judgement names no winner (Nomic 210, 214).")]
    NoTie,
    #[error("The winner a Judgement names is one of the players who reached the winning points at once (Nomic 210, 214).")]
    NotTied,
}

impl Ruling {
    /// True when the Judgement states no effect: its words alone, which gavel does not read.
    pub fn is_empty(&self) -> bool {
        *self == Ruling::default()
    }

    /// True when it decides something about the Point's proposal.
    fn on_proposal(&self) -> bool {
        self.proposal.is_some() || self.rule.is_some() || self.award.is_some()
    }

    /// Whether the Judge may state this effect on a Point about `about` while `tie` (the
    /// players tied for the win, if any) awaits a Judge.
    pub fn check(
        &self,
        about: Option<&Proposal>,
        tie: Option<&[PlayerId]>,
    ) -> Result<(), RulingError> {
        if self.on_proposal() {
            let p = about.ok_or(RulingError::NoProposal)?;
            if !matches!(p.stage, Stage::Voting | Stage::Held) {
                return Err(RulingError::Settled(p.number));
            }
            if self.proposal == Some(ProposalRuling::Void)
                && (self.rule.is_some() || self.award.is_some())
            {
                return Err(RulingError::VoidWithMore);
            }
            if self.rule.is_some() && matches!(p.changes.first(), Some(RuleChange::Enact { .. })) {
                return Err(RulingError::Enactment(p.number));
            }
            if self.award.is_some_and(|a| !(0..=AWARD_MAX).contains(&a)) {
                return Err(RulingError::Award);
            }
        }
        if let Some(winner) = self.winner {
            let tie = tie.ok_or(RulingError::NoTie)?;
            if !tie.contains(&winner) {
                return Err(RulingError::NotTied);
            }
        }
        Ok(())
    }
}

impl Ruling {
    /// `proposal` as this ruling reads it: changing the rule the ruling names, if it names one,
    /// in place of the one it names itself (Nomic 110, 214).
    pub fn applied_to(&self, proposal: &Proposal) -> Proposal {
        let mut ruled = proposal.clone();
        if let Some(to) = self.rule {
            for change in &mut ruled.changes {
                match change {
                    RuleChange::Repeal { rule }
                    | RuleChange::Amend { rule, .. }
                    | RuleChange::Transmute { rule, .. } => *rule = to,
                    RuleChange::Enact { .. } => {}
                }
            }
        }
        ruled
    }
}

/// What the invoked Judgements on a proposal's Points decided together, given in the order
/// they were invoked: void if any of them says so, otherwise the last rule and award stated.
pub fn combined(rulings: impl IntoIterator<Item = Ruling>) -> Ruling {
    rulings.into_iter().fold(Ruling::default(), |mut all, r| {
        if all.proposal != Some(ProposalRuling::Void) {
            all.proposal = r.proposal.or(all.proposal);
        }
        all.rule = r.rule.or(all.rule);
        all.award = r.award.or(all.award);
        all.winner = r.winner.or(all.winner);
        all
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::domain::nomic::NomicParameters;
    use chrono::{TimeZone, Utc};

    /// Proposal 301, voting, enacting a rule.
    fn monday_proposal() -> Proposal {
        let at = Utc.with_ymd_and_hms(2026, 11, 23, 12, 0, 0).unwrap();
        Proposal {
            number: ProposalNumber::next(None, &NomicParameters::default()),
            by: 1,
            submitted_at: at,
            closes_at: at,
            changes: vec![RuleChange::Enact {
                text: vec!["Players may pass.".into()],
            }],
            votes: Default::default(),
            stage: Stage::Voting,
        }
    }

    #[test]
    fn a_stated_effect_fits_what_the_point_concerns() {
        // Nomic 214: a Judgement decides "the legality of a move or the interpretation or
        // application of a rule"; what gavel carries out must be about the Point's proposal.
        let p = monday_proposal();
        let void = Ruling {
            proposal: Some(ProposalRuling::Void),
            ..Ruling::default()
        };
        assert_eq!(void.check(Some(&p), None), Ok(()));
        assert_eq!(void.check(None, None), Err(RulingError::NoProposal));
        let mut done = p.clone();
        done.stage = Stage::Defeated;
        assert_eq!(
            void.check(Some(&done), None),
            Err(RulingError::Settled(p.number))
        );
        let void_with_rule = Ruling {
            rule: Some(202),
            ..void
        };
        assert_eq!(
            void_with_rule.check(Some(&p), None),
            Err(RulingError::VoidWithMore)
        );
        // Monday's proposal enacts a rule: it has no other rule to change.
        let rule = Ruling {
            rule: Some(202),
            ..Ruling::default()
        };
        assert_eq!(
            rule.check(Some(&p), None),
            Err(RulingError::Enactment(p.number))
        );
        let award = Ruling {
            award: Some(-1),
            ..Ruling::default()
        };
        assert_eq!(award.check(Some(&p), None), Err(RulingError::Award));
        let winner = Ruling {
            winner: Some(3),
            ..Ruling::default()
        };
        assert_eq!(winner.check(None, None), Err(RulingError::NoTie));
        assert_eq!(winner.check(None, Some(&[2, 4])), Err(RulingError::NotTied));
        assert_eq!(winner.check(None, Some(&[3, 4])), Ok(()));
    }

    #[test]
    fn a_ruling_names_the_rule_a_proposal_changes() {
        // Nomic 214: the Judge decides "the interpretation or application of a rule", here
        // which rule a proposal's reference means.
        let mut p = monday_proposal();
        p.changes = vec![RuleChange::Amend {
            rule: 202,
            text: vec!["Before 20:00.".into()],
        }];
        let ruling = Ruling {
            proposal: Some(ProposalRuling::TakesEffect),
            rule: Some(305),
            ..Ruling::default()
        };
        assert_eq!(
            ruling.applied_to(&p).changes,
            vec![RuleChange::Amend {
                rule: 305,
                text: vec!["Before 20:00.".into()],
            }]
        );
        assert_eq!(Ruling::default().applied_to(&p), p);
    }

    #[test]
    fn a_void_ruling_stands_against_later_ones() {
        let takes = |rule| Ruling {
            proposal: Some(ProposalRuling::TakesEffect),
            rule,
            ..Ruling::default()
        };
        let void = Ruling {
            proposal: Some(ProposalRuling::Void),
            ..Ruling::default()
        };
        assert_eq!(
            combined([void, takes(Some(301))]).proposal,
            Some(ProposalRuling::Void)
        );
        let both = combined([takes(Some(202)), takes(Some(301))]);
        assert_eq!(both.rule, Some(301));
        assert_eq!(both.proposal, Some(ProposalRuling::TakesEffect));
        assert!(combined([]).is_empty());
    }
}
