//! The subcommand groups in the registered command tree, `/halma tournament` and
//! `/halma puzzle`: their subcommands and their options, each described and localised like
//! the rest of the tree.

use super::*;

/// Discord's option type of a subcommand group.
const SUB_COMMAND_GROUP: u64 = 2;

/// A string option with `choices`.
fn choice(choices: &'static [&'static str]) -> Expected {
    Expected {
        kind: STRING,
        required: false,
        autocomplete: false,
        choices,
    }
}

/// The subcommands of a group and their options.
type Group = BTreeMap<&'static str, Vec<(&'static str, Expected)>>;

/// The subcommands of the `/halma tournament` group and their options.
fn expected_tournament() -> Group {
    BTreeMap::from([
        (
            "create",
            vec![
                ("name", opt(STRING, true)),
                ("format", choice(&["swiss", "arena"])),
                ("variant", choice(VARIANTS)),
                ("turn_timeout", opt(STRING, false)),
                ("rounds", opt(INTEGER, false)),
                ("duration", opt(STRING, false)),
                ("starts_in", opt(STRING, false)),
            ],
        ),
        ("join", vec![]),
        ("leave", vec![]),
        ("withdraw", vec![]),
        ("start", vec![]),
        ("standings", vec![]),
        ("pause", vec![]),
        ("cancel", vec![]),
    ])
}

/// The subcommands of the `/halma puzzle` group and their options: puzzles are played on the
/// two-player boards only.
fn expected_puzzle() -> Group {
    BTreeMap::from([
        (
            "start",
            vec![
                ("kind", choice(&["crossing", "chain"])),
                ("variant", choice(&["star2", "small", "ig10", "standard"])),
            ],
        ),
        ("daily", vec![]),
        ("board", vec![]),
        ("giveup", vec![]),
        ("leaderboard", vec![]),
    ])
}

/// The groups of `/halma`, by name.
pub(super) const GROUPS: [&str; 2] = ["puzzle", "tournament"];

/// Checks the registered group `sub` (one of [`GROUPS`]) against what it should hold.
pub(super) fn check_group(sub: &Value) {
    let group_name = name(sub);
    let group = match group_name {
        "tournament" => expected_tournament(),
        "puzzle" => expected_puzzle(),
        other => panic!("/halma {other} is no group"),
    };
    let path = format!("/halma {group_name}");
    assert_eq!(
        sub["type"].as_u64(),
        Some(SUB_COMMAND_GROUP),
        "a group: {sub}"
    );
    assert_described(sub, &path);
    let inner = options(sub);
    let mut got: Vec<&str> = inner.iter().map(name).collect();
    got.sort_unstable();
    let want: Vec<&str> = group.keys().copied().collect();
    assert_eq!(got, want, "the subcommands of {path}");
    for command in &inner {
        let what = format!("{path} {}", name(command));
        assert_eq!(command["type"].as_u64(), Some(SUB_COMMAND), "{what}");
        assert_described(command, &what);
        assert_options(command, &group[name(command)], &what);
    }
}
