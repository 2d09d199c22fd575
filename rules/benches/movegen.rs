//! Move generation speed: full legal-move lists over a fixed set of
//! `standard` midgame positions, the same over crowded `star6` midgame
//! positions, and perft(standard, 4).

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

/// Crowded `star6` midgame positions: all sixty pieces on the board, reached
/// by a fixed pseudo-random walk that prefers moves towards the target point,
/// taken once every seat has moved about ten to twenty times, when the
/// pieces of all six crowd the hexagon.
fn star6_positions() -> Vec<Position> {
    let variant = Variant::Star6;
    let opts = Options::for_variant(variant);
    let mut seed: u64 = 0x2545_F491_4F6C_DD1D;
    let mut positions = Vec::new();
    for game in 0..6 {
        let mut pos = Position::start(variant);
        for ply in 0..(100 + game * 6) {
            let moves = pos.legal_moves(&opts);
            if moves.is_empty() {
                pos = pos.passed();
                continue;
            }
            seed = seed
                .wrapping_mul(6364136223846793005)
                .wrapping_add(1442695040888963407);
            // Mostly the move that gains most ground, else any.
            let mv = if seed >> 62 != 0 {
                let target = variant.target_camp(pos.to_move());
                let gain = |sq| {
                    target
                        .squares()
                        .map(|t| variant.distance(sq, t) as i32)
                        .min()
                        .unwrap_or(0)
                };
                *moves
                    .iter()
                    .min_by_key(|m| gain(m.to) - gain(m.from))
                    .expect("moves is not empty")
            } else {
                moves[(seed >> 33) as usize % moves.len()]
            };
            pos = pos.play_unchecked(mv);
            if ply >= 60 && ply % 2 == 0 {
                positions.push(pos.clone());
            }
        }
    }
    positions
}

fn star6(c: &mut Criterion) {
    let opts = Options::for_variant(Variant::Star6);
    let positions = star6_positions();
    let total: usize = positions.iter().map(|p| p.legal_moves(&opts).len()).sum();
    let in_hexagon = |p: &Position| {
        let points = Variant::Star6.seats().fold(halma::Bitboard::EMPTY, |a, s| {
            a | Variant::Star6.home_camp(s)
        });
        (p.occupied() & !points).count()
    };
    let crowd: u32 = positions.iter().map(in_hexagon).sum();
    eprintln!(
        "{} star6 positions, {:.1} legal moves and {:.1} pieces in the hexagon on average",
        positions.len(),
        total as f64 / positions.len() as f64,
        crowd as f64 / positions.len() as f64
    );
    let mut group = c.benchmark_group("star6 midgame");
    group.throughput(criterion::Throughput::Elements(positions.len() as u64));
    let mut buffer = Vec::with_capacity(256);
    group.bench_function("legal_moves_into (per batch of positions)", |b| {
        b.iter(|| {
            for pos in &positions {
                pos.legal_moves_into(&opts, &mut buffer);
                black_box(&buffer);
            }
        })
    });
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

criterion_group!(benches, movegen, star6, perft4);
criterion_main!(benches);
