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
//!   judges every new Point raised that day, until the next day's turn begins, unless they are
//!   overruled: "Unless a Judge is overruled, one Judge settles all questions", so a Judge
//!   overruled on any Point judges no more that day, and new or handed-over Points go past them.
//! - **Overruling and forfeit move one Point.** The player preceding the Judge becomes Judge
//!   "for the Point of Order" (Nomic 214); the day's Judge still takes new Points, so distinct
//!   Judges may sit on several Points at once, as the rule's note says. The walk back skips the
//!   player whose day it is when the Point changes hands, and their team-mates.
//! - **The Chief Justice as Judge** (a club's choice, [`JudgeChoice::Named`]): they take every
//!   new Point, whether or not they play, with the rotation's conflicts (their own turn or a
//!   team-mate's, a forfeit of the game, an overruling that day), when the rotation's Judge
//!   takes it instead. A Chief Justice who does not play is outside the order of days: a Point
//!   they hand on goes to the rotation's Judge of the day.
//! - **The chain goes on until someone judges.** A Point nobody judges passes back day after
//!   day ("The same applies for the new Judge"), round the order of days as often as it takes.
//!   A day on which nobody may take it passes it to the next weekday's Judge, who sits from the
//!   start of that day. Only a game in which nobody can ever judge leaves a Point
//!   [`PointStatus::Unsettled`], for the players to resolve under Nomic 215.
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
//! - **A Judgement's stated effect** ([`Ruling`]): beside its words, which gavel does not read,
//!   the Judge may state its effect on the Point's proposal (void, or takes effect, on which
//!   rule, with which award) and the winner of a tie; once the Judgement is invoked "the
//!   decision comes into effect", and gavel carries it out. A void one stands against later
//!   ones; otherwise the last rule and award stated hold.
//! - **No Point against a held proposal.** A Point may not be raised about a proposal whose vote
//!   has completed and which is adopted but not yet in effect (Nomic 214). A defeated proposal
//!   never comes into effect, so it is not "not yet" in effect, and Points about it are allowed.
//! - **Effect after Judgement.** A proposal adopted while a related Judgement is pending takes
//!   effect when the last related Judgement is invoked, at that instant (Nomic 214 over 206); if
//!   they were all invoked before the close, at the close. The points its vote moved wait with
//!   it ("all other actions under dispute are delayed"): paid when it takes effect, never if it
//!   does not.

mod handover;
mod judgement;
mod point;
mod raise;
mod ruling;

pub use handover::{judge_deadline, sitting_day};
pub use judgement::{DisputeError, JudgeError, Opinion, OpinionError};
pub use point::{
    active_count, invocations, Handover, Happened, Invocation, Judgeship, PointOfOrder, PointStage,
    PointStatus, STATEMENT_MAX,
};
pub use raise::{JudgeChoice, RaiseError};
pub use ruling::{combined, ProposalRuling, Ruling, RulingError, AWARD_MAX};

#[cfg(test)]
mod tests;
