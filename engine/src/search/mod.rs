//! The search: iterative deepening, principal-variation alpha-beta with a
//! transposition table, killer and history moves, and late-move reductions.
//!
//! With two players this is plain negamax. With three to six it is
//! Best-Reply Search (Schadd & Winands 2011): the root player's layer
//! alternates with one layer where only the single strongest reply of any
//! opponent is played, the others passing. In `four-teams` both partners
//! may move in "our" layer and both opponents in "theirs", and partners'
//! progress counts together.
//!
//! Nodes are copy-made (a [`Position`] is a few bitboards), moves are
//! generated into one preallocated buffer per ply, and the evaluation's
//! tally (piece costs, pieces home, target squares taken) is updated
//! incrementally, so a node allocates nothing.

use crate::eval::{self, cell, Tables, WIN, WIN_BOUND};
use crate::node::{Candidate, Keys, Node};
use crate::rng::mix;
use crate::tt::{Bound, Table};
use crate::{Config, SearchResult, Stop};
use halma::{Move, Options, Position, Seat};
use std::time::Instant;

mod moves;

/// The deepest ply the search goes to.
const MAX_PLY: usize = 100;
/// Larger than any score.
const INF: i32 = WIN + 1_000;
/// Ordering key of the transposition-table move.
const TT_KEY: i32 = i32::MAX;
/// Ordering key of the killer moves (above any progress key).
const KILLER_KEY: i32 = 1 << 28;
/// Moves picked one by one before the rest are sorted.
const PICKED: usize = 3;
/// Nodes between two looks at the clock and the stop flag.
const CLOCK_EVERY: u64 = 1024;

/// A reusable searcher. Keeping one per game keeps its transposition table
/// warm between moves; [`best_move`](crate::best_move) makes a fresh one.
///
/// ```
/// use halma::{Options, Position, Variant};
/// use halma_engine::{Config, Engine, Limits};
/// let pos = Position::start(Variant::Small);
/// let mut engine = Engine::new();
/// let config = Config { limits: Limits::nodes(2_000), ..Config::default() };
/// let result = engine.search(&pos, &Options::for_variant(Variant::Small), &config);
/// assert!(result.nodes <= 2_000);
/// assert!(pos.check_move(result.mv.unwrap(), &Options::for_variant(Variant::Small)).is_ok());
/// ```
pub struct Engine {
    table: Table,
    keys: Box<Keys>,
    tables: Box<Tables>,
    history: Vec<i32>,
    killers: [[u16; 2]; MAX_PLY],
    buffers: Vec<Vec<Candidate>>,
    scratch: Vec<Move>,
    // Set up for each search.
    rules: Options,
    root: Seat,
    us: u8,
    them: u8,
    /// The seats still in play at the root (bit per seat index).
    in_play: u8,
    two_players: bool,
    nodes: u64,
    node_limit: u64,
    /// The node count at which to look at the clock next.
    next_clock: u64,
    deadline: Option<Instant>,
    /// Set from another thread to end the search early.
    stop: Option<Stop>,
    stopped: bool,
    noise: i32,
    seed: u64,
}

impl Default for Engine {
    fn default() -> Engine {
        Engine::new()
    }
}

impl Engine {
    /// A searcher with a 16 MiB transposition table (2^20 slots).
    pub fn new() -> Engine {
        Engine::with_table_bits(20)
    }

    /// A searcher with a transposition table of `2^bits` slots of 16 bytes
    /// (`bits` is clamped to 4..=28).
    pub fn with_table_bits(bits: u8) -> Engine {
        Engine {
            table: Table::new(bits),
            keys: Box::new(Keys::new()),
            tables: Box::new(Tables::new(halma::Variant::Standard)),
            history: vec![0; 1 << 16],
            killers: [[0; 2]; MAX_PLY],
            buffers: (0..MAX_PLY).map(|_| Vec::with_capacity(512)).collect(),
            scratch: Vec::with_capacity(512),
            rules: Options::for_variant(halma::Variant::Standard),
            root: Seat::A,
            us: 1,
            them: 2,
            in_play: 3,
            two_players: true,
            nodes: 0,
            node_limit: u64::MAX,
            next_clock: 0,
            deadline: None,
            stop: None,
            stopped: false,
            noise: 0,
            seed: 0,
        }
    }

    /// Forgets what earlier searches learnt (the transposition table and
    /// the move-ordering statistics), so the next search is reproducible on
    /// its own.
    pub fn clear(&mut self) {
        self.table.clear();
        self.history.fill(0);
        self.killers = [[0; 2]; MAX_PLY];
    }

    /// Searches `pos` under the game's `rules` within `config`'s limits and
    /// returns the best move found (`None` when the player must pass).
    ///
    /// Every returned move is legal. With a node budget and no time budget
    /// the search never reads the clock, so the same engine state, position
    /// and config give the same result.
    ///
    /// Every variant is searched, the star's ([`halma::Variant::STAR`])
    /// included.
    pub fn search(&mut self, pos: &Position, rules: &Options, config: &Config) -> SearchResult {
        self.run(pos, rules, config, None)
    }

    /// Like [`search`](Engine::search), but ends early once `stop` is set
    /// (from any thread): the flag is read every 1024 nodes, and a search
    /// whose flag is set before it starts visits no node. A stopped search
    /// returns the best move found so far, which is still legal: before the
    /// first iteration completes, the root move that gains most ground.
    ///
    /// ```
    /// use halma::{Options, Position, Variant};
    /// use halma_engine::{Config, Engine, Limits, Stop};
    /// let pos = Position::start(Variant::Small);
    /// let rules = Options::for_variant(Variant::Small);
    /// let stop = Stop::new();
    /// stop.stop();
    /// let config = Config { limits: Limits::nodes(1_000_000), ..Config::default() };
    /// let result = Engine::new().search_until(&pos, &rules, &config, &stop);
    /// assert_eq!(result.nodes, 0);
    /// assert!(pos.check_move(result.mv.unwrap(), &rules).is_ok());
    /// ```
    pub fn search_until(
        &mut self,
        pos: &Position,
        rules: &Options,
        config: &Config,
        stop: &Stop,
    ) -> SearchResult {
        let result = self.run(pos, rules, config, Some(stop.clone()));
        // The engine outlives the search: do not keep the caller's flag.
        self.stop = None;
        result
    }

    fn run(
        &mut self,
        pos: &Position,
        rules: &Options,
        config: &Config,
        stop: Option<Stop>,
    ) -> SearchResult {
        self.prepare(pos, rules, config, stop);
        let root_moves = pos.legal_moves(rules);
        let root = Node::root(pos, &self.tables, &self.keys, self.two_players);
        if root_moves.is_empty() {
            return SearchResult {
                mv: None,
                chain: Vec::new(),
                score: self.evaluate(&root, true),
                depth: 0,
                nodes: 0,
            };
        }
        let seat = pos.to_move();
        let metric = &self.tables.metric[seat.index()];
        let mut ordered: Vec<Candidate> = root_moves
            .iter()
            .map(|&mv| {
                let gain =
                    metric[cell(mv.from) as usize] as i32 - metric[cell(mv.to) as usize] as i32;
                Candidate::new(mv, seat.index() as u8, gain)
            })
            .collect();
        // Stable: equal keys keep the rules crate's order.
        ordered.sort_by_key(|c| std::cmp::Reverse(c.key));

        let mut best = ordered[0];
        let mut best_score = 0;
        let mut depth_done = 0;
        if ordered.len() > 1 && !self.stop_requested() {
            let max_depth = config
                .limits
                .depth
                .unwrap_or(u32::MAX)
                .clamp(1, MAX_PLY as u32 - 4);
            let started = config.limits.time.map(|_| Instant::now());
            for depth in 1..=max_depth {
                if let (Some(start), Some(budget)) = (started, config.limits.time) {
                    // An iteration takes longer than all before it together.
                    if depth > 1 && start.elapsed() * 2 > budget {
                        break;
                    }
                }
                let (found, score) = self.root_iteration(&root, &mut ordered, depth as i32);
                if let Some(i) = found {
                    // Even a cut-short iteration's best move was searched
                    // fully and beat the previous best at this depth.
                    best = ordered[i];
                    best_score = score;
                    ordered[..=i].rotate_right(1);
                }
                if self.stopped {
                    break;
                }
                depth_done = depth;
                // Stop at a win (or loss) seen within this depth. A longer
                // one can come from the transposition table, grafted from
                // an earlier search: keep deepening, or the engine may
                // chase a win it never gets nearer to (stepping a piece
                // back and forth, each time "winning in 8").
                if score.abs() > WIN_BOUND && WIN - score.abs() <= depth as i32 {
                    break;
                }
            }
        }
        let mv = best.to_move(&self.tables);
        SearchResult {
            mv: Some(mv),
            chain: pos.chain(mv, rules).unwrap_or_else(|| vec![mv.from, mv.to]),
            score: best_score,
            depth: depth_done,
            nodes: self.nodes,
        }
    }

    fn prepare(&mut self, pos: &Position, rules: &Options, config: &Config, stop: Option<Stop>) {
        let variant = pos.variant();
        if self.tables.variant != variant {
            *self.tables = Tables::new(variant);
        }
        self.rules = *rules;
        self.tables.free_spoilers = !rules.anti_spoiling;
        self.root = pos.to_move();
        self.two_players = variant.players() == 2;
        let root_bit = 1u8 << self.root.index();
        self.us = match variant.partner(self.root) {
            Some(p) => root_bit | 1 << p.index(),
            None => root_bit,
        };
        // Players removed from the game (no pieces left) are nobody's
        // opponents: they neither move nor count in the evaluation.
        self.in_play = eval::in_play(pos);
        self.them = self.in_play & !self.us;
        self.nodes = 0;
        self.node_limit = config.limits.nodes.unwrap_or(u64::MAX);
        self.deadline = config.limits.time.map(|t| Instant::now() + t);
        // Nothing to look at: never stop for a look.
        self.next_clock = if self.deadline.is_some() || stop.is_some() {
            CLOCK_EVERY
        } else {
            u64::MAX
        };
        self.stop = stop;
        self.stopped = false;
        self.noise = config.noise.min(100_000) as i32;
        self.seed = mix(config.seed);
        self.killers = [[0; 2]; MAX_PLY];
        self.table.new_search();
        for h in self.history.iter_mut() {
            *h /= 8;
        }
    }

    /// One iteration over the root moves. Returns the index of the best
    /// fully searched move (if any) and its score.
    fn root_iteration(
        &mut self,
        root: &Node,
        moves: &mut [Candidate],
        depth: i32,
    ) -> (Option<usize>, i32) {
        let mut alpha = -INF;
        let beta = INF;
        let mut found = None;
        for (i, &c) in moves.iter().enumerate() {
            if self.out_of_budget() {
                break;
            }
            self.nodes += 1;
            let child = root.child(c, &self.tables, &self.keys);
            let score = if self.wins(&child, c.seat) {
                WIN - 1
            } else if i == 0 {
                -self.alpha_beta(&child, false, depth - 1, 1, -beta, -alpha)
            } else {
                let s = -self.alpha_beta(&child, false, depth - 1, 1, -alpha - 1, -alpha);
                if s > alpha && !self.stopped {
                    -self.alpha_beta(&child, false, depth - 1, 1, -beta, -alpha)
                } else {
                    s
                }
            };
            if self.stopped {
                break;
            }
            if score > alpha {
                alpha = score;
                found = Some(i);
            }
        }
        if let Some(i) = found {
            let c = moves[i];
            // A cut-short iteration only shows the best move is at least
            // this good.
            let bound = if self.stopped {
                Bound::Lower
            } else {
                Bound::Exact
            };
            self.table
                .store(root.hash, 0, depth, alpha, bound, Some((c.from, c.to)));
        }
        (found, alpha)
    }

    #[inline]
    fn out_of_budget(&mut self) -> bool {
        if self.stopped {
            return true;
        }
        if self.nodes >= self.node_limit {
            self.stopped = true;
        } else if self.nodes >= self.next_clock {
            self.next_clock = self.nodes + CLOCK_EVERY;
            self.stopped =
                self.stop_requested() || self.deadline.is_some_and(|d| Instant::now() >= d);
        }
        self.stopped
    }

    /// Whether the caller's stop flag is set.
    fn stop_requested(&self) -> bool {
        self.stop.as_ref().is_some_and(Stop::is_stopped)
    }

    /// The static value of `node` for the side to move (`us`: the root's).
    #[inline]
    fn evaluate(&self, node: &Node, us: bool) -> i32 {
        let mut v = eval::side_score(
            &self.tables,
            &node.pos,
            self.root,
            self.in_play,
            &node.tally,
        );
        if self.noise > 0 {
            let span = 2 * self.noise as u64 + 1;
            v += (mix(node.hash ^ self.seed) % span) as i32 - self.noise;
        }
        if us {
            v
        } else {
            -v
        }
    }

    /// Whether the move just made by `seat` (leading to `node`) wins the
    /// game for its side.
    #[inline]
    fn wins(&self, node: &Node, seat: u8) -> bool {
        let anti = self.rules.anti_spoiling;
        let done = |s: usize| self.tables.is_done(&node.tally, s, anti);
        let mover = Seat::new(seat).unwrap_or(Seat::A);
        match self.tables.variant.partner(mover) {
            Some(partner) => done(mover.index()) && done(partner.index()),
            None => done(mover.index()),
        }
    }

    fn alpha_beta(
        &mut self,
        node: &Node,
        us: bool,
        depth: i32,
        ply: usize,
        mut alpha: i32,
        beta: i32,
    ) -> i32 {
        if depth <= 0 || ply >= MAX_PLY - 1 {
            return self.evaluate(node, us);
        }
        let alpha_in = alpha;
        let mut tt_move = None;
        // Nodes next to the leaves skip the table: a probe is a cache miss
        // that costs more than searching them.
        let use_table = depth >= 2;
        if let Some(e) = use_table
            .then(|| self.table.probe(node.hash, ply))
            .flatten()
        {
            if e.from != e.to {
                tt_move = Some((e.from as u16) << 8 | e.to as u16);
            }
            if e.depth as i32 >= depth {
                match e.bound {
                    Bound::Exact => return e.score,
                    Bound::Lower if e.score >= beta => return e.score,
                    Bound::Upper if e.score <= alpha => return e.score,
                    _ => {}
                }
            }
        }
        if depth == 1 && self.noise == 0 && !self.endgame(node) {
            // A move almost always gains ground in Halma, so away from the
            // endgame the static value is a lower bound here: fail high on
            // it without generating moves.
            let standing = self.evaluate(node, us);
            if standing >= beta {
                return standing;
            }
            if let Some(score) = self.quiet_frontier(node, us) {
                return score;
            }
        }
        let mut moves = self.generate(node, us, ply, tt_move);
        if moves.is_empty() {
            self.buffers[ply] = moves;
            let passed = node.passed(&self.keys, self.two_players);
            return -self.alpha_beta(&passed, !us, depth - 1, ply + 1, -beta, -alpha);
        }
        let mut best = -INF;
        let mut best_move = None;
        for i in 0..moves.len() {
            // Pick the best few by selection (a cut-off usually comes
            // early); past them, sort the rest once.
            if i < PICKED {
                let mut top = i;
                for j in i + 1..moves.len() {
                    if moves[j].key > moves[top].key {
                        top = j;
                    }
                }
                moves.swap(i, top);
            } else if i == PICKED {
                moves[i..].sort_unstable_by_key(|c| std::cmp::Reverse(c.key));
            }
            let c = moves[i];
            if self.out_of_budget() {
                break;
            }
            self.nodes += 1;
            let child = node.child(c, &self.tables, &self.keys);
            let score = if self.wins(&child, c.seat) {
                WIN - (ply as i32 + 1)
            } else if i == 0 {
                -self.alpha_beta(&child, !us, depth - 1, ply + 1, -beta, -alpha)
            } else {
                let quiet = c.key < KILLER_KEY;
                let reduction = if depth >= 3 && i >= 4 && quiet {
                    (1 + (i >= 16) as i32).min(depth - 2)
                } else {
                    0
                };
                let mut s = -self.alpha_beta(
                    &child,
                    !us,
                    depth - 1 - reduction,
                    ply + 1,
                    -alpha - 1,
                    -alpha,
                );
                if s > alpha && reduction > 0 && !self.stopped {
                    s = -self.alpha_beta(&child, !us, depth - 1, ply + 1, -alpha - 1, -alpha);
                }
                if s > alpha && s < beta && !self.stopped {
                    s = -self.alpha_beta(&child, !us, depth - 1, ply + 1, -beta, -alpha);
                }
                s
            };
            if self.stopped {
                break;
            }
            if score > best {
                best = score;
                best_move = Some(c);
                if score > alpha {
                    alpha = score;
                    if alpha >= beta {
                        if c.key < KILLER_KEY {
                            let k = &mut self.killers[ply];
                            if k[0] != c.code() {
                                k[1] = k[0];
                                k[0] = c.code();
                            }
                            let h = &mut self.history[c.code() as usize];
                            *h = (*h + depth * depth).min(1 << 20);
                        }
                        break;
                    }
                }
            }
        }
        self.buffers[ply] = moves;
        if self.stopped {
            return 0;
        }
        if !use_table {
            return best;
        }
        let bound = if best >= beta {
            Bound::Lower
        } else if best > alpha_in {
            Bound::Exact
        } else {
            Bound::Upper
        };
        self.table.store(
            node.hash,
            ply,
            depth,
            best,
            bound,
            best_move.map(|c| (c.from, c.to)),
        );
        best
    }
}
