//! What the engine's test files share: positions from lists of pieces,
//! seeded random walks, and search configurations.

// Each test file uses only some of these.
#![allow(dead_code)]

use halma::{Options, Position, Square, Variant};
use halma_engine::{Config, Level, Limits};

/// A position string for `variant` with the listed pieces (square or hole
/// names per seat letter), `to_move` to move. Works on every board: each
/// rank lists the board's squares on it, from its lowest file up.
pub fn position(variant: Variant, pieces: &[(char, &str)], to_move: char) -> Position {
    let mut at = std::collections::BTreeMap::new();
    for &(seat, squares) in pieces {
        for name in squares.split_whitespace() {
            at.insert(sq(name), seat);
        }
    }
    let board = variant.board();
    let ranks: Vec<String> = (0..variant.side())
        .rev()
        .map(|rank| {
            let mut squares: Vec<Square> = board.squares().filter(|s| s.rank() == rank).collect();
            squares.sort_by_key(|s| s.file());
            let mut out = String::new();
            let mut empty = 0;
            for s in squares {
                match at.get(&s) {
                    Some(&c) => {
                        if empty > 0 {
                            out.push_str(&empty.to_string());
                            empty = 0;
                        }
                        out.push(c);
                    }
                    None => empty += 1,
                }
            }
            if empty > 0 {
                out.push_str(&empty.to_string());
            }
            out
        })
        .collect();
    format!("{} {} {to_move}", variant.name(), ranks.join("/"))
        .parse()
        .expect("a valid position")
}

/// The square (or hole) named `name`.
pub fn sq(name: &str) -> Square {
    name.parse().expect("a square name")
}

/// A deterministic search of `n` nodes without noise.
pub fn nodes(n: u64) -> Config {
    Config {
        limits: Limits::nodes(n),
        seed: 1,
        noise: 0,
    }
}

/// The hard level without its clock and with a node budget that would take
/// hours: only the stop flag can end such a search.
pub fn endless() -> Config {
    Config {
        limits: Limits::nodes(1 << 40),
        ..Level::Hard.config()
    }
}

/// The position reached from the start by `plies` pseudo-random legal
/// moves under the variant's default options.
pub fn random_walk(variant: Variant, plies: usize, seed: u64) -> Position {
    random_walk_under(&Options::for_variant(variant), variant, plies, seed)
}

/// [`random_walk`] under `opts` (a player without a move passes).
pub fn random_walk_under(
    opts: &Options,
    variant: Variant,
    plies: usize,
    mut seed: u64,
) -> Position {
    let mut pos = Position::start(variant);
    for _ in 0..plies {
        let moves = pos.legal_moves(opts);
        if moves.is_empty() {
            pos = pos.passed();
            continue;
        }
        seed = seed
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        pos = pos.play_unchecked(moves[(seed >> 33) as usize % moves.len()]);
    }
    pos
}
