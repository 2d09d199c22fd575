//! The par of a crossing: the shortest crossing the engine's solver finds
//! within a budget. The search is long (seconds to a minute) and blocks its
//! thread, so the bot runs it off the runtime's threads, once per board, and
//! stores the result.

use crate::crossing::{CrossingPuzzle, NotACrossingBoard};
use halma::{MoveText, Variant};
use halma_engine::crossing;
use halma_engine::{Limits, Stop};
use std::fmt;
use std::time::Duration;

/// The engine's best crossing of a board, under the camp rule.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Par {
    /// The board.
    pub variant: Variant,
    /// The moves, each with its whole hop chain, in the notation
    /// [`CrossingPuzzle::replay`] reads.
    pub moves: Vec<MoveText>,
    /// How long the search took until it found these moves.
    pub time_to_find: Duration,
}

impl Par {
    /// The number of moves: the score to beat.
    pub fn count(&self) -> usize {
        self.moves.len()
    }
}

/// Why no par was computed.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ParError {
    /// There is no crossing puzzle on this board.
    NotACrossingBoard(Variant),
    /// The budget ran out (or the search was stopped) before any crossing
    /// was found.
    OutOfBudget,
}

impl fmt::Display for ParError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ParError::NotACrossingBoard(v) => NotACrossingBoard(*v).fmt(f),
            ParError::OutOfBudget => {
                f.write_str("the solver found no crossing within its budget; give it more")
            }
        }
    }
}

impl std::error::Error for ParError {}

impl From<NotACrossingBoard> for ParError {
    fn from(e: NotACrossingBoard) -> ParError {
        ParError::NotACrossingBoard(e.0)
    }
}

/// The budget the bot gives a daily par: a minute at most (the star's
/// 27-move optimum takes seconds), stoppable through the [`Stop`] flag.
pub const PAR_TIME: Duration = Duration::from_secs(60);

/// Searches for the shortest crossing of `variant` within `limits` (time,
/// positions), under the camp rule, until `stop` is set. Blocks its thread
/// for up to the time limit: call it from a blocking task. With a node
/// budget and no time limit the answer is the same on every run.
///
/// ```
/// use halma::Variant;
/// use halma_puzzles::{compute_par, CrossingPuzzle, Limits, Stop};
/// let par = compute_par(Variant::Small, Limits::nodes(200_000), &Stop::new()).unwrap();
/// let puzzle = CrossingPuzzle::new(Variant::Small).unwrap();
/// assert!(puzzle.replay(&par.moves).unwrap().is_complete());
/// ```
pub fn compute_par(variant: Variant, limits: Limits, stop: &Stop) -> Result<Par, ParError> {
    CrossingPuzzle::new(variant)?;
    let found = crossing::solve(variant, true, limits, stop).ok_or(ParError::OutOfBudget)?;
    Ok(Par {
        variant,
        moves: found.moves,
        time_to_find: found.time_to_find,
    })
}
