//! A Point of Order and where it stands: its status and stage, its Judges, what a transition
//! did, and the questions asked of it (whether it is active, who judges it, when it was invoked,
//! when its current window ends).

use std::collections::BTreeSet;

use chrono::{DateTime, Utc};

use crate::domain::nomic::proposal::ProposalNumber;

use super::ruling::Ruling;
use crate::domain::nomic::PlayerId;

/// The longest statement or Judgement, inside one Discord message with room for a heading.
pub const STATEMENT_MAX: usize = 1500;

/// When each of `points` was invoked, `None` while it is pending: what a proposal needs of its
/// related Points of Order to know when it takes effect (Nomic 214 over 206).
pub fn invocations(points: &[PointOfOrder]) -> Vec<Option<DateTime<Utc>>> {
    points.iter().map(PointOfOrder::invoked_at).collect()
}

/// How a Judgement came into effect (Nomic 214: "invoking Judgement").
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Invocation {
    /// Nobody disputed it within the hour.
    Undisputed,
    /// A player other than the Judge agreed with it after a dispute.
    Agreed { by: PlayerId },
}

/// Why a Judge stopped being Judge of a Point.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Handover {
    Overruled,
    Forfeited,
    /// The Judge forfeited the game before giving Judgement (Nomic 115).
    LeftTheGame,
}

/// One Judge's time on a Point.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Judgeship {
    pub judge: PlayerId,
    pub from: DateTime<Utc>,
    pub ended: Option<(DateTime<Utc>, Handover)>,
}

/// Where a Point of Order is.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum PointStatus {
    /// The Judge must pronounce before `deadline` or forfeit the Point.
    AwaitingJudgement {
        judge: PlayerId,
        deadline: DateTime<Utc>,
    },
    /// Pronounced; any other player may dispute until `dispute_until`.
    Judged {
        judge: PlayerId,
        judgement: String,
        /// Its stated effect, carried out when it is invoked.
        ruling: Ruling,
        at: DateTime<Utc>,
        dispute_until: DateTime<Utc>,
    },
    /// Disputed; players other than the Judge may agree or disagree until `opinions_until`.
    Disputed {
        judge: PlayerId,
        judgement: String,
        ruling: Ruling,
        judged_at: DateTime<Utc>,
        disputed_by: PlayerId,
        disputed_at: DateTime<Utc>,
        opinions_until: DateTime<Utc>,
        /// The disputer and everyone who has said they disagree.
        disagreeing: BTreeSet<PlayerId>,
    },
    /// In effect (Nomic 214): gavel carries out its `ruling`.
    Invoked {
        judge: PlayerId,
        judgement: String,
        ruling: Ruling,
        at: DateTime<Utc>,
        how: Invocation,
    },
    /// Nobody is left who may judge it.
    Unsettled { at: DateTime<Utc> },
}

/// Which of [`PointStatus`]'s stages a Point is in, without its data (how it is stored and
/// listed).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum PointStage {
    AwaitingJudgement,
    Judged,
    Disputed,
    Invoked,
    Unsettled,
}

impl PointStage {
    /// How `/order list` names the stage.
    pub fn describe(self) -> &'static str {
        match self {
            PointStage::AwaitingJudgement => "awaiting Judgement",
            PointStage::Judged => "judged, open to dispute",
            PointStage::Disputed => "disputed, open to agreement or disagreement",
            PointStage::Invoked => "Judgement invoked",
            PointStage::Unsettled => "unsettled",
        }
    }
}

impl PointStatus {
    pub fn stage(&self) -> PointStage {
        match self {
            PointStatus::AwaitingJudgement { .. } => PointStage::AwaitingJudgement,
            PointStatus::Judged { .. } => PointStage::Judged,
            PointStatus::Disputed { .. } => PointStage::Disputed,
            PointStatus::Invoked { .. } => PointStage::Invoked,
            PointStatus::Unsettled { .. } => PointStage::Unsettled,
        }
    }
}

/// What a transition did, for the app to store and announce.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Happened {
    Judged {
        judge: PlayerId,
        dispute_until: DateTime<Utc>,
    },
    Disputed {
        by: PlayerId,
        opinions_until: DateTime<Utc>,
    },
    Disagreed {
        by: PlayerId,
    },
    Invoked {
        at: DateTime<Utc>,
        how: Invocation,
    },
    /// The Point passed from `judge` to `new_judge`, who must pronounce before `deadline`;
    /// `later` is when they begin to sit, when nobody could take it on the day it passed.
    HandedOver {
        judge: PlayerId,
        why: Handover,
        new_judge: PlayerId,
        later: Option<DateTime<Utc>>,
        deadline: DateTime<Utc>,
    },
    Unsettled {
        judge: PlayerId,
        why: Handover,
        at: DateTime<Utc>,
    },
}

/// A Point of Order.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PointOfOrder {
    pub raised_by: PlayerId,
    pub raised_at: DateTime<Utc>,
    pub statement: String,
    /// The proposal it concerns, if any: its effect waits for this Point (Nomic 214).
    pub about: Option<ProposalNumber>,
    /// Every Judge it has had, the current one last.
    pub judges: Vec<Judgeship>,
    pub status: PointStatus,
}

/// How many of `points` raised by `player` are still active (Nomic 214).
pub fn active_count(points: &[PointOfOrder], player: PlayerId) -> usize {
    points
        .iter()
        .filter(|p| p.raised_by == player && p.is_active())
        .count()
}

impl PointOfOrder {
    /// True until it is invoked or left unsettled.
    pub fn is_active(&self) -> bool {
        !matches!(
            self.status,
            PointStatus::Invoked { .. } | PointStatus::Unsettled { .. }
        )
    }

    /// The stated effect of its Judgement, once invoked: what gavel carries out (Nomic 214).
    pub fn invoked_ruling(&self) -> Option<Ruling> {
        match self.status {
            PointStatus::Invoked { ruling, .. } => Some(ruling),
            _ => None,
        }
    }

    /// When its Judgement was invoked, if it has been.
    pub fn invoked_at(&self) -> Option<DateTime<Utc>> {
        match self.status {
            PointStatus::Invoked { at, .. } => Some(at),
            _ => None,
        }
    }

    /// When the current Judge began to sit on it.
    pub fn judge_since(&self) -> Option<DateTime<Utc>> {
        self.judges.last().map(|j| j.from)
    }

    /// The current Judge.
    pub fn judge(&self) -> Option<PlayerId> {
        match &self.status {
            PointStatus::AwaitingJudgement { judge, .. }
            | PointStatus::Judged { judge, .. }
            | PointStatus::Disputed { judge, .. }
            | PointStatus::Invoked { judge, .. } => Some(*judge),
            PointStatus::Unsettled { .. } => None,
        }
    }

    /// When the current window ends and [`Self::run_deadlines`] has something to do.
    pub fn next_deadline(&self) -> Option<DateTime<Utc>> {
        match &self.status {
            PointStatus::AwaitingJudgement { deadline, .. } => Some(*deadline),
            PointStatus::Judged { dispute_until, .. } => Some(*dispute_until),
            PointStatus::Disputed { opinions_until, .. } => Some(*opinions_until),
            PointStatus::Invoked { .. } | PointStatus::Unsettled { .. } => None,
        }
    }
}
