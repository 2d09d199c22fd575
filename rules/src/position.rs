//! A position: where every piece stands and whose turn it is, with the
//! position string that writes it down.

use crate::bitboard::Board;
use crate::star::{self, Holes};
use crate::{Bitboard, Seat, Square, Variant};
use std::fmt;
use std::str::FromStr;

/// The pieces on a board and the seat to move.
///
/// A `Position` is always valid: every piece is on the variant's board, each
/// seat has between one piece and a full camp (or, in a solitaire, only the
/// seat to move has pieces: see [`Position::solitaire`]), and the seat to
/// move plays in this variant.
///
/// ```
/// use halma::{Position, Seat, Variant};
/// let pos = Position::start(Variant::Ig10);
/// assert_eq!(pos.to_string(), "ig10 bbbbb5/bbbb6/bbb7/bb8/b9/9a/8aa/7aaa/6aaaa/5aaaaa a");
/// assert_eq!(pos.piece_at("j1".parse().unwrap()), Some(Seat::A));
/// let again: Position = pos.to_string().parse().unwrap();
/// assert_eq!(again, pos);
/// ```
///
/// The star works the same way:
///
/// ```
/// use halma::{Position, Seat, Variant};
/// let pos = Position::start(Variant::Star6);
/// assert_eq!(
///     pos.to_string(),
///     "star6 d/dd/ddd/dddd/cccc5eeee/ccc6eee/cc7ee/c8e/9/b8f/bb7ff/bbb6fff/bbbb5ffff/aaaa/aaa/aa/a a"
/// );
/// assert_eq!(pos.piece_at("q5".parse().unwrap()), Some(Seat::F));
/// ```
#[derive(Clone, PartialEq, Eq, Hash)]
pub struct Position {
    pub(crate) variant: Variant,
    /// Square boards: seat `s`'s squares in `pieces[s]`. The star: seat
    /// `s`'s holes (a `u128`) in words `2 * (s % 2)` and the next of
    /// `pieces[s / 2]`, so six seats fit where four square-board seats do
    /// and the square boards' positions stay as small as they were.
    pub(crate) pieces: [Board; 4],
    /// Every occupied square; on the star, the holes in words 0 and 1.
    pub(crate) occupied: Board,
    pub(crate) to_move: Seat,
}

/// The holes kept in words `at` and `at + 1` of `board`.
#[inline]
const fn read_holes(board: &Board, at: usize) -> Holes {
    board.0[at] as Holes | (board.0[at + 1] as Holes) << 64
}

/// Stores `holes` in words `at` and `at + 1` of `board`.
#[inline]
fn write_holes(board: &mut Board, at: usize, holes: Holes) {
    board.0[at] = holes as u64;
    board.0[at + 1] = (holes >> 64) as u64;
}

impl Position {
    /// The start position of `variant`, seat `a` to move.
    pub fn start(variant: Variant) -> Position {
        if variant.is_star() {
            let mut holes = [0; 6];
            for seat in variant.seats() {
                holes[seat.index()] = variant.home_point(seat).map(star::point_holes).unwrap_or(0);
            }
            return Position::from_holes(variant, holes, Seat::A);
        }
        let mut pieces = [Board::EMPTY; 4];
        for seat in variant.seats() {
            pieces[seat.index()] = Board::narrow(variant.home_camp(seat));
        }
        Position::from_parts(variant, pieces, Seat::A)
    }

    pub(crate) fn from_parts(variant: Variant, pieces: [Board; 4], to_move: Seat) -> Position {
        let occupied = pieces[0] | pieces[1] | pieces[2] | pieces[3];
        Position {
            variant,
            pieces,
            occupied,
            to_move,
        }
    }

    /// A star position from each seat's holes.
    pub(crate) fn from_holes(variant: Variant, holes: [Holes; 6], to_move: Seat) -> Position {
        let mut pieces = [Board::EMPTY; 4];
        for (s, &h) in holes.iter().enumerate() {
            write_holes(&mut pieces[s / 2], 2 * (s % 2), h);
        }
        let mut occupied = Board::EMPTY;
        write_holes(&mut occupied, 0, holes.iter().fold(0, |a, &h| a | h));
        Position {
            variant,
            pieces,
            occupied,
            to_move,
        }
    }

    /// On the star: the holes of `seat`'s pieces.
    #[inline]
    pub(crate) fn holes(&self, seat: Seat) -> Holes {
        let s = seat.index();
        read_holes(&self.pieces[s / 2], 2 * (s % 2))
    }

    /// On the star: every seat's holes.
    pub(crate) fn all_holes(&self) -> [Holes; 6] {
        std::array::from_fn(|s| read_holes(&self.pieces[s / 2], 2 * (s % 2)))
    }

    /// On the star: the occupied holes.
    #[inline]
    pub(crate) fn occupied_holes(&self) -> Holes {
        read_holes(&self.occupied, 0)
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
        if seat.index() >= self.variant.players() {
            Bitboard::EMPTY
        } else if self.variant.is_star() {
            star::to_bitboard(self.holes(seat))
        } else {
            self.pieces[seat.index()].wide()
        }
    }

    /// Every occupied square.
    pub fn occupied(&self) -> Bitboard {
        if self.variant.is_star() {
            star::to_bitboard(self.occupied_holes())
        } else {
            self.occupied.wide()
        }
    }

    /// Whose piece stands on `sq`, if any.
    pub fn piece_at(&self, sq: Square) -> Option<Seat> {
        if self.variant.is_star() {
            let bit: Holes = 1 << star::hole(sq)?;
            return self.variant.seats().find(|&s| self.holes(s) & bit != 0);
        }
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
    /// player removed from a game of three or more.
    #[inline]
    pub fn in_play(&self, seat: Seat) -> bool {
        if seat.index() >= self.variant.players() {
            false
        } else if self.variant.is_star() {
            self.holes(seat) != 0
        } else {
            !self.pieces[seat.index()].is_empty()
        }
    }

    /// The seats still in play, in turn order.
    pub fn seats_in_play(&self) -> impl Iterator<Item = Seat> + '_ {
        self.variant.seats().filter(|&s| self.in_play(s))
    }

    /// The position with `seat`'s pieces taken off the board: a player who resigned or ran out
    /// of time in `three`, `four`, `star3`, `star4` or `star6` leaves the game, and the others
    /// play on. The turn passes on if it was theirs. `None` in a variant without such removals
    /// (two players, teams), for a seat not in play, or when nobody would be left.
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
        let mut pos = if variant.is_star() {
            let mut holes = self.all_holes();
            holes[seat.index()] = 0;
            Position::from_holes(variant, holes, self.to_move)
        } else {
            let mut pieces = self.pieces;
            pieces[seat.index()] = Board::EMPTY;
            Position::from_parts(variant, pieces, self.to_move)
        };
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

    /// The sum over `seat`'s pieces of the distance to the nearest square of
    /// its target camp (0 for pieces already there): king steps on the
    /// square boards, steps along the star's lines on the star (see
    /// [`Variant::distance`]).
    pub fn distance_to_go(&self, seat: Seat) -> u32 {
        let variant = self.variant;
        let target = variant.target_camp(seat);
        self.pieces(seat)
            .squares()
            .map(|p| {
                target
                    .squares()
                    .map(|t| variant.distance(p, t) as u32)
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

    /// The contents of each rank's squares (holes, on the star), from the
    /// top rank down, each from its lowest file up.
    fn ranks(&self) -> Vec<Vec<Option<Seat>>> {
        if self.variant.is_star() {
            let start = &star::STAR.rank_start;
            return (0..17)
                .rev()
                .map(|r| {
                    (start[r]..start[r + 1])
                        .map(|h| self.piece_at(star::STAR.square[h as usize]))
                        .collect()
                })
                .collect();
        }
        let side = self.variant.side();
        (0..side)
            .rev()
            .map(|rank| {
                (0..side)
                    .map(|file| Square::new(file, rank).and_then(|sq| self.piece_at(sq)))
                    .collect()
            })
            .collect()
    }
}

impl fmt::Display for Position {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} ", self.variant.name())?;
        for (i, rank) in self.ranks().iter().enumerate() {
            if i > 0 {
                f.write_str("/")?;
            }
            let mut empty = 0;
            for cell in rank {
                match cell {
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
    /// A rank of the star that does not describe exactly its holes.
    RankHoles {
        /// The rank number (17 is the first one written).
        rank: u8,
        /// Holes the rank has.
        expected: u8,
        /// Holes it described.
        found: u32,
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
    /// keeps pieces (only `three`, `four`, `star3`, `star4` and `star6` remove players; in a
    /// solitaire, only the seat to move has pieces).
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
                "rank {rank}: '{ch}' is neither a player letter (a–d, on the star a–f) nor a digit"
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
            RankHoles {
                rank,
                expected,
                found,
            } => write!(
                f,
                "rank {rank} describes {found} holes, but it has {expected}"
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
                "player {seat} has {found} pieces; each player needs 1 to {max} (none only for a player removed from three, four, star3, star4 or star6, or when the player to move is alone on the board)"
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
        let star = variant.is_star();
        let side = variant.side();
        let ranks: Vec<&str> = fields[1].split('/').collect();
        if ranks.len() != side as usize {
            return Err(ParsePositionError::RankCount {
                expected: side,
                found: ranks.len(),
            });
        }
        // The square boards' letters stop at d; the star's at f.
        let letters = if star { 6 } else { 4 };
        // A run of empty squares is at most a whole rank: 13 holes on the star.
        let longest_run = if star { 13 } else { side as u32 };
        let mut pieces = [Board::EMPTY; 4];
        let mut holes: [Holes; 6] = [0; 6];
        for (i, text) in ranks.iter().enumerate() {
            let rank_number = side - i as u8;
            let rank = rank_number - 1;
            let (width, first_hole) = if star {
                let start = &star::STAR.rank_start;
                let r = rank as usize;
                ((start[r + 1] - start[r]) as u32, start[r])
            } else {
                (side as u32, 0)
            };
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
                        Ok(n) if n >= 1 && n <= longest_run && !digits.starts_with('0') => {
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
                        Some(seat) if ch.is_ascii_lowercase() && seat.index() < letters => seat,
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
                    if file < width {
                        if star {
                            holes[seat.index()] |= 1 << (first_hole as u32 + file);
                        } else {
                            let sq = Square::new(file as u8, rank).expect("inside the board");
                            pieces[seat.index()].insert(sq);
                        }
                    }
                    file += 1;
                }
                if file > width {
                    break;
                }
            }
            if file != width {
                return Err(if star {
                    ParsePositionError::RankHoles {
                        rank: rank_number,
                        expected: width as u8,
                        found: file,
                    }
                } else {
                    ParsePositionError::RankWidth {
                        rank: rank_number,
                        expected: side,
                        found: file,
                    }
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
        let found_of = |seat: Seat| {
            if star {
                holes[seat.index()].count_ones()
            } else {
                pieces[seat.index()].count()
            }
        };
        // A solitaire (see `Position::solitaire`): the seat to move alone on the board.
        let solitaire = variant
            .seats()
            .all(|s| (s == to_move) != (found_of(s) == 0));
        for seat in variant.seats() {
            let found = found_of(seat);
            // A removed player (no pieces) can neither be the one to move nor the last one.
            let removed_ok = (removable || solitaire) && seat != to_move;
            if (found == 0 && !removed_ok) || found > max {
                return Err(ParsePositionError::PieceCount { seat, found, max });
            }
        }
        Ok(if star {
            Position::from_holes(variant, holes, to_move)
        } else {
            Position::from_parts(variant, pieces, to_move)
        })
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

    #[test]
    fn star_start_strings_match_the_rule_book() {
        let starts = [
            "star2 b/bb/bbb/bbbb/13/12/11/10/9/10/11/12/13/aaaa/aaa/aa/a a",
            "star3 1/2/3/4/bbbb5cccc/bbb6ccc/bb7cc/b8c/9/10/11/12/13/aaaa/aaa/aa/a a",
            "star4 c/cc/ccc/cccc/9dddd/9ddd/9dd/9d/9/b9/bb9/bbb9/bbbb9/aaaa/aaa/aa/a a",
            "star6 d/dd/ddd/dddd/cccc5eeee/ccc6eee/cc7ee/c8e/9/b8f/bb7ff/bbb6fff/bbbb5ffff/aaaa/aaa/aa/a a",
        ];
        for (v, text) in Variant::STAR.into_iter().zip(starts) {
            assert_eq!(Position::start(v).to_string(), text);
            assert_eq!(text.parse::<Position>(), Ok(Position::start(v)));
        }
    }

    #[test]
    fn star_strings_say_what_is_wrong() {
        let bad = |s: &str| s.parse::<Position>().unwrap_err();
        let err = bad("star2 b/bb/bbb/bbbb/13/12/11/10/9/10/11/12/13/aaaa/aaa/a/a a");
        assert_eq!(
            err,
            ParsePositionError::RankHoles {
                rank: 2,
                expected: 2,
                found: 1
            }
        );
        assert!(err.to_string().contains("rank 2"));
        let err = bad("star2 b/bb/bbb/bbbb/14/12/11/10/9/10/11/12/13/aaaa/aaa/aa/a a");
        assert!(matches!(
            err,
            ParsePositionError::BadNumber { rank: 13, .. }
        ));
        let err = bad("star2 e/bb/bbb/bbbb/13/12/11/10/9/10/11/12/13/aaaa/aaa/aa/a a");
        assert!(matches!(
            err,
            ParsePositionError::NoSuchSeat { rank: 17, .. }
        ));
        let err = bad("star6 g/dd/ddd/dddd/cccc5eeee/ccc6eee/cc7ee/c8e/9/b8f/bb7ff/bbb6fff/bbbb5ffff/aaaa/aaa/aa/a a");
        assert!(matches!(err, ParsePositionError::BadChar { rank: 17, .. }));
        let err = bad("star2 b/bb/bbb/bbbb/13/12/11/10/9/10/11/12/13/aaaa/aaa/aa/a c");
        assert!(matches!(err, ParsePositionError::ToMove(_)));
        // Square boards still stop at d.
        let err = bad("small e7/8/8/8/8/8/8/8 a");
        assert_eq!(err, ParsePositionError::BadChar { rank: 8, ch: 'e' });
    }
}
