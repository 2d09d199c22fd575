//! The solitaire: one player alone on the board, as in the crossing puzzle
//! (all pieces from the home camp to the target camp in as few moves as
//! possible).

use crate::bitboard::Board;
use crate::star;
use crate::{Bitboard, Position, Seat, Variant};

impl Position {
    /// A solitaire: `seat` alone on the board with pieces on `squares`, to
    /// move, every other seat empty. Its moves never pass the turn on, so it
    /// plays the crossing puzzle (all pieces from the home camp to the target
    /// camp in as few moves as possible). `None` if `seat` does not play in
    /// `variant`, a square is off the board, or there are no pieces or more
    /// than a camp holds.
    ///
    /// ```
    /// use halma::{Options, Position, Seat, Variant};
    /// let v = Variant::Star2;
    /// let pos = Position::solitaire(v, Seat::A, v.home_camp(Seat::A)).unwrap();
    /// assert_eq!(pos.to_string(), "star2 1/2/3/4/13/12/11/10/9/10/11/12/13/aaaa/aaa/aa/a a");
    /// let next = pos.play_unchecked("m4-m5".parse().unwrap());
    /// assert_eq!(next.to_move(), Seat::A);
    /// assert_eq!(next.to_string().parse::<Position>(), Ok(next));
    /// ```
    pub fn solitaire(variant: Variant, seat: Seat, squares: Bitboard) -> Option<Position> {
        let count = squares.count();
        if seat.index() >= variant.players()
            || count == 0
            || count > variant.pieces_per_player()
            || !squares.is_subset(variant.board())
        {
            return None;
        }
        if variant.is_star() {
            let mut holes = [0; 6];
            holes[seat.index()] = squares
                .squares()
                .filter_map(star::hole)
                .fold(0, |acc, h| acc | 1 << h);
            return Some(Position::from_holes(variant, holes, seat));
        }
        let mut pieces = [Board::EMPTY; 4];
        pieces[seat.index()] = Board::narrow(squares);
        Some(Position::from_parts(variant, pieces, seat))
    }
}

#[cfg(test)]
mod tests {
    use crate::{Game, Options, Position, Seat, Variant};

    #[test]
    fn a_solitaire_keeps_the_turn_and_its_string_parses_back() {
        for variant in Variant::ALL {
            let pos = Position::solitaire(variant, Seat::A, variant.home_camp(Seat::A))
                .expect("a home camp is a solitaire");
            assert_eq!(pos.to_string().parse::<Position>(), Ok(pos.clone()));
            let opts = Options::for_variant(variant);
            let mv = pos.legal_moves(&opts)[0];
            let mut game = Game::new(pos, opts);
            game.play(&mv.into()).expect("a legal move");
            assert_eq!(game.position().to_move(), Seat::A, "{variant}");
            assert!(!game.outcome().is_over());
        }
    }

    #[test]
    fn a_solitaire_needs_its_seat_to_move_and_a_full_camp_at_most() {
        let v = Variant::Small;
        assert!(Position::solitaire(v, Seat::C, v.home_camp(Seat::A)).is_none());
        assert!(
            Position::solitaire(v, Seat::A, v.home_camp(Seat::A) | v.home_camp(Seat::B)).is_none()
        );
        assert!(Position::solitaire(v, Seat::A, crate::Bitboard::EMPTY).is_none());
        // Only b's pieces, but a to move: not a solitaire.
        assert!("small bbbb4/bbb5/bb6/b7/8/8/8/8 a"
            .parse::<Position>()
            .is_err());
        assert!("small bbbb4/bbb5/bb6/b7/8/8/8/8 b"
            .parse::<Position>()
            .is_ok());
    }
}
