//! Variants, seats, corners and camps (and the star's points).

use crate::star::{self, Point};
use crate::{Bitboard, Square};
use std::fmt;
use std::str::FromStr;

/// A corner of the board, named by compass point (south is rank 1).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Corner {
    /// Bottom right (`p1` on 16×16).
    SE,
    /// Bottom left (`a1`).
    SW,
    /// Top left (`a16` on 16×16).
    NW,
    /// Top right (`p16` on 16×16).
    NE,
}

impl Corner {
    /// The diagonally opposite corner: where pieces starting here go.
    pub const fn opposite(self) -> Corner {
        match self {
            Corner::SE => Corner::NW,
            Corner::NW => Corner::SE,
            Corner::SW => Corner::NE,
            Corner::NE => Corner::SW,
        }
    }

    /// The corner's compass name (`SE`, `SW`, `NW`, `NE`).
    pub const fn name(self) -> &'static str {
        match self {
            Corner::SE => "SE",
            Corner::SW => "SW",
            Corner::NW => "NW",
            Corner::NE => "NE",
        }
    }
}

/// The staircase shape of a camp, as row lengths counted from the corner.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum CampShape {
    /// 5, 5, 4, 3, 2: 19 squares (16×16, two players).
    Large,
    /// 4, 4, 3, 2: 13 squares (16×16, three or four players).
    Small,
    /// 5, 4, 3, 2, 1: 15 squares (10×10).
    Triangle5,
    /// 4, 3, 2, 1: 10 squares (8×8).
    Triangle4,
}

impl CampShape {
    /// Row lengths from the corner row outwards.
    pub const fn rows(self) -> &'static [u8] {
        match self {
            CampShape::Large => &[5, 5, 4, 3, 2],
            CampShape::Small => &[4, 4, 3, 2],
            CampShape::Triangle5 => &[5, 4, 3, 2, 1],
            CampShape::Triangle4 => &[4, 3, 2, 1],
        }
    }

    /// The number of squares in the camp.
    pub fn len(self) -> u32 {
        self.rows().iter().map(|&r| r as u32).sum()
    }

    /// Always false: every camp has squares. Present for symmetry with `len`.
    pub fn is_empty(self) -> bool {
        false
    }

    /// The camp's squares in `corner` of a board of the given side.
    ///
    /// ```
    /// use halma::{CampShape, Corner};
    /// let camp = CampShape::Large.squares(Corner::SE, 16);
    /// assert_eq!(camp.count(), 19);
    /// assert!(camp.contains("l1".parse().unwrap()));
    /// assert!(camp.contains("o5".parse().unwrap()));
    /// assert!(!camp.contains("n5".parse().unwrap()));
    /// ```
    pub fn squares(self, corner: Corner, side: u8) -> Bitboard {
        let mut set = Bitboard::EMPTY;
        for (row, &len) in self.rows().iter().enumerate() {
            for col in 0..len {
                // `row` counts ranks away from the corner's edge, `col` files.
                let (file, rank) = match corner {
                    Corner::SW => (col, row as u8),
                    Corner::SE => (side - 1 - col, row as u8),
                    Corner::NW => (col, side - 1 - row as u8),
                    Corner::NE => (side - 1 - col, side - 1 - row as u8),
                };
                if let Some(sq) = Square::new(file, rank) {
                    set.insert(sq);
                }
            }
        }
        set
    }
}

/// A player's seat, named by letter in turn order: `a` moves first from the
/// start position.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Seat(u8);

impl Seat {
    /// Seat `a`.
    pub const A: Seat = Seat(0);
    /// Seat `b`.
    pub const B: Seat = Seat(1);
    /// Seat `c`.
    pub const C: Seat = Seat(2);
    /// Seat `d`.
    pub const D: Seat = Seat(3);

    /// Seat `e` (star only).
    pub const E: Seat = Seat(4);
    /// Seat `f` (star only).
    pub const F: Seat = Seat(5);

    /// The seat with this index (0 = `a`), if below 6 (the square boards
    /// have at most 4 seats, the star 6).
    pub const fn new(index: u8) -> Option<Seat> {
        if index < 6 {
            Some(Seat(index))
        } else {
            None
        }
    }

    /// The seat's index, 0 for `a`.
    pub const fn index(self) -> usize {
        self.0 as usize
    }

    /// The seat's letter, `a`–`f`.
    pub const fn letter(self) -> char {
        (b'a' + self.0) as char
    }

    /// The seat for a letter `a`–`f` (either case).
    pub fn from_letter(c: char) -> Option<Seat> {
        match c.to_ascii_lowercase() {
            c @ 'a'..='f' => Some(Seat(c as u8 - b'a')),
            _ => None,
        }
    }
}

impl fmt::Display for Seat {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.letter())
    }
}

/// A way to play Halma: board size, seats and their corners, camp shape;
/// or Stern-Halma on the star, with seats on its points.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Variant {
    /// 16×16, two players with 19 pieces: `a` = SE, `b` = NW.
    Standard,
    /// 16×16, three players with 13 pieces: `a` = SE, `b` = SW, `c` = NW.
    Three,
    /// 16×16, four players with 13 pieces: SE, SW, NW, NE.
    Four,
    /// As `Four`, with partners `a`+`b` against `c`+`d`.
    FourTeams,
    /// 10×10, two players with 15 pieces: `a` = SE (light), `b` = NW.
    Ig10,
    /// 8×8, two players with 10 pieces: `a` = SE, `b` = NW.
    Small,
    /// The star, two players with 10 pieces: `a` = S, `b` = N.
    Star2,
    /// The star, three players: `a` = S, `b` = NW, `c` = NE.
    Star3,
    /// The star, four players: `a` = S, `b` = SW, `c` = N, `d` = NE.
    Star4,
    /// The star, six players: `a`–`f` on S, SW, NW, N, NE, SE.
    Star6,
}

impl Variant {
    /// The star variants (Stern-Halma), in the order the rule book lists
    /// them.
    pub const STAR: [Variant; 4] = [
        Variant::Star2,
        Variant::Star3,
        Variant::Star4,
        Variant::Star6,
    ];

    /// Whether the variant is played on the star.
    pub const fn is_star(self) -> bool {
        matches!(
            self,
            Variant::Star2 | Variant::Star3 | Variant::Star4 | Variant::Star6
        )
    }

    /// Every variant: the square boards, then the star's, in the order the rule book lists
    /// them.
    pub const ALL: [Variant; 10] = [
        Variant::Standard,
        Variant::Three,
        Variant::Four,
        Variant::FourTeams,
        Variant::Ig10,
        Variant::Small,
        Variant::Star2,
        Variant::Star3,
        Variant::Star4,
        Variant::Star6,
    ];

    /// The square-board variants, in the order the rule book lists them (the star's are in
    /// [`Variant::STAR`]).
    pub const SQUARE: [Variant; 6] = [
        Variant::Standard,
        Variant::Three,
        Variant::Four,
        Variant::FourTeams,
        Variant::Ig10,
        Variant::Small,
    ];

    /// The name used in position strings and commands.
    pub const fn name(self) -> &'static str {
        match self {
            Variant::Standard => "standard",
            Variant::Three => "three",
            Variant::Four => "four",
            Variant::FourTeams => "four-teams",
            Variant::Ig10 => "ig10",
            Variant::Small => "small",
            Variant::Star2 => "star2",
            Variant::Star3 => "star3",
            Variant::Star4 => "star4",
            Variant::Star6 => "star6",
        }
    }

    /// Squares per side of the board (17 for the star's grid, of which
    /// only 121 cells are holes).
    pub const fn side(self) -> u8 {
        match self {
            Variant::Standard | Variant::Three | Variant::Four | Variant::FourTeams => 16,
            Variant::Ig10 => 10,
            Variant::Small => 8,
            Variant::Star2 | Variant::Star3 | Variant::Star4 | Variant::Star6 => 17,
        }
    }

    /// The number of players.
    pub const fn players(self) -> usize {
        match self {
            Variant::Standard | Variant::Ig10 | Variant::Small | Variant::Star2 => 2,
            Variant::Three | Variant::Star3 => 3,
            Variant::Four | Variant::FourTeams | Variant::Star4 => 4,
            Variant::Star6 => 6,
        }
    }

    /// The seats in turn order.
    pub fn seats(self) -> impl DoubleEndedIterator<Item = Seat> + ExactSizeIterator + Clone {
        (0..self.players() as u8).map(Seat)
    }

    /// The camp shape every seat's camp has (a star's point is a triangle
    /// of 4, 3, 2, 1 holes).
    pub const fn camp_shape(self) -> CampShape {
        match self {
            Variant::Standard => CampShape::Large,
            Variant::Three | Variant::Four | Variant::FourTeams => CampShape::Small,
            Variant::Ig10 => CampShape::Triangle5,
            Variant::Small | Variant::Star2 | Variant::Star3 | Variant::Star4 | Variant::Star6 => {
                CampShape::Triangle4
            }
        }
    }

    /// The number of pieces each player has (the size of a camp).
    pub fn pieces_per_player(self) -> u32 {
        self.camp_shape().len()
    }

    /// The corner `seat` starts in, or `None` if the variant has no such
    /// seat (or is played on the star: see [`Variant::home_point`]).
    pub const fn home_corner(self, seat: Seat) -> Option<Corner> {
        let corners: &[Corner] = match self {
            Variant::Standard | Variant::Ig10 | Variant::Small => &[Corner::SE, Corner::NW],
            Variant::Three => &[Corner::SE, Corner::SW, Corner::NW],
            Variant::Four | Variant::FourTeams => &[Corner::SE, Corner::SW, Corner::NW, Corner::NE],
            Variant::Star2 | Variant::Star3 | Variant::Star4 | Variant::Star6 => &[],
        };
        if seat.index() < corners.len() {
            Some(corners[seat.index()])
        } else {
            None
        }
    }

    /// The point of the star `seat` starts in, or `None` if the variant
    /// has no such seat or is played on a square board.
    ///
    /// ```
    /// use halma::{Point, Seat, Variant};
    /// assert_eq!(Variant::Star3.home_point(Seat::B), Some(Point::NW));
    /// assert_eq!(Variant::Star3.target_point(Seat::B), Some(Point::SE));
    /// assert_eq!(Variant::Standard.home_point(Seat::A), None);
    /// ```
    pub const fn home_point(self, seat: Seat) -> Option<Point> {
        let points: &[Point] = match self {
            Variant::Star2 => &[Point::S, Point::N],
            Variant::Star3 => &[Point::S, Point::NW, Point::NE],
            Variant::Star4 => &[Point::S, Point::SW, Point::N, Point::NE],
            Variant::Star6 => &Point::ALL,
            _ => &[],
        };
        if seat.index() < points.len() {
            Some(points[seat.index()])
        } else {
            None
        }
    }

    /// The point of the star `seat` must fill: the one opposite its home.
    pub const fn target_point(self, seat: Seat) -> Option<Point> {
        match self.home_point(seat) {
            Some(p) => Some(p.opposite()),
            None => None,
        }
    }

    /// The squares `seat` starts on.
    pub fn home_camp(self, seat: Seat) -> Bitboard {
        if self.is_star() {
            return self
                .home_point(seat)
                .map(|p| star::to_bitboard(star::point_holes(p)))
                .unwrap_or(Bitboard::EMPTY);
        }
        self.home_corner(seat)
            .map(|c| self.camp_shape().squares(c, self.side()))
            .unwrap_or(Bitboard::EMPTY)
    }

    /// The squares `seat` must fill: the camp in the opposite corner (on
    /// the star, the opposite point).
    pub fn target_camp(self, seat: Seat) -> Bitboard {
        if self.is_star() {
            return self
                .target_point(seat)
                .map(|p| star::to_bitboard(star::point_holes(p)))
                .unwrap_or(Bitboard::EMPTY);
        }
        self.home_corner(seat)
            .map(|c| self.camp_shape().squares(c.opposite(), self.side()))
            .unwrap_or(Bitboard::EMPTY)
    }

    /// The holes of the star where a move of `seat` may not end under the
    /// `no_parking` option: the four points that are neither its home nor
    /// its target. Empty on the square boards.
    pub fn foreign_points(self, seat: Seat) -> Bitboard {
        star::to_bitboard(self.foreign_holes(seat))
    }

    /// [`Variant::foreign_points`] as holes.
    pub(crate) fn foreign_holes(self, seat: Seat) -> star::Holes {
        match self.home_point(seat) {
            Some(home) => Point::ALL
                .iter()
                .filter(|&&p| p != home && p != home.opposite())
                .fold(0, |acc, &p| acc | star::point_holes(p)),
            None => 0,
        }
    }

    /// Every square on this variant's board (every hole of the star).
    pub fn board(self) -> Bitboard {
        if self.is_star() {
            return star::to_bitboard(star::ALL_HOLES);
        }
        let side = self.side();
        (0..side)
            .flat_map(|r| (0..side).filter_map(move |f| Square::new(f, r)))
            .collect()
    }

    /// Whether `sq` lies on this variant's board (is a hole of the star).
    ///
    /// ```
    /// use halma::{Square, Variant};
    /// let sq = |s: &str| s.parse::<Square>().unwrap();
    /// assert!(Variant::Star2.contains(sq("i9")) && Variant::Star2.contains(sq("q5")));
    /// assert!(!Variant::Star2.contains(sq("a1")));
    /// assert!(!Variant::Standard.contains(sq("q5")));
    /// ```
    pub fn contains(self, sq: Square) -> bool {
        if self.is_star() {
            return star::hole(sq).is_some();
        }
        sq.file() < self.side() && sq.rank() < self.side()
    }

    /// The first and the last square of `rank` (0 = rank 1) on this variant's
    /// board, by file: `a` to the board's last file on the square boards; on
    /// the star, the holes of that rank, which start and stop at other files
    /// from rank to rank. `None` for a rank the board does not have.
    ///
    /// ```
    /// use halma::{Square, Variant};
    /// let sq = |s: &str| s.parse::<Square>().unwrap();
    /// assert_eq!(Variant::Small.rank_ends(2), Some((sq("a3"), sq("h3"))));
    /// assert_eq!(Variant::Star2.rank_ends(8), Some((sq("e9"), sq("m9"))));
    /// assert_eq!(Variant::Star2.rank_ends(4), Some((sq("e5"), sq("q5"))));
    /// assert_eq!(Variant::Star2.rank_ends(16), Some((sq("e17"), sq("e17"))));
    /// assert_eq!(Variant::Small.rank_ends(8), None);
    /// ```
    pub fn rank_ends(self, rank: u8) -> Option<(Square, Square)> {
        let mut squares = (0..self.side())
            .filter_map(|file| Square::new(file, rank))
            .filter(|&sq| self.contains(sq));
        let first = squares.next()?;
        Some((first, squares.next_back().unwrap_or(first)))
    }

    /// The number of steps between two squares of this variant's board: king
    /// steps on the square boards, steps along the star's three lines on the
    /// star (the largest of |Δx|, |Δy|, |Δz|).
    pub fn distance(self, a: Square, b: Square) -> u8 {
        if self.is_star() {
            star::distance(a, b)
        } else {
            a.distance(b)
        }
    }

    /// The partner of `seat` in a team game, if the variant has teams.
    pub const fn partner(self, seat: Seat) -> Option<Seat> {
        match self {
            // Partners sit in adjacent corners: a (SE) + b (SW), c (NW) + d (NE).
            Variant::FourTeams => Some(Seat(seat.0 ^ 1)),
            _ => None,
        }
    }
}

impl fmt::Display for Variant {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// The text named no variant.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct UnknownVariant(pub String);

impl fmt::Display for UnknownVariant {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let names: Vec<&str> = Variant::ALL.iter().map(|v| v.name()).collect();
        write!(
            f,
            "unknown variant '{}' (choose one of: {})",
            self.0,
            names.join(", ")
        )
    }
}

impl std::error::Error for UnknownVariant {}

impl FromStr for Variant {
    type Err = UnknownVariant;

    fn from_str(s: &str) -> Result<Variant, UnknownVariant> {
        let wanted = s.trim().to_ascii_lowercase();
        Variant::ALL
            .into_iter()
            .find(|v| v.name() == wanted)
            .ok_or_else(|| UnknownVariant(s.trim().to_string()))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_stars_ranks_end_where_the_rule_book_says_with_no_gap() {
        // RULES.md's table of ranks, from rank 1 up.
        let ends = [
            "m1", "m1", "l2", "m2", "k3", "m3", "j4", "m4", "e5", "q5", "e6", "p6", "e7", "o7",
            "e8", "n8", "e9", "m9", "d10", "m10", "c11", "m11", "b12", "m12", "a13", "m13", "e14",
            "h14", "e15", "g15", "e16", "f16", "e17", "e17",
        ];
        let sq = |s: &str| s.parse::<Square>().unwrap();
        for (rank, pair) in (0..17).zip(ends.chunks(2)) {
            let (first, last) = Variant::Star6.rank_ends(rank).unwrap();
            assert_eq!(
                (first, last),
                (sq(pair[0]), sq(pair[1])),
                "rank {}",
                rank + 1
            );
            for file in first.file()..=last.file() {
                let hole = Square::new(file, rank).unwrap();
                assert!(Variant::Star6.contains(hole), "{hole} is a hole");
            }
        }
        assert_eq!(Variant::Star6.rank_ends(17), None);
        assert_eq!(
            Variant::Standard.rank_ends(15),
            Some((sq("a16"), sq("p16")))
        );
    }

    #[test]
    fn camps_have_their_sizes_and_do_not_overlap() {
        for v in Variant::SQUARE {
            let mut all = Bitboard::EMPTY;
            for seat in v.seats() {
                let home = v.home_camp(seat);
                assert_eq!(home.count(), v.pieces_per_player(), "{v} {seat}");
                assert!(home.is_subset(v.board()));
                assert!((all & home).is_empty(), "{v}: camps overlap");
                all |= home;
                assert_eq!(v.target_camp(seat).count(), v.pieces_per_player());
            }
        }
    }

    #[test]
    fn star_points_have_ten_holes_and_do_not_overlap() {
        for v in Variant::STAR {
            assert_eq!(v.name().parse::<Variant>(), Ok(v));
            let mut all = Bitboard::EMPTY;
            for seat in v.seats() {
                let home = v.home_camp(seat);
                assert_eq!(home.count(), v.pieces_per_player(), "{v} {seat}");
                assert!(home.is_subset(v.board()));
                assert!((all & home).is_empty(), "{v}: points overlap");
                all |= home;
                assert_eq!(v.target_camp(seat).count(), 10);
                assert_eq!(v.foreign_points(seat).count(), 40);
            }
        }
        assert_eq!(Variant::Star6.board().count(), 121);
    }

    #[test]
    fn large_camp_is_symmetric_about_its_diagonal() {
        let camp = CampShape::Large.squares(Corner::SW, 16);
        for sq in camp.squares() {
            let mirrored = Square::new(sq.rank(), sq.file()).unwrap();
            assert!(camp.contains(mirrored), "{sq}");
        }
    }

    #[test]
    fn small_camp_lies_inside_the_large_one() {
        for c in [Corner::SE, Corner::SW, Corner::NW, Corner::NE] {
            let small = CampShape::Small.squares(c, 16);
            assert!(small.is_subset(CampShape::Large.squares(c, 16)));
        }
    }
}
