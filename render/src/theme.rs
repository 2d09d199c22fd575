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

/// The Okabe–Ito colours for seats a–f: orange, blue, bluish green,
/// reddish purple, yellow and vermillion stay apart for the common kinds of
/// colour blindness, and differ in lightness too. The square boards use the
/// first four, the star all six.
pub(crate) const SEAT_COLOURS: [Rgb; 6] = [
    hex(0xE69F00),
    hex(0x0072B2),
    hex(0x009E73),
    hex(0xCC79A7),
    hex(0xF0E442),
    hex(0xD55E00),
];

/// The letter on each seat's pieces: whichever of near-black and white
/// contrasts more with the fill.
const SEAT_LETTERS: [Rgb; 6] = [
    hex(0x1A1A1A),
    hex(0xFFFFFF),
    hex(0x1A1A1A),
    hex(0x1A1A1A),
    hex(0x1A1A1A),
    hex(0x1A1A1A),
];

/// Seats on the square boards.
const SQUARE_SEATS: usize = 4;

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

/// The star board's own colours in a theme, besides the [`Scheme`]'s.
struct StarScheme {
    /// The star between and around the holes.
    body: Rgb,
    /// A hole.
    hole: Rgb,
    /// A hole's name, written in it.
    hole_name: Rgb,
    /// How much of the seat's colour tints a point it plays from.
    tint_alpha: u8,
}

const LIGHT_STAR: StarScheme = StarScheme {
    body: hex(0xDDD0B5),
    hole: hex(0xBFAF92),
    hole_name: hex(0x5A5042),
    tint_alpha: 110,
};

const DARK_STAR: StarScheme = StarScheme {
    body: hex(0x4A4E56),
    hole: hex(0x30333A),
    hole_name: hex(0xA3A6AC),
    tint_alpha: 120,
};

/// A theme ready to draw with: its palette and the paints of its colours.
pub(crate) struct Colours {
    pub palette: Palette,
    pub background: Paint,
    pub text: Paint,
    pub coordinates: Paint,
    /// `[plain, start, end][light, dark]`; on the star, the body of the
    /// star and the last move's marks, the same in both shades.
    pub squares: [[Paint; 2]; 3],
    pub line: Paint,
    pub outline: Paint,
    pub pill: Paint,
    pub pill_text: Paint,
    pub highlight: Rgb,
    pub highlight_alpha: u8,
    /// By seat: four on the square boards, six on the star.
    pub seats: Vec<Paint>,
    pub letters: Vec<Paint>,
    /// The star's own paints; `None` on the square boards.
    pub star: Option<StarPaints>,
}

/// The paints only the star uses.
pub(crate) struct StarPaints {
    pub hole: Paint,
    pub hole_name: Paint,
    /// By seat: the body tinted with the seat's colour, for its home point.
    pub tints: Vec<Paint>,
}

impl Colours {
    /// The colours of `theme` for the square boards, built on first use.
    pub fn of(theme: Theme) -> &'static Colours {
        static CELLS: [OnceLock<Colours>; 2] = [OnceLock::new(), OnceLock::new()];
        let (cell, scheme) = match theme {
            Theme::Light => (&CELLS[0], &LIGHT),
            Theme::Dark => (&CELLS[1], &DARK),
        };
        cell.get_or_init(|| Colours::build(scheme, None))
    }

    /// The colours of `theme` for the star, built on first use.
    pub fn star(theme: Theme) -> &'static Colours {
        static CELLS: [OnceLock<Colours>; 2] = [OnceLock::new(), OnceLock::new()];
        let (cell, scheme, star) = match theme {
            Theme::Light => (&CELLS[0], &LIGHT, &LIGHT_STAR),
            Theme::Dark => (&CELLS[1], &DARK, &DARK_STAR),
        };
        cell.get_or_init(|| Colours::build(scheme, Some(star)))
    }

    fn build(s: &Scheme, star: Option<&StarScheme>) -> Colours {
        // The star has no checkered squares: its body under a piece, and
        // the last move's marks in their light shade.
        let squares = match star {
            Some(st) => [[st.body; 2], [s.squares[1][0]; 2], [s.squares[2][0]; 2]],
            None => s.squares,
        };
        let seats = if star.is_some() {
            SEAT_COLOURS.len()
        } else {
            SQUARE_SEATS
        };
        let (seat_colours, seat_letters) = (&SEAT_COLOURS[..seats], &SEAT_LETTERS[..seats]);
        let tints: Vec<Rgb> = match star {
            Some(st) => seat_colours
                .iter()
                .map(|&c| mix(st.body, c, st.tint_alpha))
                .collect(),
            None => Vec::new(),
        };
        // What pieces and marks stand on: squares, or the star's body and
        // tinted points (and its holes, under markers and the path).
        let mut grounds: Vec<Rgb> = squares.iter().flatten().copied().collect();
        grounds.dedup();
        grounds.extend(&tints);
        grounds.extend(star.map(|st| st.hole));
        let highlighted: Vec<Rgb> = grounds
            .iter()
            .map(|&g| mix(g, s.highlight, s.highlight_alpha))
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
        keys.extend(&grounds);
        keys.extend(&highlighted);
        keys.extend(seat_colours);
        keys.extend(seat_letters);
        keys.extend(star.map(|st| st.hole_name));

        let (t, n) = (FINE_SHADES, COARSE_SHADES);
        let mut ramps = vec![
            (s.background, s.text, t),
            (s.background, s.coordinates, t),
            (s.pill, s.pill_text, t),
            (s.background, s.outline, t),
            (s.background, s.line, t),
            (s.pill, s.outline, t),
        ];
        for &g in &grounds {
            ramps.push((g, s.outline, n));
        }
        for (&g, &hl) in grounds.iter().zip(&highlighted) {
            ramps.push((g, hl, n));
        }
        for (&fill, &letter) in seat_colours.iter().zip(seat_letters) {
            ramps.push((s.outline, fill, n));
            ramps.push((fill, letter, n));
        }
        if let Some(st) = star {
            ramps.extend(star_ramps(s, st, &tints));
        }
        let palette = Palette::new(&keys, &ramps);
        let p = |c| palette.paint(c);
        Colours {
            background: p(s.background),
            text: p(s.text),
            coordinates: p(s.coordinates),
            squares: squares.map(|pair| pair.map(p)),
            line: p(s.line),
            outline: p(s.outline),
            pill: p(s.pill),
            pill_text: p(s.pill_text),
            highlight: s.highlight,
            highlight_alpha: s.highlight_alpha,
            seats: seat_colours.iter().map(|&c| p(c)).collect(),
            letters: seat_letters.iter().map(|&c| p(c)).collect(),
            star: star.map(|st| StarPaints {
                hole: p(st.hole),
                hole_name: p(st.hole_name),
                tints: tints.iter().map(|&c| p(c)).collect(),
            }),
            palette,
        }
    }
}

/// The star's edges that need in-between shades: the holes' names, and a
/// single shade (see the `star` module) for the star's edge, the holes'
/// rims, the borders of tinted points and the last move's marks.
fn star_ramps(s: &Scheme, st: &StarScheme, tints: &[Rgb]) -> Vec<(Rgb, Rgb, u32)> {
    let one = 1;
    let marks = [s.squares[1][0], s.squares[2][0]];
    let mut ramps = vec![
        (st.hole, st.hole_name, COARSE_SHADES),
        (s.background, st.body, one),
        (st.body, st.hole, one),
    ];
    for &tint in tints {
        ramps.push((tint, st.hole, one));
        ramps.push((st.body, tint, one));
        ramps.push((s.background, tint, one));
    }
    for ground in std::iter::once(st.body).chain(tints.iter().copied()) {
        ramps.extend(marks.map(|mark| (ground, mark, one)));
    }
    ramps
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
        // All six, as the star's six-player game shows them side by side;
        // the square boards use the first four.
        let seats = SEAT_COLOURS.len();
        assert_eq!(seats, 6);
        for (vision, m) in [
            ("normal", NORMAL),
            ("protanopia", PROTANOPIA),
            ("deuteranopia", DEUTERANOPIA),
            ("tritanopia", TRITANOPIA),
        ] {
            let labs = SEAT_COLOURS.map(|c| lab(seen(&m, c)));
            for i in 0..seats {
                for j in i + 1..seats {
                    let d = labs[i]
                        .iter()
                        .zip(&labs[j])
                        .map(|(a, b)| (a - b) * (a - b))
                        .sum::<f64>()
                        .sqrt();
                    println!("{vision}: seats {i} and {j} differ by ΔE {d:.1}");
                    // ΔE 15 is a plain difference side by side (the
                    // closest pairs, a and e under deuteranopia and b and
                    // c under tritanopia, are 17.0); the letter on each
                    // piece backs colour up.
                    assert!(d > 15.0, "{vision}: seats {i} and {j} only ΔE {d:.1} apart");
                }
            }
        }
    }
}
