//! The Activity's open event streams, bounded for everyone together and per member: a member's
//! new stream past [`STREAMS_PER_MEMBER`] ends their oldest, so that one member can hold only a
//! few of the slots however many pages they open.

use std::collections::{HashMap, VecDeque};
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex, MutexGuard, PoisonError};
use tokio::sync::{oneshot, OwnedSemaphorePermit, Semaphore};

/// Event streams open at once, for every page together; more are refused until one closes.
pub const MAX_STREAMS: usize = 2_000;

/// Event streams one member keeps open at once (a phone, a desktop, a reload).
pub const STREAMS_PER_MEMBER: usize = 3;

/// A member's open streams, oldest first: each one's id and what ends it.
type Theirs = VecDeque<(u64, oneshot::Sender<()>)>;

/// Every open stream, by member.
pub struct Streams {
    slots: Arc<Semaphore>,
    members: Mutex<HashMap<u64, Theirs>>,
    next: AtomicU64,
}

impl Default for Streams {
    fn default() -> Streams {
        Streams {
            slots: Arc::new(Semaphore::new(MAX_STREAMS)),
            members: Mutex::new(HashMap::new()),
            next: AtomicU64::new(0),
        }
    }
}

/// One open stream's place: gives the slot back and leaves the member's list when dropped.
pub struct Slot {
    streams: Arc<Streams>,
    user: u64,
    id: u64,
    _permit: OwnedSemaphorePermit,
}

impl Drop for Slot {
    fn drop(&mut self) {
        let mut members = self.streams.lock();
        if let Some(theirs) = members.get_mut(&self.user) {
            theirs.retain(|(id, _)| *id != self.id);
            if theirs.is_empty() {
                members.remove(&self.user);
            }
        }
    }
}

impl Streams {
    fn lock(&self) -> MutexGuard<'_, HashMap<u64, Theirs>> {
        self.members.lock().unwrap_or_else(PoisonError::into_inner)
    }

    /// A slot for a new stream of `user`, and what tells the stream that a newer one of the
    /// same member replaced it; `None` when every slot is taken.
    pub fn open(self: &Arc<Self>, user: u64) -> Option<(Slot, oneshot::Receiver<()>)> {
        let permit = self.slots.clone().try_acquire_owned().ok()?;
        let id = self.next.fetch_add(1, Ordering::Relaxed);
        let (replace, replaced) = oneshot::channel();
        let mut members = self.lock();
        let theirs = members.entry(user).or_default();
        while theirs.len() >= STREAMS_PER_MEMBER {
            if let Some((_, oldest)) = theirs.pop_front() {
                // A stream that ended already does not listen: nothing to tell.
                let _ = oldest.send(());
            }
        }
        theirs.push_back((id, replace));
        drop(members);
        let slot = Slot {
            streams: Arc::clone(self),
            user,
            id,
            _permit: permit,
        };
        Some((slot, replaced))
    }

    /// How many streams `user` has open.
    pub fn of(&self, user: u64) -> usize {
        self.lock().get(&user).map_or(0, VecDeque::len)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_new_stream_past_the_cap_replaces_the_oldest() {
        let streams = Arc::new(Streams::default());
        let mut open: Vec<_> = (0..STREAMS_PER_MEMBER)
            .map(|_| streams.open(7).expect("a slot"))
            .collect();
        let other = streams.open(8).expect("a slot");
        assert_eq!(streams.of(7), STREAMS_PER_MEMBER);
        let newest = streams.open(7).expect("a slot");
        assert_eq!(streams.of(7), STREAMS_PER_MEMBER);
        assert!(open[0].1.try_recv().is_ok(), "the oldest was told to end");
        assert!(open[1].1.try_recv().is_err(), "the others go on");
        assert_eq!(streams.of(8), 1);
        drop(newest);
        drop(other);
        assert_eq!(streams.of(8), 0);
        assert_eq!(streams.of(7), STREAMS_PER_MEMBER - 1);
    }
}
