//! Indexed pixel buffers, and sprites and masks turned once from pictures
//! drawn with imageproc into the form that is quickest to stamp many times.

use crate::colour::{mix, Paint, Palette, Rgb};
use image::{GrayImage, RgbImage, RgbaImage};

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

    /// `image` in the palette's nearest colours.
    pub fn from_image(image: &RgbImage, palette: &Palette) -> Canvas {
        Canvas {
            width: image.width() as usize,
            height: image.height() as usize,
            data: image.pixels().map(|p| palette.quantize(p.0)).collect(),
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

    /// The sprite of a picture with soft edges.
    pub fn from_image(image: &RgbaImage, palette: &Palette) -> Sprite {
        let pixels = image
            .pixels()
            .map(|p| {
                let [r, g, b, a] = p.0;
                let rgb = [r, g, b];
                let index = if a == 255 { palette.quantize(rgb) } else { 0 };
                SpritePixel {
                    index,
                    alpha: a,
                    rgb,
                }
            })
            .collect();
        Sprite::new(image.width() as usize, pixels)
    }

    /// A sprite in one colour, `opacity` (0–255) where `coverage` is full.
    pub fn tinted(coverage: &GrayImage, rgb: Rgb, opacity: u8, palette: &Palette) -> Sprite {
        let image = RgbaImage::from_fn(coverage.width(), coverage.height(), |x, y| {
            let c = u32::from(coverage.get_pixel(x, y).0[0]);
            let a = (c * u32::from(opacity) + 127) / 255;
            image::Rgba([rgb[0], rgb[1], rgb[2], a as u8])
        });
        Sprite::from_image(&image, palette)
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
    /// The mask of a stroke from its two layers' coverage, of one size:
    /// the outline (the wider) and the colour.
    pub fn new(outline: &GrayImage, colour: &GrayImage) -> Mask {
        let width = outline.width() as usize;
        let cover: Vec<(u8, u8)> = outline
            .pixels()
            .zip(colour.pixels())
            .map(|(o, c)| (o.0[0], c.0[0]))
            .collect();
        let spans = cover
            .chunks_exact(width)
            .map(|row| {
                let start = row.iter().position(|c| c.0 > 0).unwrap_or(width);
                let end = row.iter().rposition(|c| c.0 > 0).map_or(start, |e| e + 1);
                (start, end)
            })
            .collect();
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
