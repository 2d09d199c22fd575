//! Where things go in the image: header strip, coordinate margins, squares,
//! or the star's holes.

use halma::{Square, Variant};

/// Width and height of the board itself, whatever its number of squares
/// (800 is a multiple of 8, 10 and 16).
const BOARD_PX: u32 = 800;
/// The strip around the board holding the coordinates.
const MARGIN: u32 = 28;
/// The strip above the board with players' names and whose turn it is; it
/// also keeps the image from being square, which Discord's Android client
/// would crop. Six players get two rows of it.
const HEADER: u32 = 64;
/// The most header slots in a row: more players take two rows.
const SLOTS_PER_ROW: u32 = 4;

/// Pixels between neighbouring holes of the star: even, so that a rank
/// drawn half a hole to the right of the one below stays on whole pixels.
/// Its pieces are as large as those of the 16×16 board.
const HOLE_PX: u32 = 50;
/// Pixels between the star's ranks: the hole spacing times √3/2 is 43.3,
/// so the lattice's triangles are equilateral to within a pixel in 150.
const STAR_ROW_PX: u32 = 43;
/// Room between the star's rounded tips and the image's edge or header.
const STAR_PAD: u32 = 16;
/// The star's image is as wide as the star: 12 holes between its side
/// tips, half a hole beyond each. A row of pixels then holds 682 bytes, and
/// 43 of them (a rank) are within the 32 KB that deflate looks back: each
/// row is found again in the rank above, half a hole to the side.
const STAR_WIDTH: u32 = 13 * HOLE_PX + 2 * STAR_PAD;
/// Ranks in one band of the star's picture (see [`Layout::band_cuts`]).
const STAR_BAND_RANKS: u32 = 3;
/// The middle file and rank of the star's grid (`i9`, 0-based).
const STAR_MIDDLE: i32 = 8;

/// The shape of the board a layout places.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Shape {
    /// A square board of `side` squares per side.
    Square,
    /// The star: holes on a sheared grid drawn as a triangular lattice.
    Star,
}

/// The geometry of an image for a board.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Layout {
    pub shape: Shape,
    /// Squares per side (17 for the star's grid).
    pub side: u8,
    /// Pixels per square side; on the star, between neighbouring holes.
    /// Pieces and markers are drawn in a box of this size.
    pub square: u32,
    /// Pixels between ranks: `square` on the square boards.
    pub row: u32,
    /// Width of the coordinate strip on each side of the board.
    pub margin: u32,
    /// Height of the header strip (all its rows).
    pub header: u32,
    /// Image width.
    pub width: u32,
    /// Image height.
    pub height: u32,
}

impl Layout {
    /// The layout of every image of `variant`.
    pub fn of(variant: Variant) -> Layout {
        let players = variant.players() as u32;
        let rows = players.div_ceil(SLOTS_PER_ROW);
        let mut layout = if variant.is_star() {
            Layout::star()
        } else {
            Layout::for_side(variant.side())
        };
        layout.header = rows * HEADER;
        layout.height += layout.header - HEADER;
        layout
    }

    /// The layout for a board with `side` squares per side (1–16) and one
    /// header row.
    pub fn for_side(side: u8) -> Layout {
        let square = BOARD_PX / u32::from(side.max(1));
        let board = square * u32::from(side);
        Layout {
            shape: Shape::Square,
            side,
            square,
            row: square,
            margin: MARGIN,
            header: HEADER,
            width: board + 2 * MARGIN,
            height: HEADER + board + 2 * MARGIN,
        }
    }

    /// The layout of the star with one header row: its 17 ranks, each a
    /// hole's outline beyond the outer holes, and some room around.
    fn star() -> Layout {
        let board = 16 * STAR_ROW_PX + HOLE_PX;
        Layout {
            shape: Shape::Star,
            side: 17,
            square: HOLE_PX,
            row: STAR_ROW_PX,
            margin: STAR_PAD,
            header: HEADER,
            width: STAR_WIDTH,
            height: HEADER + board + 2 * STAR_PAD,
        }
    }

    /// Height of one row of the header.
    pub fn header_row(&self) -> u32 {
        HEADER
    }

    /// Header slots in a row for `players` players: all of them in one
    /// row, or as even a split as can be over two.
    pub fn slots_per_row(&self, players: u32) -> u32 {
        players.div_ceil(self.header / HEADER)
    }

    /// Left edge of the board.
    pub fn board_x(&self) -> u32 {
        self.margin
    }

    /// Top edge of the board.
    pub fn board_y(&self) -> u32 {
        self.header + self.margin
    }

    /// Width (and height) of a square board in pixels.
    pub fn board_px(&self) -> u32 {
        self.square * u32::from(self.side)
    }

    /// Where the picture is cut into bands of rows for compression (the first row of each band
    /// but the first): the header with the top margin, each rank of squares, and the bottom
    /// margin, so that a move changes only the bands of the ranks it touches. The star's bands
    /// hold three ranks each: its holes and edges change from row to row, and a row costs
    /// least when the compressor finds it in the rank above, in the same band.
    pub fn band_cuts(&self) -> Vec<usize> {
        let (top, ranks) = match self.shape {
            Shape::Square => (self.board_y(), 1),
            Shape::Star => (
                self.board_y() + (self.square - self.row) / 2,
                STAR_BAND_RANKS,
            ),
        };
        let side = u32::from(self.side);
        (0..=side)
            .filter(|&rank| rank % ranks == 0 || rank == side)
            .map(|rank| (top + rank * self.row) as usize)
            .collect()
    }

    /// The pixel at the centre of the square at `file`, `rank` (0-based;
    /// rank 0 is drawn at the bottom). Squares have an even size, so this
    /// is also the exact middle between pixels.
    pub fn cell_centre(&self, file: u8, rank: u8) -> (u32, u32) {
        let (file, rank) = (i32::from(file), i32::from(rank));
        match self.shape {
            Shape::Square => {
                let half = self.square / 2;
                let x = self.board_x() + file as u32 * self.square + half;
                let y = self.board_y() + (i32::from(self.side) - 1 - rank) as u32 * self.square;
                (x, y + half)
            }
            Shape::Star => {
                let (mx, my) = self.star_middle();
                let (dx, dy) = self.step_px(file - STAR_MIDDLE, rank - STAR_MIDDLE);
                ((mx + dx) as u32, (my + dy) as u32)
            }
        }
    }

    /// The centre of the star's middle hole, `i9`.
    pub fn star_middle(&self) -> (i32, i32) {
        let y = self.board_y() + self.square / 2 + 8 * self.row;
        ((self.width / 2) as i32, y as i32)
    }

    /// The pixels from a square's centre to that of the square `df` files
    /// and `dr` ranks away. On the star each rank is drawn half a hole to
    /// the right of the one below.
    pub fn step_px(&self, df: i32, dr: i32) -> (i32, i32) {
        let (s, row) = (self.square as i32, self.row as i32);
        match self.shape {
            Shape::Square => (df * s, -dr * s),
            Shape::Star => ((2 * df + dr) * s / 2, -dr * row),
        }
    }

    /// Top-left pixel of the square at `file`, `rank` (0-based), or of the
    /// box a hole's piece is drawn in.
    pub fn square_origin(&self, file: u8, rank: u8) -> (u32, u32) {
        let (x, y) = self.cell_centre(file, rank);
        (x - self.square / 2, y - self.square / 2)
    }

    /// Top-left pixel of `sq`.
    pub fn origin(&self, sq: Square) -> (u32, u32) {
        self.square_origin(sq.file(), sq.rank())
    }

    /// Where `sq` is in a list of the grid's squares rank by rank.
    pub fn cell(&self, sq: Square) -> usize {
        usize::from(sq.rank()) * usize::from(self.side) + usize::from(sq.file())
    }

    /// The pixel at the centre of `sq`.
    pub fn centre(&self, sq: Square) -> (u32, u32) {
        self.cell_centre(sq.file(), sq.rank())
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
/// // The star's image is as wide as the star.
/// let (w, h) = halma_render::image_size(Variant::Star6);
/// assert!(w == 682 && h > w);
/// ```
pub fn image_size(variant: Variant) -> (u32, u32) {
    let l = Layout::of(variant);
    (l.width, l.height)
}

/// The pixel (x, y) at the centre of `sq` in an image of `variant`, for
/// sampling pictures in tests: the middle of a square, or of a hole of the
/// star. `None` if the square is off that board.
///
/// ```
/// use halma::Variant;
/// let sq = |s: &str| s.parse().unwrap();
/// let (x1, y1) = halma_render::square_centre(Variant::Standard, sq("a1")).unwrap();
/// let (x2, y2) = halma_render::square_centre(Variant::Standard, sq("p16")).unwrap();
/// assert!(x1 < x2 && y1 > y2); // a1 is bottom left
/// assert_eq!(halma_render::square_centre(Variant::Small, sq("p16")), None);
/// // The star's tips: m1 at the bottom below e17 at the top.
/// let (x1, y1) = halma_render::square_centre(Variant::Star2, sq("m1")).unwrap();
/// let (x2, y2) = halma_render::square_centre(Variant::Star2, sq("e17")).unwrap();
/// assert!(x1 == x2 && y1 > y2);
/// assert_eq!(halma_render::square_centre(Variant::Star2, sq("a1")), None);
/// ```
pub fn square_centre(variant: Variant, sq: Square) -> Option<(u32, u32)> {
    if !variant.contains(sq) {
        return None;
    }
    Some(Layout::of(variant).centre(sq))
}
