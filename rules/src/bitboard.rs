//! Sets of squares as bit masks: [`Bitboard`], one bit per square of every
//! board (the 16×16 grid and the star's two tips beyond it), and the
//! crate's own 256-bit `Board` that the square boards' move generation
//! works on.

use crate::Square;
use std::fmt;
use std::ops::{BitAnd, BitAndAssign, BitOr, BitOrAssign, Not};

/// A set of squares: bit [`Square::index`] is set for each member
/// (`rank * 16 + file` on the 16×16 grid; the star's tips `q5` and `e17`
/// follow as bits 256 and 257).
///
/// ```
/// use halma::{Bitboard, Square};
/// let e12: Square = "e12".parse().unwrap();
/// let set = Bitboard::EMPTY.with(e12);
/// assert!(set.contains(e12));
/// assert_eq!(set.count(), 1);
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct Bitboard(pub [u64; 5]);

/// The 16×16 grid alone, as the square boards' move generation keeps it:
/// four words, so its hot loops stay as short as before the star existed
/// (a fifth word for the star's two tips cost the square boards a quarter
/// of their speed). The star has its own 121-bit hole sets (`star.rs`).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Default)]
pub(crate) struct Board(pub(crate) [u64; 4]);

/// The methods both set types share, over their `$words` words.
macro_rules! square_set {
    ($set:ident, $words:expr, $last:expr, $vis:vis) => {
        // Not every method is needed on both types.
        #[allow(dead_code)]
        impl $set {
            /// No squares.
            $vis const EMPTY: $set = $set([0; $words]);

            /// Whether `sq` is in the set.
            #[inline]
            $vis const fn contains(self, sq: Square) -> bool {
                let i = sq.index() as usize;
                i < $words * 64 && (self.0[i >> 6] >> (i & 63)) & 1 != 0
            }

            /// The set with `sq` added.
            #[inline]
            $vis const fn with(mut self, sq: Square) -> $set {
                let i = sq.index() as usize;
                self.0[i >> 6] |= 1 << (i & 63);
                self
            }

            /// The set with `sq` removed.
            #[inline]
            $vis const fn without(mut self, sq: Square) -> $set {
                let i = sq.index() as usize;
                self.0[i >> 6] &= !(1 << (i & 63));
                self
            }

            /// Adds `sq`.
            #[inline]
            $vis fn insert(&mut self, sq: Square) {
                *self = self.with(sq);
            }

            /// Removes `sq`.
            #[inline]
            $vis fn remove(&mut self, sq: Square) {
                *self = self.without(sq);
            }

            /// Whether the set is empty.
            #[inline]
            $vis const fn is_empty(self) -> bool {
                let mut any = 0;
                let mut w = 0;
                while w < $words {
                    any |= self.0[w];
                    w += 1;
                }
                any == 0
            }

            /// The number of squares in the set.
            #[inline]
            $vis const fn count(self) -> u32 {
                let mut n = 0;
                let mut w = 0;
                while w < $words {
                    n += self.0[w].count_ones();
                    w += 1;
                }
                n
            }

            /// Whether every square of `self` is in `other`.
            #[inline]
            $vis fn is_subset(self, other: $set) -> bool {
                (self & !other).is_empty()
            }
        }

        impl BitAnd for $set {
            type Output = $set;
            #[inline]
            fn bitand(self, o: $set) -> $set {
                $set(std::array::from_fn(|w| self.0[w] & o.0[w]))
            }
        }

        impl BitOr for $set {
            type Output = $set;
            #[inline]
            fn bitor(self, o: $set) -> $set {
                $set(std::array::from_fn(|w| self.0[w] | o.0[w]))
            }
        }

        impl Not for $set {
            type Output = $set;
            #[inline]
            fn not(self) -> $set {
                // Bits past the last square stay clear.
                $set(std::array::from_fn(|w| {
                    !self.0[w] & if w == $words - 1 { $last } else { !0 }
                }))
            }
        }

        impl BitAndAssign for $set {
            #[inline]
            fn bitand_assign(&mut self, o: $set) {
                *self = *self & o;
            }
        }

        impl BitOrAssign for $set {
            #[inline]
            fn bitor_assign(&mut self, o: $set) {
                *self = *self | o;
            }
        }

        impl FromIterator<Square> for $set {
            fn from_iter<I: IntoIterator<Item = Square>>(iter: I) -> $set {
                iter.into_iter().fold($set::EMPTY, $set::with)
            }
        }
    };
}

square_set!(Bitboard, 5, 0b11, pub);
square_set!(Board, 4, !0, pub(crate));

impl Bitboard {
    /// The squares in increasing index order (a1, b1, …, p16, q5, e17).
    pub fn squares(self) -> Squares {
        Squares(self)
    }
}

impl Board {
    /// The squares in increasing index order (a1, b1, …, p16).
    #[inline]
    pub(crate) fn squares(self) -> BoardSquares {
        BoardSquares(self)
    }

    /// The same squares as a [`Bitboard`].
    #[inline]
    pub(crate) const fn wide(self) -> Bitboard {
        let [a, b, c, d] = self.0;
        Bitboard([a, b, c, d, 0])
    }

    /// The squares of `set` on the 16×16 grid.
    #[inline]
    pub(crate) const fn narrow(set: Bitboard) -> Board {
        let [a, b, c, d, _] = set.0;
        Board([a, b, c, d])
    }
}

impl fmt::Debug for Bitboard {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_set().entries(self.squares()).finish()
    }
}

impl fmt::Debug for Board {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Debug::fmt(&self.wide(), f)
    }
}

/// Iterator over the squares of a [`Bitboard`], lowest index first.
#[derive(Clone, Debug)]
pub struct Squares(Bitboard);

impl Iterator for Squares {
    type Item = Square;

    #[inline]
    fn next(&mut self) -> Option<Square> {
        for w in 0..5 {
            let word = self.0 .0[w];
            if word != 0 {
                let bit = word.trailing_zeros();
                self.0 .0[w] = word & (word - 1);
                return Square::from_wide_index((w as u32 * 64 + bit) as u16);
            }
        }
        None
    }

    fn size_hint(&self) -> (usize, Option<usize>) {
        let n = self.0.count() as usize;
        (n, Some(n))
    }
}

impl ExactSizeIterator for Squares {}

/// Iterator over the squares of a `Board`, lowest index first.
#[derive(Clone, Debug)]
pub(crate) struct BoardSquares(Board);

impl Iterator for BoardSquares {
    type Item = Square;

    #[inline]
    fn next(&mut self) -> Option<Square> {
        for w in 0..4 {
            let word = self.0 .0[w];
            if word != 0 {
                let bit = word.trailing_zeros();
                self.0 .0[w] = word & (word - 1);
                return Some(Square::from_index((w as u32 * 64 + bit) as u8));
            }
        }
        None
    }
}
