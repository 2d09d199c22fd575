//! The `halma` tool run as a process, as users and scripts run it.

mod common;

use common::{halma, stdout_of, STAR_STARTS};

/// Runs a command that must fail with status 2, one stderr line and no stdout.
fn refusal(args: &[&str]) -> String {
    let out = halma().args(args).output().expect("halma runs");
    assert_eq!(out.status.code(), Some(2), "halma {args:?}");
    assert!(out.stdout.is_empty(), "halma {args:?} printed on stdout");
    let err = String::from_utf8(out.stderr).expect("utf-8 error");
    assert_eq!(err.lines().count(), 1, "halma {args:?}: {err}");
    err
}

const IG10: &str = "ig10 bbbbb5/bbbb6/bbb7/bb8/b9/9a/8aa/7aaa/6aaaa/5aaaaa a";

#[test]
fn start_prints_the_start_position() {
    assert_eq!(stdout_of(&["start", "ig10"]), format!("{IG10}\n"));
    let standard = stdout_of(&["start", "standard"]);
    assert!(standard.starts_with("standard bbbbb11/"));
    assert!(standard.ends_with(" a\n"));
}

#[test]
fn moves_are_sorted_and_complete() {
    let out = stdout_of(&["moves", IG10]);
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines.len(), 32);
    let mut sorted = lines.clone();
    sorted.sort();
    assert_eq!(lines, sorted);
    assert!(lines.contains(&"j5-j6"));
}

#[test]
fn moves_with_paths_show_a_valid_chain() {
    let out = stdout_of(&["moves", "--paths", IG10]);
    for line in out.lines() {
        let (mv, chain) = line.split_once(' ').expect("a move and its chain");
        let (from, to) = mv.split_once('-').expect("from-to");
        assert!(chain.starts_with(from) && chain.ends_with(to), "{line}");
    }
    // A chain of two hops: a1 over b2 to c3, then over c4 to c5.
    let out = stdout_of(&["moves", "--paths", "small 4bbbb/5bbb/6bb/7b/2a5/8/1a6/a7 a"]);
    assert!(out.lines().any(|l| l == "a1-c5 a1-c3-c5"), "{out}");
}

#[test]
fn play_applies_moves_and_reports_the_outcome() {
    let out = stdout_of(&["play", "--outcome", IG10, "j5-j6", "a6 a5"]);
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines.len(), 2);
    assert_eq!(
        lines[0],
        "ig10 bbbbb5/bbbb6/bbb7/bb8/9a/b9/8aa/7aaa/6aaaa/5aaaaa a"
    );
    assert_eq!(lines[1], "ongoing");
}

#[test]
fn play_announces_a_win() {
    // Player a needs one step to fill the last square of its target camp.
    let pos = "small aaa5/aa6/a7/1a6/8/8/6b1/4bbbb a";
    let out = stdout_of(&["play", "--outcome", pos, "b5-a5"]);
    assert_eq!(out.lines().nth(1), Some("winner a"));
}

#[test]
fn perft_counts_leaves() {
    assert_eq!(stdout_of(&["perft", "small", "2"]), "576\n");
    assert_eq!(stdout_of(&["perft", IG10, "1"]), "32\n");
    let no_camp_rule = stdout_of(&["perft", "--option", "camp_rule=off", "standard", "2"]);
    assert_eq!(no_camp_rule, "1600\n");
}

#[test]
fn bad_input_exits_2_with_one_line() {
    assert!(refusal(&["start", "chess"]).contains("unknown variant 'chess'"));
    assert!(refusal(&["moves", "ig10 bbbbb5 a"]).contains("ranks"));
    assert!(refusal(&["play", IG10, "j5-j7"]).contains("j7"));
    assert!(refusal(&["play", IG10, "z9-j6"]).contains("z9"));
    assert!(refusal(&["play", IG10, "a10-a9"]).contains("belongs to player b"));
    assert!(refusal(&["moves", "--option", "speed=fast", IG10]).contains("unknown option"));
    assert!(refusal(&["perft", "small", "deep"]).contains("deep"));
    refusal(&["frobnicate"]);
}

#[test]
fn start_of_the_star_goes_through_moves_and_play() {
    for expected in STAR_STARTS {
        let variant = expected.split(' ').next().unwrap_or_default();
        let start = stdout_of(&["start", variant]);
        assert_eq!(start, format!("{expected}\n"));
        let moves = stdout_of(&["moves", start.trim_end()]);
        // a's ten pieces on S: eight steps and six hops out of the point.
        assert_eq!(moves.lines().count(), 14, "{variant}: {moves}");
        assert!(moves.lines().any(|l| l == "m4-m5"), "{variant}: {moves}");
        assert!(moves.lines().any(|l| l == "k3-k5"), "{variant}: {moves}");
        let after = stdout_of(&["play", "--outcome", start.trim_end(), "k3-k5"]);
        let lines: Vec<&str> = after.lines().collect();
        assert_eq!(lines.len(), 2, "{after}");
        assert!(lines[0].starts_with(&format!("{variant} ")), "{after}");
        assert!(lines[0].ends_with(" b"), "{after}");
        assert_eq!(lines[1], "ongoing");
        // The printed position reads back: b has moves in it.
        assert!(!stdout_of(&["moves", lines[0]]).is_empty());
    }
}

#[test]
fn moves_on_the_star_follow_the_rule_book_examples() {
    // Camp rule per hop: the chain g12-g14-e14 stays in N, g12-g14-i12 would leave it.
    let camp = "star2 1/2/3/1b2/6bb5/5a6/11/10/9/10/11/12/13/4/3/2/1 a";
    let out = stdout_of(&["moves", camp]);
    let expected = "g12-e14 g12-f12 g12-f13 g12-g11 g12-g14 g12-h11 g12-h12";
    assert_eq!(
        out.split_whitespace().collect::<Vec<_>>().join(" "),
        expected
    );
    let out = stdout_of(&["moves", "--paths", camp]);
    assert!(out.lines().any(|l| l == "g12-e14 g12-g14-e14"), "{out}");
    let out = stdout_of(&["moves", "--option", "camp_rule=off", camp]);
    assert!(out.lines().any(|l| l == "g12-i12"), "{out}");
    // Foreign points: with no_parking=on, a may not stop in SW.
    let parking = "star2 1/2/3/4/8b4/12/11/10/9/10/11/12/3ba8/4/3/2/1 a";
    let out = stdout_of(&["moves", parking]);
    assert_eq!(out, "i5-g5\ni5-h6\ni5-i6\ni5-j4\ni5-j5\n");
    let out = stdout_of(&["moves", "--option", "no_parking=on", parking]);
    assert_eq!(out, "i5-h6\ni5-i6\ni5-j4\ni5-j5\n");
    let err = refusal(&["play", "--option", "no_parking=on", parking, "i5-g5"]);
    assert!(
        err.contains("g5") && err.contains("neither your home"),
        "{err}"
    );
}

/// The star's lines of the rules crate's perft data: position (or variant),
/// depth, count and options.
fn star_perft_vectors() -> Vec<(String, String, String, Vec<String>)> {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/../rules/tests/data/perft.txt");
    let text = std::fs::read_to_string(path).expect("the rules crate's perft data");
    text.lines()
        .filter(|l| l.starts_with("star"))
        .map(|line| {
            let fields: Vec<String> = line.split(';').map(|f| f.trim().to_string()).collect();
            assert!(fields.len() >= 3, "{line}");
            let options = fields[3..].to_vec();
            (
                fields[0].clone(),
                fields[1].clone(),
                fields[2].clone(),
                options,
            )
        })
        .collect()
}

#[test]
fn perft_on_the_star_agrees_with_the_rule_book() {
    let vectors = star_perft_vectors();
    // The start positions to depth 5, with and without no_parking, and the three seeded ones.
    assert!(vectors.len() >= 45, "{} star vectors", vectors.len());
    for (position, depth, count, options) in vectors {
        let mut args = vec!["perft".to_string()];
        for option in options {
            args.push("--option".into());
            args.push(option);
        }
        // The data file counts with balance off, as the star's default is.
        args.extend(["--option".into(), "balance=off".into(), position, depth]);
        let args: Vec<&str> = args.iter().map(String::as_str).collect();
        assert_eq!(stdout_of(&args), format!("{count}\n"), "halma {args:?}");
    }
}

#[test]
fn perft_takes_the_depth_as_an_option_too() {
    let star4 = STAR_STARTS[2];
    assert_eq!(stdout_of(&["perft", star4, "--depth", "3"]), "2786\n");
    assert_eq!(stdout_of(&["perft", "--depth", "2", "star6"]), "199\n");
    let err = refusal(&["perft", "star6"]);
    assert!(err.contains("needs a depth"), "{err}");
    let err = refusal(&["perft", "star6", "2", "--depth", "2"]);
    assert!(err.contains("--depth"), "{err}");
}

#[test]
fn star_input_errors_say_what_is_wrong() {
    let star2 = STAR_STARTS[0];
    let err = refusal(&["play", star2, "a1-b2"]);
    assert!(err.contains("a1 is not a hole of the star"), "{err}");
    let err = refusal(&["play", star2, "m4-m5", "e14-d15"]);
    assert!(
        err.contains("move 2") && err.contains("d15 is not a hole of the star"),
        "{err}"
    );
    // Unknown variants are answered with every name, the star's included.
    for args in [
        &["start", "chess"][..],
        &["perft", "chess", "1"],
        &["moves", "chess 9 a"],
    ] {
        let err = refusal(args);
        assert!(err.contains("'chess'") && err.contains("star6"), "{err}");
    }
    // A rank of the star that describes too many holes.
    let err = refusal(&[
        "moves",
        "star2 b/bb/bbb/bbbb/13/12/11/10/10/10/11/12/13/aaaa/aaa/aa/a a",
    ]);
    assert!(err.contains("rank 9"), "{err}");
    let err = refusal(&["moves", "--option", "no_parking=maybe", star2]);
    assert!(err.contains("no_parking"), "{err}");
}
