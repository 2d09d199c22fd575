//! The Activity's sessions: the opaque key a page gets once Discord has named its user and the
//! instance's channel, which every later request and event stream carries. Kept in memory
//! (a restart asks the page to sign in again), bounded in number and in age.

use crate::locale::Lang;
use crate::service::{Actor, Place};
use hashlink::LinkedHashMap;
use std::sync::Mutex;
use std::time::{Duration, Instant};

/// Sessions kept at most, for every page together; the oldest go first.
pub const MAX_SESSIONS: usize = 20_000;

/// Sessions one member keeps at most (a phone and a desktop, a reload or two).
pub const SESSIONS_PER_MEMBER: usize = 4;

/// How long a session lasts: longer than any game, shorter than a day.
pub const SESSION_LIFETIME: Duration = Duration::from_secs(12 * 60 * 60);

/// Who a session speaks for, and where.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Session {
    /// The member, as Discord named them, in the instance's channel.
    pub actor: Actor,
    /// Their name.
    pub name: String,
    /// The language of their Discord client.
    pub lang: Lang,
    /// The others in the Activity instance when it was joined.
    pub members: Vec<u64>,
}

struct Kept {
    session: Session,
    made: Instant,
}

/// The sessions, by key.
#[derive(Default)]
pub struct Sessions {
    kept: Mutex<LinkedHashMap<String, Kept>>,
}

/// A fresh key: 24 random bytes from the operating system, in hex.
fn new_key() -> Option<String> {
    let mut bytes = [0u8; 24];
    getrandom::fill(&mut bytes).ok()?;
    Some(bytes.iter().map(|b| format!("{b:02x}")).collect())
}

impl Sessions {
    fn lock(&self) -> std::sync::MutexGuard<'_, LinkedHashMap<String, Kept>> {
        self.kept
            .lock()
            .unwrap_or_else(|poisoned| poisoned.into_inner())
    }

    /// Opens a session for `session`'s member; their oldest session goes when they already
    /// have [`SESSIONS_PER_MEMBER`], the oldest of all when there are [`MAX_SESSIONS`].
    /// `None` only when the system has no randomness to give.
    pub fn open(&self, session: Session) -> Option<String> {
        let key = new_key()?;
        let mut kept = self.lock();
        let user = session.actor.user;
        let theirs: Vec<String> = kept
            .iter()
            .filter(|(_, k)| k.session.actor.user == user)
            .map(|(key, _)| key.clone())
            .collect();
        for old in theirs
            .iter()
            .take((theirs.len() + 1).saturating_sub(SESSIONS_PER_MEMBER))
        {
            kept.remove(old);
        }
        while kept.len() >= MAX_SESSIONS {
            kept.pop_front();
        }
        kept.insert(
            key.clone(),
            Kept {
                session,
                made: Instant::now(),
            },
        );
        Some(key)
    }

    /// The session with `key`, unless it is unknown or too old.
    pub fn get(&self, key: &str) -> Option<Session> {
        let mut kept = self.lock();
        let made = kept.get(key)?.made;
        if made.elapsed() > SESSION_LIFETIME {
            kept.remove(key);
            return None;
        }
        kept.get(key).map(|k| k.session.clone())
    }

    /// How many sessions are kept.
    pub fn len(&self) -> usize {
        self.lock().len()
    }

    /// Whether no session is kept.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }
}

/// The actor of a member in a channel of a guild.
pub fn actor_in(guild: u64, channel: u64, user: u64) -> Actor {
    Actor {
        place: Place {
            guild,
            channel,
            parent: None,
        },
        user,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn session(user: u64) -> Session {
        Session {
            actor: actor_in(1, 2, user),
            name: format!("member {user}"),
            lang: Lang::En,
            members: Vec::new(),
        }
    }

    #[test]
    fn keys_are_long_random_and_lead_to_their_session() {
        let sessions = Sessions::default();
        let a = sessions.open(session(7)).expect("a key");
        let b = sessions.open(session(8)).expect("a key");
        assert_eq!(a.len(), 48);
        assert_ne!(a, b);
        assert_eq!(sessions.get(&a).map(|s| s.actor.user), Some(7));
        assert_eq!(sessions.get(&b).map(|s| s.actor.user), Some(8));
        assert_eq!(sessions.get("not-a-key"), None);
    }

    #[test]
    fn a_member_keeps_a_few_sessions_the_oldest_go() {
        let sessions = Sessions::default();
        let keys: Vec<String> = (0..SESSIONS_PER_MEMBER + 2)
            .map(|_| sessions.open(session(7)).expect("a key"))
            .collect();
        let other = sessions.open(session(8)).expect("a key");
        assert_eq!(sessions.len(), SESSIONS_PER_MEMBER + 1);
        assert!(sessions.get(&keys[0]).is_none() && sessions.get(&keys[1]).is_none());
        assert!(keys[2..].iter().all(|k| sessions.get(k).is_some()));
        assert!(sessions.get(&other).is_some());
    }
}
