//! Arena tournaments: free players are paired as they come, for as long as the arena lasts.
//!
//! Pairing takes the players free right now and matches them as a whole (one maximum-weight
//! matching, see the `matching` module), by these rules in order:
//!
//! 1. as many games as possible start now, paused players aside;
//! 2. nobody meets the opponent they just played while anyone else is free;
//! 3. with an odd count, the player who joined the queue last is the one left waiting;
//! 4. players meet players of the nearest score: the sum of the score differences is
//!    smallest.
//!
//! Scoring: a win is 2, a draw 1, a loss 0. After two wins in a row a player is *on fire*:
//! each further win counts double (4) until a game is not won; a draw then scores its
//! plain 1 and, like a loss, puts the fire out.

use std::cmp::Reverse;

use crate::matching::{max_weight_matching, Scale};
use crate::score::{Outcome, PlayerId};
use crate::tournament::TournamentError;

/// A player free to play, as the arena's queue holds them.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Waiting {
    /// Who this is.
    pub id: PlayerId,
    /// Arena points so far.
    pub score: u32,
    /// Whom they played last, if anyone.
    pub last_opponent: Option<PlayerId>,
    /// A paused player stays in the arena but gets no game.
    pub paused: bool,
}

impl Waiting {
    /// A free player, not paused, with no game yet.
    pub fn new(id: PlayerId, score: u32) -> Waiting {
        Waiting {
            id,
            score,
            last_opponent: None,
            paused: false,
        }
    }
}

/// Pairs the free players of an arena. `queue` is in the order players became free
/// (longest waiting first). Each pair lists the longer-waiting player first; who moves
/// first is the caller's choice.
///
/// Fails only for queues of many thousands of players.
///
/// ```
/// use halma_pairing::{pair_arena, Waiting};
/// let queue = [Waiting::new(1, 10), Waiting::new(2, 0), Waiting::new(3, 9), Waiting::new(4, 1)];
/// assert_eq!(pair_arena(&queue).unwrap(), vec![(1, 3), (2, 4)]);
/// ```
pub fn pair_arena(queue: &[Waiting]) -> Result<Vec<(PlayerId, PlayerId)>, TournamentError> {
    let free: Vec<&Waiting> = queue.iter().filter(|w| !w.paused).collect();
    let n = free.len();
    let pairs = n as u64 / 2;
    let high = free.iter().map(|w| w.score).max().unwrap_or(0);
    let low = free.iter().map(|w| w.score).min().unwrap_or(0);
    let bounds = [pairs, 2 * pairs * n as u64, pairs * u64::from(high - low)];
    let scale = Scale::new(&bounds, n)?;
    let mate = max_weight_matching(n, |a, b| {
        let rematch =
            free[a].last_opponent == Some(free[b].id) || free[b].last_opponent == Some(free[a].id);
        // Summed over the games, the queue places add up to all places but the one left
        // waiting: the smaller that sum, the later the player who waits joined.
        let places = (a + b) as u64;
        let gap = u64::from(free[a].score.abs_diff(free[b].score));
        Some(scale.weight(&[u64::from(rematch), places, gap]))
    });
    Ok(mate
        .iter()
        .enumerate()
        .filter_map(|(a, m)| m.filter(|&b| a < b).map(|b| (free[a].id, free[b].id)))
        .collect())
}

/// A player's arena score, game by game.
///
/// ```
/// use halma_pairing::{ArenaScore, Outcome::*};
/// let mut score = ArenaScore::default();
/// for outcome in [Win, Win, Win, Draw, Win] {
///     score.record(outcome);
/// }
/// // 2 + 2, then on fire: 4; the draw scores 1 and ends the streak; 2.
/// assert_eq!(score.points, 11);
/// assert!(!score.on_fire());
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct ArenaScore {
    /// Points so far.
    pub points: u32,
    /// Games played.
    pub games: u32,
    /// Games won.
    pub wins: u32,
    /// Games lost.
    pub losses: u32,
    /// Wins since the last game not won.
    pub streak: u32,
}

impl ArenaScore {
    /// The score of a sequence of results, oldest first.
    ///
    /// ```
    /// use halma_pairing::{ArenaScore, Outcome::*};
    /// assert_eq!(ArenaScore::of(&[Win, Loss, Draw]).points, 3);
    /// ```
    pub fn of(outcomes: &[Outcome]) -> ArenaScore {
        let mut score = ArenaScore::default();
        for &outcome in outcomes {
            score.record(outcome);
        }
        score
    }

    /// Whether the next win counts double: the last two games were won.
    pub fn on_fire(&self) -> bool {
        self.streak >= 2
    }

    /// Adds one game's result and returns what it scored.
    pub fn record(&mut self, outcome: Outcome) -> u32 {
        let points = match outcome {
            Outcome::Win if self.on_fire() => 4,
            Outcome::Win => 2,
            Outcome::Draw => 1,
            Outcome::Loss => 0,
        };
        self.points += points;
        self.games += 1;
        match outcome {
            Outcome::Win => {
                self.wins += 1;
                self.streak += 1;
            }
            Outcome::Draw => self.streak = 0,
            Outcome::Loss => {
                self.losses += 1;
                self.streak = 0;
            }
        }
        points
    }
}

/// One game of an arena, seen from one player: enough for the standings.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ArenaGame {
    /// The opponent's rating when the game started.
    pub opponent_rating: i32,
    /// How it ended for this player.
    pub outcome: Outcome,
}

/// An arena player and their games, oldest first.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ArenaEntry {
    /// Who this is.
    pub id: PlayerId,
    /// Their games in the order played.
    pub games: Vec<ArenaGame>,
}

/// One line of an arena's table.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ArenaStanding {
    /// The player.
    pub id: PlayerId,
    /// The place, from 1; shared by players level on points and performance.
    pub place: usize,
    /// Their score.
    pub score: ArenaScore,
    /// The rating their results were worth: the opponents' average rating plus 500 times
    /// (wins − losses) / games. `None` before the first game.
    pub performance: Option<i32>,
}

/// The performance rating of a list of games (see [`ArenaStanding::performance`]).
///
/// ```
/// use halma_pairing::{performance, ArenaGame, Outcome};
/// let games = [
///     ArenaGame { opponent_rating: 1600, outcome: Outcome::Win },
///     ArenaGame { opponent_rating: 1400, outcome: Outcome::Draw },
/// ];
/// assert_eq!(performance(&games), Some(1500 + 250));
/// ```
pub fn performance(games: &[ArenaGame]) -> Option<i32> {
    let n = i64::try_from(games.len()).ok().filter(|&n| n > 0)?;
    let ratings: i64 = games.iter().map(|g| i64::from(g.opponent_rating)).sum();
    let balance: i64 = games
        .iter()
        .map(|g| match g.outcome {
            Outcome::Win => 1,
            Outcome::Draw => 0,
            Outcome::Loss => -1,
        })
        .sum();
    i32::try_from((ratings + 500 * balance).div_euclid(n)).ok()
}

/// An arena's table, best first: points, then performance, then fewer games, then id.
///
/// ```
/// use halma_pairing::{arena_standings, ArenaEntry, ArenaGame, Outcome};
/// let won = ArenaGame { opponent_rating: 1500, outcome: Outcome::Win };
/// let table = arena_standings(&[
///     ArenaEntry { id: 1, games: vec![] },
///     ArenaEntry { id: 2, games: vec![won] },
/// ]);
/// assert_eq!((table[0].id, table[0].score.points, table[0].place), (2, 2, 1));
/// assert_eq!(table[1].performance, None);
/// ```
pub fn arena_standings(entries: &[ArenaEntry]) -> Vec<ArenaStanding> {
    let mut table: Vec<ArenaStanding> = entries
        .iter()
        .map(|e| {
            let outcomes: Vec<Outcome> = e.games.iter().map(|g| g.outcome).collect();
            ArenaStanding {
                id: e.id,
                place: 0,
                score: ArenaScore::of(&outcomes),
                performance: performance(&e.games),
            }
        })
        .collect();
    table.sort_by_key(|s| {
        (
            Reverse((s.score.points, s.performance)),
            s.score.games,
            s.id,
        )
    });
    for k in 0..table.len() {
        let level = k > 0
            && (table[k - 1].score.points, table[k - 1].performance)
                == (table[k].score.points, table[k].performance);
        table[k].place = if level { table[k - 1].place } else { k + 1 };
    }
    table
}
