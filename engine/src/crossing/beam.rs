//! One pass of the crossing search: a beam search from the home camp that
//! keeps the `width` most promising positions at each depth, and meets
//! itself in the middle. A move is reversible, and a symmetry that swaps
//! home and target turns a path from home to `Q`, reversed, into a path
//! from the turned `Q` to the full target; so a position reached at depth
//! `d` that is the turned image of a kept position of depth `e` closes a
//! crossing of `d + e` moves (the camp rule can break the reversal, so
//! every crossing is checked move by move before it counts).

use super::geometry::{canonical, turned, Geometry};
use super::path::Step;
use super::{Budget, Shape};
use halma::{Bitboard, Options, Position, Square};
use std::collections::HashMap;
use std::hash::{BuildHasherDefault, Hasher};

/// Hashes a Zobrist key by taking it as it is: it is random already.
#[derive(Default)]
pub(super) struct KeyHasher(u64);

impl Hasher for KeyHasher {
    fn finish(&self) -> u64 {
        self.0
    }

    fn write(&mut self, bytes: &[u8]) {
        for &b in bytes {
            self.0 = self.0.rotate_left(8) ^ b as u64;
        }
    }

    fn write_u64(&mut self, n: u64) {
        self.0 = n;
    }
}

/// Positions by key, with a hasher that does no work.
type KeyMap<V> = HashMap<u64, V, BuildHasherDefault<KeyHasher>>;

/// A kept position: how it was reached.
#[derive(Clone, Copy)]
struct Node {
    /// The node it was reached from (`u32::MAX` for the start).
    parent: u32,
    /// The move that reached it.
    step: Step,
    /// Moves from the start.
    depth: u16,
}

/// A position of the current depth, waiting to be kept or dropped.
#[derive(Clone, Copy)]
struct Candidate {
    pieces: Bitboard,
    keys: [u64; 4],
    cost: u32,
    parent: u32,
    step: Step,
}

/// The most kept positions a pass remembers for meeting in the middle
/// (about 30 bytes each); past it the pass goes on without remembering.
const MAX_KEPT: usize = 3_000_000;

/// No crossing found by a beam is longer than this.
const MAX_DEPTH: u16 = 400;

/// One beam pass, which improves `best` (the shortest crossing found so
/// far, as moves) when it finds a shorter one. Returns `false` when the
/// budget ran out.
pub(super) fn pass(
    geo: &Geometry,
    rules: &Options,
    shape: Shape,
    best: &mut Option<Vec<Step>>,
    budget: &mut Budget,
) -> bool {
    let mut nodes: Vec<Node> = vec![Node {
        parent: u32::MAX,
        step: (0, 0),
        depth: 0,
    }];
    let mut kept: KeyMap<u32> = KeyMap::default();
    let start_keys = geo.keys(geo.home);
    kept.insert(canonical(&start_keys), 0);
    let mut level = vec![Candidate {
        pieces: geo.home,
        keys: start_keys,
        cost: 0,
        parent: 0,
        step: (0, 0),
    }];
    let mut level_nodes = vec![0u32];
    let mut pool: Vec<Candidate> = Vec::with_capacity(shape.width * 4 + 256);
    let mut depth: u16 = 0;
    while !level.is_empty() {
        depth += 1;
        let limit = best.as_ref().map_or(usize::MAX, Vec::len);
        if depth as usize >= limit {
            break;
        }
        pool.clear();
        for (parent, &node) in level.iter().zip(&level_nodes) {
            let Some(pos) = Position::solitaire(geo.variant, geo.seat, parent.pieces) else {
                continue;
            };
            let mut out_of_budget = false;
            pos.for_each_destination(rules, |from, dests| {
                for to in dests.squares() {
                    if out_of_budget || budget.spend() {
                        out_of_budget = true;
                        return;
                    }
                    let step = (from.index(), to.index());
                    let keys = geo.moved(parent.keys, step.0, step.1);
                    let pieces = parent.pieces.without(from).with(to);
                    if !geo.swap.is_empty() {
                        if let Some(&other) = kept.get(&turned(&keys)) {
                            let total = depth as usize + nodes[other as usize].depth as usize;
                            if total < best.as_ref().map_or(usize::MAX, Vec::len) {
                                let mut first = path(&nodes, node);
                                first.push(step);
                                let second = path(&nodes, other);
                                if let Some(moves) = join(geo, rules, first, pieces, &second) {
                                    *best = Some(moves);
                                    budget.found();
                                }
                            }
                        }
                    }
                    if kept.contains_key(&canonical(&keys)) {
                        continue;
                    }
                    let out = (pieces & !geo.target).count() as usize;
                    if depth as usize + out >= best.as_ref().map_or(usize::MAX, Vec::len) {
                        continue;
                    }
                    pool.push(Candidate {
                        pieces,
                        keys,
                        cost: cost(geo, shape, pieces),
                        parent: node,
                        step,
                    });
                    if pool.len() >= shape.width * 4 {
                        prune(&mut pool, shape.width);
                    }
                }
            });
            if out_of_budget {
                return false;
            }
        }
        prune(&mut pool, shape.width);
        level.clear();
        level_nodes.clear();
        for c in &pool {
            let index = nodes.len() as u32;
            nodes.push(Node {
                parent: c.parent,
                step: c.step,
                depth,
            });
            // Past the cap the pass goes on without meeting these.
            if kept.len() < MAX_KEPT {
                kept.insert(canonical(&c.keys), index);
            }
            level.push(*c);
            level_nodes.push(index);
        }
        if depth >= MAX_DEPTH {
            break;
        }
    }
    true
}

/// Keeps the `width` cheapest candidates, one per position.
fn prune(pool: &mut Vec<Candidate>, width: usize) {
    pool.sort_unstable_by_key(|c| (c.cost, canonical(&c.keys)));
    // The same position has the same cost, so its copies are neighbours.
    pool.dedup_by_key(|c| canonical(&c.keys));
    pool.truncate(width);
}

/// How unpromising a position is: the pieces' distances to the target,
/// plus a charge for the spread between the first and the last piece
/// (stragglers need ladders that others have left behind).
fn cost(geo: &Geometry, shape: Shape, pieces: Bitboard) -> u32 {
    let (mut sum, mut near, mut far) = (0, u32::MAX, 0);
    for sq in pieces.squares() {
        let d = geo.dist[sq.index() as usize];
        sum += d;
        near = near.min(d);
        far = far.max(d);
    }
    sum * 16 + shape.spread * (far - near)
}

/// The moves from the start to `node`.
fn path(nodes: &[Node], mut node: u32) -> Vec<Step> {
    let mut steps = Vec::new();
    while let Some(n) = nodes.get(node as usize).filter(|n| n.parent != u32::MAX) {
        steps.push(n.step);
        node = n.parent;
    }
    steps.reverse();
    steps
}

/// The crossing that plays `first` (reaching `middle`), then `second`
/// backwards and turned by whichever swapping symmetry maps the end of
/// `second` onto `middle`; `None` if no symmetry does, or a move breaks the
/// rules (the camp rule can forbid a reversed hop).
fn join(
    geo: &Geometry,
    rules: &Options,
    mut first: Vec<Step>,
    middle: Bitboard,
    second: &[Step],
) -> Option<Vec<Step>> {
    let mut end = geo.home;
    for &(from, to) in second {
        end = end.without(square(from)).with(square(to));
    }
    let symmetry = geo.swap.iter().find(|g| geo.image(g, end) == middle)?;
    first.extend(
        second
            .iter()
            .rev()
            .map(|&(from, to)| (symmetry[to as usize], symmetry[from as usize])),
    );
    super::path::check(geo, rules, &first).map(|_| first)
}

/// The square with index `i` (every index the search handles is one).
fn square(i: u16) -> Square {
    Square::from_wide_index(i).unwrap_or(Square::from_index(0))
}
