//! Golden pictures: a few boards compared with the PNGs checked in under
//! `tests/golden/`, within a small tolerance per pixel (so that a new
//! version of the font rasterizer does not fail them).
//!
//! After a deliberate change to the drawing, regenerate them with
//! `UPDATE_GOLDEN=1 cargo test -p halma-render --test golden`, and look at
//! every changed picture before committing it.

use halma::{Game, Options, Position, Seat, Square};
use halma_render::{board_png, BoardOptions, KeptBands, Theme};
use std::path::PathBuf;

/// The largest difference allowed in any colour channel of a pixel.
const CHANNEL_TOLERANCE: u8 = 24;
/// The share of pixels allowed to differ by more than that.
const PIXEL_SHARE: f64 = 0.001;

struct Case {
    name: &'static str,
    position: &'static str,
    /// A move for the player to move, played before drawing and shown as
    /// the last move.
    play: Option<&'static str>,
    highlights: &'static [&'static str],
    names: &'static [&'static str],
    /// Players out of the game.
    removed: &'static [Seat],
    theme: Theme,
}

const CASES: &[Case] = &[
    Case {
        name: "standard-long-chain-light",
        position: "standard 1b2b1a9/3a2a9/b1b1bb10/1b5b8/b5a1bb6/6b9/9a6/8b1b1bb2/13b2/10aa1a2/11a1b2/13aa1/13a1b/16/11a1aaa/10aa3a b",
        play: Some("n8-l10-j8-h10-f12-h12-h14-f16-d16-d14-b14-b12"),
        highlights: &[],
        names: &["Alice", "Bob"],
        removed: &[],
        theme: Theme::Light,
    },
    Case {
        name: "four-players-dark",
        position: "four 1cc13/3a9bd1/c1c9d3/c1c1c3b1d3d1/5cc1d2b4/4c3b1b1d3/8da6/4ad3cb5/4c2aba1a4/3b1d3a2a3/3d1d5c4/1d14/1d14/3b9a2/2b9aa2/1b1bb9aa d",
        play: Some("d6-d8-f10-d12-b14-d14-b12"),
        highlights: &[],
        names: &["Ana", "Бора", "名前", "Dörte Überlänge-Namensträgerin"],
        removed: &[],
        theme: Theme::Dark,
    },
    Case {
        name: "three-players-light",
        position: "three c15/6c9/c1c1a11/cc2c1c2b6/10b5/8c1b5/4a1b2c6/5b3c6/7b3a4/9c6/2b2b4c5/13aaa/13aa1/2b8a1a2/3b8a3/b1bb8a1a1 c",
        play: Some("j10-h12-f14-d14-f12-h14-f16"),
        highlights: &[],
        names: &[],
        removed: &[],
        theme: Theme::Light,
    },
    Case {
        name: "ig10-highlights-light",
        position: "ig10 1aaa1a4/2bbaaa3/1b2b1b3/bbb1ab1a2/b5a1b1/5a1a2/6b2b/8b1/6a2b/5a1a2 b",
        play: None,
        highlights: &["b8", "b6", "d8", "f6", "h6", "h4", "a9", "c9"],
        names: &["Light", "Dark"],
        removed: &[],
        theme: Theme::Light,
    },
    Case {
        name: "small-dark",
        position: "small 2aa4/1bbab3/ab1b2bb/b3a3/4b2a/6a1/5aba/4a3 b",
        play: Some("e4-e6-c6-a8"),
        highlights: &["b8", "d6"],
        names: &["a", "b"],
        removed: &[],
        theme: Theme::Dark,
    },
    Case {
        name: "standard-start-dark",
        position: "standard bbbbb11/bbbbb11/bbbb12/bbb13/bb14/16/16/16/16/16/16/14aa/13aaa/12aaaa/11aaaaa/11aaaaa a",
        play: None,
        highlights: &[],
        names: &[],
        removed: &[],
        theme: Theme::Dark,
    },
    Case {
        name: "four-teams-removed-light",
        position: "four-teams cccc8dddd/cccc8dddd/ccc10ddd/cc12dd/16/16/16/16/16/16/16/16/bb12aa/bbb10aaa/bbbb8aaaa/bbbb8aaaa b",
        play: None,
        highlights: &[],
        names: &["Ann", "Bob", "Cleo", "Dan"],
        removed: &[Seat::D],
        theme: Theme::Light,
    },
];

fn render(case: &Case) -> Vec<u8> {
    let start: Position = case.position.parse().expect("a position");
    let mut game = Game::new(start.clone(), Options::for_variant(start.variant()));
    let last_move = match case.play {
        Some(text) => game.play(&text.parse().expect("move text")).expect("legal"),
        None => Vec::new(),
    };
    let options = BoardOptions {
        theme: case.theme,
        last_move,
        highlights: case
            .highlights
            .iter()
            .map(|s| s.parse::<Square>().expect("a square"))
            .collect(),
        names: case.names.iter().map(|&n| n.to_string()).collect(),
        removed: case.removed.to_vec(),
        ..BoardOptions::default()
    };
    board_png(game.position(), &options, &KeptBands::new())
}

fn golden_path(name: &str) -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("tests/golden")
        .join(format!("{name}.png"))
}

#[test]
fn pictures_match_the_golden_files() {
    let update = std::env::var_os("UPDATE_GOLDEN").is_some();
    let mut failures = Vec::new();
    for case in CASES {
        let png = render(case);
        let path = golden_path(case.name);
        if update {
            std::fs::write(&path, &png).expect("write golden file");
            continue;
        }
        let want = image::open(&path)
            .unwrap_or_else(|e| panic!("{}: {e} (run with UPDATE_GOLDEN=1)", path.display()))
            .to_rgba8();
        let got = image::load_from_memory(&png).expect("a PNG").to_rgba8();
        if got.dimensions() != want.dimensions() {
            failures.push(format!(
                "{}: {:?} instead of {:?}",
                case.name,
                got.dimensions(),
                want.dimensions()
            ));
            continue;
        }
        let off = got
            .pixels()
            .zip(want.pixels())
            .filter(|(a, b)| {
                a.0.iter()
                    .zip(&b.0)
                    .any(|(x, y)| x.abs_diff(*y) > CHANNEL_TOLERANCE)
            })
            .count();
        let total = (got.width() * got.height()) as f64;
        if off as f64 > total * PIXEL_SHARE {
            let path = std::env::temp_dir().join(format!("{}.actual.png", case.name));
            std::fs::write(&path, &png).expect("write actual picture");
            failures.push(format!(
                "{}: {off} pixels differ; see {}",
                case.name,
                path.display()
            ));
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}
