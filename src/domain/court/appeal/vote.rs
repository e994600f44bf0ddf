//! Voting (Terms §III Acts 3.3, 3.8, 3.9): a Justice's ballot, the judgement the majority
//! makes, a panel that splits three ways, a whole Court with no majority, and votes recorded
//! after the decision.

use chrono_tz::Tz;

use crate::domain::court::panel::Bench;
use crate::domain::court::standing::Filing;
use crate::domain::court::verdict::{Ballot, Decision, InvalidVote, Verdict};
use crate::domain::kernel::calendar;

use super::state::{Appeal, EnBancRequest, Hearing, Judgement, WrongStage};

/// Why a vote was refused.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum VoteRefusal {
    #[error(transparent)]
    Stage(#[from] WrongStage),
    #[error("Only the Justices sitting on this appeal vote on it (Terms §III Act 3.3, 3.7).")]
    NotOnBench,
    #[error("Each Justice votes once; your vote is already recorded (Terms §III Act 3.3).")]
    AlreadyVoted,
    #[error(transparent)]
    Invalid(#[from] InvalidVote),
    #[error("The Chief Justice hears an appeal alone by the office's discretionary power, and you no longer hold it; the Chief Justice re-seats this appeal, alone or with a panel (Terms §III Acts 3.3, 3.7).")]
    NoLongerChief,
}

impl Appeal {
    /// Records a Justice's vote and, when it makes a majority, the judgement. A panel that
    /// splits three ways votes again; a whole Court that reaches no majority leaves standing
    /// what it reviewed. A Justice of the bench who had not voted when the decision was
    /// reached may still vote, for the record; the decision does not change.
    pub fn vote(&self, filing: &Filing, ballot: Ballot, tz: Tz) -> Result<Appeal, VoteRefusal> {
        let today = calendar::local_date(ballot.at, tz);
        match self {
            Appeal::Hearing(hearing) => {
                let hearing = cast(hearing, filing, ballot, today)?;
                Ok(conclude(hearing, None))
            }
            Appeal::EnBanc { panel, hearing } => {
                let hearing = cast(hearing, filing, ballot, today)?;
                Ok(conclude(hearing, Some(panel.clone())))
            }
            Appeal::Decided { judgement, en_banc } => Ok(Appeal::Decided {
                judgement: late(judgement, filing, ballot, today)?,
                en_banc: en_banc.clone(),
            }),
            Appeal::Final { panel, judgement } => Ok(Appeal::Final {
                panel: panel.clone(),
                judgement: late(judgement, filing, ballot, today)?,
            }),
            _ => Err(self.wrong("voted on").into()),
        }
    }

    /// Whether `justice` may vote now, whatever the vote: the appeal is before a bench (or
    /// decided, for a vote recorded late), `justice` sits on it and has not voted (Terms §III
    /// Act 3.3). Discord asks this before opening the form for a vote's reasons.
    pub fn may_vote(&self, justice: i64) -> Result<(), VoteRefusal> {
        let (bench, ballots) = match self {
            Appeal::Hearing(h) | Appeal::EnBanc { hearing: h, .. } => (&h.bench, &h.ballots),
            Appeal::Decided { judgement: j, .. } | Appeal::Final { judgement: j, .. } => {
                (&j.bench, &j.ballots)
            }
            _ => return Err(self.wrong("voted on").into()),
        };
        may_cast(bench, ballots, justice)
    }
}

/// Adds a ballot to the current round.
fn cast(
    hearing: &Hearing,
    filing: &Filing,
    ballot: Ballot,
    today: chrono::NaiveDate,
) -> Result<Hearing, VoteRefusal> {
    may_cast(&hearing.bench, &hearing.ballots, ballot.justice)?;
    ballot.vote.validate(&filing.subject, today)?;
    let mut next = hearing.clone();
    next.ballots.push(ballot);
    Ok(next)
}

/// A Justice votes only from the bench, and once (Terms §III Act 3.3).
fn may_cast(bench: &Bench, ballots: &[Ballot], justice: i64) -> Result<(), VoteRefusal> {
    if !bench.sits(justice) {
        return Err(VoteRefusal::NotOnBench);
    }
    if ballots.iter().any(|b| b.justice == justice) {
        return Err(VoteRefusal::AlreadyVoted);
    }
    Ok(())
}

/// Records a vote cast after the decision, for the record.
fn late(
    judgement: &Judgement,
    filing: &Filing,
    ballot: Ballot,
    today: chrono::NaiveDate,
) -> Result<Judgement, VoteRefusal> {
    let hearing = Hearing {
        bench: judgement.bench.clone(),
        ballots: judgement.ballots.clone(),
        split_rounds: Vec::new(),
    };
    let hearing = cast(&hearing, filing, ballot, today)?;
    Ok(Judgement {
        ballots: hearing.ballots,
        ..judgement.clone()
    })
}

/// The state after a vote: still hearing, a new round, or a judgement.
pub(super) fn conclude(mut hearing: Hearing, panel: Option<Judgement>) -> Appeal {
    let judged = |hearing: Hearing, decision, at, by_majority| Judgement {
        bench: hearing.bench,
        ballots: hearing.ballots,
        decision,
        decided_at: at,
        by_majority,
    };
    let last_at = hearing.ballots.last().map(|b| b.at);
    match Verdict::from_votes(&hearing.bench, &hearing.ballots) {
        Verdict::Pending { .. } => wrap(hearing, panel),
        Verdict::Split => {
            let round = std::mem::take(&mut hearing.ballots);
            hearing.split_rounds.push(round);
            wrap(hearing, panel)
        }
        Verdict::Reached { decision, at, .. } => {
            let en_banc = hearing.bench.is_en_banc();
            let judgement = judged(hearing, decision, at, true);
            if en_banc {
                Appeal::Final { panel, judgement }
            } else {
                Appeal::Decided {
                    judgement,
                    en_banc: EnBancRequest::NotRequested,
                }
            }
        }
        Verdict::NoMajority => {
            // What the whole Court reviewed stands: the panel's decision, or on a direct
            // challenge the action itself.
            let decision = panel
                .as_ref()
                .map_or(Decision::Uphold, |p| p.decision.clone());
            let at = last_at.expect("every Justice voted");
            Appeal::Final {
                judgement: judged(hearing, decision, at, false),
                panel,
            }
        }
    }
}

fn wrap(hearing: Hearing, panel: Option<Judgement>) -> Appeal {
    match panel {
        Some(panel) => Appeal::EnBanc { panel, hearing },
        None => Appeal::Hearing(hearing),
    }
}
