//! Finding a chain puzzle worth setting: from the positions of finished
//! games, or, when there are none (or none gives one), from games the engine
//! plays against itself. A puzzle is worth setting when its answer needs
//! two hops or more and beats every other move clearly; on the square
//! boards, whose king-step distance often leaves the second best move one
//! step behind, such positions are rarer, so when the capped search finds
//! none it settles for the best it saw. Everything is decided by a seed,
//! and the work is capped, so the same seed gives the same puzzle, quickly.

use crate::chain::{ranked, ChainPuzzle};
use halma::{Game, Options, Position, Variant};
use halma_engine::rng::{combine, SplitMix};
use halma_engine::{Config, Engine, Limits};

/// The fewest hops the answer of a set puzzle needs: a single hop or a step
/// is too easy to spot.
pub const MIN_HOPS: usize = 2;

/// The least by which the answer of a set puzzle must beat the second best
/// move (steps of the rule book's distance), so that it is clearly best.
pub const MIN_LEAD: i32 = 2;

/// The most positions examined in one list of positions.
pub const MAX_POSITIONS: usize = 300;

/// The most games the engine plays against itself for one puzzle.
pub const MAX_GAMES: u64 = 16;

/// The most plies of one self-play game.
pub const MAX_PLIES: usize = 160;

/// Positions each self-play move may search: shallow and noisy, so that
/// the games look like people's and differ from seed to seed.
const SELF_PLAY_NODES: u64 = 250;

/// The evaluation noise of self-play (a king step toward the camp is worth
/// roughly 30 to 60 to the engine).
const SELF_PLAY_NOISE: u32 = 40;

/// Plies at the start of a self-play game that are played at random among
/// the moves that do not go backwards, so that openings differ.
const RANDOM_OPENING: usize = 4;

/// Whether `puzzle` is worth setting: its answer needs [`MIN_HOPS`] hops at
/// least and leads the second best move by [`MIN_LEAD`] at least.
pub fn is_worthwhile(puzzle: &ChainPuzzle) -> bool {
    puzzle.hops() >= MIN_HOPS && puzzle.lead() >= MIN_LEAD
}

/// The best puzzle seen so far: a worthwhile one ends the search; until one
/// turns up, the one with the largest lead (then the most hops, then the
/// first seen) among those whose answer needs [`MIN_HOPS`] hops.
#[derive(Default)]
struct Pick(Option<ChainPuzzle>);

impl Pick {
    /// Whether a worthwhile puzzle was found.
    fn is_done(&self) -> bool {
        self.0.as_ref().is_some_and(is_worthwhile)
    }

    /// Looks at `positions` in an order drawn from `seed`, at most
    /// [`MAX_POSITIONS`] of them, until a worthwhile puzzle is found.
    fn scan(&mut self, positions: &[Position], rules: &Options, seed: u64) {
        let mut order: Vec<usize> = (0..positions.len()).collect();
        SplitMix::new(seed).shuffle(&mut order);
        for i in order.into_iter().take(MAX_POSITIONS) {
            if self.is_done() {
                return;
            }
            let Some(puzzle) = ChainPuzzle::from_position(&positions[i], rules) else {
                continue;
            };
            let key = |p: &ChainPuzzle| (p.lead(), p.hops());
            if puzzle.hops() >= MIN_HOPS && self.0.as_ref().is_none_or(|b| key(&puzzle) > key(b)) {
                self.0 = Some(puzzle);
            }
        }
    }
}

/// A chain puzzle from `positions` (each for its player to move, under
/// `rules`), looked at in an order drawn from `seed`, at most
/// [`MAX_POSITIONS`] of them: the first worthwhile one
/// ([`is_worthwhile`]), or if none is, the one whose answer leads most
/// among those that need [`MIN_HOPS`] hops. `None` if no position has a
/// unique best move of that many hops.
///
/// ```
/// use halma::{Options, Position};
/// use halma_puzzles::{chain_from_positions, is_worthwhile};
/// let pos: Position = "small bbbb4/bbb5/b7/8/2b5/8/1b6/a7 a".parse().unwrap();
/// let rules = Options::default_for(&pos);
/// // Its two-hop answer leads the second best move by one step only:
/// // not worthwhile, but the best there is.
/// let puzzle = chain_from_positions(&[pos.clone()], &rules, 1).unwrap();
/// assert!(!is_worthwhile(&puzzle));
/// // A single hop is never set.
/// let one_hop: Position = "small bbbb4/bbb5/b7/8/8/8/1b6/a7 a".parse().unwrap();
/// assert!(chain_from_positions(&[one_hop], &rules, 1).is_none());
/// ```
pub fn chain_from_positions(
    positions: &[Position],
    rules: &Options,
    seed: u64,
) -> Option<ChainPuzzle> {
    let mut pick = Pick::default();
    pick.scan(positions, rules, seed);
    pick.0
}

/// A chain puzzle on `variant` under `rules`, the same for the same
/// arguments: from `positions` (finished games' on the server) as
/// [`chain_from_positions`] picks it, or when they give none (or there are
/// none), from self-play games ([`self_play`]) until one gives a worthwhile
/// puzzle, [`MAX_GAMES`] at most; after that, the best they gave. `None`
/// only if no position at all has a unique best move of [`MIN_HOPS`] hops.
/// Positions of another variant than `variant` are skipped.
///
/// ```
/// use halma::{Options, Variant};
/// use halma_puzzles::{generate_chain, is_worthwhile};
/// let rules = Options::for_variant(Variant::Star2);
/// let puzzle = generate_chain(Variant::Star2, &rules, &[], 7).unwrap();
/// assert!(is_worthwhile(&puzzle));
/// assert_eq!(generate_chain(Variant::Star2, &rules, &[], 7), Some(puzzle));
/// ```
pub fn generate_chain(
    variant: Variant,
    rules: &Options,
    positions: &[Position],
    seed: u64,
) -> Option<ChainPuzzle> {
    let own: Vec<Position> = positions
        .iter()
        .filter(|p| p.variant() == variant)
        .cloned()
        .collect();
    if let Some(puzzle) = chain_from_positions(&own, rules, seed) {
        return Some(puzzle);
    }
    let mut pick = Pick::default();
    for game in 0..MAX_GAMES {
        let game_seed = combine(seed, game);
        pick.scan(&self_play(variant, rules, game_seed), rules, game_seed);
        if pick.is_done() {
            break;
        }
    }
    pick.0
}

/// The positions of one game the engine plays against itself on `variant`
/// under `rules`, from the start, each with a player to move: a few random
/// forward moves, then shallow noisy searches, until the game ends or
/// [`MAX_PLIES`] plies. The same seed gives the same game.
///
/// ```
/// use halma::{Options, Variant};
/// use halma_puzzles::self_play;
/// let rules = Options::for_variant(Variant::Small);
/// let game = self_play(Variant::Small, &rules, 3);
/// assert!(game.len() > 10);
/// assert_eq!(game, self_play(Variant::Small, &rules, 3));
/// ```
pub fn self_play(variant: Variant, rules: &Options, seed: u64) -> Vec<Position> {
    let mut rng = SplitMix::new(seed);
    // A small table: the searches are a few hundred positions each.
    let mut engine = Engine::with_table_bits(14);
    let mut game = Game::new(Position::start(variant), *rules);
    let mut positions = Vec::new();
    while !game.outcome().is_over() && positions.len() < MAX_PLIES {
        let pos = game.position().clone();
        let mv = if positions.len() < RANDOM_OPENING {
            let forward: Vec<_> = ranked(&pos, rules)
                .into_iter()
                .filter(|&(_, gain)| gain >= 0)
                .map(|(mv, _)| mv)
                .collect();
            forward.get(rng.below(forward.len())).copied()
        } else {
            let config = Config {
                limits: Limits {
                    nodes: Some(SELF_PLAY_NODES),
                    depth: Some(2),
                    time: None,
                },
                seed: rng.next_u64(),
                noise: SELF_PLAY_NOISE,
            };
            engine.search(&pos, rules, &config).mv
        };
        positions.push(pos);
        // A player with no move was passed for by the game already; the
        // engine never answers `None` otherwise.
        let Some(mv) = mv else { break };
        if game.play(&mv.into()).is_err() {
            break;
        }
    }
    positions
}
