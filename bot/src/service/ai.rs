//! Games against the bot: starting one, the bot's moves, and hints. Searches run on a pool of
//! plain threads of their own (one per core at most), never on the async runtime's threads.

use super::start::{Seated, Terms};
use super::{challenge, corrupt, GameId, GameView, MovePlayed, Player, Service, UserError};
use crate::error::{Error, Result};
use chrono::{DateTime, Utc};
use halma::{Options, Position, Square};
use halma_engine::{Config, Engine, Level, Limits, SearchResult};
use std::sync::mpsc;
use std::sync::{Arc, Mutex, OnceLock};
use std::time::Duration;

pub use crate::db::game_seats::AiRecord;

/// How many hints each player may take in a game.
pub const HINTS_PER_GAME: u32 = 3;

/// The level of a game against the bot that names none.
pub const DEFAULT_LEVEL: Level = Level::Medium;

/// The strength hints are searched at: quick, and good enough to learn from.
const HINT_LEVEL: Level = Level::Medium;

/// How the bot's levels search: the levels of the engine, with the hard level's time budget
/// configurable, and (for tests) a node budget instead of any clock.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct AiSettings {
    /// The hard level's time per move.
    pub hard_time: Duration,
    /// A node budget that replaces every time budget: the bot's choices no longer depend on
    /// the machine's speed (tests).
    pub node_budget: Option<u64>,
}

impl Default for AiSettings {
    fn default() -> AiSettings {
        AiSettings {
            hard_time: Level::Hard.limits().time.unwrap_or(Duration::from_secs(1)),
            node_budget: None,
        }
    }
}

impl AiSettings {
    /// Settings with `budget` nodes per search and no clock: deterministic.
    pub fn deterministic(budget: u64) -> AiSettings {
        AiSettings {
            node_budget: Some(budget),
            ..AiSettings::default()
        }
    }

    /// How `level` searches with these settings, seeded with `seed`.
    pub fn config(&self, level: Level, seed: u64) -> Config {
        let mut config = level.config();
        config.seed = seed;
        if level == Level::Hard {
            config.limits.time = Some(self.hard_time);
        }
        if let Some(nodes) = self.node_budget {
            config.limits = Limits {
                time: None,
                nodes: Some(config.limits.nodes.map_or(nodes, |n| n.min(nodes))),
                depth: config.limits.depth,
            };
        }
        config
    }
}

/// A search to run on the pool, with the engine of the thread that runs it.
type Job = Box<dyn FnOnce(&mut Engine) + Send>;

/// Threads that run searches, at most one per core; started on the first search. The threads
/// end when the pool is dropped (after the search they are running, if any).
struct SearchPool {
    jobs: OnceLock<Mutex<mpsc::Sender<Job>>>,
}

impl SearchPool {
    fn new() -> SearchPool {
        SearchPool {
            jobs: OnceLock::new(),
        }
    }

    fn sender(&self) -> &Mutex<mpsc::Sender<Job>> {
        self.jobs.get_or_init(|| {
            let (tx, rx) = mpsc::channel::<Job>();
            let rx = Arc::new(Mutex::new(rx));
            let threads = std::thread::available_parallelism().map_or(1, |n| n.get());
            for i in 0..threads {
                let rx = Arc::clone(&rx);
                let spawned = std::thread::Builder::new()
                    .name(format!("halma-search-{i}"))
                    .spawn(move || search_thread(&rx));
                if let Err(e) = spawned {
                    tracing::error!(error = %e, "cannot start a search thread");
                }
            }
            Mutex::new(tx)
        })
    }

    /// Searches `pos` on one of the pool's threads and waits (asynchronously) for the result.
    async fn search(&self, pos: Position, rules: Options, config: Config) -> Result<SearchResult> {
        let (tx, rx) = tokio::sync::oneshot::channel();
        let job: Job = Box::new(move |engine: &mut Engine| {
            // A fresh table for every search: the same position and budget give the same move.
            engine.clear();
            let _ = tx.send(engine.search(&pos, &rules, &config));
        });
        self.sender()
            .lock()
            .map_err(|_| Error::Search("the search pool is poisoned".into()))?
            .send(job)
            .map_err(|_| Error::Search("the search threads stopped".into()))?;
        rx.await
            .map_err(|_| Error::Search("the search ended without a result".into()))
    }
}

/// One search thread: runs jobs until the pool is gone. A search that panics loses its
/// answer (the caller gets an error) but not the thread.
fn search_thread(jobs: &Mutex<mpsc::Receiver<Job>>) {
    let mut engine = Engine::new();
    loop {
        let job = match jobs.lock() {
            Ok(rx) => rx.recv(),
            Err(_) => return,
        };
        let Ok(job) = job else { return };
        let ran = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| job(&mut engine)));
        if ran.is_err() {
            tracing::error!("a search panicked");
            engine = Engine::new();
        }
    }
}

/// The bot's side of the service: its settings and its search threads.
pub(super) struct Ai {
    settings: AiSettings,
    pool: SearchPool,
}

impl Ai {
    pub(super) fn new(settings: AiSettings) -> Ai {
        Ai {
            settings,
            pool: SearchPool::new(),
        }
    }
}

/// A game against the bot that has just started.
#[derive(Clone, Debug, PartialEq)]
pub struct AiGameStarted {
    /// The game; the bot moves first when it is `to_move` (see [`Service::ai_turn`]).
    pub game: GameView,
    /// The level the bot plays at.
    pub level: Level,
    /// The bot's seat.
    pub bot: Player,
}

/// A suggested move for the player to move.
#[derive(Clone, Debug, PartialEq)]
pub struct Hint {
    /// The game as it stands.
    pub game: GameView,
    /// The suggested move: its start, then every landing square.
    pub chain: Vec<Square>,
    /// Hints the player may still take in this game.
    pub hints_left: u32,
}

/// A seed for the bot's noise that differs between games and moves.
fn seed_of(game: GameId, ply: u32) -> u64 {
    (game.0 as u64).wrapping_mul(0x9E37_79B9_7F4A_7C15) ^ u64::from(ply)
}

impl Service {
    /// Uses `settings` for the bot's searches.
    pub fn with_ai_settings(mut self, settings: AiSettings) -> Service {
        self.ai = Arc::new(Ai::new(settings));
        self
    }

    /// Starts a game against the bot (whose user id is `req.opponent`) at once, at the level
    /// named by `req.level` (default [`DEFAULT_LEVEL`]). Not rated.
    #[tracing::instrument(skip_all)]
    pub async fn challenge_ai(
        &self,
        req: &challenge::ChallengeRequest<'_>,
    ) -> Result<AiGameStarted> {
        let level = challenge::level_of(req.level)?;
        let (variant, timeout) = challenge::terms(req)?;
        if variant.players() != 2 {
            return Err(UserError::WrongOpponentCount {
                variant,
                needed: variant.players() - 1,
            }
            .into());
        }
        let players = challenge::seat_players(req.first, req.challenger, req.opponent);
        let seated = players.map(|p| Seated {
            user: p.user,
            ai_level: (p.user == req.opponent).then_some(level),
        });
        let terms = Terms {
            guild: req.guild,
            channel: req.channel,
            variant,
            anti_spoiling: req.anti_spoiling,
            turn_timeout: timeout,
        };
        let started = self.start_at_once(&terms, &seated).await?;
        let bot = started
            .bots
            .first()
            .map(|&(p, _)| p)
            .ok_or_else(|| corrupt("a game against the bot without its seat"))?;
        Ok(AiGameStarted {
            game: started.game,
            level,
            bot,
        })
    }

    /// The active games the bot plays in: after a restart, each may be waiting for its move
    /// (see [`Service::ai_turn`]).
    #[tracing::instrument(skip_all)]
    pub async fn active_ai_games(&self) -> Result<Vec<GameId>> {
        Ok(self.db.active_games_with_ai().await?)
    }

    /// Plays the bot's move in game `id` if the bot is to move there, through the same path as
    /// a player's move ([`Service::play`]); `None` when it is not the bot's turn (or the game
    /// is over). A concurrent change of the game refuses the move as for a player.
    #[tracing::instrument(skip_all, fields(game = %id))]
    pub async fn ai_turn(&self, id: GameId) -> Result<Option<MovePlayed>> {
        let Some(game) = self.db.game(id).await? else {
            return Ok(None);
        };
        let Some(to_move) = game.to_move()? else {
            return Ok(None);
        };
        let seats = self.db.ai_seats(id).await?;
        let Some(&(_, level)) = seats.iter().find(|(seat, _)| *seat == to_move.seat) else {
            return Ok(None);
        };
        if game.turn_deadline.is_some_and(|d| d <= self.now()) {
            // The timer ends the game.
            return Ok(None);
        }
        let config = self.ai.settings.config(level, seed_of(id, game.ply));
        let found = self
            .ai
            .pool
            .search(game.position.clone(), game.options, config)
            .await?;
        tracing::debug!(
            %level, depth = found.depth, nodes = found.nodes, score = found.score,
            "the bot searched"
        );
        let (from, rest) = match found.chain.split_first() {
            Some((from, rest)) if !rest.is_empty() => (from, rest),
            _ => {
                return Err(corrupt(format!(
                    "game {id}: the bot is to move but found no move"
                )))
            }
        };
        let to: Vec<String> = rest.iter().map(Square::to_string).collect();
        // Nobody waits for an answer: the outbox posts the move to the channel.
        self.play_for(
            game.guild,
            game.channel,
            to_move.user,
            &from.to_string(),
            &to.join(" "),
            super::outbox::Delivery::Channel,
            None,
        )
        .await
        .map(Some)
    }

    /// A suggested move for `user`, who is to move in the channel's game; at most
    /// [`HINTS_PER_GAME`] per player and game.
    #[tracing::instrument(skip_all)]
    pub async fn hint(&self, guild: u64, channel: u64, user: u64) -> Result<Hint> {
        let now: DateTime<Utc> = self.now();
        let (game, me) = self.game_on_turn(guild, channel, user, now).await?;
        let taken = self.db.hints_used(game.id).await?;
        let limit = HINTS_PER_GAME;
        if taken.iter().any(|&(seat, n)| seat == me.seat && n >= limit) {
            return Err(UserError::NoHintsLeft { limit }.into());
        }
        let config = self
            .ai
            .settings
            .config(HINT_LEVEL, seed_of(game.id, game.ply));
        let found = self
            .ai
            .pool
            .search(game.position.clone(), game.options, config)
            .await?;
        if found.chain.len() < 2 {
            return Err(corrupt(format!(
                "game {}: the player to move has no move",
                game.id
            )));
        }
        let mut tx = self.db.begin().await?;
        let used = tx
            .use_hint(game.id, me.seat, limit)
            .await?
            .ok_or(UserError::NoHintsLeft { limit })?;
        tx.commit().await?;
        Ok(Hint {
            game: self.view_of(&game, now).await?,
            chain: found.chain,
            hints_left: limit.saturating_sub(used),
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_node_budget_replaces_every_clock() {
        let settings = AiSettings::deterministic(3_000);
        for level in Level::ALL {
            let config = settings.config(level, 7);
            assert_eq!(config.limits.time, None, "{level}");
            assert!(config.limits.nodes.is_some_and(|n| n <= 3_000), "{level}");
            assert_eq!(config.seed, 7);
        }
        let hard = AiSettings {
            hard_time: Duration::from_millis(250),
            node_budget: None,
        }
        .config(Level::Hard, 0);
        assert_eq!(hard.limits.time, Some(Duration::from_millis(250)));
    }
}
