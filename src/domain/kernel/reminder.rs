//! Reminders speak only before the deadline they remind of. A reminder that runs late (gavel
//! was down, or its job waited behind others) says nothing: the notice at the deadline speaks,
//! and a reminder after it would be false ("one hour left") and could ping people for nothing.

use chrono::{DateTime, Utc};

/// Why a reminder said nothing.
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
#[error("the deadline has passed; the notice at the deadline speaks")]
pub struct TooLate;

/// Whether a reminder of `deadline` may still speak at `now`.
pub fn timely(now: DateTime<Utc>, deadline: DateTime<Utc>) -> Result<(), TooLate> {
    if now < deadline {
        Ok(())
    } else {
        Err(TooLate)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use chrono::{Duration, TimeZone};

    #[test]
    fn a_reminder_speaks_before_its_deadline_and_never_at_or_after_it() {
        let deadline = Utc.with_ymd_and_hms(2026, 11, 30, 0, 0, 0).unwrap();
        assert_eq!(timely(deadline - Duration::hours(1), deadline), Ok(()));
        assert_eq!(timely(deadline, deadline), Err(TooLate));
        assert_eq!(
            timely(deadline + Duration::hours(58), deadline),
            Err(TooLate)
        );
    }
}
