//! Points of Order (Nomic 214, with 215 as the Judge's reference): raising one, the Judge of the
//! day, Judgement, dispute, agreement and disagreement, overruling, a Judge's forfeit at the end
//! of the day, every window's deadline, and when a proposal waiting on Judgements takes effect.
//!
//! A Point of Order is a [`PointOfOrder`] whose [`PointStatus`] moves only through its methods;
//! each returns what [`Happened`] for the app to store and announce, or a typed refusal. The
//! scheduler calls [`PointOfOrder::run_deadlines`] at [`PointOfOrder::next_deadline`].
//!
//! # Readings
//!
//! - **The Judge of the day** is the player whose allocated day most recently preceded the
//!   current day in the order of Nomic 201, going further back past the player whose day it is,
//!   their team-mates and anyone who has forfeited (Nomic 214, 115). The same player therefore
//!   judges every new Point raised that day, until the next day's turn begins.
//! - **Overruling and forfeit move one Point.** The player preceding the Judge becomes Judge
//!   "for the Point of Order" (Nomic 214); the day's Judge still takes new Points, so distinct
//!   Judges may sit on several Points at once, as the rule's note says. The walk back skips the
//!   player whose day it is when the Point changes hands, and their team-mates; it may come
//!   round to an overruled Judge again ("and so on"), but not to one who forfeited it, who is
//!   no "new Judge". When nobody is left the Point is [`PointStatus::Unsettled`], for the
//!   players to resolve under Nomic 215.
//! - **The Judge's day.** A Judge who has not pronounced by the end of the club day on which they
//!   became Judge forfeits the Point (Nomic 214 says "invoked"; a Judge cannot invoke their own
//!   Judgement, which is invoked by the hour passing or an agreement, so the Judge's duty is to
//!   pronounce). A Judge who becomes Judge on a Saturday or Sunday, when nothing they post
//!   counts (Nomic 201), has until the end of the Monday.
//! - **Windows are elapsed hours.** The hour to dispute and the hour for opinions are 60 real
//!   minutes, whatever the clocks do; messages in them at the weekend are void (Nomic 201).
//! - **The disputer disagrees.** A dispute is the disputer's disagreement; they give no further
//!   opinion. If nobody else speaks within the hour the Judge is overruled, since every player
//!   who expressed an opinion disagreed (Nomic 214). One agreement from any player other than the
//!   Judge invokes the Judgement at once; if every player other than the Judge has disagreed
//!   before the hour is up, nothing can change and the Judge is overruled at once.
//! - **Active Points** are those not yet invoked or left unsettled; at most three each
//!   (Nomic 214).
//! - **No Point against a held proposal.** A Point may not be raised about a proposal whose vote
//!   has completed and which is adopted but not yet in effect (Nomic 214). A defeated proposal
//!   never comes into effect, so it is not "not yet" in effect, and Points about it are allowed.
//! - **Effect after Judgement.** A proposal adopted while a related Judgement is pending takes
//!   effect when the last related Judgement is invoked, at that instant (Nomic 214 over 206); if
//!   they were all invoked before the close, at the close.

use std::collections::BTreeSet;

use chrono::{DateTime, Datelike, Days, NaiveDate, Utc};

use crate::domain::kernel::calendar;
use crate::domain::kernel::text::{bounded, TextError};
use crate::domain::nomic::proposal::{Proposal, ProposalNumber};
use crate::domain::nomic::turns::is_weekend;
use crate::domain::nomic::{Nomic, PlayerId};

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
        at: DateTime<Utc>,
        dispute_until: DateTime<Utc>,
    },
    /// Disputed; players other than the Judge may agree or disagree until `opinions_until`.
    Disputed {
        judge: PlayerId,
        judgement: String,
        judged_at: DateTime<Utc>,
        disputed_by: PlayerId,
        disputed_at: DateTime<Utc>,
        opinions_until: DateTime<Utc>,
        /// The disputer and everyone who has said they disagree.
        disagreeing: BTreeSet<PlayerId>,
    },
    /// In effect (Nomic 214).
    Invoked {
        judge: PlayerId,
        judgement: String,
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

/// What a player other than the Judge said of a Judgement (Nomic 214).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Opinion {
    Dispute,
    Agree,
    Disagree,
}

/// How the Judge of a new Point is named: the rotation of Nomic 214, or (a club's choice) the
/// Chief Justice, with overruling and forfeit passing the Point along the rotation as usual.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum JudgeChoice {
    Rotation,
    Named(PlayerId),
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
    /// The Point passed from `judge` to `new_judge`, who must pronounce before `deadline`.
    HandedOver {
        judge: PlayerId,
        why: Handover,
        new_judge: PlayerId,
        deadline: DateTime<Utc>,
    },
    Unsettled {
        judge: PlayerId,
        why: Handover,
        at: DateTime<Utc>,
    },
}

/// "Point of Order" or "Points of Order", as `n` needs.
fn points_of_order(n: usize) -> &'static str {
    if n == 1 {
        "Point of Order"
    } else {
        "Points of Order"
    }
}

/// Why a Point of Order could not be raised.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum RaiseError {
    #[error("Only a player may raise a Point of Order (Nomic 214).")]
    NotAPlayer,
    #[error("A Point of Order raised on a Saturday or Sunday is void (Nomic 201).")]
    Weekend,
    #[error("You already have {max} active {}; no player may have more than {max} at any one time (Nomic 214).", points_of_order(*max))]
    TooMany { max: usize },
    #[error("Voting on Proposal {0} has completed and it has not yet come into effect, so no Point of Order may be raised against it (Nomic 214).")]
    AwaitingEffect(ProposalNumber),
    #[error("No player can be Judge today: everyone still playing is on the side of the player whose day it is (Nomic 214).")]
    NoJudge,
    #[error(transparent)]
    Text(#[from] TextError),
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

/// The end of the first club weekday on or after `from`'s day: a Judge's deadline.
pub fn judge_deadline(game: &Nomic, from: DateTime<Utc>) -> DateTime<Utc> {
    calendar::end_of_day(sitting_day(game, from), game.tz)
}

/// The club day on which a Judge who takes a Point at `from` sits: that day, or the Monday
/// after a weekend, when nothing posted counts (Nomic 201). Whose turn it is, and so who may
/// not judge, is reckoned on this day (Nomic 214).
pub fn sitting_day(game: &Nomic, from: DateTime<Utc>) -> NaiveDate {
    let mut day = game.day_of(from);
    while is_weekend(day.weekday()) {
        day = day + Days::new(1);
    }
    day
}

/// How many of `points` raised by `player` are still active (Nomic 214).
pub fn active_count(points: &[PointOfOrder], player: PlayerId) -> usize {
    points
        .iter()
        .filter(|p| p.raised_by == player && p.is_active())
        .count()
}

impl PointOfOrder {
    /// A player raises a Point of Order (Nomic 214). `active` is how many of theirs are active;
    /// `about` is the proposal it concerns, if any. The Judge of the day takes it.
    pub fn raise(
        game: &Nomic,
        by: PlayerId,
        statement: &str,
        about: Option<&Proposal>,
        active: usize,
        at: DateTime<Utc>,
    ) -> Result<PointOfOrder, RaiseError> {
        Self::raise_to(
            game,
            JudgeChoice::Rotation,
            by,
            statement,
            about,
            active,
            at,
        )
    }

    /// [`Self::raise`], with the club's way of naming the first Judge.
    pub fn raise_to(
        game: &Nomic,
        choice: JudgeChoice,
        by: PlayerId,
        statement: &str,
        about: Option<&Proposal>,
        active: usize,
        at: DateTime<Utc>,
    ) -> Result<PointOfOrder, RaiseError> {
        if !game.turns.is_player(by) {
            return Err(RaiseError::NotAPlayer);
        }
        if game.is_weekend(at) {
            return Err(RaiseError::Weekend);
        }
        let max = game.params.max_active_points;
        if active >= max {
            return Err(RaiseError::TooMany { max });
        }
        if let Some(p) = about.filter(|p| p.awaits_effect()) {
            return Err(RaiseError::AwaitingEffect(p.number));
        }
        let statement = bounded("statement", statement, STATEMENT_MAX)?;
        let judge = match choice {
            JudgeChoice::Named(judge) => judge,
            JudgeChoice::Rotation => game
                .turns
                .judge_on(game.day_of(at))
                .ok_or(RaiseError::NoJudge)?,
        };
        Ok(PointOfOrder {
            raised_by: by,
            raised_at: at,
            statement,
            about: about.map(|p| p.number),
            judges: vec![Judgeship {
                judge,
                from: at,
                ended: None,
            }],
            status: PointStatus::AwaitingJudgement {
                judge,
                deadline: judge_deadline(game, at),
            },
        })
    }

    /// True until it is invoked or left unsettled.
    pub fn is_active(&self) -> bool {
        !matches!(
            self.status,
            PointStatus::Invoked { .. } | PointStatus::Unsettled { .. }
        )
    }

    /// When its Judgement was invoked, if it has been.
    pub fn invoked_at(&self) -> Option<DateTime<Utc>> {
        match self.status {
            PointStatus::Invoked { at, .. } => Some(at),
            _ => None,
        }
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
        if !game.turns.is_player(by) {
            return Err(JudgeError::LeftTheGame);
        }
        if at >= deadline {
            return Err(JudgeError::TooLate);
        }
        Ok(judge)
    }

    /// The Judge pronounces (Nomic 214).
    pub fn judge_it(
        &mut self,
        game: &Nomic,
        by: PlayerId,
        judgement: &str,
        at: DateTime<Utc>,
    ) -> Result<Happened, JudgeError> {
        let judge = self.may_judge(game, by, at)?;
        let judgement = bounded("Judgement", judgement, STATEMENT_MAX)?;
        let dispute_until = at + game.params.dispute_window;
        self.status = PointStatus::Judged {
            judge,
            judgement,
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
        let (judge, judgement, judged_at, dispute_until) = match &self.status {
            PointStatus::Judged {
                judge,
                judgement,
                at,
                dispute_until,
            } => (*judge, judgement.clone(), *at, *dispute_until),
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
        let (judge, judgement) = self.check_opinion(game, by, at)?;
        let how = Invocation::Agreed { by };
        self.status = PointStatus::Invoked {
            judge,
            judgement,
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
        let (judge, _) = self.check_opinion(game, by, at)?;
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
    ) -> Result<(PlayerId, String), OpinionError> {
        if game.is_weekend(at) {
            return Err(OpinionError::Weekend);
        }
        if !game.turns.is_player(by) {
            return Err(OpinionError::NotAPlayer);
        }
        let PointStatus::Disputed {
            judge,
            judgement,
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
        Ok((*judge, judgement.clone()))
    }

    /// Applies every deadline that has passed by `now`, in order, at the instant each fell due
    /// (so a late job decides as an punctual one would): an undisputed Judgement is invoked, a
    /// dispute nobody agreed with overrules the Judge, a Judge who did not pronounce in their day
    /// forfeits the Point (Nomic 214). Returns nothing when nothing was due.
    pub fn run_deadlines(&mut self, game: &Nomic, now: DateTime<Utc>) -> Vec<Happened> {
        let mut happened = Vec::new();
        while let Some(due) = self.next_deadline().filter(|d| *d <= now) {
            let step = match &self.status {
                PointStatus::AwaitingJudgement { .. } => {
                    self.hand_over(game, due, Handover::Forfeited)
                }
                PointStatus::Judged {
                    judge, judgement, ..
                } => {
                    let how = Invocation::Undisputed;
                    self.status = PointStatus::Invoked {
                        judge: *judge,
                        judgement: judgement.clone(),
                        at: due,
                        how,
                    };
                    Happened::Invoked { at: due, how }
                }
                PointStatus::Disputed { .. } => self.hand_over(game, due, Handover::Overruled),
                PointStatus::Invoked { .. } | PointStatus::Unsettled { .. } => break,
            };
            happened.push(step);
        }
        happened
    }

    /// `player` has forfeited the game (Nomic 115): a Point awaiting their Judgement passes at
    /// once to the player preceding them, as a forfeit of the Point would (Nomic 214). A
    /// Judgement they gave while playing stands.
    pub fn judge_left_game(
        &mut self,
        game: &Nomic,
        player: PlayerId,
        at: DateTime<Utc>,
    ) -> Option<Happened> {
        match self.status {
            PointStatus::AwaitingJudgement { judge, .. } if judge == player => {
                Some(self.hand_over(game, at, Handover::LeftTheGame))
            }
            _ => None,
        }
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

    /// True when `player` has been this Point's Judge and forfeited it.
    fn forfeited_by(&self, player: PlayerId) -> bool {
        self.judges
            .iter()
            .any(|j| j.judge == player && matches!(j.ended, Some((_, Handover::Forfeited))))
    }

    /// The Point passes to the player preceding the Judge, as of `at` (Nomic 214).
    fn hand_over(&mut self, game: &Nomic, at: DateTime<Utc>, why: Handover) -> Happened {
        let judge = self.judge().expect("a Point being handed over has a Judge");
        if let Some(current) = self.judges.last_mut() {
            current.ended = Some((at, why));
        }
        // A player who has already forfeited this Point is not a new Judge for it, so the walk
        // back passes over them; when nobody is left, every player who could judge declined.
        let next = game
            .turns
            .judge_after_skipping(judge, sitting_day(game, at), |p| self.forfeited_by(p));
        match next {
            Some(new_judge) => {
                let deadline = judge_deadline(game, at);
                self.judges.push(Judgeship {
                    judge: new_judge,
                    from: at,
                    ended: None,
                });
                self.status = PointStatus::AwaitingJudgement {
                    judge: new_judge,
                    deadline,
                };
                Happened::HandedOver {
                    judge,
                    why,
                    new_judge,
                    deadline,
                }
            }
            None => {
                self.status = PointStatus::Unsettled { at };
                Happened::Unsettled { judge, why, at }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::domain::nomic::proposal::{effect_of, Effect, RuleChange, Stage};
    use crate::domain::nomic::rulebook::Rulebook;
    use crate::domain::nomic::tally::Ballot;
    use crate::domain::nomic::turns::tests::{date, rule_201, ALEX_T, ALEX_W, BEN, CHRIS, DAVE};
    use crate::domain::nomic::INITIAL_RULES_JSON;
    use chrono::{TimeDelta, TimeZone};
    use chrono_tz::Europe::London;

    fn game() -> Nomic {
        Nomic::new(rule_201(), date(2026, 11, 23), London)
    }

    /// Club time in London in late November 2026 (GMT). The 24th is a Tuesday.
    fn at(day: u32, h: u32, m: u32) -> DateTime<Utc> {
        London
            .with_ymd_and_hms(2026, 11, day, h, m, 0)
            .unwrap()
            .with_timezone(&Utc)
    }

    /// Ben raises a Point on Tuesday 24 Nov at 10:00; Chris (Monday) judges.
    fn tuesday_point() -> PointOfOrder {
        PointOfOrder::raise(
            &game(),
            BEN,
            "Was Dave's vote void?",
            None,
            0,
            at(24, 10, 0),
        )
        .unwrap()
    }

    #[test]
    fn after_a_weekend_the_new_judge_is_chosen_for_the_monday_they_sit() {
        // Nomic 214: "no player is to be Judge during his or her own turn"; a Judge taking a
        // Point at the weekend sits on the Monday (Nomic 201), so Monday's player is passed over.
        let turns = crate::domain::nomic::turns::Turns::new([
            (CHRIS, chrono::Weekday::Mon),
            (DAVE, chrono::Weekday::Tue),
            (ALEX_W, chrono::Weekday::Fri),
        ])
        .unwrap();
        let g = Nomic::new(turns, date(2026, 11, 23), London);
        // Friday 27 Nov: Alex W's turn, so Dave (Tuesday) judges, and forfeits at midnight.
        let mut p = PointOfOrder::raise(&g, CHRIS, "Q?", None, 0, at(27, 10, 0)).unwrap();
        assert_eq!(p.judge(), Some(DAVE));
        p.run_deadlines(&g, at(28, 0, 0));
        // Chris precedes Dave, but Monday is Chris's turn: Alex W judges, until Monday ends.
        assert_eq!(p.judge(), Some(ALEX_W));
        assert_eq!(
            p.next_deadline(),
            Some(at(30, 23, 59) + TimeDelta::minutes(1))
        );
    }

    #[test]
    fn a_judge_who_leaves_the_game_passes_the_point_on_at_once() {
        // Nomic 115, 214: a player who forfeits the game judges no more.
        let mut g = game();
        let mut p = tuesday_point();
        assert_eq!(p.judge(), Some(CHRIS));
        g.turns.forfeit(CHRIS).unwrap();
        assert_eq!(
            p.clone().judge_it(&g, CHRIS, "Too late.", at(24, 10, 5)),
            Err(JudgeError::LeftTheGame)
        );
        let happened = p.judge_left_game(&g, CHRIS, at(24, 10, 5));
        assert!(matches!(
            happened,
            Some(Happened::HandedOver {
                judge: CHRIS,
                why: Handover::LeftTheGame,
                new_judge: ALEX_W,
                ..
            })
        ));
        // Someone else leaving changes nothing.
        assert_eq!(p.judge_left_game(&g, BEN, at(24, 10, 6)), None);
    }

    #[test]
    fn the_judge_is_yesterdays_player_with_until_the_end_of_the_day() {
        // Nomic 214.
        let p = tuesday_point();
        assert_eq!(
            p.status,
            PointStatus::AwaitingJudgement {
                judge: CHRIS,
                deadline: at(25, 0, 0)
            }
        );
    }

    #[test]
    fn a_second_point_the_same_day_goes_to_the_same_judge() {
        // Nomic 214: one Judge settles all questions until the next turn begins.
        let g = game();
        let later =
            PointOfOrder::raise(&g, DAVE, "Another question", None, 0, at(24, 21, 0)).unwrap();
        assert_eq!(later.judge(), Some(CHRIS));
        let next_day = PointOfOrder::raise(&g, DAVE, "A third", None, 0, at(25, 9, 0)).unwrap();
        assert_eq!(next_day.judge(), Some(DAVE));
    }

    #[test]
    fn a_point_every_judge_has_forfeited_is_unsettled_not_passed_round_forever() {
        // Nomic 214: "and so on for each new Judge". A Judge who forfeited it once is not new.
        let g = game();
        let mut p = tuesday_point();
        let happened = p.run_deadlines(&g, at(30, 12, 0) + TimeDelta::days(14));
        assert!(matches!(
            happened.last(),
            Some(Happened::Unsettled {
                why: Handover::Forfeited,
                ..
            })
        ));
        assert_eq!(p.status.stage(), PointStage::Unsettled);
        let forfeiters: Vec<PlayerId> = p
            .judges
            .iter()
            .filter(|j| matches!(j.ended, Some((_, Handover::Forfeited))))
            .map(|j| j.judge)
            .collect();
        let distinct: BTreeSet<PlayerId> = forfeiters.iter().copied().collect();
        assert!(forfeiters.len() >= 4, "{forfeiters:?}");
        assert_eq!(distinct.len(), forfeiters.len(), "nobody forfeits it twice");
    }

    #[test]
    fn a_club_may_name_the_chief_justice_as_every_points_first_judge() {
        // orders.judge = "chief_justice": the named Judge takes the Point; overruling still
        // passes it along the order of Nomic 214.
        let g = game();
        let mut p = PointOfOrder::raise_to(
            &g,
            JudgeChoice::Named(ALEX_W),
            BEN,
            "Was it void?",
            None,
            0,
            at(24, 10, 0),
        )
        .unwrap();
        assert_eq!(p.judge(), Some(ALEX_W));
        assert_eq!(p.status.stage(), PointStage::AwaitingJudgement);
        p.judge_it(&g, ALEX_W, "It was.", at(24, 11, 0)).unwrap();
        assert_eq!(p.status.stage(), PointStage::Judged);
    }

    #[test]
    fn a_point_raised_at_the_weekend_is_void() {
        // Nomic 201. 29 Nov 2026 is a Sunday.
        let e = PointOfOrder::raise(&game(), BEN, "x y", None, 0, at(29, 10, 0)).unwrap_err();
        assert_eq!(
            e.to_string(),
            "A Point of Order raised on a Saturday or Sunday is void (Nomic 201)."
        );
    }

    #[test]
    fn no_player_may_have_more_than_three_active_points() {
        // Nomic 214. Invoked Points are no longer active.
        let g = game();
        let mut points = vec![tuesday_point(), tuesday_point(), tuesday_point()];
        assert_eq!(active_count(&points, BEN), 3);
        let e = PointOfOrder::raise(&g, BEN, "a fourth", None, 3, at(24, 11, 0)).unwrap_err();
        assert_eq!(
            e.to_string(),
            "You already have 3 active Points of Order; no player may have more than 3 at any one time (Nomic 214)."
        );
        points[0]
            .judge_it(&g, CHRIS, "Void.", at(24, 12, 0))
            .unwrap();
        points[0].run_deadlines(&g, at(24, 13, 0));
        assert_eq!(active_count(&points, BEN), 2);
    }

    #[test]
    fn only_players_raise_points_and_a_statement_is_needed() {
        let g = game();
        assert_eq!(
            PointOfOrder::raise(&g, 99, "x", None, 0, at(24, 10, 0)),
            Err(RaiseError::NotAPlayer)
        );
        assert!(matches!(
            PointOfOrder::raise(&g, BEN, "  ", None, 0, at(24, 10, 0)),
            Err(RaiseError::Text(TextError::Empty { .. }))
        ));
    }

    #[test]
    fn nobody_can_judge_when_everyone_is_on_todays_side() {
        let turns = crate::domain::nomic::Turns::new([
            (CHRIS, chrono::Weekday::Mon),
            (DAVE, chrono::Weekday::Tue),
        ])
        .unwrap()
        .with_teams([(CHRIS, 1), (DAVE, 1)]);
        let g = Nomic::new(turns, date(2026, 11, 23), London);
        assert_eq!(
            PointOfOrder::raise(&g, CHRIS, "x", None, 0, at(24, 10, 0)),
            Err(RaiseError::NoJudge)
        );
    }

    #[test]
    fn an_undisputed_judgement_is_invoked_after_an_hour() {
        // Nomic 214.
        let g = game();
        let mut p = tuesday_point();
        assert_eq!(
            p.judge_it(&g, CHRIS, "The vote was void.", at(24, 12, 0)),
            Ok(Happened::Judged {
                judge: CHRIS,
                dispute_until: at(24, 13, 0)
            })
        );
        assert!(p.run_deadlines(&g, at(24, 12, 59)).is_empty());
        // A job running late still invokes at the hour's end.
        assert_eq!(
            p.run_deadlines(&g, at(24, 15, 0)),
            vec![Happened::Invoked {
                at: at(24, 13, 0),
                how: Invocation::Undisputed
            }]
        );
        assert_eq!(p.invoked_at(), Some(at(24, 13, 0)));
        assert!(!p.is_active());
    }

    #[test]
    fn only_the_judge_pronounces_and_only_on_a_weekday() {
        let g = game();
        let mut p = tuesday_point();
        assert_eq!(
            p.judge_it(&g, DAVE, "x", at(24, 12, 0)),
            Err(JudgeError::NotTheJudge)
        );
        // A Friday Point, judged on Saturday, is void.
        let mut friday = PointOfOrder::raise(&g, BEN, "x", None, 0, at(27, 22, 0)).unwrap();
        assert_eq!(friday.judge(), Some(ALEX_T));
        assert_eq!(
            friday.judge_it(&g, ALEX_T, "x", at(28, 9, 0)),
            Err(JudgeError::Weekend)
        );
        p.judge_it(&g, CHRIS, "Void.", at(24, 12, 0)).unwrap();
        assert_eq!(
            p.judge_it(&g, CHRIS, "Again.", at(24, 12, 5)),
            Err(JudgeError::NotAwaiting)
        );
    }

    #[test]
    fn a_judge_who_has_not_judged_by_the_end_of_the_day_forfeits_to_the_preceding_player() {
        // Nomic 214: Chris forfeits at midnight to Alex W, who precedes him (it is Wednesday,
        // Ben's day). Alex W forfeits in turn at the end of Wednesday: it is Thursday, Alex T's
        // day, so the Point passes over Alex T to Ben.
        let g = game();
        let mut p = tuesday_point();
        assert_eq!(
            p.judge_it(&g, CHRIS, "Too late.", at(25, 0, 0)),
            Err(JudgeError::TooLate)
        );
        let happened = p.run_deadlines(&g, at(26, 8, 0));
        assert_eq!(
            happened,
            vec![
                Happened::HandedOver {
                    judge: CHRIS,
                    why: Handover::Forfeited,
                    new_judge: ALEX_W,
                    deadline: at(26, 0, 0)
                },
                Happened::HandedOver {
                    judge: ALEX_W,
                    why: Handover::Forfeited,
                    new_judge: BEN,
                    deadline: at(27, 0, 0)
                },
            ]
        );
        assert_eq!(p.judges.len(), 3);
        assert_eq!(p.judges[0].ended, Some((at(25, 0, 0), Handover::Forfeited)));
    }

    #[test]
    fn a_judge_who_takes_over_at_the_weekend_has_until_the_end_of_monday() {
        // Reading of Nomic 214 with 201. Friday's Judge forfeits at midnight into Saturday.
        let g = game();
        let mut p = PointOfOrder::raise(&g, BEN, "x", None, 0, at(27, 10, 0)).unwrap();
        let happened = p.run_deadlines(&g, at(28, 0, 0));
        assert_eq!(
            happened,
            vec![Happened::HandedOver {
                judge: ALEX_T,
                why: Handover::Forfeited,
                new_judge: BEN,
                deadline: London
                    .with_ymd_and_hms(2026, 12, 1, 0, 0, 0)
                    .unwrap()
                    .with_timezone(&Utc)
            }]
        );
    }

    #[test]
    fn a_judges_deadline_is_the_end_of_the_uk_day_after_the_clock_change() {
        // British Summer Time starts on Sunday 29 March 2026. A Point raised on Friday 27th
        // passes at midnight to a Judge who has until the end of Monday 30th, 23:00 UTC.
        let g = Nomic::new(rule_201(), date(2026, 3, 23), London);
        let friday = Utc.with_ymd_and_hms(2026, 3, 27, 10, 0, 0).unwrap();
        let mut p = PointOfOrder::raise(&g, BEN, "x", None, 0, friday).unwrap();
        p.run_deadlines(&g, Utc.with_ymd_and_hms(2026, 3, 28, 0, 0, 0).unwrap());
        assert_eq!(
            p.next_deadline(),
            Some(Utc.with_ymd_and_hms(2026, 3, 30, 23, 0, 0).unwrap())
        );
    }

    #[test]
    fn the_judge_cannot_dispute_and_disputes_close_after_an_hour() {
        // Nomic 214: any of the other players, within one hour.
        let g = game();
        let mut p = tuesday_point();
        assert_eq!(
            p.dispute(&g, DAVE, at(24, 11, 0)),
            Err(DisputeError::NotJudged)
        );
        p.judge_it(&g, CHRIS, "Void.", at(24, 12, 0)).unwrap();
        assert_eq!(
            p.dispute(&g, CHRIS, at(24, 12, 10)),
            Err(DisputeError::ByTheJudge)
        );
        assert_eq!(
            p.dispute(&g, 99, at(24, 12, 10)),
            Err(DisputeError::NotAPlayer)
        );
        assert_eq!(
            p.dispute(&g, DAVE, at(24, 13, 0)),
            Err(DisputeError::Closed)
        );
        p.dispute(&g, DAVE, at(24, 12, 30)).unwrap();
        assert_eq!(
            p.dispute(&g, BEN, at(24, 12, 31)),
            Err(DisputeError::AlreadyDisputed)
        );
    }

    #[test]
    fn one_agreement_invokes_a_disputed_judgement() {
        // Nomic 214: a single player other than the Judge agrees.
        let g = game();
        let mut p = tuesday_point();
        p.judge_it(&g, CHRIS, "Void.", at(24, 12, 0)).unwrap();
        assert_eq!(
            p.dispute(&g, DAVE, at(24, 12, 30)),
            Ok(Happened::Disputed {
                by: DAVE,
                opinions_until: at(24, 13, 30)
            })
        );
        p.disagree(&g, ALEX_T, at(24, 12, 40)).unwrap();
        assert_eq!(
            p.agree(&g, BEN, at(24, 12, 50)),
            Ok(Happened::Invoked {
                at: at(24, 12, 50),
                how: Invocation::Agreed { by: BEN }
            })
        );
        assert_eq!(p.judge(), Some(CHRIS));
    }

    #[test]
    fn opinions_come_once_each_from_players_other_than_the_judge_and_the_disputer() {
        let g = game();
        let mut p = tuesday_point();
        p.judge_it(&g, CHRIS, "Void.", at(24, 12, 0)).unwrap();
        assert_eq!(
            p.agree(&g, BEN, at(24, 12, 10)),
            Err(OpinionError::NotDisputed)
        );
        p.dispute(&g, DAVE, at(24, 12, 30)).unwrap();
        assert_eq!(
            p.agree(&g, CHRIS, at(24, 12, 40)),
            Err(OpinionError::ByTheJudge)
        );
        assert_eq!(
            p.agree(&g, DAVE, at(24, 12, 40)),
            Err(OpinionError::Disputer)
        );
        p.disagree(&g, BEN, at(24, 12, 40)).unwrap();
        assert_eq!(
            p.agree(&g, BEN, at(24, 12, 45)),
            Err(OpinionError::AlreadySaid)
        );
        assert_eq!(
            p.agree(&g, ALEX_T, at(24, 13, 30)),
            Err(OpinionError::Closed)
        );
        assert_eq!(
            p.agree(&g, 99, at(24, 12, 45)),
            Err(OpinionError::NotAPlayer)
        );
    }

    #[test]
    fn a_dispute_nobody_answers_overrules_the_judge() {
        // Reading of Nomic 214: the disputer counts as disagreeing. Chris is overruled at
        // 13:30; on Tuesday (Dave's day) the player preceding Chris is Alex W.
        let g = game();
        let mut p = tuesday_point();
        p.judge_it(&g, CHRIS, "Void.", at(24, 12, 0)).unwrap();
        p.dispute(&g, BEN, at(24, 12, 30)).unwrap();
        assert_eq!(
            p.run_deadlines(&g, at(24, 13, 30)),
            vec![Happened::HandedOver {
                judge: CHRIS,
                why: Handover::Overruled,
                new_judge: ALEX_W,
                deadline: at(25, 0, 0)
            }]
        );
        assert!(p.is_active());
    }

    #[test]
    fn overruling_skips_todays_player_and_their_team_mates() {
        // Nomic 214: with Dave and Alex W in one team, overruling Chris on Dave's day passes the
        // Point to Alex T.
        let mut g = game();
        g.turns = rule_201().with_teams([(DAVE, 1), (ALEX_W, 1)]);
        let mut p = PointOfOrder::raise(&g, BEN, "x", None, 0, at(24, 10, 0)).unwrap();
        p.judge_it(&g, CHRIS, "Void.", at(24, 12, 0)).unwrap();
        p.dispute(&g, BEN, at(24, 12, 30)).unwrap();
        let happened = p.run_deadlines(&g, at(24, 14, 0));
        assert!(matches!(
            happened.as_slice(),
            [Happened::HandedOver {
                new_judge: ALEX_T,
                ..
            }]
        ));
    }

    #[test]
    fn everyone_else_disagreeing_overrules_at_once() {
        let g = game();
        let mut p = tuesday_point();
        p.judge_it(&g, CHRIS, "Void.", at(24, 12, 0)).unwrap();
        p.dispute(&g, DAVE, at(24, 12, 30)).unwrap();
        assert_eq!(
            p.disagree(&g, BEN, at(24, 12, 31)),
            Ok(Happened::Disagreed { by: BEN })
        );
        p.disagree(&g, ALEX_T, at(24, 12, 32)).unwrap();
        let last = p.disagree(&g, ALEX_W, at(24, 12, 33)).unwrap();
        assert!(matches!(
            last,
            Happened::HandedOver {
                why: Handover::Overruled,
                new_judge: ALEX_W,
                ..
            }
        ));
    }

    #[test]
    fn no_point_against_a_proposal_adopted_but_not_yet_in_effect() {
        // Nomic 214.
        let g = game();
        let book = Rulebook::from_nomic_json(INITIAL_RULES_JSON).unwrap();
        let monday = |h| at(23, h, 0);
        let mut proposal = g
            .propose(
                &book,
                None,
                CHRIS,
                vec![RuleChange::Enact {
                    text: vec!["Players may pass.".into()],
                }],
                monday(10),
            )
            .unwrap();
        // A Point about it during the vote is allowed, and holds its effect back.
        let mut point =
            PointOfOrder::raise(&g, DAVE, "Is this proper?", Some(&proposal), 0, monday(11))
                .unwrap();
        g.vote(&mut proposal, DAVE, Ballot::Yes, monday(12))
            .unwrap();
        let done = g
            .complete(
                &mut proposal,
                &book,
                &invocations(std::slice::from_ref(&point)),
                at(24, 0, 0),
            )
            .unwrap();
        assert_eq!(done.effect, Some(Effect::Held { pending: 1 }));
        assert_eq!(proposal.stage, Stage::Held);
        assert_eq!(
            PointOfOrder::raise(&g, BEN, "And this?", Some(&proposal), 0, at(24, 9, 0)),
            Err(RaiseError::AwaitingEffect(proposal.number))
        );
        // Monday's Judge is Alex W, who judged late on Monday; invoked at 00:30 on Tuesday.
        point
            .judge_it(&g, ALEX_W, "Proper.", monday(23) + TimeDelta::minutes(30))
            .unwrap();
        assert!(g
            .release(&mut proposal, &invocations(std::slice::from_ref(&point)))
            .is_err());
        point.run_deadlines(&g, at(24, 1, 0));
        let since = g
            .release(&mut proposal, &invocations(std::slice::from_ref(&point)))
            .unwrap();
        assert_eq!(since, at(24, 0, 30));
        assert_eq!(proposal.stage, Stage::InEffect { since });
    }

    #[test]
    fn judgements_invoked_before_the_close_do_not_delay_the_effect() {
        let close = at(24, 0, 0);
        let g = game();
        let mut point = tuesday_point();
        assert_eq!(
            effect_of(close, &invocations(std::slice::from_ref(&point))),
            Effect::Held { pending: 1 }
        );
        point.judge_it(&g, CHRIS, "Fine.", at(24, 11, 0)).unwrap();
        point.run_deadlines(&g, at(24, 12, 0));
        assert_eq!(effect_of(at(24, 0, 0), &[]), Effect::At(close));
        assert_eq!(
            effect_of(at(25, 0, 0), &invocations(std::slice::from_ref(&point))),
            Effect::At(at(25, 0, 0))
        );
    }

    #[test]
    fn disputes_and_opinions_at_the_weekend_are_void() {
        // Nomic 201: a Friday-night Judgement's windows run into Saturday, when nothing counts.
        let g = game();
        let mut p = PointOfOrder::raise(&g, BEN, "x", None, 0, at(27, 10, 0)).unwrap();
        p.judge_it(&g, ALEX_T, "Void.", at(27, 23, 30)).unwrap();
        assert_eq!(
            p.dispute(&g, BEN, at(28, 0, 10)),
            Err(DisputeError::Weekend)
        );
        p.dispute(&g, BEN, at(27, 23, 50)).unwrap();
        assert_eq!(p.agree(&g, DAVE, at(28, 0, 20)), Err(OpinionError::Weekend));
        assert_eq!(
            p.disagree(&g, DAVE, at(28, 0, 20)),
            Err(OpinionError::Weekend)
        );
    }

    #[test]
    fn a_judgement_needs_words() {
        let g = game();
        let mut p = tuesday_point();
        assert!(matches!(
            p.judge_it(&g, CHRIS, " ", at(24, 12, 0)),
            Err(JudgeError::Text(TextError::Empty { .. }))
        ));
    }
}
