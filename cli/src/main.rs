//! The `halma` command-line tool.
fn main() {}
