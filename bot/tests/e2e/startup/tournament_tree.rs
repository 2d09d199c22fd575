//! The `/halma tournament` group in the registered command tree: its subcommands and their
//! options, each described and localised like the rest of the tree.

use super::*;

/// Discord's option type of a subcommand group.
const SUB_COMMAND_GROUP: u64 = 2;

/// The subcommands of the `/halma tournament` group and their options.
fn expected_tournament() -> BTreeMap<&'static str, Vec<(&'static str, Expected)>> {
    let choice = |choices| Expected {
        kind: STRING,
        required: false,
        autocomplete: false,
        choices,
    };
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

/// Checks the registered `/halma tournament` group `sub` against [`expected_tournament`].
pub(super) fn check_group(sub: &Value) {
    assert_eq!(
        sub["type"].as_u64(),
        Some(SUB_COMMAND_GROUP),
        "a group: {sub}"
    );
    assert_described(sub, "/halma tournament");
    let group = expected_tournament();
    let inner = options(sub);
    let mut got: Vec<&str> = inner.iter().map(name).collect();
    got.sort_unstable();
    let want: Vec<&str> = group.keys().copied().collect();
    assert_eq!(got, want, "the subcommands of /halma tournament");
    for command in &inner {
        let what = format!("/halma tournament {}", name(command));
        assert_eq!(command["type"].as_u64(), Some(SUB_COMMAND), "{what}");
        assert_described(command, &what);
        assert_options(command, &group[name(command)], &what);
    }
}
