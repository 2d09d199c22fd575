//! Indexed pixel buffers, sprites drawn once and stamped many times, and
//! the anti-aliased shapes they are made of.

use crate::colour::{alpha, mix, Paint, Palette, Rgb};

/// An image as palette indices, row by row.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Canvas {
    pub width: usize,
    pub height: usize,
    /// `height` rows of `width` pixels.
    pub data: Vec<u8>,
}

impl Canvas {
    /// A canvas filled with one palette entry.
    pub fn new(width: u32, height: u32, fill: u8) -> Canvas {
        let (width, height) = (width as usize, height as usize);
        Canvas {
            width,
            height,
            data: vec![fill; width * height],
        }
    }

    /// Where the pixel (x, y) is in `data`.
    pub fn at(&self, x: usize, y: usize) -> usize {
        y * self.width + x
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

    /// The rows of a picture with these row spans placed at (x, y), clipped
    /// to the canvas: (row, first column, end column, where the first
    /// column lands in `data`).
    fn clip(&self, spans: &[(usize, usize)], x: i32, y: i32) -> Vec<(usize, usize, usize, usize)> {
        let (width, height) = (self.width as i32, self.height as i32);
        spans
            .iter()
            .enumerate()
            .filter_map(|(row, &(start, end))| {
                let cy = y + row as i32;
                if cy < 0 || cy >= height {
                    return None;
                }
                let start = start.max((-x).max(0) as usize);
                let end = end.min((width - x).max(0) as usize);
                let at = self.at((x + start as i32) as usize, cy as usize);
                (start < end).then_some((row, start, end, at))
            })
            .collect()
    }

    /// Draws `sprite` with its top-left corner at (x, y).
    pub fn stamp(&mut self, sprite: &Sprite, x: i32, y: i32, palette: &Palette) {
        for (sy, start, end, at) in self.clip(&sprite.spans, x, y) {
            let row = sy * sprite.width;
            if sprite.solid[sy] {
                self.data[at..at + end - start]
                    .copy_from_slice(&sprite.indices[row + start..row + end]);
                continue;
            }
            for (k, px) in sprite.pixels[row + start..row + end].iter().enumerate() {
                let i = at + k;
                self.data[i] = match px.alpha {
                    0 => continue,
                    255 => px.index,
                    a => {
                        let paint = Paint {
                            rgb: px.rgb,
                            index: px.index,
                        };
                        palette.over(self.data[i], paint, a)
                    }
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
    pixels: Vec<SpritePixel>,
    /// The palette index of every pixel, for copying opaque rows whole.
    indices: Vec<u8>,
    /// For each row, the columns from the first to past the last pixel that
    /// is not fully transparent.
    spans: Vec<(usize, usize)>,
    /// For each row, whether its whole span is opaque.
    solid: Vec<bool>,
}

impl Sprite {
    fn new(width: usize, pixels: Vec<SpritePixel>) -> Sprite {
        let mut spans = Vec::new();
        let mut solid = Vec::new();
        for row in pixels.chunks_exact(width) {
            let start = row.iter().position(|p| p.alpha > 0).unwrap_or(width);
            let end = row
                .iter()
                .rposition(|p| p.alpha > 0)
                .map_or(start, |e| e + 1);
            spans.push((start, end));
            solid.push(row[start..end].iter().all(|p| p.alpha == 255));
        }
        Sprite {
            width,
            indices: pixels.iter().map(|p| p.index).collect(),
            pixels,
            spans,
            solid,
        }
    }

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
        Sprite::new(width, pixels)
    }

    /// The sprite already laid on a `background` colour: every pixel it
    /// touches becomes opaque, so that stamping it only copies bytes.
    pub fn on(&self, background: Rgb, palette: &Palette) -> Sprite {
        let pixels = self
            .pixels
            .iter()
            .map(|p| match p.alpha {
                0 => *p,
                a => {
                    let rgb = mix(background, p.rgb, a);
                    SpritePixel {
                        index: palette.quantize(rgb),
                        alpha: 255,
                        rgb,
                    }
                }
            })
            .collect();
        Sprite::new(self.width, pixels)
    }
}

/// A stroke drawn once as two coverage layers, its outline and its colour,
/// to be laid on pictures in any colour.
#[derive(Clone, Debug)]
pub(crate) struct Mask {
    pub width: usize,
    /// For every pixel: how much the outline covers it, then the colour.
    cover: Vec<(u8, u8)>,
    /// For each row, the columns from the first to past the last covered
    /// pixel.
    spans: Vec<(usize, usize)>,
}

impl Mask {
    /// The mask of a `width`×`height` box: pixels within `half_width` of a
    /// skeleton get the colour, within `half_width + casing` the outline.
    /// `distance(x, y)` measures from a pixel centre to the skeleton.
    pub fn new(
        width: usize,
        height: usize,
        half_width: f32,
        casing: f32,
        distance: impl Fn(f32, f32) -> f32,
    ) -> Mask {
        let mut cover = Vec::with_capacity(width * height);
        let mut spans = Vec::with_capacity(height);
        for y in 0..height {
            let row = cover.len();
            for x in 0..width {
                let d = distance(x as f32 + 0.5, y as f32 + 0.5);
                cover.push((
                    alpha(disc(half_width + casing, d)),
                    alpha(disc(half_width, d)),
                ));
            }
            let covered = &cover[row..];
            let start = covered.iter().position(|c| c.0 > 0).unwrap_or(width);
            let end = covered
                .iter()
                .rposition(|c| c.0 > 0)
                .map_or(start, |e| e + 1);
            spans.push((start, end));
        }
        Mask {
            width,
            cover,
            spans,
        }
    }
}

impl Canvas {
    /// Lays `mask` with its top-left corner at (x, y): its outline in
    /// `edge`, its middle in `paint`.
    pub fn stroke(
        &mut self,
        mask: &Mask,
        x: i32,
        y: i32,
        paint: Paint,
        edge: Paint,
        palette: &Palette,
    ) {
        for (my, start, end, at) in self.clip(&mask.spans, x, y) {
            let row = my * mask.width;
            for (k, &(outer, inner)) in mask.cover[row + start..row + end].iter().enumerate() {
                let px = &mut self.data[at + k];
                *px = match (outer, inner) {
                    (0, _) => continue,
                    (_, 255) => paint.index,
                    (255, 0) => edge.index,
                    _ => {
                        let under = mix(palette.rgb(*px), edge.rgb, outer);
                        palette.nearest(mix(under, paint.rgb, inner))
                    }
                };
            }
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
