//! The transposition table: search results by Zobrist hash.

use crate::eval::WIN_BOUND;

/// What a stored score says about the true value.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Default)]
pub(crate) enum Bound {
    /// Nothing stored.
    #[default]
    None,
    /// The exact value.
    Exact,
    /// At least this (the search failed high).
    Lower,
    /// At most this (every move failed low).
    Upper,
}

/// One slot: 16 bytes.
#[derive(Clone, Copy, Default)]
pub(crate) struct Entry {
    pub(crate) key: u64,
    pub(crate) score: i32,
    /// The best move's squares (index), `from == to` for none.
    pub(crate) from: u8,
    pub(crate) to: u8,
    pub(crate) depth: i8,
    pub(crate) bound: Bound,
}

/// A fixed-size, always-replace table indexed by the low bits of the hash.
pub(crate) struct Table {
    slots: Vec<Entry>,
    mask: usize,
}

impl Table {
    /// A table of `2^bits` slots.
    pub(crate) fn new(bits: u8) -> Table {
        let n = 1usize << bits.clamp(4, 28);
        Table {
            slots: vec![Entry::default(); n],
            mask: n - 1,
        }
    }

    /// Forgets everything.
    pub(crate) fn clear(&mut self) {
        self.slots.fill(Entry::default());
    }

    /// The entry for `key`, with a win score turned back into plies from
    /// the root at `ply`.
    #[inline]
    pub(crate) fn probe(&self, key: u64, ply: usize) -> Option<Entry> {
        let e = self.slots[key as usize & self.mask];
        if e.bound == Bound::None || e.key != key {
            return None;
        }
        let mut e = e;
        e.score = from_stored(e.score, ply);
        Some(e)
    }

    /// Stores a result; a win is stored as plies from this node so it stays
    /// right when reached at another ply.
    #[inline]
    pub(crate) fn store(
        &mut self,
        key: u64,
        ply: usize,
        depth: i32,
        score: i32,
        bound: Bound,
        best: Option<(u8, u8)>,
    ) {
        let (from, to) = best.unwrap_or((0, 0));
        self.slots[key as usize & self.mask] = Entry {
            key,
            score: to_stored(score, ply),
            from,
            to,
            depth: depth.clamp(0, 127) as i8,
            bound,
        };
    }
}

fn to_stored(score: i32, ply: usize) -> i32 {
    if score > WIN_BOUND {
        score + ply as i32
    } else if score < -WIN_BOUND {
        score - ply as i32
    } else {
        score
    }
}

fn from_stored(score: i32, ply: usize) -> i32 {
    if score > WIN_BOUND {
        score - ply as i32
    } else if score < -WIN_BOUND {
        score + ply as i32
    } else {
        score
    }
}
