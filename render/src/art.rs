//! Everything drawn once per theme and board size: the empty board with its
//! camps and coordinates, the pieces, the markers. Requests only copy these.

use crate::colour::{alpha, mix, Paint, Rgb};
use crate::layout::Layout;
use crate::raster::{Canvas, Mask, Sprite};
use crate::sketch::{clear, opaque, Coverage, Sketch, OFF, ON};
use crate::text::Line;
use crate::theme::{Colours, Theme};
use halma::{CampShape, Corner, Square};
use imageproc::drawing::draw_filled_rect_mut;
use imageproc::rect::Rect as PixelRect;
use std::sync::OnceLock;

/// A filled rectangle: x0, y0 inclusive, x1, y1 exclusive.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Rect {
    pub x0: i32,
    pub y0: i32,
    pub x1: i32,
    pub y1: i32,
}

impl Rect {
    fn intersects(&self, other: &Rect) -> bool {
        self.x0 < other.x1 && other.x0 < self.x1 && self.y0 < other.y1 && other.y0 < self.y1
    }
}

/// Size of the seat badges in the header.
pub(crate) const BADGE: usize = 36;
/// Inset of the turn marker from its header slot.
pub(crate) const PILL_INSET: u32 = 6;

/// The pre-drawn pictures for one theme and board size.
pub(crate) struct Art {
    pub layout: Layout,
    pub colours: &'static Colours,
    /// The empty board with header background, coordinates and camp lines.
    pub base: Canvas,
    /// The thick camp borders, to draw again over tinted squares.
    pub camp_lines: Vec<Rect>,
    /// A piece of each seat, one square in size, with soft edges to lay on
    /// anything (the last move's path).
    pub pieces: [Sprite; 4],
    /// The same already laid on each square paint: `[seat][kind][shade]`
    /// as in [`Art::square_paint`].
    pub pieces_on: [[[Sprite; 2]; 3]; 4],
    /// A piece of each seat, header size: on the background, on the pill.
    pub badges: [[Sprite; 2]; 4],
    /// The marker of a highlighted empty square.
    pub dot: Sprite,
    /// The marker of a highlighted occupied square.
    pub ring: Sprite,
    /// The turn marker behind a header slot, for 2, 3 and 4 players.
    pub pills: [Sprite; 3],
    /// The frame around two partners' header slots in a team game.
    pub team_frame: Sprite,
    /// The pieces of the last move's path.
    pub path: PathArt,
}

/// The last move's path: lines along steps and hops, dots on landing
/// squares, a ring on the start square. Lines and dots are masks laid in the
/// mover's colour with an outline.
pub(crate) struct PathArt {
    /// How far masks reach beyond their skeleton.
    pub pad: i32,
    /// Half the width of the path's lines, and of its outline around them.
    half_width: f32,
    casing: f32,
    /// The line to a square `df` files and `dr` ranks away (up to two),
    /// at `(df + 2) * 5 + (dr + 2)`.
    lines: Vec<Option<Mask>>,
    /// The dot on a landing square, centred.
    pub dot: Mask,
    /// The ring on the start square, drawn on the start square's colour:
    /// `[seat, or 4 for none][shade]`.
    pub rings: [[Sprite; 2]; 5],
}

impl PathArt {
    fn draw(layout: &Layout, colours: &Colours) -> PathArt {
        let s = layout.square as f32;
        let half_width = (s * 0.06).max(2.0);
        let casing = (s * 0.035).max(1.5);
        let dot = s * 0.12;
        let ring = s * 0.28;
        let pad = (dot + casing + 1.0).ceil() as i32;
        let size = 2 * pad as usize;
        let dot_layer = |r| {
            let mut k = Coverage::new(size, size, OFF);
            k.circle((pad as f32, pad as f32), r, ON);
            k.finish()
        };
        let dot = Mask::new(&dot_layer(dot + casing), &dot_layer(dot));
        let sq = layout.square as i32;
        let lines = (0..25)
            .map(|i| {
                let (df, dr) = (i / 5 - 2, i % 5 - 2);
                // Ranks go up, pixel rows down.
                ((df, dr) != (0, 0)).then(|| line(pad, half_width, casing, df * sq, -dr * sq))
            })
            .collect();
        let paints: Vec<Rgb> = colours
            .seats
            .iter()
            .chain([&colours.outline])
            .map(|p| p.rgb)
            .collect();
        let ring_half = half_width * 0.8;
        let outer = ring + ring_half + casing;
        let size = 2 * (outer + 1.0).ceil() as usize;
        let c = (size as f32 / 2.0, size as f32 / 2.0);
        let edge = colours.outline.rgb;
        let rings = std::array::from_fn(|seat| {
            std::array::from_fn(|shade| {
                // The seat's band inside an outline, on the start square.
                let mut k = Sketch::new(size, size, clear(edge));
                k.circle(c, outer, opaque(edge));
                k.circle(c, ring + ring_half, opaque(paints[seat]));
                k.circle(c, ring - ring_half, opaque(edge));
                k.circle(
                    c,
                    ring - ring_half - casing,
                    opaque(colours.squares[1][shade].rgb),
                );
                Sprite::from_image(&k.finish(), &colours.palette)
            })
        });
        PathArt {
            pad,
            half_width,
            casing,
            lines,
            dot,
            rings,
        }
    }

    /// The line from a point to one `dx`, `dy` pixels away, for moves that
    /// are neither a step nor a hop.
    pub fn line(&self, dx: i32, dy: i32) -> Mask {
        line(self.pad, self.half_width, self.casing, dx, dy)
    }

    /// The pre-drawn line for a step or hop of `df` files and `dr` ranks.
    pub fn line_for(&self, df: i32, dr: i32) -> Option<&Mask> {
        if df.abs() > 2 || dr.abs() > 2 {
            return None;
        }
        self.lines[((df + 2) * 5 + (dr + 2)) as usize].as_ref()
    }
}

impl Art {
    /// The art for `theme` and a board of `side` squares (1–16), drawn on
    /// first use.
    pub fn get(theme: Theme, side: u8) -> &'static Art {
        static CELLS: [[OnceLock<Art>; 17]; 2] = [const { [const { OnceLock::new() }; 17] }; 2];
        let t = match theme {
            Theme::Light => 0,
            Theme::Dark => 1,
        };
        let side = side.clamp(1, 16);
        CELLS[t][usize::from(side)].get_or_init(|| Art::draw(theme, side))
    }

    fn draw(theme: Theme, side: u8) -> Art {
        let layout = Layout::for_side(side);
        let colours = Colours::of(theme);
        let camp_lines = camp_lines(&layout);
        let base = draw_board(&layout, colours, &camp_lines);
        let sq = layout.square as usize;
        let seats = [0, 1, 2, 3];
        let pieces = seats.map(|s| piece(sq, s, colours));
        let palette = &colours.palette;
        let pieces_on = seats.map(|s| {
            colours
                .squares
                .map(|kind| kind.map(|paint| pieces[s].on(paint.rgb, palette)))
        });
        let badges = seats.map(|s| {
            let badge = piece(BADGE, s, colours);
            [colours.background, colours.pill].map(|under| badge.on(under.rgb, palette))
        });
        Art {
            pieces,
            pieces_on,
            badges,
            dot: dot(sq, colours),
            ring: ring(sq, colours),
            path: PathArt::draw(&layout, colours),
            pills: [2, 3, 4]
                .map(|players| pill(&layout, players, colours).on(colours.background.rgb, palette)),
            team_frame: team_frame(&layout, colours).on(colours.background.rgb, palette),
            layout,
            colours,
            base,
            camp_lines,
        }
    }

    /// The paint of a square: `kind` 0 plain, 1 last move's start, 2 its end.
    pub fn square_paint(&self, sq: Square, kind: usize) -> Paint {
        self.colours.squares[kind][shade(sq.file(), sq.rank())]
    }

    /// The piece of `seat` ready to copy onto `sq` of the given kind.
    pub fn piece_on(&self, seat: usize, sq: Square, kind: usize) -> &Sprite {
        &self.pieces_on[seat][kind][shade(sq.file(), sq.rank())]
    }

    /// Fills `sq` with `paint`, keeping camp lines on top.
    pub fn fill_square(&self, canvas: &mut Canvas, sq: Square, paint: Paint) {
        let (x, y) = self.layout.origin(sq);
        let s = self.layout.square as i32;
        let area = Rect {
            x0: x as i32,
            y0: y as i32,
            x1: x as i32 + s,
            y1: y as i32 + s,
        };
        canvas.fill_rect(area.x0, area.y0, area.x1, area.y1, paint.index);
        for line in self.camp_lines.iter().filter(|l| l.intersects(&area)) {
            canvas.fill_rect(line.x0, line.y0, line.x1, line.y1, self.colours.line.index);
        }
    }
}

/// The line from a point to one `dx`, `dy` pixels away, in a box reaching
/// `pad` beyond both ends.
fn line(pad: i32, half_width: f32, casing: f32, dx: i32, dy: i32) -> Mask {
    let a = ((pad + (-dx).max(0)) as f32, (pad + (-dy).max(0)) as f32);
    let b = (a.0 + dx as f32, a.1 + dy as f32);
    let (w, h) = ((dx.abs() + 2 * pad) as usize, (dy.abs() + 2 * pad) as usize);
    let layer = |half_width| {
        let mut k = Coverage::new(w, h, OFF);
        k.segment(a, b, half_width, ON);
        k.finish()
    };
    Mask::new(&layer(half_width + casing), &layer(half_width))
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
fn camp_lines(layout: &Layout) -> Vec<Rect> {
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
fn draw_board(layout: &Layout, colours: &Colours, camp_lines: &[Rect]) -> Canvas {
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

/// A round piece of `size` pixels: seat colour inside an outline, with the
/// seat's capital letter so that colour is never the only clue.
fn piece(size: usize, seat: usize, colours: &Colours) -> Sprite {
    let s = size as f32;
    let radius = s * 0.40;
    let outline = (s * 0.06).max(2.0);
    let (fill, ink, edge) = (
        colours.seats[seat].rgb,
        colours.letters[seat].rgb,
        colours.outline.rgb,
    );
    let mut k = Sketch::new(size, size, clear(edge));
    k.circle((s / 2.0, s / 2.0), radius, opaque(edge));
    k.circle((s / 2.0, s / 2.0), radius - outline, opaque(fill));
    let mut image = k.finish();
    // The letter at its true size, where the font's own anti-aliasing is
    // made for.
    let letter = char::from(b'A' + seat as u8).to_string();
    let line = Line::new(&letter, s * 0.48, f32::MAX);
    let baseline = (s / 2.0 + line.cap_height() / 2.0).round();
    line.rasterize((s / 2.0 - line.width / 2.0).round(), baseline, |x, y, c| {
        let (Ok(x), Ok(y)) = (u32::try_from(x), u32::try_from(y)) else {
            return;
        };
        if let Some(p) = image.get_pixel_mut_checked(x, y) {
            let [r, g, b, a] = p.0;
            let [r, g, b] = mix([r, g, b], ink, alpha(c));
            p.0 = [r, g, b, a];
        }
    });
    Sprite::from_image(&image, &colours.palette)
}

/// A translucent dot: a legal destination or other highlighted empty square.
fn dot(size: usize, colours: &Colours) -> Sprite {
    let s = size as f32;
    let mut k = Coverage::new(size, size, OFF);
    k.circle((s / 2.0, s / 2.0), s * 0.16, ON);
    let (rgb, opacity) = (colours.highlight, colours.highlight_alpha);
    Sprite::tinted(&k.finish(), rgb, opacity, &colours.palette)
}

/// A translucent ring just inside the square, around a piece.
fn ring(size: usize, colours: &Colours) -> Sprite {
    let s = size as f32;
    let half_width = (s * 0.03).max(1.2);
    let mut k = Coverage::new(size, size, OFF);
    k.circle((s / 2.0, s / 2.0), s * 0.455 + half_width, ON);
    k.circle((s / 2.0, s / 2.0), s * 0.455 - half_width, OFF);
    let (rgb, opacity) = (colours.highlight, colours.highlight_alpha);
    Sprite::tinted(&k.finish(), rgb, opacity, &colours.palette)
}

/// The rounded marker behind the header slot of the seat to move.
fn pill(layout: &Layout, players: u32, colours: &Colours) -> Sprite {
    let w = (layout.width / players - 2 * PILL_INSET) as usize;
    let h = (layout.header - 2 * PILL_INSET) as usize;
    let (wf, hf) = (w as f32, h as f32);
    let r = hf / 2.0;
    let mut k = Coverage::new(w, h, OFF);
    k.rect((r, 0.5), (wf - r, hf - 0.5), ON);
    k.circle((r, r), r - 0.5, ON);
    k.circle((wf - r, r), r - 0.5, ON);
    Sprite::tinted(&k.finish(), colours.pill.rgb, 255, &colours.palette)
}

/// Inset of a team's frame from its half of the header: inside it, the
/// turn marker keeps [`PILL_INSET`].
pub(crate) const TEAM_INSET: u32 = 2;

/// A rounded outline around half the header: two partners' slots.
fn team_frame(layout: &Layout, colours: &Colours) -> Sprite {
    let w = (layout.width / 2 - 2 * TEAM_INSET) as usize;
    let h = (layout.header - 2 * TEAM_INSET) as usize;
    let (wf, hf) = (w as f32, h as f32);
    let rounded = |k: &mut Coverage, inset: f32, on| {
        let r = hf / 2.0 - inset;
        k.rect((hf / 2.0, inset), (wf - hf / 2.0, hf - inset), on);
        k.circle((hf / 2.0, hf / 2.0), r, on);
        k.circle((wf - hf / 2.0, hf / 2.0), r, on);
    };
    let mut k = Coverage::new(w, h, OFF);
    rounded(&mut k, 0.5, ON);
    rounded(&mut k, 2.5, OFF);
    Sprite::tinted(&k.finish(), colours.line.rgb, 255, &colours.palette)
}
