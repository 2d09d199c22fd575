//! Generates the legal moves of the movegen bench's `standard` midgame
//! positions over and over: a fixed workload for instruction counts
//! (`valgrind --tool=callgrind`), which stay steady on a busy machine where
//! timings do not. Run it with 0 and with N rounds and subtract, so building
//! the positions does not count.
//!
//! `cargo run --release -p halma --example movegen_loop -- <rounds> [list|count|perft|star6]`
//! (`perft`: perft(standard, 3) from the start, `rounds` times; `star6`: the
//! bench's crowded star6 positions instead of the standard ones)

use halma::{perft, Options, Position, Variant};
use std::hint::black_box;

/// The bench's midgame positions (`benches/movegen.rs`): a fixed
/// pseudo-random walk that prefers moves towards the target camp.
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

/// The bench's crowded `star6` positions (`benches/movegen.rs`).
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

fn main() {
    let mut args = std::env::args().skip(1);
    let rounds: u32 = args.next().and_then(|a| a.parse().ok()).unwrap_or(1000);
    let mode = args.next().unwrap_or_default();
    let count = mode == "count";
    let (opts, positions) = if mode == "star6" {
        (Options::for_variant(Variant::Star6), star6_positions())
    } else {
        (Options::for_variant(Variant::Standard), midgame_positions())
    };
    let mut buffer = Vec::with_capacity(256);
    let mut total = 0u64;
    if mode == "perft" {
        let start = Position::start(Variant::Standard);
        for _ in 0..rounds {
            total += perft(black_box(&start), &opts, 3);
        }
        println!("{rounds} rounds, {total} leaves");
        return;
    }
    for _ in 0..rounds {
        for pos in &positions {
            if count {
                total += black_box(pos).count_moves(&opts);
            } else {
                black_box(pos).legal_moves_into(&opts, &mut buffer);
                total += black_box(&buffer).len() as u64;
            }
        }
    }
    println!(
        "{} positions, {rounds} rounds, {total} moves",
        positions.len()
    );
}
