//! The club session window (Terms §0 Act 5): the session weekdays, a start and an end, in club
//! time, with any one-off moves of a session from one date to another.

use chrono::{DateTime, Datelike, NaiveDate, NaiveTime, Utc, Weekday};
use chrono_tz::Tz;

use crate::domain::kernel::calendar;

/// When and where sessions are held.
#[derive(Debug, Clone)]
pub struct Window {
    /// The session weekdays, Monday first.
    pub days: Vec<Weekday>,
    pub start: NaiveTime,
    pub end: NaiveTime,
    pub place: String,
    pub tz: Tz,
    /// One-off moves of a session: (from, to) club dates.
    pub moves: Vec<(NaiveDate, NaiveDate)>,
}

impl Window {
    /// Whether a session is held on `date`: a session weekday the session was not moved away
    /// from, or a date a session was moved to.
    pub fn is_session_date(&self, date: NaiveDate) -> bool {
        if self.moves.iter().any(|&(from, _)| from == date) {
            return false;
        }
        self.days.contains(&date.weekday()) || self.moves.iter().any(|&(_, to)| to == date)
    }

    /// True when `at` is inside the window: a session date, at or after the start and before
    /// the end, in club time.
    pub fn contains(&self, at: DateTime<Utc>) -> bool {
        let local = at.with_timezone(&self.tz);
        self.is_session_date(local.date_naive())
            && local.time() >= self.start
            && local.time() < self.end
    }

    /// The end of the window on a club date.
    pub fn end_on(&self, date: NaiveDate) -> DateTime<Utc> {
        calendar::local_to_utc(date.and_time(self.end), self.tz)
    }

    /// "on Friday between 12:30 and 13:10 in 322", for refusals.
    pub fn describe(&self) -> String {
        let days: Vec<&str> = self
            .days
            .iter()
            .map(|d| calendar::weekday_name(*d))
            .collect();
        let moved: Vec<String> = self
            .moves
            .iter()
            .map(|&(from, to)| {
                format!(
                    "{}'s on {}",
                    calendar::show_date(from),
                    calendar::show_date(to)
                )
            })
            .collect();
        let except = if moved.is_empty() {
            String::new()
        } else {
            format!(", with {} instead", moved.join(" and "))
        };
        format!(
            "on {} between {} and {} in {}{except}",
            days.join(" or "),
            self.start.format("%H:%M"),
            self.end.format("%H:%M"),
            self.place
        )
    }
}

/// How long someone must be in the room during a session to be present (Terms §0 Act 9).
pub const PRESENCE_MINUTES: i64 = 5;

/// Whether someone who says "I am here from now" at `at` can still be present at a session that
/// ends at `end`: only with at least five minutes of it left (Terms §0 Act 9). Checking in and
/// registering one's own game without having checked in follow this one rule; a Moderator's
/// mark vouches for the whole session instead.
pub fn may_become_present(at: DateTime<Utc>, end: DateTime<Utc>) -> bool {
    at + chrono::Duration::minutes(PRESENCE_MINUTES) <= end
}

/// Whether a game may still be entered for a session that closed at `closed_at` (Terms §0 Act 5,
/// §I Act 5): games stopped by the bell, and games registered a little after they end, count for
/// the session for `grace` after it closes.
pub fn in_grace(closed_at: DateTime<Utc>, now: DateTime<Utc>, grace: chrono::Duration) -> bool {
    now >= closed_at && now < closed_at + grace
}

/// Whether a non-Member can still join "within the same session" (Terms §0 Act 12), so that a
/// game with them may wait for their join: only while the session is open. A game registered in
/// the grace after the session closed would wait for a join that can no longer come.
pub fn may_still_join(closed_at: Option<DateTime<Utc>>, now: DateTime<Utc>) -> bool {
    closed_at.is_none_or(|closed| now < closed)
}

#[cfg(test)]
mod tests {
    use super::*;
    use chrono::TimeZone;

    #[test]
    fn presence_needs_five_minutes_of_the_session_left() {
        // Terms §0 Act 9: present means in the room for no less than 5 minutes.
        let end = Utc.with_ymd_and_hms(2026, 11, 27, 13, 10, 0).unwrap();
        let at = |h, m| Utc.with_ymd_and_hms(2026, 11, 27, h, m, 0).unwrap();
        assert!(may_become_present(at(13, 5), end));
        assert!(!may_become_present(at(13, 6), end));
        assert!(!may_become_present(at(13, 20), end));
    }

    fn window() -> Window {
        Window {
            days: vec![Weekday::Fri],
            start: NaiveTime::from_hms_opt(12, 30, 0).unwrap(),
            end: NaiveTime::from_hms_opt(13, 10, 0).unwrap(),
            place: "322".into(),
            tz: chrono_tz::Europe::London,
            moves: vec![],
        }
    }

    fn date(m: u32, d: u32) -> NaiveDate {
        NaiveDate::from_ymd_opt(2026, m, d).unwrap()
    }

    #[test]
    fn a_club_may_meet_on_more_than_one_day_a_week_s0_a5() {
        let w = Window {
            days: vec![Weekday::Tue, Weekday::Fri],
            ..window()
        };
        assert!(w.is_session_date(date(12, 1)));
        assert!(w.is_session_date(date(12, 4)));
        assert!(!w.is_session_date(date(12, 3)));
        assert_eq!(
            w.describe(),
            "on Tuesday or Friday between 12:30 and 13:10 in 322"
        );
    }

    #[test]
    fn a_moved_session_is_held_on_its_new_date_and_not_its_old_one_s0_a5() {
        let w = Window {
            moves: vec![(date(12, 4), date(12, 3))],
            ..window()
        };
        assert!(!w.is_session_date(date(12, 4)));
        assert!(w.is_session_date(date(12, 3)));
        assert!(w.is_session_date(date(12, 11)));
        assert!(w.contains(Utc.with_ymd_and_hms(2026, 12, 3, 12, 45, 0).unwrap()));
        assert!(!w.contains(Utc.with_ymd_and_hms(2026, 12, 4, 12, 45, 0).unwrap()));
        assert_eq!(
            w.describe(),
            "on Friday between 12:30 and 13:10 in 322, with Fri 4 Dec 2026's on Thu 3 Dec 2026 instead"
        );
    }

    #[test]
    fn the_window_is_friday_lunchtime_in_club_time() {
        // Terms §0 Act 5. 27 Nov 2026 is a Friday; London is on GMT then.
        let w = window();
        assert!(w.contains(Utc.with_ymd_and_hms(2026, 11, 27, 12, 30, 0).unwrap()));
        assert!(w.contains(Utc.with_ymd_and_hms(2026, 11, 27, 13, 9, 59).unwrap()));
        assert!(!w.contains(Utc.with_ymd_and_hms(2026, 11, 27, 13, 10, 0).unwrap()));
        assert!(!w.contains(Utc.with_ymd_and_hms(2026, 11, 26, 12, 45, 0).unwrap()));
        // In summer, 12:45 in London is 11:45 UTC.
        assert!(w.contains(Utc.with_ymd_and_hms(2026, 6, 5, 11, 45, 0).unwrap()));
        assert!(!w.contains(Utc.with_ymd_and_hms(2026, 6, 5, 12, 45, 0).unwrap()));
        assert_eq!(w.describe(), "on Friday between 12:30 and 13:10 in 322");
    }

    #[test]
    fn a_game_of_a_session_may_be_entered_for_the_grace_after_it_closes() {
        // Terms §I Act 5 exists for games stopped by the bell at 13:10.
        let closed = chrono_tz::Europe::London
            .with_ymd_and_hms(2026, 11, 27, 13, 10, 0)
            .unwrap()
            .with_timezone(&Utc);
        let grace = chrono::Duration::minutes(30);
        assert!(in_grace(closed, closed, grace));
        assert!(in_grace(
            closed,
            closed + chrono::Duration::minutes(29),
            grace
        ));
        assert!(!in_grace(closed, closed + grace, grace));
        assert!(!in_grace(
            closed,
            closed - chrono::Duration::minutes(1),
            grace
        ));
    }

    #[test]
    fn a_non_member_can_join_within_the_session_only_while_it_is_open() {
        // Terms §0 Act 12: "added to the Leaderboard within the same session".
        let closed = Utc.with_ymd_and_hms(2026, 11, 27, 13, 10, 0).unwrap();
        assert!(may_still_join(None, closed));
        assert!(may_still_join(
            Some(closed),
            closed - chrono::Duration::minutes(1)
        ));
        assert!(!may_still_join(Some(closed), closed));
        assert!(!may_still_join(
            Some(closed),
            closed + chrono::Duration::minutes(10)
        ));
    }
}
