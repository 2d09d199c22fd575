//! Search speed: nodes per second of a fixed-node search on `standard` and
//! `star2` midgame positions (printed), and the time of that search
//! (criterion).

// criterion_group! generates undocumented public functions.
#![allow(missing_docs)]

use criterion::{black_box, criterion_group, criterion_main, Criterion};
use halma::{Options, Position, Variant};
use halma_engine::{Config, Engine, Limits};
use std::time::Instant;

/// Midgame positions of `variant` reached by a fixed pseudo-random walk
/// that prefers moves towards the target camp, so pieces mix in the middle
/// of the board: `plies + game * step` plies for each of six games.
fn midgame_positions(variant: Variant, plies: usize, step: usize) -> Vec<Position> {
    let opts = Options::for_variant(variant);
    let mut seed: u64 = 0x2545_F491_4F6C_DD1D;
    let mut positions = Vec::new();
    for game in 0..6 {
        let mut pos = Position::start(variant);
        for _ in 0..(plies + game * step) {
            let moves = pos.legal_moves(&opts);
            if moves.is_empty() {
                break;
            }
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            let mv = if seed % 3 != 0 {
                let target = pos.variant().target_camp(pos.to_move());
                let corner = target.squares().next().expect("camp has squares");
                *moves
                    .iter()
                    .min_by_key(|m| {
                        (variant.distance(m.to, corner) as i32)
                            - (variant.distance(m.from, corner) as i32)
                    })
                    .expect("moves is not empty")
            } else {
                moves[(seed >> 20) as usize % moves.len()]
            };
            pos = pos.play_unchecked(mv);
        }
        positions.push(pos);
    }
    positions
}

const NODES: u64 = 300_000;
const DEPTH: u32 = 4;

/// Prints the speed of a fixed-node search over `positions` and the time
/// to a fixed depth, then lets criterion time one search.
fn measure(c: &mut Criterion, name: &str, positions: &[Position]) {
    let opts = Options::for_variant(positions[0].variant());
    let config = Config {
        limits: Limits::nodes(NODES),
        seed: 1,
        noise: 0,
    };
    let mut engine = Engine::new();
    // One measured pass that prints the rate, outside criterion's timing.
    let start = Instant::now();
    let mut nodes = 0;
    for pos in positions {
        engine.clear();
        let r = engine.search(pos, &opts, &config);
        nodes += r.nodes;
        println!(
            "{pos}: depth {} score {} nodes {}",
            r.depth, r.score, r.nodes
        );
    }
    let secs = start.elapsed().as_secs_f64();
    println!(
        "{name} midgame: {nodes} nodes in {secs:.3} s = {:.0} nodes/s",
        nodes as f64 / secs
    );
    // Time to a fixed depth: what the speed buys.
    let to_depth = Config {
        limits: Limits {
            depth: Some(DEPTH),
            ..Limits::default()
        },
        seed: 1,
        noise: 0,
    };
    let start = Instant::now();
    let mut nodes = 0;
    for pos in positions {
        engine.clear();
        nodes += engine.search(pos, &opts, &to_depth).nodes;
    }
    let secs = start.elapsed().as_secs_f64();
    println!(
        "{name} midgame to depth {DEPTH}: {:.1} ms and {} nodes per position",
        1000.0 * secs / positions.len() as f64,
        nodes / positions.len() as u64
    );
    let mut group = c.benchmark_group("search");
    group.sample_size(10);
    group.bench_function(format!("{name} midgame, 300k nodes"), |b| {
        b.iter(|| {
            engine.clear();
            let pos = &positions[0];
            black_box(engine.search(black_box(pos), &opts, &config))
        })
    });
    group.finish();
}

fn search(c: &mut Criterion) {
    measure(c, "standard", &midgame_positions(Variant::Standard, 40, 6));
    measure(c, "star2", &midgame_positions(Variant::Star2, 16, 4));
}

criterion_group!(benches, search);
criterion_main!(benches);
