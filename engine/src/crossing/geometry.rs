//! What the crossing search knows about a board: the squares' distances to
//! the target, the Zobrist keys, and the board's symmetries that keep the
//! puzzle (home and target camps in place) or turn it round (home and target
//! swapped).

use halma::{Bitboard, Seat, Square, Variant};

/// A symmetry of the board as a table from square index to square index.
pub(super) type Symmetry = Vec<u16>;

/// The tables of one variant and seat.
pub(super) struct Geometry {
    /// The board.
    pub(super) variant: Variant,
    /// The seat crossing the board.
    pub(super) seat: Seat,
    /// Where the pieces start.
    pub(super) home: Bitboard,
    /// Where they must end.
    pub(super) target: Bitboard,
    /// For each square index: its distance to the target's far tip (king
    /// steps counted with diagonals as two on the square boards, steps along
    /// the lines on the star).
    pub(super) dist: Vec<u32>,
    /// A random key per square index: a position's key is the xor of its
    /// squares' keys.
    pub(super) zobrist: Vec<u64>,
    /// Symmetries that keep home and target where they are, the identity
    /// first (at most two are used: the identity and the mirror).
    pub(super) keep: Vec<Symmetry>,
    /// Symmetries that swap home and target (at most two are used).
    pub(super) swap: Vec<Symmetry>,
}

impl Geometry {
    /// The tables for `seat` crossing `variant`'s board.
    pub(super) fn new(variant: Variant, seat: Seat) -> Geometry {
        let home = variant.home_camp(seat);
        let target = variant.target_camp(seat);
        let board = variant.board();
        let metric = |a: Square, b: Square| -> u32 {
            if variant.is_star() {
                variant.distance(a, b) as u32
            } else {
                // Diagonal steps count twice: they gain on both coordinates.
                a.file().abs_diff(b.file()) as u32 + a.rank().abs_diff(b.rank()) as u32
            }
        };
        // The tip: the target square farthest from home.
        let far = |t: Square| home.squares().map(|h| metric(h, t)).min().unwrap_or(0);
        let tip = target
            .squares()
            .max_by_key(|&t| (far(t), std::cmp::Reverse(t)));
        let dist = (0..Square::COUNT as u16)
            .map(|i| match (Square::from_wide_index(i), tip) {
                (Some(sq), Some(tip)) if board.contains(sq) => metric(sq, tip),
                _ => 0,
            })
            .collect();
        let mut rng = crate::rng::SplitMix::new(0x0C50_55E5);
        let zobrist = (0..Square::COUNT).map(|_| rng.next_u64()).collect();
        let mut keep = Vec::new();
        let mut swap = Vec::new();
        for table in symmetries(variant) {
            let image = |set: Bitboard| -> Bitboard {
                set.squares()
                    .filter_map(|s| Square::from_wide_index(table[s.index() as usize]))
                    .collect()
            };
            if image(board) != board {
                continue;
            }
            if image(home) == home && image(target) == target {
                keep.push(table);
            } else if image(home) == target && image(target) == home {
                swap.push(table);
            }
        }
        keep.truncate(2);
        swap.truncate(2);
        Geometry {
            variant,
            seat,
            home,
            target,
            dist,
            zobrist,
            keep,
            swap,
        }
    }

    /// `set` turned by `symmetry`.
    pub(super) fn image(&self, symmetry: &Symmetry, set: Bitboard) -> Bitboard {
        set.squares()
            .filter_map(|s| Square::from_wide_index(symmetry[s.index() as usize]))
            .collect()
    }

    /// The symmetry behind key slot `slot` (see [`Geometry::keys`]).
    #[inline]
    fn slot_table(&self, slot: usize) -> Option<&Symmetry> {
        let group = if slot < 2 { &self.keep } else { &self.swap };
        group.get(slot % 2).or(group.first())
    }

    /// The position's key under each symmetry: first the ones that keep
    /// the puzzle, then the ones that swap it (unused slots repeat the first
    /// of their kind).
    pub(super) fn keys(&self, set: Bitboard) -> [u64; 4] {
        std::array::from_fn(|slot| {
            self.slot_table(slot).map_or(0, |table| {
                set.squares().fold(0, |k, s| {
                    k ^ self.zobrist[table[s.index() as usize] as usize]
                })
            })
        })
    }

    /// The keys after a piece moved from `from` to `to` (square indices).
    #[inline]
    pub(super) fn moved(&self, keys: [u64; 4], from: u16, to: u16) -> [u64; 4] {
        std::array::from_fn(|slot| match self.slot_table(slot) {
            Some(table) => {
                keys[slot]
                    ^ self.zobrist[table[from as usize] as usize]
                    ^ self.zobrist[table[to as usize] as usize]
            }
            None => keys[slot],
        })
    }
}

/// The key of a position up to the symmetries that keep the puzzle.
#[inline]
pub(super) fn canonical(keys: &[u64; 4]) -> u64 {
    keys[0].min(keys[1])
}

/// The key of the position turned round (home and target swapped), up to
/// the symmetries that keep the puzzle.
#[inline]
pub(super) fn turned(keys: &[u64; 4]) -> u64 {
    keys[2].min(keys[3])
}

/// A map of grid coordinates (file, rank, around the board's centre).
type Transform = Box<dyn Fn(i32, i32) -> (i32, i32)>;

/// Every symmetry of the grid the variant is drawn on, as tables (squares
/// off the board map to themselves; the caller keeps only the tables that
/// map the board onto itself).
fn symmetries(variant: Variant) -> Vec<Symmetry> {
    let all: Vec<Transform> = if variant.is_star() {
        // Around the centre i9, in x = file − 9, y = rank − 9, z = −x − y:
        // every permutation of (x, y, z), with or without negation.
        let mut out: Vec<Transform> = Vec::new();
        for perm in [
            [0, 1, 2],
            [0, 2, 1],
            [1, 0, 2],
            [1, 2, 0],
            [2, 0, 1],
            [2, 1, 0],
        ] {
            for sign in [1, -1] {
                out.push(Box::new(move |x, y| {
                    let c = [x, y, -x - y];
                    (sign * c[perm[0]], sign * c[perm[1]])
                }));
            }
        }
        out
    } else {
        let n = variant.side() as i32 - 1;
        vec![
            Box::new(|f, r| (f, r)),
            Box::new(move |f, r| (n - f, n - r)),
            Box::new(|f, r| (r, f)),
            Box::new(move |f, r| (n - r, n - f)),
            Box::new(move |f, r| (n - f, r)),
            Box::new(move |f, r| (f, n - r)),
            Box::new(move |f, r| (r, n - f)),
            Box::new(move |f, r| (n - r, f)),
        ]
    };
    let centre = if variant.is_star() { 8 } else { 0 };
    all.iter()
        .map(|g| {
            (0..Square::COUNT as u16)
                .map(|i| {
                    let Some(sq) = Square::from_wide_index(i) else {
                        return i;
                    };
                    let (f, r) = g(sq.file() as i32 - centre, sq.rank() as i32 - centre);
                    let (f, r) = (f + centre, r + centre);
                    match (u8::try_from(f), u8::try_from(r)) {
                        (Ok(f), Ok(r)) => Square::new(f, r).map_or(i, |s| s.index()),
                        _ => i,
                    }
                })
                .collect()
        })
        .collect()
}
