//! The board as the page draws it: every square (or hole of the star) with its name and
//! drawing coordinates, and each seat's home camp, all taken from the rules crate.

use halma::{Square, Variant};
use serde::Serialize;

/// How the rows of the star's holes stand apart, in hole spacings: √3/2, so that neighbouring
/// holes make equilateral triangles.
const STAR_ROW: f64 = 0.866_025_403_784_438_6;

/// The middle file and rank of the star's 17×17 grid (`i9`, 0-based).
const STAR_MIDDLE: i32 = 8;

/// Whether a board is a square grid or the star.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Shape {
    /// A square board: squares side by side, files along the bottom, ranks up the side.
    Square,
    /// The star of Stern-Halma: holes on a triangular lattice.
    Star,
}

/// One square of a square board, or one hole of the star.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Cell {
    /// Its name in the game's notation, like `e12`.
    pub name: String,
    /// The centre's distance from the board's left edge, in squares (in hole spacings on
    /// the star).
    pub x: f64,
    /// The centre's distance from the board's top edge, in the same unit.
    pub y: f64,
}

/// The squares one seat starts on.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Camp {
    /// The seat's letter, `a`–`f`.
    pub seat: char,
    /// The camp's squares (the star's point's holes), by name.
    pub squares: Vec<String>,
}

/// Everything the page needs to draw an empty board of one variant.
///
/// ```
/// use halma::Variant;
/// use halma_snapshot::Board;
/// let board = Board::of(Variant::Star6);
/// assert_eq!(board.cells.len(), 121);
/// assert_eq!(board.camps.len(), 6);
/// assert_eq!(board.cells[0].name, "e17");
/// ```
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Board {
    /// Square grid or star.
    pub shape: Shape,
    /// Squares per side of a square board; 17 for the star's grid, of which only 121 cells
    /// are holes.
    pub side: u8,
    /// The drawing's width: every cell lies within 0..`width` (in squares or hole spacings).
    pub width: f64,
    /// The drawing's height, in the same unit.
    pub height: f64,
    /// Every square or hole, in the order a position string lists them: from the top rank
    /// down, each rank from its lowest file up. The page reads position strings by walking
    /// this list.
    pub cells: Vec<Cell>,
    /// The home camp of each seat that plays the variant, in seat order.
    pub camps: Vec<Camp>,
}

impl Board {
    /// The board of `variant`, built from the rules crate's squares and camps.
    pub fn of(variant: Variant) -> Board {
        let side = variant.side();
        let star = variant.is_star();
        let mut cells = Vec::new();
        for rank in (0..side).rev() {
            for file in 0..side {
                let Some(sq) = Square::new(file, rank) else {
                    continue;
                };
                if !variant.contains(sq) {
                    continue;
                }
                let (x, y) = if star {
                    star_centre(sq)
                } else {
                    square_centre(sq, side)
                };
                cells.push(Cell {
                    name: sq.to_string(),
                    x,
                    y,
                });
            }
        }
        let camps = variant
            .seats()
            .map(|seat| Camp {
                seat: seat.letter(),
                squares: variant
                    .home_camp(seat)
                    .squares()
                    .map(|sq| sq.to_string())
                    .collect(),
            })
            .collect();
        let (width, height) = if star {
            (13.0, round(16.0 * STAR_ROW + 1.0))
        } else {
            (f64::from(side), f64::from(side))
        };
        Board {
            shape: if star { Shape::Star } else { Shape::Square },
            side,
            width,
            height,
            cells,
            camps,
        }
    }
}

/// The centre of a square: rank 1 at the bottom, file `a` on the left.
fn square_centre(sq: Square, side: u8) -> (f64, f64) {
    let x = f64::from(sq.file()) + 0.5;
    let y = f64::from(side - 1 - sq.rank()) + 0.5;
    (x, y)
}

/// The centre of a hole of the star: each rank half a hole to the right of the rank below,
/// so files climb to the upper right and the star has a point at the top and at the bottom.
fn star_centre(sq: Square) -> (f64, f64) {
    let x = i32::from(sq.file()) - STAR_MIDDLE;
    let y = i32::from(sq.rank()) - STAR_MIDDLE;
    // The side tips (`a13`, `q5`) lie six holes from the middle: shift so the drawing
    // starts at 0 with half a hole of room.
    let across = f64::from(x) + f64::from(y) / 2.0 + 6.5;
    let down = f64::from(STAR_MIDDLE - y) * STAR_ROW + 0.5;
    (round(across), round(down))
}

/// Three decimals are plenty for drawing and keep the JSON short.
fn round(v: f64) -> f64 {
    (v * 1000.0).round() / 1000.0
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_variant_has_its_number_of_cells() {
        let counts = [
            (Variant::Standard, 256),
            (Variant::Four, 256),
            (Variant::Ig10, 100),
            (Variant::Small, 64),
            (Variant::Star2, 121),
            (Variant::Star6, 121),
        ];
        for (variant, count) in counts {
            let board = Board::of(variant);
            assert_eq!(board.cells.len(), count, "{variant}");
            for cell in &board.cells {
                assert!(
                    cell.x > 0.0 && cell.x < board.width,
                    "{variant} {}",
                    cell.name
                );
                assert!(
                    cell.y > 0.0 && cell.y < board.height,
                    "{variant} {}",
                    cell.name
                );
            }
        }
    }

    #[test]
    fn square_boards_start_top_left() {
        let board = Board::of(Variant::Standard);
        assert_eq!(board.cells[0].name, "a16");
        assert_eq!((board.cells[0].x, board.cells[0].y), (0.5, 0.5));
        assert_eq!(board.cells[255].name, "p1");
        assert_eq!(board.camps[0].squares.len(), 19);
    }

    #[test]
    fn the_star_is_symmetric() {
        let board = Board::of(Variant::Star6);
        let at = |name: &str| {
            let c = board.cells.iter().find(|c| c.name == name).expect(name);
            (c.x, c.y)
        };
        assert_eq!(at("i9"), (6.5, round(8.0 * STAR_ROW + 0.5)));
        assert_eq!(at("m1").0, at("e17").0);
        assert_eq!(at("a13").1, at("m13").1);
        assert_eq!(at("a13").0, 0.5);
        assert_eq!(at("q5").0, 12.5);
    }
}
