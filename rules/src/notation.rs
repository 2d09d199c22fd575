//! Written moves: `e12-g10`, a whole chain `e12-g10-g12-e14`, or the same
//! with spaces.

use crate::{Move, ParseSquareError, Square};
use std::fmt;
use std::str::FromStr;

/// A move as a player writes it: its start, then one or more landing
/// squares. Two squares name a move by its ends; more spell out a hop
/// chain.
///
/// ```
/// use halma::MoveText;
/// let text: MoveText = "  E12 g10-G12 ".parse().unwrap();
/// assert_eq!(text.to_string(), "e12-g10-g12");
/// assert_eq!(text.ends().to_string(), "e12-g12");
/// assert!("e12".parse::<MoveText>().is_err());
/// ```
#[derive(Clone, PartialEq, Eq, Hash)]
pub struct MoveText(Vec<Square>);

impl MoveText {
    /// The squares in order; there are always at least two.
    pub fn squares(&self) -> &[Square] {
        &self.0
    }

    /// The start and end square.
    pub fn ends(&self) -> Move {
        Move {
            from: self.0[0],
            to: self.0[self.0.len() - 1],
        }
    }

    /// The text of a whole chain (at least two squares).
    pub fn from_squares(squares: Vec<Square>) -> Option<MoveText> {
        (squares.len() >= 2).then_some(MoveText(squares))
    }
}

impl From<Move> for MoveText {
    fn from(mv: Move) -> MoveText {
        MoveText(vec![mv.from, mv.to])
    }
}

impl fmt::Display for MoveText {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (i, sq) in self.0.iter().enumerate() {
            if i > 0 {
                f.write_str("-")?;
            }
            write!(f, "{sq}")?;
        }
        Ok(())
    }
}

impl fmt::Debug for MoveText {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "MoveText({self})")
    }
}

/// Why a text is not a move.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ParseMoveError {
    /// Nothing was given.
    Empty,
    /// Only one square: a move needs a start and an end.
    OneSquare(Square),
    /// One of the parts is not a square.
    Square {
        /// Which part (1 = the start).
        position: usize,
        /// What was wrong with it.
        error: ParseSquareError,
    },
    /// A chain where only a start and an end were expected.
    NotTwoSquares(usize),
}

impl fmt::Display for ParseMoveError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ParseMoveError::Empty => {
                write!(
                    f,
                    "no move given (write the start and end square, like e12-g10)"
                )
            }
            ParseMoveError::OneSquare(sq) => write!(
                f,
                "a move needs a start and an end square, but only {sq} was given (like e12-g10)"
            ),
            ParseMoveError::Square { position, error } => {
                write!(f, "square {position} of the move: {error}")
            }
            ParseMoveError::NotTwoSquares(n) => {
                write!(f, "expected exactly two squares (start-end), found {n}")
            }
        }
    }
}

impl std::error::Error for ParseMoveError {}

impl FromStr for MoveText {
    type Err = ParseMoveError;

    fn from_str(s: &str) -> Result<MoveText, ParseMoveError> {
        let text = s.trim();
        if text.is_empty() {
            return Err(ParseMoveError::Empty);
        }
        let squares = text
            .split(['-', ' '])
            .filter(|part| !part.is_empty() || text.contains("--"))
            .enumerate()
            .map(|(i, part)| {
                part.parse::<Square>()
                    .map_err(|error| ParseMoveError::Square {
                        position: i + 1,
                        error,
                    })
            })
            .collect::<Result<Vec<_>, _>>()?;
        match squares[..] {
            [] => Err(ParseMoveError::Empty),
            [one] => Err(ParseMoveError::OneSquare(one)),
            _ => Ok(MoveText(squares)),
        }
    }
}

impl FromStr for Move {
    type Err = ParseMoveError;

    fn from_str(s: &str) -> Result<Move, ParseMoveError> {
        let text: MoveText = s.parse()?;
        match text.squares().len() {
            2 => Ok(text.ends()),
            n => Err(ParseMoveError::NotTwoSquares(n)),
        }
    }
}
