//! Halma puzzles, the pure logic the bot calls: no I/O, no async.
//!
//! - The **crossing** ([`CrossingPuzzle`], [`CrossingAttempt`]): one seat
//!   alone on the board moves all its pieces from its camp into the opposite
//!   one, under the camp rule, in as few moves as it can; the par is the
//!   engine's best crossing ([`compute_par`], long: run it on a blocking
//!   thread and store it).
//! - The **chain** ([`ChainPuzzle`]): in a position, the one move that gains
//!   the most distance toward the player's target by the rule book's
//!   measure; [`generate_chain`] finds a worthwhile one from finished games'
//!   positions or the engine's self-play, from a seed.
//! - The **daily** choice ([`daily_puzzle`]): the same puzzle for a whole
//!   server on a day, kinds and boards in rotation.
//! - **Results** ([`Finish`], [`CrossingScore`]), **streaks** ([`streaks`])
//!   and **ratings** ([`rate`]: Glicko-2 of the member against the puzzle).
//!
//! ```
//! use halma::Variant;
//! use halma_puzzles::{CrossingPuzzle, CrossingScore, Finish};
//! let puzzle = CrossingPuzzle::new(Variant::Small).unwrap();
//! let mut attempt = puzzle.attempt();
//! attempt.play(&"g3-g4".parse().unwrap()).unwrap();
//! assert!(!attempt.is_complete());
//! let finish = Finish::Crossing(CrossingScore { moves: 30, par: 20 });
//! assert!(finish.is_solved() && !finish.is_win());
//! ```

mod chain;
mod crossing;
mod daily;
mod generate;
mod par;
mod rating;
mod score;
mod streak;

pub use chain::{gain, scan, ChainAnswer, ChainPuzzle, ScoredMove};
pub use crossing::{CrossingAttempt, CrossingPuzzle, NotACrossingBoard, CROSSING_BOARDS};
pub use daily::{
    daily_puzzle, daily_puzzle_among, daily_seed, DailyPuzzle, PuzzleKind, UnknownKind,
    DAILY_ROTATION,
};
pub use generate::{
    chain_from_positions, generate_chain, is_worthwhile, self_play, MAX_GAMES, MAX_PLIES,
    MAX_POSITIONS, MIN_HOPS, MIN_LEAD,
};
pub use halma_engine::{Limits, Stop};
pub use par::{compute_par, Par, ParError, PAR_TIME};
pub use rating::{initial_rating, rate, Glicko2Rating, RatingUpdate};
pub use score::{par_margin, CrossingScore, Finish};
pub use streak::{streaks, Streaks};
