//! Holiday extensions the TD decrees (D.VII.5): a deadline not yet passed moves by the hours
//! decreed, charged to no one: no guaranteed extension is used and the hours do not count in a
//! position's 7 days.

use chrono::{DateTime, Duration, Utc};

use super::extension::Ledger;

/// The longest holiday the TD decrees at once: two weeks.
pub const MAX_HOURS: u32 = 14 * 24;

/// What a decree does to one board.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Effect {
    /// The deadline moves to `to`.
    Moved {
        from: DateTime<Utc>,
        to: DateTime<Utc>,
    },
    /// The board has no deadline set.
    NoDeadline,
    /// The deadline has passed: the turn is the GM's to adjudicate.
    Passed,
}

/// Why a decree was refused.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum HolidayError {
    #[error("A holiday extension is of 1 to {MAX_HOURS} hours (D.VII.5).")]
    Hours,
}

/// The decree's effect on a board's deadline.
pub fn decree(
    deadline: Option<DateTime<Utc>>,
    now: DateTime<Utc>,
    hours: u32,
) -> Result<Effect, HolidayError> {
    if hours == 0 || hours > MAX_HOURS {
        return Err(HolidayError::Hours);
    }
    Ok(match deadline {
        None => Effect::NoDeadline,
        Some(d) if d <= now => Effect::Passed,
        Some(d) => Effect::Moved {
            from: d,
            to: d + Duration::hours(i64::from(hours)),
        },
    })
}

/// A position's extensions after a holiday: unchanged, the holiday being free (D.VII.5).
pub fn charged(ledger: Ledger) -> Ledger {
    ledger
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::domain::diplomacy::extension::{decide, Request, MAX_DAYS};
    use chrono::TimeZone;

    fn at(d: u32, h: u32) -> DateTime<Utc> {
        Utc.with_ymd_and_hms(2026, 12, d, h, 0, 0).unwrap()
    }

    #[test]
    fn a_decreed_holiday_moves_a_deadline_by_its_hours_d_vii_5() {
        assert_eq!(
            decree(Some(at(24, 18)), at(20, 9), 72),
            Ok(Effect::Moved {
                from: at(24, 18),
                to: at(27, 18)
            })
        );
    }

    #[test]
    fn a_holiday_decreed_less_than_12_hours_ahead_still_applies_as_it_is_no_players_request_d_vii_5(
    ) {
        assert!(matches!(
            decree(Some(at(24, 18)), at(24, 10), 24),
            Ok(Effect::Moved { .. })
        ));
    }

    #[test]
    fn a_passed_deadline_or_none_is_left_alone_d_vii_5() {
        assert_eq!(decree(Some(at(20, 9)), at(20, 9), 24), Ok(Effect::Passed));
        assert_eq!(decree(None, at(20, 9), 24), Ok(Effect::NoDeadline));
    }

    #[test]
    fn a_holiday_is_of_one_hour_to_two_weeks_d_vii_5() {
        assert_eq!(decree(None, at(20, 9), 0), Err(HolidayError::Hours));
        assert_eq!(
            decree(None, at(20, 9), MAX_HOURS + 1),
            Err(HolidayError::Hours)
        );
    }

    #[test]
    fn a_holiday_uses_no_guaranteed_extension_and_no_day_of_the_seven_d_vii_5() {
        let full = Ledger {
            guaranteed_used: false,
            days: MAX_DAYS,
        };
        assert_eq!(charged(full), full);
        // The position still has its guaranteed extension after the holiday...
        let after = charged(full);
        assert!(!after.guaranteed_used);
        // ...though its 7 days are spent, so it cannot use it for more days.
        assert!(decide(
            after,
            Request {
                now: at(20, 9),
                deadline: at(27, 18),
                days: 1,
                holiday: false,
                gm_grants: false,
            }
        )
        .is_err());
    }
}
