//! Move generation speed: full legal-move lists over a fixed set of
//! `standard` midgame positions, the same over crowded `star6` midgame
//! positions, and perft(standard, 4).

// criterion_group! generates undocumented public functions.
#![allow(missing_docs)]

use criterion::{black_box, criterion_group, criterion_main, Criterion};
use halma::{perft, Options, Position, Variant};

#[path = "support/positions.rs"]
mod positions;
use positions::{midgame_positions, star6_positions};

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
