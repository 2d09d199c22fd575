//! Shapes drawn once with imageproc: 4× too large, then scaled down, which
//! gives their edges anti-aliasing. Coordinates are in final pixels.

use image::{imageops, ImageBuffer, Luma, Pixel, Rgba};
use imageproc::drawing::{draw_filled_circle_mut, draw_filled_rect_mut, draw_polygon_mut};
use imageproc::point::Point;
use imageproc::rect::Rect;

/// How many times larger than shown shapes are drawn.
const SCALE: f32 = 4.0;

/// A picture being drawn at 4×: in colour (`Rgba<u8>`) or as coverage
/// (`Luma<u8>`).
pub(crate) struct Sketch<P: Pixel<Subpixel = u8> + 'static> {
    image: ImageBuffer<P, Vec<u8>>,
}

/// A coverage sketch, 0 (none) to 255 (full).
pub(crate) type Coverage = Sketch<Luma<u8>>;

/// Full coverage, and none.
pub(crate) const ON: Luma<u8> = Luma([255]);
pub(crate) const OFF: Luma<u8> = Luma([0]);

/// An opaque colour.
pub(crate) fn opaque(rgb: [u8; 3]) -> Rgba<u8> {
    Rgba([rgb[0], rgb[1], rgb[2], 255])
}

/// A colour with no opacity: the background of a sprite whose edges are
/// `rgb`, so that scaling down blends only opacity there.
pub(crate) fn clear(rgb: [u8; 3]) -> Rgba<u8> {
    Rgba([rgb[0], rgb[1], rgb[2], 0])
}

fn up(v: f32) -> i32 {
    (v * SCALE).round() as i32
}

impl<P: Pixel<Subpixel = u8> + 'static> Sketch<P> {
    /// A `width`×`height` picture filled with `fill`.
    pub fn new(width: usize, height: usize, fill: P) -> Sketch<P> {
        let (w, h) = (width as u32 * SCALE as u32, height as u32 * SCALE as u32);
        Sketch {
            image: ImageBuffer::from_pixel(w, h, fill),
        }
    }

    /// A disc of radius `r` centred on (cx, cy).
    pub fn circle(&mut self, (cx, cy): (f32, f32), r: f32, colour: P) {
        // imageproc centres a circle on a pixel; four around the point keep
        // the shape symmetric about it, so that a piece's halves mirror
        // each other as the compressor likes.
        let (x, y) = (up(cx), up(cy));
        let r = (r * SCALE - 0.5).round() as i32;
        for (dx, dy) in [(-1, -1), (0, -1), (-1, 0), (0, 0)] {
            draw_filled_circle_mut(&mut self.image, (x + dx, y + dy), r, colour);
        }
    }

    /// The rectangle from (x0, y0) to (x1, y1).
    pub fn rect(&mut self, (x0, y0): (f32, f32), (x1, y1): (f32, f32), colour: P) {
        let (w, h) = (up(x1) - up(x0), up(y1) - up(y0));
        if w > 0 && h > 0 {
            let rect = Rect::at(up(x0), up(y0)).of_size(w as u32, h as u32);
            draw_filled_rect_mut(&mut self.image, rect, colour);
        }
    }

    /// A line from `a` to `b`, `half_width` wide on each side, with round
    /// ends.
    pub fn segment(&mut self, a: (f32, f32), b: (f32, f32), half_width: f32, colour: P) {
        let (dx, dy) = (b.0 - a.0, b.1 - a.1);
        let len = (dx * dx + dy * dy).sqrt();
        if len > 0.0 {
            // The side of the line: its direction turned a quarter.
            let (nx, ny) = (-dy / len * half_width, dx / len * half_width);
            let corner = |p: (f32, f32), s: f32| Point::new(up(p.0 + s * nx), up(p.1 + s * ny));
            let poly = [
                corner(a, 1.0),
                corner(b, 1.0),
                corner(b, -1.0),
                corner(a, -1.0),
            ];
            draw_polygon_mut(&mut self.image, &poly, colour);
        }
        self.circle(a, half_width, colour);
        self.circle(b, half_width, colour);
    }

    /// The picture at its final size: each pixel the average of the 4×4
    /// drawn for it.
    pub fn finish(self) -> ImageBuffer<P, Vec<u8>> {
        let s = SCALE as u32;
        let (w, h) = self.image.dimensions();
        imageops::thumbnail(&self.image, w / s, h / s)
    }
}
