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

use halma::{Bitboard, Position, Seat, Square, Variant};

/// Scores at or above this are won games (less the plies to the win).
pub const WIN: i32 = 1_000_000;

/// Scores beyond this are wins or losses rather than evaluations.
pub(crate) const WIN_BOUND: i32 = WIN - 10_000;

/// Outside pieces at or below this count pay the free-square detour.
const ENDGAME_OUTSIDE: u32 = 4;

/// At most this many opponents' pieces in a target camp count as left
/// behind (see [`Tables::leftover_spoilers`]).
const MAX_SPOILERS: u32 = 2;

/// The cost of an opponent's piece walled in inside our target camp.
const TRAPPED_SPOILER: i32 = 200;

/// Weight of one king step of detour to a free target square.
const DETOUR_WEIGHT: i32 = 24;

/// Per-variant tables for every seat.
#[derive(Clone)]
pub(crate) struct Tables {
    pub(crate) variant: Variant,
    /// Per seat and square: the camp metric (0 at the target corner).
    pub(crate) metric: [[u8; 256]; 4],
    /// Per seat and square: what a piece there costs.
    pub(crate) cost: [[i32; 256]; 4],
    /// Per seat and square: king steps to the nearest target square.
    camp_distance: [[u8; 256]; 4],
    /// Per seat: the target camp.
    pub(crate) target: [Bitboard; 4],
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
            metric: [[0; 256]; 4],
            cost: [[0; 256]; 4],
            camp_distance: [[0; 256]; 4],
            target: [Bitboard::EMPTY; 4],
            free_spoilers: true,
        };
        let last = variant.side() - 1;
        for seat in variant.seats() {
            let s = seat.index();
            let target = variant.target_camp(seat);
            t.target[s] = target;
            // The target corner is the board corner inside the target camp.
            let (cf, cr) = [(0, 0), (last, 0), (0, last), (last, last)]
                .into_iter()
                .find(|&(f, r)| Square::new(f, r).is_some_and(|c| target.contains(c)))
                .unwrap_or((0, 0));
            for sq in variant.board().squares() {
                let i = sq.index() as usize;
                let m = camp_metric(sq, cf, cr);
                t.metric[s][i] = m;
                t.cost[s][i] = piece_cost(m as i32);
                t.camp_distance[s][i] = target.squares().map(|c| c.distance(sq)).min().unwrap_or(0);
            }
        }
        t
    }

    /// The sum of piece costs of `seat` in `pos`, computed from scratch.
    pub(crate) fn cost_of(&self, pos: &Position, seat: Seat) -> i32 {
        let table = &self.cost[seat.index()];
        pos.pieces(seat)
            .squares()
            .map(|sq| table[sq.index() as usize])
            .sum()
    }

    /// The endgame penalty of `seat` (when only a few of its pieces are
    /// outside the target camp): for each of them, king steps to the
    /// nearest free target square beyond those to the nearest target
    /// square; and for each opponent's piece walled in inside the camp, a
    /// fixed cost.
    pub(crate) fn detour(&self, pos: &Position, seat: Seat) -> i32 {
        let s = seat.index();
        let target = self.target[s];
        let mut total = 0;
        let spoilers = self.leftover_spoilers(pos, seat);
        if !spoilers.is_empty() {
            // Without anti-spoiling an opponent's piece left in our camp
            // must leave before we can complete: do not wall it in.
            for p in spoilers.squares() {
                if !self.has_empty_neighbour(pos, p) {
                    total += TRAPPED_SPOILER;
                }
            }
        }
        let outside = pos.pieces(seat) & !target;
        let n = outside.count();
        if n == 0 || n > ENDGAME_OUTSIDE {
            return total;
        }
        let free = target & !pos.occupied();
        if free.is_empty() {
            return total;
        }
        let mut steps = 0;
        for p in outside.squares() {
            let nearest_free = free.squares().map(|c| c.distance(p)).min().unwrap_or(0);
            steps += (nearest_free - self.camp_distance[s][p.index() as usize]) as i32;
        }
        total + steps * DETOUR_WEIGHT
    }

    /// Opponents' pieces left behind in `seat`'s target camp (one or two of
    /// them, when anti-spoiling is off): they block it for good unless they
    /// leave. More of them are an opponent still starting out.
    #[inline]
    pub(crate) fn leftover_spoilers(&self, pos: &Position, seat: Seat) -> Bitboard {
        if !self.free_spoilers {
            return Bitboard::EMPTY;
        }
        let target = self.target[seat.index()];
        let spoilers = target & pos.occupied() & !pos.pieces(seat);
        if (1..=MAX_SPOILERS).contains(&spoilers.count()) {
            spoilers
        } else {
            Bitboard::EMPTY
        }
    }

    /// Whether a square next to `sq` (on the board) is empty.
    fn has_empty_neighbour(&self, pos: &Position, sq: Square) -> bool {
        (-1..=1i8).any(|df| {
            (-1..=1i8).any(|dr| {
                sq.offset(df, dr).is_some_and(|n| {
                    n != sq && self.variant.contains(n) && !pos.occupied().contains(n)
                })
            })
        })
    }

    /// How well `seat` stands: minus its remaining cost (`cost` is the
    /// incrementally kept sum of piece costs).
    #[inline]
    pub(crate) fn seat_score(&self, pos: &Position, seat: Seat, cost: i32) -> i32 {
        -cost - self.detour(pos, seat)
    }
}

/// Whether `seat` has reached its goal in `pos`: every piece home, or with
/// anti-spoiling a full target camp holding one of its pieces. A player
/// removed from the game (no pieces left) has not.
#[inline]
pub(crate) fn is_done(pos: &Position, target: Bitboard, seat: Seat, anti_spoiling: bool) -> bool {
    let own = pos.pieces(seat);
    !own.is_empty()
        && (own.is_subset(target)
            || (anti_spoiling && target.is_subset(pos.occupied()) && !(own & target).is_empty()))
}

/// The seats of `pos` still in play as a bit set (bit `i` for seat index
/// `i`): players removed from a three- or four-player game are left out.
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
    let mut cost = [0; 4];
    for s in pos.variant().seats() {
        cost[s.index()] = tables.cost_of(pos, s);
    }
    side_score(&tables, pos, seat, in_play(pos), &cost)
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
    cost: &[i32; 4],
) -> i32 {
    combine(tables.variant, root, seats, |s| {
        tables.seat_score(pos, s, cost[s.index()])
    })
}

/// [`side_score`] when no seat is in the endgame (more than
/// [`ENDGAME_OUTSIDE`] pieces outside its camp): the piece costs alone.
#[inline]
pub(crate) fn quiet_side_score(variant: Variant, root: Seat, seats: u8, cost: &[i32; 4]) -> i32 {
    combine(variant, root, seats, |s| -cost[s.index()])
}

/// Whether no seat of `pos` is near the endgame, and no single move can
/// win or bring a seat into it: then [`quiet_side_score`] is exact for
/// `pos` and every position one move away.
#[inline]
pub(crate) fn is_quiet(tables: &Tables, pos: &Position, anti_spoiling: bool) -> bool {
    tables.variant.seats().all(|s| {
        let target = tables.target[s.index()];
        // A removed player (no pieces) has no endgame.
        pos.pieces(s).is_empty()
            || (pos.pieces(s) & !target).count() > ENDGAME_OUTSIDE + 1
            && (!anti_spoiling || (target & !pos.occupied()).count() >= 2)
            // One move can leave one or two opponents' pieces behind.
            && (!tables.free_spoilers
                || (target & pos.occupied() & !pos.pieces(s)).count() > MAX_SPOILERS + 1)
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
                    best_other = Some(best_other.map_or(score(s), |b: i32| b.max(score(s))));
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
                    .map(|q| t.metric[s][q.index() as usize])
                    .max();
                let outside = (variant.board() & !target)
                    .squares()
                    .map(|q| t.metric[s][q.index() as usize])
                    .min();
                assert!(inside < outside, "{variant} {seat}: {inside:?} {outside:?}");
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
