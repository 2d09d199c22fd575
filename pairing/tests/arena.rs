//! Arena pairing, scoring and standings, rule by rule, and pairing against brute force.

mod common;

use common::Rng;
use halma_pairing::Outcome::{self, Draw, Loss, Win};
use halma_pairing::{
    arena_standings, pair_arena, ArenaEntry, ArenaGame, ArenaScore, PlayerId, Waiting,
};
use proptest::prelude::*;

fn waiting(id: PlayerId, score: u32, last_opponent: Option<PlayerId>) -> Waiting {
    Waiting {
        last_opponent,
        ..Waiting::new(id, score)
    }
}

fn pairs(queue: &[Waiting]) -> Vec<(PlayerId, PlayerId)> {
    pair_arena(queue).expect("a small queue")
}

#[test]
fn players_meet_the_nearest_score() {
    let queue = [
        Waiting::new(1, 0),
        Waiting::new(2, 20),
        Waiting::new(3, 3),
        Waiting::new(4, 18),
    ];
    assert_eq!(pairs(&queue), [(1, 3), (2, 4)]);
}

#[test]
fn nobody_meets_their_last_opponent_while_another_is_free() {
    // 1 and 2 just played and have the nearest scores; 3 and 4 are far off.
    let queue = [
        waiting(1, 10, Some(2)),
        waiting(2, 10, Some(1)),
        Waiting::new(3, 0),
        Waiting::new(4, 30),
    ];
    let got = pairs(&queue);
    assert_eq!(got.len(), 2);
    assert!(!got.contains(&(1, 2)), "{got:?}");
}

#[test]
fn two_players_alone_may_meet_again() {
    let queue = [waiting(1, 4, Some(2)), waiting(2, 2, Some(1))];
    assert_eq!(pairs(&queue), [(1, 2)]);
}

#[test]
fn with_an_odd_count_the_last_to_come_waits() {
    let queue = [Waiting::new(1, 5), Waiting::new(2, 9), Waiting::new(3, 5)];
    // 1 and 3 have the same score, but 3 came last: 1 meets 2.
    assert_eq!(pairs(&queue), [(1, 2)]);
}

#[test]
fn avoiding_a_rematch_comes_before_who_waits() {
    // 1 and 2 just played. Letting 3, the last to come, wait would mean 1 v 2 again; so
    // 1 (the first to come) meets 3 and 2 waits.
    let queue = [
        waiting(1, 0, Some(2)),
        waiting(2, 0, Some(1)),
        Waiting::new(3, 0),
    ];
    assert_eq!(pairs(&queue), [(1, 3)]);
}

#[test]
fn paused_players_get_no_game() {
    let mut queue = [Waiting::new(1, 0), Waiting::new(2, 0), Waiting::new(3, 0)];
    queue[0].paused = true;
    assert_eq!(pairs(&queue), [(2, 3)]);
    assert_eq!(pairs(&queue[..1]), []);
    assert_eq!(pairs(&[]), []);
}

#[test]
fn a_win_is_two_a_draw_one_a_loss_nothing() {
    assert_eq!(ArenaScore::of(&[Win]).points, 2);
    assert_eq!(ArenaScore::of(&[Draw]).points, 1);
    assert_eq!(ArenaScore::of(&[Loss]).points, 0);
    assert_eq!(ArenaScore::of(&[Win, Draw, Win, Loss, Win]).points, 7);
}

#[test]
fn after_two_wins_in_a_row_wins_count_double() {
    let mut score = ArenaScore::default();
    let each: Vec<u32> = [Win, Win, Win, Win, Loss, Win, Win, Win]
        .into_iter()
        .map(|o| score.record(o))
        .collect();
    assert_eq!(each, [2, 2, 4, 4, 0, 2, 2, 4]);
    assert!(score.on_fire());
    assert_eq!(
        (score.points, score.games, score.wins, score.losses),
        (20, 8, 7, 1)
    );
}

#[test]
fn a_draw_on_fire_scores_one_and_puts_the_fire_out() {
    let mut score = ArenaScore::of(&[Win, Win]);
    assert!(score.on_fire());
    assert_eq!(score.record(Draw), 1);
    assert!(!score.on_fire());
    assert_eq!(score.record(Win), 2);
}

fn entry(id: PlayerId, games: &[(i32, Outcome)]) -> ArenaEntry {
    ArenaEntry {
        id,
        games: games
            .iter()
            .map(|&(opponent_rating, outcome)| ArenaGame {
                opponent_rating,
                outcome,
            })
            .collect(),
    }
}

#[test]
fn the_arena_table_ranks_points_then_performance() {
    let table = arena_standings(&[
        // 2 + 2 + 4 = 8 points; performance (1500·3 + 500·3) / 3 = 2000.
        entry(1, &[(1500, Win), (1500, Win), (1500, Win)]),
        // 2 + 0 + 2 + 0 = 4; (1700·4 + 0) / 4 = 1700.
        entry(2, &[(1700, Win), (1700, Loss), (1700, Win), (1700, Loss)]),
        // 2 + 2 = 4; (1400 + 1400 + 1000) / 2 = 1900.
        entry(3, &[(1400, Win), (1400, Win)]),
        // 4 draws = 4; 1700 average: level with 2 on points and performance.
        entry(4, &[(1600, Draw), (1800, Draw), (1700, Draw), (1700, Draw)]),
        entry(5, &[]),
    ]);
    let got: Vec<(PlayerId, usize, u32, Option<i32>)> = table
        .iter()
        .map(|s| (s.id, s.place, s.score.points, s.performance))
        .collect();
    assert_eq!(
        got,
        [
            (1, 1, 8, Some(2000)),
            (3, 2, 4, Some(1900)),
            (2, 3, 4, Some(1700)),
            (4, 3, 4, Some(1700)),
            (5, 5, 0, None),
        ]
    );
}

/// The best (rematches, queue places of the players who play, score gaps) over every way
/// of pairing as many of the free players as possible, by trying them all.
fn best(free: &[Waiting], used: &mut Vec<bool>) -> (u64, u64, u64) {
    let Some(i) = used.iter().position(|u| !u) else {
        return (0, 0, 0);
    };
    used[i] = true;
    let mut options = Vec::new();
    if free.len() % 2 == 1 && used.iter().filter(|u| !**u).count() % 2 == 0 {
        // `i` sits out: possible only while an odd number were left, i.e. nobody sat out.
        options.push(best(free, used));
    }
    for j in i + 1..free.len() {
        if used[j] {
            continue;
        }
        used[j] = true;
        let (r, p, g) = best(free, used);
        let rematch =
            free[i].last_opponent == Some(free[j].id) || free[j].last_opponent == Some(free[i].id);
        let gap = u64::from(free[i].score.abs_diff(free[j].score));
        options.push((r + u64::from(rematch), p + (i + j) as u64, g + gap));
        used[j] = false;
    }
    used[i] = false;
    options.into_iter().min().unwrap_or((u64::MAX, 0, 0))
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(128))]

    #[test]
    fn arena_pairing_is_the_best_of_all(n in 0usize..=9, seed: u64) {
        let mut rng = Rng(seed);
        let queue: Vec<Waiting> = (1..=n as u64)
            .map(|id| Waiting {
                id,
                score: rng.below(12) as u32,
                last_opponent: Some(1 + rng.below(n) as u64).filter(|&o| o != id),
                paused: rng.below(5) == 0,
            })
            .collect();
        let got = pairs(&queue);
        let free: Vec<Waiting> = queue.iter().copied().filter(|w| !w.paused).collect();
        prop_assert_eq!(got.len(), free.len() / 2);
        let mut seen: Vec<PlayerId> = got.iter().flat_map(|&(a, b)| [a, b]).collect();
        seen.sort_unstable();
        seen.dedup();
        prop_assert_eq!(seen.len(), 2 * got.len(), "someone paired twice");
        let place = |id| free.iter().position(|w| w.id == id).expect("a free player");
        let mut measured = (0, 0, 0);
        for &(a, b) in &got {
            let (x, y) = (free[place(a)], free[place(b)]);
            prop_assert!(place(a) < place(b), "the longer-waiting player comes first");
            let rematch = x.last_opponent == Some(y.id) || y.last_opponent == Some(x.id);
            measured.0 += u64::from(rematch);
            measured.1 += (place(a) + place(b)) as u64;
            measured.2 += u64::from(x.score.abs_diff(y.score));
        }
        prop_assert_eq!(measured, best(&free, &mut vec![false; free.len()]));
    }
}
