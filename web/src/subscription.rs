//! One open page's feed of a game: what [`crate::Hub::subscribe`] hands out.

use crate::message::Message;
use std::sync::Arc;
use tokio::sync::broadcast::error::RecvError;
use tokio::sync::{broadcast, watch};

/// What a feed asks of the hub that made it.
pub(crate) trait Feeds: Send + Sync {
    /// The latest message of game `token`, for a page that fell behind.
    fn current(&self, token: &str) -> Option<Arc<Message>>;
    /// A page of game `token` closed.
    fn page_closed(&self, token: &str);
}

/// One open page's feed of a game, from [`crate::Hub::subscribe`].
pub struct Subscription {
    pub(crate) first: Option<Arc<Message>>,
    pub(crate) last_seq: u64,
    pub(crate) rx: broadcast::Receiver<Arc<Message>>,
    pub(crate) closing: watch::Receiver<bool>,
    pub(crate) hub: Box<dyn Feeds>,
    pub(crate) token: String,
}

impl Subscription {
    /// The version of the snapshot the feed starts from.
    pub fn start_seq(&self) -> u64 {
        self.first.as_ref().map_or(self.last_seq, |m| m.seq)
    }

    /// Skips the first snapshot if the page already shows version `seq` (it reconnected and
    /// missed nothing).
    pub fn resume_after(&mut self, seq: u64) {
        if self.first.as_ref().is_some_and(|m| m.seq == seq) {
            self.first = None;
        }
    }

    /// The next message for the page: the snapshot first, then every change, in order. A
    /// page that fell behind gets the current snapshot instead of what it missed. `None`
    /// when the feed ends (the game was dropped, or the hub closes): the page reconnects.
    pub async fn next(&mut self) -> Option<Arc<Message>> {
        if let Some(first) = self.first.take() {
            return Some(first);
        }
        if *self.closing.borrow() {
            return None;
        }
        loop {
            let received = tokio::select! {
                received = self.rx.recv() => received,
                _ = self.closing.wait_for(|closing| *closing) => return None,
            };
            let message = match received {
                Ok(message) => message,
                Err(RecvError::Lagged(_)) => match self.hub.current(&self.token) {
                    Some(message) => message,
                    None => continue,
                },
                Err(RecvError::Closed) => return None,
            };
            if message.seq > self.last_seq {
                self.last_seq = message.seq;
                return Some(message);
            }
        }
    }
}

impl Drop for Subscription {
    fn drop(&mut self) {
        self.hub.page_closed(&self.token);
    }
}
