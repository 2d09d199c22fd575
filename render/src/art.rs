//! Everything drawn once per theme and board (size, or star variant): the
//! empty board, the pieces, the markers. Requests only copy these.

use crate::board::{self, shade, Rect};
use crate::colour::{alpha, mix, Paint, Rgb};
use crate::layout::Layout;
use crate::raster::{Canvas, Mask, Sprite};
use crate::sketch::{clear, opaque, Coverage, Sketch, OFF, ON};
use crate::star;
use crate::text::Line;
use crate::theme::{Colours, Theme};
use halma::{Square, Variant};
use std::sync::OnceLock;

/// Size of the seat badges in the header.
pub(crate) const BADGE: usize = 36;
/// Inset of the turn marker from its header slot.
pub(crate) const PILL_INSET: u32 = 6;

/// The pre-drawn pictures for one theme and board.
pub(crate) struct Art {
    pub layout: Layout,
    pub colours: &'static Colours,
    /// The empty board with header background, coordinates and camp lines.
    pub base: Canvas,
    /// The thick camp borders, to draw again over tinted squares.
    pub camp_lines: Vec<Rect>,
    /// The paints a piece may stand on (its ground), by number: on the
    /// square boards `kind * 2 + shade` (kind as in [`Art::piece_on`]); on the
    /// star as in [`star::TINTS_FROM`].
    grounds: Vec<Paint>,
    /// The ground of each plain square, rank by rank.
    ground_at: Vec<u8>,
    /// The ground of the last move's start and end: `[kind - 1][shade]`.
    marked: [[u8; 2]; 2],
    /// On the star, the marks of the last move's start and end holes.
    marks: Option<[Sprite; 2]>,
    /// A piece of each seat, one square in size, with soft edges to lay on
    /// anything (the last move's path).
    pub pieces: Vec<Sprite>,
    /// The same already laid on each ground: `[seat][ground]`.
    pieces_on: Vec<Vec<Sprite>>,
    /// A piece of each seat, header size: on the background, on the pill.
    pub badges: Vec<[Sprite; 2]>,
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
    /// `[seat, or one past the last for none][shade]`.
    rings: Vec<[Sprite; 2]>,
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
        let lines = (0..25)
            .map(|i| {
                let (df, dr) = (i / 5 - 2, i % 5 - 2);
                // Ranks go up, pixel rows down.
                let (dx, dy) = layout.step_px(df, dr);
                ((df, dr) != (0, 0)).then(|| line(pad, half_width, casing, dx, dy))
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
        let rings = (0..paints.len())
            .map(|seat| {
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
            })
            .collect();
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

    /// The ring on the start square for the mover `seat` (`None`: in the
    /// outline's colour) on a square of `shade`.
    pub fn ring(&self, seat: Option<usize>, shade: usize) -> &Sprite {
        let none = self.rings.len() - 1;
        &self.rings[seat.unwrap_or(none).min(none)][shade]
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
    /// The art for `theme` and the board of `variant`, drawn on first use:
    /// one per board size for the square boards, one per variant on the
    /// star (its points are tinted for the seats that play from them).
    pub fn get(theme: Theme, variant: Variant) -> &'static Art {
        static CELLS: [[OnceLock<Art>; 17]; 2] = [const { [const { OnceLock::new() }; 17] }; 2];
        static STARS: [[OnceLock<Art>; 4]; 2] = [const { [const { OnceLock::new() }; 4] }; 2];
        let t = match theme {
            Theme::Light => 0,
            Theme::Dark => 1,
        };
        if let Some(i) = Variant::STAR.iter().position(|&v| v == variant) {
            return STARS[t][i].get_or_init(|| Art::draw(theme, variant));
        }
        let side = variant.side().clamp(1, 16);
        CELLS[t][usize::from(side)].get_or_init(|| Art::draw(theme, variant))
    }

    fn draw(theme: Theme, variant: Variant) -> Art {
        let layout = Layout::of(variant);
        let palette;
        let (colours, camp_lines, base, grounds, ground_at, marked, marks);
        if variant.is_star() {
            colours = Colours::star(theme);
            palette = &colours.palette;
            camp_lines = Vec::new();
            base = star::draw(&layout, colours, variant);
            grounds = star::grounds(variant, colours);
            ground_at = star::ground_map(variant);
            marked = [[1, 1], [2, 2]];
            marks = Some([1, 2].map(|kind| star::mark(&layout, colours.squares[kind][0], colours)));
        } else {
            colours = Colours::of(theme);
            palette = &colours.palette;
            camp_lines = board::camp_lines(&layout);
            base = board::draw_board(&layout, colours, &camp_lines);
            grounds = colours.squares.iter().flatten().copied().collect();
            let side = layout.side;
            ground_at = (0..side)
                .flat_map(|rank| (0..side).map(move |file| shade(file, rank) as u8))
                .collect();
            marked = [[2, 3], [4, 5]];
            marks = None;
        }
        let sq = layout.square as usize;
        let seats = 0..colours.seats.len();
        let pieces: Vec<Sprite> = seats.clone().map(|s| piece(sq, s, colours)).collect();
        let pieces_on = pieces
            .iter()
            .map(|p| grounds.iter().map(|g| p.on(g.rgb, palette)).collect())
            .collect();
        let badges = seats
            .map(|s| {
                let badge = piece(BADGE, s, colours);
                [colours.background, colours.pill].map(|under| badge.on(under.rgb, palette))
            })
            .collect();
        Art {
            pieces,
            pieces_on,
            badges,
            dot: dot(sq, colours),
            ring: ring(sq, colours),
            path: PathArt::draw(&layout, colours),
            pills: [2, 3, 4]
                .map(|slots| pill(&layout, slots, colours).on(colours.background.rgb, palette)),
            team_frame: team_frame(&layout, colours).on(colours.background.rgb, palette),
            layout,
            colours,
            base,
            camp_lines,
            grounds,
            ground_at,
            marked,
            marks,
        }
    }

    /// The ground of `sq`: `kind` 0 plain, 1 last move's start, 2 its end.
    fn ground(&self, sq: Square, kind: usize) -> usize {
        match kind {
            0 => usize::from(self.ground_at[self.layout.cell(sq)]),
            k => usize::from(self.marked[k - 1][shade(sq.file(), sq.rank())]),
        }
    }

    /// The piece of `seat` ready to copy onto `sq` of the given kind.
    pub fn piece_on(&self, seat: usize, sq: Square, kind: usize) -> &Sprite {
        &self.pieces_on[seat][self.ground(sq, kind)]
    }

    /// Marks `sq` as the last move's start (`kind` 1) or end (2): fills the
    /// square, keeping camp lines on top, or lays a disc on the star's hole.
    pub fn mark_square(&self, canvas: &mut Canvas, sq: Square, kind: usize) {
        let (x, y) = self.layout.origin(sq);
        if let Some(marks) = &self.marks {
            canvas.stamp(&marks[kind - 1], x as i32, y as i32, &self.colours.palette);
            return;
        }
        let paint = self.grounds[self.ground(sq, kind)];
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

/// The rounded marker behind the header slot of the seat to move, in a
/// header row of `slots` slots.
fn pill(layout: &Layout, slots: u32, colours: &Colours) -> Sprite {
    let w = (layout.width / slots - 2 * PILL_INSET) as usize;
    let h = (layout.header_row() - 2 * PILL_INSET) as usize;
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
    let h = (layout.header_row() - 2 * TEAM_INSET) as usize;
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
