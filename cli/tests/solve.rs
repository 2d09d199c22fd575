//! `halma solve crossing` run as a process: its moves replay with
//! `halma play` from the solitaire start and fill the target camp.

mod common;

use common::{halma, stdout_of};
use halma::{Position, Seat, Variant};

/// Runs the solver and replays what it printed; returns the move count.
fn crossing_replays(variant: Variant, extra: &[&str]) -> usize {
    let mut args = vec!["solve", "crossing", "--variant", variant.name()];
    args.extend_from_slice(extra);
    let out = stdout_of(&args);
    let lines: Vec<&str> = out.lines().collect();
    let (last, moves) = lines.split_last().expect("some output");
    assert_eq!(*last, format!("moves: {}", moves.len()), "{out}");
    assert!(moves.len() >= 10, "{out}");
    let start = Position::solitaire(variant, Seat::A, variant.home_camp(Seat::A))
        .expect("the first seat's camp")
        .to_string();
    let mut play = vec!["play", "--outcome"];
    if extra.contains(&"--no-camp-rule") {
        play.push("--option=camp_rule=off");
    }
    play.push(&start);
    play.extend(moves.iter().copied());
    let end = stdout_of(&play);
    let end: Vec<&str> = end.lines().collect();
    let target = Position::solitaire(variant, Seat::A, variant.target_camp(Seat::A))
        .expect("a full target camp");
    assert_eq!(end, [target.to_string().as_str(), "winner a"], "{out}");
    moves.len()
}

#[test]
fn crossings_replay_with_halma_play() {
    crossing_replays(Variant::Small, &["--nodes", "300000"]);
    crossing_replays(Variant::Small, &["--nodes", "300000", "--no-camp-rule"]);
    crossing_replays(Variant::Star2, &["--nodes", "300000"]);
    crossing_replays(Variant::Star2, &["--nodes", "300000", "--no-camp-rule"]);
}

#[test]
fn a_budget_too_small_is_an_error() {
    let out = halma()
        .args(["solve", "crossing", "--variant", "star2", "--nodes", "10"])
        .output()
        .expect("halma runs");
    assert_eq!(out.status.code(), Some(2));
    assert!(out.stdout.is_empty());
    let out = halma()
        .args(["solve", "crossing", "--variant", "hex"])
        .output()
        .expect("halma runs");
    assert_eq!(out.status.code(), Some(2));
}
