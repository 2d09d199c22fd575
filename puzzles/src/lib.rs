//! Halma puzzles, the pure logic the bot calls: no I/O, no async.
//!
//! - The **crossing** ([`CrossingPuzzle`], [`CrossingAttempt`]): one seat
//!   alone on the board moves all its pieces from its camp into the opposite
//!   one, under the camp rule, in as few moves as it can; the par is the
//!   engine's best crossing ([`compute_par`], long: run it on a blocking
//!   thread and store it).
//!
//! ```
//! use halma::Variant;
//! use halma_puzzles::CrossingPuzzle;
//! let puzzle = CrossingPuzzle::new(Variant::Small).unwrap();
//! let mut attempt = puzzle.attempt();
//! attempt.play(&"g3-g4".parse().unwrap()).unwrap();
//! assert!(!attempt.is_complete());
//! ```

mod crossing;
mod par;

pub use crossing::{CrossingAttempt, CrossingPuzzle, NotACrossingBoard, CROSSING_BOARDS};
pub use halma_engine::{Limits, Stop};
pub use par::{compute_par, Par, ParError, PAR_TIME};
