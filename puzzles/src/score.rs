//! How a puzzle went: a crossing's moves against the par, a chain solved or
//! not, or given up; and whether that counts as a win for the ratings.

/// The moves over the par a crossing may take and still count as a win:
/// a tenth of the par, rounded up (3 on the star, whose optimum is 27).
///
/// ```
/// use halma_puzzles::par_margin;
/// assert_eq!(par_margin(27), 3);
/// assert_eq!(par_margin(30), 3);
/// assert_eq!(par_margin(5), 1);
/// ```
pub fn par_margin(par: usize) -> usize {
    par.div_ceil(10).max(1)
}

/// A completed crossing's score.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct CrossingScore {
    /// The moves the player took.
    pub moves: usize,
    /// The par: the engine's best.
    pub par: usize,
}

impl CrossingScore {
    /// Moves beyond the par (negative when the player beat the engine).
    ///
    /// ```
    /// use halma_puzzles::CrossingScore;
    /// assert_eq!(CrossingScore { moves: 31, par: 27 }.over_par(), 4);
    /// assert_eq!(CrossingScore { moves: 26, par: 27 }.over_par(), -1);
    /// ```
    pub fn over_par(&self) -> i64 {
        self.moves as i64 - self.par as i64
    }

    /// Whether the crossing took no more than the par and its
    /// [`par_margin`].
    ///
    /// ```
    /// use halma_puzzles::CrossingScore;
    /// assert!(CrossingScore { moves: 30, par: 27 }.within_margin());
    /// assert!(!CrossingScore { moves: 31, par: 27 }.within_margin());
    /// ```
    pub fn within_margin(&self) -> bool {
        self.moves <= self.par + par_margin(self.par)
    }
}

/// How a member's puzzle ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Finish {
    /// The crossing was completed, in this many moves.
    Crossing(CrossingScore),
    /// The chain puzzle was answered: with the best move or another one.
    Chain {
        /// Whether the answer was the best move.
        solved: bool,
    },
    /// The member gave up.
    GaveUp,
}

impl Finish {
    /// Whether the puzzle was solved: any completed crossing, or the chain's
    /// best move. Solved days make streaks.
    pub fn is_solved(&self) -> bool {
        match self {
            Finish::Crossing(_) => true,
            Finish::Chain { solved } => *solved,
            Finish::GaveUp => false,
        }
    }

    /// Whether it counts as a win against the puzzle's rating: a crossing
    /// within the par's margin, or the chain's best move.
    ///
    /// ```
    /// use halma_puzzles::{CrossingScore, Finish};
    /// assert!(Finish::Crossing(CrossingScore { moves: 28, par: 27 }).is_win());
    /// let slow = Finish::Crossing(CrossingScore { moves: 40, par: 27 });
    /// assert!(slow.is_solved() && !slow.is_win());
    /// assert!(!Finish::GaveUp.is_win());
    /// ```
    pub fn is_win(&self) -> bool {
        match self {
            Finish::Crossing(score) => score.within_margin(),
            Finish::Chain { solved } => *solved,
            Finish::GaveUp => false,
        }
    }
}
