//! Players and their allocated days (Nomic 201): whose day a date is, who precedes whom in the
//! order of days, team-mates, forfeits (Nomic 115), circuits of turns (Nomic 204), and the Judge
//! of the day (Nomic 214).

use std::collections::{BTreeMap, BTreeSet};

use chrono::{DateTime, Datelike, Days, NaiveDate, Utc, Weekday};
use chrono_tz::Tz;

use super::PlayerId;
use crate::domain::kernel::calendar;

/// True on Saturday and Sunday, when anything posted in the voting thread is void (Nomic 201).
pub fn is_weekend(day: Weekday) -> bool {
    matches!(day, Weekday::Sat | Weekday::Sun)
}

/// A day a player may be allocated: Monday to Friday, as `/turns set` offers them (Nomic 201:
/// nobody has a Saturday or Sunday).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum PlayingDay {
    Monday,
    Tuesday,
    Wednesday,
    Thursday,
    Friday,
}

crate::offered_as_words! {
    PlayingDay {
        PlayingDay::Monday => "monday",
        PlayingDay::Tuesday => "tuesday",
        PlayingDay::Wednesday => "wednesday",
        PlayingDay::Thursday => "thursday",
        PlayingDay::Friday => "friday",
    }
}

impl From<PlayingDay> for Weekday {
    fn from(day: PlayingDay) -> Weekday {
        match day {
            PlayingDay::Monday => Weekday::Mon,
            PlayingDay::Tuesday => Weekday::Tue,
            PlayingDay::Wednesday => Weekday::Wed,
            PlayingDay::Thursday => Weekday::Thu,
            PlayingDay::Friday => Weekday::Fri,
        }
    }
}

/// Why an allocation of days was refused.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum AllocationError {
    #[error("A player's allocated day must be Monday to Friday: anything posted in the voting thread on a Saturday or Sunday is void (Nomic 201).")]
    Weekend,
    #[error("{day} is already allocated: each day belongs to one player, who alone may propose on it (Nomic 201, 202).", day = calendar::weekday_name(*.0))]
    DayTaken(Weekday),
    #[error("Each player is allocated one day a week, not two (Nomic 201).")]
    TwoDays,
    #[error("A game needs at least one player with an allocated day (Nomic 201).")]
    NoPlayers,
}

/// Why a forfeit was refused.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum ForfeitError {
    #[error("Only a player in the game can forfeit it (Nomic 115).")]
    NotAPlayer,
    #[error("You have already forfeited the game (Nomic 115).")]
    AlreadyForfeited,
}

/// Who plays, on which day, in which team; who has forfeited.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Turns {
    /// Every player who was allocated a day, in the order of days (Monday first).
    order: Vec<(Weekday, PlayerId)>,
    teams: BTreeMap<PlayerId, u32>,
    forfeited: BTreeSet<PlayerId>,
}

impl Turns {
    /// Allocates one weekday to each player (Nomic 201).
    pub fn new(
        days: impl IntoIterator<Item = (PlayerId, Weekday)>,
    ) -> Result<Self, AllocationError> {
        let mut order: Vec<(Weekday, PlayerId)> = Vec::new();
        for (player, day) in days {
            if is_weekend(day) {
                return Err(AllocationError::Weekend);
            }
            if order.iter().any(|(d, _)| *d == day) {
                return Err(AllocationError::DayTaken(day));
            }
            if order.iter().any(|(_, p)| *p == player) {
                return Err(AllocationError::TwoDays);
            }
            order.push((day, player));
        }
        if order.is_empty() {
            return Err(AllocationError::NoPlayers);
        }
        order.sort_by_key(|(d, _)| d.num_days_from_monday());
        Ok(Turns {
            order,
            teams: BTreeMap::new(),
            forfeited: BTreeSet::new(),
        })
    }

    /// Puts players in teams (Nomic 214 mentions team-mates; teams are optional).
    pub fn with_teams(mut self, teams: impl IntoIterator<Item = (PlayerId, u32)>) -> Self {
        self.teams = teams.into_iter().collect();
        self
    }

    /// A player leaves the game by forfeiting it (Nomic 115). Their day falls vacant; votes
    /// they cast stand (Nomic 113).
    pub fn forfeit(&mut self, player: PlayerId) -> Result<(), ForfeitError> {
        if !self.order.iter().any(|(_, p)| *p == player) {
            return Err(ForfeitError::NotAPlayer);
        }
        if !self.forfeited.insert(player) {
            return Err(ForfeitError::AlreadyForfeited);
        }
        Ok(())
    }

    pub fn has_forfeited(&self, player: PlayerId) -> bool {
        self.forfeited.contains(&player)
    }

    /// True for a player still in the game: every such player is an eligible voter (Nomic 105).
    pub fn is_player(&self, player: PlayerId) -> bool {
        self.order.iter().any(|(_, p)| *p == player) && !self.has_forfeited(player)
    }

    /// The players still in the game, in the order of days.
    pub fn players(&self) -> impl Iterator<Item = PlayerId> + '_ {
        self.order
            .iter()
            .map(|(_, p)| *p)
            .filter(|p| !self.has_forfeited(*p))
    }

    /// The eligible voters (Nomic 105): every player still in the game.
    pub fn eligible_voters(&self) -> BTreeSet<PlayerId> {
        self.players().collect()
    }

    /// A player's allocated day (kept after a forfeit, for the order of days).
    pub fn day_of(&self, player: PlayerId) -> Option<Weekday> {
        self.order
            .iter()
            .find(|(_, p)| *p == player)
            .map(|(d, _)| *d)
    }

    /// The player whose allocated day `day` is, if they are still playing.
    pub fn player_on(&self, day: Weekday) -> Option<PlayerId> {
        self.order
            .iter()
            .find(|(d, p)| *d == day && !self.has_forfeited(*p))
            .map(|(_, p)| *p)
    }

    /// True when `a` and `b` are the same player or in the same team.
    pub fn same_side(&self, a: PlayerId, b: PlayerId) -> bool {
        a == b || matches!((self.teams.get(&a), self.teams.get(&b)), (Some(x), Some(y)) if x == y)
    }

    /// The number of days that are someone's turn each week.
    fn turns_a_week(&self) -> usize {
        self.players().count()
    }

    /// The end of the `circuits`-th complete circuit of turns from `start` (Nomic 204): a circuit
    /// is one turn for each player, a turn being a player's allocated day. The instant is the
    /// end of the club day of the circuit's last turn.
    pub fn end_of_circuits(&self, start: NaiveDate, circuits: u32, tz: Tz) -> DateTime<Utc> {
        let needed = self.turns_a_week() * circuits as usize;
        let mut seen = 0;
        let mut date = start;
        while seen < needed {
            if self.player_on(date.weekday()).is_some() {
                seen += 1;
                if seen == needed {
                    break;
                }
            }
            date = date + Days::new(1);
        }
        calendar::end_of_day(date, tz)
    }

    /// The Judge on `date` (Nomic 214): the player whose allocated day preceded the day, going
    /// back through the order of days past the player whose day it is, their team-mates and
    /// anyone who has forfeited. None when nobody is left.
    pub fn judge_on(&self, date: NaiveDate) -> Option<PlayerId> {
        self.judge_on_skipping(date, |_| false)
    }

    /// [`Self::judge_on`], also passing over every player for whom `skip` is true (a Judge
    /// overruled that day, Nomic 214).
    pub fn judge_on_skipping(
        &self,
        date: NaiveDate,
        skip: impl Fn(PlayerId) -> bool,
    ) -> Option<PlayerId> {
        let today = date.weekday().num_days_from_monday();
        // Start from the last player whose day comes before today's weekday, cyclically.
        let start = self
            .order
            .iter()
            .rposition(|(d, _)| d.num_days_from_monday() < today)
            .unwrap_or(self.order.len() - 1);
        self.walk_back(start, date, skip)
    }

    /// The player who takes over from `judge` on `date` when they are overruled or forfeit
    /// (Nomic 214): the player preceding them in the order of days, with the same exclusions.
    pub fn judge_after(&self, judge: PlayerId, date: NaiveDate) -> Option<PlayerId> {
        self.judge_after_skipping(judge, date, |_| false)
    }

    /// [`Self::judge_after`], also passing over every player for whom `skip` is true.
    pub fn judge_after_skipping(
        &self,
        judge: PlayerId,
        date: NaiveDate,
        skip: impl Fn(PlayerId) -> bool,
    ) -> Option<PlayerId> {
        // A Judge outside the order of days (a Chief Justice who does not play) hands the Point
        // to the rotation's Judge of the day.
        let Some(at) = self.order.iter().position(|(_, p)| *p == judge) else {
            return self.judge_on_skipping(date, |p| p == judge || skip(p));
        };
        let start = (at + self.order.len() - 1) % self.order.len();
        self.walk_back(start, date, |p| p == judge || skip(p))
    }

    /// Walks back through the order from `start` for one full circuit, returning the first
    /// player who may judge on `date` and is not passed over by `not`.
    fn walk_back(
        &self,
        start: usize,
        date: NaiveDate,
        not: impl Fn(PlayerId) -> bool,
    ) -> Option<PlayerId> {
        let turn = self.player_on(date.weekday());
        let n = self.order.len();
        (0..n)
            .map(|k| self.order[(start + n - k) % n].1)
            .find(|&p| {
                !self.has_forfeited(p) && !not(p) && !turn.is_some_and(|t| self.same_side(t, p))
            })
    }
}

#[cfg(test)]
pub(crate) mod tests {
    use super::*;
    use chrono::TimeZone;
    use chrono_tz::Europe::London;

    pub const CHRIS: PlayerId = 1;
    pub const DAVE: PlayerId = 2;
    pub const BEN: PlayerId = 3;
    pub const ALEX_T: PlayerId = 4;
    pub const ALEX_W: PlayerId = 5;

    /// The allocation of Nomic 201.
    pub fn rule_201() -> Turns {
        Turns::new([
            (CHRIS, Weekday::Mon),
            (DAVE, Weekday::Tue),
            (BEN, Weekday::Wed),
            (ALEX_T, Weekday::Thu),
            (ALEX_W, Weekday::Fri),
        ])
        .unwrap()
    }

    pub fn date(y: i32, m: u32, d: u32) -> NaiveDate {
        NaiveDate::from_ymd_opt(y, m, d).unwrap()
    }

    #[test]
    fn weekend_days_and_shared_days_cannot_be_allocated() {
        // Nomic 201: everything in the voting thread at the weekend is void.
        assert_eq!(
            Turns::new([(CHRIS, Weekday::Sat)]),
            Err(AllocationError::Weekend)
        );
        assert_eq!(
            Turns::new([(CHRIS, Weekday::Mon), (DAVE, Weekday::Mon)]).unwrap_err().to_string(),
            "Monday is already allocated: each day belongs to one player, who alone may propose on it (Nomic 201, 202)."
        );
        assert_eq!(
            Turns::new([(CHRIS, Weekday::Mon), (CHRIS, Weekday::Tue)]),
            Err(AllocationError::TwoDays)
        );
        assert_eq!(Turns::new([]), Err(AllocationError::NoPlayers));
    }

    #[test]
    fn the_judge_is_the_player_whose_day_preceded_today() {
        // Nomic 214. 2026-11-24 is a Tuesday: Monday's player judges.
        let turns = rule_201();
        assert_eq!(turns.judge_on(date(2026, 11, 24)), Some(CHRIS));
        // On Monday the preceding allocated day is Friday's.
        assert_eq!(turns.judge_on(date(2026, 11, 23)), Some(ALEX_W));
    }

    #[test]
    fn the_judge_skips_todays_player_and_their_team_mates() {
        // Nomic 214: no player is Judge during their own turn or a team-mate's. On Tuesday
        // Chris would judge, but he is Dave's team-mate, so Friday's Alex W judges.
        let turns = rule_201().with_teams([(CHRIS, 1), (DAVE, 1), (BEN, 2)]);
        assert_eq!(turns.judge_on(date(2026, 11, 24)), Some(ALEX_W));
        // Overruling passes the Point back from Alex W to Alex T.
        assert_eq!(turns.judge_after(ALEX_W, date(2026, 11, 24)), Some(ALEX_T));
        // And from Ben back past Dave and Chris (today's side) to Alex W.
        assert_eq!(turns.judge_after(BEN, date(2026, 11, 24)), Some(ALEX_W));
    }

    #[test]
    fn nobody_judges_when_everyone_is_on_todays_side() {
        let turns = Turns::new([(CHRIS, Weekday::Mon), (DAVE, Weekday::Tue)])
            .unwrap()
            .with_teams([(CHRIS, 1), (DAVE, 1)]);
        assert_eq!(turns.judge_on(date(2026, 11, 24)), None);
    }

    #[test]
    fn a_forfeited_player_neither_plays_nor_judges_and_their_day_falls_vacant() {
        // Nomic 115.
        let mut turns = rule_201();
        turns.forfeit(CHRIS).unwrap();
        assert_eq!(turns.forfeit(CHRIS), Err(ForfeitError::AlreadyForfeited));
        assert_eq!(turns.forfeit(99), Err(ForfeitError::NotAPlayer));
        assert!(!turns.is_player(CHRIS));
        assert_eq!(turns.player_on(Weekday::Mon), None);
        assert_eq!(turns.judge_on(date(2026, 11, 24)), Some(ALEX_W));
        assert_eq!(turns.eligible_voters().len(), 4);
    }

    #[test]
    fn two_circuits_of_five_turns_end_with_the_second_friday() {
        // Nomic 204. From Monday 23 Nov 2026 the tenth turn is Friday 4 Dec; from Wednesday
        // 18 Nov it is Tuesday 1 Dec.
        let turns = rule_201();
        let end = turns.end_of_circuits(date(2026, 11, 23), 2, London);
        assert_eq!(end, London.with_ymd_and_hms(2026, 12, 5, 0, 0, 0).unwrap());
        let end = turns.end_of_circuits(date(2026, 11, 18), 2, London);
        assert_eq!(end, London.with_ymd_and_hms(2026, 12, 2, 0, 0, 0).unwrap());
    }
}
