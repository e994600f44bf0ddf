//! Proposals: what a rule-change may do (Nomic 103, 109, 111, 116, 211), who may propose it and
//! when (Nomic 201, 202), its number (Nomic 109), its votes (Nomic 105, 113, 208), the
//! completion of its vote (Nomic 104, 113, 203-207) and its effect on the rulebook (Nomic 108,
//! 109, 110, 206, 214).

use std::collections::BTreeMap;
use std::fmt;

use chrono::{DateTime, Datelike, NaiveTime, Utc, Weekday};

use super::points::{self, PointsChange};
use super::tally::{self, Ballot, Outcome, Tally, Threshold, Vote};
use super::{Nomic, NomicParameters, PlayerId};
use crate::domain::kernel::calendar;
use crate::domain::nomic::rulebook::{Mutability, Rule, RuleId, Rulebook};

/// A proposal's number (Nomic 109).
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct ProposalNumber(u32);

impl ProposalNumber {
    /// A stored number; numbers begin at the first proposal's (Nomic 109).
    pub fn new(n: u32, params: &NomicParameters) -> Option<Self> {
        (n >= params.first_proposal).then_some(ProposalNumber(n))
    }

    /// The number the next proper proposal receives: the first, or the next integer after the
    /// last, adopted or not (Nomic 109).
    pub fn next(last: Option<ProposalNumber>, params: &NomicParameters) -> Self {
        match last {
            Some(ProposalNumber(n)) => ProposalNumber(n + 1),
            None => ProposalNumber(params.first_proposal),
        }
    }

    pub fn get(self) -> u32 {
        self.0
    }
}

impl fmt::Display for ProposalNumber {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.0)
    }
}

/// One change to the rules (Nomic 103).
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum RuleChange {
    /// A new mutable rule, numbered as the proposal.
    Enact { text: Vec<String> },
    /// Removes a mutable rule.
    Repeal { rule: u32 },
    /// Replaces a mutable rule's text.
    Amend { rule: u32, text: Vec<String> },
    /// Makes a rule mutable or immutable; never implied (Nomic 111).
    Transmute { rule: u32, to: Mutability },
}

impl RuleChange {
    fn target(&self) -> Option<u32> {
        match self {
            RuleChange::Enact { .. } => None,
            RuleChange::Repeal { rule }
            | RuleChange::Amend { rule, .. }
            | RuleChange::Transmute { rule, .. } => Some(*rule),
        }
    }
}

/// Why a set of rule-changes is not a proper rule-change.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum ChangeError {
    #[error("A proposal must make at least one rule-change (Nomic 103).")]
    Empty,
    #[error("An enactment creates one new rule numbered as the proposal, so it cannot share a proposal with other changes (Nomic 109).")]
    EnactAlone,
    #[error("A proposal changes one rule, which then takes the proposal's number (Nomic 109).")]
    OneRule,
    #[error("There is no Rule {0} (Nomic 103).")]
    NoSuchRule(u32),
    #[error("Rule {rule} is immutable: it may not be {done} unless the same proposal first explicitly transmutes it into a mutable rule (Nomic 103, 111).")]
    Immutable { rule: u32, done: &'static str },
    #[error("Rule {rule} is already {mutability}: a transmutation must change it (Nomic 103).")]
    AlreadyIs { rule: u32, mutability: Mutability },
    #[error("Rule {0} is repealed by this proposal; nothing more can be done to it (Nomic 103).")]
    AfterRepeal(u32),
    #[error("A rule needs text: rule-changes are submitted in text form (Nomic 107).")]
    NoText,
    #[error("This would leave {count} mutable rules; at no time may there be more than {max} (Nomic 211).")]
    TooManyMutable { count: usize, max: usize },
    #[error("There must always be at least one mutable rule (Nomic 116).")]
    NoMutableLeft,
    #[error("Rule {0} already exists, so this proposal cannot take its number (Nomic 109).")]
    NumberTaken(u32),
}

/// Applies `changes`, proposed as `number`, to a copy of `book` as they would take effect on
/// `on`: the changed or enacted rule takes the proposal's number and references follow it
/// (Nomic 109, 110). Checks every rule a proposal must satisfy (Nomic 103, 111, 116, 211).
pub fn apply_changes(
    book: &Rulebook,
    number: ProposalNumber,
    changes: &[RuleChange],
    on: chrono::NaiveDate,
    params: &NomicParameters,
) -> Result<Rulebook, ChangeError> {
    if changes.is_empty() {
        return Err(ChangeError::Empty);
    }
    if changes.len() > 1 && changes.iter().any(|c| c.target().is_none()) {
        return Err(ChangeError::EnactAlone);
    }
    let target = changes[0].target();
    if changes.iter().any(|c| c.target() != target) {
        return Err(ChangeError::OneRule);
    }
    let n = number.get();
    if book.get(&RuleId::Number(n)).is_some() {
        return Err(ChangeError::NumberTaken(n));
    }
    let mut out = book.clone();
    let mut repealed = false;
    for change in changes {
        let existing = change
            .target()
            .map(|rule| {
                if repealed {
                    return Err(ChangeError::AfterRepeal(rule));
                }
                out.get(&RuleId::Number(rule))
                    .map(|r| (rule, r.mutability))
                    .ok_or(ChangeError::NoSuchRule(rule))
            })
            .transpose()?;
        // A rule may be amended or repealed while it is mutable: as it stood before this
        // proposal (a proposal may amend a mutable rule and transmute it into an immutable
        // one), or after this proposal first explicitly transmuted it (Nomic 103, 111).
        let was_mutable = |rule: u32| {
            book.get(&RuleId::Number(rule))
                .is_some_and(|r| r.mutability == Mutability::Mutable)
        };
        let must_be_mutable = |done| match existing {
            Some((rule, Mutability::Immutable)) if !was_mutable(rule) => {
                Err(ChangeError::Immutable { rule, done })
            }
            _ => Ok(()),
        };
        let has_text = |text: &Vec<String>| {
            if text.iter().all(|p| p.trim().is_empty()) {
                Err(ChangeError::NoText)
            } else {
                Ok(())
            }
        };
        match change {
            RuleChange::Enact { text } => {
                has_text(text)?;
                let mut rule = Rule::new(RuleId::Number(n), Mutability::Mutable, text.clone());
                rule.since = Some(on);
                out.insert(rule).map_err(|_| ChangeError::NumberTaken(n))?;
            }
            RuleChange::Repeal { rule } => {
                must_be_mutable("repealed")?;
                out.remove(&RuleId::Number(*rule))
                    .map_err(|_| ChangeError::NoSuchRule(*rule))?;
                repealed = true;
            }
            RuleChange::Amend { rule, text } => {
                must_be_mutable("amended")?;
                has_text(text)?;
                out.amend(&RuleId::Number(*rule), text.clone(), on)
                    .map_err(|_| ChangeError::NoSuchRule(*rule))?;
            }
            RuleChange::Transmute { rule, to } => {
                if existing.is_some_and(|(_, m)| m == *to) {
                    return Err(ChangeError::AlreadyIs {
                        rule: *rule,
                        mutability: *to,
                    });
                }
                out.transmute(&RuleId::Number(*rule), *to, on)
                    .map_err(|_| ChangeError::NoSuchRule(*rule))?;
            }
        }
    }
    if let (Some(rule), false) = (target, repealed) {
        // One proposal makes one new version of its rule, however many changes it makes
        // (a transmutation and an amendment together are one version, not two).
        let id = RuleId::Number(rule);
        if let (Some(original), Ok(mut changed)) = (book.get(&id), out.remove(&id)) {
            let mut changed = changed.remove(0);
            changed.version = original.version + 1;
            changed.history.truncate(original.history.len() + 1);
            out.insert(changed)
                .map_err(|_| ChangeError::NoSuchRule(rule))?;
        }
        out.renumber(rule, n)
            .map_err(|_| ChangeError::NumberTaken(n))?;
    }
    // A change that does not add to the mutable rules is never refused for their number, even
    // when a lowered limit is already exceeded: otherwise no rule-change could ever be made to
    // bring them under it (Nomic 116, 211).
    let count = out.mutable_count();
    if count > params.max_mutable_rules && count > book.mutable_count() {
        return Err(ChangeError::TooManyMutable {
            count,
            max: params.max_mutable_rules,
        });
    }
    if count == 0 {
        return Err(ChangeError::NoMutableLeft);
    }
    Ok(out)
}

/// Why a proposal was refused.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum ProposeError {
    #[error("Only a player may propose a rule-change (Nomic 105, 201).")]
    NotAPlayer,
    #[error("You forfeited the game, so you may no longer propose (Nomic 115).")]
    Forfeited,
    #[error("A proposal made on a Saturday or Sunday is void (Nomic 201).")]
    Weekend,
    #[error("You may propose only on your allocated day, {day} (Nomic 202).", day = calendar::weekday_name(*.yours))]
    NotYourDay { yours: Weekday },
    #[error("A proposal must be submitted before {} UK time on your allocated day; today's chance to propose has passed (Nomic 202).", .cutoff.format("%H:%M"))]
    AfterCutoff { cutoff: NaiveTime },
    #[error("Only the first rule-change submitted on a day is proper, and today's is Proposal {today} (Nomic 202).")]
    NotFirst { today: ProposalNumber },
    #[error(transparent)]
    Change(#[from] ChangeError),
}

/// When an adopted proposal takes effect, given its related Judgements.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Effect {
    /// At this instant (Nomic 206).
    At(DateTime<Utc>),
    /// Not until `pending` more related Judgements are invoked (Nomic 214).
    Held { pending: usize },
}

/// Nomic 214 over 206: an adopted change takes effect at the close, or when the last related
/// Judgement is invoked if that is later; not while any is pending.
/// `related` holds when each related Judgement was invoked, `None` while it is pending.
pub fn effect_of(close: DateTime<Utc>, related: &[Option<DateTime<Utc>>]) -> Effect {
    let pending = related.iter().filter(|p| p.is_none()).count();
    if pending > 0 {
        return Effect::Held { pending };
    }
    Effect::At(related.iter().flatten().copied().fold(close, DateTime::max))
}

/// Why a vote was refused.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum VoteError {
    #[error("Only players vote (Nomic 105).")]
    NotAPlayer,
    #[error("A vote cast on a Saturday or Sunday is void (Nomic 201).")]
    Weekend,
    #[error("Voting on Proposal {0} has completed: it closes at the end of the day it was submitted (Nomic 113).")]
    Closed(ProposalNumber),
    #[error("You have already voted {0} on this proposal; a vote may not be withdrawn or changed, and each player has exactly one (Nomic 113, 208).")]
    AlreadyVoted(Ballot),
}

/// Where a proposal is in its life.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Stage {
    /// Open for votes until `closes_at` (Nomic 113).
    Voting,
    /// Not adopted (Nomic 104, 207).
    Defeated,
    /// Adopted while a related Judgement is pending; takes effect when all are invoked
    /// (Nomic 214 over 206).
    Held,
    /// In effect since this instant (Nomic 108, 206).
    InEffect { since: DateTime<Utc> },
}

/// A proposed rule-change.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Proposal {
    pub number: ProposalNumber,
    pub by: PlayerId,
    pub submitted_at: DateTime<Utc>,
    /// The end of the club day it was submitted (Nomic 113).
    pub closes_at: DateTime<Utc>,
    pub changes: Vec<RuleChange>,
    pub votes: BTreeMap<PlayerId, Vote>,
    pub stage: Stage,
}

impl Proposal {
    /// True when it transmutes an immutable rule into a mutable one (Nomic 111).
    pub fn transmutes_to_mutable(&self) -> bool {
        self.changes.iter().any(|c| {
            matches!(
                c,
                RuleChange::Transmute {
                    to: Mutability::Mutable,
                    ..
                }
            )
        })
    }

    /// True once its vote has completed but it is not in effect: adopted and held back
    /// (Nomic 214). A defeated proposal never comes into effect, so it is not "not yet" in
    /// effect.
    pub fn awaits_effect(&self) -> bool {
        self.stage == Stage::Held
    }
}

/// What completing a vote decided.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Completion {
    pub number: ProposalNumber,
    pub proposer: PlayerId,
    pub tally: Tally,
    /// What adoption required (Nomic 204, 111).
    pub required: Threshold,
    pub outcome: Outcome,
    /// R in Nomic 203.
    pub highest_rule: u32,
    pub points: Vec<PointsChange>,
    /// When an adopted change takes effect; `None` for a defeated one.
    pub effect: Option<Effect>,
}

impl Completion {
    /// The points to pay at the close: all of them, unless the change is held for a Judgement,
    /// when "all other actions under dispute are delayed until all relevant Judgements are
    /// invoked" (Nomic 214): they are paid when it takes effect, and never if it does not.
    pub fn points_due_now(&self) -> &[PointsChange] {
        match self.effect {
            Some(Effect::Held { .. }) => &[],
            _ => &self.points,
        }
    }
}

/// Why a vote could not be completed.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum CompleteError {
    #[error("Voting on Proposal {number} is open until the end of the day it was submitted (Nomic 113).")]
    StillOpen { number: ProposalNumber },
    #[error("Voting on Proposal {0} has already completed (Nomic 113).")]
    AlreadyComplete(ProposalNumber),
}

/// Why a held proposal cannot take effect yet.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum ReleaseError {
    #[error("Proposal {0} is not waiting for Judgements.")]
    NotHeld(ProposalNumber),
    #[error("Proposal {number} takes effect only when all related Judgements are invoked; {pending} still pending (Nomic 214).")]
    Pending {
        number: ProposalNumber,
        pending: usize,
    },
}

impl Nomic {
    /// A player proposes `changes` at `at` (Nomic 107). `last` is the most recent proper
    /// proposal, which fixes this one's number and whether today's has been made (Nomic 109,
    /// 202).
    pub fn propose(
        &self,
        book: &Rulebook,
        last: Option<&Proposal>,
        by: PlayerId,
        changes: Vec<RuleChange>,
        at: DateTime<Utc>,
    ) -> Result<Proposal, ProposeError> {
        if self.turns.has_forfeited(by) {
            return Err(ProposeError::Forfeited);
        }
        let Some(yours) = self.turns.day_of(by) else {
            return Err(ProposeError::NotAPlayer);
        };
        if self.is_weekend(at) {
            return Err(ProposeError::Weekend);
        }
        let today = self.day_of(at);
        if today.weekday() != yours {
            return Err(ProposeError::NotYourDay { yours });
        }
        if at >= self.proposal_cutoff_on(today) {
            return Err(ProposeError::AfterCutoff {
                cutoff: self.params.proposal_cutoff,
            });
        }
        if let Some(last) = last.filter(|l| self.day_of(l.submitted_at) == today) {
            return Err(ProposeError::NotFirst { today: last.number });
        }
        let number = ProposalNumber::next(last.map(|l| l.number), &self.params);
        apply_changes(book, number, &changes, today, &self.params)?;
        Ok(Proposal {
            number,
            by,
            submitted_at: at,
            closes_at: self.voting_closes_at(at),
            changes,
            votes: BTreeMap::new(),
            stage: Stage::Voting,
        })
    }

    /// A player votes (Nomic 113): once, never changed, before the close, not at a weekend.
    pub fn vote(
        &self,
        proposal: &mut Proposal,
        voter: PlayerId,
        ballot: Ballot,
        at: DateTime<Utc>,
    ) -> Result<(), VoteError> {
        if !self.turns.is_player(voter) {
            return Err(VoteError::NotAPlayer);
        }
        if self.is_weekend(at) {
            return Err(VoteError::Weekend);
        }
        if proposal.stage != Stage::Voting || at >= proposal.closes_at {
            return Err(VoteError::Closed(proposal.number));
        }
        if let Some(cast) = proposal.votes.get(&voter) {
            return Err(VoteError::AlreadyVoted(cast.ballot));
        }
        proposal.votes.insert(voter, Vote { ballot, at });
        Ok(())
    }

    /// Completes the vote at its close (Nomic 113), whenever after it this runs: decides
    /// adoption (Nomic 104, 111, 204), settles points (Nomic 203, 205, 207) and says when an
    /// adopted change takes effect (Nomic 206, 214). `book` is the rulebook at the close and
    /// `related` the invocations of the Judgements on Points of Order raised about this proposal
    /// (`None` while one is pending; `order::invocations` gives them).
    pub fn complete(
        &self,
        proposal: &mut Proposal,
        book: &Rulebook,
        related: &[Option<DateTime<Utc>>],
        now: DateTime<Utc>,
    ) -> Result<Completion, CompleteError> {
        if proposal.stage != Stage::Voting {
            return Err(CompleteError::AlreadyComplete(proposal.number));
        }
        if now < proposal.closes_at {
            return Err(CompleteError::StillOpen {
                number: proposal.number,
            });
        }
        let general = self.threshold_at(proposal.closes_at, book);
        let required = if proposal.transmutes_to_mutable() {
            Threshold::UnanimityOfEligible
        } else {
            general
        };
        let outcome = tally::decide(required, &proposal.votes, &self.turns.eligible_voters());
        let highest_rule = book.highest_number().unwrap_or(0);
        let mut points = points::settle(
            &self.params,
            proposal.by,
            highest_rule,
            &proposal.votes,
            outcome,
            general,
        );
        // A player who forfeited has left the game and earns nothing (Nomic 115).
        points.retain(|c| !self.turns.has_forfeited(c.player));
        let effect = match outcome {
            Outcome::Defeated => {
                proposal.stage = Stage::Defeated;
                None
            }
            Outcome::Adopted => {
                let effect = effect_of(proposal.closes_at, related);
                proposal.stage = match effect {
                    Effect::At(since) => Stage::InEffect { since },
                    Effect::Held { .. } => Stage::Held,
                };
                Some(effect)
            }
        };
        Ok(Completion {
            number: proposal.number,
            proposer: proposal.by,
            tally: Tally::of(&proposal.votes),
            required,
            outcome,
            highest_rule,
            points,
            effect,
        })
    }

    /// A held proposal takes effect once every related Judgement is invoked, at the last
    /// invocation (Nomic 214).
    pub fn release(
        &self,
        proposal: &mut Proposal,
        related: &[Option<DateTime<Utc>>],
    ) -> Result<DateTime<Utc>, ReleaseError> {
        if proposal.stage != Stage::Held {
            return Err(ReleaseError::NotHeld(proposal.number));
        }
        match effect_of(proposal.closes_at, related) {
            Effect::At(since) => {
                proposal.stage = Stage::InEffect { since };
                Ok(since)
            }
            Effect::Held { pending } => Err(ReleaseError::Pending {
                number: proposal.number,
                pending,
            }),
        }
    }

    /// The rulebook once an adopted proposal is in effect (Nomic 108, 109, 110). The changes
    /// are checked again against the rulebook of that moment: a held change that no longer
    /// fits it is refused, and the caller records it void.
    pub fn bring_into_effect(
        &self,
        proposal: &Proposal,
        book: &Rulebook,
    ) -> Result<Rulebook, ChangeError> {
        let since = match proposal.stage {
            Stage::InEffect { since } => since,
            _ => proposal.closes_at,
        };
        // Dated the club day of the instant it takes effect: no rule-change takes effect before
        // the vote completes (Nomic 108), and the close is the first instant of the next day.
        let on = self.day_of(since);
        apply_changes(book, proposal.number, &proposal.changes, on, &self.params)
    }
}

mod renumbering;
#[cfg(test)]
mod tests;
