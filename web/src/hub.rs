//! The fan-out hub: the latest snapshot of each watched game, loaded once from the
//! [`Source`], and a bounded broadcast of its updates to every open page.
//!
//! Each game watched has one entry: a `tokio::sync::broadcast` channel (bounded; a page
//! that falls behind is sent the current snapshot instead of what it missed), the snapshot
//! with its JSON serialised once for all pages, and updates published while it loads. An
//! entry stays while a page watches and for a short while after, then goes. Each open page
//! reads its game's feed through a [`Subscription`]: the snapshot first, then each change in
//! order, a fresh snapshot for a page that fell behind, and an end when the game is dropped or
//! the hub closes.
//!
//! What the source does not know is remembered for a short while, and server pages are kept
//! for a few seconds, both in bounded caches (`cache.rs`). Tournament pages are kept the same
//! way, with a version their open pages follow (`tournaments.rs`).

use crate::cache::{Kept, Missing};
use crate::message::{Message, MessageKind};
use crate::source::{DynSource, Source};
use crate::subscription::{Feeds, Subscription};
use crate::tournaments::TournamentPages;
use halma_snapshot::ServerSnapshot;
use halma_snapshot::{Fit, GameSnapshot, PlyUpdate};
use serde::Serialize;
use std::collections::HashMap;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex, MutexGuard, PoisonError};
use std::time::{Duration, Instant, SystemTime, UNIX_EPOCH};
use tokio::sync::{broadcast, watch, OnceCell};

/// A change to a game, published by the bot.
#[derive(Clone, Debug)]
pub enum Update {
    /// The whole game anew: for anything but a plain ply (a player left, the game was
    /// aborted, a deadline moved).
    Snapshot(GameSnapshot),
    /// A ply was played.
    Ply(PlyUpdate),
}

/// How much the hub keeps, and for how long.
#[derive(Clone, Copy, Debug)]
pub struct HubSettings {
    /// Messages a page may fall behind before it is sent a fresh snapshot instead.
    pub capacity: usize,
    /// How long a game stays loaded after its last page closed.
    pub linger: Duration,
    /// How long a server page's snapshot is shown before it is loaded again.
    pub server_ttl: Duration,
    /// How many server pages' snapshots are kept at most (the least recently viewed go).
    pub server_pages: usize,
    /// How long a game token or server key the source did not know is answered "not found"
    /// without asking it again.
    pub missing_ttl: Duration,
    /// How many unknown tokens (and, apart, server keys) are remembered at most.
    pub missing: usize,
    /// How many tournaments open pages may follow at once; a page past this gets its table
    /// but no live updates.
    pub watched_tournaments: usize,
}

impl Default for HubSettings {
    fn default() -> HubSettings {
        HubSettings {
            capacity: 64,
            linger: Duration::from_secs(30),
            server_ttl: Duration::from_secs(10),
            server_pages: 256,
            missing_ttl: Duration::from_secs(30),
            missing: 4096,
            watched_tournaments: 1024,
        }
    }
}

/// The live games and their open pages. Cheap to clone: clones share everything.
#[derive(Clone)]
pub struct Hub {
    inner: Arc<Inner>,
}

struct Inner {
    source: Box<dyn DynSource>,
    settings: HubSettings,
    games: Mutex<HashMap<String, Entry>>,
    servers: Kept<ServerSnapshot>,
    tournaments: Arc<TournamentPages>,
    /// Game tokens the source did not know lately.
    missing_games: Missing,
    /// Server keys the source did not know lately.
    missing_servers: Missing,
    /// The last version handed out.
    seq: AtomicU64,
    /// This hub's start: event ids from another run of the server never match.
    epoch: u64,
    closing: watch::Sender<bool>,
}

/// One watched game.
pub(crate) struct Entry {
    tx: broadcast::Sender<Arc<Message>>,
    /// Makes concurrent first viewers share one load.
    load: Arc<OnceCell<()>>,
    state: Option<Loaded>,
    /// Updates published while the game loads, applied to what the load returns.
    pending: Vec<Update>,
    pub(crate) last_used: Instant,
}

struct Loaded {
    snapshot: GameSnapshot,
    /// The snapshot's message: what a new page is sent first.
    current: Arc<Message>,
}

impl Entry {
    fn new(capacity: usize) -> Entry {
        Entry {
            tx: broadcast::channel(capacity.max(1)).0,
            load: Arc::new(OnceCell::new()),
            state: None,
            pending: Vec::new(),
            last_used: Instant::now(),
        }
    }
}

/// Serialises `value`; these types always serialise, but a failure must not take a page down.
fn json<T: Serialize>(value: &T) -> Arc<str> {
    match serde_json::to_string(value) {
        Ok(text) => text.into(),
        Err(error) => {
            tracing::error!(%error, "could not serialise a page message");
            Arc::from("null")
        }
    }
}

impl Hub {
    /// A hub that loads from `source`, with the default [`HubSettings`].
    pub fn new(source: impl Source) -> Hub {
        Hub::with_settings(source, HubSettings::default())
    }

    /// A hub that loads from `source`.
    pub fn with_settings(source: impl Source, settings: HubSettings) -> Hub {
        static STARTS: AtomicU64 = AtomicU64::new(0);
        let millis = SystemTime::now()
            .duration_since(UNIX_EPOCH)
            .map_or(0, |d| d.as_millis() as u64);
        let epoch = millis * 1000 + STARTS.fetch_add(1, Ordering::Relaxed) % 1000;
        Hub {
            inner: Arc::new(Inner {
                source: Box::new(source),
                settings,
                games: Mutex::new(HashMap::new()),
                servers: Kept::new(settings.server_pages, settings.server_ttl),
                tournaments: Arc::new(TournamentPages::new(
                    settings.server_pages,
                    settings.server_ttl,
                    settings.missing,
                    settings.missing_ttl,
                    settings.watched_tournaments,
                )),
                missing_games: Missing::new(settings.missing, settings.missing_ttl),
                missing_servers: Missing::new(settings.missing, settings.missing_ttl),
                seq: AtomicU64::new(0),
                epoch,
                closing: watch::channel(false).0,
            }),
        }
    }

    /// This hub's run: the first part of every event id it sends.
    pub fn epoch(&self) -> u64 {
        self.inner.epoch
    }

    /// Sends `update` to every open page of the game `token` and keeps it for the next
    /// ones. Does nothing when no page watches the game: its next page loads it afresh.
    ///
    /// A ply that does not follow the kept snapshot (one went missing) drops the game: its
    /// pages reconnect by themselves and load it again, once for all of them.
    pub fn publish(&self, token: &str, update: Update) {
        let mut games = self.games();
        let Some(entry) = games.get_mut(token) else {
            return;
        };
        if !self.apply(entry, update) {
            games.remove(token);
        }
    }

    /// Sends the game's latest snapshot, loaded anew after a change, to its open pages: as
    /// just the new ply when it is the kept snapshot with one more ply, else whole. Does
    /// nothing when no page watches the game.
    pub fn publish_latest(&self, token: &str, latest: GameSnapshot) {
        let update = {
            let games = self.games();
            let kept = games
                .get(token)
                .and_then(|e| e.state.as_ref())
                .map(|s| &s.snapshot);
            match (kept, latest.last_ply_update()) {
                (Some(kept), Some(ply)) if ply.number == kept.plies.len() + 1 => {
                    let mut next = kept.clone();
                    if next.apply(&ply) == Fit::Appended && next == latest {
                        Update::Ply(ply)
                    } else {
                        Update::Snapshot(latest)
                    }
                }
                _ => Update::Snapshot(latest),
            }
        };
        self.publish(token, update);
    }

    /// Whether the hub keeps the game `token` (a page watches it, or did a moment ago, or
    /// one is loading it): only then is a change of it worth loading.
    pub fn watches(&self, token: &str) -> bool {
        self.games().contains_key(token)
    }

    /// The tokens of every game the hub keeps, for reloading them all (after changes may
    /// have been missed).
    pub fn watched(&self) -> Vec<String> {
        self.games().keys().cloned().collect()
    }

    /// Opens a page's feed of the game `token`: first its current snapshot, then each
    /// change. `None` if the source has no such game.
    pub async fn subscribe(&self, token: &str) -> Option<Subscription> {
        if self.inner.missing_games.knows_missing(token) {
            return None;
        }
        // Listen before loading, so nothing published after the load is missed.
        let rx = {
            let mut games = self.games();
            let capacity = self.inner.settings.capacity;
            let entry = games
                .entry(token.to_string())
                .or_insert_with(|| Entry::new(capacity));
            entry.tx.subscribe()
        };
        if !self.ensure(token).await {
            return None;
        }
        let first = self.current(token)?;
        Some(Subscription {
            last_seq: first.seq,
            first: Some(first),
            rx,
            closing: self.inner.closing.subscribe(),
            hub: Box::new(self.clone()),
            token: token.to_string(),
        })
    }

    /// Looks at the game `token` (loading it if need be, and keeping it for the page that
    /// will follow): `None` if the source has no such game.
    pub async fn peek<R>(&self, token: &str, f: impl FnOnce(&GameSnapshot) -> R) -> Option<R> {
        if !self.ensure(token).await {
            return None;
        }
        let games = self.games();
        games.get(token)?.state.as_ref().map(|s| f(&s.snapshot))
    }

    /// The server page's snapshot for `key`, loaded at most once per
    /// [`HubSettings::server_ttl`]; an unknown key at most once per
    /// [`HubSettings::missing_ttl`].
    pub async fn server(&self, key: &str) -> Option<Arc<ServerSnapshot>> {
        if self.inner.missing_servers.knows_missing(key) {
            return None;
        }
        let cell = self.inner.servers.cell(key);
        let page = cell
            .get_or_init(|| async { self.inner.source.server(key).await.map(Arc::new) })
            .await
            .clone();
        if page.is_none() {
            // Unknown keys go to the cache of unknowns, not among the servers' pages.
            self.inner.servers.forget(key, Some(&cell));
            self.inner.missing_servers.insert(key);
        }
        page
    }

    /// Forgets the server page's snapshot for `key` (and that it had none), so the next view
    /// loads it again.
    pub fn forget_server(&self, key: &str) {
        self.inner.servers.forget(key, None);
        self.inner.missing_servers.forget(key);
    }

    /// Forgets that the source did not know the game `token`, so its next view loads it: for
    /// a game that changed (or was just made) after a page asked for it.
    pub fn forget_missing(&self, token: &str) {
        self.inner.missing_games.forget(token);
    }

    /// Ends every page's feed, for a shutdown: open event streams close instead of holding
    /// the server up.
    pub fn close(&self) {
        self.inner.closing.send_replace(true);
    }

    /// How many games are loaded now.
    pub fn loaded_games(&self) -> usize {
        self.games().values().filter(|e| e.state.is_some()).count()
    }

    /// Becomes `true` when the hub closes.
    pub(crate) fn closing(&self) -> watch::Receiver<bool> {
        self.inner.closing.subscribe()
    }

    pub(crate) fn source(&self) -> &dyn DynSource {
        &*self.inner.source
    }

    pub(crate) fn tournament_pages(&self) -> &Arc<TournamentPages> {
        &self.inner.tournaments
    }

    pub(crate) fn games(&self) -> MutexGuard<'_, HashMap<String, Entry>> {
        self.inner
            .games
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
    }

    fn next_seq(&self) -> u64 {
        self.inner.seq.fetch_add(1, Ordering::Relaxed) + 1
    }

    fn snapshot_message(&self, snapshot: &GameSnapshot) -> Arc<Message> {
        Arc::new(Message {
            seq: self.next_seq(),
            kind: MessageKind::Snapshot,
            data: json(snapshot),
        })
    }

    /// The current snapshot's message of a loaded game.
    pub(crate) fn current(&self, token: &str) -> Option<Arc<Message>> {
        let games = self.games();
        Some(games.get(token)?.state.as_ref()?.current.clone())
    }

    /// Makes sure the game `token` is loaded, loading it once however many ask at the same
    /// time; false if the source has no such game.
    async fn ensure(&self, token: &str) -> bool {
        if self.inner.missing_games.knows_missing(token) {
            return false;
        }
        let cell = {
            let mut games = self.games();
            let settings = self.inner.settings;
            games.retain(|_, e| {
                e.tx.receiver_count() > 0 || e.last_used.elapsed() < settings.linger
            });
            let entry = games
                .entry(token.to_string())
                .or_insert_with(|| Entry::new(settings.capacity));
            entry.last_used = Instant::now();
            if entry.state.is_some() {
                return true;
            }
            entry.load.clone()
        };
        cell.get_or_init(|| async {
            let loaded = self.inner.source.game(token).await;
            self.install(token, &cell, loaded);
        })
        .await;
        self.games().get(token).is_some_and(|e| e.state.is_some())
    }

    /// Keeps what a load of `token` returned, with the updates published meanwhile.
    fn install(&self, token: &str, cell: &Arc<OnceCell<()>>, loaded: Option<GameSnapshot>) {
        let mut games = self.games();
        let Some(entry) = games.get_mut(token) else {
            return;
        };
        if !Arc::ptr_eq(&entry.load, cell) {
            return;
        }
        let keep = match loaded {
            None => {
                self.inner.missing_games.insert(token);
                false
            }
            Some(snapshot) => {
                let current = self.snapshot_message(&snapshot);
                entry.state = Some(Loaded { snapshot, current });
                std::mem::take(&mut entry.pending)
                    .into_iter()
                    .all(|update| self.apply(entry, update))
            }
        };
        if !keep {
            games.remove(token);
        }
    }

    /// Applies `update` to a game and tells its pages; false when a ply is missing and the
    /// game must be loaded anew.
    fn apply(&self, entry: &mut Entry, update: Update) -> bool {
        let Some(state) = entry.state.as_mut() else {
            entry.pending.push(update);
            return true;
        };
        match update {
            Update::Snapshot(snapshot) => {
                state.snapshot = snapshot;
                state.current = self.snapshot_message(&state.snapshot);
                // Nobody listening is fine: the next page starts from `current`.
                let _ = entry.tx.send(state.current.clone());
            }
            Update::Ply(ply) => match state.snapshot.apply(&ply) {
                Fit::Appended => {
                    state.current = self.snapshot_message(&state.snapshot);
                    let message = Message {
                        seq: state.current.seq,
                        kind: MessageKind::Move,
                        data: json(&ply),
                    };
                    let _ = entry.tx.send(Arc::new(message));
                }
                Fit::AlreadyHad => {}
                Fit::Gap => return false,
            },
        }
        true
    }
}

impl Feeds for Hub {
    fn current(&self, token: &str) -> Option<Arc<Message>> {
        Hub::current(self, token)
    }

    fn page_closed(&self, token: &str) {
        // The game lingers from the moment its last page closed.
        if let Some(entry) = self.games().get_mut(token) {
            entry.last_used = Instant::now();
        }
    }
}

#[cfg(test)]
#[path = "hub_tests.rs"]
mod tests;
