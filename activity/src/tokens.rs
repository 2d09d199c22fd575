//! What the Activity remembers of the access tokens pages show it: the ones Discord refused,
//! for a while, so that a junk token costs Discord one call however often it comes back; and
//! the user behind a good one, for a minute, so that signing in (`/api/me`, then the session)
//! asks Discord once. Both bounded; the oldest go first.

use super::DiscordUser;
use hashlink::LruCache;
use std::hash::{BuildHasher, RandomState};
use std::sync::{Mutex, MutexGuard, PoisonError};
use std::time::{Duration, Instant};

/// How long a token Discord refused is refused without asking again.
pub const REFUSED_FOR: Duration = Duration::from_secs(10 * 60);

/// How long the user behind a good token is believed without asking again. Sessions are
/// checked again on their own schedule (see `ACTIVITY_RECHECK_SECS`), never from here.
pub const KNOWN_FOR: Duration = Duration::from_secs(60);

/// Refused tokens remembered at most (by a hash: a few hundred kilobytes).
const REFUSED_KEPT: usize = 20_000;

/// Good tokens remembered at most.
const KNOWN_KEPT: usize = 2_000;

/// The tokens Discord refused and the users of those it accepted.
pub struct TokenMemory {
    /// A keyed hash of each refused token (a collision can only refuse), until when.
    refused: Mutex<LruCache<u64, Instant>>,
    /// Accepted tokens, whole, with their user and until when.
    known: Mutex<LruCache<String, (DiscordUser, Instant)>>,
    hasher: RandomState,
}

impl Default for TokenMemory {
    fn default() -> TokenMemory {
        TokenMemory {
            refused: Mutex::new(LruCache::new(REFUSED_KEPT)),
            known: Mutex::new(LruCache::new(KNOWN_KEPT)),
            hasher: RandomState::new(),
        }
    }
}

fn lock<T>(mutex: &Mutex<T>) -> MutexGuard<'_, T> {
    mutex.lock().unwrap_or_else(PoisonError::into_inner)
}

impl TokenMemory {
    fn key(&self, token: &str) -> u64 {
        self.hasher.hash_one(token)
    }

    /// Whether Discord refused `token` lately.
    pub fn refused(&self, token: &str) -> bool {
        let key = self.key(token);
        let mut refused = lock(&self.refused);
        match refused.get(&key) {
            Some(&until) if until > Instant::now() => true,
            Some(_) => {
                refused.remove(&key);
                false
            }
            None => false,
        }
    }

    /// Notes that Discord refused `token`; it forgets any user it had for it.
    pub fn refuse(&self, token: &str) {
        lock(&self.known).remove(token);
        lock(&self.refused).insert(self.key(token), Instant::now() + REFUSED_FOR);
    }

    /// The user behind `token`, if Discord named them within [`KNOWN_FOR`].
    pub fn user(&self, token: &str) -> Option<DiscordUser> {
        let mut known = lock(&self.known);
        match known.get(token) {
            Some((user, until)) if *until > Instant::now() => Some(user.clone()),
            Some(_) => {
                known.remove(token);
                None
            }
            None => None,
        }
    }

    /// Notes that Discord named `user` for `token`.
    pub fn accept(&self, token: &str, user: &DiscordUser) {
        lock(&self.known).insert(token.to_owned(), (user.clone(), Instant::now() + KNOWN_FOR));
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ana() -> DiscordUser {
        DiscordUser {
            id: 7,
            username: "ana".into(),
            global_name: None,
            locale: None,
        }
    }

    #[test]
    fn a_refused_token_stays_refused_and_loses_its_user() {
        let memory = TokenMemory::default();
        memory.accept("good", &ana());
        assert_eq!(memory.user("good"), Some(ana()));
        assert!(!memory.refused("good"));
        memory.refuse("good");
        assert!(memory.refused("good"));
        assert_eq!(memory.user("good"), None);
        assert!(!memory.refused("other"));
    }

    #[test]
    fn the_memory_is_bounded() {
        let memory = TokenMemory::default();
        for n in 0..REFUSED_KEPT + 10 {
            memory.refuse(&format!("junk-{n}"));
        }
        assert_eq!(lock(&memory.refused).len(), REFUSED_KEPT);
        assert!(!memory.refused("junk-0"), "the oldest went first");
        assert!(memory.refused(&format!("junk-{}", REFUSED_KEPT + 9)));
    }
}
