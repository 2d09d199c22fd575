//! The bot's searches: a bounded queue served by a few plain threads, never the async
//! runtime's.
//!
//! Every search is for a member (the person waiting for it) in a server. The queue holds at
//! most [`SearchLimits::per_member`] searches of one member and
//! [`SearchLimits::per_server`] of one server (waiting or running) and
//! [`SearchLimits::in_all`] altogether, and refuses the rest. Members take turns: the next
//! search is the oldest of the member whose turn it is, so one member's searches never delay
//! another's by more than one search. A search whose game ended or changed is dropped from the
//! queue, or stopped where it runs through the engine's [`Stop`] flag. The threads leave one
//! core to the runtime that answers people.

use crate::model::GameId;
use crate::ops::metrics;
use halma::{Options, Position};
use halma_engine::{Config, Engine, SearchResult, Stop};
use std::collections::{HashMap, VecDeque};
use std::sync::{Arc, Condvar, Mutex, MutexGuard, OnceLock};

/// How many searches may wait or run at once, per member, per server and in all.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SearchLimits {
    /// Searches of one member.
    pub per_member: usize,
    /// Searches of one server.
    pub per_server: usize,
    /// Searches altogether.
    pub in_all: usize,
}

impl Default for SearchLimits {
    fn default() -> SearchLimits {
        SearchLimits {
            per_member: 2,
            per_server: 6,
            in_all: 64,
        }
    }
}

/// Who a search is for, and the game it searches.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) struct Owner {
    /// The member waiting for it.
    pub member: u64,
    /// Their server.
    pub guild: u64,
    /// The game searched; [`SearchQueue::cancel`] drops its searches.
    pub game: GameId,
}

/// Why a search gave no result.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum NoResult {
    /// The queue had no room for it (a limit of [`SearchLimits`]).
    Busy,
    /// Its game ended or changed, so it was dropped or stopped; or it panicked.
    Cancelled,
    /// The search threads are gone (the bot is shutting down).
    Closed,
}

/// How many searches started, were cancelled and were refused, and the longest the queue
/// has been, since the start.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct SearchStats {
    /// Searches that began to run.
    pub started: u64,
    /// Searches dropped from the queue or stopped while running.
    pub cancelled: u64,
    /// Searches refused for want of room.
    pub refused: u64,
    /// The most searches that waited at once.
    pub longest_queue: u64,
}

/// What a search thread runs: the search, with the thread's engine and the search's flag. It
/// returns the delivery of its answer, which the thread calls once the search no longer counts
/// as running, so that whoever gets the answer finds the room it took free again.
type Run = Box<dyn FnOnce(&mut Engine, &Stop) -> Deliver + Send>;

/// Hands a finished search's answer to its caller.
type Deliver = Box<dyn FnOnce() + Send>;

/// A search waiting for a thread: what to run, its owner and its stop flag.
struct Queued {
    owner: Owner,
    stop: Stop,
    run: Run,
}

/// The queue itself, under one lock.
#[derive(Default)]
struct Queue {
    /// Members with waiting searches, in the order they are served.
    turns: VecDeque<u64>,
    /// Each member's waiting searches, oldest first; a member is here iff in `turns`.
    waiting: HashMap<u64, VecDeque<Queued>>,
    /// The searches running now.
    running: Vec<(u64, Owner, Stop)>,
    closed: bool,
    stats: SearchStats,
}

impl Queue {
    /// The searches, waiting or running, whose owner matches.
    fn count(&self, matches: impl Fn(&Owner) -> bool) -> usize {
        let waiting = self
            .waiting
            .values()
            .flatten()
            .filter(|q| matches(&q.owner));
        let running = self.running.iter().filter(|(_, o, _)| matches(o));
        waiting.count() + running.count()
    }

    fn waiting_len(&self) -> usize {
        self.waiting.values().map(VecDeque::len).sum()
    }

    /// Whether a search for `owner` fits within `limits`.
    fn has_room(&self, owner: &Owner, limits: &SearchLimits) -> bool {
        self.count(|o| o.member == owner.member) < limits.per_member
            && self.count(|o| o.guild == owner.guild) < limits.per_server
            && self.count(|_| true) < limits.in_all
    }

    /// Queues `search`, unless a limit is reached.
    fn push(&mut self, search: Queued, limits: &SearchLimits) -> Result<(), NoResult> {
        let owner = search.owner;
        if self.closed {
            return Err(NoResult::Closed);
        }
        if !self.has_room(&owner, limits) {
            self.refused();
            return Err(NoResult::Busy);
        }
        let mine = self.waiting.entry(owner.member).or_default();
        if mine.is_empty() {
            self.turns.push_back(owner.member);
        }
        mine.push_back(search);
        let waiting = self.waiting_len() as u64;
        self.stats.longest_queue = self.stats.longest_queue.max(waiting);
        self.report();
        Ok(())
    }

    /// Counts a search refused for want of room.
    fn refused(&mut self) {
        self.stats.refused += 1;
        metrics::search_events("refused", 1);
    }

    /// Shows how many searches run and wait now in the process's metrics.
    fn report(&self) {
        metrics::searches_now(
            self.running.len(),
            self.waiting_len(),
            self.stats.longest_queue,
        );
    }

    /// The next search to run: the oldest of the member whose turn it is, who then goes to
    /// the back of the line if they have more.
    fn next(&mut self) -> Option<Queued> {
        let member = self.turns.pop_front()?;
        let mine = self.waiting.get_mut(&member)?;
        let search = mine.pop_front();
        if mine.is_empty() {
            self.waiting.remove(&member);
        } else {
            self.turns.push_back(member);
        }
        search
    }

    /// Drops the waiting searches of `game` and stops its running ones; how many.
    fn cancel(&mut self, game: GameId) -> u64 {
        let mut cancelled = 0;
        for mine in self.waiting.values_mut() {
            let before = mine.len();
            mine.retain(|q| q.owner.game != game);
            cancelled += (before - mine.len()) as u64;
        }
        self.waiting.retain(|_, mine| !mine.is_empty());
        let waiting = &self.waiting;
        self.turns.retain(|member| waiting.contains_key(member));
        for (_, owner, stop) in &self.running {
            if owner.game == game && !stop.is_stopped() {
                stop.stop();
                cancelled += 1;
            }
        }
        self.stats.cancelled += cancelled;
        metrics::search_events("cancelled", cancelled);
        self.report();
        cancelled
    }
}

/// The queue and the signal that wakes its threads.
#[derive(Default)]
struct Shared {
    queue: Mutex<Queue>,
    ready: Condvar,
}

impl Shared {
    fn lock(&self) -> MutexGuard<'_, Queue> {
        // A panic while holding the lock leaves the queue as consistent as any other state.
        self.queue.lock().unwrap_or_else(|e| e.into_inner())
    }
}

/// The bot's search queue and its threads (started on the first search).
pub(super) struct SearchQueue {
    shared: Arc<Shared>,
    limits: SearchLimits,
    threads: OnceLock<()>,
}

impl SearchQueue {
    /// An empty queue with `limits`.
    pub(super) fn new(limits: SearchLimits) -> SearchQueue {
        SearchQueue {
            shared: Arc::default(),
            limits,
            threads: OnceLock::new(),
        }
    }

    /// Searches `pos` for `owner` on a search thread, waiting (asynchronously) in the queue
    /// for its turn.
    pub(super) async fn search(
        &self,
        owner: Owner,
        pos: Position,
        rules: Options,
        config: Config,
    ) -> Result<SearchResult, NoResult> {
        let (tx, rx) = tokio::sync::oneshot::channel();
        let run = Box::new(move |engine: &mut Engine, stop: &Stop| -> Deliver {
            // A fresh table for every search: the same position and budget give the same move.
            engine.clear();
            let found = engine.search_until(&pos, &rules, &config, stop);
            // A stopped search's move is not worth playing: its game has moved on.
            let stopped = stop.is_stopped();
            Box::new(move || {
                if !stopped {
                    let _ = tx.send(found);
                }
            })
        });
        self.start_threads();
        let queued = Queued {
            owner,
            stop: Stop::new(),
            run,
        };
        self.shared.lock().push(queued, &self.limits)?;
        self.shared.ready.notify_one();
        rx.await.map_err(|_| NoResult::Cancelled)
    }

    /// Whether a search for `owner` would find room now; a no counts as a refusal.
    pub(super) fn has_room(&self, owner: &Owner) -> bool {
        let mut queue = self.shared.lock();
        let room = queue.has_room(owner, &self.limits);
        if !room {
            queue.refused();
        }
        room
    }

    /// Drops the waiting searches of `game` and stops the running ones: it ended or changed.
    pub(super) fn cancel(&self, game: GameId) {
        let cancelled = self.shared.lock().cancel(game);
        if cancelled > 0 {
            tracing::debug!(%game, cancelled, "searches for a changed game cancelled");
        }
    }

    /// What the queue has done so far.
    pub(super) fn stats(&self) -> SearchStats {
        self.shared.lock().stats
    }

    /// How many searches run now.
    #[cfg(test)]
    fn running(&self) -> usize {
        self.shared.lock().running.len()
    }

    fn start_threads(&self) {
        self.threads.get_or_init(|| {
            // One core stays free for the runtime that answers commands and clicks.
            let cores = std::thread::available_parallelism().map_or(1, |n| n.get());
            for i in 0..cores.saturating_sub(1).max(1) {
                let shared = Arc::clone(&self.shared);
                let spawned = std::thread::Builder::new()
                    .name(format!("halma-search-{i}"))
                    .spawn(move || search_thread(&shared, i as u64));
                if let Err(e) = spawned {
                    tracing::error!(error = %e, "cannot start a search thread");
                }
            }
        });
    }
}

impl Drop for SearchQueue {
    fn drop(&mut self) {
        self.shared.lock().closed = true;
        self.shared.ready.notify_all();
    }
}

/// One search thread: runs the queue's searches in turn until the queue closes. A search that
/// panics loses its answer (its caller sees it cancelled) but not the thread.
fn search_thread(shared: &Shared, thread: u64) {
    let mut engine = Engine::new();
    let mut queue = shared.lock();
    loop {
        if queue.closed {
            return;
        }
        let Some(search) = queue.next() else {
            queue = shared.ready.wait(queue).unwrap_or_else(|e| e.into_inner());
            continue;
        };
        queue.stats.started += 1;
        metrics::search_events("started", 1);
        queue
            .running
            .push((thread, search.owner, search.stop.clone()));
        queue.report();
        drop(queue);
        let Queued { stop, run, .. } = search;
        let ran =
            std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| run(&mut engine, &stop)));
        queue = shared.lock();
        queue.running.retain(|(t, _, _)| *t != thread);
        queue.report();
        match ran {
            Ok(deliver) => {
                drop(queue);
                deliver();
                queue = shared.lock();
            }
            Err(_) => {
                tracing::error!("a search panicked");
                engine = Engine::new();
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use halma::Variant;
    use halma_engine::{Level, Limits};

    fn owner(member: u64, guild: u64, game: i64) -> Owner {
        Owner {
            member,
            guild,
            game: GameId(game),
        }
    }

    fn queued(owner: Owner) -> Queued {
        Queued {
            owner,
            stop: Stop::new(),
            run: Box::new(|_, _| Box::new(|| {})),
        }
    }

    #[test]
    fn members_take_turns_so_nobody_waits_behind_a_flood() {
        let limits = SearchLimits {
            per_member: 10,
            per_server: 10,
            in_all: 10,
        };
        let mut queue = Queue::default();
        for game in 1..=4 {
            queue.push(queued(owner(1, 1, game)), &limits).unwrap();
        }
        queue.push(queued(owner(2, 2, 10)), &limits).unwrap();
        queue.push(queued(owner(3, 2, 20)), &limits).unwrap();
        let order: Vec<(u64, i64)> = std::iter::from_fn(|| queue.next())
            .map(|q| (q.owner.member, q.owner.game.0))
            .collect();
        // Member 1 queued four first; members 2 and 3 each wait behind one of them only.
        assert_eq!(order, [(1, 1), (2, 10), (3, 20), (1, 2), (1, 3), (1, 4)]);
    }

    #[test]
    fn each_limit_refuses_once_reached() {
        let limits = SearchLimits {
            per_member: 2,
            per_server: 3,
            in_all: 4,
        };
        let mut queue = Queue::default();
        queue.push(queued(owner(1, 1, 1)), &limits).unwrap();
        queue.push(queued(owner(1, 1, 2)), &limits).unwrap();
        let refused = |queue: &mut Queue, o| queue.push(queued(o), &limits).err();
        assert_eq!(refused(&mut queue, owner(1, 1, 3)), Some(NoResult::Busy));
        queue.push(queued(owner(2, 1, 4)), &limits).unwrap();
        assert_eq!(refused(&mut queue, owner(3, 1, 5)), Some(NoResult::Busy));
        queue.push(queued(owner(3, 2, 6)), &limits).unwrap();
        assert_eq!(refused(&mut queue, owner(4, 3, 7)), Some(NoResult::Busy));
        // A running search still counts against its member.
        let first = queue.next().unwrap();
        queue.running.push((0, first.owner, first.stop));
        assert_eq!(refused(&mut queue, owner(1, 1, 8)), Some(NoResult::Busy));
        assert_eq!(queue.stats.refused, 4);
        assert_eq!(queue.stats.longest_queue, 4);
    }

    #[test]
    fn cancelling_a_game_drops_its_waiting_searches_and_stops_its_running_one() {
        let limits = SearchLimits::default();
        let mut queue = Queue::default();
        queue.push(queued(owner(1, 1, 7)), &limits).unwrap();
        queue.push(queued(owner(1, 1, 7)), &limits).unwrap();
        queue.push(queued(owner(2, 1, 8)), &limits).unwrap();
        let running = queue.next().unwrap();
        let stop = running.stop.clone();
        queue.running.push((0, running.owner, running.stop));
        assert_eq!(queue.cancel(GameId(7)), 2);
        assert!(stop.is_stopped());
        let left: Vec<i64> = std::iter::from_fn(|| queue.next())
            .map(|q| q.owner.game.0)
            .collect();
        assert_eq!(left, [8]);
        assert!(queue.turns.is_empty() && queue.waiting.is_empty());
        assert_eq!(queue.stats.cancelled, 2);
    }

    #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
    async fn a_running_search_of_a_cancelled_game_ends_without_a_move() {
        let searches = Arc::new(SearchQueue::new(SearchLimits::default()));
        let mut config = Level::Hard.config();
        config.limits = Limits {
            time: None,
            nodes: Some(1 << 40),
            depth: None,
        };
        let pos = Position::start(Variant::Standard);
        let rules = Options::for_variant(Variant::Standard);
        let searching = {
            let searches = Arc::clone(&searches);
            tokio::spawn(async move { searches.search(owner(1, 1, 3), pos, rules, config).await })
        };
        // Wait until a thread runs it, then end its game.
        while searches.running() == 0 {
            tokio::task::yield_now().await;
        }
        searches.cancel(GameId(3));
        assert!(matches!(searching.await.unwrap(), Err(NoResult::Cancelled)));
        let stats = searches.stats();
        assert_eq!((stats.started, stats.cancelled), (1, 1));
    }
}
