//! The Activity's sessions: the opaque key a page gets once Discord has named its user and the
//! instance's channel, which every later request carries in its body (never in a URL, which
//! proxies log); and the one-time tickets that open an event stream. Kept in memory, bounded
//! in number and in age, and shared with the other processes through the database (see
//! `shared`): a session opened through one process is taken up by another that is asked for
//! it.
//!
//! A session keeps the access token and the instance it was opened with, so that it can be
//! checked against Discord again ([`Sessions::due`]): a member whose token was revoked, or who
//! left the Activity (kicked, banned, gone from the channel), loses the session. Removing a
//! session ends its event streams: each holds a [`Closing`] that wakes when the session goes.

use halma_core::locale::Lang;
use halma_core::service::{Actor, Place};
use hashlink::LinkedHashMap;
use std::sync::Mutex;
use std::time::{Duration, Instant};
use tokio::sync::watch;

/// Sessions kept at most, for every page together; the oldest go first.
pub const MAX_SESSIONS: usize = 20_000;

/// Sessions one member keeps at most (a phone and a desktop, a reload or two).
pub const SESSIONS_PER_MEMBER: usize = 4;

/// How long a session lasts at most, however often it is checked again: an evening of games;
/// after it the page signs in again.
pub const SESSION_LIFETIME: Duration = halma_core::service::ACTIVITY_SESSION_LIFETIME;

/// How long a stream ticket may wait to be used.
pub const TICKET_LIFETIME: Duration = halma_core::service::ACTIVITY_TICKET_LIFETIME;

/// Tickets kept at most, for every page together; the oldest go first.
const MAX_TICKETS: usize = 4_096;

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

/// What a session was opened with, to check it against Discord again.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Grant {
    /// The member's access token. Kept in memory only, never logged.
    pub token: String,
    /// The Activity instance the member was in.
    pub instance: String,
}

struct Kept {
    session: Session,
    grant: Grant,
    made: Instant,
    /// When Discord last confirmed the grant.
    checked: Instant,
    /// Whether a check is under way (others go on with the session meanwhile).
    checking: bool,
    /// Dropped with the session: its streams' [`Closing`]s wake.
    closing: watch::Sender<()>,
}

/// Wakes when its session is removed: closed by a check, replaced, expired or evicted.
pub struct Closing(watch::Receiver<()>);

impl Closing {
    /// Waits until the session is gone.
    pub async fn closed(&mut self) {
        while self.0.changed().await.is_ok() {}
    }
}

struct Ticket {
    key: String,
    made: Instant,
}

/// The sessions, by key, and the stream tickets.
#[derive(Default)]
pub struct Sessions {
    kept: Mutex<LinkedHashMap<String, Kept>>,
    tickets: Mutex<LinkedHashMap<String, Ticket>>,
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

    /// Opens a session for `session`'s member, made from `grant`; their oldest session goes
    /// when they already have [`SESSIONS_PER_MEMBER`], the oldest of all when there are
    /// [`MAX_SESSIONS`]. `None` only when the system has no randomness to give.
    pub fn open(&self, session: Session, grant: Grant) -> Option<String> {
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
        let now = Instant::now();
        kept.insert(
            key.clone(),
            Kept {
                session,
                grant,
                made: now,
                checked: now,
                checking: false,
                closing: watch::channel(()).0,
            },
        );
        Some(key)
    }

    /// Takes up session `key`, opened `age` ago by another process, with its `grant`; it is
    /// checked with Discord again as if it had been checked when it was made.
    pub fn adopt(&self, key: &str, session: Session, grant: Grant, age: Duration) {
        let now = Instant::now();
        let made = now.checked_sub(age).unwrap_or(now);
        let mut kept = self.lock();
        while kept.len() >= MAX_SESSIONS {
            kept.pop_front();
        }
        kept.insert(
            key.to_owned(),
            Kept {
                session,
                grant,
                made,
                checked: made,
                checking: false,
                closing: watch::channel(()).0,
            },
        );
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

    /// What wakes when the session `key` goes; `None` if it is gone already.
    pub fn closing(&self, key: &str) -> Option<Closing> {
        self.lock().get(key).map(|k| Closing(k.closing.subscribe()))
    }

    /// The grant of session `key` when it was last confirmed more than `every` ago and no
    /// check is under way: the caller checks it and reports with [`Sessions::checked`].
    pub fn due(&self, key: &str, every: Duration) -> Option<Grant> {
        let mut kept = self.lock();
        let k = kept.get_mut(key)?;
        if k.checking || k.checked.elapsed() < every {
            return None;
        }
        k.checking = true;
        Some(k.grant.clone())
    }

    /// The outcome of a check of session `key`: kept (and confirmed now) or closed.
    pub fn checked(&self, key: &str, still_good: bool) {
        let mut kept = self.lock();
        if !still_good {
            kept.remove(key);
            return;
        }
        if let Some(k) = kept.get_mut(key) {
            k.checking = false;
            k.checked = Instant::now();
        }
    }

    /// A one-time ticket that opens one event stream of session `key` within
    /// [`TICKET_LIFETIME`]; `None` when the session is gone or there is no randomness.
    pub fn ticket(&self, key: &str) -> Option<String> {
        self.get(key)?;
        let ticket = new_key()?;
        let mut tickets = self
            .tickets
            .lock()
            .unwrap_or_else(|poisoned| poisoned.into_inner());
        while tickets.len() >= MAX_TICKETS {
            tickets.pop_front();
        }
        tickets.insert(
            ticket.clone(),
            Ticket {
                key: key.to_owned(),
                made: Instant::now(),
            },
        );
        Some(ticket)
    }

    /// The session key a ticket was made for, once: the ticket is used up.
    pub fn redeem(&self, ticket: &str) -> Option<String> {
        let mut tickets = self
            .tickets
            .lock()
            .unwrap_or_else(|poisoned| poisoned.into_inner());
        let found = tickets.remove(ticket)?;
        (found.made.elapsed() <= TICKET_LIFETIME).then_some(found.key)
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

    fn grant() -> Grant {
        Grant {
            token: "token".into(),
            instance: "i-1".into(),
        }
    }

    #[test]
    fn keys_are_long_random_and_lead_to_their_session() {
        let sessions = Sessions::default();
        let a = sessions.open(session(7), grant()).expect("a key");
        let b = sessions.open(session(8), grant()).expect("a key");
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
            .map(|_| sessions.open(session(7), grant()).expect("a key"))
            .collect();
        let other = sessions.open(session(8), grant()).expect("a key");
        assert_eq!(sessions.len(), SESSIONS_PER_MEMBER + 1);
        assert!(sessions.get(&keys[0]).is_none() && sessions.get(&keys[1]).is_none());
        assert!(keys[2..].iter().all(|k| sessions.get(k).is_some()));
        assert!(sessions.get(&other).is_some());
    }

    #[test]
    fn a_ticket_opens_one_stream_of_a_live_session() {
        let sessions = Sessions::default();
        let key = sessions.open(session(7), grant()).expect("a key");
        let ticket = sessions.ticket(&key).expect("a ticket");
        assert_ne!(ticket, key);
        assert_eq!(sessions.redeem(&ticket).as_deref(), Some(key.as_str()));
        assert_eq!(sessions.redeem(&ticket), None, "a ticket is used once");
        assert_eq!(sessions.ticket("not-a-key"), None);
    }

    #[tokio::test]
    async fn a_failed_check_closes_the_session_and_wakes_its_streams() {
        let sessions = Sessions::default();
        let key = sessions.open(session(7), grant()).expect("a key");
        assert_eq!(
            sessions.due(&key, Duration::from_secs(60)),
            None,
            "checked just now"
        );
        assert_eq!(sessions.due(&key, Duration::ZERO), Some(grant()));
        assert_eq!(
            sessions.due(&key, Duration::ZERO),
            None,
            "one check at a time"
        );
        sessions.checked(&key, true);
        assert!(sessions.get(&key).is_some());
        let mut closing = sessions.closing(&key).expect("open");
        assert!(sessions.due(&key, Duration::ZERO).is_some());
        sessions.checked(&key, false);
        assert!(sessions.get(&key).is_none());
        closing.closed().await;
    }
}
