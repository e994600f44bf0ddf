//! The clock: real time for the bot, a movable clock for the console and tests.

use std::sync::{Arc, Mutex};

use chrono::{DateTime, SubsecRound, Utc};

/// Where "now" comes from. Times are whole seconds, so stored times compare as text.
pub trait Clock: Send + Sync + std::fmt::Debug {
    fn now(&self) -> DateTime<Utc>;

    /// Now to the millisecond, for waits shorter than a second (a 429's `retry_after`); a clock
    /// that keeps whole seconds gives `now`.
    fn now_exact(&self) -> DateTime<Utc> {
        self.now()
    }
}

/// The machine's clock.
#[derive(Debug, Default)]
pub struct SystemClock;

impl Clock for SystemClock {
    fn now(&self) -> DateTime<Utc> {
        Utc::now().trunc_subsecs(0)
    }

    fn now_exact(&self) -> DateTime<Utc> {
        Utc::now().trunc_subsecs(3)
    }
}

/// A clock that stands still until it is moved: the console's `@` lines and every test use it.
#[derive(Debug, Clone)]
pub struct FakeClock(Arc<Mutex<DateTime<Utc>>>);

impl FakeClock {
    pub fn new(at: DateTime<Utc>) -> Self {
        Self(Arc::new(Mutex::new(at.trunc_subsecs(0))))
    }

    pub fn set(&self, at: DateTime<Utc>) {
        *self.0.lock().expect("clock lock") = at.trunc_subsecs(0);
    }
}

impl Clock for FakeClock {
    fn now(&self) -> DateTime<Utc> {
        *self.0.lock().expect("clock lock")
    }
}
