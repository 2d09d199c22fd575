//! Test support: random tournaments, recording results, and every pairing of a small field.

#![allow(dead_code)]

use std::collections::HashSet;

use halma_pairing::{Game, Outcome, Pair, Pairings, Player, PlayerId, Round};

/// A small deterministic generator (a linear congruential one): tests need repeatable
/// randomness, not good randomness.
pub struct Rng(pub u64);

impl Rng {
    pub fn next(&mut self) -> u64 {
        self.0 = self
            .0
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        self.0 >> 33
    }

    pub fn below(&mut self, n: usize) -> usize {
        (self.next() % n.max(1) as u64) as usize
    }

    pub fn outcome(&mut self) -> Outcome {
        [Outcome::Win, Outcome::Draw, Outcome::Loss][self.below(3)]
    }
}

/// Players 1..=n with distinct ratings, best first.
pub fn field(n: usize) -> Vec<Player> {
    (1..=n as u64)
        .map(|id| Player::new(id, 2000 - id as i32 * 10))
        .collect()
}

fn player(players: &mut [Player], id: PlayerId) -> &mut Player {
    players
        .iter_mut()
        .find(|p| p.id == id)
        .expect("the pairing names players of the field")
}

/// Records one game on both sides, the first mover getting `outcome`.
pub fn play(players: &mut [Player], pair: Pair, outcome: Outcome) {
    let game = |opponent, moved_first, outcome| {
        Round::Played(Game {
            opponent,
            moved_first,
            outcome,
        })
    };
    player(players, pair.first)
        .rounds
        .push(game(pair.second, true, outcome));
    player(players, pair.second)
        .rounds
        .push(game(pair.first, false, outcome.reversed()));
}

/// Records a whole round with random results.
pub fn record(players: &mut [Player], pairings: &Pairings, rng: &mut Rng) {
    record_with(players, pairings, rng, false);
}

/// Records a whole round with random results, or every game drawn.
fn record_with(players: &mut [Player], pairings: &Pairings, rng: &mut Rng, draws: bool) {
    for &pair in &pairings.pairs {
        let outcome = if draws { Outcome::Draw } else { rng.outcome() };
        play(players, pair, outcome);
    }
    if let Some(id) = pairings.bye {
        player(players, id).rounds.push(Round::Bye);
    }
}

/// A tournament of `n` players after `rounds` rounds paired at random (so with repeats,
/// lopsided first moves and second byes), and some players withdrawn. With `draws`, every
/// game is drawn: scores stay close and the lower criteria (first moves, shape) decide.
pub fn random_history(
    n: usize,
    rounds: usize,
    draws: bool,
    rng: &mut Rng,
) -> (Vec<Player>, HashSet<PlayerId>) {
    let mut players = field(n);
    for _ in 0..rounds {
        let mut ids: Vec<PlayerId> = players.iter().map(|p| p.id).collect();
        for i in (1..ids.len()).rev() {
            ids.swap(i, rng.below(i + 1));
        }
        let bye = if ids.len() % 2 == 1 { ids.pop() } else { None };
        let pairs = ids
            .chunks(2)
            .map(|c| Pair {
                first: c[0],
                second: c[1],
            })
            .collect();
        record_with(&mut players, &Pairings { pairs, bye }, rng, draws);
    }
    let withdrawn = players
        .iter()
        .filter(|_| rng.below(6) == 0)
        .map(|p| p.id)
        .collect();
    (players, withdrawn)
}

/// The ids of the players not withdrawn.
pub fn active(players: &[Player], withdrawn: &HashSet<PlayerId>) -> Vec<PlayerId> {
    players
        .iter()
        .map(|p| p.id)
        .filter(|id| !withdrawn.contains(id))
        .collect()
}

/// Calls `visit` with every pairing of `ids` (a bye when the count is odd), both first
/// movers of every pair included.
pub fn every_pairing(ids: &[PlayerId], visit: &mut impl FnMut(&Pairings)) {
    let mut current = Pairings::default();
    let mut used = vec![false; ids.len()];
    walk(ids, &mut used, &mut current, visit);
}

fn walk(
    ids: &[PlayerId],
    used: &mut [bool],
    current: &mut Pairings,
    visit: &mut impl FnMut(&Pairings),
) {
    let Some(i) = used.iter().position(|u| !u) else {
        visit(current);
        return;
    };
    used[i] = true;
    if ids.len() % 2 == 1 && current.bye.is_none() {
        current.bye = Some(ids[i]);
        walk(ids, used, current, visit);
        current.bye = None;
    }
    for j in i + 1..ids.len() {
        if used[j] {
            continue;
        }
        used[j] = true;
        for (first, second) in [(ids[i], ids[j]), (ids[j], ids[i])] {
            current.pairs.push(Pair { first, second });
            walk(ids, used, current, visit);
            current.pairs.pop();
        }
        used[j] = false;
    }
    used[i] = false;
}

/// Whether these two have played each other.
pub fn met(players: &[Player], a: PlayerId, b: PlayerId) -> bool {
    players
        .iter()
        .find(|p| p.id == a)
        .is_some_and(|p| p.games().any(|g| g.opponent == b))
}
