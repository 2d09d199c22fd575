//! The search's moves: generating them keyed for ordering, and the quiet
//! frontier's shortcut that finds a leaf parent's value without making its
//! children.

use super::{Engine, KILLER_KEY, TT_KEY};
use crate::eval::{self, cell, SEATS};
use crate::node::{Candidate, Node};
use halma::Seat;

impl Engine {
    /// Fills the buffer of `ply` with the moves of the side to move, keyed
    /// for ordering, and takes it out of the engine for the caller.
    pub(super) fn generate(
        &mut self,
        node: &Node,
        us: bool,
        ply: usize,
        tt_move: Option<u16>,
    ) -> Vec<Candidate> {
        let mut out = std::mem::take(&mut self.buffers[ply]);
        out.clear();
        let mask = if us { self.us } else { self.them };
        let killers = self.killers[ply];
        for s in 0..SEATS as u8 {
            if mask & (1 << s) == 0 {
                continue;
            }
            if node.pos.to_move().index() == s as usize {
                node.pos.legal_moves_into(&self.rules, &mut self.scratch);
            } else if let Some(p) = Seat::new(s).and_then(|seat| node.pos.with_to_move(seat)) {
                p.legal_moves_into(&self.rules, &mut self.scratch);
            } else {
                continue;
            }
            let metric = &self.tables.metric[s as usize];
            for mv in &self.scratch {
                let (from, to) = (cell(mv.from), cell(mv.to));
                let code = (from as u16) << 8 | to as u16;
                let key = if Some(code) == tt_move {
                    TT_KEY
                } else if code == killers[0] {
                    KILLER_KEY + 1
                } else if code == killers[1] {
                    KILLER_KEY
                } else {
                    let progress = metric[from as usize] as i32 - metric[to as usize] as i32;
                    progress * 4096 + self.history[code as usize].min(4095)
                };
                out.push(Candidate {
                    from,
                    to,
                    seat: s,
                    key,
                });
            }
        }
        out
    }

    /// Whether some seat is near the end (few pieces outside its camp, or a
    /// camp that one move could fill): evaluations there are not just piece
    /// costs, and moves may win.
    #[inline]
    pub(super) fn endgame(&self, node: &Node) -> bool {
        !eval::is_quiet(&self.tables, &node.tally, self.rules.anti_spoiling)
    }

    /// The value of a node whose children are leaves, when no seat is near
    /// the endgame. Then a child's evaluation is the parent's piece costs
    /// with one piece moved, and the side's score only grows as the mover's
    /// cost falls, so the best child of each seat is the move that lowers
    /// its cost most: found from the destination sets alone, and only that
    /// child is evaluated (and counted as a node). `None` when the shortcut
    /// does not apply (the caller searches normally).
    pub(super) fn quiet_frontier(&mut self, node: &Node, us: bool) -> Option<i32> {
        let mask = if us { self.us } else { self.them };
        // Each seat of the side counts one node: there must be room for all of them (five
        // on the star for six).
        if self.node_limit.saturating_sub(self.nodes) < u64::from(mask.count_ones()) {
            return None;
        }
        let variant = self.tables.variant;
        let mut best = None;
        for s in 0..SEATS as u8 {
            if mask & (1 << s) == 0 {
                continue;
            }
            let Some(seat) = Seat::new(s) else { continue };
            let owned;
            let pos = if node.pos.to_move() == seat {
                &node.pos
            } else {
                owned = node.pos.with_to_move(seat)?;
                &owned
            };
            let table = &self.tables.cost[s as usize];
            let mut gain = None;
            pos.for_each_destination(&self.rules, |from, dests| {
                let lowest = dests
                    .squares()
                    .map(|to| table[cell(to) as usize])
                    .min()
                    .unwrap_or(i32::MAX);
                let g = table[cell(from) as usize] - lowest;
                gain = Some(gain.map_or(g, |b: i32| b.max(g)));
            });
            if let Some(g) = gain {
                self.nodes += 1;
                let mut cost = node.tally.cost;
                cost[s as usize] -= g;
                let v = eval::quiet_side_score(variant, self.root, self.in_play, &cost);
                let v = if us { v } else { -v };
                best = Some(best.map_or(v, |b: i32| b.max(v)));
            }
        }
        // A side without moves passes: the general search handles that.
        best
    }
}
