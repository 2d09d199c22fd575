//! Fast move generation by hop classes.
//!
//! A hop moves a piece two squares, so it keeps the parity of the file and
//! of the rank. The squares of one parity class form an 8×8 grid (a quarter
//! of the 16×16 grid) that fits in one `u64`, where a hop is a king step
//! allowed when the square jumped over is occupied. That square is always
//! in another class, so the moving piece's own start square never matters
//! as something to jump over: one set of per-direction masks per position
//! serves every piece, and each piece's chains are a flood fill in a `u64`.

use crate::bitboard::Board;
use crate::{Square, Variant};

/// The 8 directions a piece steps or hops in, as (file, rank) offsets.
pub(crate) const DIRECTIONS: [(i8, i8); 8] = [
    (1, 0),
    (1, 1),
    (0, 1),
    (-1, 1),
    (-1, 0),
    (-1, -1),
    (0, -1),
    (1, -1),
];

/// The class of a square of the 16×16 grid: bit 0 is the file's parity,
/// bit 1 the rank's. (Read straight off the index, `rank * 16 + file`.)
#[inline]
pub(crate) const fn class_of(sq: Square) -> usize {
    let i = sq.index() as usize;
    (((i >> 4) & 1) << 1) | (i & 1)
}

/// The bit of a square of the 16×16 grid in its class grid.
#[inline]
const fn compact(sq: Square) -> u32 {
    let i = sq.index() as u32;
    ((i >> 4) / 2) * 8 + (i & 15) / 2
}

/// The square of bit `bit` in class `class`.
#[inline]
const fn expand(class: usize, bit: u32) -> Square {
    let file = (bit % 8) * 2 + (class as u32 & 1);
    let rank = (bit / 8) * 2 + (class as u32 >> 1);
    Square::from_index((rank * 16 + file) as u8)
}

/// Shifts a class grid by `k` bits (positive: towards higher squares).
#[inline]
const fn shift(bits: u64, k: i32) -> u64 {
    if k >= 0 {
        bits << k
    } else {
        bits >> -k
    }
}

/// Splits a 256-square set into its four class grids.
#[inline]
fn split(bb: Board) -> [u64; 4] {
    // Keeps every other bit of a 16-bit row and packs them into 8 bits.
    #[inline]
    fn pack(row: u64) -> u64 {
        let x = row & 0x5555;
        let x = (x | (x >> 1)) & 0x3333;
        let x = (x | (x >> 2)) & 0x0F0F;
        (x | (x >> 4)) & 0x00FF
    }
    let mut out = [0u64; 4];
    for (w, &word) in bb.0.iter().enumerate() {
        for i in 0..4 {
            let rank = w * 4 + i;
            let row = (word >> (i * 16)) & 0xFFFF;
            let at = (rank / 2) * 8;
            out[(rank & 1) << 1] |= pack(row) << at;
            out[((rank & 1) << 1) | 1] |= pack(row >> 1) << at;
        }
    }
    out
}

/// Per board side and class: for each direction, the sources whose jumped
/// square and landing square are both on the board.
struct ClassGeometry {
    on_board: [[u64; 8]; 4],
    board: [u64; 4],
}

const fn class_geometry(side: u8) -> ClassGeometry {
    let mut g = ClassGeometry {
        on_board: [[0; 8]; 4],
        board: [0; 4],
    };
    let mut class = 0;
    while class < 4 {
        let mut bit = 0;
        while bit < 64 {
            let sq = expand(class, bit);
            if sq.file() < side && sq.rank() < side {
                g.board[class] |= 1 << bit;
                let mut d = 0;
                while d < 8 {
                    let (df, dr) = DIRECTIONS[d];
                    let f = sq.file() as i8 + 2 * df;
                    let r = sq.rank() as i8 + 2 * dr;
                    if f >= 0 && r >= 0 && f < side as i8 && r < side as i8 {
                        g.on_board[class][d] |= 1 << bit;
                    }
                    d += 1;
                }
            }
            bit += 1;
        }
        class += 1;
    }
    g
}

static CLASSES_16: ClassGeometry = class_geometry(16);
static CLASSES_10: ClassGeometry = class_geometry(10);
static CLASSES_8: ClassGeometry = class_geometry(8);

/// Everything about one position that hop generation needs, computed once
/// and shared by all the mover's pieces.
pub(crate) struct HopBoards {
    /// Per class and direction: the sources that can hop that way.
    can_hop: [[u64; 8]; 4],
    /// Per class: empty squares.
    empty: [u64; 4],
    /// Per class: squares a hop may not leave (the mover's target camp when
    /// the camp rule applies).
    confined: [u64; 4],
}

impl HopBoards {
    /// Prepares hop generation over `occupied` on `variant`'s board, with
    /// hops that start in `limit` forced to end in it.
    pub(crate) fn new(variant: Variant, occupied: Board, limit: Board) -> HopBoards {
        let geometry = match variant.side() {
            16 => &CLASSES_16,
            10 => &CLASSES_10,
            _ => &CLASSES_8,
        };
        let occ = split(occupied);
        let mut can_hop = [[0u64; 8]; 4];
        for (class, masks) in can_hop.iter_mut().enumerate() {
            let (pf, pr) = ((class & 1) as i32, (class >> 1) as i32);
            for (d, &(df, dr)) in DIRECTIONS.iter().enumerate() {
                let (mf, mr) = (pf + df as i32, pr + dr as i32);
                let mid_class = ((mr & 1) << 1 | (mf & 1)) as usize;
                // Where the jumped square sits in its own grid, relative to
                // the source in this one.
                let offset = mf.div_euclid(2) + 8 * mr.div_euclid(2);
                masks[d] = shift(occ[mid_class], -offset) & geometry.on_board[class][d];
            }
        }
        let mut empty = [0u64; 4];
        for (class, e) in empty.iter_mut().enumerate() {
            *e = geometry.board[class] & !occ[class];
        }
        HopBoards {
            can_hop,
            empty,
            confined: split(limit),
        }
    }

    /// The squares a piece on `from` reaches by chains of hops (in the
    /// class grid of `from`).
    #[inline]
    pub(crate) fn reach(&self, from: Square) -> u64 {
        let class = class_of(from);
        let start = 1u64 << compact(from);
        let masks = &self.can_hop[class];
        let confined = self.confined[class];
        let open = self.empty[class] & !start;
        let mut reached = 0u64;
        let mut frontier = start;
        while frontier != 0 {
            let inside = frontier & confined;
            let outside = frontier & !confined;
            let mut free = 0u64;
            let mut kept = 0u64;
            for (d, &(df, dr)) in DIRECTIONS.iter().enumerate() {
                let k = df as i32 + 8 * dr as i32;
                free |= shift(outside & masks[d], k);
                kept |= shift(inside & masks[d], k);
            }
            let new = (free | (kept & confined)) & open & !reached;
            reached |= new;
            frontier = new;
        }
        reached
    }

    /// The squares of a class grid, lowest bit first.
    #[inline]
    pub(crate) fn expand_bits(class: usize, mut bits: u64) -> impl Iterator<Item = Square> {
        std::iter::from_fn(move || {
            (bits != 0).then(|| {
                let bit = bits.trailing_zeros();
                bits &= bits - 1;
                expand(class, bit)
            })
        })
    }

    /// The squares of a class grid as a board set.
    #[inline]
    pub(crate) fn squares(class: usize, bits: u64) -> Board {
        // Spreads the 8 bits of a grid row over every other bit of a
        // 16-bit board row (the inverse of `split`'s packing), row by row,
        // instead of inserting square by square.
        #[inline]
        fn unpack(row: u64) -> u64 {
            let x = row & 0x00FF;
            let x = (x | (x << 4)) & 0x0F0F;
            let x = (x | (x << 2)) & 0x3333;
            (x | (x << 1)) & 0x5555
        }
        let mut out = [0u64; 4];
        let mut rest = bits;
        while rest != 0 {
            let row = rest.trailing_zeros() / 8;
            let byte = (bits >> (row * 8)) & 0xFF;
            rest &= !(0xFFu64 << (row * 8));
            let rank = row as usize * 2 + (class >> 1);
            out[rank / 4] |= unpack(byte) << ((rank % 4) * 16 + (class & 1));
        }
        Board(out)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn whole_grids_expand_to_their_squares() {
        let mut seed = 0x1234_5678_9ABC_DEF0u64;
        for _ in 0..200 {
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            for class in 0..4 {
                let slow: Board = HopBoards::expand_bits(class, seed).collect();
                assert_eq!(HopBoards::squares(class, seed), slow);
            }
        }
    }

    #[test]
    fn class_grids_round_trip() {
        for i in 0..=255u8 {
            let sq = Square::from_index(i);
            assert_eq!(expand(class_of(sq), compact(sq)), sq);
            let grids = split(Board::EMPTY.with(sq));
            assert_eq!(grids[class_of(sq)], 1 << compact(sq));
            assert_eq!(grids.iter().map(|g| g.count_ones()).sum::<u32>(), 1);
            let class = class_of(sq);
            assert_eq!(
                HopBoards::squares(class, 1 << compact(sq)),
                Board::EMPTY.with(sq)
            );
        }
    }
}
