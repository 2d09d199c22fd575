//! Move generation checked against the perft vectors in `tests/data/perft.txt`.

use halma::{perft, Options, Position, Variant};

fn parse_line(line: &str) -> (Position, Options, u32, u64) {
    let fields: Vec<&str> = line.split(';').map(str::trim).collect();
    assert!(fields.len() >= 3, "malformed perft line: {line}");
    let pos = match fields[0].parse::<Variant>() {
        Ok(v) => Position::start(v),
        Err(_) => fields[0]
            .parse::<Position>()
            .unwrap_or_else(|e| panic!("{line}: {e}")),
    };
    let mut opts = Options::for_variant(pos.variant());
    opts.balance = false;
    for pair in &fields[3..] {
        opts.set_pair(pair)
            .unwrap_or_else(|e| panic!("{line}: {e}"));
    }
    let depth = fields[1].parse().expect("depth");
    let count = fields[2].parse().expect("count");
    (pos, opts, depth, count)
}

/// Checks every line of the data file up to `max_depth`; returns how many.
fn check_vectors(max_depth: u32) -> usize {
    let data = include_str!("data/perft.txt");
    let mut checked = 0;
    for line in data.lines().map(str::trim) {
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let (pos, opts, depth, expected) = parse_line(line);
        if depth > max_depth {
            continue;
        }
        assert_eq!(perft(&pos, &opts, depth), expected, "{line}");
        checked += 1;
    }
    checked
}

#[test]
fn perft_vectors() {
    assert!(check_vectors(3) >= 70);
}

/// The deeper star vectors (depth 4 and 5): seconds in a release build.
#[test]
#[ignore]
fn deep_perft_vectors() {
    assert!(check_vectors(u32::MAX) >= 83);
}
