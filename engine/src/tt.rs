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
#[repr(C)]
pub(crate) struct Entry {
    /// The hash's high half (the low bits pick the slot).
    pub(crate) key: u32,
    pub(crate) score: i32,
    /// The best move's squares (index), `from == to` for none.
    pub(crate) from: u8,
    pub(crate) to: u8,
    pub(crate) depth: i8,
    pub(crate) bound: Bound,
    /// The search that stored it (wrapping).
    pub(crate) generation: u8,
}

/// A fixed-size, always-replace table indexed by the low bits of the hash.
pub(crate) struct Table {
    slots: Vec<Entry>,
    mask: usize,
    generation: u8,
}

impl Table {
    /// A table of `2^bits` slots.
    pub(crate) fn new(bits: u8) -> Table {
        let n = 1usize << bits.clamp(4, 28);
        Table {
            slots: vec![Entry::default(); n],
            mask: n - 1,
            generation: 0,
        }
    }

    /// Starts a new search: entries stored before keep their moves and
    /// evaluations, but their win and loss scores no longer cut the search
    /// short (a win grafted from another search's tree can be one the
    /// engine never gets nearer to).
    pub(crate) fn new_search(&mut self) {
        self.generation = self.generation.wrapping_add(1);
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
        if e.bound == Bound::None || e.key != (key >> 32) as u32 {
            return None;
        }
        let mut e = e;
        e.score = from_stored(e.score, ply);
        if e.generation != self.generation && e.score.abs() > WIN_BOUND {
            // Keep the move for ordering; the score is not trusted.
            e.depth = -1;
        }
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
            key: (key >> 32) as u32,
            score: to_stored(score, ply),
            from,
            to,
            depth: depth.clamp(0, 127) as i8,
            bound,
            generation: self.generation,
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::eval::WIN;

    #[test]
    fn entries_are_16_bytes() {
        assert_eq!(std::mem::size_of::<Entry>(), 16);
    }

    #[test]
    fn wins_from_an_earlier_search_do_not_cut() {
        let mut t = Table::new(8);
        t.store(
            0xABCD_0000_0000_0012,
            3,
            5,
            WIN - 7,
            Bound::Exact,
            Some((1, 2)),
        );
        let e = t.probe(0xABCD_0000_0000_0012, 3).expect("stored");
        assert_eq!((e.score, e.depth), (WIN - 7, 5));
        // Stored as distance from the node: read back at another ply.
        assert_eq!(
            t.probe(0xABCD_0000_0000_0012, 1).map(|e| e.score),
            Some(WIN - 5)
        );
        assert!(t.probe(0xABCE_0000_0000_0012, 3).is_none());
        t.new_search();
        let e = t.probe(0xABCD_0000_0000_0012, 3).expect("kept");
        assert_eq!((e.from, e.to, e.depth), (1, 2, -1));
        t.store(9, 0, 4, 120, Bound::Lower, None);
        t.new_search();
        assert_eq!(t.probe(9, 0).map(|e| e.depth), Some(4));
    }
}
