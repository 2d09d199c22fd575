//! Perft: counting the leaves of the move tree, to check move generation.

use crate::{Options, Position};

/// The number of move sequences of length `depth` from `pos`. A player with
/// no legal move passes, which counts as one move.
///
/// Game ends are not considered: perft counts moves, not games.
///
/// ```
/// use halma::{perft, Options, Position, Variant};
/// let pos = Position::start(Variant::Standard);
/// assert_eq!(perft(&pos, &Options::for_variant(Variant::Standard), 2), 1600);
/// ```
pub fn perft(pos: &Position, opts: &Options, depth: u32) -> u64 {
    match depth {
        0 => 1,
        1 => pos.count_moves(opts).max(1),
        _ => {
            let mut total = 0;
            let mut any = false;
            pos.for_each_destination(opts, |from, dests| {
                any = true;
                for to in dests.squares() {
                    let next = pos.play_unchecked(crate::Move { from, to });
                    total += perft(&next, opts, depth - 1);
                }
            });
            if !any {
                total = perft(&pos.passed(), opts, depth - 1);
            }
            total
        }
    }
}
