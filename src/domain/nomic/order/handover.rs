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
                    judge,
                    judgement,
                    ruling,
                    ..
                } => {
                    let how = Invocation::Undisputed;
                    self.status = PointStatus::Invoked {
                        judge: *judge,
                        judgement: judgement.clone(),
                        ruling: *ruling,
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

    /// True when `player` was overruled on this Point on club day `day`.
    fn overruled_on(&self, player: PlayerId, game: &Nomic, day: NaiveDate) -> bool {
        self.judges.iter().any(|j| {
            j.judge == player
                && matches!(j.ended, Some((at, Handover::Overruled)) if game.day_of(at) == day)
        })
    }

    /// The Point passes to the player preceding the Judge, as of `at` (Nomic 214). A Judge who
    /// forfeits it passes it on day after day ("The same applies for the new Judge"), round
    /// the order of days as often as it takes, until someone judges. A day on which nobody may
    /// take it (everyone else is on the side of the player whose turn it is) passes to the
    /// next weekday, and the new Judge sits from its start.
    pub(super) fn hand_over(&mut self, game: &Nomic, at: DateTime<Utc>, why: Handover) -> Happened {
        let judge = self.judge().expect("a Point being handed over has a Judge");
        if let Some(current) = self.judges.last_mut() {
            current.ended = Some((at, why));
        }
        match next_judge(game, judge, at, |p, day| {
            game.overruled_on(p, day) || self.overruled_on(p, game, day)
        }) {
            Some((new_judge, day)) => {
                // From now, unless nobody could take it on the day it passed (a Judge taking it at
                // the weekend sits from now, as nothing counts until Monday anyway).
                let from = if day == sitting_day(game, at) {
                    at
                } else {
                    calendar::start_of_day(day, game.tz)
                };
                let deadline = calendar::end_of_day(day, game.tz);
                self.judges.push(Judgeship {
                    judge: new_judge,
                    from,
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
                    later: (from > at).then_some(from),
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

/// How many days ahead the walk back looks for a day on which someone may judge: a fortnight
/// holds every weekday twice, so a game in which nobody can ever judge is found out.
const DAYS_AHEAD: u64 = 14;

/// Who takes a Point from `judge` when it changes hands at `at`, and the club day they sit:
/// the player preceding `judge` in the order of days who may judge that day, passing over those
/// `overruled` that day, on the first weekday from the day it changes hands on which anyone may
/// (Nomic 214, 201).
fn next_judge(
    game: &Nomic,
    judge: PlayerId,
    at: DateTime<Utc>,
    overruled: impl Fn(PlayerId, NaiveDate) -> bool,
) -> Option<(PlayerId, NaiveDate)> {
    let first = sitting_day(game, at);
    (0..DAYS_AHEAD)
        .map(|n| first + Days::new(n))
        .filter(|day| !is_weekend(day.weekday()))
        .find_map(|day| {
            game.turns
                .judge_after_skipping(judge, day, |p| overruled(p, day))
                .map(|p| (p, day))
        })
}
