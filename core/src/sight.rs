//! Which channels everyone in a server can see: the server's public page lists only their
//! games. The front end that knows the channels answers (the Discord layer from its cache of
//! the servers' channels and roles); until one does, no channel counts as public, so that a
//! page shows too little rather than a private channel's game.

use std::sync::{Arc, OnceLock};

/// Tells whether a channel is public in its server.
pub trait ChannelSight: Send + Sync + 'static {
    /// Whether `@everyone` in `guild` can see `channel` (for a thread: a public thread whose
    /// parent everyone can see).
    fn is_public(&self, guild: u64, channel: u64) -> bool;
}

/// Local mode: one person's machine, whose every channel is theirs to see.
pub struct Everything;

impl ChannelSight for Everything {
    fn is_public(&self, _guild: u64, _channel: u64) -> bool {
        true
    }
}

/// The sight the pages ask, set once by the front end that has it.
#[derive(Default)]
pub struct Sight {
    inner: OnceLock<Arc<dyn ChannelSight>>,
}

impl Sight {
    /// Uses `sight` from now on (only the first call counts).
    pub fn set(&self, sight: Arc<dyn ChannelSight>) {
        let _ = self.inner.set(sight);
    }

    /// Whether `channel` of `guild` is public; false until a front end said how to tell.
    ///
    /// ```
    /// use halma_core::sight::{Everything, Sight};
    /// use std::sync::Arc;
    /// let sight = Sight::default();
    /// assert!(!sight.is_public(1, 2));
    /// sight.set(Arc::new(Everything));
    /// assert!(sight.is_public(1, 2));
    /// ```
    pub fn is_public(&self, guild: u64, channel: u64) -> bool {
        self.inner
            .get()
            .is_some_and(|sight| sight.is_public(guild, channel))
    }
}
