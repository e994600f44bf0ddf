//! The Swinger Play List and turns (Rule 1230.2 §3, §4): the NAP Swinger first and the rest in
//! a seeded random order; the top plays and goes to the bottom; checked Swingers move up keeping
//! their order; Warm Offices pass by themselves and surrender after two whole Rounds; with 7 or
//! more Swingers on the board the others are skipped; Rounds are counted.

use std::collections::BTreeMap;

use chrono::{DateTime, Utc};
use chrono_tz::Tz;
use serde::{Deserialize, Serialize};

use super::play::Play;
use super::position::Seat;
use super::random::Draw;
use crate::domain::kernel::calendar::local_days_after;

/// A turn's time limit from the announcement of the game's state, in days (Rule 1230.2 §4).
pub const TURN_DAYS: i64 = 3;
/// The longest the Chess-Umpire may extend it to, in days after the announcement (§4.A).
pub const EXTEND_MAX_DAYS: i64 = 7;
/// Swingers with pieces on the board from which the others are skipped (§4.B(iii)).
pub const SKIP_FROM: usize = 7;
/// Whole Rounds a Warm Office lasts before it is considered to have Surrendered (§4.B(i)).
pub const WARM_ROUNDS: u32 = 2;

/// The play list, the Round being played and the RoundCount.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Turns {
    /// Top first: the top Swinger is the one to play (§3.B).
    pub list: Vec<Seat>,
    /// Turns each Swinger has had in the Round under way.
    pub this_round: BTreeMap<Seat, u32>,
    pub round_count: u32,
    /// For each Warm Office, the RoundCount when it became Warm and whether that Round had begun.
    pub warm_since: BTreeMap<Seat, (u32, bool)>,
    /// The Swingers in Check as the board last stood, so that a check is announced when it
    /// begins and not again while it lasts (§1.C(iv)).
    #[serde(default)]
    pub checked: Vec<Seat>,
}

/// What happened at the top of the list without a play being asked for.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Auto {
    /// Skipped: no pieces on the board while 7 or more Swingers have some (§4.B(iii)).
    Skipped(Seat),
    /// A Warm Office, not checked, passes (§4.B(i)).
    WarmPass(Seat),
    /// A Warm Office for two whole Rounds is considered to have Surrendered (§4.B(i)).
    WarmSurrender(Seat),
}

impl Auto {
    /// The Swinger whose turn it was.
    pub fn seat(self) -> Seat {
        match self {
            Auto::Skipped(s) | Auto::WarmPass(s) | Auto::WarmSurrender(s) => s,
        }
    }

    /// The play made, if any: a skipped turn is no play.
    pub fn play(self) -> Option<Play> {
        match self {
            Auto::Skipped(_) => None,
            Auto::WarmPass(_) => Some(Play::Pass),
            Auto::WarmSurrender(_) => Some(Play::Surrender),
        }
    }
}

impl Turns {
    /// The list at the start (§3.A): the NAP Swinger on top, the others in an order drawn from
    /// the published seed.
    pub fn start(nap: Seat, others: &[Seat], seed: u64) -> Turns {
        let mut rest: Vec<Seat> = others.iter().copied().filter(|s| *s != nap).collect();
        Draw::new(seed).shuffle(&mut rest);
        let mut list = vec![nap];
        list.extend(rest);
        Turns {
            list,
            ..Turns::default()
        }
    }

    /// The Swinger whose turn it is.
    pub fn top(&self) -> Option<Seat> {
        self.list.first().copied()
    }

    /// The turn is over: the top goes to the bottom (§3.B) and the Round is counted (§4.C: a
    /// Round is over when each Swinger has played at least once; a skipped turn counts as had).
    pub fn end_turn(&mut self) {
        if self.list.is_empty() {
            return;
        }
        let top = self.list.remove(0);
        self.list.push(top);
        *self.this_round.entry(top).or_insert(0) += 1;
        if self
            .list
            .iter()
            .all(|s| self.this_round.get(s).copied().unwrap_or(0) >= 1)
        {
            self.round_count += 1;
            self.this_round.clear();
        }
    }

    /// Checked Swingers move above all the others, keeping their order (§3.C, §3.D).
    pub fn move_up(&mut self, checked: &[Seat]) {
        let (mut up, down): (Vec<Seat>, Vec<Seat>) =
            self.list.iter().partition(|s| checked.contains(s));
        up.extend(down);
        self.list = up;
    }

    /// An Office becomes Warm, or stops being so.
    pub fn set_warm(&mut self, seat: Seat, warm: bool) {
        if warm {
            let begun = !self.this_round.is_empty();
            self.warm_since
                .entry(seat)
                .or_insert((self.round_count, begun));
        } else {
            self.warm_since.remove(&seat);
        }
    }

    /// Whole Rounds an Office has been Warm.
    pub fn warm_rounds(&self, seat: Seat) -> Option<u32> {
        let (since, begun) = *self.warm_since.get(&seat)?;
        Some(self.round_count.saturating_sub(since + u32::from(begun)))
    }

    /// What happens to the top of the list without a play being asked for, judged on the board
    /// as it stands now (`on_board`, `checked`): a skip, a Warm Pass or a Warm Surrender; or
    /// None when the top must play, or waits (§4.B(ii)).
    pub fn auto_at_top(
        &self,
        on_board: &dyn Fn(Seat) -> bool,
        checked: &dyn Fn(Seat) -> bool,
    ) -> Option<Auto> {
        let top = self.top()?;
        let with_pieces = self.list.iter().filter(|s| on_board(**s)).count();
        if with_pieces >= SKIP_FROM && !on_board(top) {
            Some(Auto::Skipped(top))
        } else if self.warm_since.contains_key(&top) && !checked(top) {
            if self.warm_rounds(top).unwrap_or(0) >= WARM_ROUNDS && on_board(top) {
                Some(Auto::WarmSurrender(top))
            } else {
                Some(Auto::WarmPass(top))
            }
        } else {
            None
        }
    }

    /// A Swinger joins at the bottom (§3.F).
    pub fn join(&mut self, seat: Seat) {
        if !self.list.contains(&seat) {
            self.list.push(seat);
        }
    }

    /// A Swinger's Office is destroyed (§3.E).
    pub fn leave(&mut self, seat: Seat) {
        self.list.retain(|s| *s != seat);
        self.this_round.remove(&seat);
        self.warm_since.remove(&seat);
    }
}

/// When a turn's time runs out: three club days after the announcement, or the extension.
pub fn deadline(announced: DateTime<Utc>, days: i64, tz: Tz) -> DateTime<Utc> {
    local_days_after(announced, days, tz)
}

/// The time limits of a turn (Rule 1230.2 §4, §4.A): the days after the announcement of the
/// game's state at which a turn expires, and the most the Chess-Umpire may extend it to.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct TurnLimits {
    pub days: i64,
    pub max_days: i64,
}

impl Default for TurnLimits {
    /// As the text gavel read has them: three days, up to seven.
    fn default() -> TurnLimits {
        TurnLimits {
            days: TURN_DAYS,
            max_days: EXTEND_MAX_DAYS,
        }
    }
}

/// Why an extension was refused.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum ExtendError {
    #[error("A turn may be extended to at most {1} days after the announcement of the game's state (Rule 1230.2 §4.A); {0} is more.")]
    TooLong(i64, i64),
    #[error("An extension lengthens the turn: {0} days is not more than the {1} it has (Rule 1230.2 §4.A).")]
    TooShort(i64, i64),
}

/// Checks an extension to `days` after the announcement of a turn that now has `has` days
/// (Rule 1230.2 §4.A), with the time limits of Rule 1230.2 as gavel reads it: an extension only
/// lengthens the turn, and at most to the cap.
pub fn check_extension(days: i64, has: i64, limits: TurnLimits) -> Result<(), ExtendError> {
    if days > limits.max_days {
        return Err(ExtendError::TooLong(days, limits.max_days));
    }
    if days <= has.max(limits.days) {
        return Err(ExtendError::TooShort(days, has.max(limits.days)));
    }
    Ok(())
}

/// The whole days a turn announced at `announced` has until `deadline`, counted as club days.
pub fn days_given(announced: DateTime<Utc>, deadline: DateTime<Utc>, tz: Tz) -> i64 {
    (deadline.with_timezone(&tz).date_naive() - announced.with_timezone(&tz).date_naive())
        .num_days()
}
