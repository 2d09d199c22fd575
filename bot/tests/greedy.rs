//! The greedy picker the service tests use really finishes games, on the square boards and on
//! the star.

mod common;

use halma::{Options, Position, Variant};

#[test]
fn greedy_players_finish_small_and_ig10_games() {
    for v in [Variant::Small, Variant::Ig10] {
        let moves = common::greedy_game(Position::start(v), Options::for_variant(v), 400);
        eprintln!("{v}: {} moves", moves.len());
    }
}

#[test]
fn greedy_players_finish_star_games() {
    for v in Variant::STAR {
        let moves = common::greedy_game(Position::start(v), Options::for_variant(v), 400);
        eprintln!("{v}: {} moves", moves.len());
    }
}
