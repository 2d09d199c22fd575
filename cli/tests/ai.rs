//! `halma bestmove` and `halma selfplay` run as processes.

mod common;

use assert_cmd::Command;
use common::STAR_STARTS;

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
    assert!(out.stderr.is_empty(), "halma {args:?} wrote on stderr");
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

/// The one line `bestmove` prints, checked to be one of `halma moves`.
fn legal_bestmove(args: &[&str], position: &str) -> String {
    let mut all = vec!["bestmove"];
    all.extend_from_slice(args);
    all.push(position);
    let out = stdout_of(&all);
    assert_eq!(out.lines().count(), 1, "{out}");
    let mv = out.trim_end().to_string();
    let moves = stdout_of(&["moves", position]);
    assert!(
        moves.lines().any(|l| l == mv),
        "{mv} is not legal in {position}"
    );
    mv
}

#[test]
fn bestmove_prints_one_legal_move_in_every_variant() {
    for variant in ["standard", "three", "four", "four-teams", "ig10", "small"] {
        let start = stdout_of(&["start", variant]);
        for level in ["easy", "medium", "hard"] {
            legal_bestmove(&["--level", level, "--nodes", "3000"], start.trim_end());
        }
    }
}

#[test]
fn bestmove_with_a_node_budget_is_reproducible() {
    let start = stdout_of(&["start", "ig10"]);
    let args = ["--level", "easy", "--nodes", "4000", "--seed", "5"];
    let first = legal_bestmove(&args, start.trim_end());
    assert_eq!(legal_bestmove(&args, start.trim_end()), first);
}

#[test]
fn bestmove_with_a_tiny_time_budget_still_moves() {
    let start = stdout_of(&["start", "standard"]);
    legal_bestmove(&["--time-ms", "1"], start.trim_end());
}

#[test]
fn bestmove_takes_the_winning_step() {
    let pos = "small aaa5/aa6/a7/1a6/8/8/6b1/4bbbb a";
    let mv = legal_bestmove(&["--nodes", "5000"], pos);
    let out = stdout_of(&["play", "--outcome", pos, &mv]);
    assert_eq!(out.lines().nth(1), Some("winner a"), "{mv}");
}

#[test]
fn bestmove_passes_without_a_move() {
    // a's only piece on a1 is boxed in.
    let pos = "small 8/8/8/8/8/b1b5/bb6/abb5 a";
    assert_eq!(stdout_of(&["bestmove", "--nodes", "100", pos]), "pass\n");
}

#[test]
fn selfplay_prints_one_score_line() {
    // The star too: the engine and the greedy player both play it.
    for variant in ["small", "star2", "star3"] {
        let out = stdout_of(&[
            "selfplay",
            "--variant",
            variant,
            "--games",
            "2",
            "--a",
            "medium",
            "--b",
            "greedy",
            "--time-ms",
            "5",
            "--max-plies",
            "60",
        ]);
        assert_eq!(out.lines().count(), 2, "{out}");
        assert!(out.starts_with("medium "), "{out}");
        let speed = out.lines().nth(1).unwrap_or_default();
        assert!(
            speed.starts_with("medium ") && speed.contains(" nodes/s; "),
            "{out}"
        );
        assert!(speed.ends_with(" s per game"), "{out}");
        assert!(
            out.contains(&format!(" greedy (2 games of {variant}: ")),
            "{out}"
        );
        assert!(out.contains("plies per game"), "{out}");
    }
}

#[test]
fn selfplay_solo_counts_the_moves_to_complete() {
    for variant in ["small", "star2"] {
        let args = [
            "selfplay",
            "--solo",
            "--variant",
            variant,
            "--games",
            "1",
            "--a",
            "hard",
            "--nodes",
            "5000",
        ];
        let out = stdout_of(&args);
        assert!(
            out.starts_with(&format!(
                "hard alone on {variant}: completed 1 of 1 runs; moves min "
            )),
            "{out}"
        );
        // A node budget without a time budget: the same count again.
        assert_eq!(stdout_of(&args), out);
    }
    assert!(refusal(&["selfplay", "--solo", "--variant", "four"]).contains("two-player"));
}

#[test]
fn ai_commands_refuse_bad_input() {
    let start = "small bbbb4/bbb5/bb6/b7/7a/6aa/5aaa/4aaaa a";
    assert!(refusal(&["bestmove", "--level", "expert", start]).contains("unknown level 'expert'"));
    assert!(refusal(&["bestmove", "--nodes", "many", start]).contains("many"));
    assert!(refusal(&["bestmove", "--option", "speed=fast", start]).contains("unknown option"));
    assert!(refusal(&["bestmove", "small 8 a"]).contains("ranks"));
    assert!(refusal(&["selfplay", "--variant", "chess"]).contains("unknown variant"));
    assert!(refusal(&["selfplay", "--variant", "small", "--a", "wizard"]).contains("wizard"));
}

#[test]
fn selfplay_gives_each_side_its_own_node_budget() {
    let args = [
        "selfplay",
        "--variant",
        "small",
        "--games",
        "2",
        "--a",
        "hard",
        "--a-nodes",
        "2000",
        "--b",
        "medium",
        "--b-nodes",
        "50000",
        "--max-plies",
        "60",
    ];
    let first = stdout_of(&args);
    // Node budgets without a clock: the same games every time.
    let score = |out: &str| out.lines().next().unwrap_or_default().to_string();
    assert_eq!(score(&first), score(&stdout_of(&args)));
    let speed = first.lines().nth(1).unwrap_or_default();
    let per_move = |side: &str| -> f64 {
        let rest = speed
            .split("; ")
            .find_map(|part| part.strip_prefix(side))
            .unwrap_or_else(|| panic!("no {side} in {speed}"));
        rest.split(' ')
            .next()
            .unwrap_or_default()
            .parse()
            .expect("a number")
    };
    assert!(per_move("hard ") <= 2000.0, "{speed}");
    // Medium keeps its depth limit of 3 and its own budget.
    assert!(per_move("medium ") <= 50_000.0, "{speed}");
}

#[test]
fn bestmove_plays_the_star() {
    for start in STAR_STARTS {
        for level in ["easy", "medium", "hard"] {
            legal_bestmove(&["--level", level, "--nodes", "3000"], start);
        }
    }
    // With no_parking, a's move from i5 may not end in SW (g5): the rule book's example.
    let parking = "star2 1/2/3/4/8b4/12/11/10/9/10/11/12/3ba8/4/3/2/1 a";
    let no_parking = ["--option", "no_parking=on"];
    let out = stdout_of(&[
        "bestmove",
        "--nodes",
        "3000",
        no_parking[0],
        no_parking[1],
        parking,
    ]);
    let moves = stdout_of(&["moves", no_parking[0], no_parking[1], parking]);
    assert!(moves.lines().any(|l| l == out.trim_end()), "{out}");
    assert!(!moves.contains("i5-g5"), "{moves}");
}
