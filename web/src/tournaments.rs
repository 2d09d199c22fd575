//! The hub's tournament pages (the hub's methods for them are in `hub_tournaments.rs`). A tournament's snapshot is kept for a few seconds like a
//! server's, and forgotten when the change feed says the tournament changed; each tournament
//! a page watches has a version that the page's event stream follows, so that an open page
//! fetches its table again after each change instead of polling. The watched tournaments are
//! bounded ([`HubSettings::watched_tournaments`](crate::HubSettings::watched_tournaments));
//! one that no page watches any more is dropped when its last stream ends.

use crate::cache::{Kept, Missing};
use halma_snapshot::TournamentSnapshot;
use std::collections::HashMap;
use std::sync::{Arc, Mutex, MutexGuard, PoisonError};
use std::time::Duration;
use tokio::sync::watch;

fn lock<T>(mutex: &Mutex<T>) -> MutexGuard<'_, T> {
    mutex.lock().unwrap_or_else(PoisonError::into_inner)
}

/// What the hub keeps of the tournaments' pages.
pub(crate) struct TournamentPages {
    pub(crate) kept: Kept<TournamentSnapshot>,
    pub(crate) missing: Missing,
    /// Token -> the version its pages' streams follow.
    watched: Mutex<HashMap<String, watch::Sender<u64>>>,
    capacity: usize,
}

impl TournamentPages {
    /// Keeps at most `kept` snapshots for `ttl` each, remembers `missing` unknown tokens for
    /// `missing_ttl`, and lets pages watch at most `watched` tournaments at once.
    pub(crate) fn new(
        kept: usize,
        ttl: Duration,
        missing: usize,
        missing_ttl: Duration,
        watched: usize,
    ) -> TournamentPages {
        TournamentPages {
            kept: Kept::new(kept, ttl),
            missing: Missing::new(missing, missing_ttl),
            watched: Mutex::new(HashMap::new()),
            capacity: watched.max(1),
        }
    }

    /// Notes a change of `token`: its next view loads it again, and its open pages hear of it.
    pub(crate) fn changed(&self, token: &str) {
        self.kept.forget(token, None);
        self.missing.forget(token);
        if let Some(version) = lock(&self.watched).get(token) {
            version.send_modify(|v| *v += 1);
        }
    }

    /// Notes that any tournament may have changed (the feed lost its connection).
    pub(crate) fn all_changed(&self) {
        let watched = lock(&self.watched);
        for (token, version) in watched.iter() {
            self.kept.forget(token, None);
            version.send_modify(|v| *v += 1);
        }
    }

    /// A follower of `token`'s changes, or `None` when as many tournaments as allowed are
    /// watched already.
    fn watch(&self, token: &str) -> Option<watch::Receiver<u64>> {
        let mut watched = lock(&self.watched);
        if let Some(version) = watched.get(token) {
            return Some(version.subscribe());
        }
        if watched.len() >= self.capacity {
            // Only when full: let go of tournaments whose pages all closed at once.
            watched.retain(|_, version| version.receiver_count() > 0);
        }
        if watched.len() >= self.capacity {
            return None;
        }
        let (version, follower) = watch::channel(0);
        watched.insert(token.to_string(), version);
        Some(follower)
    }

    /// One open page's hold on `token`, if fewer tournaments than allowed are watched.
    pub(crate) fn hold(self: &Arc<Self>, token: &str) -> Option<TournamentWatch> {
        let follower = self.watch(token)?;
        Some(TournamentWatch {
            pages: Arc::clone(self),
            token: token.to_string(),
            follower,
        })
    }

    /// Drops `token`'s version if the follower being dropped is its last.
    fn unwatch(&self, token: &str) {
        let mut watched = lock(&self.watched);
        if watched.get(token).is_some_and(|v| v.receiver_count() <= 1) {
            watched.remove(token);
        }
    }

    #[cfg(test)]
    pub(crate) fn watched(&self) -> usize {
        lock(&self.watched).len()
    }
}

/// One open page's hold on a tournament: it sees each change, and lets go when dropped.
pub(crate) struct TournamentWatch {
    pages: Arc<TournamentPages>,
    token: String,
    follower: watch::Receiver<u64>,
}

impl TournamentWatch {
    /// Waits for the next change of the tournament; `false` once the hub closes.
    pub(crate) async fn changed(&mut self) -> bool {
        self.follower.changed().await.is_ok()
    }

    /// How many changes this hub has seen of the tournament while a page watched it.
    pub(crate) fn version(&self) -> u64 {
        *self.follower.borrow()
    }
}

impl Drop for TournamentWatch {
    fn drop(&mut self) {
        self.pages.unwatch(&self.token);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[tokio::test]
    async fn followers_hear_changes_and_let_go_when_dropped() {
        let pages = TournamentPages::new(4, Duration::from_secs(60), 4, Duration::ZERO, 2);
        let mut first = pages.watch("a").expect("room");
        let second = pages.watch("a").expect("the same tournament");
        let b = pages.watch("b").expect("room for b");
        assert!(pages.watch("c").is_none(), "two tournaments at most");
        drop(b);
        let c = pages
            .watch("c")
            .expect("b's page closed without letting go: dropped when full");
        assert_eq!(pages.watched(), 2);
        pages.changed("a");
        first.changed().await.expect("a change");
        assert_eq!(*first.borrow(), 1);
        pages.unwatch("a");
        assert_eq!(pages.watched(), 2, "another page still watches a");
        drop(second);
        pages.unwatch("a");
        assert_eq!(pages.watched(), 1, "the last follower let go");
        drop(c);
        pages.all_changed();
        assert!(first.has_changed().is_err(), "a's version is gone");
    }
}
