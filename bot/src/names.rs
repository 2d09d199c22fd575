//! The display names the bot has seen, kept for the boards and the web pages: the Discord layer
//! learns them from interactions, the pictures and pages show them. The most recently seen are
//! kept, at most so many; a name no longer kept shows as after a restart (a mention's
//! fallback on Discord, the seat on a page).

use std::sync::Mutex;

/// Names by user id, the most recently seen kept. Shared behind an `Arc`.
pub struct KnownNames {
    names: Mutex<hashlink::LruCache<u64, String>>,
}

impl KnownNames {
    /// Keeps at most `capacity` names.
    ///
    /// ```
    /// use halma_bot::names::KnownNames;
    /// let names = KnownNames::new(2);
    /// names.remember(1, "Ana".into());
    /// assert_eq!(names.get(1).as_deref(), Some("Ana"));
    /// assert_eq!(names.get(2), None);
    /// ```
    pub fn new(capacity: usize) -> KnownNames {
        KnownNames {
            names: Mutex::new(hashlink::LruCache::new(capacity.max(1))),
        }
    }

    /// Remembers `name` for `user`.
    pub fn remember(&self, user: u64, name: String) {
        if let Ok(mut names) = self.names.lock() {
            names.insert(user, name);
        }
    }

    /// The name seen last for `user`, if it is still kept.
    pub fn get(&self, user: u64) -> Option<String> {
        self.names.lock().ok()?.get(&user).cloned()
    }
}
