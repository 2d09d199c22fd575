//! The hub's small caches, both bounded in keys (least recently used go first), so that no
//! sequence of requests grows them and no request scans them:
//!
//! - [`Missing`]: tokens and keys the source just said it does not know. A stale link
//!   reloaded, or a script asking for one unknown token again and again, costs one load per
//!   [`HubSettings::missing_ttl`](crate::HubSettings::missing_ttl), not one per request.
//!   Random tokens never repeat, so this cannot bound them: the per-client rate limit does
//!   (see [`PageSettings::requests_per_minute`](crate::PageSettings::requests_per_minute)).
//! - [`Kept`]: the server pages' and tournament pages' snapshots, each shown for a few
//!   seconds (or until the change feed says it changed).
//!
//! Neither is keyed by language, and need not be: what they keep holds no words (a snapshot
//! has names and codes only), and each page is worded in its request's language when it is
//! served (`words.rs`), never kept.

use hashlink::LruCache;
use std::sync::{Arc, Mutex, MutexGuard, PoisonError};
use std::time::{Duration, Instant};
use tokio::sync::OnceCell;

fn lock<T>(mutex: &Mutex<T>) -> MutexGuard<'_, T> {
    mutex.lock().unwrap_or_else(PoisonError::into_inner)
}

/// What the source did not know lately: key -> when it said so.
pub(crate) struct Missing {
    ttl: Duration,
    entries: Mutex<LruCache<String, Instant>>,
}

impl Missing {
    /// Keeps at most `capacity` keys (at least one), each for `ttl`.
    pub(crate) fn new(capacity: usize, ttl: Duration) -> Missing {
        Missing {
            ttl,
            entries: Mutex::new(LruCache::new(capacity.max(1))),
        }
    }

    /// Whether the source said lately that it does not know `key`.
    pub(crate) fn knows_missing(&self, key: &str) -> bool {
        let mut entries = lock(&self.entries);
        match entries.get(key) {
            Some(since) if since.elapsed() < self.ttl => true,
            Some(_) => {
                entries.remove(key);
                false
            }
            None => false,
        }
    }

    /// Notes that the source does not know `key`.
    pub(crate) fn insert(&self, key: &str) {
        lock(&self.entries).insert(key.to_string(), Instant::now());
    }

    /// Forgets `key`: its next request asks the source again.
    pub(crate) fn forget(&self, key: &str) {
        lock(&self.entries).remove(key);
    }

    #[cfg(test)]
    pub(crate) fn len(&self) -> usize {
        lock(&self.entries).len()
    }
}

/// A page's load, shared by the views that ask while it runs.
pub(crate) type Cell<T> = Arc<OnceCell<Option<Arc<T>>>>;

/// Pages' snapshots (a server's, a tournament's), each kept for a while.
pub(crate) struct Kept<T> {
    ttl: Duration,
    entries: Mutex<LruCache<String, (Instant, Cell<T>)>>,
}

impl<T> Kept<T> {
    /// Keeps at most `capacity` pages (at least one), each for `ttl`.
    pub(crate) fn new(capacity: usize, ttl: Duration) -> Kept<T> {
        Kept {
            ttl,
            entries: Mutex::new(LruCache::new(capacity.max(1))),
        }
    }

    /// The load of `key`'s page: the kept one while it is fresh, else a new one.
    pub(crate) fn cell(&self, key: &str) -> Cell<T> {
        let mut entries = lock(&self.entries);
        if let Some((born, cell)) = entries.get(key) {
            if born.elapsed() < self.ttl {
                return cell.clone();
            }
        }
        let cell = Cell::<T>::default();
        entries.insert(key.to_string(), (Instant::now(), cell.clone()));
        cell
    }

    /// Forgets `key`'s page if it is still the load `cell` (another load may have replaced
    /// it), or whatever it is when `cell` is `None`.
    pub(crate) fn forget(&self, key: &str, cell: Option<&Cell<T>>) {
        let mut entries = lock(&self.entries);
        let same = match (entries.peek(key), cell) {
            (Some((_, kept)), Some(cell)) => Arc::ptr_eq(kept, cell),
            (Some(_), None) => true,
            (None, _) => false,
        };
        if same {
            entries.remove(key);
        }
    }

    #[cfg(test)]
    pub(crate) fn len(&self) -> usize {
        lock(&self.entries).len()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn missing_keys_are_kept_a_while_and_bounded() {
        let missing = Missing::new(3, Duration::from_secs(60));
        for key in ["a", "b", "c", "d"] {
            missing.insert(key);
        }
        assert_eq!(missing.len(), 3);
        assert!(
            !missing.knows_missing("a"),
            "the least recently used went first"
        );
        assert!(missing.knows_missing("d"));
        missing.forget("d");
        assert!(!missing.knows_missing("d"));
        let expired = Missing::new(3, Duration::ZERO);
        expired.insert("a");
        assert!(!expired.knows_missing("a"));
        assert_eq!(expired.len(), 0, "an expired key is dropped when seen");
    }

    #[test]
    fn pages_are_bounded_and_shared_while_fresh() {
        let pages = Kept::<()>::new(2, Duration::from_secs(60));
        let first = pages.cell("1");
        assert!(
            Arc::ptr_eq(&first, &pages.cell("1")),
            "one load while fresh"
        );
        pages.cell("2");
        pages.cell("3");
        assert_eq!(pages.len(), 2);
        assert!(
            !Arc::ptr_eq(&first, &pages.cell("1")),
            "the oldest went first"
        );
        let stale = Kept::<()>::new(2, Duration::ZERO);
        let old = stale.cell("1");
        assert!(
            !Arc::ptr_eq(&old, &stale.cell("1")),
            "an old snapshot is loaded again"
        );
        let newer = stale.cell("1");
        stale.forget("1", Some(&old));
        assert_eq!(
            stale.len(),
            1,
            "a replaced load does not forget its successor"
        );
        stale.forget("1", Some(&newer));
        assert_eq!(stale.len(), 0);
    }
}
