//! Raising a Point of Order: who may, on which days, how many at once, about which proposal,
//! and which Judge takes it (Nomic 214, 201).

use chrono::{DateTime, Utc};

use crate::domain::kernel::text::{bounded, TextError};
use crate::domain::nomic::proposal::{Proposal, ProposalNumber};
use crate::domain::nomic::{Nomic, PlayerId};

use super::handover::judge_deadline;
use super::point::{Judgeship, PointOfOrder, PointStatus, STATEMENT_MAX};

/// How the Judge of a new Point is named: the rotation of Nomic 214, or (a club's choice) the
/// Chief Justice, whether or not they play, with the conflicts the rotation has (a Point they
/// may not take goes to the rotation's Judge) and overruling and forfeit passing the Point
/// along the rotation as usual.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum JudgeChoice {
    Rotation,
    Named(PlayerId),
}

/// Whether a named Judge may take a Point on `day` under the conflicts the rotation has
/// (Nomic 214): not after leaving the game (Nomic 115), not during their own turn or a
/// team-mate's, not once overruled that day. A Judge who is not a player has no turn.
fn may_sit(game: &Nomic, judge: PlayerId, day: chrono::NaiveDate) -> bool {
    use chrono::Datelike;
    let turn = game.turns.player_on(day.weekday());
    !game.turns.has_forfeited(judge)
        && !turn.is_some_and(|t| game.turns.same_side(t, judge))
        && !game.overruled_on(judge, day)
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
    #[error("No player can be Judge today: everyone still playing is on the side of the player whose day it is, or was overruled today (Nomic 214).")]
    NoJudge,
    #[error(transparent)]
    Text(#[from] TextError),
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
        let today = game.day_of(at);
        let judge = match choice {
            // The named Judge takes it unless the rotation's conflicts bar them: they have left
            // the game, it is their own turn or a team-mate's, or they were overruled today.
            JudgeChoice::Named(judge) if may_sit(game, judge, today) => judge,
            // A Judge overruled today takes no new Point: the player preceding them does, as
            // for the Point they were overruled on (Nomic 214).
            _ => game
                .turns
                .judge_on_skipping(today, |p| game.overruled_on(p, today))
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
}
