//! Where `/halma replay` GIFs are drawn: on one thread of their own, never on the blocking
//! pool that draws every board, a few requests at a time, each game's replay at a ply drawn
//! once and kept for a while.
//!
//! A long game's replay takes a CPU core for a second or more. On the blocking pool, a handful
//! of them held up every board in every server; here they queue behind each other, at most
//! [`ReplayLimits::queue`] at once, and a request beyond that is refused politely
//! ([`UserError::ReplaysBusy`]) before anything is drawn. Requests for a replay being drawn
//! share that drawing; a drawn replay is kept by its [`ReplayKey`] in a cache bounded in
//! entries and bytes, least recently used first out.
//!
//! Admission is decided when [`Replays::draw`] is called, not when its answer is awaited, so
//! that a refusal comes before the interaction is deferred, and tests see the same decision
//! whatever the thread timing.
//!
//! In a fleet ([`Replays::shared_by`]), a replay is also drawn once for all processes: before
//! drawing, a process asks the `replay_gifs` table (one query) for the replay, which another
//! process may have drawn, and otherwise holds its key there while it draws and keeps the GIF
//! there after. A process asked for a replay another one is drawing waits for it, asking
//! again every [`WAIT_STEP`], within the request's place in the queue; a hold whose process
//! died runs out after [`DRAW_HOLD`], and the next request draws.

use crate::db::replay_gifs::SharedReplay;
use crate::db::Db;
use crate::error::UserError;
use crate::model::GameId;
use crate::ops::metrics;
use crate::service::{ReplayData, Service};
use halma::{Ply, Position};
use halma_render::{Replay, ReplayOptions};
use std::collections::HashMap;
use std::panic::AssertUnwindSafe;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{mpsc, Arc, Mutex, MutexGuard, PoisonError};
use std::time::Duration;
use tokio::sync::watch;

/// How long a process holds a replay it draws before another process may draw it: far more
/// than the longest drawing, so that only a dead process's hold runs out.
pub const DRAW_HOLD: Duration = Duration::from_secs(60);

/// How often a request for a replay another process draws asks whether it is drawn.
pub const WAIT_STEP: Duration = Duration::from_millis(250);

/// What a replay is drawn from, as far as it can change: a game at a ply, with the players who
/// had left by then and the names shown in the header, within a byte budget.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct ReplayKey {
    /// The game.
    pub game: GameId,
    /// How many plies were played.
    pub plies: usize,
    /// How many players had left (a departure changes the picture, not the ply).
    pub departures: usize,
    /// The names in the header, by seat.
    pub names: Vec<String>,
    /// [`ReplayOptions::max_bytes`].
    pub max_bytes: usize,
}

impl ReplayKey {
    /// The key as the fleet keeps it: every part, the names as JSON (which tells them apart
    /// whatever they hold).
    fn text(&self) -> String {
        let names = serde_json::to_string(&self.names).unwrap_or_default();
        let (game, plies, departures) = (self.game, self.plies, self.departures);
        format!("{game}/{plies}/{departures}/{}/{names}", self.max_bytes)
    }
}

/// How much the replays may hold.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ReplayLimits {
    /// Replays being drawn or waiting to be, at most; requests beyond are refused.
    pub queue: usize,
    /// Drawn replays kept, at most.
    pub entries: usize,
    /// Bytes of drawn replays kept, at most; a replay bigger than this is not kept.
    pub bytes: usize,
}

impl Default for ReplayLimits {
    /// Four in the queue: at a second or two each, the last waits a few seconds, and Discord
    /// gives a deferred answer fifteen minutes. Thirty-two kept, up to 64 MiB: a few channels'
    /// recent games, a small part of the bot's memory.
    fn default() -> ReplayLimits {
        ReplayLimits {
            queue: 4,
            entries: 32,
            bytes: 64 * 1024 * 1024,
        }
    }
}

/// The replay drawer: a thread, its queue and its cache. Dropping it lets the thread end once
/// the queue is drawn.
pub struct Replays {
    shared: Arc<Shared>,
    jobs: mpsc::Sender<Job>,
    /// Where the fleet keeps its replays, when processes share them.
    fleet: Option<Db>,
}

/// What the drawer's thread and the requests share.
struct Shared {
    limits: ReplayLimits,
    state: Mutex<State>,
    /// Held by the thread while it draws, and by [`Replays::pause`].
    door: Mutex<()>,
    /// Replays drawn since the start.
    drawn: AtomicU64,
}

#[derive(Default)]
struct State {
    entries: HashMap<ReplayKey, Entry>,
    /// Jobs admitted and not yet finished.
    queued: usize,
    /// Bytes of the drawn entries.
    bytes: usize,
    /// Counts uses, for least recently used.
    clock: u64,
}

enum Entry {
    /// Being drawn (or waiting to be); the drawing's answer comes through here.
    Drawing(watch::Receiver<Option<Arc<Replay>>>),
    /// Drawn, last used at this tick of [`State::clock`].
    Drawn { replay: Arc<Replay>, used: u64 },
}

/// A replay to draw.
struct Job {
    key: ReplayKey,
    start: Position,
    plies: Vec<Ply>,
    options: ReplayOptions,
    done: watch::Sender<Option<Arc<Replay>>>,
}

/// An admitted request: the replay, at once or when drawn.
#[must_use = "a replay is waited for with `wait`"]
pub enum PendingReplay {
    /// It was kept.
    Kept(Arc<Replay>),
    /// It is being drawn, for this request or for another.
    Drawing(watch::Receiver<Option<Arc<Replay>>>),
}

impl PendingReplay {
    /// The drawn replay. Fails only if drawing it panicked (a bug, logged by the drawer).
    pub async fn wait(self) -> anyhow::Result<Arc<Replay>> {
        match self {
            PendingReplay::Kept(replay) => Ok(replay),
            PendingReplay::Drawing(mut answer) => {
                let drawn = answer
                    .wait_for(Option::is_some)
                    .await
                    .map_err(|_| anyhow::anyhow!("drawing a replay failed"))?;
                drawn
                    .clone()
                    .ok_or_else(|| anyhow::anyhow!("a replay without a GIF"))
            }
        }
    }
}

/// Holds the drawing back while it lives (see [`Replays::pause`]).
pub struct Paused<'a> {
    _door: MutexGuard<'a, ()>,
}

fn lock<T>(mutex: &Mutex<T>) -> MutexGuard<'_, T> {
    // Nothing panics while holding these locks but a bug; the state stays consistent enough to
    // go on (at worst an entry is drawn again).
    mutex.lock().unwrap_or_else(PoisonError::into_inner)
}

impl Replays {
    /// A drawer with its own thread, within `limits`.
    pub fn new(limits: ReplayLimits) -> std::io::Result<Replays> {
        let shared = Arc::new(Shared {
            limits,
            state: Mutex::new(State::default()),
            door: Mutex::new(()),
            drawn: AtomicU64::new(0),
        });
        let (jobs, queue) = mpsc::channel::<Job>();
        let drawer = Arc::clone(&shared);
        std::thread::Builder::new()
            .name("halma-replays".into())
            .spawn(move || {
                for job in queue {
                    drawer.draw(job);
                }
            })?;
        Ok(Replays {
            shared,
            jobs,
            fleet: None,
        })
    }

    /// The same drawer, drawing each replay once for all the processes of `service`'s
    /// database, and taking the replays they drew.
    pub fn shared_by(mut self, service: &Service) -> Replays {
        self.fleet = Some(service.db().clone());
        self
    }

    /// The key a replay of `data` with `options` is kept by.
    pub fn key(data: &ReplayData, options: &ReplayOptions) -> ReplayKey {
        ReplayKey {
            game: data.game.id,
            plies: data.plies.len(),
            departures: data.departures.len(),
            names: options.names.clone(),
            max_bytes: options.max_bytes,
        }
    }

    /// Asks for the replay of `data` drawn with `options`: the kept one, the one being drawn
    /// for the same key, or a new drawing if the queue has room. A full queue is a
    /// [`UserError::ReplaysBusy`], decided now.
    pub fn draw(
        &self,
        data: &ReplayData,
        options: ReplayOptions,
    ) -> Result<PendingReplay, UserError> {
        let key = Replays::key(data, &options);
        let mut state = lock(&self.shared.state);
        state.clock += 1;
        let now = state.clock;
        match state.entries.get_mut(&key) {
            Some(Entry::Drawn { replay, used }) => {
                *used = now;
                metrics::replay_request("kept");
                return Ok(PendingReplay::Kept(Arc::clone(replay)));
            }
            Some(Entry::Drawing(answer)) => {
                metrics::replay_request("shared");
                return Ok(PendingReplay::Drawing(answer.clone()));
            }
            None => {}
        }
        if state.queued >= self.shared.limits.queue {
            metrics::replay_request("refused");
            return Err(UserError::ReplaysBusy);
        }
        let (done, answer) = watch::channel(None);
        let job = Job {
            key: key.clone(),
            start: data.start.clone(),
            plies: data.plies.clone(),
            options,
            done,
        };
        match &self.fleet {
            None => {
                if self.jobs.send(job).is_err() {
                    // The thread is gone (it never stops before the drawer is dropped): say so
                    // as busy rather than wait forever.
                    tracing::error!("the replay drawer's thread has stopped");
                    return Err(UserError::ReplaysBusy);
                }
            }
            Some(db) => {
                let (shared, jobs) = (Arc::clone(&self.shared), self.jobs.clone());
                tokio::spawn(draw_for_fleet(shared, jobs, db.clone(), job));
            }
        }
        state.queued += 1;
        state.entries.insert(key, Entry::Drawing(answer.clone()));
        metrics::replay_request("drawn");
        Ok(PendingReplay::Drawing(answer))
    }

    /// Replays drawn so far (a request answered from the cache or by another request's
    /// drawing draws none).
    pub fn drawn(&self) -> u64 {
        self.shared.drawn.load(Ordering::Relaxed)
    }

    /// Replays kept, and their bytes.
    pub fn kept(&self) -> (usize, usize) {
        let state = lock(&self.shared.state);
        let kept = state
            .entries
            .values()
            .filter(|e| matches!(e, Entry::Drawn { .. }))
            .count();
        (kept, state.bytes)
    }

    /// Holds the drawing back until the returned guard is dropped: admitted replays wait in
    /// the queue (tests use this to fill it without depending on timing). Blocks while a
    /// replay is being drawn.
    pub fn pause(&self) -> Paused<'_> {
        Paused {
            _door: lock(&self.shared.door),
        }
    }
}

/// Takes the replay of `job` from the fleet, waits for the process drawing it, or draws it on
/// this process's thread (`jobs`) and keeps it for the fleet.
async fn draw_for_fleet(shared: Arc<Shared>, jobs: mpsc::Sender<Job>, db: Db, job: Job) {
    let key = job.key.text();
    let (game, plies) = (job.key.game, job.key.plies);
    let mut waited = Duration::ZERO;
    let ours = loop {
        match db.claim_replay(&key, game, plies, DRAW_HOLD).await {
            Ok(SharedReplay::Drawn { gif, frames }) => {
                metrics::replay_request("fleet");
                let replay = Replay { gif, frames, plies };
                return shared.finish(job, Some(replay));
            }
            // Waiting within the request's place in the queue, for no longer than a hold.
            Ok(SharedReplay::Theirs) if waited < DRAW_HOLD => {
                tokio::time::sleep(WAIT_STEP).await;
                waited += WAIT_STEP;
            }
            Ok(SharedReplay::Ours) => break true,
            Ok(SharedReplay::Theirs) => break false,
            Err(error) => {
                tracing::warn!(%error, %game, "cannot ask the fleet for a replay; drawing it here");
                break false;
            }
        }
    };
    let mut drawn = job.done.subscribe();
    if let Err(mpsc::SendError(job)) = jobs.send(job) {
        tracing::error!("the replay drawer's thread has stopped");
        return shared.finish(job, None);
    }
    if !ours {
        return;
    }
    let kept = match drawn.wait_for(Option::is_some).await {
        Ok(replay) => replay.clone(),
        Err(_) => None,
    };
    let done = match kept {
        Some(replay) => {
            db.keep_replay(&key, game, plies, &replay.gif, replay.frames)
                .await
        }
        None => db.release_replay(&key).await,
    };
    if let Err(error) = done {
        tracing::warn!(%error, %game, "cannot keep a replay for the fleet");
    }
}

impl Shared {
    /// Draws one job on the drawer's thread, keeps it and hands it to everyone waiting.
    fn draw(&self, job: Job) {
        let drawn = {
            let _door = lock(&self.door);
            std::panic::catch_unwind(AssertUnwindSafe(|| {
                halma_render::replay(&job.start, &job.plies, &job.options)
            }))
        };
        match drawn {
            Ok(replay) => {
                self.drawn.fetch_add(1, Ordering::Relaxed);
                self.finish(job, Some(replay));
            }
            Err(_) => {
                tracing::error!(game = %job.key.game, plies = job.key.plies, "drawing a replay panicked");
                self.finish(job, None);
            }
        }
    }

    /// Ends `job` with its `replay` (drawn here or by another process): keeps it and hands it
    /// to everyone waiting. Without one, the waiting requests are told (the sender dropped)
    /// and the next request draws again.
    fn finish(&self, job: Job, replay: Option<Replay>) {
        let mut state = lock(&self.state);
        state.queued -= 1;
        match replay {
            Some(replay) => {
                let replay = Arc::new(replay);
                self.keep(&mut state, job.key, Arc::clone(&replay));
                // Nobody waiting is fine: the replay is kept for the next request.
                let _ = job.done.send(Some(replay));
            }
            None => {
                state.entries.remove(&job.key);
            }
        }
    }

    /// Keeps a drawn replay under `key`, forgetting the same game's earlier plies (nobody asks
    /// for an old ply: a replay always shows the game so far), then the least recently used
    /// until the cache is within its limits.
    fn keep(&self, state: &mut State, key: ReplayKey, replay: Arc<Replay>) {
        state.entries.remove(&key);
        let older: Vec<ReplayKey> = state
            .entries
            .iter()
            .filter(|(k, e)| {
                k.game == key.game && k.plies < key.plies && matches!(e, Entry::Drawn { .. })
            })
            .map(|(k, _)| k.clone())
            .collect();
        for k in older {
            forget(state, &k);
        }
        let size = replay.gif.len();
        if size > self.limits.bytes || self.limits.entries == 0 {
            return;
        }
        state.clock += 1;
        let used = state.clock;
        state.entries.insert(key, Entry::Drawn { replay, used });
        state.bytes += size;
        loop {
            let drawn = state.entries.iter().filter_map(|(k, e)| match e {
                Entry::Drawn { used, .. } => Some((*used, k)),
                Entry::Drawing(_) => None,
            });
            let count = drawn.clone().count();
            if count <= self.limits.entries && state.bytes <= self.limits.bytes {
                break;
            }
            let Some((_, oldest)) = drawn.min_by_key(|(used, _)| *used) else {
                break;
            };
            let oldest = oldest.clone();
            forget(state, &oldest);
        }
    }
}

/// Removes a drawn entry and its bytes.
fn forget(state: &mut State, key: &ReplayKey) {
    if let Some(Entry::Drawn { replay, .. }) = state.entries.remove(key) {
        state.bytes -= replay.gif.len();
    }
}
