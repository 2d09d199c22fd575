//! Composing one picture: the pre-drawn board, then the last move, pieces,
//! highlights and header for this request.

use crate::art::{Art, BADGE, PILL_INSET, TEAM_INSET};
use crate::board::shade;
use crate::raster::Canvas;
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
    /// Seats out of the game, shown struck through in the header.
    pub removed: &'a [Seat],
}

/// Header text size in pixels.
const NAME_PX: f32 = 20.0;

/// Draws `scene` into `canvas`, which must have the art's size.
pub(crate) fn compose(art: &Art, scene: &Scene<'_>, canvas: &mut Canvas) {
    canvas.data.copy_from_slice(&art.base.data);
    draw(art, scene, canvas);
}

/// The picture of `scene` on a fresh canvas.
pub(crate) fn picture(art: &Art, scene: &Scene<'_>) -> Canvas {
    let mut canvas = art.base.clone();
    draw(art, scene, &mut canvas);
    canvas
}

/// Draws `scene` over a copy of the empty board.
fn draw(art: &Art, scene: &Scene<'_>, canvas: &mut Canvas) {
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
            art.mark_square(canvas, from, 1);
            art.mark_square(canvas, to, 2);
            draw_path(canvas, art, &chain, pos.piece_at(to).map(|s| s.index()));
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

/// The last move as a path under the pieces: a line along every step or
/// hop and a dot on every landing square, in the mover's colour (`None`:
/// the outline's) with an outline so that it shows on any square, then a
/// ring on the start square.
fn draw_path(canvas: &mut Canvas, art: &Art, chain: &[Square], seat: Option<usize>) {
    let path = &art.path;
    let colours = art.colours;
    let paint = seat.map_or(colours.outline, |s| colours.seats[s]);
    let (edge, palette) = (colours.outline, &colours.palette);
    let centre = |sq: Square| {
        let (x, y) = art.layout.centre(sq);
        (x as i32, y as i32)
    };
    for pair in chain.windows(2) {
        let ((ax, ay), (bx, by)) = (centre(pair[0]), centre(pair[1]));
        let df = i32::from(pair[1].file()) - i32::from(pair[0].file());
        let dr = i32::from(pair[1].rank()) - i32::from(pair[0].rank());
        let (x, y) = (ax.min(bx) - path.pad, ay.min(by) - path.pad);
        match path.line_for(df, dr) {
            Some(mask) => canvas.stroke(mask, x, y, paint, edge, palette),
            None => canvas.stroke(&path.line(bx - ax, by - ay), x, y, paint, edge, palette),
        }
    }
    for &sq in &chain[1..] {
        let (x, y) = centre(sq);
        canvas.stroke(&path.dot, x - path.pad, y - path.pad, paint, edge, palette);
    }
    let start = chain[0];
    let ring = path.ring(seat, shade(start.file(), start.rank()));
    let (x, y) = centre(start);
    let r = ring.width as i32 / 2;
    canvas.stamp(ring, x - r, y - r, palette);
}

/// One slot per seat, in one row or (six players) two: a badge, the name,
/// and a pill behind the seat whose turn it is. Partners' slots sit side by
/// side in one frame; a removed player's name is dimmed and struck through.
fn draw_header(canvas: &mut Canvas, art: &Art, scene: &Scene<'_>) {
    let layout = &art.layout;
    let colours = art.colours;
    let variant = scene.position.variant();
    let slots = layout.slots_per_row(variant.players() as u32);
    let slot = layout.width / slots;
    let row_px = layout.header_row();
    if variant.partner(Seat::A).is_some() {
        // Seats a+b and c+d are partners, so each team is a half.
        for half in 0..2 {
            let x = half * layout.width / 2 + TEAM_INSET;
            let frame = &art.team_frame;
            canvas.stamp(frame, x as i32, TEAM_INSET as i32, &colours.palette);
        }
    }
    for seat in variant.seats() {
        let (col, row) = (seat.index() as u32 % slots, seat.index() as u32 / slots);
        let (x0, y0) = (col * slot, row * row_px);
        let mid = y0 as f32 + row_px as f32 / 2.0;
        let marked = scene.turn == Some(seat);
        let out = scene.removed.contains(&seat);
        if marked {
            let pill = &art.pills[slots as usize - 2];
            canvas.stamp(
                pill,
                (x0 + PILL_INSET) as i32,
                (y0 + PILL_INSET) as i32,
                &colours.palette,
            );
        }
        let badge_x = x0 + PILL_INSET + 6;
        let badge_y = y0 + (row_px - BADGE as u32) / 2;
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
        let paint = match (marked, out) {
            (true, _) => colours.pill_text,
            (false, true) => colours.coordinates,
            (false, false) => colours.text,
        };
        let baseline = (mid + line.cap_height() / 2.0).round();
        line.draw(canvas, text_x as f32, baseline, paint, &colours.palette);
        if out {
            // A line through the middle of the capitals, a little wider
            // than the name.
            let y = (baseline - line.cap_height() * 0.45).round() as i32;
            let (x0, x1) = (
                text_x as i32 - 3,
                (text_x as f32 + line.width).ceil() as i32 + 3,
            );
            canvas.fill_rect(x0, y - 1, x1, y + 1, paint.index);
        }
    }
}
