//! Sets of squares as 256-bit masks, one bit per square of the 16×16 grid.

use crate::Square;
use std::fmt;
use std::ops::{BitAnd, BitAndAssign, BitOr, BitOrAssign, Not};

/// A set of squares: bit `rank * 16 + file` is set for each member.
///
/// ```
/// use halma::{Bitboard, Square};
/// let e12: Square = "e12".parse().unwrap();
/// let set = Bitboard::EMPTY.with(e12);
/// assert!(set.contains(e12));
/// assert_eq!(set.count(), 1);
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct Bitboard(pub [u64; 4]);

impl Bitboard {
    /// No squares.
    pub const EMPTY: Bitboard = Bitboard([0; 4]);

    /// Whether `sq` is in the set.
    #[inline]
    pub const fn contains(self, sq: Square) -> bool {
        let i = sq.index() as usize;
        (self.0[i >> 6] >> (i & 63)) & 1 != 0
    }

    /// The set with `sq` added.
    #[inline]
    pub const fn with(mut self, sq: Square) -> Bitboard {
        let i = sq.index() as usize;
        self.0[i >> 6] |= 1 << (i & 63);
        self
    }

    /// The set with `sq` removed.
    #[inline]
    pub const fn without(mut self, sq: Square) -> Bitboard {
        let i = sq.index() as usize;
        self.0[i >> 6] &= !(1 << (i & 63));
        self
    }

    /// Adds `sq`.
    #[inline]
    pub fn insert(&mut self, sq: Square) {
        *self = self.with(sq);
    }

    /// Removes `sq`.
    #[inline]
    pub fn remove(&mut self, sq: Square) {
        *self = self.without(sq);
    }

    /// Whether the set is empty.
    #[inline]
    pub const fn is_empty(self) -> bool {
        (self.0[0] | self.0[1] | self.0[2] | self.0[3]) == 0
    }

    /// The number of squares in the set.
    #[inline]
    pub const fn count(self) -> u32 {
        self.0[0].count_ones()
            + self.0[1].count_ones()
            + self.0[2].count_ones()
            + self.0[3].count_ones()
    }

    /// Whether every square of `self` is in `other`.
    #[inline]
    pub fn is_subset(self, other: Bitboard) -> bool {
        (self & !other).is_empty()
    }

    /// The squares in increasing index order (a1, b1, …, p16).
    pub fn squares(self) -> Squares {
        Squares(self)
    }
}

impl BitAnd for Bitboard {
    type Output = Bitboard;
    #[inline]
    fn bitand(self, o: Bitboard) -> Bitboard {
        Bitboard([
            self.0[0] & o.0[0],
            self.0[1] & o.0[1],
            self.0[2] & o.0[2],
            self.0[3] & o.0[3],
        ])
    }
}

impl BitOr for Bitboard {
    type Output = Bitboard;
    #[inline]
    fn bitor(self, o: Bitboard) -> Bitboard {
        Bitboard([
            self.0[0] | o.0[0],
            self.0[1] | o.0[1],
            self.0[2] | o.0[2],
            self.0[3] | o.0[3],
        ])
    }
}

impl Not for Bitboard {
    type Output = Bitboard;
    #[inline]
    fn not(self) -> Bitboard {
        Bitboard([!self.0[0], !self.0[1], !self.0[2], !self.0[3]])
    }
}

impl BitAndAssign for Bitboard {
    #[inline]
    fn bitand_assign(&mut self, o: Bitboard) {
        *self = *self & o;
    }
}

impl BitOrAssign for Bitboard {
    #[inline]
    fn bitor_assign(&mut self, o: Bitboard) {
        *self = *self | o;
    }
}

impl FromIterator<Square> for Bitboard {
    fn from_iter<I: IntoIterator<Item = Square>>(iter: I) -> Bitboard {
        iter.into_iter().fold(Bitboard::EMPTY, Bitboard::with)
    }
}

impl fmt::Debug for Bitboard {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_set().entries(self.squares()).finish()
    }
}

/// Iterator over the squares of a [`Bitboard`], lowest index first.
#[derive(Clone, Debug)]
pub struct Squares(Bitboard);

impl Iterator for Squares {
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

    fn size_hint(&self) -> (usize, Option<usize>) {
        let n = self.0.count() as usize;
        (n, Some(n))
    }
}

impl ExactSizeIterator for Squares {}
