//! Properties of Swiss pairing over random tournaments: the engine pairs every round of a
//! tournament of random results (and random withdrawals), and each round is checked.

mod common;

use std::collections::HashSet;

use common::{active, field, met, record, Rng};
use halma_pairing::{default_rounds, pair_round, quality, Pair, Pairings, Player, PlayerId};
use proptest::prelude::*;

/// Every active player is in exactly one game or has the bye; nobody else is.
fn everyone_placed_once(active: &[PlayerId], round: &Pairings) -> Result<(), String> {
    let mut placed: Vec<PlayerId> = round
        .pairs
        .iter()
        .flat_map(|p| [p.first, p.second])
        .collect();
    placed.extend(round.bye);
    placed.sort_unstable();
    let mut expected = active.to_vec();
    expected.sort_unstable();
    if placed != expected {
        return Err(format!("placed {placed:?}, active {expected:?}"));
    }
    if round.bye.is_some() != (active.len() % 2 == 1) {
        return Err(format!("bye {:?} with {} active", round.bye, active.len()));
    }
    Ok(())
}

fn had_bye(players: &[Player], id: PlayerId) -> bool {
    players.iter().any(|p| p.id == id && p.had_bye())
}

/// Whether `ids` can be paired with no repeat game, the bye (if the count is odd) going
/// to a player `may_have_bye` accepts.
fn pairable_without_repeat(
    players: &[Player],
    ids: &[PlayerId],
    may_have_bye: &dyn Fn(PlayerId) -> bool,
) -> bool {
    fn go(
        players: &[Player],
        left: &mut Vec<PlayerId>,
        bye_open: bool,
        may_have_bye: &dyn Fn(PlayerId) -> bool,
    ) -> bool {
        let Some(a) = left.pop() else {
            return true;
        };
        if bye_open && may_have_bye(a) && go(players, left, false, may_have_bye) {
            return true;
        }
        for k in 0..left.len() {
            let b = left[k];
            if met(players, a, b) {
                continue;
            }
            left.remove(k);
            let found = go(players, left, bye_open, may_have_bye);
            left.insert(k, b);
            if found {
                left.push(a);
                return true;
            }
        }
        left.push(a);
        false
    }
    go(players, &mut ids.to_vec(), ids.len() % 2 == 1, may_have_bye)
}

/// The first three criteria that two swapped pairs can change: repeats, broken
/// first-move rules, score gaps. The best first movers are tried for the new pairs.
fn swapped_is_better(
    players: &[Player],
    withdrawn: &HashSet<PlayerId>,
    round: &Pairings,
    (i, j): (usize, usize),
    (a, b, c, d): (PlayerId, PlayerId, PlayerId, PlayerId),
) -> bool {
    let key = |p: &Pairings| {
        let q = quality(players, withdrawn, p).expect("a pairing of the active players");
        (q.repeats, q.first_move_rules_broken, q.score_gaps)
    };
    let now = key(round);
    let orient = |x, y, flip: bool| {
        let (first, second) = if flip { (y, x) } else { (x, y) };
        Pair { first, second }
    };
    (0..4).any(|flips| {
        let mut other = round.clone();
        other.pairs[i] = orient(a, b, flips & 1 == 1);
        other.pairs[j] = orient(c, d, flips & 2 == 2);
        key(&other) < now
    })
}

/// Checks one round's pairing against the rules; `Err` says what is wrong.
fn check_round(
    players: &[Player],
    withdrawn: &HashSet<PlayerId>,
    round: &Pairings,
) -> Result<(), String> {
    let ids = active(players, withdrawn);
    everyone_placed_once(&ids, round)?;

    // Byes: a second one only once every active player has had one.
    if let Some(bye) = round.bye {
        let someone_without = ids.iter().any(|&id| !had_bye(players, id));
        if someone_without && had_bye(players, bye) {
            return Err(format!("second bye for {bye}"));
        }
    }

    // Repeats: only when the round cannot be paired without one.
    let anyone_without_bye = ids.iter().any(|&id| !had_bye(players, id));
    let eligible = |id| !anyone_without_bye || !had_bye(players, id);
    let repeats = round
        .pairs
        .iter()
        .filter(|p| met(players, p.first, p.second))
        .count();
    if repeats > 0 && pairable_without_repeat(players, &ids, &eligible) {
        return Err(format!("{repeats} avoidable repeat(s)"));
    }

    // Each pair's first mover is the better choice.
    let best = quality(players, withdrawn, round).map_err(|e| e.to_string())?;
    for k in 0..round.pairs.len() {
        let mut flipped = round.clone();
        let p = flipped.pairs[k];
        flipped.pairs[k] = Pair {
            first: p.second,
            second: p.first,
        };
        if quality(players, withdrawn, &flipped).map_err(|e| e.to_string())? < best {
            return Err(format!("the other first mover is better in {p:?}"));
        }
    }

    // Exchanging opponents between two games never avoids a repeat, a broken first-move
    // rule, or a larger score difference than necessary.
    for i in 0..round.pairs.len() {
        for j in i + 1..round.pairs.len() {
            let (a, b) = (round.pairs[i].first, round.pairs[i].second);
            let (c, d) = (round.pairs[j].first, round.pairs[j].second);
            for swap in [(a, c, b, d), (a, d, b, c)] {
                if swapped_is_better(players, withdrawn, round, (i, j), swap) {
                    return Err(format!("exchanging opponents {swap:?} pairs better"));
                }
            }
        }
    }
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    #[test]
    fn every_round_keeps_the_rules(n in 2usize..=14, extra_rounds in 0u32..=2, seed: u64) {
        let mut rng = Rng(seed);
        let mut players = field(n);
        let mut withdrawn = HashSet::new();
        for _ in 0..default_rounds(n) + extra_rounds {
            let round = pair_round(&players, &withdrawn).expect("a valid field");
            let checked = check_round(&players, &withdrawn, &round);
            prop_assert_eq!(checked, Ok(()), "round {:?} of {:?}", round, players);
            for pair in &round.pairs {
                prop_assert!(!withdrawn.contains(&pair.first) && !withdrawn.contains(&pair.second));
            }
            record(&mut players, &round, &mut rng);
            if rng.below(6) == 0 {
                withdrawn.insert(players[rng.below(n)].id);
            }
        }
    }

    /// Without withdrawals and with fewer rounds than players, nobody gets two byes and no
    /// pair meets twice: such a tournament can always be paired that way.
    #[test]
    fn no_second_bye_and_no_repeat_in_a_normal_tournament(n in 2usize..=16, seed: u64) {
        let mut rng = Rng(seed);
        let mut players = field(n);
        let rounds = default_rounds(n).min(n as u32 - 1);
        for _ in 0..rounds {
            let round = pair_round(&players, &HashSet::new()).expect("a valid field");
            record(&mut players, &round, &mut rng);
        }
        for p in &players {
            let byes = p.rounds.iter().filter(|r| **r == halma_pairing::Round::Bye).count();
            prop_assert!(byes <= 1, "{} had {} byes", p.id, byes);
            let mut opponents: Vec<PlayerId> = p.games().map(|g| g.opponent).collect();
            let games = opponents.len();
            opponents.sort_unstable();
            opponents.dedup();
            prop_assert_eq!(opponents.len(), games, "{} met someone twice", p.id);
        }
    }
}
