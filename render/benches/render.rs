//! Speed and size of board PNGs and replay GIFs.
//!
//! Run with `cargo bench -p halma-render`; the sizes are printed once before
//! the timings.

// criterion_group! generates undocumented public functions.
#![allow(missing_docs)]

use criterion::{criterion_group, criterion_main, Criterion};
use halma::{Game, Options, Ply, Position, Variant};
use halma_render::{board_png, replay, BoardOptions, KeptBands, ReplayOptions, Theme};
use std::hint::black_box;

/// A game of `plies` plies from the start of `variant`: moves picked by a
/// fixed pseudo-random sequence, most of them the longest forward jump.
fn game(variant: Variant, plies: usize) -> Game {
    game_from_seed(variant, plies, 0x9E37_79B9_7F4A_7C15)
}

/// [`game`] with its own sequence of picks.
fn game_from_seed(variant: Variant, plies: usize, mut seed: u64) -> Game {
    let opts = Options::for_variant(variant);
    let mut game = Game::new(Position::start(variant), opts);
    while game.plies().len() < plies && !game.outcome().is_over() {
        let pos = game.position().clone();
        let moves = pos.legal_moves(&opts);
        seed = seed
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        let pick = if (seed >> 33) % 3 == 0 {
            moves[(seed >> 40) as usize % moves.len()]
        } else {
            let seat = pos.to_move();
            let progress = |m: &halma::Move| {
                let before = pos.distance_to_go(seat) as i64;
                let after = pos.play_unchecked(*m).distance_to_go(seat) as i64;
                before - after
            };
            *moves.iter().max_by_key(|m| progress(m)).expect("a move")
        };
        let text = format!("{}-{}", pick.from, pick.to)
            .parse()
            .expect("move text");
        game.play(&text).expect("legal");
    }
    game
}

/// The most crowded four-player board we know: pieces of all four players
/// scattered over the whole board, with a long last move (the same position
/// as the render tests' busy board).
fn busiest() -> Game {
    let pos: Position = "four 1cc13/3a9bd1/c1c9d3/c1c1c3b1d3d1/5cc1d2b4/4c3b1b1d3/8da6/4ad3cb5/4c2aba1a4/3b1d3a2a3/3d1d5c4/1d14/1d14/3b9a2/2b9aa2/1b1bb9aa d"
        .parse()
        .expect("a position");
    let mut game = Game::new(pos, Options::for_variant(Variant::Four));
    game.play(&"d6-d8-f10-d12-b14-d14-b12".parse().expect("move text"))
        .expect("legal");
    game
}

fn boards(c: &mut Criterion) {
    let standard = game(Variant::Standard, 60);
    let four = game(Variant::Four, 80);
    let three = game(Variant::Three, 60);
    // The star's games as far in as the standard one: 30 moves each for two
    // players, 20 each for six (pieces spread over the whole star).
    let star2 = game(Variant::Star2, 60);
    let star6 = game(Variant::Star6, 120);
    let names: Vec<String> = ["Alice", "Bob", "Chandrasekhar", "Dörte", "Eve", "Frank"]
        .map(String::from)
        .to_vec();
    let cases = [
        ("standard light", &standard, Theme::Light),
        ("standard dark", &standard, Theme::Dark),
        ("four light", &four, Theme::Light),
        ("four dark", &four, Theme::Dark),
        ("three light", &three, Theme::Light),
        ("star2 light", &star2, Theme::Light),
        ("star6 light", &star6, Theme::Light),
        ("star6 dark", &star6, Theme::Dark),
    ];
    let mut group = c.benchmark_group("board_png");
    let bands = KeptBands::new();
    let busiest = busiest();
    let cases = cases.into_iter().chain([
        ("four busiest", &busiest, Theme::Light),
        ("four busiest dark", &busiest, Theme::Dark),
    ]);
    for (name, g, theme) in cases {
        let (_, chain) = g.last_move().expect("moves were played");
        let options = BoardOptions {
            theme,
            last_move: chain.to_vec(),
            names: names.clone(),
            ..BoardOptions::default()
        };
        let png = board_png(g.position(), &options, &bands);
        println!("board_png {name}: {} bytes", png.len());
        // A picture none of whose bands was drawn before: the bands kept from the last
        // iteration are dropped first.
        group.bench_function(name, |b| {
            b.iter(|| {
                bands.forget();
                board_png(black_box(g.position()), &options, &bands)
            })
        });
    }
    group.finish();
}

/// Games played side by side, as in a busy server: each picture is the next
/// move's board of the next game in turn, so that a game's previous board
/// was drawn `GAMES` pictures before (its unchanged bands may still be kept).
fn boards_in_turn(c: &mut Criterion) {
    const GAMES: usize = 100;
    const PLIES: usize = 120;
    let names: Vec<String> = ["Alice", "Bob"].map(String::from).to_vec();
    let games: Vec<Vec<(Position, BoardOptions)>> = (0..GAMES as u64)
        .map(|i| {
            let g = game_from_seed(Variant::Standard, PLIES, 0x2545_F491 + i * 0x9E37);
            let mut position = g.start().clone();
            g.plies()
                .iter()
                .map(|ply| {
                    let Ply::Move { chain, .. } = ply else {
                        panic!("no passes in two-player games");
                    };
                    position = position.play_unchecked(ply.as_move().expect("a move"));
                    let options = BoardOptions {
                        last_move: chain.clone(),
                        names: names.clone(),
                        ..BoardOptions::default()
                    };
                    (position.clone(), options)
                })
                .collect()
        })
        .collect();
    let pictures = GAMES * PLIES;
    let bands = KeptBands::new();
    let bytes: usize = (0..pictures)
        .map(|k| {
            let (position, options) = &games[k % GAMES][k / GAMES];
            board_png(position, options, &bands).len()
        })
        .sum();
    println!(
        "board_png standard, {GAMES} games in turn: {} bytes on average",
        bytes / pictures
    );
    let mut group = c.benchmark_group("board_png in turn");
    let mut k = 0;
    group.bench_function(format!("standard, {GAMES} games"), |b| {
        b.iter(|| {
            let (position, options) = &games[k % GAMES][(k / GAMES) % PLIES];
            k += 1;
            board_png(black_box(position), options, &bands)
        })
    });
    group.finish();
}

/// A game of `plies` plies whose moves are picked at random among the legal ones: it wanders
/// and is not over, as long games that nobody plays out are.
fn wandering(variant: Variant, plies: usize) -> Game {
    let opts = Options::for_variant(variant);
    let mut game = Game::new(Position::start(variant), opts);
    let mut seed = 0x2545_F491_4F6C_DD1Du64;
    while game.plies().len() < plies && !game.outcome().is_over() {
        let moves = game.position().legal_moves(&opts);
        seed = seed
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        let mv = moves[(seed >> 33) as usize % moves.len()];
        game.play(&mv.into()).expect("legal");
    }
    game
}

/// Replays of 300 and 1,000 plies with a frame per ply (as before frames were capped), with
/// the default frame and byte caps, and so compressed on one thread (as the bot draws them).
fn replays(c: &mut Criterion) {
    let names = vec!["Alice".into(), "Bob".into()];
    let every_ply = ReplayOptions {
        names: names.clone(),
        max_frames: usize::MAX,
        max_bytes: usize::MAX,
        ..ReplayOptions::default()
    };
    let capped = ReplayOptions {
        names,
        ..ReplayOptions::default()
    };
    let one_thread = ReplayOptions {
        one_thread: true,
        ..capped.clone()
    };
    let mut group = c.benchmark_group("replay_gif");
    group.sample_size(10);
    for plies in [300, 1000] {
        let g = wandering(Variant::Standard, plies);
        let rows = [
            ("every ply", &every_ply),
            ("capped", &capped),
            ("capped, one thread", &one_thread),
        ];
        for (label, options) in rows {
            let shown = replay(g.start(), g.plies(), options);
            println!(
                "replay_gif standard {} plies, {label}: {} frames, {} bytes",
                g.plies().len(),
                shown.frames,
                shown.gif.len()
            );
            group.bench_function(format!("standard {plies} plies, {label}"), |b| {
                b.iter(|| replay(black_box(g.start()), g.plies(), options))
            });
        }
    }
    group.finish();
}

criterion_group!(benches, boards, boards_in_turn, replays);
criterion_main!(benches);
