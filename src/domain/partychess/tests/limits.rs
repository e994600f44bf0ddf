//! A turn's time limits (Rule 1230.2 §4.A): an extension only lengthens the turn, up to the cap
//! Rule 1230.2 sets as gavel reads it.

#[test]
fn an_extension_only_lengthens_the_turn_within_seven_days_1230_2_4_a() {
    use crate::domain::partychess::turns::TurnLimits;
    use crate::domain::partychess::turns::{check_extension, days_given, ExtendError};
    let read = TurnLimits::default();
    assert_eq!(check_extension(5, 3, read), Ok(()));
    assert_eq!(check_extension(7, 5, read), Ok(()));
    assert_eq!(
        check_extension(4, 7, read),
        Err(ExtendError::TooShort(4, 7))
    );
    assert_eq!(
        check_extension(5, 5, read),
        Err(ExtendError::TooShort(5, 5))
    );
    assert_eq!(
        check_extension(3, 3, read),
        Err(ExtendError::TooShort(3, 3))
    );
    assert_eq!(check_extension(8, 3, read), Err(ExtendError::TooLong(8, 7)));
    // Rule 1230.2 amended to ten-day turns, extensible to 14: the amended numbers.
    let ten = TurnLimits {
        days: 10,
        max_days: 14,
    };
    assert_eq!(
        check_extension(8, 10, ten),
        Err(ExtendError::TooShort(8, 10))
    );
    assert_eq!(check_extension(14, 10, ten), Ok(()));
    assert_eq!(
        check_extension(15, 10, ten),
        Err(ExtendError::TooLong(15, 14))
    );
    let tz = chrono_tz::Europe::London;
    let at = |s: &str| s.parse::<chrono::DateTime<chrono::Utc>>().unwrap();
    // Across the change to summer time, still whole club days.
    assert_eq!(
        days_given(at("2026-03-27T12:00:00Z"), at("2026-04-01T11:00:00Z"), tz),
        5
    );
}
