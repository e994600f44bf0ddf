//! The club calendar: club-local days, weeks and Fridays, computed in the club's time zone.
//!
//! Storage is UTC; every "day", "week" and "Friday" of the Terms is a club-local notion, so
//! conversions happen here and nowhere else. Deadlines are computed on local dates and then
//! converted, so a daylight-saving change never moves one.

use chrono::{
    DateTime, Datelike, Days, LocalResult, NaiveDate, NaiveDateTime, NaiveTime, TimeZone, Utc,
    Weekday,
};
use chrono_tz::Tz;

use crate::domain::kernel::moment;

/// The club's local date at an instant.
pub fn local_date(at: DateTime<Utc>, tz: Tz) -> NaiveDate {
    at.with_timezone(&tz).date_naive()
}

/// The instant a club-local wall-clock time names. In the hour skipped by a spring-forward
/// change the next valid instant is used; in the hour repeated in autumn, the first.
pub fn local_to_utc(local: NaiveDateTime, tz: Tz) -> DateTime<Utc> {
    match tz.from_local_datetime(&local) {
        LocalResult::Single(t) => t.with_timezone(&Utc),
        LocalResult::Ambiguous(first, _) => first.with_timezone(&Utc),
        LocalResult::None => {
            // Walk forward minute by minute out of the gap (at most a few hours anywhere).
            let mut probe = local;
            loop {
                probe += chrono::Duration::minutes(1);
                if let Some(t) = tz.from_local_datetime(&probe).earliest() {
                    return t.with_timezone(&Utc);
                }
            }
        }
    }
}

/// Midnight at the start of a club-local date.
pub fn start_of_day(date: NaiveDate, tz: Tz) -> DateTime<Utc> {
    local_to_utc(date.and_time(NaiveTime::MIN), tz)
}

/// The end of a club-local date: the first instant of the next day.
pub fn end_of_day(date: NaiveDate, tz: Tz) -> DateTime<Utc> {
    start_of_day(date + Days::new(1), tz)
}

/// The first date on or after `date` that falls on `weekday`.
pub fn on_or_after(date: NaiveDate, weekday: Weekday) -> NaiveDate {
    let ahead = (7 + weekday.num_days_from_monday() as i64
        - date.weekday().num_days_from_monday() as i64)
        % 7;
    date + Days::new(ahead as u64)
}

/// The Monday that starts the club week holding `date` (weeks run Monday to Sunday).
pub fn week_start(date: NaiveDate) -> NaiveDate {
    date - Days::new(date.weekday().num_days_from_monday() as u64)
}

/// `days` club-local days after `at`, at the same wall-clock time (7 days is 7 calendar days,
/// whatever the clocks did in between).
pub fn local_days_after(at: DateTime<Utc>, days: i64, tz: Tz) -> DateTime<Utc> {
    let local = at.with_timezone(&tz).naive_local();
    local_to_utc(local + chrono::Duration::days(days), tz)
}

/// The English name of a weekday.
pub fn weekday_name(day: Weekday) -> &'static str {
    match day {
        Weekday::Mon => "Monday",
        Weekday::Tue => "Tuesday",
        Weekday::Wed => "Wednesday",
        Weekday::Thu => "Thursday",
        Weekday::Fri => "Friday",
        Weekday::Sat => "Saturday",
        Weekday::Sun => "Sunday",
    }
}

/// Formats an instant for people: club-local, to the minute, with the zone's abbreviation. On
/// Discord each reader sees it in their own time (see `moment`).
pub fn show(at: DateTime<Utc>, tz: Tz) -> String {
    moment::moment(at, moment::Style::DateTime, &show_club(at, tz))
}

/// An instant in club time as plain text, for text that is stored rather than shown.
pub fn show_club(at: DateTime<Utc>, tz: Tz) -> String {
    at.with_timezone(&tz)
        .format("%a %-d %b %Y %H:%M %Z")
        .to_string()
}

/// Formats a club-local date for people.
pub fn show_date(date: NaiveDate) -> String {
    date.format("%a %-d %b %Y").to_string()
}

#[cfg(test)]
mod tests {
    use super::*;
    use chrono_tz::Europe::London;

    fn date(y: i32, m: u32, d: u32) -> NaiveDate {
        NaiveDate::from_ymd_opt(y, m, d).unwrap()
    }

    #[test]
    fn the_next_friday_on_or_after_a_friday_is_itself() {
        assert_eq!(
            on_or_after(date(2026, 11, 27), Weekday::Fri),
            date(2026, 11, 27)
        );
        assert_eq!(
            on_or_after(date(2026, 11, 28), Weekday::Fri),
            date(2026, 12, 4)
        );
    }

    #[test]
    fn seven_days_across_the_autumn_change_keep_the_wall_clock_time() {
        // British Summer Time ends on Sunday 25 October 2026.
        let before = local_to_utc(date(2026, 10, 23).and_hms_opt(12, 30, 0).unwrap(), London);
        let after = local_days_after(before, 7, London);
        assert_eq!(
            after.with_timezone(&London).naive_local(),
            date(2026, 10, 30).and_hms_opt(12, 30, 0).unwrap()
        );
        assert_eq!((after - before).num_hours(), 7 * 24 + 1);
    }

    #[test]
    fn a_time_in_the_spring_gap_moves_forward_out_of_it() {
        // Clocks go from 01:00 to 02:00 on 29 March 2026.
        let t = local_to_utc(date(2026, 3, 29).and_hms_opt(1, 30, 0).unwrap(), London);
        assert_eq!(
            t.with_timezone(&London).naive_local().time().to_string(),
            "02:00:00"
        );
    }

    #[test]
    fn a_club_day_is_local_not_utc() {
        // 23:30 UTC on 30 June is 00:30 on 1 July in London.
        let t = Utc.with_ymd_and_hms(2026, 6, 30, 23, 30, 0).unwrap();
        assert_eq!(local_date(t, London), date(2026, 7, 1));
    }

    #[test]
    fn weeks_start_on_monday() {
        assert_eq!(week_start(date(2026, 11, 27)), date(2026, 11, 23));
        assert_eq!(week_start(date(2026, 11, 23)), date(2026, 11, 23));
    }

    /// When the weekly review of the club week holding `day` is due: the next Monday, 00:00
    /// club time (as `jobs::schedule_weekly_review` computes it).
    fn review_due(day: NaiveDate) -> DateTime<Utc> {
        start_of_day(week_start(day) + Days::new(7), London)
    }

    #[test]
    fn the_review_of_the_week_the_clocks_go_back_is_due_at_local_monday_midnight() {
        // The last Sunday of October 2026 is the 25th: BST ends at 02:00 local.
        let due = review_due(date(2026, 10, 23));
        assert_eq!(
            due.with_timezone(&London).naive_local(),
            date(2026, 10, 26).and_hms_opt(0, 0, 0).unwrap()
        );
        // On GMT again, local midnight is midnight UTC, not 23:00 UTC as it was in summer.
        assert_eq!(due, Utc.with_ymd_and_hms(2026, 10, 26, 0, 0, 0).unwrap());
        // That club week is one hour longer than 7 x 24 hours.
        let start = start_of_day(date(2026, 10, 19), London);
        assert_eq!((due - start).num_hours(), 7 * 24 + 1);
        assert_eq!(show_club(due, London), "Mon 26 Oct 2026 00:00 GMT");
    }

    #[test]
    fn the_review_of_the_week_the_clocks_go_forward_is_due_at_local_monday_midnight() {
        // The last Sunday of March 2026 is the 29th: BST starts at 01:00 local.
        let due = review_due(date(2026, 3, 27));
        assert_eq!(
            due.with_timezone(&London).naive_local(),
            date(2026, 3, 30).and_hms_opt(0, 0, 0).unwrap()
        );
        // Local midnight in BST is 23:00 UTC on the Sunday.
        assert_eq!(due, Utc.with_ymd_and_hms(2026, 3, 29, 23, 0, 0).unwrap());
        let start = start_of_day(date(2026, 3, 23), London);
        assert_eq!((due - start).num_hours(), 7 * 24 - 1);
        assert_eq!(show_club(due, London), "Mon 30 Mar 2026 00:00 BST");
    }

    #[test]
    fn the_sunday_of_a_clock_change_belongs_to_the_week_before_the_review() {
        // Both Sundays of change, and their late evenings, are still in the week under review.
        for (y, m, d) in [(2026, 10, 25), (2026, 3, 29), (2027, 3, 28), (2027, 10, 31)] {
            let sunday = date(y, m, d);
            assert_eq!(sunday.weekday(), Weekday::Sun);
            let late = local_to_utc(sunday.and_hms_opt(23, 59, 0).unwrap(), London);
            assert!(late < review_due(sunday), "{sunday}");
            assert_eq!(local_date(late, London), sunday);
            assert_eq!(week_start(local_date(late, London)), week_start(sunday));
        }
    }

    #[test]
    fn the_friday_after_a_clock_change_is_seven_local_days_on() {
        let before = local_to_utc(date(2026, 3, 27).and_hms_opt(12, 30, 0).unwrap(), London);
        let after = local_days_after(before, 7, London);
        assert_eq!(show_club(after, London), "Fri 3 Apr 2026 12:30 BST");
        assert_eq!((after - before).num_hours(), 7 * 24 - 1);
    }

    #[test]
    fn the_repeated_autumn_hour_resolves_to_its_first_instance() {
        // 01:30 happens twice on 25 October 2026: first in BST (00:30 UTC), then in GMT.
        let t = local_to_utc(date(2026, 10, 25).and_hms_opt(1, 30, 0).unwrap(), London);
        assert_eq!(t, Utc.with_ymd_and_hms(2026, 10, 25, 0, 30, 0).unwrap());
    }
}
