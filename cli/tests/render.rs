//! `halma render` and `halma replay` run as processes.

use assert_cmd::Command;
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
