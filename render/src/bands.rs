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
use std::sync::{Arc, Mutex, MutexGuard, PoisonError};

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

/// The compressed bands of recent board pictures, kept so that the next pictures reuse the
/// bands they share with them, and the compressors of pictures drawn before.
///
/// Whoever draws boards owns one and passes it to [`crate::board_png`]: a bot holds one for
/// all its pictures, a tool or a test makes its own. A picture is the same bytes whatever the
/// value holds; only its speed depends on it. It takes at most 4 MB of bands, plus a few
/// hundred KB of compressors for each picture once compressed at the same time as others.
/// One value may be used from several threads at once: each picture locks the bands only to
/// look one up or keep one, and compresses outside the lock.
///
/// ```
/// use halma::{Position, Variant};
/// use halma_render::{board_png, BoardOptions, KeptBands};
/// let bands = KeptBands::new();
/// let pos = Position::start(Variant::Small);
/// let first = board_png(&pos, &BoardOptions::default(), &bands);
/// // Drawn again from kept bands, and again after forgetting them: the same bytes.
/// assert_eq!(board_png(&pos, &BoardOptions::default(), &bands), first);
/// bands.forget();
/// assert_eq!(board_png(&pos, &BoardOptions::default(), &bands), first);
/// ```
#[derive(Default)]
pub struct KeptBands {
    kept: Mutex<Kept>,
    /// Sets of [`Scratch`] not in use: as many as pictures were once compressed at the same
    /// time, until [`KeptBands::forget`].
    spare: Mutex<Vec<Scratch>>,
}

impl std::fmt::Debug for KeptBands {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let kept = lock(&self.kept);
        f.debug_struct("KeptBands")
            .field("bands", &(kept.newer.len() + kept.older.len()))
            .field("spare_compressors", &lock(&self.spare).len())
            .finish()
    }
}

/// Locks `m`. A panic while it was held cannot leave the bands or spares half changed (every
/// change is one insert, move, push or pop), so a poisoned lock is used as it is.
fn lock<T>(m: &Mutex<T>) -> MutexGuard<'_, T> {
    m.lock().unwrap_or_else(PoisonError::into_inner)
}

impl KeptBands {
    /// None kept yet.
    pub fn new() -> KeptBands {
        KeptBands::default()
    }

    /// Drops every kept band and the spare compressors, giving their memory back. Pictures
    /// drawn after this are the same bytes, only slower until bands are kept again; for a
    /// quiet moment, such as when no one has played for a while.
    pub fn forget(&self) {
        *lock(&self.kept) = Kept::default();
        lock(&self.spare).clear();
    }

    /// A spare set of scratch space, or a new one.
    fn take_scratch(&self) -> Scratch {
        lock(&self.spare).pop().unwrap_or_default()
    }

    /// Keeps `scratch` for the next picture.
    fn give_back(&self, scratch: Scratch) {
        lock(&self.spare).push(scratch);
    }
}

/// The PNG image data of `canvas` as one zlib stream at `level`, its rows cut into bands at
/// `cuts` (the first row of every band but the first, ascending; rows past the canvas are
/// ignored).
///
/// A band's first row is stored unfiltered and each later row with the "Up" filter when it
/// repeats the row above (all zeros) and unfiltered otherwise, so that a band's bytes depend
/// on its own pixels alone.
pub(crate) fn zlib_stream(
    canvas: &Canvas,
    cuts: &[usize],
    level: i32,
    bands: &KeptBands,
) -> Vec<u8> {
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
        // The lock is let go before compressing, so other pictures go on meanwhile.
        let found = lock(&bands.kept).find(key);
        let band = match found {
            Some(band) => band,
            None => {
                let scratch = scratch.get_or_insert_with(|| bands.take_scratch());
                let band = Arc::new(scratch.compress(pixels, width, level));
                lock(&bands.kept).keep(key, Arc::clone(&band));
                band
            }
        };
        out.extend_from_slice(&band.deflate);
        adler = zlib_rs::adler32::adler32_combine(adler, band.adler, band.raw_len as u64);
    }
    out.extend_from_slice(&FINAL_BLOCK);
    out.extend_from_slice(&adler.to_be_bytes());
    if let Some(scratch) = scratch {
        bands.give_back(scratch);
    }
    out
}

/// What compressing a band needs besides the band: a compressor at each level used, the
/// filtered rows and room for the compressed bytes. Each is some hundreds of KB, so they are
/// reused: a picture takes one set from its [`KeptBands`] and gives it back.
#[derive(Default)]
struct Scratch {
    compressors: Vec<(i32, zlib_rs::Deflate)>,
    raw: Vec<u8>,
    out: Vec<u8>,
}

impl Scratch {
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
                let stream = zlib_stream(&canvas, cuts, level, &KeptBands::new());
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
        let bands = KeptBands::new();
        let fresh = zlib_stream(&b, &cuts, 2, &bands);
        // a's first three bands are b's, found kept; its last is new.
        let _ = zlib_stream(&a, &cuts, 2, &bands);
        let again = zlib_stream(&b, &cuts, 2, &bands);
        assert_eq!(fresh, again);
        assert_eq!(zlib_stream(&b, &cuts, 2, &KeptBands::new()), again);
        assert_ne!(zlib_stream(&a, &cuts, 2, &bands), again);
        assert_eq!(inflate(&again), expected(&b, &cuts));
        bands.forget();
        assert_eq!(zlib_stream(&b, &cuts, 2, &bands), fresh);
    }

    #[test]
    fn one_value_shared_by_threads_gives_each_the_bytes_of_a_fresh_one() {
        let canvases: Vec<Canvas> = (0..6).map(canvas).collect();
        let cuts = [10, 20, 30, 40, 50];
        let want: Vec<Vec<u8>> = canvases
            .iter()
            .map(|c| zlib_stream(c, &cuts, 2, &KeptBands::new()))
            .collect();
        let bands = KeptBands::new();
        std::thread::scope(|scope| {
            for t in 0..4 {
                let (bands, canvases, want) = (&bands, &canvases, &want);
                scope.spawn(move || {
                    for round in 0..20 {
                        let i = (t + round) % canvases.len();
                        assert_eq!(zlib_stream(&canvases[i], &cuts, 2, bands), want[i]);
                    }
                });
            }
        });
        // Every canvas is kept now; at most one spare set per thread was made.
        assert!(lock(&bands.spare).len() <= 4);
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
