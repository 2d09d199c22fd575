//! The empty square board drawn once per theme and size: checkered
//! squares, the frame, the camps traced with thick lines, coordinates.

use crate::colour::Paint;
use crate::layout::Layout;
use crate::raster::Canvas;
use crate::text::Line;
use crate::theme::Colours;
use halma::{CampShape, Corner};
use imageproc::drawing::draw_filled_rect_mut;
use imageproc::rect::Rect as PixelRect;

/// A filled rectangle: x0, y0 inclusive, x1, y1 exclusive.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Rect {
    pub x0: i32,
    pub y0: i32,
    pub x1: i32,
    pub y1: i32,
}

impl Rect {
    pub fn intersects(&self, other: &Rect) -> bool {
        self.x0 < other.x1 && other.x0 < self.x1 && self.y0 < other.y1 && other.y0 < self.y1
    }
}

/// 0 for a light square, 1 for a dark one (a1 is dark, as in chess).
pub(crate) fn shade(file: u8, rank: u8) -> usize {
    usize::from((file + rank) % 2 == 0)
}

/// Thickness of camp lines: even, so they sit centred on square edges.
fn line_width(layout: &Layout) -> i32 {
    2 * (layout.square as i32 * 9 / 200).max(2)
}

/// The camps drawn on a board of this size: on 16×16 both the 13-square and
/// the 19-square camp in every corner, as on a real board; on the small
/// boards the triangles of the two players' corners.
fn camps(side: u8) -> Vec<(CampShape, Corner)> {
    let all = [Corner::SE, Corner::SW, Corner::NW, Corner::NE];
    match side {
        16 => all
            .into_iter()
            .flat_map(|c| [(CampShape::Small, c), (CampShape::Large, c)])
            .collect(),
        10 => vec![
            (CampShape::Triangle5, Corner::SE),
            (CampShape::Triangle5, Corner::NW),
        ],
        8 => vec![
            (CampShape::Triangle4, Corner::SE),
            (CampShape::Triangle4, Corner::NW),
        ],
        _ => Vec::new(),
    }
}

/// The thick lines along every edge between a camp square and a board square
/// outside the camp. Each runs half a line width past its ends so that the
/// staircase's corners close.
pub(crate) fn camp_lines(layout: &Layout) -> Vec<Rect> {
    let side = layout.side;
    let half = line_width(layout) / 2;
    let s = layout.square as i32;
    let (left, top) = (layout.board_x() as i32, layout.board_y() as i32);
    let board = layout.board_px() as i32;
    let mut lines = Vec::new();
    for (shape, corner) in camps(side) {
        let camp = shape.squares(corner, side);
        for sq in camp.squares() {
            let (x, y) = layout.origin(sq);
            let (x, y) = (x as i32, y as i32);
            // (file step, rank step, the edge as x0, y0, x1, y1 before widening)
            let edges = [
                (1, 0, (x + s, y, x + s, y + s)),
                (-1, 0, (x, y, x, y + s)),
                (0, 1, (x, y, x + s, y)),
                (0, -1, (x, y + s, x + s, y + s)),
            ];
            for (df, dr, (x0, y0, x1, y1)) in edges {
                let outside = match sq.offset(df, dr) {
                    Some(n) => n.file() < side && n.rank() < side && !camp.contains(n),
                    None => false,
                };
                if outside {
                    // Clipped to the board: the frame takes over at its edge.
                    lines.push(Rect {
                        x0: (x0 - half).max(left),
                        y0: (y0 - half).max(top),
                        x1: (x1 + half).min(left + board),
                        y1: (y1 + half).min(top + board),
                    });
                }
            }
        }
    }
    lines
}

/// The empty board: squares, frame, camp lines and coordinates.
pub(crate) fn draw_board(layout: &Layout, colours: &Colours, camp_lines: &[Rect]) -> Canvas {
    let background = image::Rgb(colours.background.rgb);
    let mut image = image::RgbImage::from_pixel(layout.width, layout.height, background);
    let mut fill = |x0: i32, y0: i32, x1: i32, y1: i32, paint: Paint| {
        let rect = PixelRect::at(x0, y0).of_size((x1 - x0) as u32, (y1 - y0) as u32);
        draw_filled_rect_mut(&mut image, rect, image::Rgb(paint.rgb));
    };
    let (bx, by) = (layout.board_x() as i32, layout.board_y() as i32);
    let board = layout.board_px() as i32;
    let frame = 2;
    fill(
        bx - frame,
        by - frame,
        bx + board + frame,
        by + board + frame,
        colours.line,
    );
    let s = layout.square as i32;
    for rank in 0..layout.side {
        for file in 0..layout.side {
            let (x, y) = layout.square_origin(file, rank);
            let (x, y) = (x as i32, y as i32);
            fill(x, y, x + s, y + s, colours.squares[0][shade(file, rank)]);
        }
    }
    for l in camp_lines {
        fill(l.x0, l.y0, l.x1, l.y1, colours.line);
    }
    let mut canvas = Canvas::from_image(&image, &colours.palette);
    let palette = &colours.palette;
    let px = 16.0;
    let m = layout.margin as f32;
    for i in 0..layout.side {
        let (x, y) = layout.square_origin(i, i);
        let centre_x = x as f32 + layout.square as f32 / 2.0;
        let centre_y = y as f32 + layout.square as f32 / 2.0;
        let file = Line::new(&char::from(b'a' + i).to_string(), px, f32::MAX);
        for cy in [by as f32 - m / 2.0, (by + board) as f32 + m / 2.0] {
            file.draw_centred(&mut canvas, centre_x, cy, colours.coordinates, palette);
        }
        let rank = Line::new(&(i + 1).to_string(), px, f32::MAX);
        for cx in [bx as f32 - m / 2.0, (bx + board) as f32 + m / 2.0] {
            rank.draw_centred(&mut canvas, cx, centre_y, colours.coordinates, palette);
        }
    }
    canvas
}
