//! Composing one picture: the pre-drawn board, then the last move, pieces,
//! highlights and header for this request.

use crate::art::{Art, BADGE, PILL_INSET};
use crate::colour::{alpha, mix, Paint};
use crate::raster::{disc, segment_distance, Canvas};
use crate::text::Line;
use halma::{Position, Seat, Square};

/// What one picture shows.
pub(crate) struct Scene<'a> {
    pub position: &'a Position,
    /// The last move's chain (start, then each landing square).
    pub last_move: &'a [Square],
    pub highlights: &'a [Square],
    /// Names by seat; missing or blank ones become "Player A" and so on.
    pub names: &'a [String],
    /// The seat whose header slot is marked as having the turn.
    pub turn: Option<Seat>,
}

/// Header text size in pixels.
const NAME_PX: f32 = 20.0;

/// Draws `scene` into `canvas`, which must have the art's size.
pub(crate) fn compose(art: &Art, scene: &Scene<'_>, canvas: &mut Canvas) {
    canvas.data.copy_from_slice(&art.base.data);
    let pos = scene.position;
    let variant = pos.variant();
    let chain: Vec<Square> = scene
        .last_move
        .iter()
        .copied()
        .filter(|&sq| variant.contains(sq))
        .collect();
    // Squares the path crosses: their pieces are blended onto it.
    let mut under_path = Vec::new();
    let (mut start, mut end) = (None, None);
    if let (Some(&from), Some(&to)) = (chain.first(), chain.last()) {
        if chain.len() >= 2 {
            (start, end) = (Some(from), Some(to));
            under_path.extend(&chain);
            under_path.extend(chain.windows(2).filter_map(|w| {
                let (df, dr) = (
                    i16::from(w[1].file()) - i16::from(w[0].file()),
                    i16::from(w[1].rank()) - i16::from(w[0].rank()),
                );
                w[0].offset((df / 2) as i8, (dr / 2) as i8)
            }));
            art.fill_square(canvas, from, art.square_paint(from, 1));
            art.fill_square(canvas, to, art.square_paint(to, 2));
            let paint = match pos.piece_at(to) {
                Some(seat) => art.colours.seats[seat.index()],
                None => art.colours.outline,
            };
            draw_path(canvas, art, &chain, paint);
        }
    }
    let palette = &art.colours.palette;
    for seat in variant.seats() {
        for sq in pos.pieces(seat).squares() {
            let sprite = if under_path.contains(&sq) {
                &art.pieces[seat.index()]
            } else {
                let kind = if Some(sq) == end {
                    2
                } else {
                    usize::from(Some(sq) == start)
                };
                art.piece_on(seat.index(), sq, kind)
            };
            let (x, y) = art.layout.origin(sq);
            canvas.stamp(sprite, x as i32, y as i32, palette);
        }
    }
    for &sq in scene.highlights.iter().filter(|&&sq| variant.contains(sq)) {
        let marker = if pos.occupied().contains(sq) {
            &art.ring
        } else {
            &art.dot
        };
        let (x, y) = art.layout.origin(sq);
        canvas.stamp(marker, x as i32, y as i32, palette);
    }
    draw_header(canvas, art, scene);
}

/// A part of the drawn path, as a distance field: a pixel is covered where
/// its centre lies within some width of the shape's skeleton.
#[derive(Clone, Copy)]
enum Stroke {
    /// A straight line between two points.
    Line((f32, f32), (f32, f32)),
    /// A point (drawn as a dot).
    Dot((f32, f32)),
    /// A circle of this radius (drawn as a ring).
    Circle((f32, f32), f32),
}

impl Stroke {
    /// Distance from (x, y) to the skeleton.
    fn distance(self, x: f32, y: f32) -> f32 {
        match self {
            Stroke::Line(a, b) => segment_distance(x, y, a, b),
            Stroke::Dot(p) => ((x - p.0).powi(2) + (y - p.1).powi(2)).sqrt(),
            Stroke::Circle(p, r) => (((x - p.0).powi(2) + (y - p.1).powi(2)).sqrt() - r).abs(),
        }
    }

    /// The span of x where row `y` comes within `reach` of the skeleton
    /// (the shapes are convex, or treated as their convex hull).
    fn row_span(self, y: f32, reach: f32) -> Option<(f32, f32)> {
        let disc = |p: (f32, f32), r: f32| {
            let dy = (y - p.1).abs();
            (dy <= r).then(|| {
                let half = (r * r - dy * dy).sqrt();
                (p.0 - half, p.0 + half)
            })
        };
        match self {
            Stroke::Dot(p) => disc(p, reach),
            Stroke::Circle(p, r) => disc(p, r + reach),
            Stroke::Line(a, b) => {
                let (dx, dy) = (b.0 - a.0, b.1 - a.1);
                let mut span = None;
                let mut widen = |s: Option<(f32, f32)>| {
                    if let Some((lo, hi)) = s {
                        span = Some(match span {
                            None => (lo, hi),
                            Some((l, h)) => (lo.min(l), hi.max(h)),
                        });
                    }
                };
                widen(disc(a, reach));
                widen(disc(b, reach));
                if dy.abs() < 1e-3 {
                    if (y - a.1).abs() <= reach {
                        widen(Some((a.0.min(b.0), a.0.max(b.0))));
                    }
                } else if y >= a.1.min(b.1) && y <= a.1.max(b.1) {
                    let x = a.0 + (y - a.1) * dx / dy;
                    let half = reach * (dx * dx + dy * dy).sqrt() / dy.abs();
                    widen(Some((x - half, x + half)));
                }
                span
            }
        }
    }

    /// Top and bottom rows within `reach`.
    fn rows(self, reach: f32) -> (f32, f32) {
        match self {
            Stroke::Dot(p) => (p.1 - reach, p.1 + reach),
            Stroke::Circle(p, r) => (p.1 - r - reach, p.1 + r + reach),
            Stroke::Line(a, b) => (a.1.min(b.1) - reach, a.1.max(b.1) + reach),
        }
    }
}

/// The last move as a path under the pieces: a ring on the start square, a
/// line along every hop and a dot on every landing square, in the mover's
/// colour with an outline so that it shows on any square.
fn draw_path(canvas: &mut Canvas, art: &Art, chain: &[Square], paint: Paint) {
    let s = art.layout.square as f32;
    let line = (s * 0.06).max(2.0);
    let casing = (s * 0.035).max(1.5);
    let dot = s * 0.12;
    let ring = s * 0.28;
    let points: Vec<(f32, f32)> = chain.iter().map(|&sq| art.layout.centre(sq)).collect();
    let mut strokes: Vec<(Stroke, f32)> = Vec::new();
    for (i, pair) in points.windows(2).enumerate() {
        let (mut a, b) = (pair[0], pair[1]);
        if i == 0 {
            // Begin at the ring, not inside it.
            let (dx, dy) = (b.0 - a.0, b.1 - a.1);
            let len = (dx * dx + dy * dy).sqrt().max(1.0);
            a = (a.0 + dx / len * ring, a.1 + dy / len * ring);
        }
        strokes.push((Stroke::Line(a, b), line));
    }
    strokes.extend(points[1..].iter().map(|&p| (Stroke::Dot(p), dot)));
    strokes.push((Stroke::Circle(points[0], ring), line * 0.8));

    // Row by row: the coverage of the outline (casing) and of the colour,
    // combined over the strokes by maximum so that overlaps are drawn once,
    // then laid on the canvas.
    let reach = |w: f32| w + casing + 1.0;
    let top = strokes
        .iter()
        .map(|&(st, w)| st.rows(reach(w)).0)
        .fold(f32::MAX, f32::min)
        .max(0.0) as usize;
    let bottom = strokes
        .iter()
        .map(|&(st, w)| st.rows(reach(w)).1 as usize + 1)
        .max()
        .unwrap_or(0)
        .min(canvas.height);
    let width = canvas.width;
    let mut outer = vec![0u8; width];
    let mut inner = vec![0u8; width];
    let palette = &art.colours.palette;
    let edge = art.colours.outline;
    for y in top..bottom {
        let yc = y as f32 + 0.5;
        let (mut from, mut to) = (width, 0);
        for &(stroke, w) in &strokes {
            let (y0, y1) = stroke.rows(reach(w));
            if yc < y0 || yc > y1 {
                continue;
            }
            let Some((lo, hi)) = stroke.row_span(yc, reach(w)) else {
                continue;
            };
            let x0 = lo.max(0.0) as usize;
            let x1 = (hi.max(0.0) as usize + 1).min(width);
            for x in x0..x1 {
                let d = stroke.distance(x as f32 + 0.5, yc);
                let o = alpha(disc(w + casing, d));
                if o > outer[x] {
                    outer[x] = o;
                }
                let c = alpha(disc(w, d));
                if c > inner[x] {
                    inner[x] = c;
                }
            }
            (from, to) = (from.min(x0), to.max(x1));
        }
        let row = canvas.at(0, y);
        for x in from..to {
            let (o, c) = (outer[x], inner[x]);
            (outer[x], inner[x]) = (0, 0);
            if o == 0 {
                continue;
            }
            let px = &mut canvas.data[row + x];
            *px = match (o, c) {
                (_, 255) => paint.index,
                (255, 0) => edge.index,
                _ => {
                    let under = mix(palette.rgb(*px), edge.rgb, o);
                    palette.nearest(mix(under, paint.rgb, c))
                }
            };
        }
    }
}

/// One slot per seat: a badge, the name, and a pill behind the seat whose
/// turn it is.
fn draw_header(canvas: &mut Canvas, art: &Art, scene: &Scene<'_>) {
    let layout = &art.layout;
    let colours = art.colours;
    let players = scene.position.variant().players() as u32;
    let slot = layout.width / players;
    let mid = layout.header as f32 / 2.0;
    for seat in scene.position.variant().seats() {
        let x0 = seat.index() as u32 * slot;
        let marked = scene.turn == Some(seat);
        if marked {
            let pill = &art.pills[players as usize - 2];
            canvas.stamp(
                pill,
                (x0 + PILL_INSET) as i32,
                PILL_INSET as i32,
                &colours.palette,
            );
        }
        let badge_x = x0 + PILL_INSET + 6;
        let badge_y = (layout.header - BADGE as u32) / 2;
        canvas.stamp(
            &art.badges[seat.index()][usize::from(marked)],
            badge_x as i32,
            badge_y as i32,
            &colours.palette,
        );
        let name = match scene.names.get(seat.index()).map(|n| n.trim()) {
            Some(n) if !n.is_empty() => n.to_string(),
            _ => format!("Player {}", seat.letter().to_ascii_uppercase()),
        };
        let text_x = badge_x + BADGE as u32 + 10;
        let room = (x0 + slot).saturating_sub(text_x + PILL_INSET + 14) as f32;
        let line = Line::new(&name, NAME_PX, room);
        let paint = if marked {
            colours.pill_text
        } else {
            colours.text
        };
        let baseline = (mid + line.cap_height() / 2.0).round();
        line.draw(canvas, text_x as f32, baseline, paint, &colours.palette);
    }
}
