//! The evaluation: how far each player still has to go, in Halma terms.
//!
//! The main measure is a per-seat "camp metric" of each square: with `dx`
//! and `dy` the file and rank distances to the corner of the seat's target
//! camp, `m = 2 (dx + dy) + max(dx, dy)`. Every camp shape of the rule book
//! is exactly the set of squares below some value of `m`, so the sum of `m`
//! over a player's pieces is smallest exactly when the target camp is full:
//! filling the camp from the back, and moving pieces deeper to free the
//! front squares for the last ones, both lower it. The metric also prefers
//! diagonal progress, where hop ladders are longest.
//!
//! Each piece costs a convex function of its metric, so a straggler left
//! behind costs more per square than a leader: the search brings the last
//! pieces along instead of racing the first ones into the camp. In the
//! endgame (few pieces outside) each outside piece also pays for the detour
//! to the nearest *free* target square, which is how target squares held by
//! opponents, and camp squares already filled, enter the picture.
//!
//! The star works the same way with its own metric (rows still to go
//! towards the target point's tip, over the sideways offset: see
//! [`crate::star`]) and steps along its three lines as the distance.
//!
//! The search keeps a [`Tally`] per node (costs, and per seat the pieces at
//! home and the target squares taken), so a win, the endgame and the quiet
//! middle game are told apart from counts; only the endgame looks at the
//! board.

use crate::star;
use halma::{Bitboard, Position, Seat, Square, Variant};

/// Scores at or above this are won games (less the plies to the win).
pub const WIN: i32 = 1_000_000;

/// Scores beyond this are wins or losses rather than evaluations.
pub(crate) const WIN_BOUND: i32 = WIN - 10_000;

/// The most seats a variant has (`star6`).
pub(crate) const SEATS: usize = 6;

/// Outside pieces at or below this count pay the free-square detour.
const ENDGAME_OUTSIDE: u8 = 4;

/// At most this many opponents' pieces in a target camp count as left
/// behind (see [`Tables::detour`]).
const MAX_SPOILERS: u8 = 2;

/// The cost of an opponent's piece walled in inside our target camp.
const TRAPPED_SPOILER: i32 = 200;

/// The same on the star. A point has only ten holes and the camp rule
/// keeps our pieces inside it, so a wall there soon cannot be undone: with
/// the point full the game can only be drawn, whatever the lead. Self-play
/// against the greedy player drew 7 games of 100 with the square boards'
/// cost, each with the greedy player's last piece walled in at home.
const STAR_TRAPPED_SPOILER: i32 = 2_000;

/// Weight of one step of detour to a free target square.
const DETOUR_WEIGHT: i32 = 24;

/// The engine's compact number for a square: its index modulo 256. On the
/// square boards that is the index itself; on the star it is too, save for
/// the two tips beyond the 16×16 grid (`q5`, `e17`), which take the numbers
/// of `a1` and `b1`, cells that are no holes. So every per-square table of
/// the engine has 256 entries, and a move fits in two bytes.
#[inline]
pub(crate) fn cell(sq: Square) -> u8 {
    sq.index() as u8
}

/// What the search keeps per node about each seat, updated move by move:
/// with it, telling a win, the endgame and most evaluations apart needs no
/// look at the board.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(crate) struct Tally {
    /// The sum of the seat's piece costs.
    pub(crate) cost: [i32; SEATS],
    /// The seat's pieces on the board (0 for a removed player).
    pub(crate) pieces: [u8; SEATS],
    /// The seat's own pieces in its target camp.
    pub(crate) home: [u8; SEATS],
    /// The squares of the seat's target camp held by anyone.
    pub(crate) filled: [u8; SEATS],
}

/// Per-variant tables for every seat.
#[derive(Clone)]
pub(crate) struct Tables {
    pub(crate) variant: Variant,
    /// Per seat and cell: the camp metric (0 at the target corner).
    pub(crate) metric: [[u8; 256]; SEATS],
    /// Per seat and cell: what a piece there costs.
    pub(crate) cost: [[i32; 256]; SEATS],
    /// Per seat and cell: steps to the nearest target square.
    camp_distance: [[u8; 256]; SEATS],
    /// Per seat: the target camp.
    pub(crate) target: [Bitboard; SEATS],
    /// Per seat: the number of squares in its target camp.
    target_size: [u8; SEATS],
    /// Per cell: the seats (bit per seat index) whose target camp holds it.
    targets_of: [u8; 256],
    /// Per cell: its square.
    pub(crate) square: [Square; 256],
    /// The cost of an opponent's piece walled in inside a target camp.
    trapped_spoiler: i32,
    /// Whether opponents' pieces left in a target camp block it for good
    /// (no anti-spoiling rule): then walling them in is penalised.
    pub(crate) free_spoilers: bool,
}

/// The cost of a piece at metric `m`: convex, so stragglers weigh more.
const fn piece_cost(m: i32) -> i32 {
    8 * m + m * m / 8
}

/// The camp metric of `sq` for a target corner at (`cf`, `cr`).
pub(crate) fn camp_metric(sq: Square, cf: u8, cr: u8) -> u8 {
    let dx = sq.file().abs_diff(cf);
    let dy = sq.rank().abs_diff(cr);
    2 * (dx + dy) + dx.max(dy)
}

impl Tables {
    pub(crate) fn new(variant: Variant) -> Tables {
        let mut t = Tables {
            variant,
            metric: [[0; 256]; SEATS],
            cost: [[0; 256]; SEATS],
            camp_distance: [[0; 256]; SEATS],
            target: [Bitboard::EMPTY; SEATS],
            target_size: [0; SEATS],
            targets_of: [0; 256],
            square: std::array::from_fn(|i| Square::from_index(i as u8)),
            trapped_spoiler: if variant.is_star() {
                STAR_TRAPPED_SPOILER
            } else {
                TRAPPED_SPOILER
            },
            free_spoilers: true,
        };
        for sq in variant.board().squares() {
            t.square[cell(sq) as usize] = sq;
        }
        let last = variant.side() - 1;
        for seat in variant.seats() {
            let s = seat.index();
            let target = variant.target_camp(seat);
            t.target[s] = target;
            t.target_size[s] = target.count() as u8;
            // The target corner is the board corner inside the target camp;
            // on the star, the target point's tip.
            let tip = star::tip(target);
            let (cf, cr) = [(0, 0), (last, 0), (0, last), (last, last)]
                .into_iter()
                .find(|&(f, r)| Square::new(f, r).is_some_and(|c| target.contains(c)))
                .unwrap_or((0, 0));
            for sq in variant.board().squares() {
                let i = cell(sq) as usize;
                let m = match tip {
                    Some(tip) if variant.is_star() => star::metric(sq, tip),
                    _ => camp_metric(sq, cf, cr),
                };
                t.metric[s][i] = m;
                t.cost[s][i] = piece_cost(m as i32);
                t.camp_distance[s][i] = target
                    .squares()
                    .map(|c| variant.distance(c, sq))
                    .min()
                    .unwrap_or(0);
                if target.contains(sq) {
                    t.targets_of[i] |= 1 << s;
                }
            }
        }
        t
    }

    /// The tally of `pos`, computed from scratch.
    pub(crate) fn tally(&self, pos: &Position) -> Tally {
        let mut t = Tally::default();
        let occupied = pos.occupied();
        for seat in self.variant.seats() {
            let s = seat.index();
            let own = pos.pieces(seat);
            let table = &self.cost[s];
            t.cost[s] = own.squares().map(|sq| table[cell(sq) as usize]).sum();
            t.pieces[s] = own.count() as u8;
            t.home[s] = (own & self.target[s]).count() as u8;
            t.filled[s] = (occupied & self.target[s]).count() as u8;
        }
        t
    }

    /// Updates `tally` for a move of seat `s` from cell `from` to cell `to`.
    #[inline]
    pub(crate) fn moved(&self, tally: &mut Tally, s: usize, from: u8, to: u8) {
        let table = &self.cost[s];
        tally.cost[s] += table[to as usize] - table[from as usize];
        let (left, entered) = (self.targets_of[from as usize], self.targets_of[to as usize]);
        if left | entered == 0 {
            return;
        }
        let mut changed = left ^ entered;
        while changed != 0 {
            let k = changed.trailing_zeros() as usize;
            changed &= changed - 1;
            let into = entered >> k & 1 != 0;
            if into {
                tally.filled[k] += 1;
            } else {
                tally.filled[k] -= 1;
            }
            if k == s {
                if into {
                    tally.home[k] += 1;
                } else {
                    tally.home[k] -= 1;
                }
            }
        }
    }

    /// Whether seat `s` has reached its goal: every piece home, or with
    /// anti-spoiling a full target camp holding one of its pieces. A player
    /// removed from the game (no pieces left) has not.
    #[inline]
    pub(crate) fn is_done(&self, tally: &Tally, s: usize, anti_spoiling: bool) -> bool {
        tally.pieces[s] > 0
            && (tally.home[s] == tally.pieces[s]
                || (anti_spoiling && tally.filled[s] == self.target_size[s] && tally.home[s] > 0))
    }

    /// The endgame penalty of `seat` (when only a few of its pieces are
    /// outside the target camp): for each of them, steps to the nearest
    /// free target square beyond those to the nearest target square; and
    /// for each opponent's piece walled in inside the camp, a fixed cost.
    pub(crate) fn detour(&self, pos: &Position, seat: Seat, tally: &Tally) -> i32 {
        let s = seat.index();
        let target = self.target[s];
        let mut total = 0;
        // Opponents' pieces left in our camp (one or two of them, when
        // anti-spoiling is off) block it for good unless they leave: do not
        // wall them in. More of them are an opponent still starting out.
        let spoilers = tally.filled[s] - tally.home[s];
        if self.free_spoilers && (1..=MAX_SPOILERS).contains(&spoilers) {
            let occupied = pos.occupied();
            for p in (target & occupied & !pos.pieces(seat)).squares() {
                if !self.has_empty_neighbour(occupied, p) {
                    total += self.trapped_spoiler;
                }
            }
        }
        let n = tally.pieces[s] - tally.home[s];
        if n == 0 || n > ENDGAME_OUTSIDE || tally.filled[s] == self.target_size[s] {
            return total;
        }
        let free = target & !pos.occupied();
        let variant = self.variant;
        let mut steps = 0;
        for p in (pos.pieces(seat) & !target).squares() {
            let nearest_free = free
                .squares()
                .map(|c| variant.distance(c, p))
                .min()
                .unwrap_or(0);
            steps += (nearest_free - self.camp_distance[s][cell(p) as usize]) as i32;
        }
        total + steps * DETOUR_WEIGHT
    }

    /// Whether a square next to `sq` (on the board) is empty.
    fn has_empty_neighbour(&self, occupied: Bitboard, sq: Square) -> bool {
        if self.variant.is_star() {
            return star::has_empty_neighbour(self.variant, occupied, sq);
        }
        (-1..=1i8).any(|df| {
            (-1..=1i8).any(|dr| {
                sq.offset(df, dr)
                    .is_some_and(|n| n != sq && self.variant.contains(n) && !occupied.contains(n))
            })
        })
    }

    /// How well `seat` stands: minus its remaining cost.
    #[inline]
    pub(crate) fn seat_score(&self, pos: &Position, seat: Seat, tally: &Tally) -> i32 {
        -tally.cost[seat.index()] - self.detour(pos, seat, tally)
    }
}

/// The seats of `pos` still in play as a bit set (bit `i` for seat index
/// `i`): players removed from a game of three or more are left out.
#[inline]
pub(crate) fn in_play(pos: &Position) -> u8 {
    pos.seats_in_play().fold(0, |mask, s| mask | 1 << s.index())
}

/// A static evaluation of `pos` for `seat`'s side, for callers outside the
/// search (tests, tools): positive when `seat` (with its partner in
/// `four-teams`) is ahead of its strongest opponent.
///
/// ```
/// use halma::{Position, Seat, Variant};
/// let start = Position::start(Variant::Standard);
/// // The start is symmetric.
/// assert_eq!(halma_engine::evaluate(&start, Seat::A), 0);
/// ```
pub fn evaluate(pos: &Position, seat: Seat) -> i32 {
    let tables = Tables::new(pos.variant());
    side_score(&tables, pos, seat, in_play(pos), &tables.tally(pos))
}

/// The score of `root`'s side against the others still in play (`seats`,
/// as from [`in_play`]): partners add up in `four-teams`; with several
/// opponents, the strongest one counts.
#[inline]
pub(crate) fn side_score(
    tables: &Tables,
    pos: &Position,
    root: Seat,
    seats: u8,
    tally: &Tally,
) -> i32 {
    combine(tables.variant, root, seats, |s| {
        tables.seat_score(pos, s, tally)
    })
}

/// [`side_score`] when no seat is in the endgame (more than
/// [`ENDGAME_OUTSIDE`] pieces outside its camp): the piece costs alone.
#[inline]
pub(crate) fn quiet_side_score(
    variant: Variant,
    root: Seat,
    seats: u8,
    cost: &[i32; SEATS],
) -> i32 {
    combine(variant, root, seats, |s| -cost[s.index()])
}

/// Whether no seat is near the endgame, and no single move can win or
/// bring a seat into it: then [`quiet_side_score`] is exact for the node
/// and every position one move away.
#[inline]
pub(crate) fn is_quiet(tables: &Tables, tally: &Tally, anti_spoiling: bool) -> bool {
    tables.variant.seats().all(|seat| {
        let s = seat.index();
        // A removed player (no pieces) has no endgame.
        tally.pieces[s] == 0
            || tally.pieces[s] - tally.home[s] > ENDGAME_OUTSIDE + 1
            && (!anti_spoiling || tables.target_size[s] - tally.filled[s] >= 2)
            // One move can leave one or two opponents' pieces behind.
            && (!tables.free_spoilers || tally.filled[s] - tally.home[s] > MAX_SPOILERS + 1)
    })
}

/// A side's score from each seat's score: partners add up in `four-teams`;
/// with several opponents, the strongest one still in play (in `seats`)
/// counts.
#[inline]
fn combine(variant: Variant, root: Seat, seats: u8, score: impl Fn(Seat) -> i32) -> i32 {
    match variant.partner(root) {
        Some(partner) => {
            let mut total = 0;
            for s in variant.seats() {
                if s == root || s == partner {
                    total += score(s);
                } else {
                    total -= score(s);
                }
            }
            total
        }
        None => {
            let mut best_other = None;
            for s in variant.seats() {
                if s != root && seats & 1 << s.index() != 0 {
                    let v = score(s);
                    best_other = Some(best_other.map_or(v, |b: i32| b.max(v)));
                }
            }
            score(root) - best_other.unwrap_or(0)
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_camp_is_a_sublevel_set_of_the_metric() {
        for variant in Variant::ALL {
            let t = Tables::new(variant);
            for seat in variant.seats() {
                let s = seat.index();
                let target = variant.target_camp(seat);
                let inside = target
                    .squares()
                    .map(|q| t.metric[s][cell(q) as usize])
                    .max();
                let outside = (variant.board() & !target)
                    .squares()
                    .map(|q| t.metric[s][cell(q) as usize])
                    .min();
                assert!(inside < outside, "{variant} {seat}: {inside:?} {outside:?}");
            }
        }
    }

    #[test]
    fn a_tally_follows_the_moves() {
        for variant in [
            Variant::Standard,
            Variant::Four,
            Variant::Star2,
            Variant::Star6,
        ] {
            let t = Tables::new(variant);
            let opts = halma::Options::for_variant(variant);
            let mut pos = Position::start(variant);
            let mut tally = t.tally(&pos);
            for i in 0..160 {
                let moves = pos.legal_moves(&opts);
                let metric = &t.metric[pos.to_move().index()];
                let gain = |mv: &halma::Move| {
                    metric[cell(mv.from) as usize] as i32 - metric[cell(mv.to) as usize] as i32
                };
                // Mostly the move that gains most, so pieces reach camps.
                let pick = if i % 3 == 0 {
                    moves.get(i * 7 % moves.len().max(1))
                } else {
                    moves.iter().max_by_key(|mv| gain(mv))
                };
                let Some(&mv) = pick else {
                    pos = pos.passed();
                    continue;
                };
                t.moved(
                    &mut tally,
                    pos.to_move().index(),
                    cell(mv.from),
                    cell(mv.to),
                );
                pos = pos.play_unchecked(mv);
                assert_eq!(tally, t.tally(&pos), "{pos}");
            }
        }
    }

    #[test]
    fn costs_are_convex() {
        for m in 1..80 {
            let up = piece_cost(m + 1) - piece_cost(m);
            let down = piece_cost(m) - piece_cost(m - 1);
            assert!(up >= down && down > 0, "{m}");
        }
    }
}
