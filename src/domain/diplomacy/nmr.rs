//! Missed orders (D.VII.6, B.8): at the deadline every remaining power without orders has an NMR.
//! In Spring 1901 and the Fall 1901 movement turn an NMR means immediate replacement, and the
//! results wait. Otherwise its units hold, and the player has 48 hours from the publication
//! (96 when the period includes a weekend) to contact the GM before the replacement procedure
//! begins. The captain's window to choose a replacement (B.8d) is counted the same way.

use chrono::{DateTime, Datelike, Duration, Utc, Weekday};

use super::season::{Half, Phase, Turn, FIRST_YEAR};
use super::Power;

/// What an NMR leads to.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Consequence {
    /// Spring 1901 or the Fall 1901 movement turn: replace the player now; the GM does not
    /// release results while the NMR stands (D.VII.6b).
    ReplaceNow,
    /// Units hold (D.VII.6c); the replacement procedure starts at `due` unless the player has
    /// contacted the GM (D.VII.6a).
    Clock { hours: i64, due: DateTime<Utc> },
}

/// The powers remaining that sent no orders by the deadline.
pub fn missing(remaining: &[Power], with_orders: &[Power]) -> Vec<Power> {
    remaining
        .iter()
        .copied()
        .filter(|p| !with_orders.contains(p))
        .collect()
}

/// True for the turns where no NMR is allowed (D.VII.6b).
pub fn no_nmr_allowed(turn: Turn) -> bool {
    turn.season.year == FIRST_YEAR
        && turn.phase == Phase::Movement
        && matches!(turn.season.half, Half::Spring | Half::Fall)
}

/// The 48 hours from `from`, or 96 when those 48 hours include a Saturday or Sunday (GMT).
pub fn window(from: DateTime<Utc>) -> (i64, DateTime<Utc>) {
    let last = (from + Duration::hours(48) - Duration::seconds(1)).date_naive();
    let weekend = from
        .date_naive()
        .iter_days()
        .take_while(|d| *d <= last)
        .any(|d| matches!(d.weekday(), Weekday::Sat | Weekday::Sun));
    let hours = if weekend { 96 } else { 48 };
    (hours, from + Duration::hours(hours))
}

/// What an NMR in `turn`, whose adjudication is published at `published`, leads to.
pub fn consequence(turn: Turn, published: DateTime<Utc>) -> Consequence {
    if no_nmr_allowed(turn) {
        Consequence::ReplaceNow
    } else {
        let (hours, due) = window(published);
        Consequence::Clock { hours, due }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use chrono::TimeZone;

    fn at(d: u32, h: u32) -> DateTime<Utc> {
        // November 2026: the 2nd is a Monday, the 7th a Saturday.
        Utc.with_ymd_and_hms(2026, 11, d, h, 0, 0).unwrap()
    }

    #[test]
    fn an_nmr_in_spring_1901_means_immediate_replacement_d_vii_6b() {
        assert_eq!(consequence(Turn::FIRST, at(2, 12)), Consequence::ReplaceNow);
        let fall = Turn::parse("F1901M").unwrap();
        assert_eq!(consequence(fall, at(2, 12)), Consequence::ReplaceNow);
        let retreat = Turn::parse("F1901R").unwrap();
        assert!(matches!(
            consequence(retreat, at(2, 12)),
            Consequence::Clock { .. }
        ));
    }

    #[test]
    fn after_1901_an_nmr_starts_a_48_hour_clock_on_weekdays_d_vii_6a() {
        let t = Turn::parse("S1903M").unwrap();
        assert_eq!(
            consequence(t, at(2, 12)),
            Consequence::Clock {
                hours: 48,
                due: at(4, 12)
            }
        );
    }

    #[test]
    fn a_clock_that_includes_a_weekend_runs_96_hours_d_vii_6a_b8d() {
        assert_eq!(
            window(at(5, 12)),
            (96, at(9, 12)),
            "Thursday noon reaches Saturday"
        );
        assert_eq!(window(at(4, 12)), (48, at(6, 12)), "Wednesday to Friday");
        assert_eq!(window(at(8, 12)).0, 96, "Sunday");
    }

    #[test]
    fn every_remaining_power_without_orders_has_an_nmr_d_vii_6c() {
        use Power::*;
        assert_eq!(
            missing(&[Austria, England, France], &[England]),
            vec![Austria, France]
        );
    }
}
