//! How fast one member may act: a token bucket per user (from `governor`), checked before
//! every command and every click. A member who sends more than a burst within a few seconds
//! gets a short ephemeral "slow down" and nothing else happens; everyone else is unaffected.
//! Autocomplete is not counted: it is typing, not acting.

use governor::{DefaultKeyedRateLimiter, Quota, RateLimiter};
use std::num::NonZeroU32;

/// How many actions a member may take at once before the pace applies.
pub const BURST: u32 = 8;

/// The members' buckets.
pub struct Pace {
    buckets: DefaultKeyedRateLimiter<u64>,
}

impl Pace {
    /// Each member may take [`BURST`] actions at once, then `per_minute` a minute.
    pub fn new(per_minute: NonZeroU32) -> Pace {
        let burst = NonZeroU32::new(BURST).unwrap_or(NonZeroU32::MIN);
        Pace {
            buckets: RateLimiter::keyed(Quota::per_minute(per_minute).allow_burst(burst)),
        }
    }

    /// Whether `user` may act now (and counts the action if so).
    pub fn allows(&self, user: u64) -> bool {
        self.buckets.check_key(&user).is_ok()
    }

    /// Forgets the members whose bucket is full again, so that memory stays bounded by the
    /// members active in the last minutes.
    pub fn forget_idle(&self) {
        self.buckets.retain_recent();
        self.buckets.shrink_to_fit();
    }

    /// How many members have a bucket now.
    #[cfg(test)]
    fn members(&self) -> usize {
        self.buckets.len()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_member_past_the_burst_waits_and_others_do_not() {
        let pace = Pace::new(NonZeroU32::new(1).unwrap());
        for _ in 0..BURST {
            assert!(pace.allows(1));
        }
        assert!(!pace.allows(1), "the burst is spent");
        assert!(pace.allows(2), "another member has a bucket of their own");
        assert_eq!(pace.members(), 2);
    }
}
