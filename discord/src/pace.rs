//! How fast one member may act: token buckets per user (from `governor`), checked before every
//! command and every click. A member who sends more than a burst within a few seconds gets a
//! short ephemeral "slow down" and nothing else happens; everyone else is unaffected.
//!
//! What counts is what a member means, not each tap: a command, a button (the Move button that
//! opens a picker among them) and an Activity action are one action each. The steps inside an
//! open move picker (a piece, a destination, Back, more…) belong to the Move that opened it and
//! have a gentler bucket of their own, there only so that nobody can make the bot draw boards
//! without end. Autocomplete is not counted: it is typing, not acting.

use governor::{DefaultKeyedRateLimiter, Quota, RateLimiter};
use std::num::NonZeroU32;

/// How many actions a member may take at once before the pace applies.
pub const BURST: u32 = 8;

/// How many picker steps a member may take at once before their pace applies: several
/// pickers' worth of pieces, destinations and Backs.
pub const STEPS_BURST: u32 = 24;

/// The members' buckets.
pub struct Pace {
    actions: DefaultKeyedRateLimiter<u64>,
    steps: DefaultKeyedRateLimiter<u64>,
}

/// `per_minute` after a burst of `burst`.
fn quota(per_minute: NonZeroU32, burst: u32) -> Quota {
    Quota::per_minute(per_minute).allow_burst(NonZeroU32::new(burst).unwrap_or(NonZeroU32::MIN))
}

impl Pace {
    /// Each member may take [`BURST`] actions at once, then `per_minute` a minute; and
    /// [`STEPS_BURST`] picker steps at once, then three times `per_minute` (a move through the
    /// picker is one action and two or three steps).
    pub fn new(per_minute: NonZeroU32) -> Pace {
        let steps = per_minute.saturating_mul(NonZeroU32::new(3).unwrap_or(NonZeroU32::MIN));
        Pace {
            actions: RateLimiter::keyed(quota(per_minute, BURST)),
            steps: RateLimiter::keyed(quota(steps, STEPS_BURST)),
        }
    }

    /// Whether `user` may act now (and counts the action if so).
    pub fn allows(&self, user: u64) -> bool {
        self.actions.check_key(&user).is_ok()
    }

    /// Whether `user` may take a step in an open move picker now (and counts it if so); steps
    /// do not count as actions.
    pub fn allows_step(&self, user: u64) -> bool {
        self.steps.check_key(&user).is_ok()
    }

    /// Forgets the members whose buckets are full again, so that memory stays bounded by the
    /// members active in the last minutes.
    pub fn forget_idle(&self) {
        for buckets in [&self.actions, &self.steps] {
            buckets.retain_recent();
            buckets.shrink_to_fit();
        }
    }

    /// How many members have an action bucket now.
    #[cfg(test)]
    fn members(&self) -> usize {
        self.actions.len()
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

    #[test]
    fn picker_steps_do_not_spend_actions_but_are_bounded() {
        let pace = Pace::new(NonZeroU32::new(1).unwrap());
        for _ in 0..STEPS_BURST {
            assert!(pace.allows_step(1));
        }
        assert!(!pace.allows_step(1), "a flood of steps is slowed too");
        for _ in 0..BURST {
            assert!(pace.allows(1), "the steps left every action to the member");
        }
    }
}
