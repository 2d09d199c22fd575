//! Squares of the board and their names (`a1` … `p16`, and the star's holes
//! up to `q5` and `e17`).

use std::fmt;
use std::str::FromStr;

/// The largest board side the engine knows (classic Halma is 16×16).
pub const MAX_SIDE: u8 = 16;

/// One square of a board (or hole of the star), named by file letter and
/// rank number.
///
/// Squares are laid out on a 16-wide grid whatever the board size, so a
/// square means the same thing on every board; whether it lies on a
/// smaller board, or is a hole of the star, is the
/// [`Variant`](crate::Variant)'s business. The star's 17×17 grid reaches
/// beyond the 16×16 one in exactly two holes, its tips `q5` and `e17`;
/// they are squares too (with indices 256 and 257), and no other name
/// outside `a1`–`p16` is.
///
/// ```
/// use halma::Square;
/// let sq: Square = "E12".parse().unwrap();
/// assert_eq!(sq.file(), 4);
/// assert_eq!(sq.rank(), 11);
/// assert_eq!(sq.to_string(), "e12");
/// ```
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Square(u16);

/// The index of the star's tip `q5`, the first square beyond the 16×16 grid.
const Q5: u16 = 256;
/// The index of the star's tip `e17`.
const E17: u16 = 257;

impl Square {
    /// The number of squares: the 256 of the 16×16 grid, then `q5` and `e17`.
    pub const COUNT: usize = 258;

    /// The square on `file` (0 = `a`) and `rank` (0 = rank 1): any with both
    /// below 16, and the star's tips `q5` (16, 4) and `e17` (4, 16).
    pub const fn new(file: u8, rank: u8) -> Option<Square> {
        if file < MAX_SIDE && rank < MAX_SIDE {
            Some(Square(rank as u16 * MAX_SIDE as u16 + file as u16))
        } else if file == 16 && rank == 4 {
            Some(Square(Q5))
        } else if file == 4 && rank == 16 {
            Some(Square(E17))
        } else {
            None
        }
    }

    /// The square of the 16×16 grid with index `rank * 16 + file`: every
    /// `u8` names one.
    pub const fn from_index(index: u8) -> Square {
        Square(index as u16)
    }

    /// The square with [`index`](Square::index) `index`, if there is one
    /// (below [`Square::COUNT`]).
    pub const fn from_wide_index(index: u16) -> Option<Square> {
        if (index as usize) < Square::COUNT {
            Some(Square(index))
        } else {
            None
        }
    }

    /// The index used for bitboards: `rank * 16 + file` on the 16×16 grid
    /// (so below 256 on every square board), 256 for `q5`, 257 for `e17`.
    pub const fn index(self) -> u16 {
        self.0
    }

    /// The file, 0 for `a` (16 for `q`).
    pub const fn file(self) -> u8 {
        match self.0 {
            Q5 => 16,
            E17 => 4,
            i => (i % MAX_SIDE as u16) as u8,
        }
    }

    /// The rank, 0 for rank 1 (16 for rank 17).
    pub const fn rank(self) -> u8 {
        match self.0 {
            Q5 => 4,
            E17 => 16,
            i => (i / MAX_SIDE as u16) as u8,
        }
    }

    /// The square `df` files and `dr` ranks away, if there is one.
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
    /// The first character is not a file letter `a`–`p` (or the `q` of the
    /// star's `q5`).
    BadFile(String),
    /// The letter is not followed by a rank number 1–16 (or the 17 of the
    /// star's `e17`).
    BadRank(String),
}

impl fmt::Display for ParseSquareError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ParseSquareError::Empty => write!(f, "no square given (write one like e12)"),
            ParseSquareError::BadFile(s) => write!(
                f,
                "'{s}' is not a square: it must start with a file letter a–p (like e12; q only in the star's q5)"
            ),
            ParseSquareError::BadRank(s) => write!(
                f,
                "'{s}' is not a square: the letter must be followed by a rank 1–16 (like e12; 17 only in the star's e17)"
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
        if !('a'..='q').contains(&lower) {
            return Err(ParseSquareError::BadFile(text.to_string()));
        }
        let digits = chars.as_str();
        let well_formed = !digits.is_empty()
            && digits.len() <= 2
            && digits.bytes().all(|b| b.is_ascii_digit())
            && !digits.starts_with('0');
        let rank: u8 = match digits.parse() {
            Ok(r) if well_formed && (1..=MAX_SIDE + 1).contains(&r) => r,
            _ => return Err(ParseSquareError::BadRank(text.to_string())),
        };
        let file = lower as u8 - b'a';
        match Square::new(file, rank - 1) {
            Some(sq) => Ok(sq),
            // Only the star's tips lie beyond a–p and 1–16: name the part that is off.
            None if file == MAX_SIDE => Err(ParseSquareError::BadFile(text.to_string())),
            None => Err(ParseSquareError::BadRank(text.to_string())),
        }
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

    #[test]
    fn the_star_tips_are_squares_beyond_the_grid() {
        for name in ["q5", "e17"] {
            let sq: Square = name.parse().unwrap();
            assert!(sq.index() >= 256);
            assert_eq!(sq.to_string(), name);
            assert_eq!(Square::new(sq.file(), sq.rank()), Some(sq));
            assert_eq!(Square::from_wide_index(sq.index()), Some(sq));
        }
        for bad in ["q17", "q4", "d17", "a18"] {
            assert!(bad.parse::<Square>().is_err(), "{bad} parsed");
        }
        assert_eq!(Square::from_wide_index(258), None);
    }
}
