//! What the processes of a fleet share, through the database, so that any of them can answer
//! anything: which interactions were taken (the Interactions Endpoint's), each member's pace,
//! the Activity's sessions and stream tickets, and the turn to identify on the gateway. (The bot's searches are held per game in
//! `ai`; names, the outbox and everything a game is were always in the database.) Each costs
//! one small query per action.

use super::{Service, Web};
use crate::error::Result;

pub use crate::db::activity_sessions::ActivitySessionRecord;
pub use crate::db::locks::Turn;
use std::num::NonZeroU32;
use std::time::Duration;

/// How long an interaction claimed but not yet answered may be taken again: Discord's three
/// seconds for its answer (after them, answering is no use).
pub const INTERACTION_RETRY_WINDOW: Duration = Duration::from_secs(3);

/// How many times one interaction may be taken in all: the first process and the load
/// balancer's retries.
pub const INTERACTION_DELIVERIES: i16 = 3;

/// How long interactions' claims are kept: longer than a signed request stays fresh (five
/// minutes either way), so that no replay outlives its claim.
pub const INTERACTION_CLAIMS_KEPT: Duration = Duration::from_secs(15 * 60);

/// How long an Activity session lasts at most: an evening of games; after it the page signs
/// in again.
pub const ACTIVITY_SESSION_LIFETIME: Duration = Duration::from_secs(3 * 60 * 60);

/// How long an Activity stream's ticket may wait to be used.
pub const ACTIVITY_TICKET_LIFETIME: Duration = Duration::from_secs(30);

/// Replay GIFs the fleet keeps, at most: a few hundred recent games' replays.
pub const REPLAY_GIFS_KEPT: i64 = 256;

/// Bytes of replay GIFs the fleet keeps, at most: 256 MiB (a replay is a few hundred KiB, at
/// most 8 MiB).
pub const REPLAY_GIF_BYTES_KEPT: i64 = 256 * 1024 * 1024;

/// Which of a member's paces an action counts against.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PaceBucket {
    /// Commands, buttons, Activity actions.
    Action,
    /// Steps inside an open move picker.
    Step,
}

impl PaceBucket {
    fn as_str(self) -> &'static str {
        match self {
            PaceBucket::Action => "action",
            PaceBucket::Step => "step",
        }
    }
}

/// A pace: `per_minute` actions a minute after a burst of `burst`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Pace {
    /// Actions a minute, once the burst is spent.
    pub per_minute: NonZeroU32,
    /// Actions at once.
    pub burst: NonZeroU32,
}

impl Pace {
    /// The time one action costs.
    fn interval(self) -> Duration {
        Duration::from_secs(60) / self.per_minute.get()
    }

    /// How far ahead of now a member may be and still act: the burst less one action.
    fn allowance(self) -> Duration {
        self.interval() * (self.burst.get() - 1)
    }
}

impl Service {
    /// Claims interaction `id` for this process: true when it is to run here, false when it
    /// was answered already (or taken too often).
    pub async fn claim_interaction(&self, id: u64) -> Result<bool> {
        Ok(self
            .db
            .claim_interaction(id, INTERACTION_RETRY_WINDOW, INTERACTION_DELIVERIES)
            .await?)
    }

    /// Marks interaction `id` answered.
    pub async fn finish_interaction(&self, id: u64) -> Result<()> {
        Ok(self.db.finish_interaction(id).await?)
    }

    /// Whether `user` may act now at `pace` in `bucket`, counting the action if so, across
    /// every process.
    pub async fn pace_allows(&self, user: u64, bucket: PaceBucket, pace: Pace) -> Result<bool> {
        Ok(self
            .db
            .pace_allows(user, bucket.as_str(), pace.interval(), pace.allowance())
            .await?)
    }

    /// Waits until no other process of the bot is identifying on the gateway, and holds the
    /// turn until [`Turn::release`]: processes that start together open their shards' sessions
    /// one after another, as Discord allows.
    pub async fn identify_turn(&self) -> Result<Turn> {
        Ok(self.db.identify_turn().await?)
    }

    /// Drops what the fleet no longer needs: old interactions' claims, paces whose time has
    /// passed, old sessions and tickets, and the least recently used replays past the fleet's
    /// bounds. Run after the turn timer's ticks.
    pub async fn tidy_shared(&self) -> Result<()> {
        self.db
            .forget_interaction_claims(INTERACTION_CLAIMS_KEPT)
            .await?;
        self.db.forget_idle_paces().await?;
        self.db
            .forget_activity_sessions(ACTIVITY_SESSION_LIFETIME)
            .await?;
        self.db
            .forget_activity_tickets(ACTIVITY_TICKET_LIFETIME)
            .await?;
        self.db
            .forget_old_replays(REPLAY_GIFS_KEPT, REPLAY_GIF_BYTES_KEPT)
            .await?;
        Ok(())
    }
}

/// The Activity's sessions and tickets, kept for every process (the Activity keeps its own
/// copies in memory; these let another process take a session up).
impl Web<'_> {
    /// Keeps session `key_hash`; the member's oldest go past `per_member`.
    pub async fn share_activity_session(
        self,
        key_hash: &[u8],
        session: &ActivitySessionRecord,
        per_member: usize,
    ) -> Result<()> {
        let per_member = i64::try_from(per_member).unwrap_or(i64::MAX);
        Ok(self
            .service
            .db
            .keep_activity_session(key_hash, session, per_member)
            .await?)
    }

    /// Session `key_hash`, unless it is unknown or older than [`ACTIVITY_SESSION_LIFETIME`].
    pub async fn shared_activity_session(
        self,
        key_hash: &[u8],
    ) -> Result<Option<ActivitySessionRecord>> {
        Ok(self
            .service
            .db
            .activity_session(key_hash, ACTIVITY_SESSION_LIFETIME)
            .await?)
    }

    /// Ends session `key_hash` for every process (a check with Discord failed).
    pub async fn end_activity_session(self, key_hash: &[u8]) -> Result<()> {
        Ok(self.service.db.drop_activity_session(key_hash).await?)
    }

    /// Keeps a stream ticket for session `key` (hashed `key_hash`).
    pub async fn share_activity_ticket(
        self,
        ticket_hash: &[u8],
        key: &str,
        key_hash: &[u8],
    ) -> Result<()> {
        Ok(self
            .service
            .db
            .keep_activity_ticket(ticket_hash, key, key_hash)
            .await?)
    }

    /// The session key of a stream ticket, once, within [`ACTIVITY_TICKET_LIFETIME`].
    pub async fn redeem_activity_ticket(self, ticket_hash: &[u8]) -> Result<Option<String>> {
        Ok(self
            .service
            .db
            .redeem_activity_ticket(ticket_hash, ACTIVITY_TICKET_LIFETIME)
            .await?)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_pace_is_an_interval_and_an_allowance() {
        let pace = Pace {
            per_minute: NonZeroU32::new(30).unwrap(),
            burst: NonZeroU32::new(8).unwrap(),
        };
        assert_eq!(pace.interval(), Duration::from_secs(2));
        assert_eq!(pace.allowance(), Duration::from_secs(14));
    }
}
