//! Checks shared by the square boards' and the star's property tests.

use halma::{Options, Position};
use proptest::prelude::*;
use std::collections::BTreeSet;

/// Every legal move of `pos` passes `check_move` and plays as a move should (the mover's piece
/// goes from its start to its end, nothing is taken); every other pair of one of the mover's
/// pieces and a square of the board is refused.
pub fn legal_moves_apply_and_others_are_refused(
    pos: &Position,
    opts: &Options,
) -> Result<(), TestCaseError> {
    let legal: BTreeSet<_> = pos.legal_moves(opts).into_iter().collect();
    for from in pos.pieces(pos.to_move()).squares() {
        for to in pos.variant().board().squares() {
            let mv = halma::Move { from, to };
            prop_assert_eq!(
                pos.check_move(mv, opts).is_ok(),
                legal.contains(&mv),
                "{}",
                mv
            );
        }
    }
    for &mv in &legal {
        let next = pos.play_unchecked(mv);
        prop_assert_eq!(next.piece_at(mv.to), Some(pos.to_move()));
        prop_assert_eq!(next.piece_at(mv.from), None);
        prop_assert_eq!(next.occupied().count(), pos.occupied().count());
    }
    Ok(())
}
