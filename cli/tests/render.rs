//! `halma render` and `halma replay` run as processes.

mod common;

use assert_cmd::Command;
use common::STAR_STARTS;
use std::path::PathBuf;

fn halma() -> Command {
    Command::cargo_bin("halma").expect("the halma binary is built")
}

/// A fresh path in the temporary folder for this test's output.
fn scratch(name: &str) -> PathBuf {
    let path = std::env::temp_dir().join(format!("halma-cli-{}-{name}", std::process::id()));
    let _ = std::fs::remove_file(&path);
    path
}

/// Runs `halma` with `args` and `-o path`.
fn run_to(args: &[&str], path: &PathBuf) -> std::process::Output {
    halma()
        .args(args)
        .arg("-o")
        .arg(path)
        .output()
        .expect("halma runs")
}

/// Runs a command that must succeed without printing, and returns the file
/// it wrote.
fn written(args: &[&str], path: &PathBuf) -> Vec<u8> {
    let out = run_to(args, path);
    assert!(
        out.status.success(),
        "halma {args:?} failed: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert!(
        out.stdout.is_empty() && out.stderr.is_empty(),
        "halma {args:?} printed"
    );
    std::fs::read(path).expect("the output file")
}

/// Runs a command that must fail with status 2, one stderr line, no stdout
/// and no output file.
fn refusal(args: &[&str], path: &PathBuf) -> String {
    let out = run_to(args, path);
    assert_eq!(out.status.code(), Some(2), "halma {args:?}");
    assert!(out.stdout.is_empty(), "halma {args:?} printed on stdout");
    assert!(!path.exists(), "halma {args:?} wrote a file");
    let err = String::from_utf8(out.stderr).expect("utf-8 error");
    assert_eq!(err.lines().count(), 1, "halma {args:?}: {err}");
    err
}

/// Width and height from a PNG's header.
fn png_size(bytes: &[u8]) -> (u32, u32) {
    assert_eq!(&bytes[..8], b"\x89PNG\r\n\x1a\n");
    assert_eq!(&bytes[12..16], b"IHDR");
    let be = |i: usize| u32::from_be_bytes(bytes[i..i + 4].try_into().expect("4 bytes"));
    (be(16), be(20))
}

const SMALL: &str = "small bbbb4/bbb5/bb6/b7/8/8/6aa/4aaaa b";

#[test]
fn render_writes_a_png_of_the_board() {
    let path = scratch("board.png");
    let start = "standard bbbbb11/bbbbb11/bbbb12/bbb13/bb14/16/16/16/16/16/16/14aa/13aaa/12aaaa/11aaaaa/11aaaaa a";
    let png = written(&["render", start], &path);
    let (w, h) = png_size(&png);
    assert_eq!((w, h), halma_render::image_size(halma::Variant::Standard));
    assert!(w >= 800 && h > w, "{w}×{h}");
    let _ = std::fs::remove_file(&path);
}

#[test]
fn render_draws_the_last_move_highlights_names_and_theme() {
    let path = scratch("last.png");
    // a stepped g2-g3 on the 8×8 board.
    let png = written(
        &[
            "render",
            "--last",
            "G2 g3",
            "--highlight",
            "e5,f6",
            "--highlight",
            "a1",
            "--theme",
            "dark",
            "--name",
            "Ann",
            "--name",
            "Ben",
            "--option",
            "camp_rule=off",
            "small bbbb4/bbb5/bb6/b7/8/6a1/5a1a/4aaaa b",
        ],
        &path,
    );
    assert_eq!(
        png_size(&png),
        halma_render::image_size(halma::Variant::Small)
    );
    let _ = std::fs::remove_file(&path);
}

#[test]
fn render_to_stdout_prints_only_the_picture() {
    let out = halma()
        .args(["render", SMALL, "-o", "-"])
        .output()
        .expect("halma runs");
    assert!(out.status.success());
    assert!(out.stderr.is_empty());
    png_size(&out.stdout);
}

#[test]
fn render_refuses_bad_input() {
    let path = scratch("bad.png");
    let err = refusal(&["render", "standard"], &path);
    assert!(err.contains("3 fields"), "{err}");
    let err = refusal(&["render", "small 9/8/8/8/8/8/8/8 a"], &path);
    assert!(err.contains("rank 8"), "{err}");
    let err = refusal(&["render", "--theme", "sepia", SMALL], &path);
    assert!(err.contains("sepia"), "{err}");
    let err = refusal(&["render", "--highlight", "i9", SMALL], &path);
    assert!(err.contains("i9") && err.contains("off"), "{err}");
    let err = refusal(&["render", "--highlight", "zz", SMALL], &path);
    assert!(err.contains("zz"), "{err}");
    let err = refusal(&["render", "--last", "g2-x", SMALL], &path);
    assert!(err.contains("--last"), "{err}");
    let err = refusal(&["render", "--last", "h3-f3", SMALL], &path);
    assert!(err.contains("empty"), "{err}");
    let err = refusal(&["render", "--option", "nonsense=1", SMALL], &path);
    assert!(err.contains("nonsense"), "{err}");
    // No output file named at all.
    let out = halma()
        .args(["render", SMALL])
        .output()
        .expect("halma runs");
    assert_eq!(out.status.code(), Some(2));
    assert!(out.stdout.is_empty());
}

#[test]
fn render_refuses_a_last_move_that_does_not_lead_to_the_position() {
    let path = scratch("bad-last.png");
    // a has just stepped g2-g3: f2, h2 and g3 hold a's pieces, g2 is empty, b is to move.
    let after = "small bbbb4/bbb5/bb6/b7/8/6a1/5a1a/4aaaa b";
    let camp_off = ["--option", "camp_rule=off"];
    let refused = |last: &str, position: &str| {
        let mut args = vec!["render", "--last", last];
        args.extend(camp_off);
        args.push(position);
        refusal(&args, &path)
    };
    // Two squares apart with nothing between: no step and no hop.
    let err = refused("e3-g3", after);
    assert!(err.contains("--last") && err.contains("legal"), "{err}");
    // A hop over an empty square.
    let err = refused("g1-g3", "small bbbb4/bbb5/bb6/b7/8/6a1/5a1a/4aa1a b");
    assert!(err.contains("--last") && err.contains("legal"), "{err}");
    // The piece cannot have come from a square that is still occupied.
    let err = refused("f2-g3", after);
    assert!(err.contains("f2") && err.contains("not empty"), "{err}");
    // The move is legal, but then b would be to move, not a.
    let err = refused("g2-g3", "small bbbb4/bbb5/bb6/b7/8/6a1/5a1a/4aaaa a");
    assert!(err.contains("does not lead"), "{err}");
    // The same move, with the turn right, draws.
    let mut args = vec!["render", "--last", "g2-g3"];
    args.extend(camp_off);
    args.push(after);
    assert_eq!(
        png_size(&written(&args, &path)),
        halma_render::image_size(halma::Variant::Small)
    );
    let _ = std::fs::remove_file(&path);
}

#[test]
fn replay_writes_an_animated_gif() {
    let path = scratch("game.gif");
    let start = "small bbbb4/bbb5/bb6/b7/8/8/6aa/4aaaa a";
    let gif = written(&["replay", start, "g2-g3", "b6-b5", "h2-f4"], &path);
    assert_eq!(&gif[..6], b"GIF89a");
    assert_eq!(
        gif.last(),
        Some(&0x3B),
        "a complete GIF ends with its trailer"
    );
    let _ = std::fs::remove_file(&path);
}

#[test]
fn replay_refuses_illegal_moves() {
    let path = scratch("bad.gif");
    let start = "small bbbb4/bbb5/bb6/b7/8/8/6aa/4aaaa a";
    let err = refusal(&["replay", start, "g2-g3", "g3-g4"], &path);
    assert!(err.contains("move 2"), "{err}");
    let err = refusal(&["replay", start, "g2-"], &path);
    assert!(err.contains("move 1"), "{err}");
    let err = refusal(&["replay", "--theme", "x", start], &path);
    assert!(err.contains("'x'"), "{err}");
}

/// The star6 start after a's hop m3-m5, b to move.
const STAR6_AFTER_M3_M5: &str =
    "star6 d/dd/ddd/dddd/cccc5eeee/ccc6eee/cc7ee/c8e/9/b8f/bb7ff/bbb6fff/bbbb4affff/aaaa/aa1/aa/a b";

/// Decodes a whole PNG and returns its size.
fn decoded_png_size(bytes: &[u8]) -> (u32, u32) {
    let decoder = png::Decoder::new(std::io::Cursor::new(bytes));
    let mut reader = decoder.read_info().expect("a PNG header");
    let mut pixels = vec![0; reader.output_buffer_size().expect("a sane size")];
    let frame = reader.next_frame(&mut pixels).expect("the PNG's pixels");
    (frame.width, frame.height)
}

#[test]
fn render_draws_a_star_position() {
    let path = scratch("star.png");
    let mut args = vec![
        "render",
        "--last",
        "m3-m5",
        "--highlight",
        "i9,j9",
        "--option",
        "no_parking=on",
    ];
    for name in ["Ann", "Ben", "Cy", "Di", "Ed", "Flo"] {
        args.extend(["--name", name]);
    }
    args.push(STAR6_AFTER_M3_M5);
    let png = written(&args, &path);
    assert_eq!(
        decoded_png_size(&png),
        halma_render::image_size(halma::Variant::Star6)
    );
    // Every star variant's start draws.
    for start in STAR_STARTS {
        let variant: halma::Variant = start[..5].parse().expect("a star variant");
        let png = written(&["render", start], &path);
        assert_eq!(decoded_png_size(&png), halma_render::image_size(variant));
    }
    let _ = std::fs::remove_file(&path);
}

#[test]
fn render_refuses_names_that_are_no_holes_of_the_star() {
    let path = scratch("bad-star.png");
    let err = refusal(&["render", "--highlight", "a1", STAR6_AFTER_M3_M5], &path);
    assert!(err.contains("a1 is not a hole of the star"), "{err}");
    let err = refusal(&["render", "--last", "a1-m5", STAR6_AFTER_M3_M5], &path);
    assert!(
        err.contains("--last") && err.contains("a1 is not a hole"),
        "{err}"
    );
    // q17 is not even a name of the star's grid.
    let err = refusal(&["render", "--highlight", "q17", STAR6_AFTER_M3_M5], &path);
    assert!(err.contains("q17"), "{err}");
    // m4 to m5 is a step, but m4 still holds a piece: the move did not lead here.
    let err = refusal(&["render", "--last", "m4-m5", STAR6_AFTER_M3_M5], &path);
    assert!(err.contains("m4") && err.contains("not empty"), "{err}");
}

#[test]
fn replay_writes_a_star_game_as_a_gif() {
    let path = scratch("star.gif");
    let start = STAR_STARTS[3];
    // a hops out of S, then b, c and d step out of SW, NW and N.
    let gif = written(
        &[
            "replay",
            "--option",
            "no_parking=on",
            start,
            "m3-m5",
            "h5-i5",
            "d10-e10",
            "e14-e13",
        ],
        &path,
    );
    let mut options = gif::DecodeOptions::new();
    options.set_color_output(gif::ColorOutput::Indexed);
    let mut decoder = options
        .read_info(std::io::Cursor::new(&gif))
        .expect("a GIF header");
    let size = (u32::from(decoder.width()), u32::from(decoder.height()));
    assert_eq!(size, halma_render::image_size(halma::Variant::Star6));
    let mut frames = 0;
    while decoder.read_next_frame().expect("a GIF frame").is_some() {
        frames += 1;
    }
    // The start and one frame per move.
    assert_eq!(frames, 5);
    let _ = std::fs::remove_file(&path);
    let err = refusal(&["replay", start, "m3-m5", "a1-b1"], &path);
    assert!(
        err.contains("move 2") && err.contains("a1 is not a hole of the star"),
        "{err}"
    );
}
