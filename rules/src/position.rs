//! A position: where every piece stands and whose turn it is, with the
//! position string that writes it down.

use crate::{Bitboard, Seat, Square, Variant};
use std::fmt;
use std::str::FromStr;

/// The pieces on a board and the seat to move.
///
/// A `Position` is always valid: every piece is on the variant's board, each
/// seat has between one piece and a full camp, and the seat to move plays in
/// this variant.
///
/// ```
/// use halma::{Position, Seat, Variant};
/// let pos = Position::start(Variant::Ig10);
/// assert_eq!(pos.to_string(), "ig10 bbbbb5/bbbb6/bbb7/bb8/b9/9a/8aa/7aaa/6aaaa/5aaaaa a");
/// assert_eq!(pos.piece_at("j1".parse().unwrap()), Some(Seat::A));
/// let again: Position = pos.to_string().parse().unwrap();
/// assert_eq!(again, pos);
/// ```
#[derive(Clone, PartialEq, Eq, Hash)]
pub struct Position {
    pub(crate) variant: Variant,
    pub(crate) pieces: [Bitboard; 4],
    pub(crate) occupied: Bitboard,
    pub(crate) to_move: Seat,
}

impl Position {
    /// The start position of `variant`, seat `a` to move.
    pub fn start(variant: Variant) -> Position {
        let mut pieces = [Bitboard::EMPTY; 4];
        for seat in variant.seats() {
            pieces[seat.index()] = variant.home_camp(seat);
        }
        Position::from_parts(variant, pieces, Seat::A)
    }

    pub(crate) fn from_parts(variant: Variant, pieces: [Bitboard; 4], to_move: Seat) -> Position {
        let occupied = pieces[0] | pieces[1] | pieces[2] | pieces[3];
        Position {
            variant,
            pieces,
            occupied,
            to_move,
        }
    }

    /// The same pieces with another seat to move (it must play here and still have pieces).
    pub fn with_to_move(&self, seat: Seat) -> Option<Position> {
        (seat.index() < self.variant.players() && self.in_play(seat)).then(|| Position {
            to_move: seat,
            ..self.clone()
        })
    }

    /// The variant being played.
    pub fn variant(&self) -> Variant {
        self.variant
    }

    /// The seat whose turn it is.
    pub fn to_move(&self) -> Seat {
        self.to_move
    }

    /// The squares holding `seat`'s pieces.
    pub fn pieces(&self, seat: Seat) -> Bitboard {
        self.pieces[seat.index()]
    }

    /// Every occupied square.
    pub fn occupied(&self) -> Bitboard {
        self.occupied
    }

    /// Whose piece stands on `sq`, if any.
    pub fn piece_at(&self, sq: Square) -> Option<Seat> {
        if !self.occupied.contains(sq) {
            return None;
        }
        self.variant
            .seats()
            .find(|s| self.pieces[s.index()].contains(sq))
    }

    /// The seat after `seat` in turn order, skipping players who were removed from the game
    /// (see [`Position::without`]).
    pub fn next_seat(&self, seat: Seat) -> Seat {
        let players = self.variant.players();
        (1..=players)
            .filter_map(|step| Seat::new(((seat.index() + step) % players) as u8))
            .find(|&s| self.in_play(s))
            .unwrap_or(seat)
    }

    /// Whether `seat` still has pieces on the board: every seat of the variant, except a
    /// player removed from a three- or four-player game.
    pub fn in_play(&self, seat: Seat) -> bool {
        !self.pieces(seat).is_empty()
    }

    /// The seats still in play, in turn order.
    pub fn seats_in_play(&self) -> impl Iterator<Item = Seat> + '_ {
        self.variant.seats().filter(|&s| self.in_play(s))
    }

    /// The position with `seat`'s pieces taken off the board: a player who resigned or ran out
    /// of time in `three` or `four` leaves the game, and the others play on. The turn passes
    /// on if it was theirs. `None` in a variant without such removals (two players, teams), for
    /// a seat not in play, or when nobody would be left.
    ///
    /// ```
    /// use halma::{Position, Seat, Variant};
    /// let pos = Position::start(Variant::Three);
    /// let without_a = pos.without(Seat::A).unwrap();
    /// assert!(!without_a.in_play(Seat::A));
    /// assert_eq!(without_a.to_move(), Seat::B);
    /// assert_eq!(without_a.next_seat(Seat::C), Seat::B);
    /// assert_eq!(without_a.to_string().parse::<Position>(), Ok(without_a.clone()));
    /// assert!(Position::start(Variant::Standard).without(Seat::A).is_none());
    /// ```
    pub fn without(&self, seat: Seat) -> Option<Position> {
        let variant = self.variant;
        if variant.players() <= 2 || variant.partner(seat).is_some() || !self.in_play(seat) {
            return None;
        }
        let mut pieces = self.pieces;
        pieces[seat.index()] = Bitboard::EMPTY;
        let mut pos = Position::from_parts(variant, pieces, self.to_move);
        // Somebody must be left to play.
        pos.seats_in_play().next()?;
        if pos.to_move == seat {
            pos.to_move = pos.next_seat(seat);
        }
        Some(pos)
    }

    /// Whether every piece of `seat` stands in its target camp (never for a removed player).
    pub fn has_completed(&self, seat: Seat) -> bool {
        self.in_play(seat) && self.pieces(seat).is_subset(self.variant.target_camp(seat))
    }

    /// How many of `seat`'s pieces stand in its target camp.
    pub fn pieces_home(&self, seat: Seat) -> u32 {
        (self.pieces(seat) & self.variant.target_camp(seat)).count()
    }

    /// The sum over `seat`'s pieces of the king-step distance to the
    /// nearest square of its target camp (0 for pieces already there).
    pub fn distance_to_go(&self, seat: Seat) -> u32 {
        let target = self.variant.target_camp(seat);
        self.pieces(seat)
            .squares()
            .map(|p| {
                target
                    .squares()
                    .map(|t| p.distance(t) as u32)
                    .min()
                    .unwrap_or(0)
            })
            .sum()
    }

    /// The same position with the turn passed to the next seat.
    pub fn passed(&self) -> Position {
        Position {
            to_move: self.next_seat(self.to_move),
            ..self.clone()
        }
    }
}

impl fmt::Display for Position {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let side = self.variant.side();
        write!(f, "{} ", self.variant.name())?;
        for rank in (0..side).rev() {
            let mut empty = 0;
            for file in 0..side {
                let sq = Square::new(file, rank).expect("file and rank are below 16");
                match self.piece_at(sq) {
                    Some(seat) => {
                        if empty > 0 {
                            write!(f, "{empty}")?;
                            empty = 0;
                        }
                        write!(f, "{}", seat.letter())?;
                    }
                    None => empty += 1,
                }
            }
            if empty > 0 {
                write!(f, "{empty}")?;
            }
            if rank > 0 {
                f.write_str("/")?;
            }
        }
        write!(f, " {}", self.to_move.letter())
    }
}

impl fmt::Debug for Position {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Position({self})")
    }
}

/// Why a text is not a valid position string.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ParsePositionError {
    /// Not three fields separated by single spaces.
    Fields(usize),
    /// The first field names no variant.
    Variant(crate::UnknownVariant),
    /// The board has the wrong number of ranks for the variant.
    RankCount {
        /// Ranks the variant has.
        expected: u8,
        /// Ranks given.
        found: usize,
    },
    /// A character in a rank is neither a seat letter nor a digit.
    BadChar {
        /// The rank number (16 is the first one written on 16×16).
        rank: u8,
        /// The character.
        ch: char,
    },
    /// A seat letter for a seat this variant does not have.
    NoSuchSeat {
        /// The rank number.
        rank: u8,
        /// The letter.
        ch: char,
    },
    /// A rank that does not describe exactly the board's width.
    RankWidth {
        /// The rank number.
        rank: u8,
        /// Squares the rank should have.
        expected: u8,
        /// Squares it described.
        found: u32,
    },
    /// A zero or a run of digits glued to another run, like `0` or `1` `1`.
    BadNumber {
        /// The rank number.
        rank: u8,
        /// The number as written.
        text: String,
    },
    /// The seat to move is not a seat of this variant.
    ToMove(String),
    /// A seat has more pieces than its camp holds, or none in a variant where every player
    /// keeps pieces (only `three` and `four` remove players).
    PieceCount {
        /// The seat.
        seat: Seat,
        /// Pieces found.
        found: u32,
        /// The most it may have.
        max: u32,
    },
}

impl fmt::Display for ParsePositionError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        use ParsePositionError::*;
        match self {
            Fields(n) => write!(
                f,
                "a position string has 3 fields (variant, ranks, player to move) separated by single spaces, found {n}"
            ),
            Variant(e) => write!(f, "{e}"),
            RankCount { expected, found } => write!(
                f,
                "the board needs {expected} ranks separated by '/', found {found}"
            ),
            BadChar { rank, ch } => write!(
                f,
                "rank {rank}: '{ch}' is neither a player letter a–d nor a digit"
            ),
            NoSuchSeat { rank, ch } => {
                write!(f, "rank {rank}: this variant has no player '{ch}'")
            }
            RankWidth {
                rank,
                expected,
                found,
            } => write!(
                f,
                "rank {rank} describes {found} squares, but the board is {expected} wide"
            ),
            BadNumber { rank, text } => {
                write!(f, "rank {rank}: '{text}' is not a run of empty squares (use 1–16)")
            }
            ToMove(s) => write!(
                f,
                "'{s}' is not a player of this variant, so it cannot be the one to move"
            ),
            PieceCount { seat, found, max } => write!(
                f,
                "player {seat} has {found} pieces; each player needs 1 to {max} (none only for a player removed from three or four)"
            ),
        }
    }
}

impl std::error::Error for ParsePositionError {}

impl FromStr for Position {
    type Err = ParsePositionError;

    fn from_str(s: &str) -> Result<Position, ParsePositionError> {
        let fields: Vec<&str> = s.trim().split(' ').collect();
        if fields.len() != 3 || fields.iter().any(|f| f.is_empty()) {
            return Err(ParsePositionError::Fields(s.split_whitespace().count()));
        }
        let variant: Variant = fields[0].parse().map_err(ParsePositionError::Variant)?;
        let side = variant.side();
        let ranks: Vec<&str> = fields[1].split('/').collect();
        if ranks.len() != side as usize {
            return Err(ParsePositionError::RankCount {
                expected: side,
                found: ranks.len(),
            });
        }
        let mut pieces = [Bitboard::EMPTY; 4];
        for (i, text) in ranks.iter().enumerate() {
            let rank_number = side - i as u8;
            let rank = rank_number - 1;
            let mut file: u32 = 0;
            let mut chars = text.char_indices().peekable();
            while let Some((start, ch)) = chars.next() {
                if ch.is_ascii_digit() {
                    let mut end = start + 1;
                    while let Some(&(j, c)) = chars.peek() {
                        if !c.is_ascii_digit() {
                            break;
                        }
                        end = j + 1;
                        chars.next();
                    }
                    let digits = &text[start..end];
                    match digits.parse::<u32>() {
                        Ok(n) if n >= 1 && n <= side as u32 && !digits.starts_with('0') => {
                            file += n
                        }
                        _ => {
                            return Err(ParsePositionError::BadNumber {
                                rank: rank_number,
                                text: digits.to_string(),
                            })
                        }
                    }
                } else {
                    let seat = match Seat::from_letter(ch) {
                        Some(seat) if ch.is_ascii_lowercase() => seat,
                        _ => {
                            return Err(ParsePositionError::BadChar {
                                rank: rank_number,
                                ch,
                            })
                        }
                    };
                    if seat.index() >= variant.players() {
                        return Err(ParsePositionError::NoSuchSeat {
                            rank: rank_number,
                            ch,
                        });
                    }
                    if file < side as u32 {
                        let sq = Square::new(file as u8, rank).expect("inside the board");
                        pieces[seat.index()].insert(sq);
                    }
                    file += 1;
                }
                if file > side as u32 {
                    break;
                }
            }
            if file != side as u32 {
                return Err(ParsePositionError::RankWidth {
                    rank: rank_number,
                    expected: side,
                    found: file,
                });
            }
        }
        let to_move = match fields[2].chars().collect::<Vec<_>>()[..] {
            [c] => Seat::from_letter(c)
                .filter(|s| c.is_ascii_lowercase() && s.index() < variant.players()),
            _ => None,
        }
        .ok_or_else(|| ParsePositionError::ToMove(fields[2].to_string()))?;
        let max = variant.pieces_per_player();
        let removable = variant.players() > 2 && variant.partner(Seat::A).is_none();
        for seat in variant.seats() {
            let found = pieces[seat.index()].count();
            // A removed player (no pieces) can neither be the one to move nor the last one.
            let removed_ok = removable && seat != to_move;
            if (found == 0 && !removed_ok) || found > max {
                return Err(ParsePositionError::PieceCount { seat, found, max });
            }
        }
        Ok(Position::from_parts(variant, pieces, to_move))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn start_strings_match_the_rule_book() {
        assert_eq!(
            Position::start(Variant::Standard).to_string(),
            "standard bbbbb11/bbbbb11/bbbb12/bbb13/bb14/16/16/16/16/16/16/14aa/13aaa/12aaaa/11aaaaa/11aaaaa a"
        );
        assert_eq!(
            Position::start(Variant::Four).to_string(),
            "four cccc8dddd/cccc8dddd/ccc10ddd/cc12dd/16/16/16/16/16/16/16/16/bb12aa/bbb10aaa/bbbb8aaaa/bbbb8aaaa a"
        );
    }

    #[test]
    fn errors_name_the_rank_and_character() {
        let err = "small bbbb4/bbb5/bb4x1/b7/8/8/7a/8 a"
            .parse::<Position>()
            .unwrap_err();
        assert_eq!(err, ParsePositionError::BadChar { rank: 6, ch: 'x' });
        assert!(err.to_string().contains("rank 6"));
        let err = "small 8/8/8/8/8/8/8/8 e".parse::<Position>().unwrap_err();
        assert!(matches!(err, ParsePositionError::ToMove(_)));
        let err = "small 9/8/8/8/8/8/8/8 a".parse::<Position>().unwrap_err();
        assert!(matches!(err, ParsePositionError::BadNumber { rank: 8, .. }));
        let err = "small a6/8/8/8/8/8/8/8 a".parse::<Position>().unwrap_err();
        assert!(matches!(err, ParsePositionError::RankWidth { rank: 8, .. }));
    }
}
