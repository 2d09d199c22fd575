//! What the search works on: generated moves ([`Candidate`]), searched
//! positions ([`Node`]) with their Zobrist hash ([`Keys`]), and how a node
//! is made from its parent by a move or a pass.

use crate::eval::{cell, Tables, Tally, SEATS};
use crate::rng::SplitMix;
use halma::{Move, Position, Seat};

/// A generated move with the seat that plays it and its ordering key. The
/// squares are the engine's cells (see [`cell`]).
#[derive(Clone, Copy, Debug)]
pub(crate) struct Candidate {
    pub(crate) from: u8,
    pub(crate) to: u8,
    pub(crate) seat: u8,
    pub(crate) key: i32,
}

impl Candidate {
    /// A move of `seat`, keyed `key`.
    #[inline]
    pub(crate) fn new(mv: Move, seat: u8, key: i32) -> Candidate {
        Candidate {
            from: cell(mv.from),
            to: cell(mv.to),
            seat,
            key,
        }
    }

    /// The move, with its squares looked up in `tables`.
    #[inline]
    pub(crate) fn to_move(self, tables: &Tables) -> Move {
        Move {
            from: tables.square[self.from as usize],
            to: tables.square[self.to as usize],
        }
    }

    /// The move as one number, for killer and history tables.
    #[inline]
    pub(crate) fn code(self) -> u16 {
        (self.from as u16) << 8 | self.to as u16
    }
}

/// Zobrist keys: one per seat and cell, one for "the other side moves",
/// and one per root seat for multi-player searches (whose layers depend on
/// who is at the root).
pub(crate) struct Keys {
    piece: [[u64; 256]; SEATS],
    flip: u64,
    root: [u64; SEATS],
}

impl Keys {
    pub(crate) fn new() -> Keys {
        // Fixed keys: a hash means the same position in every search. The
        // four square-board seats' keys come first, in the order they had
        // before the star's fifth and sixth seats, so hashes there are
        // unchanged.
        let mut rng = SplitMix::new(0x4861_6C6D_6120_4149);
        let mut keys = Keys {
            piece: [[0; 256]; SEATS],
            flip: rng.next_u64(),
            root: [0; SEATS],
        };
        let fill = |seats: &mut [[u64; 256]], rng: &mut SplitMix| {
            for k in seats.iter_mut().flatten() {
                *k = rng.next_u64();
            }
        };
        fill(&mut keys.piece[..4], &mut rng);
        for k in keys.root[..4].iter_mut() {
            *k = rng.next_u64();
        }
        fill(&mut keys.piece[4..], &mut rng);
        for k in keys.root[4..].iter_mut() {
            *k = rng.next_u64();
        }
        keys
    }
}

/// A searched position: the pieces, its hash and each seat's tally.
#[derive(Clone)]
pub(crate) struct Node {
    pub(crate) pos: Position,
    pub(crate) hash: u64,
    pub(crate) tally: Tally,
}

impl Node {
    /// The root of a search from `pos`; `two_players` keys the hash by the
    /// seat to move, multi-player searches by the root seat.
    pub(crate) fn root(pos: &Position, tables: &Tables, keys: &Keys, two_players: bool) -> Node {
        let mut hash = 0;
        for seat in pos.variant().seats() {
            let s = seat.index();
            for sq in pos.pieces(seat).squares() {
                hash ^= keys.piece[s][cell(sq) as usize];
            }
        }
        let root = pos.to_move();
        hash ^= if two_players {
            // Keyed by the seat to move, so entries serve the next search.
            if root == Seat::A {
                0
            } else {
                keys.flip
            }
        } else {
            keys.root[root.index()]
        };
        Node {
            pos: pos.clone(),
            hash,
            tally: tables.tally(pos),
        }
    }

    /// The node after candidate `c`.
    #[inline]
    pub(crate) fn child(&self, c: Candidate, tables: &Tables, keys: &Keys) -> Node {
        let s = c.seat as usize;
        let mv = c.to_move(tables);
        let pos = if self.pos.to_move().index() == s {
            self.pos.play_unchecked(mv)
        } else {
            let seat = Seat::new(c.seat).unwrap_or(Seat::A);
            match self.pos.with_to_move(seat) {
                Some(p) => p.play_unchecked(mv),
                None => self.pos.play_unchecked(mv),
            }
        };
        let mut tally = self.tally;
        tables.moved(&mut tally, s, c.from, c.to);
        let keys_of = &keys.piece[s];
        Node {
            pos,
            hash: self.hash ^ keys_of[c.from as usize] ^ keys_of[c.to as usize] ^ keys.flip,
            tally,
        }
    }

    /// The node after the side to move passes.
    pub(crate) fn passed(&self, keys: &Keys, two_players: bool) -> Node {
        Node {
            pos: if two_players {
                self.pos.passed()
            } else {
                self.pos.clone()
            },
            hash: self.hash ^ keys.flip,
            tally: self.tally,
        }
    }
}
