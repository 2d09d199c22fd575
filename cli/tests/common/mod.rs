//! What the `halma` tool's tests share: the rule book's star positions and
//! running the tool.

// Each test binary uses a part of it.
#![allow(dead_code)]

use assert_cmd::Command;

/// The `halma` binary, ready to run.
pub fn halma() -> Command {
    Command::cargo_bin("halma").expect("the halma binary is built")
}

/// What `halma args…` prints on stdout; it must succeed.
pub fn stdout_of(args: &[&str]) -> String {
    let out = halma().args(args).output().expect("halma runs");
    assert!(
        out.status.success(),
        "halma {args:?} failed: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8(out.stdout).expect("utf-8 output")
}

/// The start positions of the star variants, as the rule book writes them.
pub const STAR_STARTS: [&str; 4] = [
    "star2 b/bb/bbb/bbbb/13/12/11/10/9/10/11/12/13/aaaa/aaa/aa/a a",
    "star3 1/2/3/4/bbbb5cccc/bbb6ccc/bb7cc/b8c/9/10/11/12/13/aaaa/aaa/aa/a a",
    "star4 c/cc/ccc/cccc/9dddd/9ddd/9dd/9d/9/b9/bb9/bbb9/bbbb9/aaaa/aaa/aa/a a",
    "star6 d/dd/ddd/dddd/cccc5eeee/ccc6eee/cc7ee/c8e/9/b8f/bb7ff/bbb6fff/bbbb5ffff/aaaa/aaa/aa/a a",
];
