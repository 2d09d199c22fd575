//! The image data of a board PNG, compressed a band of rows at a time, each band kept for the
//! next picture that has it.
//!
//! Consecutive pictures of one game differ only in the ranks the last two moves touched and in
//! the header's turn marker: about 60 % of the bands (the header, each rank of squares, the
//! bottom margin) come back byte for byte, and compressing the picture was most of the cost of
//! drawing it. Every band is compressed on its own (a raw deflate stream that starts afresh
//! and ends on a byte boundary), so compressed bands can be laid one after another into one
//! zlib stream; the Adler-32 checksum of the whole is put together from those of the bands.
//!
//! A band is found again by a 128-bit hash of its pixels (XXH3, seeded with the row width).
//! Bands are kept in two generations, so that the memory they take is bounded and a band in
//! use stays: a band found in the older generation moves to the newer one, and when the newer
//! one is full the older is dropped.

use crate::raster::Canvas;
use std::collections::HashMap;
use std::sync::{Arc, Mutex, PoisonError};

/// The most bytes of compressed bands kept, both generations together.
const BUDGET: usize = 4 << 20;

/// PNG filter types used: none, and "Up" (each byte minus the one above).
const FILTER_NONE: u8 = 0;
const FILTER_UP: u8 = 2;

/// The zlib header: deflate with a 32 KB window, "fastest" level hint, no dictionary (its
/// check bits make 0x7801 a multiple of 31).
const ZLIB_HEADER: [u8; 2] = [0x78, 0x01];

/// An empty final block with fixed codes: ends a deflate stream whose blocks all ended on a
/// byte boundary without being final.
const FINAL_BLOCK: [u8; 2] = [0x03, 0x00];

/// One band's image data compressed on its own.
struct Band {
    /// A raw deflate stream of non-final blocks ending on a byte boundary.
    deflate: Box<[u8]>,
    /// The Adler-32 checksum of the band's filtered rows.
    adler: u32,
    /// How many bytes the band's filtered rows take.
    raw_len: usize,
}

/// Compressed bands by the hash of their pixels, in two generations.
#[derive(Default)]
struct Kept {
    newer: HashMap<u128, Arc<Band>>,
    older: HashMap<u128, Arc<Band>>,
    /// Compressed bytes in `newer`.
    newer_bytes: usize,
}

impl Kept {
    fn find(&mut self, key: u128) -> Option<Arc<Band>> {
        if let Some(band) = self.newer.get(&key) {
            return Some(Arc::clone(band));
        }
        let band = self.older.remove(&key)?;
        self.keep(key, Arc::clone(&band));
        Some(band)
    }

    fn keep(&mut self, key: u128, band: Arc<Band>) {
        self.newer_bytes += band.deflate.len();
        self.newer.insert(key, band);
        if self.newer_bytes > BUDGET / 2 {
            self.older = std::mem::take(&mut self.newer);
            self.newer_bytes = 0;
        }
    }

    #[cfg(test)]
    fn bytes(&self) -> usize {
        self.newer_bytes + self.older.values().map(|b| b.deflate.len()).sum::<usize>()
    }
}

static KEPT: Mutex<Option<Kept>> = Mutex::new(None);

/// Runs `f` on the kept bands. A panic while they were held cannot leave them half changed
/// (every change is one insert or move), so a poisoned lock is used as it is.
fn with_kept<T>(f: impl FnOnce(&mut Kept) -> T) -> T {
    let mut kept = KEPT.lock().unwrap_or_else(PoisonError::into_inner);
    f(kept.get_or_insert_with(Kept::default))
}

/// Drops every kept band and the spare compressors, giving their memory back.
pub(crate) fn forget() {
    *KEPT.lock().unwrap_or_else(PoisonError::into_inner) = None;
    SPARE.lock().unwrap_or_else(PoisonError::into_inner).clear();
}

/// The PNG image data of `canvas` as one zlib stream at `level`, its rows cut into bands at
/// `cuts` (the first row of every band but the first, ascending; rows past the canvas are
/// ignored).
///
/// A band's first row is stored unfiltered and each later row with the "Up" filter when it
/// repeats the row above (all zeros) and unfiltered otherwise, so that a band's bytes depend
/// on its own pixels alone.
pub(crate) fn zlib_stream(canvas: &Canvas, cuts: &[usize], level: i32) -> Vec<u8> {
    let width = canvas.width;
    let mut out = Vec::with_capacity(40_000);
    out.extend_from_slice(&ZLIB_HEADER);
    let mut adler = 1;
    // Taken at the first band that was not kept, and given back at the end.
    let mut scratch: Option<Scratch> = None;
    let height = canvas.height;
    let starts = std::iter::once(0).chain(cuts.iter().map(|&c| c.min(height)));
    let ends = cuts
        .iter()
        .map(|&c| c.min(height))
        .chain(std::iter::once(height));
    for (start, end) in starts.zip(ends).filter(|(s, e)| s < e) {
        let pixels = &canvas.data[canvas.at(0, start)..canvas.at(0, end)];
        let key = xxhash_rust::xxh3::xxh3_128_with_seed(pixels, (width as u64) << 8 | level as u64);
        let band = match with_kept(|kept| kept.find(key)) {
            Some(band) => band,
            None => {
                let scratch = scratch.get_or_insert_with(Scratch::take);
                let band = Arc::new(scratch.compress(pixels, width, level));
                with_kept(|kept| kept.keep(key, Arc::clone(&band)));
                band
            }
        };
        out.extend_from_slice(&band.deflate);
        adler = zlib_rs::adler32::adler32_combine(adler, band.adler, band.raw_len as u64);
    }
    out.extend_from_slice(&FINAL_BLOCK);
    out.extend_from_slice(&adler.to_be_bytes());
    if let Some(scratch) = scratch {
        scratch.give_back();
    }
    out
}

/// What compressing a band needs besides the band: a compressor at each level used, the
/// filtered rows and room for the compressed bytes. Each is some hundreds of KB, so they are
/// reused: a picture takes one set from [`SPARE`] and gives it back.
#[derive(Default)]
struct Scratch {
    compressors: Vec<(i32, zlib_rs::Deflate)>,
    raw: Vec<u8>,
    out: Vec<u8>,
}

/// Sets of [`Scratch`] not in use: as many as pictures were once compressed at the same time,
/// until [`forget`].
static SPARE: Mutex<Vec<Scratch>> = Mutex::new(Vec::new());

impl Scratch {
    /// A spare set, or a new one.
    fn take() -> Scratch {
        let spare = SPARE.lock().unwrap_or_else(PoisonError::into_inner).pop();
        spare.unwrap_or_default()
    }

    /// Keeps this set for the next picture.
    fn give_back(self) {
        SPARE
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
            .push(self);
    }

    /// Filters and compresses one band of rows `width` pixels wide.
    fn compress(&mut self, pixels: &[u8], width: usize, level: i32) -> Band {
        let Scratch {
            compressors,
            raw,
            out,
        } = self;
        filter(pixels, width, raw);
        let index = match compressors.iter().position(|(l, _)| *l == level) {
            Some(i) => i,
            None => {
                compressors.push((level, zlib_rs::Deflate::new(level, false, 15)));
                compressors.len() - 1
            }
        };
        let deflate = &mut compressors[index].1;
        deflate.reset();
        // The worst case, and room for the empty stored block that ends a sync flush.
        let room = zlib_rs::compress_bound(raw.len()) + 16;
        if out.len() < room {
            out.resize(room, 0);
        }
        let status = deflate.compress(raw, out, zlib_rs::DeflateFlush::SyncFlush);
        // The level is valid and the output holds the worst case, so deflate cannot fail
        // or stop short.
        assert!(
            status.is_ok() && deflate.total_in() == raw.len() as u64,
            "deflate stopped short: {status:?}"
        );
        Band {
            deflate: out[..deflate.total_out() as usize].into(),
            adler: zlib_rs::adler32::adler32(1, raw),
            raw_len: raw.len(),
        }
    }
}

/// `pixels` (whole rows of `width`) as PNG rows into `raw`: each row its filter type, then its
/// bytes, or zeros for a row stored as "Up" from an equal row above.
fn filter(pixels: &[u8], width: usize, raw: &mut Vec<u8>) {
    raw.clear();
    let mut above: Option<&[u8]> = None;
    for row in pixels.chunks_exact(width) {
        if above == Some(row) {
            raw.push(FILTER_UP);
            raw.resize(raw.len() + width, 0);
        } else {
            raw.push(FILTER_NONE);
            raw.extend_from_slice(row);
        }
        above = Some(row);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A canvas with flat bands, repeated rows and noise.
    fn canvas(seed: u32) -> Canvas {
        let (w, h) = (97u32, 61u32);
        let mut canvas = Canvas::new(w, h, 3);
        let mut s = seed;
        for y in 0..h as usize {
            for x in 0..w as usize {
                s = s.wrapping_mul(1_103_515_245).wrapping_add(12345);
                let at = canvas.at(x, y);
                canvas.data[at] = match (y / 10) % 3 {
                    0 => 1,
                    1 => ((s >> 16) % 7) as u8,
                    _ => (x / 9) as u8,
                };
            }
        }
        canvas
    }

    fn inflate(stream: &[u8]) -> Vec<u8> {
        fdeflate::decompress_to_vec(stream).expect("a valid zlib stream with its checksum")
    }

    /// The PNG rows of the whole canvas as the bands store them.
    fn expected(canvas: &Canvas, cuts: &[usize]) -> Vec<u8> {
        let mut rows = Vec::new();
        let mut all = Vec::new();
        let starts = std::iter::once(0).chain(cuts.iter().copied());
        let ends = cuts.iter().copied().chain(std::iter::once(canvas.height));
        for (s, e) in starts.zip(ends) {
            filter(
                &canvas.data[canvas.at(0, s)..canvas.at(0, e)],
                canvas.width,
                &mut rows,
            );
            all.extend_from_slice(&rows);
        }
        all
    }

    #[test]
    fn banded_streams_inflate_to_the_filtered_rows_with_a_valid_checksum() {
        let canvas = canvas(7);
        for cuts in [&[][..], &[10, 20, 35, 60], &[1, 2, 3]] {
            for level in [1, 2, 6] {
                let stream = zlib_stream(&canvas, cuts, level);
                assert_eq!(inflate(&stream), expected(&canvas, cuts), "cuts {cuts:?}");
            }
        }
    }

    #[test]
    fn a_band_seen_before_gives_the_same_bytes_as_a_fresh_one() {
        let (a, mut b) = (canvas(1), canvas(1));
        // b differs from a in its last band only.
        let at = b.at(5, 55);
        b.data[at] ^= 1;
        let cuts = [20, 40, 50];
        forget();
        let fresh = zlib_stream(&b, &cuts, 2);
        let _ = zlib_stream(&a, &cuts, 2);
        let again = zlib_stream(&b, &cuts, 2);
        assert_eq!(fresh, again);
        assert_ne!(zlib_stream(&a, &cuts, 2), again);
        assert_eq!(inflate(&again), expected(&b, &cuts));
    }

    #[test]
    fn the_kept_bands_stay_within_the_budget() {
        let mut kept = Kept::default();
        for key in 0..2_000u128 {
            let band = Band {
                deflate: vec![0; 9_000].into(),
                adler: 1,
                raw_len: 0,
            };
            kept.keep(key, Arc::new(band));
            assert!(
                kept.bytes() <= BUDGET + 9_000,
                "{} bytes kept",
                kept.bytes()
            );
        }
        // The latest is found; one from long ago is gone.
        assert!(kept.find(1_999).is_some());
        assert!(kept.find(0).is_none());
    }
}
