//! The star board of Stern-Halma: its 121 holes, six points, and move
//! generation over them.
//!
//! The square boards keep their own 256-bit boards and hop classes
//! (`hops.rs`). The star is small enough for a compact form: its holes are
//! numbered 0–120 rank by rank from `m1` up (files rising within a rank), so
//! a set of holes is one `u128`. Each hole's steps and hops come from tables
//! built at compile time, and a piece's chains are a search over those
//! tables with the visited holes kept in a `u128`: no allocation, and no
//! geometry worked out while generating.

use crate::{Bitboard, Square};

/// A set of holes: bit `h` for hole number `h`.
pub(crate) type Holes = u128;

/// The number of holes.
pub(crate) const HOLES: usize = 121;

/// The star's grid is 17 files by 17 ranks.
const GRID: usize = 17;

/// No hole (in the tables).
const NONE: u8 = u8::MAX;

/// The six directions of the star's lines, as (file, rank) offsets: along
/// the rank, along the file, and along the third line (file +1, rank −1).
const DIRECTIONS: [(i8, i8); 6] = [(1, 0), (-1, 0), (0, 1), (0, -1), (1, -1), (-1, 1)];

/// One of the six points of the star, named by compass as drawn (one point
/// at the top, one at the bottom), clockwise from the bottom.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Point {
    /// The bottom point, tip `m1`.
    S,
    /// Lower left, tip `e5`.
    SW,
    /// Upper left, tip `a13`.
    NW,
    /// The top point, tip `e17`.
    N,
    /// Upper right, tip `m13`.
    NE,
    /// Lower right, tip `q5`.
    SE,
}

impl Point {
    /// The six points clockwise from S: the turn order of `star6`.
    pub const ALL: [Point; 6] = [
        Point::S,
        Point::SW,
        Point::NW,
        Point::N,
        Point::NE,
        Point::SE,
    ];

    /// The point's number in [`Point::ALL`].
    pub const fn index(self) -> usize {
        self as usize
    }

    /// The point across the centre: where pieces starting here go.
    pub const fn opposite(self) -> Point {
        Point::ALL[(self as usize + 3) % 6]
    }

    /// The point's compass name (`S`, `SW`, `NW`, `N`, `NE`, `SE`).
    pub const fn name(self) -> &'static str {
        match self {
            Point::S => "S",
            Point::SW => "SW",
            Point::NW => "NW",
            Point::N => "N",
            Point::NE => "NE",
            Point::SE => "SE",
        }
    }
}

/// Everything about the star's shape, computed once at compile time.
pub(crate) struct Geometry {
    /// Per hole: its square.
    pub(crate) square: [Square; HOLES],
    /// Per grid cell (`rank * 17 + file`): its hole, or `NONE`.
    hole_at: [u8; GRID * GRID],
    /// Per hole: the neighbouring holes.
    pub(crate) steps: [Holes; HOLES],
    /// Per hole: (jumped hole, landing hole) of each hop that stays on the
    /// board, the first `hop_count` entries.
    pub(crate) hops: [[(u8, u8); 6]; HOLES],
    /// Per hole: how many hops it has.
    pub(crate) hop_count: [u8; HOLES],
    /// Per point, in [`Point::ALL`] order: its ten holes.
    pub(crate) points: [Holes; 6],
    /// Per rank: its first hole; entry 17 is `HOLES`.
    pub(crate) rank_start: [u8; GRID + 1],
}

/// The cube coordinates (x, y, z) of a cell, from 0-based file and rank.
const fn cube(file: i32, rank: i32) -> (i32, i32, i32) {
    let x = file - 8;
    let y = rank - 8;
    (x, y, -x - y)
}

/// Whether the 0-based cell is a hole: the union of two large triangles.
const fn is_hole(file: i32, rank: i32) -> bool {
    if file < 0 || rank < 0 || file >= GRID as i32 || rank >= GRID as i32 {
        return false;
    }
    let (x, y, z) = cube(file, rank);
    (x <= 4 && y <= 4 && z <= 4) || (x >= -4 && y >= -4 && z >= -4)
}

/// The point a cell lies in, as an index into [`Point::ALL`].
const fn point_of(file: i32, rank: i32) -> Option<usize> {
    let (x, y, z) = cube(file, rank);
    if y <= -5 {
        Some(0)
    } else if z >= 5 {
        Some(1)
    } else if x <= -5 {
        Some(2)
    } else if y >= 5 {
        Some(3)
    } else if z <= -5 {
        Some(4)
    } else if x >= 5 {
        Some(5)
    } else {
        None
    }
}

const fn build() -> Geometry {
    let mut g = Geometry {
        square: [Square::from_index(0); HOLES],
        hole_at: [NONE; GRID * GRID],
        steps: [0; HOLES],
        hops: [[(NONE, NONE); 6]; HOLES],
        hop_count: [0; HOLES],
        points: [0; 6],
        rank_start: [0; GRID + 1],
    };
    let mut n = 0;
    let mut rank = 0;
    while rank < GRID {
        g.rank_start[rank] = n as u8;
        let mut file = 0;
        while file < GRID {
            if is_hole(file as i32, rank as i32) {
                g.hole_at[rank * GRID + file] = n as u8;
                g.square[n] = match Square::new(file as u8, rank as u8) {
                    Some(sq) => sq,
                    None => panic!("every hole is a square"),
                };
                if let Some(p) = point_of(file as i32, rank as i32) {
                    g.points[p] |= 1 << n;
                }
                n += 1;
            }
            file += 1;
        }
        rank += 1;
    }
    g.rank_start[GRID] = n as u8;
    assert!(n == HOLES);
    let mut h = 0;
    while h < HOLES {
        let f = g.square[h].file() as i32;
        let r = g.square[h].rank() as i32;
        let mut d = 0;
        while d < 6 {
            let (df, dr) = DIRECTIONS[d];
            let (f1, r1) = (f + df as i32, r + dr as i32);
            let (f2, r2) = (f1 + df as i32, r1 + dr as i32);
            if is_hole(f1, r1) {
                let next = g.hole_at[r1 as usize * GRID + f1 as usize];
                g.steps[h] |= 1 << next;
                if is_hole(f2, r2) {
                    let c = g.hop_count[h] as usize;
                    g.hops[h][c] = (next, g.hole_at[r2 as usize * GRID + f2 as usize]);
                    g.hop_count[h] += 1;
                }
            }
            d += 1;
        }
        h += 1;
    }
    g
}

/// The star's geometry.
pub(crate) static STAR: Geometry = build();

/// Every hole.
pub(crate) const ALL_HOLES: Holes = (1 << HOLES) - 1;

/// The hole at `sq`, if it is one.
#[inline]
pub(crate) fn hole(sq: Square) -> Option<u8> {
    let (f, r) = (sq.file() as usize, sq.rank() as usize);
    if f >= GRID || r >= GRID {
        return None;
    }
    let h = STAR.hole_at[r * GRID + f];
    (h != NONE).then_some(h)
}

/// The holes of a point.
#[inline]
pub(crate) fn point_holes(p: Point) -> Holes {
    STAR.points[p.index()]
}

/// A set of holes as a set of squares.
pub(crate) fn to_bitboard(mut holes: Holes) -> Bitboard {
    let mut set = Bitboard::EMPTY;
    while holes != 0 {
        let h = holes.trailing_zeros() as usize;
        holes &= holes - 1;
        set.insert(STAR.square[h]);
    }
    set
}

/// The holes of a set, lowest first.
#[inline]
pub(crate) fn holes_of(mut holes: Holes) -> impl Iterator<Item = u8> {
    std::iter::from_fn(move || {
        (holes != 0).then(|| {
            let h = holes.trailing_zeros() as u8;
            holes &= holes - 1;
            h
        })
    })
}

/// The number of steps between two holes: the largest of |Δx|, |Δy|, |Δz|.
pub(crate) fn distance(a: Square, b: Square) -> u8 {
    let (ax, ay, az) = cube(a.file() as i32, a.rank() as i32);
    let (bx, by, bz) = cube(b.file() as i32, b.rank() as i32);
    let d = (ax - bx).abs().max((ay - by).abs()).max((az - bz).abs());
    d as u8
}

/// The hole jumped over when hopping from `a` to `b`, if `b` lies two holes
/// away from `a` along one of the star's lines.
pub(crate) fn jumped(a: Square, b: Square) -> Option<Square> {
    let df = b.file() as i32 - a.file() as i32;
    let dr = b.rank() as i32 - a.rank() as i32;
    let straight = matches!((df, dr), (2 | -2, 0) | (0, 2 | -2) | (2, -2) | (-2, 2));
    if !straight {
        return None;
    }
    let mid = Square::new(
        (a.file() as i32 + df / 2) as u8,
        (a.rank() as i32 + dr / 2) as u8,
    )?;
    hole(mid).map(|_| mid)
}

/// What move generation for one player in one position needs.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Mover {
    /// Occupied holes.
    pub(crate) occupied: Holes,
    /// Holes a step or hop may not leave (the target point under the camp
    /// rule; none without it).
    pub(crate) confined: Holes,
    /// Holes a move may not end in (the foreign points under `no_parking`).
    pub(crate) banned: Holes,
}

impl Mover {
    /// The holes the piece on hole `from` may move to.
    #[inline]
    pub(crate) fn destinations(&self, from: u8) -> Holes {
        let start: Holes = 1 << from;
        // The moving piece has left its hole: nothing can hop over it.
        let occupied = self.occupied & !start;
        let empty = ALL_HOLES & !occupied;
        let mut steps = STAR.steps[from as usize] & empty;
        if self.confined & start != 0 {
            steps &= self.confined;
        }
        let mut seen = start;
        let mut stack = [0u8; HOLES];
        stack[0] = from;
        let mut top = 1;
        while top > 0 {
            top -= 1;
            let at = stack[top] as usize;
            let inside = (self.confined >> at) & 1 != 0;
            let allowed = if inside { self.confined } else { ALL_HOLES };
            let open = empty & allowed & !seen;
            for &(over, land) in &STAR.hops[at][..STAR.hop_count[at] as usize] {
                if (occupied >> over) & 1 != 0 && (open >> land) & 1 != 0 {
                    seen |= 1 << land;
                    stack[top] = land;
                    top += 1;
                }
            }
        }
        (steps | (seen & !start)) & !self.banned
    }

    /// A shortest chain of hops from `from` to `to` under the same rules
    /// (the end's parking ban aside), start and end included.
    pub(crate) fn path(&self, from: u8, to: u8) -> Option<Vec<Square>> {
        let start: Holes = 1 << from;
        let occupied = self.occupied & !start;
        let empty = ALL_HOLES & !occupied;
        let mut parent = [NONE; HOLES];
        let mut seen = start;
        let mut queue = std::collections::VecDeque::from([from]);
        while let Some(at) = queue.pop_front() {
            if at == to {
                let mut path = vec![STAR.square[at as usize]];
                let mut h = at;
                while h != from {
                    h = parent[h as usize];
                    path.push(STAR.square[h as usize]);
                }
                path.reverse();
                return Some(path);
            }
            let a = at as usize;
            let allowed = if (self.confined >> a) & 1 != 0 {
                self.confined
            } else {
                ALL_HOLES
            };
            for &(over, land) in &STAR.hops[a][..STAR.hop_count[a] as usize] {
                let open = empty & allowed & !seen;
                if (occupied >> over) & 1 != 0 && (open >> land) & 1 != 0 {
                    seen |= 1 << land;
                    parent[land as usize] = at;
                    queue.push_back(land);
                }
            }
        }
        None
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sq(s: &str) -> Square {
        s.parse().unwrap()
    }

    #[test]
    fn the_star_has_its_ranks_and_points() {
        let counts: Vec<u8> = (0..GRID)
            .map(|r| STAR.rank_start[r + 1] - STAR.rank_start[r])
            .collect();
        assert_eq!(
            counts,
            [1, 2, 3, 4, 13, 12, 11, 10, 9, 10, 11, 12, 13, 4, 3, 2, 1]
        );
        for p in Point::ALL {
            assert_eq!(point_holes(p).count_ones(), 10, "{p:?}");
            assert_eq!(point_holes(p) & point_holes(p.opposite()), 0);
        }
        assert_eq!(hole(sq("i9")), Some(60));
        assert_eq!(hole(sq("a1")), None);
        assert_eq!(STAR.square[0], sq("m1"));
        assert_eq!(STAR.square[HOLES - 1], sq("e17"));
        let tips = [
            (Point::S, "m1"),
            (Point::SW, "e5"),
            (Point::NW, "a13"),
            (Point::N, "e17"),
            (Point::NE, "m13"),
            (Point::SE, "q5"),
        ];
        for (p, tip) in tips {
            assert!(point_holes(p) >> hole(sq(tip)).unwrap() & 1 == 1, "{tip}");
        }
    }

    #[test]
    fn neighbours_follow_the_three_lines() {
        let i9 = hole(sq("i9")).unwrap();
        let names: Vec<String> = holes_of(STAR.steps[i9 as usize])
            .map(|h| STAR.square[h as usize].to_string())
            .collect();
        assert_eq!(names, ["i8", "j8", "h9", "j9", "h10", "i10"]);
        assert_eq!(distance(sq("m1"), sq("e17")), 16);
        assert_eq!(distance(sq("i9"), sq("j10")), 2);
        assert_eq!(jumped(sq("k3"), sq("k5")), Some(sq("k4")));
        assert_eq!(jumped(sq("i9"), sq("k11")), None);
    }
}
