//! Crossings checked by the rules crate: every move legal, the target camp
//! full at the end, and each move written with its whole hop chain.

use super::geometry::Geometry;
use halma::{Move, MoveText, Options, Position, Square};

/// A move as the search keeps it: the square indices of its ends.
pub(super) type Step = (u16, u16);

/// The moves `steps` (square indices of their ends) played from the
/// solitaire start, written with their whole chains; `None` if a move is
/// illegal under `rules` or the pieces do not all end in the target camp.
pub(super) fn check(geo: &Geometry, rules: &Options, steps: &[Step]) -> Option<Vec<MoveText>> {
    let mut pos = Position::solitaire(geo.variant, geo.seat, geo.home)?;
    let mut texts = Vec::with_capacity(steps.len());
    for &(from, to) in steps {
        let mv = Move {
            from: Square::from_wide_index(from)?,
            to: Square::from_wide_index(to)?,
        };
        let chain = pos.chain(mv, rules)?;
        texts.push(MoveText::from_squares(chain)?);
        pos = pos.play_unchecked(mv);
    }
    pos.has_completed(geo.seat).then_some(texts)
}
