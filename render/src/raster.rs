//! Indexed pixel buffers, sprites drawn once and stamped many times, and
//! the anti-aliased shapes they are made of.

use crate::colour::{alpha, Paint, Palette, Rgb};

/// An image as palette indices, row by row. Each row starts with one
/// zero byte, PNG's "no filter" mark, so that the buffer is exactly what PNG
/// compresses and needs no copying.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Canvas {
    pub width: usize,
    pub height: usize,
    /// `height` rows of a zero byte and `width` pixels.
    pub data: Vec<u8>,
}

impl Canvas {
    /// A canvas filled with one palette entry.
    pub fn new(width: u32, height: u32, fill: u8) -> Canvas {
        let (width, height) = (width as usize, height as usize);
        let mut data = vec![fill; (width + 1) * height];
        for y in 0..height {
            data[y * (width + 1)] = 0;
        }
        Canvas {
            width,
            height,
            data,
        }
    }

    /// Bytes from one row's start to the next.
    pub fn stride(&self) -> usize {
        self.width + 1
    }

    /// Where the pixel (x, y) is in `data`.
    pub fn at(&self, x: usize, y: usize) -> usize {
        y * (self.width + 1) + 1 + x
    }

    /// The pixels of row `y`.
    pub fn row(&self, y: usize) -> &[u8] {
        &self.data[self.at(0, y)..self.at(self.width, y)]
    }

    /// Fills the rectangle from (x0, y0) up to but not including (x1, y1),
    /// clipped to the canvas.
    pub fn fill_rect(&mut self, x0: i32, y0: i32, x1: i32, y1: i32, index: u8) {
        let (x0, x1) = (clamp(x0, self.width), clamp(x1, self.width));
        let (y0, y1) = (clamp(y0, self.height), clamp(y1, self.height));
        if x0 >= x1 {
            return;
        }
        for y in y0..y1 {
            let row = self.at(0, y);
            self.data[row + x0..row + x1].fill(index);
        }
    }

    /// Lays `paint` with opacity `alpha` on the pixel at (x, y), if inside.
    pub fn blend(&mut self, x: i32, y: i32, paint: Paint, alpha: u8, palette: &Palette) {
        if x < 0 || y < 0 || x as usize >= self.width || y as usize >= self.height {
            return;
        }
        let i = self.at(x as usize, y as usize);
        self.data[i] = palette.over(self.data[i], paint, alpha);
    }

    /// Draws `sprite` with its top-left corner at (x, y).
    pub fn stamp(&mut self, sprite: &Sprite, x: i32, y: i32, palette: &Palette) {
        for sy in 0..sprite.height {
            let cy = y + sy as i32;
            if cy < 0 || cy as usize >= self.height {
                continue;
            }
            let row = &sprite.pixels[sy * sprite.width..(sy + 1) * sprite.width];
            for (sx, px) in row.iter().enumerate() {
                let cx = x + sx as i32;
                if px.alpha == 0 || cx < 0 || cx as usize >= self.width {
                    continue;
                }
                let i = self.at(cx as usize, cy as usize);
                self.data[i] = if px.alpha == 255 {
                    px.index
                } else {
                    let paint = Paint {
                        rgb: px.rgb,
                        index: px.index,
                    };
                    palette.over(self.data[i], paint, px.alpha)
                };
            }
        }
    }
}

fn clamp(v: i32, max: usize) -> usize {
    v.clamp(0, max as i32) as usize
}

/// One pixel of a sprite: the palette entry when opaque, the colour to
/// blend with what lies beneath otherwise.
#[derive(Clone, Copy, Debug, Default)]
pub(crate) struct SpritePixel {
    pub index: u8,
    pub alpha: u8,
    pub rgb: Rgb,
}

/// A small picture drawn once (a piece, a marker) and stamped per request.
#[derive(Clone, Debug)]
pub(crate) struct Sprite {
    pub width: usize,
    pub height: usize,
    pub pixels: Vec<SpritePixel>,
}

impl Sprite {
    /// Paints a sprite pixel by pixel: `paint(x, y)` gets the pixel's centre
    /// and returns its colour and opacity (0.0–1.0).
    pub fn paint(
        width: usize,
        height: usize,
        palette: &Palette,
        mut paint: impl FnMut(f32, f32) -> (Rgb, f32),
    ) -> Sprite {
        let mut pixels = Vec::with_capacity(width * height);
        for y in 0..height {
            for x in 0..width {
                let (rgb, coverage) = paint(x as f32 + 0.5, y as f32 + 0.5);
                let a = alpha(coverage);
                let index = if a == 255 { palette.quantize(rgb) } else { 0 };
                pixels.push(SpritePixel {
                    index,
                    alpha: a,
                    rgb,
                });
            }
        }
        Sprite {
            width,
            height,
            pixels,
        }
    }
}

/// How much of a pixel whose centre is `d` from a shape's middle is covered
/// by a disc of radius `r` (a one-pixel ramp gives smooth edges).
pub(crate) fn disc(r: f32, d: f32) -> f32 {
    (r + 0.5 - d).clamp(0.0, 1.0)
}

/// Distance from (px, py) to the segment from `a` to `b`.
pub(crate) fn segment_distance(px: f32, py: f32, a: (f32, f32), b: (f32, f32)) -> f32 {
    let (dx, dy) = (b.0 - a.0, b.1 - a.1);
    let len2 = dx * dx + dy * dy;
    let t = if len2 > 0.0 {
        (((px - a.0) * dx + (py - a.1) * dy) / len2).clamp(0.0, 1.0)
    } else {
        0.0
    };
    let (cx, cy) = (a.0 + t * dx, a.1 + t * dy);
    ((px - cx).powi(2) + (py - cy).powi(2)).sqrt()
}

/// Mixes `over` on `under` by `coverage` (0.0–1.0), in floating point for
/// sprites that stack several layers before quantizing.
pub(crate) fn layer(under: Rgb, over: Rgb, coverage: f32) -> Rgb {
    let c = coverage.clamp(0.0, 1.0);
    let ch = |k: usize| (f32::from(under[k]) * (1.0 - c) + f32::from(over[k]) * c + 0.5) as u8;
    [ch(0), ch(1), ch(2)]
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn disc_edges_are_smooth() {
        assert_eq!(disc(10.0, 0.0), 1.0);
        assert_eq!(disc(10.0, 12.0), 0.0);
        assert!((disc(10.0, 10.0) - 0.5).abs() < 1e-6);
    }

    #[test]
    fn segment_distance_measures_to_the_nearest_point() {
        let d = segment_distance(5.0, 3.0, (0.0, 0.0), (10.0, 0.0));
        assert!((d - 3.0).abs() < 1e-6);
        let d = segment_distance(13.0, 4.0, (0.0, 0.0), (10.0, 0.0));
        assert!((d - 5.0).abs() < 1e-6);
    }
}
