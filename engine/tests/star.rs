//! The engine on the star (Stern-Halma): legal moves in every star variant
//! and at every seat, wins found, endgames completed, budgets respected.
//! (The stop flag's tests in `engine.rs` cover the star too.)

mod support;

use halma::{Move, Options, Position, Seat, Variant};
use halma_engine::{best_move, evaluate, Config, Engine, Level, Limits, SearchResult, WIN};
use std::time::Duration;
use support::{nodes, position, random_walk_under, sq};

/// Asserts that `mv` is legal in `pos` and the chain joins its ends.
fn assert_legal(pos: &Position, opts: &Options, result: &SearchResult) {
    let mv = result.mv.expect("the position has moves");
    assert_eq!(pos.check_move(mv, opts), Ok(()), "{pos}: {mv}");
    assert_eq!(result.chain.first(), Some(&mv.from), "{pos}: {mv}");
    assert_eq!(result.chain.last(), Some(&mv.to), "{pos}: {mv}");
}

#[test]
fn moves_are_legal_on_every_star_variant() {
    for variant in Variant::STAR {
        for no_parking in [false, true] {
            let mut opts = Options::for_variant(variant);
            opts.no_parking = no_parking;
            for (i, plies) in [0, 9, 40, 90].into_iter().enumerate() {
                let pos = random_walk_under(&opts, variant, plies, i as u64 + 17);
                for level in Level::ALL {
                    let config = Config {
                        limits: Limits::nodes(2_000),
                        seed: i as u64,
                        ..level.config()
                    };
                    assert_legal(&pos, &opts, &best_move(&pos, &opts, &config));
                }
            }
        }
    }
}

#[test]
fn every_seat_of_star6_gets_a_legal_move() {
    let opts = Options::for_variant(Variant::Star6);
    for (plies, seed) in [(0, 1), (30, 2), (120, 3)] {
        let walked = random_walk_under(&opts, Variant::Star6, plies, seed);
        for seat in Variant::Star6.seats() {
            let pos = walked.with_to_move(seat).expect("every seat plays");
            let result = best_move(&pos, &opts, &nodes(3_000));
            assert_legal(&pos, &opts, &result);
            assert_eq!(pos.piece_at(result.chain[0]), Some(seat));
        }
    }
}

/// a's nine pieces in N with `h14` free; b's pieces at home in S save one
/// on the far tip `q5`, so b cannot end the game soon.
const NINE_IN_NORTH: &str = "e14 f14 g14 e15 f15 g15 e16 f16 e17";
const B_FAR: &str = "m1 l2 m2 q5";

#[test]
fn takes_a_one_move_win_on_the_star() {
    // The last piece needs a two-hop chain, h10-h12-h14, over b's h11 and h13.
    let pos = position(
        Variant::Star2,
        &[
            ('a', &format!("{NINE_IN_NORTH} h10")),
            ('b', &format!("{B_FAR} h11 h13")),
        ],
        'a',
    );
    let opts = Options::for_variant(Variant::Star2);
    let result = best_move(&pos, &opts, &nodes(20_000));
    let mv = result.mv.expect("a has moves");
    assert_eq!(
        mv,
        Move {
            from: sq("h10"),
            to: sq("h14")
        }
    );
    assert_eq!(result.chain, [sq("h10"), sq("h12"), sq("h14")]);
    assert_eq!(result.score, WIN - 1);
    assert!(pos.play_unchecked(mv).has_completed(Seat::A));
}

#[test]
fn finds_a_win_in_two_moves_on_the_star() {
    // The last piece on h12 needs two steps (h13, then h14); b cannot stop
    // it in one move.
    let pos = position(
        Variant::Star2,
        &[('a', &format!("{NINE_IN_NORTH} h12")), ('b', B_FAR)],
        'a',
    );
    let opts = Options::for_variant(Variant::Star2);
    let mut engine = Engine::with_table_bits(16);
    let result = engine.search(&pos, &opts, &nodes(50_000));
    assert_eq!(result.score, WIN - 3, "{:?}", result.mv);
    let after = pos.play_unchecked(result.mv.expect("a move"));
    let reply = engine
        .search(&after, &opts, &nodes(20_000))
        .mv
        .expect("b moves");
    let again = after.play_unchecked(reply);
    let last = engine.search(&again, &opts, &nodes(20_000));
    assert!(again
        .play_unchecked(last.mv.expect("a move"))
        .has_completed(Seat::A));
}

#[test]
fn completes_a_won_star2_endgame() {
    // a has six pieces in N, at its front, and four still outside; b's
    // pieces are home. a moves alone (b passes) until N is full.
    let pos = position(
        Variant::Star2,
        &[('a', "e14 f14 g14 h14 e15 f15 i9 g10 j7 k8"), ('b', B_FAR)],
        'a',
    );
    let opts = Options::for_variant(Variant::Star2);
    let mut engine = Engine::with_table_bits(16);
    let mut p = pos;
    let mut moves = 0;
    while !p.has_completed(Seat::A) && moves < 40 {
        let mv = engine.search(&p, &opts, &nodes(20_000)).mv.expect("a move");
        assert_eq!(p.check_move(mv, &opts), Ok(()));
        p = p.play_unchecked(mv).with_to_move(Seat::A).expect("a plays");
        moves += 1;
    }
    assert!(p.has_completed(Seat::A), "{p} after {moves} moves");
    assert!(moves <= 16, "{moves} moves");
}

#[test]
fn a_piece_left_in_the_target_is_not_walled_in() {
    // b's last piece from home still stands on e17, the tip of a's target
    // N. With a's last piece hopped in to e16, N is full and b's piece can
    // never leave: a cannot complete, and the game can only be drawn.
    // Keeping e16 free with that piece still outside on h12 is better.
    let b = ('b', "e17 m1 l2 m2 k3 l3 m3 h9");
    let in_n = "e14 f14 g14 h14 e15 f15 g15 f16";
    let walled = position(Variant::Star2, &[('a', &format!("{in_n} e16 i9")), b], 'b');
    let open = position(Variant::Star2, &[('a', &format!("{in_n} h12 i9")), b], 'b');
    assert!(evaluate(&open, Seat::A) > evaluate(&walled, Seat::A));
}

#[test]
fn respects_node_and_time_budgets_on_the_star() {
    for variant in Variant::STAR {
        let opts = Options::for_variant(variant);
        let pos = random_walk_under(&opts, variant, 24, 5);
        for budget in [1, 50, 2_000] {
            let result = best_move(&pos, &opts, &nodes(budget));
            assert!(
                result.nodes <= budget,
                "{variant}: {} > {budget}",
                result.nodes
            );
            assert_legal(&pos, &opts, &result);
        }
        for ms in [0, 1] {
            let config = Config {
                limits: Limits::time(Duration::from_millis(ms)),
                ..Config::default()
            };
            assert_legal(&pos, &opts, &best_move(&pos, &opts, &config));
        }
    }
}

#[test]
fn same_seed_and_budget_give_the_same_result_on_the_star() {
    for variant in [Variant::Star2, Variant::Star3] {
        let opts = Options::for_variant(variant);
        let pos = random_walk_under(&opts, variant, 20, 9);
        let config = nodes(20_000);
        assert_eq!(
            best_move(&pos, &opts, &config),
            best_move(&pos, &opts, &config)
        );
    }
}

#[test]
fn the_star_evaluation_is_symmetric_and_rewards_progress() {
    for variant in Variant::STAR {
        let start = Position::start(variant);
        for seat in variant.seats() {
            assert_eq!(evaluate(&start, seat), 0, "{variant} {seat}");
        }
    }
    let start = Position::start(Variant::Star2);
    let forward = start.play_unchecked("j4-j5".parse().expect("a move"));
    assert!(evaluate(&forward, Seat::A) > 0);
    // A straggler's step is worth more than a leader's.
    let pos = position(Variant::Star2, &[('a', "g12 m1"), ('b', "e17")], 'a');
    let leader = pos.play_unchecked("g12-g13".parse().expect("a move"));
    let straggler = pos.play_unchecked("m1-m2".parse().expect("a move"));
    assert!(evaluate(&straggler, Seat::A) > evaluate(&leader, Seat::A));
}

#[test]
fn plays_legal_moves_after_a_star_player_left() {
    for (variant, gone) in [(Variant::Star3, Seat::B), (Variant::Star6, Seat::D)] {
        let opts = Options::for_variant(variant);
        for seed in 1..4 {
            let pos = random_walk_under(&opts, variant, 30, seed)
                .without(gone)
                .expect("the seat can leave");
            assert_legal(&pos, &opts, &best_move(&pos, &opts, &nodes(3_000)));
        }
    }
}
