//! Where the service gets the time from: the system clock in the bot, a hand-set clock in tests
//! (so no test ever sleeps).

use chrono::{DateTime, TimeDelta, Utc};
use std::sync::Mutex;

/// A source of the current time.
pub trait Clock: Send + Sync {
    /// Now.
    fn now(&self) -> DateTime<Utc>;
}

/// The system's clock.
#[derive(Clone, Copy, Debug, Default)]
pub struct SystemClock;

impl Clock for SystemClock {
    fn now(&self) -> DateTime<Utc> {
        Utc::now()
    }
}

/// A clock that stands still until it is set or advanced.
///
/// ```
/// use chrono::{TimeDelta, TimeZone, Utc};
/// use halma_core::clock::{Clock, ManualClock};
/// let clock = ManualClock::new(Utc.with_ymd_and_hms(2025, 1, 1, 12, 0, 0).unwrap());
/// clock.advance(TimeDelta::hours(2));
/// assert_eq!(clock.now(), Utc.with_ymd_and_hms(2025, 1, 1, 14, 0, 0).unwrap());
/// ```
#[derive(Debug)]
pub struct ManualClock {
    now: Mutex<DateTime<Utc>>,
}

impl ManualClock {
    /// A clock showing `now`.
    pub fn new(now: DateTime<Utc>) -> ManualClock {
        ManualClock {
            now: Mutex::new(now),
        }
    }

    /// Sets the time.
    pub fn set(&self, now: DateTime<Utc>) {
        *self.now.lock().unwrap_or_else(|e| e.into_inner()) = now;
    }

    /// Moves the time forward by `by`.
    pub fn advance(&self, by: TimeDelta) {
        let mut now = self.now.lock().unwrap_or_else(|e| e.into_inner());
        *now += by;
    }
}

impl Clock for ManualClock {
    fn now(&self) -> DateTime<Utc> {
        *self.now.lock().unwrap_or_else(|e| e.into_inner())
    }
}
