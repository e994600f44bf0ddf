//! The fraud ladder (Terms §II Act 5) and the dates of bans (Terms §II Act 9.2).

use chrono::{DateTime, Datelike, Days, NaiveDate, NaiveTime, Utc, Weekday};
use chrono_tz::Tz;

use crate::domain::kernel::calendar;

/// A step of the ladder, by the member's count of violations in force.
#[derive(
    Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, serde::Serialize, serde::Deserialize,
)]
pub enum Step {
    /// 1st: the fraudulent game or action is reversed as though it never happened.
    Reverse = 1,
    /// 2nd: the score is halved.
    Halve = 2,
    /// 3rd: the score is reset to 100.
    Reset = 3,
    /// 4th: an immediate four-week ban.
    FourWeekBan = 4,
    /// 5th: a permanent ban.
    PermanentBan = 5,
}

impl Step {
    pub fn from_number(n: i64) -> Option<Step> {
        match n {
            1 => Some(Step::Reverse),
            2 => Some(Step::Halve),
            3 => Some(Step::Reset),
            4 => Some(Step::FourWeekBan),
            5 => Some(Step::PermanentBan),
            _ => None,
        }
    }

    pub fn number(self) -> i64 {
        self as i64
    }

    /// The step the ladder prescribes when the member already has `in_force` violations.
    pub fn prescribed(in_force: usize) -> Step {
        Step::from_number((in_force as i64 + 1).min(5)).expect("1 to 5")
    }

    /// Steps 4 and 5 of the ladder are bans (Terms §II Act 5).
    pub fn is_ban(self) -> bool {
        matches!(self, Step::FourWeekBan | Step::PermanentBan)
    }

    pub fn describe(self) -> &'static str {
        match self {
            Step::Reverse => {
                "the fraudulent game or action is reversed as though it never happened"
            }
            Step::Halve => "the score is halved",
            Step::Reset => "the score is reset to 100",
            Step::FourWeekBan => "an immediate four-week ban",
            Step::PermanentBan => "a permanent ban",
        }
    }
}

/// Why a chosen step was refused.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum LadderError {
    #[error("Step {0} is not on the ladder; steps run from 1 to 5 (Terms §II Act 5).")]
    NoSuchStep(i64),
    #[error("The ladder prescribes step {prescribed} for this violation; a Moderator may use discretion to choose a lesser step, not a harsher one (Terms §II Act 5).")]
    Harsher { prescribed: i64 },
    #[error("Choosing step {chosen} instead of the prescribed step {prescribed} is discretion: say why with discretion:\"...\" (Terms §II Act 5).")]
    UnstatedDiscretion { chosen: i64, prescribed: i64 },
    #[error("Discretion is the choice of a lesser step than the ladder's (step {prescribed}); give step:N with it, or leave discretion out (Terms §II Act 5).")]
    DiscretionWithoutLesserStep { prescribed: i64 },
}

/// Applies a Moderator's choice of step (Terms §II Act 5): a lesser step is discretion and needs
/// its own explanation (`discretion`), which is recorded; a harsher one is refused, and so is
/// discretion without a lesser step.
pub fn choose(
    prescribed: Step,
    chosen: Option<i64>,
    discretion: Option<&str>,
) -> Result<Step, LadderError> {
    let step = match chosen {
        Some(n) => Step::from_number(n).ok_or(LadderError::NoSuchStep(n))?,
        None => prescribed,
    };
    if step > prescribed {
        return Err(LadderError::Harsher {
            prescribed: prescribed.number(),
        });
    }
    let explained = discretion.is_some_and(|d| !d.trim().is_empty());
    match (step < prescribed, explained) {
        (true, false) => Err(LadderError::UnstatedDiscretion {
            chosen: step.number(),
            prescribed: prescribed.number(),
        }),
        (false, true) => Err(LadderError::DiscretionWithoutLesserStep {
            prescribed: prescribed.number(),
        }),
        _ => Ok(step),
    }
}

/// The four-week ban of the ladder (Terms §II Act 5) ends at the start (00:00 club time) of the
/// first Friday at or after the action's club date and time plus 28 club days (days and weeks are
/// the club's, daylight saving included); bans end on a Friday (§II Act 9.2). So the member misses
/// four sessions, or five when the action falls on a Friday before that day's session.
pub fn four_week_ban_end(taken: DateTime<Utc>, tz: Tz, ban_day: Weekday) -> DateTime<Utc> {
    let earliest = taken.with_timezone(&tz).naive_local() + Days::new(28);
    let mut friday = calendar::on_or_after(earliest.date(), ban_day);
    if friday == earliest.date() && earliest.time() > NaiveTime::MIN {
        friday = friday + Days::new(7);
    }
    calendar::start_of_day(friday, tz)
}

/// The end of a ban after a re-step (Terms §II Act 5): the ladder's four-week end when the new
/// step is the four-week ban, but never later than the end the ban already had. An end the
/// Court set, or a Moderator on remand, stands when it is earlier: only the Court lengthens a
/// ban (§II Act 9.4), and a re-step, which lightens, never does. `current_end` is the end of
/// the ban the case was (`None` when it was permanent or no ban).
pub fn restepped_ban_end(
    new_step: Step,
    ladder_end: DateTime<Utc>,
    current_end: Option<DateTime<Utc>>,
) -> Option<DateTime<Utc>> {
    (new_step == Step::FourWeekBan).then(|| current_end.map_or(ladder_end, |c| c.min(ladder_end)))
}

/// The furthest a ban's end may be set: ten years (a permanent ban is the ladder's fifth step).
pub const BAN_HORIZON_DAYS: u64 = 3653;

/// The day bans end on (Terms §II Act 9.2): Friday in the Terms as written, or the day an
/// adopted amendment or the club's session day gives it, with the Act as it now reads.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct BanDay {
    pub day: Weekday,
    /// What refusals add to the citation of Terms §II Act 9.2: the Act as it now reads, or
    /// why the day is another; `None` where no Terms are kept.
    pub reads: Option<String>,
}

impl Default for BanDay {
    fn default() -> Self {
        Self {
            day: Weekday::Fri,
            reads: None,
        }
    }
}

impl BanDay {
    /// The refusal for a date that is not the ban day.
    pub fn refuse(&self, end: NaiveDate) -> BanDateError {
        BanDateError::NotBanDay {
            date: calendar::show_date(end),
            day: calendar::weekday_name(self.day).to_owned(),
            reads: self
                .reads
                .as_deref()
                .map(|r| format!(", {r}"))
                .unwrap_or_default(),
        }
    }
}

/// Bans must have an expiry date, which must fall on the ban day (Terms §II Act 9.2).
pub fn is_valid_ban_end(
    end: NaiveDate,
    today: NaiveDate,
    ban_day: &BanDay,
) -> Result<(), BanDateError> {
    if end.weekday() != ban_day.day {
        return Err(ban_day.refuse(end));
    }
    is_future_ban_end(end, today)
}

/// A ban's end must be a real date after today (Terms §II Act 9.2); which weekday it must be is
/// the club's ban day, which the app knows (`is_valid_ban_end`).
pub fn is_future_ban_end(end: NaiveDate, today: NaiveDate) -> Result<(), BanDateError> {
    if end <= today {
        return Err(BanDateError::NotFuture(calendar::show_date(end)));
    }
    // A ban must have an expiry (Act 9.2); one centuries away is a typing slip, and times far
    // outside the calendar would not compare as stored.
    if end > today + Days::new(BAN_HORIZON_DAYS) {
        return Err(BanDateError::TooFar(calendar::show_date(end)));
    }
    Ok(())
}

#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum BanDateError {
    #[error("A ban must end on a {day}, and {date} is not one (Terms §II Act 9.2{reads}).")]
    NotBanDay {
        date: String,
        day: String,
        reads: String,
    },
    #[error("A ban must end after today, and {0} does not (Terms §II Act 9.2).")]
    NotFuture(String),
    #[error("{0} is more than ten years away; a ban's expiry must be a real date (Terms §II Act 9.2). A permanent ban is the ladder's fifth step.")]
    TooFar(String),
}

/// After violation `voided` is void, the later violations in force are re-stepped as though it
/// never happened (Terms §II Act 5): each violation's prescribed step counts the violations in
/// force before it; a later one whose step is above that comes down to it, and a lesser step
/// chosen by discretion stays. `in_force` lists the member's violations still in force (the
/// voided one no longer among them), oldest first, with their steps. Returns the cases to
/// change and their new step.
pub fn restep_plan(in_force: &[(i64, Step)], voided: i64) -> Vec<(i64, Step)> {
    in_force
        .iter()
        .enumerate()
        .filter_map(|(before, &(case, step))| {
            let prescribed = Step::prescribed(before);
            (case > voided && step > prescribed).then_some((case, prescribed))
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn voiding_the_first_violation_brings_each_later_one_down_a_step() {
        // Terms §II Act 5, as though case 1 never happened.
        let left = [(2, Step::Halve), (3, Step::Reset), (4, Step::FourWeekBan)];
        assert_eq!(
            restep_plan(&left, 1),
            vec![(2, Step::Reverse), (3, Step::Halve), (4, Step::Reset)]
        );
    }

    #[test]
    fn a_re_step_never_ends_a_ban_later_than_the_end_it_had() {
        // Terms §II Act 9.4: a permanent ban the Court gave an end two weeks on, re-stepped to
        // the four-week ban, keeps the Court's earlier end.
        use chrono::TimeZone;
        let court_end = Utc.with_ymd_and_hms(2026, 12, 11, 0, 0, 0).unwrap();
        let ladder_end = Utc.with_ymd_and_hms(2027, 1, 1, 0, 0, 0).unwrap();
        assert_eq!(
            restepped_ban_end(Step::FourWeekBan, ladder_end, Some(court_end)),
            Some(court_end)
        );
        assert_eq!(
            restepped_ban_end(Step::FourWeekBan, ladder_end, None),
            Some(ladder_end)
        );
        let later = Utc.with_ymd_and_hms(2027, 2, 5, 0, 0, 0).unwrap();
        assert_eq!(
            restepped_ban_end(Step::FourWeekBan, ladder_end, Some(later)),
            Some(ladder_end)
        );
        assert_eq!(
            restepped_ban_end(Step::Reset, ladder_end, Some(court_end)),
            None
        );
    }

    #[test]
    fn earlier_violations_and_lesser_steps_by_discretion_stay() {
        // Case 3 took step 1 by discretion where step 2 was due; it stays, and case 4 is
        // brought down to what two violations before it prescribe.
        let left = [
            (1, Step::Reverse),
            (3, Step::Reverse),
            (4, Step::FourWeekBan),
        ];
        assert_eq!(restep_plan(&left, 2), vec![(4, Step::Reset)]);
        assert!(restep_plan(&[(1, Step::Reverse)], 2).is_empty());
    }

    fn date(y: i32, m: u32, d: u32) -> NaiveDate {
        NaiveDate::from_ymd_opt(y, m, d).unwrap()
    }

    #[test]
    fn the_ladder_climbs_with_each_violation_in_force() {
        // Terms §II Act 5.
        assert_eq!(Step::prescribed(0), Step::Reverse);
        assert_eq!(Step::prescribed(1), Step::Halve);
        assert_eq!(Step::prescribed(2), Step::Reset);
        assert_eq!(Step::prescribed(3), Step::FourWeekBan);
        assert_eq!(Step::prescribed(4), Step::PermanentBan);
        assert_eq!(Step::prescribed(9), Step::PermanentBan);
    }

    #[test]
    fn a_fourth_violation_is_a_ban() {
        assert!(Step::FourWeekBan.is_ban());
        assert!(Step::PermanentBan.is_ban());
    }

    #[test]
    fn the_first_three_steps_are_not_bans() {
        assert!(!Step::Reverse.is_ban());
        assert!(!Step::Halve.is_ban());
        assert!(!Step::Reset.is_ban());
    }

    #[test]
    fn discretion_may_lessen_but_must_be_explained_on_its_own() {
        // Terms §II Act 5: "Moderators may use discretion in the application of the above".
        assert_eq!(choose(Step::Reset, None, None), Ok(Step::Reset));
        assert_eq!(
            choose(
                Step::Reset,
                Some(1),
                Some("first term, and owned up at once")
            ),
            Ok(Step::Reverse)
        );
        assert_eq!(
            choose(Step::Reset, Some(1), None),
            Err(LadderError::UnstatedDiscretion {
                chosen: 1,
                prescribed: 3
            })
        );
        assert_eq!(
            choose(Step::Reset, Some(1), Some("  ")),
            Err(LadderError::UnstatedDiscretion {
                chosen: 1,
                prescribed: 3
            })
        );
        assert_eq!(
            choose(Step::Halve, Some(4), Some("harsher")),
            Err(LadderError::Harsher { prescribed: 2 })
        );
    }

    #[test]
    fn a_reason_that_merely_says_discretion_is_no_discretion() {
        // "another indiscretion" is not an explanation of a lesser step.
        assert!(choose(Step::Reset, Some(1), None).is_err());
        assert_eq!(
            choose(Step::Reset, None, Some("first term")),
            Err(LadderError::DiscretionWithoutLesserStep { prescribed: 3 })
        );
        assert_eq!(
            choose(Step::Reset, Some(3), Some("first term")),
            Err(LadderError::DiscretionWithoutLesserStep { prescribed: 3 })
        );
    }

    #[test]
    fn a_fourth_violation_bans_for_four_club_weeks_ending_on_a_friday() {
        // Terms §II Act 5 step 4, §II Act 9.2: 28 club days on from the action, then the first
        // Friday 00:00 club time at or after that.
        use chrono_tz::Europe::London;
        let at = |y, m, d, h, min| {
            calendar::local_to_utc(date(y, m, d).and_hms_opt(h, min, 0).unwrap(), London)
        };
        let ends =
            |taken| calendar::show_club(four_week_ban_end(taken, London, Weekday::Fri), London);
        // Taken at 12:45 on Friday 27 Nov 2026: four weeks on is Friday 25 Dec 12:45, after
        // that day's 00:00, so the ban runs to 1 Jan 2027 (five sessions missed).
        assert_eq!(ends(at(2026, 11, 27, 12, 45)), "Fri 1 Jan 2027 00:00 GMT");
        // Taken on Saturday 28 Nov: the first Friday after 26 Dec is 1 Jan 2027.
        assert_eq!(ends(at(2026, 11, 28, 10, 0)), "Fri 1 Jan 2027 00:00 GMT");
        // Taken in the first minute of a Thursday: the next Friday four weeks on.
        assert_eq!(ends(at(2026, 11, 26, 0, 0)), "Fri 25 Dec 2026 00:00 GMT");
        // Taken at 00:00 on a Friday: that Friday four weeks on, exactly 28 club days.
        assert_eq!(ends(at(2026, 11, 27, 0, 0)), "Fri 25 Dec 2026 00:00 GMT");
        // Across the spring clock change: Thursday 5 Mar 23:30 GMT plus 28 club days is
        // Thursday 2 Apr 23:30 BST, so the ban ends on Friday 3 Apr (28 × 24 hours would
        // have reached 00:30 on Friday 3 Apr and pushed it to 10 Apr).
        assert_eq!(ends(at(2026, 3, 5, 23, 30)), "Fri 3 Apr 2026 00:00 BST");
        assert_eq!(ends(at(2026, 3, 6, 12, 45)), "Fri 10 Apr 2026 00:00 BST");
        // Across the autumn one: Thursday 1 Oct 23:30 BST plus 28 club days is Thursday 29 Oct
        // 23:30 GMT.
        assert_eq!(ends(at(2026, 10, 1, 23, 30)), "Fri 30 Oct 2026 00:00 GMT");
    }

    #[test]
    fn bans_end_on_a_future_friday() {
        let friday = BanDay::default();
        let is_valid_ban_end = |end, today| super::is_valid_ban_end(end, today, &friday);
        assert!(matches!(
            is_valid_ban_end(date(2037, 1, 2), date(2026, 11, 27)),
            Err(BanDateError::TooFar(_))
        ));
        assert!(is_valid_ban_end(date(2036, 11, 21), date(2026, 11, 27)).is_ok());
        // Terms §II Act 9.2.
        let today = date(2026, 11, 27);
        assert!(is_valid_ban_end(date(2026, 12, 4), today).is_ok());
        assert!(matches!(
            is_valid_ban_end(date(2026, 12, 3), today),
            Err(BanDateError::NotBanDay { .. })
        ));
        assert!(matches!(
            is_valid_ban_end(date(2026, 11, 27), today),
            Err(BanDateError::NotFuture(_))
        ));
    }

    #[test]
    fn an_amended_ban_day_moves_the_ladder_and_the_refusal_quotes_it_ii_9_2() {
        // Terms §II Act 9.2 amended to "a Wednesday": the four-week ban ends on the first
        // Wednesday four weeks on, and a Friday is refused with the Act as it now reads.
        use chrono_tz::Europe::London;
        let taken =
            calendar::local_to_utc(date(2026, 11, 27).and_hms_opt(12, 45, 0).unwrap(), London);
        assert_eq!(
            calendar::show_club(four_week_ban_end(taken, London, Weekday::Wed), London),
            "Wed 30 Dec 2026 00:00 GMT"
        );
        let wednesday = BanDay {
            day: Weekday::Wed,
            reads: Some(
                "which now reads “Bans must have an expiry date, which must fall on a Wednesday”"
                    .into(),
            ),
        };
        let today = date(2026, 11, 27);
        assert!(is_valid_ban_end(date(2026, 12, 2), today, &wednesday).is_ok());
        let refused = is_valid_ban_end(date(2026, 12, 4), today, &wednesday).unwrap_err();
        assert_eq!(
            refused.to_string(),
            "A ban must end on a Wednesday, and Fri 4 Dec 2026 is not one (Terms §II Act 9.2, which now reads “Bans must have an expiry date, which must fall on a Wednesday”)."
        );
    }
}
