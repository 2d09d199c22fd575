//! How fast one member may act: a pace per member, kept in the database so that every process
//! of the bot counts the same actions (`Service::pace_allows`), checked before every command
//! and every click. A member who sends more than a burst within a few seconds gets a short
//! ephemeral "slow down" and nothing else happens; everyone else is unaffected.
//!
//! What counts is what a member means, not each tap: a command, a button (the Move button that
//! opens a picker among them) and an Activity action are one action each. The steps inside an
//! open move picker (a piece, a destination, Back, more…) belong to the Move that opened it and
//! have a gentler pace of their own, there only so that nobody can make the bot draw boards
//! without end. Autocomplete is not counted: it is typing, not acting.

use halma_core::service::{Pace as Rate, PaceBucket, Service};
use std::num::NonZeroU32;

/// How many actions a member may take at once before the pace applies.
pub const BURST: u32 = 8;

/// How many picker steps a member may take at once before their pace applies: several
/// pickers' worth of pieces, destinations and Backs.
pub const STEPS_BURST: u32 = 24;

/// The members' paces.
pub struct Pace {
    service: Service,
    actions: Rate,
    steps: Rate,
}

/// `per_minute` after a burst of `burst`.
fn rate(per_minute: NonZeroU32, burst: u32) -> Rate {
    Rate {
        per_minute,
        burst: NonZeroU32::new(burst).unwrap_or(NonZeroU32::MIN),
    }
}

impl Pace {
    /// Each member may take [`BURST`] actions at once, then `per_minute` a minute; and
    /// [`STEPS_BURST`] picker steps at once, then three times `per_minute` (a move through the
    /// picker is one action and two or three steps).
    pub fn new(service: Service, per_minute: NonZeroU32) -> Pace {
        let steps = per_minute.saturating_mul(NonZeroU32::new(3).unwrap_or(NonZeroU32::MIN));
        Pace {
            service,
            actions: rate(per_minute, BURST),
            steps: rate(steps, STEPS_BURST),
        }
    }

    /// Whether `user` may act now (and counts the action if so).
    pub async fn allows(&self, user: u64) -> bool {
        self.check(user, PaceBucket::Action, self.actions).await
    }

    /// Whether `user` may take a step in an open move picker now (and counts it if so); steps
    /// do not count as actions.
    pub async fn allows_step(&self, user: u64) -> bool {
        self.check(user, PaceBucket::Step, self.steps).await
    }

    /// A pace the database cannot tell lets the member through: what they asked for meets
    /// the same database, and answers for itself.
    async fn check(&self, user: u64, bucket: PaceBucket, rate: Rate) -> bool {
        match self.service.pace_allows(user, bucket, rate).await {
            Ok(allowed) => allowed,
            Err(error) => {
                tracing::warn!(user, %error, "cannot read a member's pace; letting them act");
                true
            }
        }
    }
}
