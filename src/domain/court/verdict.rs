//! Votes and the tally: uphold, overturn (with what replaces the decision) or remand (with
//! conditions) (Terms §III Act 3.8); a majority of the bench decides (Act 3.3, 3.9), and the
//! decision takes effect with the vote that makes the majority.

use chrono::{DateTime, NaiveDate, Utc};

use crate::domain::kernel::calendar;
use crate::domain::kernel::text::Reason;
use crate::domain::moderation::ladder::{self, BanDateError, Step};
use crate::domain::moderation::normalise;

use super::panel::Bench;
use super::standing::{Action, Subject};

/// A ground on which the Court overturns.
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub enum Ground {
    /// Failure to give proper reasoning invalidates a penalty in severity or in entirety
    /// (Terms §III Act 2.4.3).
    NoProperReasoning,
}

/// What the Court puts in place of an overturned decision (Terms §III Act 3.8b).
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub enum Replacement {
    /// Nothing: the action is void, reversed as though it never happened.
    Void,
    /// The ban ends on this Friday instead, shorter or longer (Terms §II Act 9.3, 9.4).
    BanEnds(NaiveDate),
    /// A lesser step of the fraud ladder (Terms §II Act 5).
    LesserStep(Step),
    /// For a matter that is not a case: the Court's own ruling, in words.
    Ruling(Reason),
    /// A deduction or award of fewer points instead (Terms §III Acts 2.4.3, 3.8b): smaller
    /// than the one appealed, never larger.
    Points(i64),
}

/// An overturn: what replaces the decision, and the ground if it is §III Act 2.4.3.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct Overturn {
    pub replacement: Replacement,
    pub ground: Option<Ground>,
}

/// One Justice's vote.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub enum Vote {
    Uphold,
    Overturn(Overturn),
    /// Back to the Moderator, to re-evaluate under these conditions (Terms §III Act 3.8a).
    Remand {
        conditions: Reason,
    },
}

/// Why a vote's content was refused.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum InvalidVote {
    #[error("Only a ban's end can be changed, and {what} is not a ban (Terms §II Act 9.3, 9.4).")]
    NotABan { what: String },
    #[error(transparent)]
    BanDate(#[from] BanDateError),
    #[error("The ban already ends on {0}; to keep it, vote to uphold (Terms §III Act 3.8).")]
    SameBanEnd(String),
    #[error(
        "Only a fraud violation has steps of the ladder, and {what} is not one (Terms §II Act 5)."
    )]
    NotAViolation { what: String },
    #[error("Step {chosen} is not lesser than step {current}, the step taken (Terms §II Act 5).")]
    NotLesser { current: i64, chosen: i64 },
    #[error("Want of proper reasoning may invalidate a penalty in severity or in entirety, never make it harsher (Terms §III Act 2.4.3).")]
    Harsher,
    #[error("Want of proper reasoning is a ground against a declared penalty, and this is not one (Terms §III Act 2.4, 2.4.3).")]
    NotAPenalty,
    #[error("Want of proper reasoning is a ground against a declared penalty, and case #{case} has not been declared: an undeclared penalty is void at its deadline instead (Terms §III Act 2.4.2, 2.4.3).")]
    Undeclared { case: i64 },
    #[error("For a case, say what replaces the decision: void, a new ban end or a lesser step; a ruling in words is for other matters (Terms §III Act 3.8).")]
    RulingOnACase,
    #[error("A matter has no case to void, re-date or lessen: give the Court's ruling in words (Terms §III Act 3.8).")]
    NotACase,
    #[error("A weekly absence or inactivity deduction is made by the rules themselves, not decided by a Moderator, so there is nobody to re-decide it; the whole Court upholds or overturns it (Terms §II Act 6.3; §III Acts 3.8, 5).")]
    WeeklyNotRemanded,
    #[error("A matter was not decided by a Moderator, so there is nobody to remand it to; uphold or overturn it (Terms §III Act 3.8).")]
    NothingToRemand,
    #[error("Only a deduction or an award has points to lessen, and {what} is neither (Terms §II Act 3; §III Act 3.8b).")]
    NoPoints { what: String },
    #[error("{chosen} points is not fewer than the {current} of the decision; the Court may put a smaller deduction or award in its place, never a larger one (Terms §III Acts 2.4.3, 3.8b).")]
    NotFewer { current: i64, chosen: i64 },
}

/// Want of proper reasoning (Terms §III Act 2.4.3) is judged on a declaration: a penalty not yet
/// declared has no reasoning to find wanting, and is void at its deadline if none comes (2.4.2).
pub fn reasoning_ground_applies(case: i64, declared: bool) -> Result<(), InvalidVote> {
    if declared {
        Ok(())
    } else {
        Err(InvalidVote::Undeclared { case })
    }
}

impl Vote {
    /// Checks the vote against the action appealed. `today` is the club-local date: a new ban
    /// end must be a Friday after it (Terms §II Act 9.2).
    pub fn validate(&self, subject: &Subject, today: NaiveDate) -> Result<(), InvalidVote> {
        let facts = match (self, subject) {
            (Vote::Uphold, _) => return Ok(()),
            (Vote::Remand { .. }, Subject::Matter(_)) => return Err(InvalidVote::NothingToRemand),
            (Vote::Remand { .. }, Subject::Action(facts))
                if matches!(facts.action, Action::Absence | Action::Inactivity) =>
            {
                return Err(InvalidVote::WeeklyNotRemanded)
            }
            (Vote::Remand { .. }, Subject::Action(_)) => return Ok(()),
            (Vote::Overturn(o), Subject::Matter(_)) => {
                return match o.replacement {
                    Replacement::Ruling(_) if o.ground.is_none() => Ok(()),
                    Replacement::Ruling(_) => Err(InvalidVote::NotAPenalty),
                    _ => Err(InvalidVote::NotACase),
                };
            }
            (Vote::Overturn(_), Subject::Action(facts)) => facts,
        };
        let Vote::Overturn(overturn) = self else {
            unreachable!("matched above")
        };
        if overturn.ground == Some(Ground::NoProperReasoning) && !facts.action.is_penalty() {
            return Err(InvalidVote::NotAPenalty);
        }
        match &overturn.replacement {
            Replacement::Void => Ok(()),
            Replacement::Ruling(_) => Err(InvalidVote::RulingOnACase),
            Replacement::BanEnds(end) => {
                let current = facts
                    .action
                    .ban_end()
                    .ok_or_else(|| InvalidVote::NotABan { what: facts.name() })?;
                ladder::is_future_ban_end(*end, today)?;
                if current == Some(*end) {
                    return Err(InvalidVote::SameBanEnd(calendar::show_date(*end)));
                }
                // A permanent ban (no end) is longer than any dated one.
                let longer = current.is_some_and(|c| *end > c);
                if longer && overturn.ground == Some(Ground::NoProperReasoning) {
                    return Err(InvalidVote::Harsher);
                }
                Ok(())
            }
            Replacement::Points(chosen) => {
                if !matches!(facts.action, Action::Deduction | Action::Award) {
                    return Err(InvalidVote::NoPoints { what: facts.name() });
                }
                match facts.points {
                    Some(current) if *chosen >= current => Err(InvalidVote::NotFewer {
                        current,
                        chosen: *chosen,
                    }),
                    _ => Ok(()),
                }
            }
            Replacement::LesserStep(chosen) => {
                let Action::Violation { step, .. } = facts.action else {
                    return Err(InvalidVote::NotAViolation { what: facts.name() });
                };
                if *chosen >= step {
                    return Err(InvalidVote::NotLesser {
                        current: step.number(),
                        chosen: chosen.number(),
                    });
                }
                Ok(())
            }
        }
    }

    /// Whether two votes concur: the same decision and, for an overturn, the same replacement
    /// (it is part of the decision, §III Act 3.8b); for a remand, the same conditions (the
    /// Moderator re-evaluates under them, §III Act 3.8a, and contradictory ones are no
    /// decision). Conditions are compared without regard to case, spacing or punctuation.
    pub fn concurs_with(&self, other: &Vote) -> bool {
        match (self, other) {
            (Vote::Uphold, Vote::Uphold) => true,
            (Vote::Remand { conditions: a }, Vote::Remand { conditions: b }) => {
                same_conditions(a, b)
            }
            (Vote::Overturn(a), Vote::Overturn(b)) => a.replacement == b.replacement,
            _ => false,
        }
    }
}

/// Two remands' conditions are the same, told alike or differently in case, spacing or
/// punctuation.
fn same_conditions(a: &Reason, b: &Reason) -> bool {
    normalise(a.as_str()) == normalise(b.as_str())
}

/// A vote cast, with the Justice's reasons.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct Ballot {
    pub justice: i64,
    pub vote: Vote,
    pub reasons: Reason,
    pub at: DateTime<Utc>,
}

/// The decision a Justice votes for (Terms §III Act 3.8), as `/court vote decision:` offers it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum VoteDecision {
    Uphold,
    Overturn,
    Remand,
}

/// The Chief Justice's answer to a request for an en banc hearing (Terms §III Act 3.9.1).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum EnBancAnswer {
    Accept,
    Refuse,
}

crate::offered_as_words! {
    VoteDecision {
        VoteDecision::Uphold => "uphold",
        VoteDecision::Overturn => "overturn",
        VoteDecision::Remand => "remand",
    }
    EnBancAnswer {
        EnBancAnswer::Accept => "accept",
        EnBancAnswer::Refuse => "refuse",
    }
}

/// What the Court decided.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub enum Decision {
    Uphold,
    Overturn(Overturn),
    Remand { conditions: Vec<Reason> },
}

impl Decision {
    /// Whether a vote concurs with this decision.
    pub fn concurs(&self, vote: &Vote) -> bool {
        match (self, vote) {
            (Decision::Uphold, Vote::Uphold) => true,
            (Decision::Remand { conditions }, Vote::Remand { conditions: c }) => {
                conditions.iter().any(|d| same_conditions(d, c))
            }
            (Decision::Overturn(a), Vote::Overturn(b)) => a.replacement == b.replacement,
            _ => false,
        }
    }
}

/// Where a tally stands.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Verdict {
    /// No majority yet; more votes are due.
    Pending { cast: usize, needed: usize },
    /// A majority concurred; the decision took effect with the vote cast `at`.
    Reached {
        decision: Decision,
        majority: Vec<i64>,
        at: DateTime<Utc>,
    },
    /// Every panellist voted and no two concurred: the panel votes again.
    Split,
    /// Every Justice of the whole Court voted and no majority formed: what was under review
    /// stands.
    NoMajority,
}

impl Verdict {
    /// Tallies `ballots` (in the order cast) for `bench`: the decision is reached by the first
    /// ballot that gives one position a majority of the bench.
    pub fn from_votes(bench: &Bench, ballots: &[Ballot]) -> Verdict {
        let needed = bench.majority();
        for (i, ballot) in ballots.iter().enumerate() {
            let cast = &ballots[..=i];
            let concurring: Vec<&Ballot> = cast
                .iter()
                .filter(|b| b.vote.concurs_with(&ballot.vote))
                .collect();
            if concurring.len() >= needed {
                let decision = match &ballot.vote {
                    Vote::Uphold => Decision::Uphold,
                    Vote::Overturn(o) => Decision::Overturn(o.clone()),
                    // The concurring votes set the same conditions: the decision states them
                    // once, as the first of them wrote them.
                    Vote::Remand { .. } => Decision::Remand {
                        conditions: concurring
                            .iter()
                            .find_map(|b| match &b.vote {
                                Vote::Remand { conditions } => Some(conditions.clone()),
                                _ => None,
                            })
                            .into_iter()
                            .collect(),
                    },
                };
                return Verdict::Reached {
                    decision,
                    majority: concurring.iter().map(|b| b.justice).collect(),
                    at: ballot.at,
                };
            }
        }
        if ballots.len() < bench.seats().len() {
            Verdict::Pending {
                cast: ballots.len(),
                needed,
            }
        } else if bench.is_en_banc() {
            Verdict::NoMajority
        } else {
            Verdict::Split
        }
    }
}

#[cfg(test)]
pub(super) mod tests;
