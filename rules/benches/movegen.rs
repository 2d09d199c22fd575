//! Move generation speed: full legal-move lists over a fixed set of
//! `standard` midgame positions, and perft(standard, 4).

// criterion_group! generates undocumented public functions.
#![allow(missing_docs)]

use criterion::{black_box, criterion_group, criterion_main, Criterion};
use halma::{perft, Options, Position, Variant};

/// Midgame positions reached by a fixed pseudo-random walk that prefers
/// moves towards the target camp, so pieces mix in the middle of the board.
fn midgame_positions() -> Vec<Position> {
    let opts = Options::for_variant(Variant::Standard);
    let mut seed: u64 = 0x9E37_79B9_7F4A_7C15;
    let mut positions = Vec::new();
    for game in 0..8 {
        let mut pos = Position::start(Variant::Standard);
        for ply in 0..(40 + game * 5) {
            let moves = pos.legal_moves(&opts);
            if moves.is_empty() {
                break;
            }
            seed = seed
                .wrapping_mul(6364136223846793005)
                .wrapping_add(1442695040888963407);
            // Half the time take the move that gains most ground, else any.
            let mv = if seed >> 63 == 0 {
                let target = pos.variant().target_camp(pos.to_move());
                let corner = target.squares().next().expect("camp has squares");
                *moves
                    .iter()
                    .min_by_key(|m| {
                        (m.to.distance(corner) as i32) - (m.from.distance(corner) as i32)
                    })
                    .expect("moves is not empty")
            } else {
                moves[(seed >> 33) as usize % moves.len()]
            };
            pos = pos.play_unchecked(mv);
            if ply >= 30 {
                positions.push(pos.clone());
            }
        }
    }
    positions
}

fn movegen(c: &mut Criterion) {
    let opts = Options::for_variant(Variant::Standard);
    let positions = midgame_positions();
    let total: usize = positions.iter().map(|p| p.legal_moves(&opts).len()).sum();
    eprintln!(
        "{} midgame positions, {:.1} legal moves on average",
        positions.len(),
        total as f64 / positions.len() as f64
    );
    let mut group = c.benchmark_group("standard midgame");
    group.throughput(criterion::Throughput::Elements(positions.len() as u64));
    group.bench_function("legal_moves (per batch of positions)", |b| {
        b.iter(|| {
            for pos in &positions {
                black_box(pos.legal_moves(&opts));
            }
        })
    });
    group.bench_function("count_moves (per batch of positions)", |b| {
        b.iter(|| {
            for pos in &positions {
                black_box(pos.count_moves(&opts));
            }
        })
    });
    group.finish();
}

fn perft4(c: &mut Criterion) {
    let pos = Position::start(Variant::Standard);
    let opts = Options::for_variant(Variant::Standard);
    let mut group = c.benchmark_group("perft");
    group.sample_size(10);
    group.bench_function("standard depth 4", |b| {
        b.iter(|| assert_eq!(perft(black_box(&pos), &opts, 4), 4_562_496))
    });
    group.finish();
}

criterion_group!(benches, movegen, perft4);
criterion_main!(benches);
