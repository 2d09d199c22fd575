//! Swiss pairing in the spirit of the FIDE Dutch system, as one maximum-weight matching.
//!
//! The active players (everyone not withdrawn) are ranked by points, then by the initial
//! ranking (rating, then id). With an odd count a stand-in "bye" vertex joins the graph.
//! Every possible pair gets a weight that encodes, in this order of priority
//! (each [`Quality`] field, the first mattering most):
//!
//! 1. nobody gets a second bye while someone has had none;
//! 2. no pair meets again. This is treated as absolute: a repeat is paired only when no
//!    pairing of the whole round without one exists (then as few repeats as possible);
//! 3. the bye goes to the lowest-ranked player (by points, then rank) still without one;
//! 4. nobody moves first (or second) three times in a row, nor drifts more than two first
//!    moves from balance (the Dutch system's absolute colour rules);
//! 5. players meet players of their own score: the sum of squared score differences over
//!    the pairs is smallest, so a player who cannot be paired in their score group floats to
//!    the next group down rather than further;
//! 6. strong first-move wishes (one game off balance), then 7. mild ones (alternation);
//! 8. the Dutch shape: inside a score group the top half meets the bottom half (1st with
//!    the first of the lower half, and so on), and a floater is the lowest of their group
//!    and meets the highest of the next.
//!
//! Who moves first in each pair is decided by the same first-move rules; on a tie the
//! higher-ranked player's wish wins (see [`FirstMoveWish`]).

use std::collections::HashSet;

use crate::first_move::{decide, FirstMoveWish};
use crate::matching::{max_weight_matching, Scale};
use crate::score::PlayerId;
use crate::tournament::{Field, Player, TournamentError};

/// One game of a round: who moves first and who second.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Pair {
    /// The player who makes the first move.
    pub first: PlayerId,
    /// The other player.
    pub second: PlayerId,
}

/// A round's pairings: the games, best-ranked first (board order), and the bye if any.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Pairings {
    /// The games, ordered by the better-ranked player of each.
    pub pairs: Vec<Pair>,
    /// The player who sits out this round and scores a point, with an odd count.
    pub bye: Option<PlayerId>,
}

/// How good a round's pairing is, criterion by criterion; smaller is better, and the
/// fields compare in order (the derived `Ord` is the order of priority).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Quality {
    /// 1 when the bye goes to someone who has had one.
    pub second_byes: u64,
    /// Pairs who have met before in this tournament.
    pub repeats: u64,
    /// How far from the bottom of the ranking the bye goes (0: the lowest-ranked player).
    pub bye_height: u64,
    /// Players made to move first (or second) three times in a row or beyond a balance of two.
    pub first_move_rules_broken: u64,
    /// The sum over pairs of the squared score difference, counted in half points.
    pub score_gaps: u64,
    /// Strong first-move wishes left unmet.
    pub strong_wishes_unmet: u64,
    /// Mild first-move wishes left unmet.
    pub mild_wishes_unmet: u64,
    /// How far the pairs are from the Dutch shape (top half against bottom half).
    pub shape: u64,
}

impl Quality {
    fn costs(&self) -> [u64; 8] {
        [
            self.second_byes,
            self.repeats,
            self.bye_height,
            self.first_move_rules_broken,
            self.score_gaps,
            self.strong_wishes_unmet,
            self.mild_wishes_unmet,
            self.shape,
        ]
    }

    fn add(&mut self, other: Quality) {
        let [a, b, c, d, e, f, g, h] = other.costs();
        self.second_byes += a;
        self.repeats += b;
        self.bye_height += c;
        self.first_move_rules_broken += d;
        self.score_gaps += e;
        self.strong_wishes_unmet += f;
        self.mild_wishes_unmet += g;
        self.shape += h;
    }
}

/// The default number of rounds for a field: ⌈log₂ players⌉, at least three.
///
/// ```
/// use halma_pairing::default_rounds;
/// assert_eq!(default_rounds(2), 3);
/// assert_eq!(default_rounds(8), 3);
/// assert_eq!(default_rounds(9), 4);
/// assert_eq!(default_rounds(100), 7);
/// ```
pub fn default_rounds(players: usize) -> u32 {
    let log = players.max(1).next_power_of_two().trailing_zeros();
    log.max(3)
}

/// Pairs the next round of a Swiss tournament.
///
/// `players` holds every entrant with their rounds so far; those in `withdrawn` are left
/// out of this round (their past games still count for others). The pairing is the best by
/// [`Quality`], compared field by field: no second bye, no repeat game unless the round
/// cannot be paired without one, the bye to the lowest-ranked player without one, the
/// first-move rules, the smallest score differences, first-move wishes, then top half
/// against bottom half inside each score group.
///
/// ```
/// use std::collections::HashSet;
/// use halma_pairing::{pair_round, Player};
/// let players: Vec<Player> = (1..=5).map(|id| Player::new(id, 2000 - id as i32)).collect();
/// let round = pair_round(&players, &HashSet::new()).unwrap();
/// // Top half against bottom half; the lowest-ranked player sits out.
/// assert_eq!(round.bye, Some(5));
/// assert_eq!(round.pairs.len(), 2);
/// assert_eq!((round.pairs[0].first, round.pairs[0].second), (1, 3));
/// assert_eq!((round.pairs[1].first, round.pairs[1].second), (4, 2));
/// ```
pub fn pair_round(
    players: &[Player],
    withdrawn: &HashSet<PlayerId>,
) -> Result<Pairings, TournamentError> {
    let round = RoundField::new(players, withdrawn)?;
    let m = round.active.len();
    let vertices = m + m % 2;
    let scale = Scale::new(&round.bounds(), vertices)?;
    let mate = max_weight_matching(vertices, |a, b| {
        let quality = if b == m {
            round.bye_cost(a)
        } else {
            round.pair_cost(a, b)
        };
        Some(scale.weight(&quality.costs()))
    });
    let mut bye = None;
    let mut boards = Vec::new();
    for (a, partner) in mate.iter().enumerate().take(m) {
        match *partner {
            Some(b) if b == m => bye = Some(round.id(a)),
            Some(b) if a < b => boards.push((a, b)),
            // Every vertex is matched: each edge outweighs any penalty (see `Scale`).
            None => return Err(TournamentError::TooLarge),
            Some(_) => {}
        }
    }
    let pairs = boards
        .into_iter()
        .enumerate()
        .map(|(board, (a, b))| {
            let higher_first = decide(&round.wishes[a], &round.wishes[b], board % 2 == 0).0;
            let (first, second) = if higher_first { (a, b) } else { (b, a) };
            Pair {
                first: round.id(first),
                second: round.id(second),
            }
        })
        .collect();
    Ok(Pairings { pairs, bye })
}

/// Measures a round's pairing by the criteria that [`pair_round`] optimises.
///
/// Fails with [`TournamentError::Misplaced`] when `pairings` does not place every active
/// player exactly once (or places a withdrawn one).
///
/// ```
/// use std::collections::HashSet;
/// use halma_pairing::{pair_round, quality, Player};
/// let players: Vec<Player> = (1..=4).map(|id| Player::new(id, 1500)).collect();
/// let round = pair_round(&players, &HashSet::new()).unwrap();
/// assert_eq!(quality(&players, &HashSet::new(), &round).unwrap().repeats, 0);
/// ```
pub fn quality(
    players: &[Player],
    withdrawn: &HashSet<PlayerId>,
    pairings: &Pairings,
) -> Result<Quality, TournamentError> {
    let round = RoundField::new(players, withdrawn)?;
    let mut seen = vec![false; round.active.len()];
    let mut place = |id: PlayerId| {
        let at = round.field.index.get(&id);
        let k = at.and_then(|&i| round.active.iter().position(|&a| a == i));
        match k {
            Some(k) if !seen[k] => {
                seen[k] = true;
                Ok(k)
            }
            _ => Err(TournamentError::Misplaced(id)),
        }
    };
    let mut total = Quality::default();
    for pair in &pairings.pairs {
        let (f, s) = (place(pair.first)?, place(pair.second)?);
        let (higher, lower) = (f.min(s), f.max(s));
        let mut q = round.pair_cost(higher, lower);
        let cost = round.wishes[f].cost(true);
        let other = round.wishes[s].cost(false);
        q.first_move_rules_broken = cost.hard + other.hard;
        q.strong_wishes_unmet = cost.strong + other.strong;
        q.mild_wishes_unmet = cost.mild + other.mild;
        total.add(q);
    }
    if let Some(id) = pairings.bye {
        total.add(round.bye_cost(place(id)?));
    }
    if let Some(k) = seen.iter().position(|s| !s) {
        return Err(TournamentError::Misplaced(round.id(k)));
    }
    Ok(total)
}

/// The players of one round, ranked, with what the criteria need to know of each.
struct RoundField<'a> {
    field: Field<'a>,
    /// Positions in `players` of the active players, best-ranked first.
    active: Vec<usize>,
    wishes: Vec<FirstMoveWish>,
    /// For each active player: the first and one-past-last ranking index of their group.
    group: Vec<(usize, usize)>,
}

impl<'a> RoundField<'a> {
    fn new(
        players: &'a [Player],
        withdrawn: &HashSet<PlayerId>,
    ) -> Result<RoundField<'a>, TournamentError> {
        let field = Field::new(players)?;
        let mut active: Vec<usize> = (0..players.len())
            .filter(|&i| !withdrawn.contains(&players[i].id))
            .collect();
        active.sort_by_key(|&i| field.ranking_key(i));
        let wishes = active
            .iter()
            .map(|&i| FirstMoveWish::of(&players[i]))
            .collect();
        let mut group = Vec::with_capacity(active.len());
        let mut start = 0;
        for k in 0..=active.len() {
            let ends = k == active.len() || field.points[active[k]] != field.points[active[start]];
            if ends {
                group.extend((start..k).map(|_| (start, k)));
                start = k;
            }
        }
        Ok(RoundField {
            field,
            active,
            wishes,
            group,
        })
    }

    fn id(&self, k: usize) -> PlayerId {
        self.field.players[self.active[k]].id
    }

    fn halves(&self, k: usize) -> u64 {
        u64::from(self.field.points[self.active[k]].halves())
    }

    /// The most each criterion can add up to over one round.
    fn bounds(&self) -> [u64; 8] {
        let m = self.active.len() as u64;
        let pairs = m.div_ceil(2);
        let halves = (0..self.active.len()).map(|k| self.halves(k));
        let gap = halves.clone().max().unwrap_or(0) - halves.min().unwrap_or(0);
        [
            1,
            pairs,
            m,
            2 * pairs,
            pairs * gap * gap,
            2 * pairs,
            2 * pairs,
            pairs * m,
        ]
    }

    /// The cost of giving active player `k` the bye.
    fn bye_cost(&self, k: usize) -> Quality {
        Quality {
            second_byes: u64::from(self.field.players[self.active[k]].had_bye()),
            bye_height: (self.active.len() - 1 - k) as u64,
            ..Quality::default()
        }
    }

    /// The cost of pairing active players `a` above `b` (by ranking), with the first move
    /// decided the cheaper way.
    fn pair_cost(&self, a: usize, b: usize) -> Quality {
        let first_move = decide(&self.wishes[a], &self.wishes[b], true).1;
        let gap = self.halves(a).abs_diff(self.halves(b));
        Quality {
            repeats: u64::from(self.field.met(self.active[a], self.active[b])),
            first_move_rules_broken: first_move.hard,
            score_gaps: gap * gap,
            strong_wishes_unmet: first_move.strong,
            mild_wishes_unmet: first_move.mild,
            shape: self.shape(a, b),
            ..Quality::default()
        }
    }

    /// How far a pair is from the Dutch shape: inside a group the k-th of the top half
    /// meets the k-th of the bottom half; a floater is the last of their group and meets
    /// the first of the group they float to.
    fn shape(&self, a: usize, b: usize) -> u64 {
        let (start, end) = self.group[a];
        if self.group[b] == (start, end) {
            let half = (end - start) / 2;
            ((b - a).abs_diff(half)) as u64
        } else {
            ((end - 1 - a) + (b - self.group[b].0)) as u64
        }
    }
}
