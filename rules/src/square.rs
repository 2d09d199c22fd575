//! Squares of the board and their names (`a1` … `p16`).

use std::fmt;
use std::str::FromStr;

/// The largest board side the engine knows (classic Halma is 16×16).
pub const MAX_SIDE: u8 = 16;

/// One square of a board, named by file letter and rank number.
///
/// Squares are laid out on a 16-wide grid whatever the board size, so a
/// square means the same thing on every board; whether it lies on a
/// smaller board is the [`Variant`](crate::Variant)'s business.
///
/// ```
/// use halma::Square;
/// let sq: Square = "E12".parse().unwrap();
/// assert_eq!(sq.file(), 4);
/// assert_eq!(sq.rank(), 11);
/// assert_eq!(sq.to_string(), "e12");
/// ```
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Square(u8);

impl Square {
    /// The square on `file` (0 = `a`) and `rank` (0 = rank 1), if both are
    /// below 16.
    pub const fn new(file: u8, rank: u8) -> Option<Square> {
        if file < MAX_SIDE && rank < MAX_SIDE {
            Some(Square(rank * MAX_SIDE + file))
        } else {
            None
        }
    }

    /// The square with index `rank * 16 + file`; `None` above 255 cannot
    /// happen for a `u8`, so every index names a square.
    pub const fn from_index(index: u8) -> Square {
        Square(index)
    }

    /// The index `rank * 16 + file`, used for bitboards.
    pub const fn index(self) -> u8 {
        self.0
    }

    /// The file, 0 for `a`.
    pub const fn file(self) -> u8 {
        self.0 % MAX_SIDE
    }

    /// The rank, 0 for rank 1.
    pub const fn rank(self) -> u8 {
        self.0 / MAX_SIDE
    }

    /// The square `df` files and `dr` ranks away, if it is on a 16×16 grid.
    pub const fn offset(self, df: i8, dr: i8) -> Option<Square> {
        let f = self.file() as i8 + df;
        let r = self.rank() as i8 + dr;
        if f < 0 || r < 0 {
            None
        } else {
            Square::new(f as u8, r as u8)
        }
    }

    /// The larger of the file and rank distances: the number of king steps
    /// between two squares.
    pub fn distance(self, other: Square) -> u8 {
        self.file()
            .abs_diff(other.file())
            .max(self.rank().abs_diff(other.rank()))
    }
}

impl fmt::Display for Square {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", (b'a' + self.file()) as char, self.rank() + 1)
    }
}

impl fmt::Debug for Square {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(self, f)
    }
}

/// Why a text is not a square name.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ParseSquareError {
    /// Nothing was given.
    Empty,
    /// The first character is not a file letter `a`–`p`.
    BadFile(String),
    /// The letter is not followed by a rank number 1–16.
    BadRank(String),
}

impl fmt::Display for ParseSquareError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ParseSquareError::Empty => write!(f, "no square given (write one like e12)"),
            ParseSquareError::BadFile(s) => write!(
                f,
                "'{s}' is not a square: it must start with a file letter a–p (like e12)"
            ),
            ParseSquareError::BadRank(s) => write!(
                f,
                "'{s}' is not a square: the letter must be followed by a rank 1–16 (like e12)"
            ),
        }
    }
}

impl std::error::Error for ParseSquareError {}

impl FromStr for Square {
    type Err = ParseSquareError;

    fn from_str(s: &str) -> Result<Square, ParseSquareError> {
        let text = s.trim();
        let mut chars = text.chars();
        let letter = chars.next().ok_or(ParseSquareError::Empty)?;
        let lower = letter.to_ascii_lowercase();
        if !('a'..='p').contains(&lower) {
            return Err(ParseSquareError::BadFile(text.to_string()));
        }
        let digits = chars.as_str();
        let well_formed = !digits.is_empty()
            && digits.len() <= 2
            && digits.bytes().all(|b| b.is_ascii_digit())
            && !digits.starts_with('0');
        let rank: u8 = match digits.parse() {
            Ok(r) if well_formed && (1..=MAX_SIDE).contains(&r) => r,
            _ => return Err(ParseSquareError::BadRank(text.to_string())),
        };
        Ok(Square((rank - 1) * MAX_SIDE + (lower as u8 - b'a')))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_round_trip() {
        for i in 0..=255u8 {
            let sq = Square::from_index(i);
            assert_eq!(sq.to_string().parse::<Square>(), Ok(sq));
        }
    }

    #[test]
    fn rejects_malformed_names() {
        for bad in ["", "q1", "a0", "a17", "a01", "e", "12", "e1x", "é1"] {
            assert!(bad.parse::<Square>().is_err(), "{bad} parsed");
        }
        assert_eq!("P16".parse::<Square>().unwrap().to_string(), "p16");
    }
}
