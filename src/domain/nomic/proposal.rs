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
    #[error("A proposal must be submitted before {} club time on your allocated day; today's chance to propose has passed (Nomic 202).", .cutoff.format("%H:%M"))]
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
        let points = points::settle(
            &self.params,
            proposal.by,
            highest_rule,
            &proposal.votes,
            outcome,
            general,
        );
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

#[cfg(test)]
mod tests {
    use super::super::turns::tests::{date, rule_201, ALEX_T, ALEX_W, BEN, CHRIS, DAVE};
    use super::super::INITIAL_RULES_JSON;
    use super::*;
    use chrono::TimeZone;
    use chrono_tz::Europe::London;

    fn game() -> Nomic {
        Nomic::new(rule_201(), date(2026, 11, 23), London)
    }

    fn book() -> Rulebook {
        Rulebook::from_nomic_json(INITIAL_RULES_JSON).unwrap()
    }

    /// Club time in London on a November day (GMT, so UTC too).
    fn at(day: u32, h: u32, m: u32) -> DateTime<Utc> {
        London
            .with_ymd_and_hms(2026, 11, day, h, m, 0)
            .unwrap()
            .with_timezone(&Utc)
    }

    fn enact(text: &str) -> Vec<RuleChange> {
        vec![RuleChange::Enact {
            text: vec![text.into()],
        }]
    }

    /// Chris proposes on Monday 23 Nov at noon.
    fn monday_proposal() -> Proposal {
        game()
            .propose(
                &book(),
                None,
                CHRIS,
                enact("Players may pass."),
                at(23, 12, 0),
            )
            .unwrap()
    }

    #[test]
    fn numbers_start_at_301_and_defeated_proposals_keep_theirs() {
        // Nomic 109: every proper proposal takes the next integer, adopted or not.
        let g = game();
        let b = book();
        let mut first = monday_proposal();
        assert_eq!(first.number.get(), 301);
        g.vote(&mut first, DAVE, Ballot::No, at(23, 13, 0)).unwrap();
        let done = g.complete(&mut first, &b, &[], at(24, 0, 0)).unwrap();
        assert_eq!(done.outcome, Outcome::Defeated);
        let second = g
            .propose(
                &b,
                Some(&first),
                DAVE,
                enact("Players may rest."),
                at(24, 9, 0),
            )
            .unwrap();
        assert_eq!(second.number.get(), 302);
        assert_eq!(first.number.get(), 301);
    }

    #[test]
    fn a_proposal_made_at_the_weekend_is_void() {
        // Nomic 201. 28 Nov 2026 is a Saturday.
        let e = game()
            .propose(&book(), None, CHRIS, enact("x"), at(28, 12, 0))
            .unwrap_err();
        assert_eq!(
            e.to_string(),
            "A proposal made on a Saturday or Sunday is void (Nomic 201)."
        );
    }

    #[test]
    fn a_player_proposes_only_on_their_own_day() {
        // Nomic 202: Tuesday belongs to Dave.
        let e = game()
            .propose(&book(), None, CHRIS, enact("x"), at(24, 12, 0))
            .unwrap_err();
        assert_eq!(
            e.to_string(),
            "You may propose only on your allocated day, Monday (Nomic 202)."
        );
    }

    #[test]
    fn a_proposal_after_seven_pm_is_refused() {
        // Nomic 202: before 7pm club time. In summer 19:00 BST is 18:00 UTC.
        let g = game();
        assert!(g
            .propose(&book(), None, CHRIS, enact("x"), at(23, 18, 59))
            .is_ok());
        let e = g
            .propose(&book(), None, CHRIS, enact("x"), at(23, 19, 0))
            .unwrap_err();
        assert_eq!(
            e,
            ProposeError::AfterCutoff {
                cutoff: g.params.proposal_cutoff
            }
        );
        assert!(e.to_string().contains("before 19:00 club time"));
        let summer = Utc.with_ymd_and_hms(2026, 6, 1, 18, 30, 0).unwrap();
        assert!(matches!(
            g.propose(&book(), None, CHRIS, enact("x"), summer),
            Err(ProposeError::AfterCutoff { .. })
        ));
    }

    #[test]
    fn only_the_first_proposal_of_the_day_is_proper() {
        // Nomic 202.
        let first = monday_proposal();
        let e = game()
            .propose(&book(), Some(&first), CHRIS, enact("y"), at(23, 15, 0))
            .unwrap_err();
        assert_eq!(
            e.to_string(),
            "Only the first rule-change submitted on a day is proper, and today's is Proposal 301 (Nomic 202)."
        );
    }

    #[test]
    fn strangers_and_forfeited_players_cannot_propose() {
        // Nomic 105, 115.
        let mut g = game();
        assert_eq!(
            g.propose(&book(), None, 99, enact("x"), at(23, 12, 0)),
            Err(ProposeError::NotAPlayer)
        );
        g.turns.forfeit(CHRIS).unwrap();
        assert_eq!(
            g.propose(&book(), None, CHRIS, enact("x"), at(23, 12, 0)),
            Err(ProposeError::Forfeited)
        );
    }

    fn check(changes: Vec<RuleChange>) -> Result<Rulebook, ChangeError> {
        let p = NomicParameters::default();
        apply_changes(
            &book(),
            ProposalNumber::next(None, &p),
            &changes,
            date(2026, 11, 23),
            &p,
        )
    }

    #[test]
    fn repealing_the_last_mutable_rule_is_refused() {
        // Nomic 116: there must always be at least one mutable rule.
        let book = Rulebook::from_markdown(
            "# Small\n\n## Rule 101 [immutable]\n\nObey.\n\n## Rule 201\n\nThe only mutable rule.\n",
        )
        .unwrap();
        let p = NomicParameters::default();
        let refused = apply_changes(
            &book,
            ProposalNumber::next(None, &p),
            &[RuleChange::Repeal { rule: 201 }],
            date(2026, 11, 23),
            &p,
        );
        assert_eq!(refused, Err(ChangeError::NoMutableLeft));
        assert_eq!(
            ChangeError::NoMutableLeft.to_string(),
            "There must always be at least one mutable rule (Nomic 116)."
        );
    }

    #[test]
    fn amending_or_repealing_an_immutable_rule_is_refused() {
        // Nomic 103.
        let amend = check(vec![RuleChange::Amend {
            rule: 103,
            text: vec!["x".into()],
        }]);
        assert_eq!(
            amend.unwrap_err().to_string(),
            "Rule 103 is immutable: it may not be amended unless the same proposal first explicitly transmutes it into a mutable rule (Nomic 103, 111)."
        );
        assert_eq!(
            check(vec![RuleChange::Repeal { rule: 116 }]),
            Err(ChangeError::Immutable {
                rule: 116,
                done: "repealed"
            })
        );
    }

    #[test]
    fn an_explicit_transmutation_lets_an_immutable_rule_be_amended() {
        // Nomic 111: stated explicitly, first. The rule takes the proposal's number (109).
        let b = check(vec![
            RuleChange::Transmute {
                rule: 103,
                to: Mutability::Mutable,
            },
            RuleChange::Amend {
                rule: 103,
                text: vec!["A rule-change is any change to the rules.".into()],
            },
        ])
        .unwrap();
        assert!(b.get(&RuleId::Number(103)).is_none());
        let r = b.get(&RuleId::Number(301)).unwrap();
        assert!(r.is_mutable());
        // One proposal is one new version: the immutable first version, then this one.
        assert_eq!(r.version, 2);
        assert_eq!(r.history.len(), 1);
        assert_eq!(r.history[0].mutability, Mutability::Immutable);
        // The other order amends an immutable rule and is refused.
        assert!(matches!(
            check(vec![
                RuleChange::Amend {
                    rule: 103,
                    text: vec!["x".into()]
                },
                RuleChange::Transmute {
                    rule: 103,
                    to: Mutability::Mutable
                },
            ]),
            Err(ChangeError::Immutable { .. })
        ));
    }

    #[test]
    fn a_mutable_rule_is_amended_and_transmuted_into_an_immutable_one_together() {
        // Nomic 103, 111: the rule is mutable as the proposal finds it, so it may be amended;
        // the transmutation makes the new version immutable.
        let b = check(vec![
            RuleChange::Transmute {
                rule: 201,
                to: Mutability::Immutable,
            },
            RuleChange::Amend {
                rule: 201,
                text: vec!["Each player has one day.".into()],
            },
        ])
        .unwrap();
        let r = b.get(&RuleId::Number(301)).unwrap();
        assert_eq!(r.mutability, Mutability::Immutable);
        assert_eq!(r.paragraphs, vec!["Each player has one day.".to_owned()]);
        assert_eq!(r.version, 2);
    }

    #[test]
    fn a_transmutation_must_change_the_rule_and_the_rule_must_exist() {
        assert_eq!(
            check(vec![RuleChange::Transmute {
                rule: 201,
                to: Mutability::Mutable
            }]),
            Err(ChangeError::AlreadyIs {
                rule: 201,
                mutability: Mutability::Mutable
            })
        );
        assert_eq!(
            check(vec![RuleChange::Repeal { rule: 250 }]),
            Err(ChangeError::NoSuchRule(250))
        );
    }

    #[test]
    fn a_proposal_changes_one_rule_and_an_enactment_stands_alone() {
        // Nomic 109: the changed rule takes the proposal's number, which two rules cannot share.
        assert_eq!(
            check(vec![
                RuleChange::Repeal { rule: 205 },
                RuleChange::Repeal { rule: 207 }
            ]),
            Err(ChangeError::OneRule)
        );
        assert_eq!(
            check(vec![
                RuleChange::Enact {
                    text: vec!["x".into()]
                },
                RuleChange::Repeal { rule: 205 }
            ]),
            Err(ChangeError::EnactAlone)
        );
        assert_eq!(
            check(vec![
                RuleChange::Repeal { rule: 205 },
                RuleChange::Amend {
                    rule: 205,
                    text: vec!["x".into()]
                }
            ]),
            Err(ChangeError::AfterRepeal(205))
        );
        assert_eq!(check(vec![]), Err(ChangeError::Empty));
        assert_eq!(
            check(vec![RuleChange::Enact {
                text: vec![" ".into()]
            }]),
            Err(ChangeError::NoText)
        );
    }

    #[test]
    fn a_proposal_leaving_more_than_twenty_five_mutable_rules_is_refused() {
        // Nomic 211. The Initial Set has 15 mutable rules; make it 25.
        let p = NomicParameters::default();
        let mut b = book();
        for n in 0..10 {
            b.insert(Rule::new(
                RuleId::Number(400 + n),
                Mutability::Mutable,
                vec!["x".into()],
            ))
            .unwrap();
        }
        let number = ProposalNumber::new(500, &p).unwrap();
        let e = apply_changes(&b, number, &enact("one more"), date(2026, 11, 23), &p).unwrap_err();
        assert_eq!(
            e.to_string(),
            "This would leave 26 mutable rules; at no time may there be more than 25 (Nomic 211)."
        );
        // Transmuting an immutable rule into a mutable one counts too.
        let transmute = vec![RuleChange::Transmute {
            rule: 101,
            to: Mutability::Mutable,
        }];
        assert!(matches!(
            apply_changes(&b, number, &transmute, date(2026, 11, 23), &p),
            Err(ChangeError::TooManyMutable { count: 26, .. })
        ));
    }

    #[test]
    fn a_change_that_does_not_add_a_mutable_rule_passes_a_limit_already_exceeded() {
        // Nomic 116: rule-changes must never become impermissible; Nomic 211's limit, lowered
        // below the 15 mutable rules there are, refuses only what would add to them.
        let p = NomicParameters {
            max_mutable_rules: 1,
            ..NomicParameters::default()
        };
        let number = ProposalNumber::new(301, &p).unwrap();
        let on = date(2026, 11, 23);
        let repeal = [RuleChange::Repeal { rule: 215 }];
        assert_eq!(
            apply_changes(&book(), number, &repeal, on, &p)
                .unwrap()
                .mutable_count(),
            14
        );
        let amend = [RuleChange::Amend {
            rule: 215,
            text: vec!["Changed.".into()],
        }];
        assert!(apply_changes(&book(), number, &amend, on, &p).is_ok());
        assert!(matches!(
            apply_changes(&book(), number, &enact("one more"), on, &p),
            Err(ChangeError::TooManyMutable { count: 16, max: 1 })
        ));
    }

    #[test]
    fn a_proposal_leaving_no_mutable_rule_is_refused() {
        // Nomic 116: there must always be at least one mutable rule.
        let p = NomicParameters::default();
        let mut b = Rulebook::new("Nomic");
        b.insert(Rule::new(
            RuleId::Number(101),
            Mutability::Immutable,
            vec!["x".into()],
        ))
        .unwrap();
        b.insert(Rule::new(
            RuleId::Number(201),
            Mutability::Mutable,
            vec!["y".into()],
        ))
        .unwrap();
        let number = ProposalNumber::next(None, &p);
        for last in [
            RuleChange::Repeal { rule: 201 },
            RuleChange::Transmute {
                rule: 201,
                to: Mutability::Immutable,
            },
        ] {
            assert_eq!(
                apply_changes(&b, number, &[last], date(2026, 11, 23), &p)
                    .unwrap_err()
                    .to_string(),
                "There must always be at least one mutable rule (Nomic 116)."
            );
        }
    }

    #[test]
    fn each_player_votes_once_and_never_changes_it() {
        // Nomic 113, 208.
        let g = game();
        let mut p = monday_proposal();
        g.vote(&mut p, DAVE, Ballot::Yes, at(23, 13, 0)).unwrap();
        let e = g.vote(&mut p, DAVE, Ballot::No, at(23, 14, 0)).unwrap_err();
        assert_eq!(
            e.to_string(),
            "You have already voted Yes on this proposal; a vote may not be withdrawn or changed, and each player has exactly one (Nomic 113, 208)."
        );
        assert_eq!(p.votes[&DAVE].ballot, Ballot::Yes);
        assert_eq!(
            g.vote(&mut p, 99, Ballot::Yes, at(23, 14, 0)),
            Err(VoteError::NotAPlayer)
        );
    }

    #[test]
    fn a_vote_after_the_close_is_refused() {
        // Nomic 113: voting completes at the end of the day the proposal was submitted.
        let g = game();
        let mut p = monday_proposal();
        assert_eq!(p.closes_at, at(24, 0, 0));
        g.vote(&mut p, BEN, Ballot::Yes, at(23, 23, 59)).unwrap();
        assert_eq!(
            g.vote(&mut p, DAVE, Ballot::Yes, at(24, 0, 0)),
            Err(VoteError::Closed(p.number))
        );
    }

    #[test]
    fn a_vote_cast_at_the_weekend_is_void() {
        // Nomic 201: Friday's proposal, a vote on Saturday.
        let g = game();
        let mut p = g
            .propose(&book(), None, ALEX_W, enact("x"), at(27, 10, 0))
            .unwrap();
        let e = g.vote(&mut p, BEN, Ballot::Yes, at(28, 9, 0)).unwrap_err();
        assert_eq!(
            e.to_string(),
            "A vote cast on a Saturday or Sunday is void (Nomic 201)."
        );
    }

    #[test]
    fn an_adopted_enactment_takes_effect_at_the_close_with_the_proposals_number() {
        // Nomic 108, 109, 206. Three Yes and no No under unanimity: adopted, R = 215 so 10.
        let g = game();
        let b = book();
        let mut p = monday_proposal();
        for voter in [CHRIS, DAVE, BEN] {
            g.vote(&mut p, voter, Ballot::Yes, at(23, 13, 0)).unwrap();
        }
        assert_eq!(
            g.complete(&mut p, &b, &[], at(23, 23, 0)),
            Err(CompleteError::StillOpen { number: p.number })
        );
        let done = g.complete(&mut p, &b, &[], at(24, 3, 0)).unwrap();
        assert_eq!(done.outcome, Outcome::Adopted);
        assert_eq!(done.required, Threshold::Unanimity);
        assert_eq!(done.effect, Some(Effect::At(at(24, 0, 0))));
        assert_eq!(
            p.stage,
            Stage::InEffect {
                since: at(24, 0, 0)
            }
        );
        assert_eq!(done.highest_rule, 215);
        assert_eq!(done.points.iter().map(|c| c.change).sum::<i64>(), 10);
        let after = g.bring_into_effect(&p, &b).unwrap();
        let new = after.get(&RuleId::Number(301)).unwrap();
        // Nomic 108: in effect from the close, the first instant of Tuesday 24 Nov.
        assert_eq!(new.since, Some(date(2026, 11, 24)));
        assert_eq!(
            g.complete(&mut p, &b, &[], at(24, 3, 0)),
            Err(CompleteError::AlreadyComplete(p.number))
        );
    }

    #[test]
    fn an_amended_rule_takes_the_proposals_number_and_references_follow() {
        // Nomic 109, 110: amending 202 as 301 changes "Rule 202" in Rule 107's note to 301.
        let g = game();
        let b = book();
        let mut p = g
            .propose(
                &b,
                None,
                CHRIS,
                vec![RuleChange::Amend {
                    rule: 202,
                    text: vec!["Players may propose on their allocated day before 8pm.".into()],
                }],
                at(23, 12, 0),
            )
            .unwrap();
        g.vote(&mut p, DAVE, Ballot::Yes, at(23, 13, 0)).unwrap();
        g.complete(&mut p, &b, &[], at(24, 0, 0)).unwrap();
        let after = g.bring_into_effect(&p, &b).unwrap();
        assert!(after.get(&RuleId::Number(202)).is_none());
        assert_eq!(after.get(&RuleId::Number(301)).unwrap().version, 2);
        assert!(after.find("107").unwrap().notes[1]
            .text
            .contains("Rule 301"));
        assert_eq!(after.mutable_count(), 15);
    }

    #[test]
    fn a_transmutation_to_mutable_needs_every_eligible_voter() {
        // Nomic 111: four Yes, one player silent.
        let g = game();
        let b = book();
        let mut p = g
            .propose(
                &b,
                None,
                CHRIS,
                vec![RuleChange::Transmute {
                    rule: 106,
                    to: Mutability::Mutable,
                }],
                at(23, 12, 0),
            )
            .unwrap();
        for voter in [CHRIS, DAVE, BEN, ALEX_T] {
            g.vote(&mut p, voter, Ballot::Yes, at(23, 13, 0)).unwrap();
        }
        let done = g.complete(&mut p, &b, &[], at(24, 0, 0)).unwrap();
        assert_eq!(done.required, Threshold::UnanimityOfEligible);
        assert_eq!(done.outcome, Outcome::Defeated);
        assert_eq!(p.stage, Stage::Defeated);
    }

    #[test]
    fn a_proposal_nobody_votes_on_is_defeated_and_costs_ten() {
        // Reading of Nomic 104, 203, 207.
        let g = game();
        let mut p = monday_proposal();
        let done = g.complete(&mut p, &book(), &[], at(24, 0, 0)).unwrap();
        assert_eq!(done.outcome, Outcome::Defeated);
        assert_eq!(done.points.len(), 1);
        assert_eq!(done.points[0].change, -10);
    }

    #[test]
    fn a_majority_adopts_after_the_second_circuit_and_dissent_is_rewarded() {
        // Nomic 204, 205: Monday 7 Dec 2026 is after the second circuit from 23 Nov.
        let g = game();
        let b = book();
        let monday = |h| {
            London
                .with_ymd_and_hms(2026, 12, 7, h, 0, 0)
                .unwrap()
                .with_timezone(&Utc)
        };
        let mut p = g.propose(&b, None, CHRIS, enact("x"), monday(10)).unwrap();
        for (voter, ballot) in [(CHRIS, Ballot::Yes), (DAVE, Ballot::Yes), (BEN, Ballot::No)] {
            g.vote(&mut p, voter, ballot, monday(11)).unwrap();
        }
        let done = g
            .complete(&mut p, &b, &[], monday(23) + chrono::TimeDelta::hours(1))
            .unwrap();
        assert_eq!(done.required, Threshold::SimpleMajority);
        assert_eq!(done.outcome, Outcome::Adopted);
        assert!(done
            .points
            .iter()
            .any(|c| c.player == BEN && c.change == 10));
        // floor(10 × 2 / 3) for the proposer.
        assert!(done
            .points
            .iter()
            .any(|c| c.player == CHRIS && c.change == 6));
    }

    #[test]
    fn a_proposal_cannot_take_a_number_a_rule_already_has() {
        // Nomic 109: the proposal's number becomes the changed rule's.
        let p = NomicParameters::default();
        let mut b = book();
        b.insert(Rule::new(
            RuleId::Number(301),
            Mutability::Mutable,
            vec!["x".into()],
        ))
        .unwrap();
        let number = ProposalNumber::next(None, &p);
        assert_eq!(
            apply_changes(&b, number, &enact("y"), date(2026, 11, 23), &p)
                .unwrap_err()
                .to_string(),
            "Rule 301 already exists, so this proposal cannot take its number (Nomic 109)."
        );
    }

    #[test]
    fn only_a_held_proposal_is_released() {
        let g = game();
        let mut p = monday_proposal();
        assert_eq!(g.release(&mut p, &[]), Err(ReleaseError::NotHeld(p.number)));
    }
}
