//! The cap on event streams per client address: a client that opens one more stream than
//! the cap has its oldest stream ended, so a flood of streams from one address holds at most
//! the cap, while a real viewer's newest tab always works.

use std::collections::{HashMap, VecDeque};
use std::net::IpAddr;
use std::sync::{Arc, Mutex, MutexGuard, PoisonError};
use tokio::sync::oneshot;

/// A client's open streams, oldest first: an id, and the sender whose drop ends the stream.
type Open = HashMap<IpAddr, VecDeque<(u64, oneshot::Sender<()>)>>;

/// The open streams per client address.
pub(crate) struct Streams {
    cap: usize,
    open: Mutex<Open>,
    next_id: Mutex<u64>,
}

/// One open stream's place under the cap: [`Ticket::ended`] resolves when a newer stream of
/// the same client replaced it. Dropping the ticket (the stream closed) frees the place.
pub(crate) struct Ticket {
    place: Option<(Arc<Streams>, IpAddr, u64)>,
    ended: Option<oneshot::Receiver<()>>,
}

impl Streams {
    /// At most `cap` streams per client (at least one).
    pub(crate) fn new(cap: usize) -> Arc<Streams> {
        Arc::new(Streams {
            cap: cap.max(1),
            open: Mutex::new(HashMap::new()),
            next_id: Mutex::new(0),
        })
    }

    fn open(&self) -> MutexGuard<'_, Open> {
        self.open.lock().unwrap_or_else(PoisonError::into_inner)
    }

    /// Opens a stream for `client` (`None`: unknown, not capped), ending its oldest streams
    /// past the cap.
    pub(crate) fn enter(self: &Arc<Self>, client: Option<IpAddr>) -> Ticket {
        let Some(client) = client.map(crate::client::network) else {
            return Ticket {
                place: None,
                ended: None,
            };
        };
        let id = {
            let mut next = self.next_id.lock().unwrap_or_else(PoisonError::into_inner);
            *next += 1;
            *next
        };
        let (tx, rx) = oneshot::channel();
        let mut open = self.open();
        let streams = open.entry(client).or_default();
        while streams.len() >= self.cap {
            // Dropping its sender ends the oldest stream.
            streams.pop_front();
        }
        streams.push_back((id, tx));
        Ticket {
            place: Some((self.clone(), client, id)),
            ended: Some(rx),
        }
    }

    /// How many streams `client` has open.
    #[cfg(test)]
    pub(crate) fn count(&self, client: IpAddr) -> usize {
        self.open().get(&client).map_or(0, VecDeque::len)
    }
}

impl Ticket {
    /// Resolves when a newer stream of the client took this one's place; never for a
    /// stream that was not capped.
    pub(crate) async fn ended(&mut self) {
        match self.ended.as_mut() {
            Some(rx) => {
                let _ = rx.await;
            }
            None => std::future::pending().await,
        }
    }
}

impl Drop for Ticket {
    fn drop(&mut self) {
        let Some((streams, client, id)) = self.place.take() else {
            return;
        };
        let mut open = streams.open();
        if let Some(list) = open.get_mut(&client) {
            list.retain(|(other, _)| *other != id);
            if list.is_empty() {
                open.remove(&client);
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::future::Future;
    use std::pin::pin;
    use std::task::{Context, Poll, Waker};

    /// Whether the ticket's end has come, without waiting for it.
    fn has_ended(ticket: &mut Ticket) -> bool {
        let mut context = Context::from_waker(Waker::noop());
        matches!(pin!(ticket.ended()).poll(&mut context), Poll::Ready(()))
    }

    #[test]
    fn a_stream_past_the_cap_ends_the_oldest_of_that_client_only() {
        let streams = Streams::new(2);
        let (a, b): (IpAddr, IpAddr) = ("10.0.0.1".parse().unwrap(), "10.0.0.2".parse().unwrap());
        let mut first = streams.enter(Some(a));
        let mut second = streams.enter(Some(a));
        let mut other = streams.enter(Some(b));
        assert!(!has_ended(&mut first));
        let mut third = streams.enter(Some(a));
        assert!(has_ended(&mut first), "the oldest made room");
        assert!(!has_ended(&mut second) && !has_ended(&mut third));
        assert!(!has_ended(&mut other), "another client keeps its stream");
        assert_eq!(streams.count(a), 2);
        drop(second);
        drop(third);
        assert_eq!(streams.count(a), 0);
        drop(first);
        assert_eq!(streams.count(b), 1);
    }

    #[test]
    fn streams_of_unknown_clients_are_not_capped() {
        let streams = Streams::new(1);
        let mut tickets: Vec<Ticket> = (0..3).map(|_| streams.enter(None)).collect();
        assert!(tickets.iter_mut().all(|t| !has_ended(t)));
    }
}
