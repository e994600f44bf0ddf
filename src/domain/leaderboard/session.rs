//! The club session window (Terms §0 Act 5): a weekday, a start and an end, in club time.

use chrono::{DateTime, Datelike, NaiveDate, NaiveTime, Utc, Weekday};
use chrono_tz::Tz;

use crate::domain::kernel::calendar;

/// When and where sessions are held.
#[derive(Debug, Clone)]
pub struct Window {
    pub day: Weekday,
    pub start: NaiveTime,
    pub end: NaiveTime,
    pub place: String,
    pub tz: Tz,
}

impl Window {
    /// True when `at` is inside the window: the right weekday, at or after the start and
    /// before the end, in club time.
    pub fn contains(&self, at: DateTime<Utc>) -> bool {
        let local = at.with_timezone(&self.tz);
        local.weekday() == self.day && local.time() >= self.start && local.time() < self.end
    }

    /// The end of the window on a club date.
    pub fn end_on(&self, date: NaiveDate) -> DateTime<Utc> {
        calendar::local_to_utc(date.and_time(self.end), self.tz)
    }

    /// "on Friday between 12:30 and 13:10 in 322", for refusals.
    pub fn describe(&self) -> String {
        format!(
            "on {} between {} and {} in {}",
            calendar::weekday_name(self.day),
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
            day: Weekday::Fri,
            start: NaiveTime::from_hms_opt(12, 30, 0).unwrap(),
            end: NaiveTime::from_hms_opt(13, 10, 0).unwrap(),
            place: "322".into(),
            tz: chrono_tz::Europe::London,
        }
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
