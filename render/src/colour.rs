//! Colours and the palette each theme draws in.
//!
//! Every image is indexed: one byte per pixel pointing into a palette of at
//! most 255 colours, which keeps PNG and GIF files small and fast to encode.
//! The palette holds the theme's colours plus, for each pair of colours whose
//! edges meet (a piece's outline on a square, text on the header), a ramp of
//! in-between shades for anti-aliasing. Blending an arbitrary colour goes
//! through a lookup table from 15-bit RGB to the nearest palette entry.

use std::collections::HashMap;

/// A colour as red, green, blue.
pub(crate) type Rgb = [u8; 3];

/// The colour written `0xRRGGBB`.
pub(crate) const fn hex(v: u32) -> Rgb {
    [(v >> 16) as u8, (v >> 8) as u8, v as u8]
}

/// `over` laid on `under` with opacity `alpha` (0 = none, 255 = opaque).
pub(crate) fn mix(under: Rgb, over: Rgb, alpha: u8) -> Rgb {
    let a = u32::from(alpha);
    let channel = |u: u8, o: u8| ((u32::from(u) * (255 - a) + u32::from(o) * a + 127) / 255) as u8;
    [
        channel(under[0], over[0]),
        channel(under[1], over[1]),
        channel(under[2], over[2]),
    ]
}

/// Opacity 0.0–1.0 as a byte.
pub(crate) fn alpha(coverage: f32) -> u8 {
    (coverage.clamp(0.0, 1.0) * 255.0 + 0.5) as u8
}

/// A colour of the palette, with its index so that opaque pixels need no
/// search.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Paint {
    /// The colour.
    pub rgb: Rgb,
    /// Its place in the palette.
    pub index: u8,
}

/// Shades between the two ends of a ramp, ends excluded, for text, whose
/// thin strokes need them all.
pub(crate) const FINE_SHADES: u32 = 7;

/// Shades for the edges of pieces and marks on the board: three read as
/// smooth at this size, and fewer distinct pixels keep busy boards small
/// (a crowded four-player board by about 1 KB in 40).
pub(crate) const COARSE_SHADES: u32 = 3;

/// Bits kept per channel by the nearest-colour table.
const LUT_BITS: u32 = 5;

/// The colours an image may use, with a fast nearest-colour lookup.
pub(crate) struct Palette {
    colours: Vec<Rgb>,
    exact: HashMap<Rgb, u8>,
    nearest: Vec<u8>,
}

impl Palette {
    /// The palette of `keys` (first, in order) and for each `(from, to,
    /// shades)` in `ramps` that many shades from one colour to the other. Panics if that makes more than 255 colours: the themes are
    /// fixed, so this is a programming error caught by any test.
    pub fn new(keys: &[Rgb], ramps: &[(Rgb, Rgb, u32)]) -> Palette {
        let mut colours = Vec::new();
        let mut exact = HashMap::new();
        let mut add = |c: Rgb| {
            exact.entry(c).or_insert_with(|| {
                colours.push(c);
                (colours.len() - 1) as u8
            });
        };
        for &key in keys {
            add(key);
        }
        for &(a, b, shades) in ramps {
            for shade in 1..=shades {
                add(mix(a, b, (shade * 255 / (shades + 1)) as u8));
            }
        }
        assert!(
            colours.len() <= 255,
            "palette has {} colours",
            colours.len()
        );
        let side = 1usize << LUT_BITS;
        let mut nearest = Vec::with_capacity(side * side * side);
        let centre = |i: usize| ((i << (8 - LUT_BITS)) + (1 << (7 - LUT_BITS))) as i32;
        for r in 0..side {
            for g in 0..side {
                for b in 0..side {
                    let want = [centre(r), centre(g), centre(b)];
                    nearest.push(closest(&colours, want));
                }
            }
        }
        Palette {
            colours,
            exact,
            nearest,
        }
    }

    /// The palette entry for a colour that must be in it.
    pub fn paint(&self, rgb: Rgb) -> Paint {
        let index = *self
            .exact
            .get(&rgb)
            .expect("theme colours are palette keys");
        Paint { rgb, index }
    }

    /// The entry closest to `rgb`: exact when it is a palette colour.
    pub fn quantize(&self, rgb: Rgb) -> u8 {
        match self.exact.get(&rgb) {
            Some(&i) => i,
            None => self.nearest(rgb),
        }
    }

    /// The entry closest to `rgb`, from the lookup table.
    pub fn nearest(&self, rgb: Rgb) -> u8 {
        let shift = 8 - LUT_BITS;
        let i = (usize::from(rgb[0] >> shift) << (2 * LUT_BITS))
            | (usize::from(rgb[1] >> shift) << LUT_BITS)
            | usize::from(rgb[2] >> shift);
        self.nearest[i]
    }

    /// The colour of entry `index`.
    pub fn rgb(&self, index: u8) -> Rgb {
        self.colours[usize::from(index)]
    }

    /// The entry for `over` laid with opacity `alpha` on entry `under`.
    pub fn over(&self, under: u8, over: Paint, alpha: u8) -> u8 {
        match alpha {
            0 => under,
            255 => over.index,
            a => self.nearest(mix(self.rgb(under), over.rgb, a)),
        }
    }

    /// The colours as `r, g, b, r, g, b, …`, padded with black to `len`
    /// entries.
    pub fn bytes(&self, len: usize) -> Vec<u8> {
        let mut out: Vec<u8> = self.colours.iter().flatten().copied().collect();
        out.resize(len.max(self.colours.len()) * 3, 0);
        out
    }

    /// How many colours there are.
    pub fn len(&self) -> usize {
        self.colours.len()
    }
}

/// The index of the colour in `colours` nearest to `want`, weighting the
/// channels roughly as the eye does.
fn closest(colours: &[Rgb], want: [i32; 3]) -> u8 {
    let mut best = (i32::MAX, 0u8);
    for (i, c) in colours.iter().enumerate() {
        let d = |k: usize| i32::from(c[k]) - want[k];
        let dist = 2 * d(0) * d(0) + 4 * d(1) * d(1) + 3 * d(2) * d(2);
        if dist < best.0 {
            best = (dist, i as u8);
        }
    }
    best.1
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn keys_keep_their_order_and_ramps_fill_in() {
        let black = hex(0x000000);
        let white = hex(0xffffff);
        let p = Palette::new(&[black, white], &[(black, white, FINE_SHADES)]);
        assert_eq!(p.len(), 2 + FINE_SHADES as usize);
        assert_eq!(p.paint(white).index, 1);
        let grey = mix(black, white, 128);
        assert!(p.rgb(p.nearest(grey))[0].abs_diff(128) < 20);
        assert_eq!(p.over(0, p.paint(white), 255), 1);
        assert_eq!(p.over(0, p.paint(white), 0), 0);
    }
}
