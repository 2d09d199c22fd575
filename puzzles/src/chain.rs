//! The chain puzzle: in a position with a player to move, find the move that
//! gains the most distance toward the player's target camp. The distance is
//! the rule book's: for each piece, the steps to the nearest square of its
//! target camp (king steps on the square boards, steps along the lines on
//! the star), as in [`Position::distance_to_go`].

use halma::{IllegalMove, Move, MoveText, Options, Position, Seat, Square, Variant};
use std::cmp::Reverse;

/// A legal move and what it gains.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ScoredMove {
    /// The move, by its ends.
    pub mv: Move,
    /// A shortest way to play it: `[from, to]` for a step, or every landing
    /// square of a shortest hop chain.
    pub chain: Vec<Square>,
    /// How much closer the player's pieces stand to their target after it
    /// (negative for a move away).
    pub gain: i32,
}

impl ScoredMove {
    /// The hops the move needs at least (0 for a step).
    pub fn hops(&self) -> usize {
        if is_step(self.mv) {
            0
        } else {
            self.chain.len() - 1
        }
    }
}

/// Whether `mv` is a single step: a hop moves two along some line, a step
/// one at most along the file and the rank (the star's lines included).
fn is_step(mv: Move) -> bool {
    mv.from.file().abs_diff(mv.to.file()) <= 1 && mv.from.rank().abs_diff(mv.to.rank()) <= 1
}

/// Steps from `sq` to the nearest square of `seat`'s target camp.
fn to_go(variant: Variant, seat: Seat, sq: Square) -> i32 {
    variant
        .target_camp(seat)
        .squares()
        .map(|t| variant.distance(sq, t) as i32)
        .min()
        .unwrap_or(0)
}

/// What `mv` (legal for the player to move in `pos`) gains toward that
/// player's target by the rule book's measure: the distance still to go
/// before it less the distance after it.
///
/// ```
/// use halma::Position;
/// use halma_puzzles::gain;
/// let pos: Position = "small bbbb4/bbb5/bb6/b7/8/8/8/a7 a".parse().unwrap();
/// // a1 to a2: one king step closer to the NW camp's nearest square, a5.
/// assert_eq!(gain(&pos, "a1-a2".parse().unwrap()), 1);
/// assert_eq!(gain(&pos, "a1-b1".parse().unwrap()), 0);
/// ```
pub fn gain(pos: &Position, mv: Move) -> i32 {
    let (variant, seat) = (pos.variant(), pos.to_move());
    to_go(variant, seat, mv.from) - to_go(variant, seat, mv.to)
}

/// Every legal move of the player to move, with its gain, best first (equal
/// gains in the order of [`Move`]).
///
/// ```
/// use halma::{Options, Position, Variant};
/// use halma_puzzles::scan;
/// let pos = Position::start(Variant::Small);
/// let moves = scan(&pos, &Options::for_variant(Variant::Small));
/// assert_eq!(moves.len(), 24);
/// assert!(moves.windows(2).all(|w| w[0].gain >= w[1].gain));
/// ```
pub fn scan(pos: &Position, rules: &Options) -> Vec<ScoredMove> {
    ranked(pos, rules)
        .into_iter()
        .filter_map(|(mv, gain)| {
            Some(ScoredMove {
                mv,
                chain: pos.chain(mv, rules)?,
                gain,
            })
        })
        .collect()
}

/// Every legal move with its gain, best first, without their chains (a
/// search each).
pub(crate) fn ranked(pos: &Position, rules: &Options) -> Vec<(Move, i32)> {
    let mut moves: Vec<(Move, i32)> = pos
        .legal_moves(rules)
        .into_iter()
        .map(|mv| (mv, gain(pos, mv)))
        .collect();
    moves.sort_by_key(|&(mv, gain)| (Reverse(gain), mv));
    moves
}

/// A chain puzzle: a position, the player to move, and the one move that
/// gains the most. Built only by [`ChainPuzzle::from_position`], so the best
/// move is unique; to store one, keep its position string and rules, and
/// build it again (the scan is deterministic).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ChainPuzzle {
    position: Position,
    rules: Options,
    best: ScoredMove,
    runner_up: Option<i32>,
    legal_moves: usize,
}

/// How an answer to a chain puzzle went.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ChainAnswer {
    /// The best move was played.
    Solved,
    /// Another legal move was played; the puzzle's best move is the answer
    /// to show.
    Wrong {
        /// The move played, by its ends.
        played: Move,
        /// What it gains.
        gain: i32,
    },
}

impl ChainPuzzle {
    /// The puzzle in `pos` for the player to move under `rules`: `None`
    /// when the player has no move or two moves share the best gain.
    ///
    /// ```
    /// use halma::{Options, Position};
    /// use halma_puzzles::ChainPuzzle;
    /// // a's piece on a1 can hop a1-c3-c5 over b's pieces on b2 and c4.
    /// let pos: Position = "small bbbb4/bbb5/b7/8/2b5/8/1b6/a7 a".parse().unwrap();
    /// let puzzle = ChainPuzzle::from_position(&pos, &Options::default_for(&pos)).unwrap();
    /// assert_eq!(puzzle.best().to_string(), "a1-c5");
    /// assert_eq!(puzzle.hops(), 2);
    /// // From 4 steps to the camp's nearest square (a5) to 1 (b6).
    /// assert_eq!(puzzle.gain(), 3);
    /// assert_eq!(puzzle.runner_up(), Some(2));
    /// ```
    pub fn from_position(pos: &Position, rules: &Options) -> Option<ChainPuzzle> {
        let moves = ranked(pos, rules);
        let (mv, gain) = *moves.first()?;
        let runner_up = moves.get(1).map(|&(_, g)| g);
        if runner_up == Some(gain) {
            return None;
        }
        Some(ChainPuzzle {
            position: pos.clone(),
            rules: *rules,
            best: ScoredMove {
                mv,
                chain: pos.chain(mv, rules)?,
                gain,
            },
            runner_up,
            legal_moves: moves.len(),
        })
    }

    /// The position to solve.
    pub fn position(&self) -> &Position {
        &self.position
    }

    /// The rules the moves are checked by (those of the game it came from).
    pub fn rules(&self) -> Options {
        self.rules
    }

    /// The player to move.
    pub fn player(&self) -> Seat {
        self.position.to_move()
    }

    /// The answer: the move that gains the most.
    pub fn best(&self) -> Move {
        self.best.mv
    }

    /// A shortest chain for the answer, for drawing it.
    pub fn chain(&self) -> &[Square] {
        &self.best.chain
    }

    /// The answer's gain.
    pub fn gain(&self) -> i32 {
        self.best.gain
    }

    /// The hops the answer needs at least (0 if it is a step).
    pub fn hops(&self) -> usize {
        self.best.hops()
    }

    /// The second best gain; `None` when there is only one legal move.
    pub fn runner_up(&self) -> Option<i32> {
        self.runner_up
    }

    /// By how much the answer beats the second best move (its whole gain
    /// when it is the only move).
    pub fn lead(&self) -> i32 {
        self.best.gain - self.runner_up.unwrap_or(0)
    }

    /// The number of legal moves in the position.
    pub fn legal_moves(&self) -> usize {
        self.legal_moves
    }

    /// Judges a played move: solved if it is the answer (any chain reaching
    /// the same square), wrong if it is another legal move, and an error
    /// that says what was wrong if it is illegal (which does not count as an
    /// answer).
    ///
    /// ```
    /// use halma::{Options, Position};
    /// use halma_puzzles::{ChainAnswer, ChainPuzzle};
    /// let pos: Position = "small bbbb4/bbb5/b7/8/2b5/8/1b6/a7 a".parse().unwrap();
    /// let puzzle = ChainPuzzle::from_position(&pos, &Options::default_for(&pos)).unwrap();
    /// assert_eq!(puzzle.answer(&"a1-c3-c5".parse().unwrap()), Ok(ChainAnswer::Solved));
    /// assert!(matches!(puzzle.answer(&"a1-c3".parse().unwrap()), Ok(ChainAnswer::Wrong { gain: 2, .. })));
    /// assert!(puzzle.answer(&"a1-a3".parse().unwrap()).is_err());
    /// ```
    pub fn answer(&self, text: &MoveText) -> Result<ChainAnswer, IllegalMove> {
        let (mv, _) = self.position.check_text(text, &self.rules)?;
        Ok(if mv == self.best.mv {
            ChainAnswer::Solved
        } else {
            ChainAnswer::Wrong {
                played: mv,
                gain: gain(&self.position, mv),
            }
        })
    }
}
