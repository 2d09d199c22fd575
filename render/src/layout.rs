//! Where things go in the image: header strip, coordinate margins, squares.

use halma::{Square, Variant};

/// Width and height of the board itself, whatever its number of squares
/// (800 is a multiple of 8, 10 and 16).
const BOARD_PX: u32 = 800;
/// The strip around the board holding the coordinates.
const MARGIN: u32 = 28;
/// The strip above the board with players' names and whose turn it is; it
/// also keeps the image from being square, which Discord's Android client
/// would crop.
const HEADER: u32 = 64;

/// The geometry of an image for a board of some side.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Layout {
    /// Squares per side.
    pub side: u8,
    /// Pixels per square side.
    pub square: u32,
    /// Width of the coordinate strip on each side of the board.
    pub margin: u32,
    /// Height of the header strip.
    pub header: u32,
    /// Image width.
    pub width: u32,
    /// Image height.
    pub height: u32,
}

impl Layout {
    /// The layout for a board with `side` squares per side (1–16).
    pub fn for_side(side: u8) -> Layout {
        let square = BOARD_PX / u32::from(side.max(1));
        let board = square * u32::from(side);
        Layout {
            side,
            square,
            margin: MARGIN,
            header: HEADER,
            width: board + 2 * MARGIN,
            height: HEADER + board + 2 * MARGIN,
        }
    }

    /// Left edge of the board.
    pub fn board_x(&self) -> u32 {
        self.margin
    }

    /// Top edge of the board.
    pub fn board_y(&self) -> u32 {
        self.header + self.margin
    }

    /// Width (and height) of the board in pixels.
    pub fn board_px(&self) -> u32 {
        self.square * u32::from(self.side)
    }

    /// Where the picture is cut into bands of rows for compression (the first row of each band
    /// but the first): the header with the top margin, each rank of squares, and the bottom
    /// margin, so that a move changes only the bands of the ranks it touches.
    pub fn band_cuts(&self) -> Vec<usize> {
        let top = self.board_y();
        (0..=u32::from(self.side))
            .map(|rank| (top + rank * self.square) as usize)
            .collect()
    }

    /// Top-left pixel of the square at `file`, `rank` (0-based; rank 0 is
    /// drawn at the bottom).
    pub fn square_origin(&self, file: u8, rank: u8) -> (u32, u32) {
        let x = self.board_x() + u32::from(file) * self.square;
        let y = self.board_y() + u32::from(self.side - 1 - rank) * self.square;
        (x, y)
    }

    /// Top-left pixel of `sq`.
    pub fn origin(&self, sq: Square) -> (u32, u32) {
        self.square_origin(sq.file(), sq.rank())
    }

    /// The pixel at the centre of `sq` (squares have an even size, so this
    /// is also the exact middle between pixels).
    pub fn centre(&self, sq: Square) -> (u32, u32) {
        let (x, y) = self.origin(sq);
        (x + self.square / 2, y + self.square / 2)
    }
}

/// The size in pixels (width, height) of every image of `variant`.
///
/// The image is never square: a header strip sits above the board.
///
/// ```
/// use halma::Variant;
/// let (w, h) = halma_render::image_size(Variant::Standard);
/// assert!(w >= 800 && h > w);
/// ```
pub fn image_size(variant: Variant) -> (u32, u32) {
    let l = Layout::for_side(variant.side());
    (l.width, l.height)
}

/// The pixel (x, y) at the centre of `sq` in an image of `variant`, for
/// sampling pictures in tests. `None` if the square is off that board.
///
/// ```
/// use halma::Variant;
/// let a1 = "a1".parse().unwrap();
/// let p16 = "p16".parse().unwrap();
/// let (x1, y1) = halma_render::square_centre(Variant::Standard, a1).unwrap();
/// let (x2, y2) = halma_render::square_centre(Variant::Standard, p16).unwrap();
/// assert!(x1 < x2 && y1 > y2); // a1 is bottom left
/// assert_eq!(halma_render::square_centre(Variant::Small, p16), None);
/// ```
pub fn square_centre(variant: Variant, sq: Square) -> Option<(u32, u32)> {
    if !variant.contains(sq) {
        return None;
    }
    Some(Layout::for_side(variant.side()).centre(sq))
}
