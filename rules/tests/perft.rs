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

#[test]
fn perft_vectors() {
    let data = include_str!("data/perft.txt");
    let mut checked = 0;
    for line in data.lines().map(str::trim) {
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let (pos, opts, depth, expected) = parse_line(line);
        assert_eq!(perft(&pos, &opts, depth), expected, "{line}");
        checked += 1;
    }
    assert!(checked >= 16);
}
