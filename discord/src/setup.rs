//! What the Discord front end is started with: the binary reads it from its settings.

use halma_core::ops::InFlight;
use std::num::NonZeroU32;
use std::ops::RangeInclusive;
use std::sync::Arc;
use std::time::Duration;

/// How [`crate::run`] connects and paces.
#[derive(Clone)]
pub struct Setup {
    /// The bot's token.
    pub token: String,
    /// The one server to register the commands in (for development), else everywhere.
    pub guild_id: Option<u64>,
    /// A REST proxy that does the rate limiting (twilight-http-proxy), else Discord itself.
    pub proxy_url: Option<String>,
    /// Where the live pages are served, for the links in messages.
    pub public_url: Option<String>,
    /// The shards this process runs, when the bot runs as several processes.
    pub shards: Option<Shards>,
    /// How many actions one member may take per minute.
    pub member_actions_per_minute: NonZeroU32,
    /// How often the turn timer looks for games whose time ran out.
    pub timer_interval: Duration,
    /// Counts the handlers running: shutdown waits for them, and the binary gives memory back
    /// when they went quiet.
    pub in_flight: Arc<InFlight>,
    /// The Interactions Endpoint's door, served by the binary: in this mode interactions come
    /// through it and no gateway connection is made.
    pub endpoint: Option<Arc<crate::endpoint::Door>>,
}

/// The gateway shards this process runs, of a bot that may run as several processes.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Shards {
    /// How many shards the bot has in all (`SHARDS`).
    pub total: u32,
    /// The first shard this process runs (`SHARD_RANGE`; all of them by default).
    pub first: u32,
    /// The last shard this process runs, included.
    pub last: u32,
}

impl Shards {
    /// The ids of this process's shards.
    pub fn ids(&self) -> RangeInclusive<u32> {
        self.first..=self.last
    }
}
