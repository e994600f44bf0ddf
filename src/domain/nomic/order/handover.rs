//! When a Point changes hands or a window closes: the day a Judge sits and their deadline, the
//! deadlines that invoke a Judgement, overrule a Judge or forfeit a Point, a Judge who leaves the
//! game, and the walk back to the player preceding the Judge (Nomic 214, 115, 201).

use chrono::{DateTime, Datelike, Days, NaiveDate, Utc};

use crate::domain::kernel::calendar;
use crate::domain::nomic::turns::is_weekend;
use crate::domain::nomic::{Nomic, PlayerId};

use super::point::{Handover, Happened, Invocation, Judgeship, PointOfOrder, PointStatus};

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

impl PointOfOrder {
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

    /// True when `player` has been this Point's Judge and forfeited it.
    fn forfeited_by(&self, player: PlayerId) -> bool {
        self.judges
            .iter()
            .any(|j| j.judge == player && matches!(j.ended, Some((_, Handover::Forfeited))))
    }

    /// The Point passes to the player preceding the Judge, as of `at` (Nomic 214).
    pub(super) fn hand_over(&mut self, game: &Nomic, at: DateTime<Utc>, why: Handover) -> Happened {
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
