//! The empty star board drawn once per theme and variant: a six-pointed
//! star with rounded tips, the points players start from tinted in their
//! colours, and 121 round holes each with its name written faintly in it.
//!
//! The star is the union of two large triangles of holes (see the rule
//! book), each widened by half a hole on every side. Its edges are found
//! from their exact distance to every pixel. Unlike a square board's, they
//! change from one row of pixels to the next, so they are drawn to cost the
//! compressor little: no outline, one in-between shade.

use crate::colour::{mix, Paint, Palette, Rgb};
use crate::layout::Layout;
use crate::raster::{Canvas, Sprite};
use crate::sketch::{Coverage, OFF, ON};
use crate::text::Line;
use crate::theme::Colours;
use halma::{Square, Variant};

/// A point in pixels.
type Px = (f32, f32);

/// The grounds pieces stand on, in this order: the body, the last move's
/// start and end marks, then each seat's tinted home point.
pub(crate) const TINTS_FROM: u8 = 3;

/// The opacity of a pixel half covered, as the palette's single-shade
/// ramps hold it.
const HALF: u8 = 127;
/// A hole's radius, as a share of the distance between holes.
const HOLE_RADIUS: f32 = 0.3;
/// Size of the names written in the holes.
const NAME_PX: f32 = 12.0;
/// The width of a middling file letter at that size, for centring names.
const LETTER_WIDTH: f32 = 7.5;

/// The tips of the two large triangles, as cells (0-based file, rank):
/// S, NE, NW for the one pointing down, N, SW, SE for the one pointing up.
const TRIANGLES: [[(u8, u8); 3]; 2] = [[(12, 0), (12, 12), (0, 12)], [(4, 16), (4, 4), (16, 4)]];

/// The cells of each point's tip, in [`Point::ALL`] order, and the first
/// cube coordinate (x, y or z) that grows towards it with its sign: a
/// point's holes lie beyond 4.5 along it.
const POINT_AXES: [(usize, f32); 6] = [
    (1, -1.0),
    (2, 1.0),
    (0, -1.0),
    (1, 1.0),
    (2, -1.0),
    (0, 1.0),
];

/// The ground of each square of a star variant's grid (rank by rank, 17 to
/// a rank): [`TINTS_FROM`] plus the seat for a hole in a seat's home point,
/// 0 for any other (and for cells that are no holes).
pub(crate) fn ground_map(variant: Variant) -> Vec<u8> {
    let layout = Layout::of(variant);
    let side = usize::from(layout.side);
    let mut map = vec![0; side * side];
    for seat in variant.seats() {
        for sq in variant.home_camp(seat).squares() {
            map[layout.cell(sq)] = TINTS_FROM + seat.index() as u8;
        }
    }
    map
}

/// The paints pieces stand on, by ground number (see [`TINTS_FROM`]).
pub(crate) fn grounds(variant: Variant, colours: &Colours) -> Vec<Paint> {
    let squares = &colours.squares;
    let mut grounds = vec![squares[0][0], squares[1][0], squares[2][0]];
    if let Some(star) = &colours.star {
        grounds.extend(variant.seats().map(|s| star.tints[s.index()]));
    }
    grounds
}

/// The mark of the last move's start or end: a disc filling the hole's
/// share of the star in `paint`, laid over whatever is there.
pub(crate) fn mark(layout: &Layout, paint: Paint, colours: &Colours) -> Sprite {
    let size = layout.square as usize;
    let s = size as f32;
    let mut k = Coverage::new(size, size, OFF);
    k.circle((s / 2.0, s / 2.0), s / 2.0 - 0.5, ON);
    Sprite::tinted(&k.finish(), paint.rgb, 255, &colours.palette)
}

/// The empty star of `variant`: background, the star with its tinted
/// points, the holes and their names.
pub(crate) fn draw(layout: &Layout, colours: &Colours, variant: Variant) -> Canvas {
    let star = colours
        .star
        .as_ref()
        .expect("the star is drawn in the star's colours");
    let centre = |(f, r): (u8, u8)| {
        let (x, y) = layout.cell_centre(f, r);
        (x as f32, y as f32)
    };
    let triangles = TRIANGLES.map(|t| t.map(centre));
    // Half a hole beyond the outer holes' centres, so that pieces there
    // sit wholly on the star.
    let widen = layout.square as f32 / 2.0;
    let (mx, my) = layout.star_middle();
    let (mx, my) = (mx as f32, my as f32);
    let (s, row) = (layout.square as f32, layout.row as f32);
    let tints: Vec<(usize, Rgb)> = variant
        .seats()
        .filter_map(|seat| {
            let point = variant.home_point(seat)?;
            Some((point.index(), star.tints[seat.index()].rgb))
        })
        .collect();
    let (background, body) = (colours.background.rgb, colours.squares[0][0].rgb);
    let image = image::RgbImage::from_fn(layout.width, layout.height, |x, y| {
        let p = (x as f32 + 0.5, y as f32 + 0.5);
        let edge = triangles
            .iter()
            .map(|t| triangle_distance(p, t))
            .fold(f32::INFINITY, f32::min)
            - widen;
        if edge > 0.5 {
            return image::Rgb(background);
        }
        // The cube coordinates of the pixel, in holes from i9.
        let cy = (my - p.1) / row;
        let cx = (p.0 - mx) / s - cy / 2.0;
        let cube = [cx, cy, -cx - cy];
        // The point the pixel lies towards, and how far past the line
        // halfway between that point's last row and the hexagon's first:
        // rows are `row` apart along every axis.
        let (point, beyond) = POINT_AXES
            .iter()
            .map(|&(axis, sign)| sign * cube[axis] - 4.5)
            .enumerate()
            .fold((0, f32::NEG_INFINITY), |best, (p, b)| {
                if b > best.1 {
                    (p, b)
                } else {
                    best
                }
            });
        let ground = match tints.iter().find(|&&(p, _)| p == point) {
            Some(&(_, tint)) => mix(body, tint, cover(-beyond * row)),
            None => body,
        };
        image::Rgb(mix(background, ground, cover(edge)))
    });
    let mut image = image;
    let radius = s * HOLE_RADIUS;
    for sq in variant.board().squares() {
        let (x, y) = layout.centre(sq);
        disc(&mut image, (x as f32, y as f32), radius, star.hole.rgb);
    }
    let mut canvas = Canvas::from_image(&image, &colours.palette);
    for sq in variant.board().squares() {
        write_name(&mut canvas, layout, sq, star.hole_name, &colours.palette);
    }
    canvas
}

/// Writes `sq`'s name in its hole: the file letter, then the rank number.
///
/// The number starts at the same place in every hole of a rank, a whole
/// pixel from the hole's centre, so that the rank's holes share its pixels
/// and the compressor finds them again along the row; the name as a whole
/// is centred for a letter of middling width.
fn write_name(canvas: &mut Canvas, layout: &Layout, sq: Square, paint: Paint, palette: &Palette) {
    let (x, y) = layout.centre(sq);
    let letter = Line::new(&char::from(b'a' + sq.file()).to_string(), NAME_PX, f32::MAX);
    let number = Line::new(&(sq.rank() + 1).to_string(), NAME_PX, f32::MAX);
    let split = x as f32 + ((LETTER_WIDTH - number.width) / 2.0).round();
    let baseline = (y as f32 + number.cap_height() / 2.0).round();
    letter.draw(
        canvas,
        split - letter.width.round(),
        baseline,
        paint,
        palette,
    );
    number.draw(canvas, split, baseline, paint, palette);
}

/// How much of a pixel a shape covers whose edge is `distance` pixels away
/// from the pixel's centre (negative inside): all, none, or half for a
/// pixel the edge runs through. A single in-between shade smooths the long
/// edges well enough, and every other shade would be one more byte value
/// for the compressor in every row the edge crosses.
fn cover(distance: f32) -> u8 {
    if distance < -0.25 {
        255
    } else if distance < 0.25 {
        HALF
    } else {
        0
    }
}

/// Lays an anti-aliased disc of `rgb` on `image`.
fn disc(image: &mut image::RgbImage, (cx, cy): Px, r: f32, rgb: Rgb) {
    let (x0, x1) = ((cx - r - 1.0) as u32, (cx + r + 1.0).ceil() as u32);
    let (y0, y1) = ((cy - r - 1.0) as u32, (cy + r + 1.0).ceil() as u32);
    for y in y0..y1.min(image.height()) {
        for x in x0..x1.min(image.width()) {
            let (dx, dy) = (x as f32 + 0.5 - cx, y as f32 + 0.5 - cy);
            let a = cover((dx * dx + dy * dy).sqrt() - r);
            let p = image.get_pixel_mut(x, y);
            p.0 = mix(p.0, rgb, a);
        }
    }
}

/// The distance from `p` to the triangle `t`: 0 inside.
fn triangle_distance(p: Px, t: &[Px; 3]) -> f32 {
    let side = |a: Px, b: Px| (b.0 - a.0) * (p.1 - a.1) - (b.1 - a.1) * (p.0 - a.0);
    let signs = [side(t[0], t[1]), side(t[1], t[2]), side(t[2], t[0])];
    if signs.iter().all(|&d| d >= 0.0) || signs.iter().all(|&d| d <= 0.0) {
        return 0.0;
    }
    (0..3)
        .map(|i| segment_distance(p, t[i], t[(i + 1) % 3]))
        .fold(f32::INFINITY, f32::min)
}

/// The distance from `p` to the segment from `a` to `b`.
fn segment_distance(p: Px, a: Px, b: Px) -> f32 {
    let (dx, dy) = (b.0 - a.0, b.1 - a.1);
    let along = ((p.0 - a.0) * dx + (p.1 - a.1) * dy) / (dx * dx + dy * dy);
    let t = along.clamp(0.0, 1.0);
    let (qx, qy) = (a.0 + t * dx - p.0, a.1 + t * dy - p.1);
    (qx * qx + qy * qy).sqrt()
}

#[cfg(test)]
mod tests {
    use super::*;
    use halma::Point;

    #[test]
    fn the_triangles_tips_are_the_points_tips() {
        let tip = |p: Point| {
            let sq: Square = match p {
                Point::S => "m1",
                Point::SW => "e5",
                Point::NW => "a13",
                Point::N => "e17",
                Point::NE => "m13",
                Point::SE => "q5",
            }
            .parse()
            .expect("a square");
            (sq.file(), sq.rank())
        };
        let down = [Point::S, Point::NE, Point::NW].map(tip);
        let up = [Point::N, Point::SW, Point::SE].map(tip);
        assert_eq!(TRIANGLES, [down, up]);
    }

    #[test]
    fn every_point_lies_beyond_its_axis() {
        for variant in [Variant::Star6] {
            for seat in variant.seats() {
                let point = variant.home_point(seat).expect("a point");
                let (axis, sign) = POINT_AXES[point.index()];
                for sq in variant.home_camp(seat).squares() {
                    let (x, y) = (i32::from(sq.file()) - 8, i32::from(sq.rank()) - 8);
                    let cube = [x, y, -x - y];
                    assert!(sign * cube[axis] as f32 > 4.5, "{sq} in {point:?}");
                }
            }
        }
    }
}
