//! What the pictures show, checked by decoding them and sampling pixels at
//! known squares; independent of the golden files.

use halma::{Game, Options, Position, Seat, Square, Variant};
use halma_render::{
    image_size, replay, replay_gif, seat_colour, square_centre, BoardOptions, ReplayOptions, Theme,
    MAX_REPLAY_BYTES, MAX_REPLAY_FRAMES,
};
mod support;

use image::{AnimationDecoder, RgbaImage};
use support::{board_png, close, decode, rgb, sq, without_and_with_last_move};

/// Pixels per square side in pictures of `variant`.
fn square_px(variant: Variant) -> u32 {
    let a1 = square_centre(variant, sq("a1")).expect("a1");
    let b1 = square_centre(variant, sq("b1")).expect("b1");
    b1.0 - a1.0
}

/// A point inside the piece on `s` above its letter: the seat's colour.
fn piece_point(variant: Variant, s: Square) -> (u32, u32) {
    let (x, y) = square_centre(variant, s).expect("on the board");
    (x, y - square_px(variant) * 27 / 100)
}

/// A point near the corner of `s`, outside any piece or marker.
fn corner_point(variant: Variant, s: Square) -> (u32, u32) {
    let (x, y) = square_centre(variant, s).expect("on the board");
    let off = square_px(variant) * 40 / 100;
    (x - off, y - off)
}

/// The start position of every variant drawn in every theme.
fn start_pictures() -> Vec<(Variant, Theme, Position, RgbaImage)> {
    let mut out = Vec::new();
    for variant in Variant::SQUARE {
        for theme in Theme::ALL {
            let pos = Position::start(variant);
            let options = BoardOptions {
                theme,
                ..BoardOptions::default()
            };
            let img = decode(&board_png(&pos, &options));
            out.push((variant, theme, pos, img));
        }
    }
    out
}

#[test]
fn pictures_have_the_board_size_and_are_not_square() {
    for (variant, theme, _, img) in start_pictures() {
        assert_eq!(img.dimensions(), image_size(variant), "{variant} {theme}");
        let (w, h) = img.dimensions();
        assert_ne!(w, h, "{variant}: Discord crops square images");
        assert!(w >= 800, "{variant}: {w} wide");
    }
}

#[test]
fn pieces_show_their_seat_colour_and_empty_squares_are_checkered() {
    for (variant, theme, pos, img) in start_pictures() {
        for seat in variant.seats() {
            for s in pos.pieces(seat).squares() {
                let got = rgb(&img, piece_point(variant, s));
                assert_eq!(got, seat_colour(seat), "{variant} {theme} {seat} on {s}");
            }
        }
        // The middle of the board is empty: neighbours differ, squares
        // of one shade match, and no square looks like a piece.
        let mid = variant.side() / 2;
        let e = |f: u8, r: u8| Square::new(f, r).expect("on the board");
        let (a, b, c) = (e(mid, mid), e(mid + 1, mid), e(mid + 1, mid + 1));
        for s in [a, b, c] {
            assert!(pos.piece_at(s).is_none());
        }
        let centre = |s| rgb(&img, square_centre(variant, s).expect("on the board"));
        assert_ne!(centre(a), centre(b), "{variant} {theme}: not checkered");
        assert_eq!(centre(a), centre(c), "{variant} {theme}");
        for seat in (0..4).filter_map(Seat::new) {
            let colour = seat_colour(seat);
            assert!(!close(centre(a), colour, 40) && !close(centre(b), colour, 40));
        }
    }
}

#[test]
fn the_last_move_is_marked_from_start_to_end() {
    // b hops from n8 along a long chain to b12.
    let start: Position = "standard 1b2b1a9/3a2a9/b1b1bb10/1b5b8/b5a1bb6/6b9/9a6/8b1b1bb2/13b2/10aa1a2/11a1b2/13aa1/13a1b/16/11a1aaa/10aa3a b"
        .parse()
        .expect("a position");
    let variant = start.variant();
    let mut game = Game::new(start.clone(), Options::for_variant(variant));
    let chain = game
        .play(
            &"n8-l10-j8-h10-f12-h12-h14-f16-d16-d14-b14-b12"
                .parse()
                .expect("move text"),
        )
        .expect("legal");
    let pos = game.position();
    for theme in Theme::ALL {
        let (plain, marked) = without_and_with_last_move(pos, theme, &chain);
        let (from, to) = (chain[0], chain[chain.len() - 1]);
        for s in [from, to] {
            let p = corner_point(variant, s);
            assert_ne!(
                rgb(&plain, p),
                rgb(&marked, p),
                "{theme}: {s} not highlighted"
            );
        }
        // The moved piece still shows its colour on the end square.
        assert_eq!(rgb(&marked, piece_point(variant, to)), seat_colour(Seat::B));
        // Every empty landing square carries a dot of the mover's colour.
        for &s in &chain[1..chain.len() - 1] {
            assert!(pos.piece_at(s).is_none());
            let got = rgb(&marked, square_centre(variant, s).expect("on the board"));
            assert_eq!(got, seat_colour(Seat::B), "{theme}: no dot on {s}");
        }
        // A square the path does not touch is unchanged.
        let p = corner_point(variant, sq("p8"));
        assert_eq!(rgb(&plain, p), rgb(&marked, p));
    }
}

#[test]
fn highlights_mark_empty_and_occupied_squares() {
    let pos = Position::start(Variant::Small);
    let variant = pos.variant();
    let targets = [sq("e5"), sq("h1")];
    let plain = decode(&board_png(&pos, &BoardOptions::default()));
    let marked = decode(&board_png(
        &pos,
        &BoardOptions {
            highlights: targets.to_vec(),
            ..BoardOptions::default()
        },
    ));
    let centre = square_centre(variant, targets[0]).expect("on the board");
    assert_ne!(rgb(&plain, centre), rgb(&marked, centre), "dot on e5");
    // Around h1's piece: a ring between the piece's edge and the square's.
    let (x, y) = square_centre(variant, targets[1]).expect("on the board");
    let ring = (x, y - square_px(variant) * 455 / 1000);
    assert_ne!(rgb(&plain, ring), rgb(&marked, ring), "ring on h1");
    assert_eq!(
        rgb(&marked, piece_point(variant, targets[1])),
        seat_colour(Seat::A)
    );
}

#[test]
fn any_names_are_drawn_without_trouble() {
    let pos = Position::start(Variant::Four);
    let names = [
        "",
        "名前 with CJK the font lacks",
        "\u{202e}right-to-left override and a very very very long name",
        "emoji 🎲\u{0}\u{7} control",
    ];
    let options = BoardOptions {
        names: names.map(String::from).to_vec(),
        ..BoardOptions::default()
    };
    let with = decode(&board_png(&pos, &options));
    let without = decode(&board_png(&pos, &BoardOptions::default()));
    assert_eq!(with.dimensions(), without.dimensions());
    // The board itself does not depend on the names.
    let p = corner_point(Variant::Four, sq("h8"));
    assert_eq!(rgb(&with, p), rgb(&without, p));
}

#[test]
fn off_board_squares_are_ignored() {
    let pos = Position::start(Variant::Small);
    let options = BoardOptions {
        last_move: vec![sq("p16"), sq("a1")],
        highlights: vec![sq("p16")],
        ..BoardOptions::default()
    };
    let img = decode(&board_png(&pos, &options));
    assert_eq!(img.dimensions(), image_size(Variant::Small));
}

#[test]
fn a_busy_board_stays_small() {
    // Four players' pieces scattered over the board with a long last move:
    // the most a PNG has to hold.
    let pos: Position = "four 1cc13/3a9bd1/c1c9d3/c1c1c3b1d3d1/5cc1d2b4/4c3b1b1d3/8da6/4ad3cb5/4c2aba1a4/3b1d3a2a3/3d1d5c4/1d14/1d14/3b9a2/2b9aa2/1b1bb9aa d"
        .parse()
        .expect("a position");
    let mut game = Game::new(pos, Options::for_variant(Variant::Four));
    let chain = game
        .play(&"d6-d8-f10-d12-b14-d14-b12".parse().expect("move text"))
        .expect("legal");
    for theme in Theme::ALL {
        let options = BoardOptions {
            theme,
            last_move: chain.clone(),
            names: ["Alice", "Bob", "Chandrasekhar", "Dörte"]
                .map(String::from)
                .to_vec(),
            ..BoardOptions::default()
        };
        let png = board_png(game.position(), &options);
        assert!(png.len() <= 40_000, "{theme}: {} bytes", png.len());
    }
}

#[test]
fn a_replay_has_a_frame_per_ply_and_ends_on_the_final_position() {
    let variant = Variant::Small;
    let mut game = Game::new(Position::start(variant), Options::for_variant(variant));
    for text in ["g3-g4", "b6-b5", "h3-f5", "a5-c5", "f5-e6", "c5-d6"] {
        game.play(&text.parse().expect("move text")).expect("legal");
    }
    let options = ReplayOptions::default();
    let gif = replay_gif(game.start(), game.plies(), &options);
    let decoder = image::codecs::gif::GifDecoder::new(std::io::Cursor::new(&gif)).expect("a GIF");
    let frames = decoder.into_frames().collect_frames().expect("frames");
    assert_eq!(frames.len(), game.plies().len() + 1);
    let (numer, denom) = frames[1].delay().numer_denom_ms();
    let (last_numer, last_denom) = frames[frames.len() - 1].delay().numer_denom_ms();
    assert!(
        last_numer * denom > numer * last_denom,
        "the last frame is held longer"
    );

    // Each frame equals the board picture of its position and move.
    let (_, chain) = game.last_move().expect("moves were played");
    let png = decode(&board_png(
        game.position(),
        &BoardOptions {
            last_move: chain.to_vec(),
            hide_turn: true,
            ..BoardOptions::default()
        },
    ));
    let last = frames[frames.len() - 1].buffer();
    assert_eq!(last.dimensions(), png.dimensions());
    assert!(last.pixels().zip(png.pixels()).all(|(a, b)| a.0 == b.0));
    let first = frames[0].buffer();
    let start = decode(&board_png(
        game.start(),
        &BoardOptions {
            hide_turn: true,
            ..BoardOptions::default()
        },
    ));
    assert!(first.pixels().zip(start.pixels()).all(|(a, b)| a.0 == b.0));
}

#[test]
fn a_player_who_left_is_gone_from_the_frame_of_their_departure_on() {
    let variant = Variant::Three;
    let mut game = Game::new(Position::start(variant), Options::for_variant(variant));
    let play_first = |game: &mut Game| {
        let mv = game.position().legal_moves(game.options())[0];
        game.play(&mv.into()).expect("legal");
    };
    play_first(&mut game);
    play_first(&mut game);
    let before = game.position().clone();
    // b resigns after two plies (a's and b's); c and a play on.
    game.remove_player(Seat::B)
        .expect("b can leave a game of three");
    play_first(&mut game);
    play_first(&mut game);
    let options = ReplayOptions {
        removed: vec![Seat::B],
        departures: vec![(2, Seat::B)],
        ..ReplayOptions::default()
    };
    let gif = replay_gif(game.start(), game.plies(), &options);
    let decoder = image::codecs::gif::GifDecoder::new(std::io::Cursor::new(&gif)).expect("a GIF");
    let frames = decoder.into_frames().collect_frames().expect("frames");
    assert_eq!(frames.len(), game.plies().len() + 1);
    // Until b leaves, b's pieces are drawn; from the frame after ply 2 on, b's squares are
    // empty and each frame is the board of the game as it was.
    let b_squares: Vec<Square> = before.pieces(Seat::B).squares().collect();
    assert_eq!(b_squares.len(), 13);
    for s in game.start().pieces(Seat::B).squares() {
        let shown = rgb(frames[1].buffer(), piece_point(variant, s));
        assert_eq!(shown, seat_colour(Seat::B), "b on {s} before leaving");
    }
    for frame in &frames[2..] {
        for s in &b_squares {
            let shown = rgb(frame.buffer(), piece_point(variant, *s));
            assert!(
                !close(shown, seat_colour(Seat::B), 40),
                "b on {s} after leaving"
            );
        }
    }
    let after_departure = before.without(Seat::B).expect("b leaves");
    let halma::Ply::Move { chain, .. } = &game.plies()[1] else {
        panic!("b moved at ply 2");
    };
    let expected = decode(&board_png(
        &after_departure,
        &BoardOptions {
            last_move: chain.clone(),
            hide_turn: true,
            removed: vec![Seat::B],
            ..BoardOptions::default()
        },
    ));
    assert!(frames[2]
        .buffer()
        .pixels()
        .zip(expected.pixels())
        .all(|(a, b)| a.0 == b.0));
    let (_, last_chain) = game.last_move().expect("moves were played");
    let last = decode(&board_png(
        game.position(),
        &BoardOptions {
            last_move: last_chain.to_vec(),
            hide_turn: true,
            removed: vec![Seat::B],
            ..BoardOptions::default()
        },
    ));
    let shown = frames[frames.len() - 1].buffer();
    assert!(shown.pixels().zip(last.pixels()).all(|(a, b)| a.0 == b.0));
}

#[test]
fn a_replay_shows_passes_and_skips_plies_that_do_not_fit() {
    use halma::Ply;
    let start = Position::start(Variant::Small);
    let plies = vec![
        Ply::Pass { seat: Seat::A },
        // b has no piece on h1: shown as a pass, not drawn.
        Ply::Move {
            seat: Seat::B,
            chain: vec![sq("h1"), sq("h2")],
        },
    ];
    let gif = replay_gif(&start, &plies, &ReplayOptions::default());
    let decoder = image::codecs::gif::GifDecoder::new(std::io::Cursor::new(&gif)).expect("a GIF");
    assert_eq!(decoder.into_frames().count(), 3);
}

/// A game of `plies` plies of `variant` whose moves a fixed pseudo-random sequence picks among
/// the legal ones: it wanders, so it is not over long before.
fn wandering_game(variant: Variant, plies: usize) -> Game {
    let mut game = Game::new(Position::start(variant), Options::for_variant(variant));
    let mut seed = 0x2545_F491_4F6C_DD1Du64;
    while game.plies().len() < plies && !game.outcome().is_over() {
        let moves = game.position().legal_moves(game.options());
        seed = seed
            .wrapping_mul(6_364_136_223_846_793_005)
            .wrapping_add(1_442_695_040_888_963_407);
        let mv = moves[(seed >> 33) as usize % moves.len()];
        game.play(&mv.into()).expect("legal");
    }
    assert_eq!(game.plies().len(), plies, "the game went on");
    game
}

/// The number of frames of a GIF and its first and last frame, decoded one at a time (a long
/// replay's frames all at once would take gigabytes).
fn first_and_last_frames(gif: &[u8]) -> (usize, RgbaImage, RgbaImage) {
    let decoder = image::codecs::gif::GifDecoder::new(std::io::Cursor::new(gif)).expect("a GIF");
    let mut frames = decoder.into_frames();
    let first = frames
        .next()
        .expect("a frame")
        .expect("a frame")
        .into_buffer();
    let mut last = first.clone();
    let mut count = 1;
    for frame in frames {
        last = frame.expect("a frame").into_buffer();
        count += 1;
    }
    (count, first, last)
}

/// Whether `frame` is the board picture of `game`'s start (`at_end` false) or of its final
/// position with its last move (`at_end` true), as a replay shows them.
fn shows(frame: &RgbaImage, game: &Game, at_end: bool) -> bool {
    let (position, last_move) = if at_end {
        let (_, chain) = game.last_move().expect("moves were played");
        (game.position(), chain.to_vec())
    } else {
        (game.start(), Vec::new())
    };
    let png = decode(&board_png(
        position,
        &BoardOptions {
            last_move,
            hide_turn: true,
            ..BoardOptions::default()
        },
    ));
    frame.dimensions() == png.dimensions()
        && frame.pixels().zip(png.pixels()).all(|(a, b)| a.0 == b.0)
}

#[test]
fn a_long_replay_has_at_most_the_frame_cap_and_keeps_the_start_and_the_end() {
    let game = wandering_game(Variant::Standard, 1000);
    let shown = replay(game.start(), game.plies(), &ReplayOptions::default());
    assert_eq!(shown.plies, 1000);
    assert_eq!(shown.frames, MAX_REPLAY_FRAMES);
    assert!(!shown.is_complete());
    assert!(
        shown.gif.len() <= MAX_REPLAY_BYTES,
        "{} bytes",
        shown.gif.len()
    );
    let (count, first, last) = first_and_last_frames(&shown.gif);
    assert_eq!(count, MAX_REPLAY_FRAMES);
    assert!(shows(&first, &game, false), "the first frame is the start");
    assert!(
        shows(&last, &game, true),
        "the last frame is the final position"
    );
    // The same through the GIF-only function; a short game keeps every ply.
    assert_eq!(
        replay_gif(game.start(), game.plies(), &ReplayOptions::default()),
        shown.gif
    );
    let short = wandering_game(Variant::Small, 30);
    let all = replay(short.start(), short.plies(), &ReplayOptions::default());
    assert!(all.is_complete());
    assert_eq!(first_and_last_frames(&all.gif).0, 31);
}

#[test]
fn a_replay_drops_frames_to_stay_within_its_byte_budget() {
    let game = wandering_game(Variant::Standard, 300);
    let full = replay(
        game.start(),
        game.plies(),
        &ReplayOptions {
            max_frames: usize::MAX,
            max_bytes: usize::MAX,
            ..ReplayOptions::default()
        },
    );
    assert_eq!(full.frames, 301);
    // A budget of a third of the whole game's GIF: frames go until it fits.
    let budget = full.gif.len() / 3;
    let options = ReplayOptions {
        max_frames: usize::MAX,
        max_bytes: budget,
        ..ReplayOptions::default()
    };
    let cut = replay(game.start(), game.plies(), &options);
    assert!(
        cut.gif.len() <= budget,
        "{} > {budget} bytes",
        cut.gif.len()
    );
    assert!(cut.frames < 301 && cut.frames > 2, "{} frames", cut.frames);
    let (count, first, last) = first_and_last_frames(&cut.gif);
    assert_eq!(count, cut.frames);
    assert!(shows(&first, &game, false), "the first frame is the start");
    assert!(
        shows(&last, &game, true),
        "the last frame is the final position"
    );
    // A budget below two frames still gets the start and the end, and nothing else.
    let tiny = replay(
        game.start(),
        game.plies(),
        &ReplayOptions {
            max_bytes: 1,
            ..ReplayOptions::default()
        },
    );
    let (count, first, last) = first_and_last_frames(&tiny.gif);
    assert_eq!((tiny.frames, count), (2, 2));
    assert!(shows(&first, &game, false) && shows(&last, &game, true));
}

#[test]
fn a_replay_compressed_on_one_thread_is_the_same() {
    // Longer than a batch of frames, so that both threads of the default have frames.
    let game = wandering_game(Variant::Small, 40);
    let two = replay_gif(game.start(), game.plies(), &ReplayOptions::default());
    let one = ReplayOptions {
        one_thread: true,
        ..ReplayOptions::default()
    };
    assert_eq!(replay_gif(game.start(), game.plies(), &one), two);
}

#[test]
fn pictures_after_warming_up_are_the_same() {
    let pos = Position::start(Variant::Ig10);
    let before = board_png(&pos, &BoardOptions::default());
    halma_render::warm_up();
    halma_render::warm_up();
    assert_eq!(board_png(&pos, &BoardOptions::default()), before);
}

/// The header strip of a picture: rows above the board's top margin.
fn header_slot(img: &RgbaImage, players: u32, seat: usize) -> Vec<[u8; 3]> {
    let slot = img.width() / players;
    let x0 = seat as u32 * slot;
    let mut out = Vec::new();
    for y in 0..60 {
        for x in x0..x0 + slot {
            out.push(rgb(img, (x, y)));
        }
    }
    out
}

#[test]
fn a_removed_player_is_struck_through_in_the_header() {
    let pos: Position = "four cccc8dddd/cccc8dddd/ccc10ddd/cc12dd/16/16/16/16/16/16/16/16/bb12aa/bbb10aaa/bbbb8aaaa/bbbb8aaaa a"
        .parse()
        .expect("a position");
    let names = ["Ann", "Bob", "Bob", "Dan"].map(String::from).to_vec();
    let options = |removed: Vec<Seat>| BoardOptions {
        names: names.clone(),
        removed,
        ..BoardOptions::default()
    };
    let present = decode(&board_png(&pos, &options(vec![])));
    let out = decode(&board_png(&pos, &options(vec![Seat::B])));
    // b and c carry the same name: present they look alike apart from the
    // badge, and b's slot changes once b is out, where c's does not.
    assert_ne!(header_slot(&present, 4, 1), header_slot(&out, 4, 1));
    assert_eq!(header_slot(&present, 4, 2), header_slot(&out, 4, 2));
    // The strike-through crosses the name's middle: the pixels there are
    // the dimmed text colour in an unbroken line.
    let slot = present.width() / 4;
    let struck = (0..60).any(|y| {
        let line = rgb(&out, (slot + 70, y));
        (slot + 70..slot + 90).all(|x| rgb(&out, (x, y)) == line)
            && (slot + 70..slot + 90).any(|x| rgb(&present, (x, y)) != line)
    });
    assert!(struck, "no line through b's name");
    // The board does not depend on who is out.
    let p = corner_point(Variant::Four, sq("h8"));
    assert_eq!(rgb(&present, p), rgb(&out, p));
}

#[test]
fn partners_share_a_frame_in_the_header() {
    let teams = Position::start(Variant::FourTeams);
    let four = Position::start(Variant::Four);
    let with = decode(&board_png(&teams, &BoardOptions::default()));
    let without = decode(&board_png(&four, &BoardOptions::default()));
    let w = with.width();
    // The frames' top edges run along the header above every slot; in the
    // game without teams the same pixels are plain background.
    let framed = |img: &RgbaImage, x: u32| (0..6).any(|y| rgb(img, (x, y)) != rgb(img, (x, 40)));
    for x in [w / 4, 3 * w / 4] {
        assert!(framed(&with, x), "no frame above x = {x}");
        assert!(!framed(&without, x), "a frame without teams at x = {x}");
    }
}
