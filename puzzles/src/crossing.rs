//! The crossing puzzle: the first seat alone on the board moves all its
//! pieces from the home camp into the opposite camp in as few moves as it
//! can, under the rule book's camp rule, and a player's attempt at it, one
//! move at a time.

use halma::{Bitboard, Game, IllegalMove, MoveText, Options, Position, Seat, Square, Variant};
use halma_engine::crossing;
use std::fmt;

/// The boards the crossing is played on, in the order the puzzle offers
/// them: the star with 10 pieces, then the square boards with their
/// two-player camps.
pub const CROSSING_BOARDS: [Variant; 4] = [
    Variant::Star2,
    Variant::Small,
    Variant::Ig10,
    Variant::Standard,
];

/// The crossing on one board: where the pieces start, where they must end,
/// and the rules the moves are checked by.
///
/// ```
/// use halma::{Seat, Variant};
/// use halma_puzzles::CrossingPuzzle;
/// let puzzle = CrossingPuzzle::new(Variant::Small).unwrap();
/// assert_eq!(puzzle.start().pieces(Seat::A), Variant::Small.home_camp(Seat::A));
/// assert_eq!(puzzle.target(), Variant::Small.target_camp(Seat::A));
/// assert!(puzzle.rules().camp_rule);
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CrossingPuzzle {
    variant: Variant,
    start: Position,
    rules: Options,
}

/// The variant is not one of the [`CROSSING_BOARDS`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct NotACrossingBoard(pub Variant);

impl fmt::Display for NotACrossingBoard {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "there is no crossing puzzle on '{}' (choose one of: star2, small, ig10, standard)",
            self.0
        )
    }
}

impl std::error::Error for NotACrossingBoard {}

impl CrossingPuzzle {
    /// The crossing on `variant`'s board: its first seat alone in its home
    /// camp, to move, with the camp rule on and nothing else to balance.
    /// Refused for a variant that is not one of the [`CROSSING_BOARDS`].
    ///
    /// ```
    /// use halma::Variant;
    /// use halma_puzzles::CrossingPuzzle;
    /// assert!(CrossingPuzzle::new(Variant::Star2).is_ok());
    /// assert!(CrossingPuzzle::new(Variant::Four).is_err());
    /// ```
    pub fn new(variant: Variant) -> Result<CrossingPuzzle, NotACrossingBoard> {
        if !CROSSING_BOARDS.contains(&variant) {
            return Err(NotACrossingBoard(variant));
        }
        Ok(CrossingPuzzle {
            variant,
            // The engine's solver starts from this very position, so a par
            // it finds replays here move for move.
            start: crossing::start(variant),
            rules: crossing::rules(variant, true),
        })
    }

    /// The board.
    pub fn variant(&self) -> Variant {
        self.variant
    }

    /// The seat that crosses: always the first one.
    pub fn seat(&self) -> Seat {
        Seat::A
    }

    /// The position the crossing starts from: the seat's pieces filling its
    /// home camp, nothing else on the board.
    pub fn start(&self) -> &Position {
        &self.start
    }

    /// The camp to fill.
    pub fn target(&self) -> Bitboard {
        self.variant.target_camp(Seat::A)
    }

    /// The rules every move is checked by: the rule book's defaults with the
    /// camp rule on and no balancing turn.
    pub fn rules(&self) -> Options {
        self.rules
    }

    /// A fresh attempt, before the first move.
    pub fn attempt(&self) -> CrossingAttempt {
        CrossingAttempt {
            game: Game::new(self.start.clone(), self.rules),
            target: self.target(),
        }
    }

    /// The attempt after `moves`, played in order from the start: how a
    /// stored attempt comes back after a restart. On an illegal move, its
    /// index and what was wrong.
    ///
    /// ```
    /// use halma::{MoveText, Variant};
    /// use halma_puzzles::CrossingPuzzle;
    /// let puzzle = CrossingPuzzle::new(Variant::Small).unwrap();
    /// let moves: Vec<MoveText> = ["g3-g4", "h3-f5"].iter().map(|m| m.parse().unwrap()).collect();
    /// let attempt = puzzle.replay(&moves).unwrap();
    /// assert_eq!(attempt.moves(), 2);
    /// assert_eq!(puzzle.replay(&moves[1..2]).unwrap_err().0, 0);
    /// ```
    pub fn replay(&self, moves: &[MoveText]) -> Result<CrossingAttempt, (usize, IllegalMove)> {
        let mut attempt = self.attempt();
        for (i, text) in moves.iter().enumerate() {
            attempt.play(text).map_err(|e| (i, e))?;
        }
        Ok(attempt)
    }
}

/// One player's attempt at a crossing: the moves so far, checked by the
/// rules crate exactly as in a game.
///
/// ```
/// use halma::{MoveText, Variant};
/// use halma_puzzles::CrossingPuzzle;
/// let puzzle = CrossingPuzzle::new(Variant::Small).unwrap();
/// let mut attempt = puzzle.attempt();
/// let chain = attempt.play(&"h3-f5".parse().unwrap());
/// assert!(chain.is_err(), "nothing to hop over from h3 to f5 yet");
/// attempt.play(&"g3-g4".parse().unwrap()).unwrap();
/// assert_eq!(attempt.moves(), 1);
/// assert!(!attempt.is_complete());
/// ```
#[derive(Clone, Debug)]
pub struct CrossingAttempt {
    game: Game,
    target: Bitboard,
}

impl CrossingAttempt {
    /// Plays the next move (a step, a chain by its ends, or a whole chain
    /// checked hop by hop) and returns the chain played, for drawing it.
    /// Refused when the move is illegal, and with
    /// [`IllegalMove::GameOver`] once the target camp is full.
    pub fn play(&mut self, text: &MoveText) -> Result<Vec<Square>, IllegalMove> {
        self.game.play(text)
    }

    /// Moves played so far: the score once the crossing is complete.
    pub fn moves(&self) -> usize {
        self.game
            .plies()
            .iter()
            .filter(|p| p.as_move().is_some())
            .count()
    }

    /// Whether every square of the target camp holds one of the pieces.
    pub fn is_complete(&self) -> bool {
        self.target.is_subset(self.game.position().pieces(Seat::A))
    }

    /// Pieces already in the target camp.
    pub fn pieces_home(&self) -> u32 {
        self.game.position().pieces_home(Seat::A)
    }

    /// The position now.
    pub fn position(&self) -> &Position {
        self.game.position()
    }

    /// The chain of the last move, for drawing it.
    pub fn last_chain(&self) -> Option<&[Square]> {
        self.game.last_move().map(|(_, chain)| chain)
    }

    /// The moves played, each with its whole chain, in the notation
    /// [`CrossingPuzzle::replay`] reads back.
    pub fn played(&self) -> Vec<MoveText> {
        self.game
            .plies()
            .iter()
            .filter_map(|p| match p {
                halma::Ply::Move { chain, .. } => MoveText::from_squares(chain.clone()),
                halma::Ply::Pass { .. } => None,
            })
            .collect()
    }
}
