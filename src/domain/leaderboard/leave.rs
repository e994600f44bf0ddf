//! The lifecycle of a request to leave the Leaderboard (Terms §II Act 8): pending until it is
//! carried out or withdrawn, and settled once.

use chrono::{DateTime, Utc};

/// The days the Chief Justice has to carry out a request to leave, as the Terms first state
/// them: "within seven (7) days" (Terms §II Act 8); an adopted amendment may change them
/// (`leaderboard.leave_days`).
pub const LEAVE_DAYS: i64 = 7;

/// Where a request to leave stands.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum LeaveState {
    /// To be carried out within the Act's days (Terms §II Act 8).
    Pending,
    /// The member was removed, or had already left, at this time.
    CarriedOut(DateTime<Utc>),
    /// The member took the request back at this time.
    Withdrawn(DateTime<Utc>),
}

/// A settled request cannot be settled again.
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
#[error("This request to leave is already settled; a new one can be made with /leave (Terms §II Act 8).")]
pub struct LeaveSettled;

impl LeaveState {
    pub fn is_pending(self) -> bool {
        self == LeaveState::Pending
    }

    /// The request is carried out at `at`.
    pub fn carry_out(self, at: DateTime<Utc>) -> Result<LeaveState, LeaveSettled> {
        match self {
            LeaveState::Pending => Ok(LeaveState::CarriedOut(at)),
            _ => Err(LeaveSettled),
        }
    }

    /// The request is withdrawn at `at`.
    pub fn withdraw(self, at: DateTime<Utc>) -> Result<LeaveState, LeaveSettled> {
        match self {
            LeaveState::Pending => Ok(LeaveState::Withdrawn(at)),
            _ => Err(LeaveSettled),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use chrono::TimeZone;

    fn noon() -> DateTime<Utc> {
        Utc.with_ymd_and_hms(2026, 11, 27, 12, 0, 0).unwrap()
    }

    #[test]
    fn a_pending_request_is_carried_out_once() {
        let done = LeaveState::Pending.carry_out(noon());
        assert_eq!(done, Ok(LeaveState::CarriedOut(noon())));
        assert_eq!(done.unwrap().carry_out(noon()), Err(LeaveSettled));
    }

    #[test]
    fn a_withdrawn_request_is_not_carried_out() {
        let withdrawn = LeaveState::Pending.withdraw(noon()).unwrap();
        assert!(!withdrawn.is_pending());
        assert_eq!(withdrawn.carry_out(noon()), Err(LeaveSettled));
    }
}
