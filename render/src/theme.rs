//! The light and dark colour schemes, and their palettes built once.

use crate::colour::{hex, mix, Paint, Palette, Rgb, COARSE_SHADES, FINE_SHADES};
use std::fmt;
use std::str::FromStr;
use std::sync::OnceLock;

/// The colour scheme of an image.
///
/// ```
/// use halma_render::Theme;
/// assert_eq!("dark".parse::<Theme>(), Ok(Theme::Dark));
/// assert_eq!(Theme::default().to_string(), "light");
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Theme {
    /// Dark pieces' outlines on a pale board: for light chat backgrounds.
    #[default]
    Light,
    /// Light outlines on a slate board: for dark chat backgrounds.
    Dark,
}

impl Theme {
    /// Every theme.
    pub const ALL: [Theme; 2] = [Theme::Light, Theme::Dark];

    /// The theme's name, as accepted by `FromStr`.
    pub const fn name(self) -> &'static str {
        match self {
            Theme::Light => "light",
            Theme::Dark => "dark",
        }
    }
}

impl fmt::Display for Theme {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// The text named no theme.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct UnknownTheme(pub String);

impl fmt::Display for UnknownTheme {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "unknown theme '{}' (choose light or dark)", self.0)
    }
}

impl std::error::Error for UnknownTheme {}

impl FromStr for Theme {
    type Err = UnknownTheme;

    fn from_str(s: &str) -> Result<Theme, UnknownTheme> {
        let wanted = s.trim().to_ascii_lowercase();
        Theme::ALL
            .into_iter()
            .find(|t| t.name() == wanted)
            .ok_or_else(|| UnknownTheme(s.trim().to_string()))
    }
}

/// The Okabe–Ito colours for seats a–d: orange, blue, bluish green and
/// reddish purple stay apart for the common kinds of colour blindness, and
/// differ in lightness too.
pub(crate) const SEAT_COLOURS: [Rgb; 4] =
    [hex(0xE69F00), hex(0x0072B2), hex(0x009E73), hex(0xCC79A7)];

/// The letter on each seat's pieces: whichever of near-black and white
/// contrasts more with the fill.
const SEAT_LETTERS: [Rgb; 4] = [hex(0x1A1A1A), hex(0xFFFFFF), hex(0x1A1A1A), hex(0x1A1A1A)];

/// A theme's colours, before they become a palette.
struct Scheme {
    background: Rgb,
    text: Rgb,
    coordinates: Rgb,
    /// Light and dark squares: plain, the last move's start, its end.
    squares: [[Rgb; 2]; 3],
    line: Rgb,
    outline: Rgb,
    pill: Rgb,
    pill_text: Rgb,
    highlight: Rgb,
    highlight_alpha: u8,
}

const LIGHT: Scheme = Scheme {
    background: hex(0xF4F1EA),
    text: hex(0x26221D),
    coordinates: hex(0x5E564B),
    squares: [
        [hex(0xECE6DA), hex(0xBDB2A0)],
        [hex(0xEDE3A6), hex(0xC9BC78)],
        [hex(0xF7E46A), hex(0xDCC64A)],
    ],
    line: hex(0x2E2923),
    outline: hex(0x1C1915),
    pill: hex(0x2E2923),
    pill_text: hex(0xFFFFFF),
    highlight: hex(0x1F4E8C),
    highlight_alpha: 150,
};

const DARK: Scheme = Scheme {
    background: hex(0x1F2125),
    text: hex(0xE9E7E2),
    coordinates: hex(0xA9ABB0),
    squares: [
        [hex(0x5E636B), hex(0x3D4148)],
        [hex(0x7A7553), hex(0x5C583B)],
        [hex(0xA59536), hex(0x857727)],
    ],
    line: hex(0xDAD6CD),
    outline: hex(0xF2F0EA),
    pill: hex(0xE9E7E2),
    pill_text: hex(0x1F2125),
    highlight: hex(0xF2F0EA),
    highlight_alpha: 140,
};

/// A theme ready to draw with: its palette and the paints of its colours.
pub(crate) struct Colours {
    pub palette: Palette,
    pub background: Paint,
    pub text: Paint,
    pub coordinates: Paint,
    /// `[plain, start, end][light, dark]`.
    pub squares: [[Paint; 2]; 3],
    pub line: Paint,
    pub outline: Paint,
    pub pill: Paint,
    pub pill_text: Paint,
    pub highlight: Rgb,
    pub highlight_alpha: u8,
    pub seats: [Paint; 4],
    pub letters: [Paint; 4],
}

impl Colours {
    /// The colours of `theme`, built on first use.
    pub fn of(theme: Theme) -> &'static Colours {
        static CELLS: [OnceLock<Colours>; 2] = [OnceLock::new(), OnceLock::new()];
        let (cell, scheme) = match theme {
            Theme::Light => (&CELLS[0], &LIGHT),
            Theme::Dark => (&CELLS[1], &DARK),
        };
        cell.get_or_init(|| Colours::build(scheme))
    }

    fn build(s: &Scheme) -> Colours {
        let flat_squares: Vec<Rgb> = s.squares.iter().flatten().copied().collect();
        let highlighted: Vec<Rgb> = flat_squares
            .iter()
            .map(|&sq| mix(sq, s.highlight, s.highlight_alpha))
            .collect();
        let mut keys = vec![
            s.background,
            s.text,
            s.coordinates,
            s.line,
            s.outline,
            s.pill,
            s.pill_text,
        ];
        keys.extend(&flat_squares);
        keys.extend(&highlighted);
        keys.extend(SEAT_COLOURS);
        keys.extend(SEAT_LETTERS);

        let (t, n) = (FINE_SHADES, COARSE_SHADES);
        let mut ramps = vec![
            (s.background, s.text, t),
            (s.background, s.coordinates, t),
            (s.pill, s.pill_text, t),
            (s.background, s.outline, t),
            (s.background, s.line, t),
            (s.pill, s.outline, t),
        ];
        for &sq in &flat_squares {
            ramps.push((sq, s.outline, n));
        }
        for (&sq, &hl) in flat_squares.iter().zip(&highlighted) {
            ramps.push((sq, hl, n));
        }
        for (fill, letter) in SEAT_COLOURS.into_iter().zip(SEAT_LETTERS) {
            ramps.push((s.outline, fill, n));
            ramps.push((fill, letter, n));
        }
        let palette = Palette::new(&keys, &ramps);
        let p = |c| palette.paint(c);
        Colours {
            background: p(s.background),
            text: p(s.text),
            coordinates: p(s.coordinates),
            squares: s.squares.map(|pair| pair.map(p)),
            line: p(s.line),
            outline: p(s.outline),
            pill: p(s.pill),
            pill_text: p(s.pill_text),
            highlight: s.highlight,
            highlight_alpha: s.highlight_alpha,
            seats: SEAT_COLOURS.map(p),
            letters: SEAT_LETTERS.map(p),
            palette,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::SEAT_COLOURS;

    /// sRGB to linear light, 0–1.
    fn linear(c: u8) -> f64 {
        let c = f64::from(c) / 255.0;
        if c <= 0.04045 {
            c / 12.92
        } else {
            ((c + 0.055) / 1.055).powf(2.4)
        }
    }

    /// Linear RGB to CIELAB (D65 white).
    fn lab([r, g, b]: [f64; 3]) -> [f64; 3] {
        let x = (0.4124 * r + 0.3576 * g + 0.1805 * b) / 0.95047;
        let y = 0.2126 * r + 0.7152 * g + 0.0722 * b;
        let z = (0.0193 * r + 0.1192 * g + 0.9505 * b) / 1.08883;
        let f = |t: f64| {
            if t > 0.008856 {
                t.cbrt()
            } else {
                7.787 * t + 16.0 / 116.0
            }
        };
        let (fx, fy, fz) = (f(x), f(y), f(z));
        [116.0 * fy - 16.0, 500.0 * (fx - fy), 200.0 * (fy - fz)]
    }

    /// How a colour looks with a kind of dichromacy: the full-severity
    /// matrices of Machado, Oliveira and Fernandes (2009), on linear RGB.
    fn seen(m: &[[f64; 3]; 3], rgb: [u8; 3]) -> [f64; 3] {
        let c = rgb.map(linear);
        m.map(|row| (row[0] * c[0] + row[1] * c[1] + row[2] * c[2]).clamp(0.0, 1.0))
    }

    const NORMAL: [[f64; 3]; 3] = [[1.0, 0.0, 0.0], [0.0, 1.0, 0.0], [0.0, 0.0, 1.0]];
    const PROTANOPIA: [[f64; 3]; 3] = [
        [0.152286, 1.052583, -0.204868],
        [0.114503, 0.786281, 0.099216],
        [-0.003882, -0.048116, 1.051998],
    ];
    const DEUTERANOPIA: [[f64; 3]; 3] = [
        [0.367322, 0.860646, -0.227968],
        [0.280085, 0.672501, 0.047413],
        [-0.011820, 0.042940, 0.968881],
    ];
    const TRITANOPIA: [[f64; 3]; 3] = [
        [1.255528, -0.076749, -0.178779],
        [-0.078411, 0.930809, 0.147602],
        [0.004733, 0.691367, 0.303900],
    ];

    #[test]
    fn seat_colours_stay_apart_for_colour_blind_eyes() {
        for (vision, m) in [
            ("normal", NORMAL),
            ("protanopia", PROTANOPIA),
            ("deuteranopia", DEUTERANOPIA),
            ("tritanopia", TRITANOPIA),
        ] {
            let labs = SEAT_COLOURS.map(|c| lab(seen(&m, c)));
            for i in 0..4 {
                for j in i + 1..4 {
                    let d = labs[i]
                        .iter()
                        .zip(&labs[j])
                        .map(|(a, b)| (a - b) * (a - b))
                        .sum::<f64>()
                        .sqrt();
                    println!("{vision}: seats {i} and {j} differ by ΔE {d:.1}");
                    // ΔE 15 is a plain difference side by side (the
                    // closest pair, c and d under deuteranopia, is 17.9);
                    // the letter on each piece backs colour up.
                    assert!(d > 15.0, "{vision}: seats {i} and {j} only ΔE {d:.1} apart");
                }
            }
        }
    }
}
