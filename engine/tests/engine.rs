//! The engine's behaviour: legal moves everywhere, wins taken, endgames
//! completed, budgets respected, results reproducible, and an evaluation
//! that follows the plans Halma players know.

mod support;

use halma::{Move, Options, Position, Seat, Variant};
use halma_engine::{
    best_move, best_move_until, evaluate, Config, Engine, Level, Limits, Stop, WIN,
};
use proptest::prelude::*;
use std::time::Duration;
use support::{endless, nodes, position, random_walk, sq};

#[test]
fn moves_are_legal_in_every_variant() {
    for variant in Variant::SQUARE {
        let opts = Options::for_variant(variant);
        for (i, plies) in [0, 7, 30].into_iter().enumerate() {
            let pos = random_walk(variant, plies, i as u64 + 3);
            let result = best_move(&pos, &opts, &nodes(3_000));
            let mv = result.mv.expect("these positions have moves");
            assert_eq!(pos.check_move(mv, &opts), Ok(()), "{pos}: {mv}");
            assert_eq!(result.chain.first(), Some(&mv.from));
            assert_eq!(result.chain.last(), Some(&mv.to));
        }
    }
}

#[test]
fn takes_a_one_move_win() {
    // Small board: a's last piece outside the camp steps in (b5-a5 or b5-b6).
    let pos = position(
        Variant::Small,
        &[('a', "a8 b8 c8 a7 b7 a6 b5"), ('b', "g2 e1 f1 g1 h1")],
        'a',
    );
    let opts = Options::for_variant(Variant::Small);
    let result = best_move(&pos, &opts, &nodes(10_000));
    let after = pos.play_unchecked(result.mv.expect("a has moves"));
    assert!(after.has_completed(Seat::A), "{:?}", result.mv);
    assert_eq!(result.score, WIN - 1);

    // Standard: the last piece needs a two-hop chain into the camp, and a
    // step towards it would not do.
    let camp = "a16 b16 c16 d16 e16 a15 b15 c15 d15 e15 a14 b14 c14 d14 a13 b13 c13 a12";
    let pos = position(
        Variant::Standard,
        &[('a', &format!("{camp} f10")), ('b', "e11 c12 p1 o1")],
        'a',
    );
    let opts = Options::for_variant(Variant::Standard);
    let result = best_move(&pos, &opts, &nodes(50_000));
    let mv = result.mv.expect("a has moves");
    assert_eq!(
        mv,
        Move {
            from: sq("f10"),
            to: sq("b12")
        },
        "{:?}",
        result.chain
    );
    assert_eq!(result.chain.len(), 3);
}

#[test]
fn takes_a_win_in_three_and_four_player_games() {
    // Three players: a's target is the NW small camp; one step completes.
    let camp = "a16 b16 c16 d16 a15 b15 c15 d15 a14 b14 c14 a13";
    let pos = position(
        Variant::Three,
        &[
            ('a', &format!("{camp} c12")),
            ('b', "h8 i8"),
            ('c', "h9 i9"),
        ],
        'a',
    );
    let opts = Options::for_variant(Variant::Three);
    let mv = best_move(&pos, &opts, &nodes(20_000)).mv.expect("a move");
    assert!(pos.play_unchecked(mv).has_completed(Seat::A), "{mv}");
}

/// Plays `config` for a alone (the others pass) until a completes; the
/// number of a's moves, or `None` after `limit`.
fn moves_to_complete(
    mut pos: Position,
    opts: &Options,
    config: &Config,
    limit: usize,
) -> Option<usize> {
    let mut engine = Engine::with_table_bits(16);
    for n in 1..=limit {
        let mv = engine.search(&pos, opts, config).mv?;
        assert_eq!(pos.check_move(mv, opts), Ok(()));
        pos = pos.play_unchecked(mv);
        let target = pos.variant().target_camp(Seat::A);
        let done = pos.has_completed(Seat::A)
            || (opts.anti_spoiling
                && target.is_subset(pos.occupied())
                && !(pos.pieces(Seat::A) & target).is_empty());
        if done {
            return Some(n);
        }
        pos = pos.with_to_move(Seat::A).expect("a plays");
    }
    None
}

#[test]
fn completes_the_camp_in_a_won_endgame() {
    // ig10: a's camp holds 11 pieces at its front; the deep corner is still
    // free and four pieces wait outside, so pieces must move deeper first.
    let pos = position(
        Variant::Ig10,
        &[
            ('a', "b10 c10 d10 e10 a9 b9 c9 d9 a8 b8 c8 c6 d6 e5 f4"),
            ('b', "j1 i1 h1 j2 i2 g5"),
        ],
        'a',
    );
    // a10 and a7, b7, a6 are free: the far corner is blocked by a's own front.
    let opts = Options::for_variant(Variant::Ig10);
    let n = moves_to_complete(pos, &opts, &nodes(20_000), 40).expect("a completes");
    assert!(n <= 25, "{n} moves");
}

#[test]
fn fills_around_an_opponent_piece_left_in_the_camp() {
    // b leaves a piece on a16, inside a's target; with anti-spoiling a wins
    // by filling every other square of the camp.
    let camp_front = "b16 c16 d16 e16 a15 b15 c15 d15 e15 a14 b14 c14 a13 b13";
    let pos = position(
        Variant::Standard,
        &[
            ('a', &format!("{camp_front} h9 g10 h11 i8 j7")),
            ('b', "a16 o2 p2 n1"),
        ],
        'a',
    );
    let mut opts = Options::for_variant(Variant::Standard);
    opts.anti_spoiling = true;
    let n = moves_to_complete(pos, &opts, &nodes(20_000), 60).expect("a fills the camp");
    assert!(n <= 40, "{n} moves");
}

#[test]
fn a_reused_engine_completes_without_repeating_a_position() {
    // a alone with two pieces to bring in (the position where self-play
    // once stepped c4-d3, d3-c4 for ever, chasing a win grafted from the
    // previous search's table). One engine plays every move, at each depth.
    let opts = Options::for_variant(Variant::Ig10);
    let pos: Position = "ig10 aaaaa4b/aaaa6/aa8/aa1a6/10/10/10/3a6/10/10 a"
        .parse()
        .unwrap();
    let mut engine = Engine::with_table_bits(16);
    for depth in 1..=6 {
        let config = Config {
            limits: Limits {
                depth: Some(depth),
                ..Limits::nodes(200_000)
            },
            ..nodes(0)
        };
        let mut seen = vec![pos.clone()];
        let mut p = pos.clone();
        for _ in 0..12 {
            let mv = engine.search(&p, &opts, &config).mv.expect("a move");
            p = p.play_unchecked(mv).with_to_move(Seat::A).unwrap();
            assert!(!seen.contains(&p), "depth {depth}: {mv} repeats {p}");
            seen.push(p.clone());
            if p.has_completed(Seat::A) {
                break;
            }
        }
        assert!(p.has_completed(Seat::A), "depth {depth}: {p}");
    }
}

#[test]
fn respects_the_node_budget() {
    let opts = Options::for_variant(Variant::Standard);
    let pos = random_walk(Variant::Standard, 40, 11);
    for budget in [1, 50, 1_000, 25_000] {
        let result = best_move(&pos, &opts, &nodes(budget));
        assert!(result.nodes <= budget, "{} > {budget}", result.nodes);
        assert!(pos.check_move(result.mv.expect("a move"), &opts).is_ok());
    }
    // A larger budget is used up, not ignored.
    assert!(best_move(&pos, &opts, &nodes(25_000)).nodes > 20_000);
}

#[test]
fn a_tiny_time_budget_still_gives_a_legal_move() {
    for variant in [Variant::Standard, Variant::Four] {
        let opts = Options::for_variant(variant);
        let pos = random_walk(variant, 25, 5);
        for ms in [0, 1] {
            let config = Config {
                limits: Limits::time(Duration::from_millis(ms)),
                ..Config::default()
            };
            let mv = best_move(&pos, &opts, &config).mv.expect("a move");
            assert_eq!(pos.check_move(mv, &opts), Ok(()));
        }
    }
}

#[test]
fn same_seed_and_budget_give_the_same_result() {
    for variant in [Variant::Standard, Variant::FourTeams, Variant::Ig10] {
        let opts = Options::for_variant(variant);
        let pos = random_walk(variant, 20, 9);
        for config in [
            nodes(30_000),
            Config {
                limits: Limits::nodes(5_000),
                seed: 42,
                ..Level::Easy.config()
            },
        ] {
            let first = best_move(&pos, &opts, &config);
            let second = best_move(&pos, &opts, &config);
            assert_eq!(first, second, "{pos}");
        }
    }
}

#[test]
fn noise_depends_on_the_seed() {
    // Easy plays differently under different seeds (from some position).
    let opts = Options::for_variant(Variant::Standard);
    let pos = random_walk(Variant::Standard, 30, 2);
    let moves: std::collections::BTreeSet<_> = (0..8)
        .map(|seed| {
            let config = Config {
                limits: Limits::nodes(5_000),
                seed,
                ..Level::Easy.config()
            };
            best_move(&pos, &opts, &config).mv
        })
        .collect();
    assert!(moves.len() > 1, "{moves:?}");
}

#[test]
fn passes_when_there_is_no_move() {
    // a's only piece is boxed into a1: every step and hop is blocked.
    let pos = position(
        Variant::Small,
        &[('a', "a1"), ('b', "a2 b1 b2 a3 c1 c3")],
        'a',
    );
    let opts = Options::for_variant(Variant::Small);
    assert!(pos.legal_moves(&opts).is_empty());
    let result = best_move(&pos, &opts, &nodes(1_000));
    assert_eq!(result.mv, None);
    assert!(result.chain.is_empty());
}

#[test]
fn evaluation_is_zero_at_every_symmetric_start() {
    for variant in Variant::SQUARE {
        let pos = Position::start(variant);
        for seat in variant.seats() {
            assert_eq!(evaluate(&pos, seat), 0, "{variant} {seat}");
        }
    }
}

#[test]
fn evaluation_rewards_progress_and_counts_partners_together() {
    let pos = Position::start(Variant::Standard);
    let forward = pos.play_unchecked(Move {
        from: sq("l2"),
        to: sq("k3"),
    });
    let back = pos.play_unchecked(Move {
        from: sq("l2"),
        to: sq("k1"),
    });
    assert!(evaluate(&forward, Seat::A) > 0);
    assert!(evaluate(&back, Seat::A) < 0);
    let pos = random_walk(Variant::FourTeams, 30, 4);
    assert_eq!(evaluate(&pos, Seat::A), evaluate(&pos, Seat::B));
    assert_eq!(evaluate(&pos, Seat::C), -evaluate(&pos, Seat::A));
}

#[test]
fn evaluation_brings_stragglers_along() {
    // Same step for a leader or for a piece left behind: the straggler's
    // step is worth more.
    let pos = position(Variant::Ig10, &[('a', "d7 i2"), ('b', "a10 b10")], 'a');
    let leader = pos.play_unchecked(Move {
        from: sq("d7"),
        to: sq("c8"),
    });
    let straggler = pos.play_unchecked(Move {
        from: sq("i2"),
        to: sq("h3"),
    });
    assert!(evaluate(&straggler, Seat::A) > evaluate(&leader, Seat::A));
}

#[test]
fn evaluation_sees_target_squares_held_by_opponents() {
    // ig10: a has 13 pieces in its camp and one on b5; the camp's two other
    // squares are a6 (next to b5) and e10 (far from it). b holds one of
    // them; both placements cost b the same, so only a's outlook differs.
    let camp = "a10 b10 c10 d10 a9 b9 c9 d9 a8 b8 c8 a7 b7 b5";
    let near_free = position(Variant::Ig10, &[('a', camp), ('b', "j1 e10")], 'a');
    let far_free = position(Variant::Ig10, &[('a', camp), ('b', "j1 a6")], 'a');
    let near = evaluate(&near_free, Seat::A);
    let far = evaluate(&far_free, Seat::A);
    assert!(near > far, "{near} <= {far}");
}

#[test]
fn evaluation_does_not_wall_in_a_piece_left_in_the_camp() {
    // ig10 without anti-spoiling: b left a piece on a10, in a's camp. With
    // a on b10, b9 and a9 it cannot get out, and a can never complete; on
    // c10 instead of a9, a's piece is further from the corner but b's can
    // still leave.
    let walled = position(
        Variant::Ig10,
        &[('a', "b10 a9 b9 j1"), ('b', "a10 e1")],
        'b',
    );
    let open = position(
        Variant::Ig10,
        &[('a', "b10 c10 b9 j1"), ('b', "a10 e1")],
        'b',
    );
    assert!(evaluate(&open, Seat::A) > evaluate(&walled, Seat::A));
}

#[test]
fn an_engine_can_move_to_another_thread() {
    // The bot runs searches on its own thread pool.
    fn sendable<T: Send + 'static>(_: &T) {}
    let engine = Engine::with_table_bits(10);
    sendable(&engine);
    let pos = Position::start(Variant::Small);
    let opts = Options::for_variant(Variant::Small);
    let handle = std::thread::spawn(move || {
        let mut engine = engine;
        engine.search(&pos, &opts, &nodes(500)).mv
    });
    assert!(handle.join().expect("the search thread").is_some());
}

#[test]
fn a_stop_from_another_thread_ends_an_endless_search() {
    for (variant, plies) in [
        (Variant::Standard, 30),
        (Variant::Four, 24),
        (Variant::Star2, 20),
        (Variant::Star6, 20),
    ] {
        let pos = random_walk(variant, plies, 11);
        let opts = Options::for_variant(variant);
        let stop = Stop::new();
        let flag = stop.clone();
        let searching = std::thread::spawn(move || {
            let mut engine = Engine::with_table_bits(16);
            let result = engine.search_until(&pos, &opts, &endless(), &flag);
            (pos, result)
        });
        // Real work on this thread, then the stop: no sleep, and the test
        // holds wherever the other search is when the flag is set.
        let busy = best_move(&Position::start(variant), &opts, &nodes(100_000));
        assert!(busy.nodes > 0);
        stop.stop();
        let (pos, result) = searching.join().expect("the search thread");
        assert!(result.nodes < 1 << 40, "{} nodes", result.nodes);
        let mv = result.mv.expect("the position has moves");
        assert!(pos.check_move(mv, &opts).is_ok(), "{variant:?}: {mv:?}");
    }
}

#[test]
fn a_stop_set_before_the_start_visits_no_node() {
    let stop = Stop::new();
    stop.stop();
    for variant in Variant::ALL {
        let pos = random_walk(variant, 10, 3);
        let opts = Options::for_variant(variant);
        let result = best_move_until(&pos, &opts, &endless(), &stop);
        assert_eq!((result.nodes, result.depth), (0, 0), "{variant:?}");
        if let Some(mv) = result.mv {
            assert!(pos.check_move(mv, &opts).is_ok(), "{variant:?}: {mv:?}");
        }
    }
}

#[test]
fn an_engine_forgets_the_flag_after_a_stopped_search() {
    let pos = Position::start(Variant::Small);
    let opts = Options::for_variant(Variant::Small);
    let stop = Stop::new();
    stop.stop();
    let mut engine = Engine::with_table_bits(10);
    assert_eq!(
        engine.search_until(&pos, &opts, &nodes(5_000), &stop).nodes,
        0
    );
    // The plain entry point is not stopped by an earlier search's flag.
    assert!(engine.search(&pos, &opts, &nodes(5_000)).nodes > 1_000);
}

#[test]
fn levels_parse_and_order_their_budgets() {
    assert_eq!("Hard".parse::<Level>(), Ok(Level::Hard));
    assert!("expert".parse::<Level>().is_err());
    assert!(Level::Easy.config().noise > Level::Medium.config().noise);
    assert!(Level::Easy.limits().depth < Level::Medium.limits().depth);
    assert_eq!(Level::Hard.limits().depth, None);
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(48))]

    #[test]
    fn results_are_always_legal(
        variant in prop::sample::select(Variant::ALL.to_vec()),
        plies in 0usize..160,
        seed in any::<u64>(),
        camp_rule in any::<bool>(),
        anti_spoiling in any::<bool>(),
        no_parking in any::<bool>(),
    ) {
        let mut opts = Options::for_variant(variant);
        opts.camp_rule = camp_rule;
        opts.anti_spoiling = anti_spoiling;
        opts.no_parking = no_parking;
        let pos = support::random_walk_under(&opts, variant, plies, seed);
        let config = Config { limits: Limits::nodes(600), seed, noise: (seed % 3) as u32 * 50 };
        let result = best_move(&pos, &opts, &config);
        match result.mv {
            Some(mv) => prop_assert_eq!(pos.check_move(mv, &opts), Ok(())),
            None => prop_assert!(pos.legal_moves(&opts).is_empty()),
        }
        prop_assert!(result.nodes <= 600);
    }
}

#[test]
fn a_removed_player_counts_for_nobody() {
    // At the start every player of `four` stands equal; with c removed (it
    // resigned), a still stands equal to the strongest of b and d, not to
    // an empty set of pieces that has nowhere left to go.
    for variant in [Variant::Three, Variant::Four] {
        let start = Position::start(variant);
        assert_eq!(evaluate(&start, Seat::A), 0, "{variant}");
        let without_c = start.without(Seat::C).expect("c can leave");
        assert_eq!(evaluate(&without_c, Seat::A), 0, "{variant}");
        assert_eq!(evaluate(&without_c, Seat::B), 0, "{variant}");
    }
}

#[test]
fn plays_legal_moves_after_a_player_left() {
    for (variant, gone) in [(Variant::Three, Seat::B), (Variant::Four, Seat::D)] {
        let opts = Options::for_variant(variant);
        for seed in 1..6 {
            let pos = random_walk(variant, 40, seed)
                .without(gone)
                .expect("the seat can leave");
            let mv = best_move(&pos, &opts, &nodes(5_000)).mv.expect("a move");
            assert!(
                pos.legal_moves(&opts).contains(&mv),
                "{variant} {seed}: {mv}"
            );
        }
    }
}

#[test]
fn the_node_budget_holds_against_five_opponents() {
    // A star6 midgame where the quiet shortcut counted one node per opposing seat, five in
    // all, with only four left in the budget (found by results_are_always_legal).
    let variant = Variant::Star6;
    let mut opts = Options::for_variant(variant);
    opts.camp_rule = false;
    let seed: u64 = 17123340089511953109;
    let pos = support::random_walk_under(&opts, variant, 45, seed);
    for budget in [600, 601, 602, 603, 604, 605] {
        let config = Config {
            limits: Limits::nodes(budget),
            seed,
            noise: (seed % 3) as u32 * 50,
        };
        let result = best_move(&pos, &opts, &config);
        assert!(
            result.nodes <= budget,
            "{} nodes for a budget of {budget}",
            result.nodes
        );
        assert!(result.mv.is_some());
    }
}
