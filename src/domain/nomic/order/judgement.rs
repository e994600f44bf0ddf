//! The Judge's Judgement and what the other players say of it: pronouncing, disputing within
//! the hour, agreeing and disagreeing (Nomic 214, 201).

use std::collections::BTreeSet;

use chrono::{DateTime, Utc};

use crate::domain::kernel::calendar;
use crate::domain::kernel::text::{bounded, TextError};
use crate::domain::nomic::{Nomic, PlayerId};

use super::point::{Handover, Happened, Invocation, PointOfOrder, PointStatus, STATEMENT_MAX};
use super::ruling::Ruling;

/// What a player other than the Judge said of a Judgement (Nomic 214).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Opinion {
    Dispute,
    Agree,
    Disagree,
}

/// Why a Judgement was refused.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum JudgeError {
    #[error("A Judgement pronounced on a Saturday or Sunday is void (Nomic 201).")]
    Weekend,
    #[error("This Point of Order is not awaiting a Judgement (Nomic 214).")]
    NotAwaiting,
    #[error("Only the Judge of this Point of Order may pronounce on it (Nomic 214).")]
    NotTheJudge,
    #[error("The day has ended, so the Judge has forfeited this Point of Order to the player preceding them (Nomic 214).")]
    TooLate,
    #[error("Your time as Judge of this Point of Order begins {}: nobody could take it on the day it passed to you (Nomic 214).", calendar::show(*.0, crate::domain::nomic::UK_TIME))]
    NotYet(DateTime<Utc>),
    #[error("A player who has forfeited the game judges no more; the Point has passed to the player preceding them (Nomic 115, 214).")]
    LeftTheGame,
    #[error(transparent)]
    Text(#[from] TextError),
}

/// Why a dispute was refused.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum DisputeError {
    #[error("A dispute posted on a Saturday or Sunday is void (Nomic 201).")]
    Weekend,
    #[error("Only a player may dispute a Judgement (Nomic 214).")]
    NotAPlayer,
    #[error(
        "The Judge cannot dispute their own Judgement; any of the other players may (Nomic 214)."
    )]
    ByTheJudge,
    #[error("There is no Judgement on this Point of Order to dispute (Nomic 214).")]
    NotJudged,
    #[error("This Judgement has already been disputed; say whether you agree or disagree with it (Nomic 214).")]
    AlreadyDisputed,
    #[error("The hour to dispute this Judgement has passed (Nomic 214).")]
    Closed,
}

/// Why an agreement or disagreement was refused.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum OpinionError {
    #[error("An opinion posted on a Saturday or Sunday is void (Nomic 201).")]
    Weekend,
    #[error("Only a player may agree or disagree with a Judgement (Nomic 214).")]
    NotAPlayer,
    #[error("The Judge gives no opinion on their own Judgement; players other than the Judge do (Nomic 214).")]
    ByTheJudge,
    #[error("Only a disputed Judgement is agreed or disagreed with (Nomic 214).")]
    NotDisputed,
    #[error("Your dispute already counts as disagreeing with this Judgement (Nomic 214).")]
    Disputer,
    #[error("You have already said you disagree; each player gives one opinion (Nomic 214).")]
    AlreadySaid,
    #[error("The hour for opinions on this Judgement has passed (Nomic 214).")]
    Closed,
    #[error("The dispute over this Judgement is already settled: an agreement invoked it, or every opinion disagreed and its Judge was overruled (Nomic 214).")]
    Settled,
}

impl PointOfOrder {
    /// Whether `by` may give this Point's Judgement at `at`, whatever its text: the Point awaits
    /// one, `by` is its Judge, their time has not run out, and it is not a weekend (Nomic 214,
    /// 201). Returns the Judge. Discord asks this before opening the form for the text.
    pub fn may_judge(
        &self,
        game: &Nomic,
        by: PlayerId,
        at: DateTime<Utc>,
    ) -> Result<PlayerId, JudgeError> {
        if game.is_weekend(at) {
            return Err(JudgeError::Weekend);
        }
        let PointStatus::AwaitingJudgement { judge, deadline } = self.status else {
            return Err(JudgeError::NotAwaiting);
        };
        if by != judge {
            return Err(JudgeError::NotTheJudge);
        }
        // A named Judge need not play (`orders.judge`); one who left the game judges no more.
        if game.turns.has_forfeited(by) {
            return Err(JudgeError::LeftTheGame);
        }
        if at >= deadline {
            return Err(JudgeError::TooLate);
        }
        if let Some(from) = self.judge_since().filter(|from| at < *from) {
            return Err(JudgeError::NotYet(from));
        }
        Ok(judge)
    }

    /// The Judge pronounces (Nomic 214), with no stated effect.
    pub fn judge_it(
        &mut self,
        game: &Nomic,
        by: PlayerId,
        judgement: &str,
        at: DateTime<Utc>,
    ) -> Result<Happened, JudgeError> {
        self.rule_on(game, by, judgement, Ruling::default(), at)
    }

    /// The Judge pronounces (Nomic 214), stating its effect as `ruling` (checked by
    /// [`Ruling::check`] against what the Point concerns), carried out once it is invoked.
    pub fn rule_on(
        &mut self,
        game: &Nomic,
        by: PlayerId,
        judgement: &str,
        ruling: Ruling,
        at: DateTime<Utc>,
    ) -> Result<Happened, JudgeError> {
        let judge = self.may_judge(game, by, at)?;
        let judgement = bounded("Judgement", judgement, STATEMENT_MAX)?;
        let dispute_until = at + game.params.dispute_window;
        self.status = PointStatus::Judged {
            judge,
            judgement,
            ruling,
            at,
            dispute_until,
        };
        Ok(Happened::Judged {
            judge,
            dispute_until,
        })
    }

    /// Another player disputes the Judgement within the hour (Nomic 214).
    pub fn dispute(
        &mut self,
        game: &Nomic,
        by: PlayerId,
        at: DateTime<Utc>,
    ) -> Result<Happened, DisputeError> {
        if game.is_weekend(at) {
            return Err(DisputeError::Weekend);
        }
        if !game.turns.is_player(by) {
            return Err(DisputeError::NotAPlayer);
        }
        let (judge, judgement, ruling, judged_at, dispute_until) = match &self.status {
            PointStatus::Judged {
                judge,
                judgement,
                ruling,
                at,
                dispute_until,
            } => (*judge, judgement.clone(), *ruling, *at, *dispute_until),
            PointStatus::Disputed { .. } => return Err(DisputeError::AlreadyDisputed),
            PointStatus::Invoked {
                how: Invocation::Undisputed,
                ..
            } => return Err(DisputeError::Closed),
            _ => return Err(DisputeError::NotJudged),
        };
        if by == judge {
            return Err(DisputeError::ByTheJudge);
        }
        if at >= dispute_until {
            return Err(DisputeError::Closed);
        }
        let opinions_until = at + game.params.opinion_window;
        self.status = PointStatus::Disputed {
            judge,
            judgement,
            ruling,
            judged_at,
            disputed_by: by,
            disputed_at: at,
            opinions_until,
            disagreeing: BTreeSet::from([by]),
        };
        Ok(Happened::Disputed { by, opinions_until })
    }

    /// A player other than the Judge agrees with a disputed Judgement: it is invoked (Nomic 214).
    pub fn agree(
        &mut self,
        game: &Nomic,
        by: PlayerId,
        at: DateTime<Utc>,
    ) -> Result<Happened, OpinionError> {
        let (judge, judgement, ruling) = self.check_opinion(game, by, at)?;
        let how = Invocation::Agreed { by };
        self.status = PointStatus::Invoked {
            judge,
            judgement,
            ruling,
            at,
            how,
        };
        Ok(Happened::Invoked { at, how })
    }

    /// A player other than the Judge disagrees with a disputed Judgement (Nomic 214).
    pub fn disagree(
        &mut self,
        game: &Nomic,
        by: PlayerId,
        at: DateTime<Utc>,
    ) -> Result<Happened, OpinionError> {
        let (judge, ..) = self.check_opinion(game, by, at)?;
        let PointStatus::Disputed { disagreeing, .. } = &mut self.status else {
            unreachable!("checked: the Point is disputed");
        };
        disagreeing.insert(by);
        let everyone_else = game.turns.players().filter(|p| *p != judge).count();
        if disagreeing.len() >= everyone_else {
            return Ok(self.hand_over(game, at, Handover::Overruled));
        }
        Ok(Happened::Disagreed { by })
    }

    fn check_opinion(
        &self,
        game: &Nomic,
        by: PlayerId,
        at: DateTime<Utc>,
    ) -> Result<(PlayerId, String, Ruling), OpinionError> {
        if game.is_weekend(at) {
            return Err(OpinionError::Weekend);
        }
        if !game.turns.is_player(by) {
            return Err(OpinionError::NotAPlayer);
        }
        let PointStatus::Disputed {
            judge,
            judgement,
            ruling,
            disputed_by,
            opinions_until,
            disagreeing,
            ..
        } = &self.status
        else {
            if self.opinions_have_closed() {
                return Err(OpinionError::Settled);
            }
            return Err(OpinionError::NotDisputed);
        };
        if by == *judge {
            return Err(OpinionError::ByTheJudge);
        }
        if at >= *opinions_until {
            return Err(OpinionError::Closed);
        }
        if by == *disputed_by {
            return Err(OpinionError::Disputer);
        }
        if disagreeing.contains(&by) {
            return Err(OpinionError::AlreadySaid);
        }
        Ok((*judge, judgement.clone(), *ruling))
    }

    /// True when the Point's last dispute has been settled by opinions (an agreement invoked
    /// the Judgement, or the Judge was overruled) and nothing has been judged since: an opinion
    /// now comes after the time for it.
    fn opinions_have_closed(&self) -> bool {
        match &self.status {
            PointStatus::Invoked {
                how: Invocation::Agreed { .. },
                ..
            } => true,
            PointStatus::AwaitingJudgement { .. } | PointStatus::Unsettled { .. } => matches!(
                self.judges.iter().rev().find_map(|j| j.ended),
                Some((_, Handover::Overruled))
            ),
            _ => false,
        }
    }
}
