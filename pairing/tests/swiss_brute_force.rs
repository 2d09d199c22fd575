//! The Swiss engine against brute force: on small fields, try every pairing of the round
//! (every bye, every first mover), measure each by the same criteria in order, and check
//! the engine's pairing is as good as the best of them.

mod common;

use std::collections::HashSet;

use common::{active, every_pairing, field, random_history, record, Rng};
use halma_pairing::{pair_round, quality, Player, PlayerId, Quality};
use proptest::prelude::*;

/// The best quality over every pairing of the active players.
fn best_possible(players: &[Player], withdrawn: &HashSet<PlayerId>) -> Quality {
    let mut best: Option<Quality> = None;
    every_pairing(&active(players, withdrawn), &mut |pairings| {
        let q = quality(players, withdrawn, pairings).expect("a pairing of the active players");
        best = Some(best.map_or(q, |b| b.min(q)));
    });
    best.expect("there is always at least one pairing")
}

fn engine_is_optimal(players: &[Player], withdrawn: &HashSet<PlayerId>) -> Result<(), String> {
    let round = pair_round(players, withdrawn).map_err(|e| e.to_string())?;
    let got = quality(players, withdrawn, &round).map_err(|e| e.to_string())?;
    let best = best_possible(players, withdrawn);
    if got == best {
        Ok(())
    } else {
        Err(format!(
            "engine {got:?}\nbest   {best:?}\npairing {round:?}\nplayers {players:?}"
        ))
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(96))]

    /// Histories paired at random: repeats, lopsided first moves and second byes abound.
    #[test]
    fn optimal_after_random_rounds(
        n in 1usize..=9,
        rounds in 0usize..=5,
        draws: bool,
        seed: u64,
    ) {
        let (players, withdrawn) = random_history(n, rounds, draws, &mut Rng(seed));
        prop_assert_eq!(engine_is_optimal(&players, &withdrawn), Ok(()));
    }

    /// Histories the engine paired itself, checked at every round.
    #[test]
    fn optimal_in_every_round_of_its_own_tournaments(n in 2usize..=9, seed: u64) {
        let mut rng = Rng(seed);
        let mut players = field(n);
        let mut withdrawn = HashSet::new();
        for _ in 0..n.min(6) {
            prop_assert_eq!(engine_is_optimal(&players, &withdrawn), Ok(()));
            let round = pair_round(&players, &withdrawn).expect("a valid field");
            record(&mut players, &round, &mut rng);
            if rng.below(5) == 0 {
                withdrawn.insert(players[rng.below(n)].id);
            }
        }
    }
}

/// Ten players, the largest field tried: a few fixed tournaments.
#[test]
fn optimal_for_ten_players() {
    for seed in 0..3 {
        let (players, _) = random_history(10, 3, seed == 0, &mut Rng(seed));
        assert_eq!(engine_is_optimal(&players, &HashSet::new()), Ok(()));
    }
}
