//! Text in the embedded font (DejaVu Sans Bold): coordinates, piece letters
//! and player names.
//!
//! Names can hold any Unicode. Characters the font lacks are drawn as the
//! replacement character, control characters are dropped, and text too wide
//! for its room ends in an ellipsis.

use crate::colour::{Paint, Palette};
use crate::raster::Canvas;
use ab_glyph::{point, Font, FontRef, GlyphId, PxScale, ScaleFont};
use std::sync::OnceLock;

/// The font file, shipped in `assets/` with its licence.
static FONT_DATA: &[u8] = include_bytes!("../assets/DejaVuSans-Bold.ttf");

/// The parsed font, shared by every thread.
pub(crate) fn font() -> &'static FontRef<'static> {
    static FONT: OnceLock<FontRef<'static>> = OnceLock::new();
    FONT.get_or_init(|| FontRef::try_from_slice(FONT_DATA).expect("the embedded font parses"))
}

/// A line of text laid out at some size: glyphs and their pen positions.
pub(crate) struct Line {
    scale: PxScale,
    glyphs: Vec<(GlyphId, f32)>,
    /// Advance width of the whole line in pixels.
    pub width: f32,
}

/// Whether the embedded font draws `c` itself, rather than a stand-in.
///
/// ```
/// assert!(halma_render::font_has('ß') && halma_render::font_has('Ж'));
/// assert!(!halma_render::font_has('名'));
/// ```
pub fn font_has(c: char) -> bool {
    font().glyph_id(c).0 != 0
}

/// The glyph for `c`, or a stand-in when the font lacks it.
fn glyph_for(c: char) -> GlyphId {
    let f = font();
    let id = f.glyph_id(c);
    if id.0 != 0 {
        return id;
    }
    let replacement = f.glyph_id('\u{FFFD}');
    if replacement.0 != 0 {
        replacement
    } else {
        f.glyph_id('?')
    }
}

impl Line {
    /// Lays out `text` at `px` pixels, cut with an ellipsis to fit
    /// `max_width` pixels.
    pub fn new(text: &str, px: f32, max_width: f32) -> Line {
        let scale = PxScale::from(px);
        let f = font().as_scaled(scale);
        let mut glyphs: Vec<(GlyphId, f32)> = Vec::new();
        let mut ends: Vec<f32> = Vec::new();
        let mut pen = 0.0;
        let mut prev: Option<GlyphId> = None;
        for c in text.chars().filter(|c| !c.is_control()) {
            let id = glyph_for(c);
            if let Some(p) = prev {
                pen += f.kern(p, id);
            }
            glyphs.push((id, pen));
            pen += f.h_advance(id);
            ends.push(pen);
            prev = Some(id);
        }
        if pen > max_width {
            let dots = glyph_for('…');
            let dots_width = f.h_advance(dots);
            let keep = ends
                .iter()
                .position(|&end| end + dots_width > max_width)
                .unwrap_or(0);
            glyphs.truncate(keep);
            let start = if keep == 0 { 0.0 } else { ends[keep - 1] };
            glyphs.push((dots, start));
            pen = start + dots_width;
        }
        Line {
            scale,
            glyphs,
            width: pen,
        }
    }

    /// Height above the baseline of capital letters, for centring.
    pub fn cap_height(&self) -> f32 {
        // DejaVu's capitals are 0.73 em tall.
        self.scale.y * 0.73
    }

    /// Visits every covered pixel of the line drawn with its pen starting at
    /// (x, baseline): `f(x, y, coverage)`.
    pub fn rasterize(&self, x: f32, baseline: f32, mut f: impl FnMut(i32, i32, f32)) {
        let font = font();
        for &(id, offset) in &self.glyphs {
            let glyph = id.with_scale_and_position(self.scale, point(x + offset, baseline));
            if let Some(outline) = font.outline_glyph(glyph) {
                let bounds = outline.px_bounds();
                outline.draw(|gx, gy, c| {
                    f(
                        bounds.min.x as i32 + gx as i32,
                        bounds.min.y as i32 + gy as i32,
                        c,
                    )
                });
            }
        }
    }

    /// Draws the line in `paint` with its pen starting at (x, baseline).
    pub fn draw(
        &self,
        canvas: &mut Canvas,
        x: f32,
        baseline: f32,
        paint: Paint,
        palette: &Palette,
    ) {
        self.rasterize(x, baseline, |px, py, c| {
            canvas.blend(px, py, paint, crate::colour::alpha(c), palette)
        });
    }

    /// Draws the line centred on (cx, cy), capitals and digits sitting
    /// evenly about `cy`.
    pub fn draw_centred(
        &self,
        canvas: &mut Canvas,
        cx: f32,
        cy: f32,
        paint: Paint,
        palette: &Palette,
    ) {
        let x = (cx - self.width / 2.0).round();
        let baseline = (cy + self.cap_height() / 2.0).round();
        self.draw(canvas, x, baseline, paint, palette);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn long_text_is_cut_with_an_ellipsis() {
        let full = Line::new("A rather long player name indeed", 20.0, 10_000.0);
        let cut = Line::new("A rather long player name indeed", 20.0, 100.0);
        assert!(full.width > 100.0);
        assert!(cut.width <= 100.0 && cut.width > 60.0);
        assert_eq!(cut.glyphs.last().map(|g| g.0), Some(glyph_for('…')));
    }

    #[test]
    fn missing_glyphs_fall_back() {
        // DejaVu has no CJK; control characters vanish.
        let line = Line::new("名\u{7}x", 20.0, 1000.0);
        assert_eq!(line.glyphs.len(), 2);
        assert_eq!(line.glyphs[0].0, glyph_for('\u{FFFD}'));
        assert_ne!(line.glyphs[0].0 .0, 0);
    }
}
