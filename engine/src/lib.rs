//! The Halma AI: picks a move for the player to move in any variant.
//!
//! Pure computation on top of the rules crate: no I/O, no threads (callers
//! run it on their own threads). Two players are searched with iterative
//! deepening principal-variation alpha-beta; three to six players with
//! Best-Reply Search, partners together in `four-teams`. The square boards
//! and the star (Stern-Halma, [`halma::Variant::STAR`]) are searched alike;
//! only the evaluation's metric and distances differ. The search stops
//! at a time budget, a node budget or a depth, whichever comes first, or
//! when another thread sets its [`Stop`] flag; with a node budget and no
//! time budget it is fully deterministic.
//!
//! ```
//! use halma::{Options, Position, Variant};
//! use halma_engine::{best_move, Config, Level, Limits};
//! let pos = Position::start(Variant::Ig10);
//! let rules = Options::for_variant(Variant::Ig10);
//! // Deterministic: a node budget, no clock.
//! let config = Config { limits: Limits::nodes(5_000), seed: 7, ..Level::Hard.config() };
//! let result = best_move(&pos, &rules, &config);
//! let mv = result.mv.expect("the start position has moves");
//! assert!(pos.check_move(mv, &rules).is_ok());
//! assert_eq!(best_move(&pos, &rules, &config).mv, Some(mv));
//! ```

pub mod crossing;
mod eval;
mod node;
pub mod rng;
mod search;
mod star;
mod tt;

pub use eval::{evaluate, WIN};
pub use search::Engine;

use halma::{Move, Options, Position, Square};
use std::fmt;
use std::str::FromStr;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::time::Duration;

/// A flag that ends a search from another thread: clones share it, so the
/// caller keeps one and hands one to [`Engine::search_until`] or
/// [`best_move_until`]. Once set it stays set.
///
/// ```
/// use halma_engine::Stop;
/// let stop = Stop::new();
/// let other = stop.clone();
/// assert!(!stop.is_stopped());
/// other.stop();
/// assert!(stop.is_stopped());
/// ```
#[derive(Clone, Debug, Default)]
pub struct Stop(Arc<AtomicBool>);

impl Stop {
    /// A flag not yet set.
    pub fn new() -> Stop {
        Stop::default()
    }

    /// Asks every search holding this flag to end as soon as it can.
    pub fn stop(&self) {
        self.0.store(true, Ordering::Relaxed);
    }

    /// Whether [`stop`](Stop::stop) was called on this flag or a clone.
    pub fn is_stopped(&self) -> bool {
        self.0.load(Ordering::Relaxed)
    }
}

/// When a search stops: the first limit reached ends it. No limit at all
/// means "search to the maximum depth", which can take very long.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Limits {
    /// Wall-clock budget. The clock is read every 1024 nodes, so the search
    /// ends well within 10% past it.
    pub time: Option<Duration>,
    /// The most positions to visit.
    pub nodes: Option<u64>,
    /// The deepest iteration, in plies.
    pub depth: Option<u32>,
}

impl Limits {
    /// Only a node budget: deterministic, no clock.
    pub fn nodes(n: u64) -> Limits {
        Limits {
            nodes: Some(n),
            ..Limits::default()
        }
    }

    /// Only a time budget.
    pub fn time(t: Duration) -> Limits {
        Limits {
            time: Some(t),
            ..Limits::default()
        }
    }
}

/// How to search: the limits, a seed, and how much noise to add.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Config {
    /// When to stop.
    pub limits: Limits,
    /// Seeds the evaluation noise; the same seed gives the same choices.
    pub seed: u64,
    /// The evaluation is off by up to this much either way (0: exact),
    /// derived from the seed and the position, which makes weak levels
    /// vary their play. A king step towards the camp is worth roughly 30–60.
    pub noise: u32,
}

impl Default for Config {
    /// [`Level::Hard`].
    fn default() -> Config {
        Level::Hard.config()
    }
}

/// A playing strength for the bot's players to choose.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Level {
    /// Looks one move ahead with a noisy evaluation: a beginner can win.
    Easy,
    /// Three plies, almost exact.
    Medium,
    /// Full strength within one second per move.
    Hard,
}

impl Level {
    /// Every level, weakest first.
    pub const ALL: [Level; 3] = [Level::Easy, Level::Medium, Level::Hard];

    /// The level's name: `easy`, `medium`, `hard`.
    pub const fn name(self) -> &'static str {
        match self {
            Level::Easy => "easy",
            Level::Medium => "medium",
            Level::Hard => "hard",
        }
    }

    /// The limits the level searches within.
    ///
    /// ```
    /// use halma_engine::Level;
    /// assert_eq!(Level::Hard.limits().time, Some(std::time::Duration::from_secs(1)));
    /// assert_eq!(Level::Easy.limits().depth, Some(1));
    /// ```
    pub fn limits(self) -> Limits {
        match self {
            Level::Easy => Limits {
                time: Some(Duration::from_millis(200)),
                nodes: Some(50_000),
                depth: Some(1),
            },
            Level::Medium => Limits {
                time: Some(Duration::from_millis(500)),
                nodes: Some(400_000),
                depth: Some(3),
            },
            Level::Hard => Limits::time(Duration::from_secs(1)),
        }
    }

    /// The level's full configuration (seed 0).
    pub fn config(self) -> Config {
        Config {
            limits: self.limits(),
            seed: 0,
            noise: match self {
                Level::Easy => 120,
                Level::Medium => 8,
                Level::Hard => 0,
            },
        }
    }
}

impl fmt::Display for Level {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// The text named no level.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct UnknownLevel(pub String);

impl fmt::Display for UnknownLevel {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "unknown level '{}' (choose one of: easy, medium, hard)",
            self.0
        )
    }
}

impl std::error::Error for UnknownLevel {}

impl FromStr for Level {
    type Err = UnknownLevel;

    fn from_str(s: &str) -> Result<Level, UnknownLevel> {
        let wanted = s.trim().to_ascii_lowercase();
        Level::ALL
            .into_iter()
            .find(|l| l.name() == wanted)
            .ok_or_else(|| UnknownLevel(s.trim().to_string()))
    }
}

/// What a search found.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SearchResult {
    /// The move to play, `None` when the player has no legal move and must
    /// pass.
    pub mv: Option<Move>,
    /// A shortest chain for the move (start, each landing square), for
    /// drawing it; empty for a pass.
    pub chain: Vec<Square>,
    /// The value for the player to move: positive is good, above
    /// `WIN - 1000` a forced win.
    pub score: i32,
    /// The deepest iteration completed.
    pub depth: u32,
    /// Positions visited.
    pub nodes: u64,
}

/// Searches `pos` (played under `rules`) with a fresh [`Engine`] and
/// returns its choice. Every move returned is legal in `pos`.
pub fn best_move(pos: &Position, rules: &Options, config: &Config) -> SearchResult {
    Engine::new().search(pos, rules, config)
}

/// [`best_move`] that ends early once `stop` is set; see
/// [`Engine::search_until`].
pub fn best_move_until(
    pos: &Position,
    rules: &Options,
    config: &Config,
    stop: &Stop,
) -> SearchResult {
    Engine::new().search_until(pos, rules, config, stop)
}
