//! The crossing puzzle: one player alone on the board moves all their
//! pieces from their home camp to the target camp in as few moves as
//! possible (on the star with 10 pieces the minimum is 27, George Bell
//! 2009).
//!
//! The search runs beam passes of growing width (each width twice, with a
//! light and a heavy charge for stragglers) over the solitaire
//! ([`halma::Position::solitaire`]), each of which also meets itself in
//! the middle: a move can be played backwards, and a symmetry of the board
//! that swaps home and target turns the first half of a crossing into its
//! second half. Positions are deduplicated by Zobrist keys up to the mirror
//! that keeps the puzzle. Every crossing it returns was replayed by the
//! rules crate. The work is bounded by [`Limits`] (time, nodes) and a
//! [`Stop`] flag, and its memory by fixed caps; it also ends when a
//! crossing reaches the known minimum ([`shortest`]).
//!
//! ```
//! use halma::Variant;
//! use halma_engine::crossing::{solve, Crossing};
//! use halma_engine::{Limits, Stop};
//! let found: Crossing = solve(Variant::Small, true, Limits::nodes(300_000), &Stop::new())
//!     .expect("a small budget finds some crossing");
//! assert!(found.moves.len() >= 10);
//! ```

mod beam;
mod geometry;
mod path;

use crate::{Limits, Stop};
use geometry::Geometry;
use halma::{MoveText, Options, Position, Seat, Variant};
use std::time::{Duration, Instant};

/// A crossing found by [`solve`].
#[derive(Clone, Debug)]
pub struct Crossing {
    /// The solitaire it starts from: the first seat alone in its home camp.
    pub start: Position,
    /// The options it was checked with (the camp rule on or off).
    pub rules: Options,
    /// The moves, each with its whole hop chain.
    pub moves: Vec<MoveText>,
    /// Positions the search generated in all.
    pub nodes: u64,
    /// Positions generated until this crossing was found.
    pub nodes_to_find: u64,
    /// Time taken until this crossing was found.
    pub time_to_find: Duration,
}

/// The solitaire the crossing starts from: the first seat of `variant`
/// alone, in its home camp.
///
/// ```
/// use halma::Variant;
/// let start = halma_engine::crossing::start(Variant::Star2);
/// assert_eq!(start.to_string(), "star2 1/2/3/4/13/12/11/10/9/10/11/12/13/aaaa/aaa/aa/a a");
/// ```
pub fn start(variant: Variant) -> Position {
    let home = variant.home_camp(Seat::A);
    Position::solitaire(variant, Seat::A, home).unwrap_or_else(|| Position::start(variant))
}

/// The options a crossing is played with: the rule book's defaults with the
/// camp rule as given and no balancing turn (there is nobody to balance).
pub fn rules(variant: Variant, camp_rule: bool) -> Options {
    Options {
        camp_rule,
        balance: false,
        ..Options::for_variant(variant)
    }
}

/// How one beam pass picks its positions.
#[derive(Clone, Copy, Debug)]
struct Shape {
    /// Positions kept per depth.
    width: usize,
    /// The charge per step between the nearest and the farthest piece.
    spread: u32,
}

/// The work a search may still do.
struct Budget<'a> {
    limits: Limits,
    stop: &'a Stop,
    started: Instant,
    nodes: u64,
    out: bool,
    /// When the best crossing so far was found: nodes and time.
    found_at: (u64, Duration),
}

impl Budget<'_> {
    /// Notes that a better crossing was just found.
    fn found(&mut self) {
        self.found_at = (self.nodes, self.started.elapsed());
    }

    /// Counts one generated position; `true` once the budget is spent (the
    /// clock and the flag are read every 1024 positions).
    #[inline]
    fn spend(&mut self) -> bool {
        self.nodes += 1;
        if self.out || self.limits.nodes.is_some_and(|n| self.nodes > n) {
            self.out = true;
        } else if self.nodes % 1024 == 0 {
            self.out = self.stop.is_stopped()
                || self
                    .limits
                    .time
                    .is_some_and(|t| self.started.elapsed() >= t);
        }
        self.out
    }
}

/// The widest beam a search tries; past it, it stops.
const MAX_WIDTH: usize = 1 << 20;

/// Searches for a short crossing by the first seat of `variant`, with the
/// camp rule or without it, until a limit is reached, `stop` is set, or
/// the widest pass is done. Returns the shortest crossing found (`None`
/// only when the budget ran out before the first one).
pub fn solve(variant: Variant, camp_rule: bool, limits: Limits, stop: &Stop) -> Option<Crossing> {
    let geo = Geometry::new(variant, Seat::A);
    let rules = rules(variant, camp_rule);
    let mut budget = Budget {
        limits,
        stop,
        started: Instant::now(),
        nodes: 0,
        out: false,
        found_at: (0, Duration::ZERO),
    };
    let mut best = None;
    let mut width = 64;
    while width <= MAX_WIDTH {
        for spread in spreads(variant) {
            let shape = Shape { width, spread };
            if !beam::pass(&geo, &rules, shape, &mut best, &mut budget) {
                return finish(&geo, rules, best, &budget);
            }
            if best.as_ref().is_some_and(|b| b.len() <= shortest(variant)) {
                // Nothing shorter exists.
                return finish(&geo, rules, best, &budget);
            }
        }
        width *= 2;
    }
    finish(&geo, rules, best, &budget)
}

/// The two charges per step of spread the passes of one width try: the
/// square boards' pieces gain more from moving together than the star's
/// (trial runs: `standard` 53 moves with these against 56 with the star's
/// in the same minute, the star 27 in 2 s against 29 in 6 s with the
/// squares').
fn spreads(variant: Variant) -> [u32; 2] {
    if variant.is_star() {
        [8, 24]
    } else {
        [32, 96]
    }
}

/// No crossing of `variant` is shorter than this: on the star, George
/// Bell's 27 moves (proven without the camp rule, which only takes moves
/// away); elsewhere one move per piece.
pub fn shortest(variant: Variant) -> usize {
    if variant.is_star() {
        27
    } else {
        variant.pieces_per_player() as usize
    }
}

/// The crossing for `best`, written out.
fn finish(
    geo: &Geometry,
    rules: Options,
    best: Option<Vec<path::Step>>,
    budget: &Budget,
) -> Option<Crossing> {
    let moves = path::check(geo, &rules, &best?)?;
    Some(Crossing {
        start: start(geo.variant),
        rules,
        moves,
        nodes: budget.nodes,
        nodes_to_find: budget.found_at.0,
        time_to_find: budget.found_at.1,
    })
}
