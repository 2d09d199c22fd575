//! The `halma` tool run as a process, as users and scripts run it.

use assert_cmd::Command;

fn halma() -> Command {
    Command::cargo_bin("halma").expect("the halma binary is built")
}

fn stdout_of(args: &[&str]) -> String {
    let out = halma().args(args).output().expect("halma runs");
    assert!(
        out.status.success(),
        "halma {args:?} failed: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8(out.stdout).expect("utf-8 output")
}

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
fn the_star_is_not_offered_yet() {
    assert!(refusal(&["start", "star6"]).contains("star"));
    let star2 = "star2 b/bb/bbb/bbbb/13/12/11/10/9/10/11/12/13/aaaa/aaa/aa/a a";
    assert!(refusal(&["moves", star2]).contains("star2"));
    assert!(refusal(&["perft", "star3", "1"]).contains("star3"));
}
