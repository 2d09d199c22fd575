//! Pictures of Stern-Halma's star, checked by decoding them and sampling
//! pixels at the holes' centres that [`square_centre`] gives.

use halma::{Game, Options, Ply, Position, Seat, Square, Variant};
use halma_render::{
    image_size, replay, seat_colour, square_centre, BoardOptions, ReplayOptions, Theme,
};
mod support;

use image::AnimationDecoder;
use support::{board_png, close, decode, rgb, sq, without_and_with_last_move};

/// Pixels between neighbouring holes.
fn hole_px(variant: Variant) -> u32 {
    let i9 = square_centre(variant, sq("i9")).expect("i9");
    let j9 = square_centre(variant, sq("j9")).expect("j9");
    j9.0 - i9.0
}

/// The centre of hole `s` moved up by `share` of the distance between holes.
fn above(variant: Variant, s: Square, share: f32) -> (u32, u32) {
    let (x, y) = square_centre(variant, s).expect("a hole");
    (x, y - (hole_px(variant) as f32 * share) as u32)
}

/// A point inside the piece on `s` above its letter: the seat's colour.
fn piece_point(variant: Variant, s: Square) -> (u32, u32) {
    above(variant, s, 0.27)
}

/// A point inside the hole `s` above its name: the hole's colour when empty.
fn hole_point(variant: Variant, s: Square) -> (u32, u32) {
    above(variant, s, 0.22)
}

/// A game of `variant` that wanders: each move picked at random among the legal ones by a
/// fixed sequence, most of them the one that gains most.
fn wandering(variant: Variant, plies: usize) -> Game {
    let mut game = Game::new(Position::start(variant), Options::for_variant(variant));
    let mut seed = 0x2545_F491_4F6C_DD1Du64;
    while game.plies().len() < plies && !game.outcome().is_over() {
        let pos = game.position().clone();
        let moves = pos.legal_moves(game.options());
        seed = seed
            .wrapping_mul(6_364_136_223_846_793_005)
            .wrapping_add(1_442_695_040_888_963_407);
        let seat = pos.to_move();
        let gain = |m: &halma::Move| {
            i64::from(pos.distance_to_go(seat))
                - i64::from(pos.play_unchecked(*m).distance_to_go(seat))
        };
        let mv = if (seed >> 33) % 3 == 0 {
            moves[(seed >> 40) as usize % moves.len()]
        } else {
            *moves.iter().max_by_key(|m| gain(m)).expect("a move")
        };
        game.play(&mv.into()).expect("legal");
    }
    game
}

#[test]
fn star_pictures_are_taller_than_wide_and_centre_holes_on_a_triangular_lattice() {
    for variant in Variant::STAR {
        let (w, h) = image_size(variant);
        assert!(h > w, "{variant}: {w}×{h}");
        let img = decode(&board_png(
            &Position::start(variant),
            &BoardOptions::default(),
        ));
        assert_eq!(img.dimensions(), (w, h), "{variant}");
        let d = hole_px(variant);
        let centre = |s: &str| square_centre(variant, sq(s)).expect("a hole");
        let (i9, i10, h10) = (centre("i9"), centre("i10"), centre("h10"));
        // i10 is up and half a hole right; h10 up and half a hole left.
        assert_eq!((i10.0 - i9.0, h10.0 + d / 2), (d / 2, i9.0));
        assert_eq!(i10.1, h10.1);
        let rise = i9.1 - i10.1;
        assert!(
            rise.abs_diff(d * 866 / 1000) <= 1,
            "{rise} px between ranks"
        );
        // The tips: m1 below e17, a13 above e5 on the left, m13 above q5 on the right.
        assert_eq!(centre("m1").0, centre("e17").0);
        assert_eq!(
            (centre("a13").0, centre("m13").0),
            (centre("e5").0, centre("q5").0)
        );
        assert_eq!(
            (centre("a13").1, centre("e5").1),
            (centre("m13").1, centre("q5").1)
        );
        assert_eq!(centre("m13").0 - centre("a13").0, 12 * d);
        assert_eq!(square_centre(variant, sq("a1")), None);
    }
}

#[test]
fn every_piece_shows_its_seat_colour_in_its_hole_and_empty_holes_are_empty() {
    for variant in Variant::STAR {
        let start = Position::start(variant);
        let middle = wandering(variant, 12 * variant.players());
        for theme in Theme::ALL {
            for pos in [&start, middle.position()] {
                let options = BoardOptions {
                    theme,
                    ..BoardOptions::default()
                };
                let img = decode(&board_png(pos, &options));
                for seat in variant.seats() {
                    assert_eq!(pos.pieces(seat).count(), 10);
                    for s in pos.pieces(seat).squares() {
                        let got = rgb(&img, piece_point(variant, s));
                        assert_eq!(got, seat_colour(seat), "{variant} {theme} {seat} on {s}");
                    }
                }
                // Every empty hole looks the same, and like no piece.
                let empty: Vec<Square> = variant
                    .board()
                    .squares()
                    .filter(|&s| pos.piece_at(s).is_none())
                    .collect();
                assert_eq!(empty.len(), 121 - 10 * variant.players());
                let hole = rgb(&img, hole_point(variant, empty[0]));
                for &s in &empty {
                    assert_eq!(rgb(&img, hole_point(variant, s)), hole, "{variant} {s}");
                }
                for seat in (0..6).filter_map(Seat::new) {
                    assert!(!close(hole, seat_colour(seat), 40), "{variant} {theme}");
                }
            }
        }
    }
}

#[test]
fn the_points_players_start_from_are_tinted_and_the_others_are_not() {
    // star3 plays from S, NW and NE; SW, N and SE stay as the hexagon is.
    let variant = Variant::Star3;
    let img = decode(&board_png(
        &Position::start(variant),
        &BoardOptions::default(),
    ));
    // Between three holes of a point, or of the hexagon: the star's body.
    let between = |a: &str, b: &str| {
        let (ax, ay) = square_centre(variant, sq(a)).expect("a hole");
        let (bx, by) = square_centre(variant, sq(b)).expect("a hole");
        rgb(&img, ((ax + bx) / 2, (ay + by) / 2))
    };
    let hexagon = between("i9", "j9");
    for (a, b) in [("f6", "g6"), ("f15", "g15"), ("o6", "p6")] {
        assert_eq!(between(a, b), hexagon, "{a}-{b} in an unused point");
    }
    for (a, b, seat) in [
        ("k3", "l3", Seat::A),
        ("b12", "c12", Seat::B),
        ("l12", "m12", Seat::C),
    ] {
        let tint = between(a, b);
        assert_ne!(tint, hexagon, "{a}-{b} in {seat}'s point");
        // Nearer the seat's colour than the hexagon is, in every channel that differs.
        let colour = seat_colour(seat);
        let nearer = (0..3).all(|i| tint[i].abs_diff(colour[i]) <= hexagon[i].abs_diff(colour[i]));
        assert!(nearer, "{a}-{b}: {tint:?} is not tinted towards {colour:?}");
    }
}

#[test]
fn the_last_move_is_marked_from_start_to_end_on_the_star() {
    let mut game = wandering(Variant::Star6, 60);
    // Play on until a hop chain of at least two hops.
    let chain = loop {
        let before = game.plies().len();
        let pos = game.position().clone();
        let moves = pos.legal_moves(game.options());
        let long = moves.iter().find_map(|m| {
            let mut g = game.clone();
            let chain = g.play(&(*m).into()).ok()?;
            (chain.len() >= 3).then_some(chain)
        });
        match long {
            Some(chain) => {
                let text = halma::MoveText::from_squares(chain.clone()).expect("a chain");
                game.play(&text).expect("legal");
                break chain;
            }
            None => game.play(&moves[0].into()).map(|_| ()).expect("legal"),
        }
        assert!(before < 200, "no hop chain found");
    };
    let variant = Variant::Star6;
    let pos = game.position();
    let mover = pos
        .piece_at(chain[chain.len() - 1])
        .expect("the moved piece");
    for theme in Theme::ALL {
        let (plain, marked) = without_and_with_last_move(pos, theme, &chain);
        let (from, to) = (chain[0], chain[chain.len() - 1]);
        // Around the piece, inside the hole's share of the star: the mark.
        for s in [from, to] {
            let p = above(variant, s, 0.46);
            assert_ne!(rgb(&plain, p), rgb(&marked, p), "{theme}: {s} not marked");
        }
        assert_eq!(rgb(&marked, piece_point(variant, to)), seat_colour(mover));
        for &s in &chain[1..chain.len() - 1] {
            assert!(pos.piece_at(s).is_none());
            let got = rgb(&marked, square_centre(variant, s).expect("a hole"));
            assert_eq!(got, seat_colour(mover), "{theme}: no dot on {s}");
        }
        // A hole far from the path is unchanged.
        let far = variant
            .board()
            .squares()
            .find(|&s| chain.iter().all(|&c| variant.distance(c, s) > 3))
            .expect("a hole far away");
        let p = hole_point(variant, far);
        assert_eq!(rgb(&plain, p), rgb(&marked, p));
    }
}

#[test]
fn highlights_mark_empty_and_occupied_holes_on_the_star() {
    let variant = Variant::Star4;
    let pos = Position::start(variant);
    let (empty, occupied) = (sq("i9"), sq("m1"));
    let plain = decode(&board_png(&pos, &BoardOptions::default()));
    let marked = decode(&board_png(
        &pos,
        &BoardOptions {
            highlights: vec![empty, occupied, sq("a1")],
            ..BoardOptions::default()
        },
    ));
    let centre = square_centre(variant, empty).expect("a hole");
    assert_ne!(rgb(&plain, centre), rgb(&marked, centre), "dot on i9");
    let ring = above(variant, occupied, 0.455);
    assert_ne!(rgb(&plain, ring), rgb(&marked, ring), "ring around m1");
    let piece = piece_point(variant, occupied);
    assert_eq!(rgb(&marked, piece), seat_colour(Seat::A));
}

#[test]
fn busy_star_pictures_stay_small() {
    let names = ["Alice", "Bob", "Chandrasekhar", "Dörte", "Eve", "Frank"].map(String::from);
    for variant in Variant::STAR {
        for plies in [30, 150] {
            let game = wandering(variant, plies);
            let (_, chain) = game.last_move().expect("moves were played");
            for theme in Theme::ALL {
                let options = BoardOptions {
                    theme,
                    last_move: chain.to_vec(),
                    highlights: vec![sq("i9"), sq("e5")],
                    names: names.to_vec(),
                    ..BoardOptions::default()
                };
                let png = board_png(game.position(), &options);
                assert!(
                    png.len() <= 40_000,
                    "{variant} {plies} {theme}: {} bytes",
                    png.len()
                );
            }
        }
    }
}

#[test]
fn six_players_fill_two_header_rows_with_the_turn_marked() {
    let pos = Position::start(Variant::Star6);
    let names: Vec<String> = ["A", "B", "C", "D", "E", "F"].map(String::from).to_vec();
    let turn = |seat: Seat| {
        let options = BoardOptions {
            names: names.clone(),
            ..BoardOptions::default()
        };
        decode(&board_png(
            &pos.with_to_move(seat).expect("in play"),
            &options,
        ))
    };
    let (a, e) = (turn(Seat::A), turn(Seat::E));
    let w = a.width();
    // e's slot is the middle one of the second row: its pill shows only when e is to move.
    let e_slot = (w / 2, 64 + 8);
    let a_slot = (w / 6, 8);
    assert_ne!(rgb(&a, e_slot), rgb(&e, e_slot));
    assert_ne!(rgb(&a, a_slot), rgb(&e, a_slot));
    // The badges show each seat's colour in its slot.
    for seat in (0..6).filter_map(Seat::new) {
        let (col, row) = (seat.index() as u32 % 3, seat.index() as u32 / 3);
        let found = (col * w / 3..col * w / 3 + 60)
            .any(|x| (row * 64..row * 64 + 64).any(|y| rgb(&a, (x, y)) == seat_colour(seat)));
        assert!(found, "no badge for {seat}");
    }
}

#[test]
fn a_star_replay_ends_on_the_final_board_and_drops_a_player_who_left() {
    let variant = Variant::Star3;
    let mut game = wandering(variant, 6);
    let before = game.position().clone();
    game.remove_player(Seat::B)
        .expect("b can leave a game of three");
    for _ in 0..4 {
        let mv = game.position().legal_moves(game.options())[0];
        game.play(&mv.into()).expect("legal");
    }
    let options = ReplayOptions {
        removed: vec![Seat::B],
        departures: vec![(6, Seat::B)],
        ..ReplayOptions::default()
    };
    let shown = replay(game.start(), game.plies(), &options);
    assert!(shown.is_complete());
    let decoder =
        image::codecs::gif::GifDecoder::new(std::io::Cursor::new(&shown.gif)).expect("a GIF");
    let frames = decoder.into_frames().collect_frames().expect("frames");
    assert_eq!(frames.len(), game.plies().len() + 1);
    for s in game.start().pieces(Seat::B).squares() {
        let first = rgb(frames[0].buffer(), piece_point(variant, s));
        assert_eq!(first, seat_colour(Seat::B), "b on {s} at the start");
    }
    for s in before.pieces(Seat::B).squares() {
        let last = rgb(frames[frames.len() - 1].buffer(), piece_point(variant, s));
        assert!(
            !close(last, seat_colour(Seat::B), 40),
            "b on {s} after leaving"
        );
    }
    let Some(Ply::Move { chain, .. }) = game.plies().last() else {
        panic!("the last ply is a move");
    };
    let png = decode(&board_png(
        game.position(),
        &BoardOptions {
            last_move: chain.clone(),
            hide_turn: true,
            removed: vec![Seat::B],
            ..BoardOptions::default()
        },
    ));
    let last = frames[frames.len() - 1].buffer();
    assert_eq!(last.dimensions(), png.dimensions());
    assert!(last.pixels().zip(png.pixels()).all(|(a, b)| a.0 == b.0));
}
