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

#[path = "../benches/support/positions.rs"]
mod positions;
use positions::{midgame_positions, star6_positions};
use std::hint::black_box;

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
