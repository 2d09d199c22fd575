//! The star board as the evaluation sees it: each hole's cube coordinates,
//! the camp metric towards a target point, and the six directions.
//!
//! With x = file − 9, y = rank − 9 and z = −x − y (files and ranks counted
//! from 1, as in the rule book), a point's tip lies 8 from the centre along
//! one of the three axes and −4 along the other two. For a target point
//! the metric of a hole is `4 (8 − p) + |q − r|`, where `p` is the hole's
//! coordinate along the tip's axis (signed so that it is 8 at the tip) and
//! `q`, `r` are the other two: rows still to go, weighted over the sideways
//! offset from the line through the centre and the tip. Holes of the point
//! have at most 3 rows to go and an offset of at most 3 (metric ≤ 15); every
//! other hole has at least 4 rows to go (metric ≥ 16). So the point is a
//! sublevel set of the metric, as a camp is on the square boards.

use halma::{Bitboard, Square, Variant};

/// The six directions along the star's lines, as (file, rank) offsets.
pub(crate) const DIRECTIONS: [(i8, i8); 6] = [(1, 0), (-1, 0), (0, 1), (0, -1), (1, -1), (-1, 1)];

/// The cube coordinates (x, y, z) of a hole; the centre `i9` is (0, 0, 0).
fn cube(sq: Square) -> [i32; 3] {
    let x = sq.file() as i32 - 8;
    let y = sq.rank() as i32 - 8;
    [x, y, -x - y]
}

/// The tip of a point: its hole farthest from the centre.
pub(crate) fn tip(point: Bitboard) -> Option<Square> {
    point
        .squares()
        .max_by_key(|&sq| cube(sq).iter().map(|c| c.abs()).max())
}

/// The camp metric of `sq` for the target point whose tip is `tip` (see the
/// module documentation): 0 at the tip, at most 15 inside the point, at
/// least 16 outside it, 64 at the opposite tip.
pub(crate) fn metric(sq: Square, tip: Square) -> u8 {
    let t = cube(tip);
    let c = cube(sq);
    let axis = (0..3).max_by_key(|&i| t[i].abs()).unwrap_or(0);
    let along = c[axis] * t[axis].signum();
    let [q, r] = [(axis + 1) % 3, (axis + 2) % 3].map(|i| c[i]);
    (4 * (8 - along) + (q - r).abs()) as u8
}

/// Whether a hole next to `sq` on the star is empty.
pub(crate) fn has_empty_neighbour(variant: Variant, occupied: Bitboard, sq: Square) -> bool {
    DIRECTIONS.iter().any(|&(df, dr)| {
        sq.offset(df, dr)
            .is_some_and(|n| variant.contains(n) && !occupied.contains(n))
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sq(name: &str) -> Square {
        name.parse().expect("a hole")
    }

    #[test]
    fn tips_and_metric_values() {
        let north = Variant::Star2.target_camp(halma::Seat::A);
        assert_eq!(tip(north), Some(sq("e17")));
        let e17 = sq("e17");
        assert_eq!(metric(e17, e17), 0);
        assert_eq!(metric(sq("m1"), e17), 64);
        assert_eq!(metric(sq("i9"), e17), 32);
        // A row is worth four, a hole of sideways offset one.
        assert_eq!(metric(sq("j7"), e17) - metric(sq("i9"), e17), 8);
        assert_eq!(metric(sq("i8"), e17) - metric(sq("i9"), e17), 5);
        // Each tip works the same way, whichever its axis and sign.
        let q5 = sq("q5");
        assert_eq!(metric(q5, q5), 0);
        assert_eq!(metric(sq("a13"), q5), 64);
    }
}
