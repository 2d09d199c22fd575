//! Turning indexed canvases into PNG and animated GIF bytes.

use crate::bands::{zlib_stream, KeptBands};
use crate::colour::Palette;
use crate::raster::Canvas;
use std::borrow::Cow;

/// The zlib level: zlib-rs's fast strategy (no lazy matching, the first
/// match of 8 bytes or more among four candidates). On every 16×16 board of
/// two or three players, and on crowded four-player boards, it stays under
/// [`SIZE_GOAL`] in about a millisecond.
const FAST_LEVEL: i32 = 2;

/// The zlib level for a picture the fast level left too big (only extreme
/// boards, such as most of 52 pieces in one half with a long last move):
/// about 2 ms more, a quarter smaller.
const SMALL_LEVEL: i32 = 6;

/// The most bytes we want a board PNG to take.
const SIZE_GOAL: usize = 40_000;

/// The bytes of a PNG besides its image data and palette: signature, the
/// header, data and end chunks' framing.
const PNG_FRAMING: usize = 8 + 25 + 12 + 12 + 12;

/// An indexed PNG: header and palette written by the `png` crate, the image
/// data compressed band by band (see [`crate::bands`]), the rows cut at
/// `cuts`.
///
/// A row that repeats the row above is stored with the "Up" filter, which
/// makes it all zeros; every other row is unfiltered. The fast level finds
/// the row above badly in long runs of one colour (it takes the latest
/// match of 8 bytes, seldom the aligned one), but zeros it packs tightly:
/// this saves 3–4 % on busy boards and a third on an empty one. Filtering
/// every row ("Up", "Sub", "Paeth", or per row by the usual sum of absolute
/// values) made our boards bigger: palette indices are not quantities, so
/// their differences are noise wherever pieces are.
///
/// A picture is compressed at [`FAST_LEVEL`] and only if that makes the
/// file larger than [`SIZE_GOAL`] again at [`SMALL_LEVEL`], so the common
/// board is fast and none is large.
pub(crate) fn png(
    canvas: &Canvas,
    palette: &Palette,
    cuts: &[usize],
    bands: &KeptBands,
) -> Vec<u8> {
    let mut data = zlib_stream(canvas, cuts, FAST_LEVEL, bands);
    let overhead = PNG_FRAMING + 3 * palette.len();
    if data.len() + overhead > SIZE_GOAL {
        data = zlib_stream(canvas, cuts, SMALL_LEVEL, bands);
    }

    let mut out = Vec::with_capacity(data.len() + 1024);
    let mut encoder = png::Encoder::new(&mut out, canvas.width as u32, canvas.height as u32);
    encoder.set_color(png::ColorType::Indexed);
    encoder.set_depth(png::BitDepth::Eight);
    // Every palette colour is opaque, so there is no tRNS chunk.
    encoder.set_palette(palette.bytes(palette.len()));
    // Writing to memory cannot fail, and the size and palette are ours.
    let mut writer = encoder.write_header().expect("PNG header to memory");
    writer
        .write_chunk(png::chunk::IDAT, &data)
        .expect("PNG data to memory");
    writer.finish().expect("PNG end to memory");
    out
}

/// The palette index that GIF frames use for "unchanged": the palette never
/// fills it, since it holds at most 255 colours.
pub(crate) const TRANSPARENT: u8 = 255;

/// The part of a frame that differs from the previous one, as a GIF frame
/// whose unchanged pixels are transparent. `None` if nothing changed.
pub(crate) fn diff_frame(prev: &Canvas, next: &Canvas) -> Option<gif::Frame<'static>> {
    let w = next.width;
    let rows = |y: usize| (prev.row(y), next.row(y));
    let changed: Vec<usize> = (0..next.height)
        .filter(|&y| {
            let (a, b) = rows(y);
            a != b
        })
        .collect();
    let (&top, &bottom) = (changed.first()?, changed.last()?);
    let mut left = w;
    let mut right = 0;
    for &y in &changed {
        let (a, b) = rows(y);
        if let Some(l) = a.iter().zip(b).position(|(p, q)| p != q) {
            left = left.min(l);
        }
        if let Some(r) = a.iter().zip(b).rposition(|(p, q)| p != q) {
            right = right.max(r);
        }
    }
    let (fw, fh) = (right + 1 - left, bottom + 1 - top);
    let mut buffer = Vec::with_capacity(fw * fh);
    for y in top..=bottom {
        let (a, b) = rows(y);
        buffer.extend(
            a[left..=right]
                .iter()
                .zip(&b[left..=right])
                .map(|(&p, &q)| if p == q { TRANSPARENT } else { q }),
        );
    }
    Some(gif::Frame {
        left: left as u16,
        top: top as u16,
        width: fw as u16,
        height: fh as u16,
        transparent: Some(TRANSPARENT),
        buffer: Cow::Owned(buffer),
        ..gif::Frame::default()
    })
}

/// The whole canvas as a GIF frame.
pub(crate) fn full_frame(canvas: &Canvas) -> gif::Frame<'static> {
    gif::Frame {
        width: canvas.width as u16,
        height: canvas.height as u16,
        buffer: Cow::Owned(canvas.data.clone()),
        ..gif::Frame::default()
    }
}

/// A frame that changes nothing, for a ply that left the picture as it was
/// but should still take its time.
pub(crate) fn empty_frame() -> gif::Frame<'static> {
    gif::Frame {
        width: 1,
        height: 1,
        transparent: Some(TRANSPARENT),
        buffer: Cow::Owned(vec![TRANSPARENT]),
        ..gif::Frame::default()
    }
}

/// Frames compressed per batch, half of them on a second thread.
const GIF_BATCH: usize = 16;

/// Writes an animated GIF, compressing frames a batch at a time (on two
/// threads, or only on the caller's) and writing them in order. The bytes
/// are the same either way.
pub(crate) struct GifWriter {
    encoder: gif::Encoder<Vec<u8>>,
    batch: Vec<gif::Frame<'static>>,
    two_threads: bool,
}

impl GifWriter {
    /// A looping GIF of this size in this palette (at most 255 colours; the
    /// last index is transparent), compressed on a second thread as well
    /// if `two_threads`.
    pub fn new(width: usize, height: usize, palette: &Palette, two_threads: bool) -> GifWriter {
        // Writing to memory cannot fail, and the sizes and palette are ours.
        let mut encoder =
            gif::Encoder::new(Vec::new(), width as u16, height as u16, &palette.bytes(256))
                .expect("GIF header to memory");
        encoder
            .set_repeat(gif::Repeat::Infinite)
            .expect("GIF extension to memory");
        GifWriter {
            encoder,
            batch: Vec::with_capacity(GIF_BATCH),
            two_threads,
        }
    }

    /// Adds the next frame.
    pub fn push(&mut self, frame: gif::Frame<'static>) {
        self.batch.push(frame);
        if self.batch.len() == GIF_BATCH {
            self.flush();
        }
    }

    fn flush(&mut self) {
        if self.two_threads {
            let (mut even, mut odd): (Vec<_>, Vec<_>) = (Vec::new(), Vec::new());
            for (i, frame) in self.batch.iter_mut().enumerate() {
                if i % 2 == 0 {
                    even.push(frame);
                } else {
                    odd.push(frame);
                }
            }
            std::thread::scope(|scope| {
                scope.spawn(|| odd.into_iter().for_each(|f| f.make_lzw_pre_encoded()));
                even.into_iter().for_each(|f| f.make_lzw_pre_encoded());
            });
        } else {
            self.batch.iter_mut().for_each(|f| f.make_lzw_pre_encoded());
        }
        for frame in self.batch.drain(..) {
            self.encoder
                .write_lzw_pre_encoded_frame(&frame)
                .expect("GIF frame to memory");
        }
    }

    /// The finished file.
    pub fn finish(mut self) -> Vec<u8> {
        self.flush();
        self.encoder.into_inner().expect("GIF end to memory")
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::colour::hex;

    /// Decodes an indexed PNG back to its indices.
    fn decode(bytes: &[u8]) -> (u32, u32, Vec<u8>) {
        let mut decoder = png::Decoder::new(std::io::Cursor::new(bytes));
        decoder.set_transformations(png::Transformations::IDENTITY);
        let mut reader = decoder.read_info().expect("PNG header");
        let mut buf = vec![0; reader.output_buffer_size().expect("size")];
        let info = reader.next_frame(&mut buf).expect("PNG data");
        buf.truncate(info.buffer_size());
        (info.width, info.height, buf)
    }

    #[test]
    fn png_round_trips_through_another_decoder() {
        let colours: Vec<_> = (0..40).map(|i| hex(i * 0x060504)).collect();
        let palette = Palette::new(&colours, &[]);
        // Flat areas, repeated rows, and noise that defeats every repeat.
        let (w, h) = (301u32, 207u32);
        let mut canvas = Canvas::new(w, h, 3);
        let mut seed = 12345u32;
        for y in 0..h as usize {
            for x in 0..w as usize {
                seed = seed.wrapping_mul(1_103_515_245).wrapping_add(12345);
                let noisy = (y / 20) % 3 == 1;
                let at = canvas.at(x, y);
                canvas.data[at] = if noisy {
                    ((seed >> 16) % 40) as u8
                } else {
                    ((x / 7 + y / 50) % 5) as u8
                };
            }
        }
        let (dw, dh, pixels) = decode(&png(&canvas, &palette, &[50, 100, 101], &KeptBands::new()));
        assert_eq!((dw, dh), (w, h));
        let expected: Vec<u8> = (0..h as usize)
            .flat_map(|y| canvas.row(y))
            .copied()
            .collect();
        assert_eq!(pixels, expected);
    }

    #[test]
    fn the_size_goal_counts_the_whole_file() {
        let colours: Vec<_> = (0..200).map(|i| hex(i * 0x010203)).collect();
        let palette = Palette::new(&colours, &[]);
        let canvas = Canvas::new(40, 30, 7);
        let bands = KeptBands::new();
        let data = zlib_stream(&canvas, &[10], FAST_LEVEL, &bands);
        let file = png(&canvas, &palette, &[10], &bands);
        assert_eq!(file.len(), data.len() + PNG_FRAMING + 3 * palette.len());
    }

    #[test]
    fn png_of_one_colour_round_trips() {
        let palette = Palette::new(&[hex(0x102030)], &[]);
        let canvas = Canvas::new(5, 3, 0);
        assert_eq!(
            decode(&png(&canvas, &palette, &[50, 100, 101], &KeptBands::new())).2,
            vec![0; 15]
        );
    }
}
