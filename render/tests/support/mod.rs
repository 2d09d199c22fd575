//! Helpers shared by the picture tests: drawing with shared kept bands,
//! decoding, and sampling pixels.

use halma::{Position, Square};
use halma_render::{BoardOptions, KeptBands, Theme};
use image::RgbaImage;
use std::sync::LazyLock;

/// The tests' own kept bands, shared by all of them (on several threads) as a bot's are by
/// its pictures.
static BANDS: LazyLock<KeptBands> = LazyLock::new(KeptBands::new);

/// `position` drawn with the tests' kept bands.
pub fn board_png(position: &Position, options: &BoardOptions) -> Vec<u8> {
    halma_render::board_png(position, options, &BANDS)
}

/// The square (or hole) named `s`.
pub fn sq(s: &str) -> Square {
    s.parse().expect("a square")
}

/// A PNG's pixels.
pub fn decode(png: &[u8]) -> RgbaImage {
    image::load_from_memory_with_format(png, image::ImageFormat::Png)
        .expect("a PNG")
        .to_rgba8()
}

/// The colour of one pixel.
pub fn rgb(img: &RgbaImage, (x, y): (u32, u32)) -> [u8; 3] {
    let p = img.get_pixel(x, y).0;
    [p[0], p[1], p[2]]
}

/// Whether two colours differ by at most `tolerance` in every channel.
pub fn close(a: [u8; 3], b: [u8; 3], tolerance: u8) -> bool {
    a.iter().zip(&b).all(|(x, y)| x.abs_diff(*y) <= tolerance)
}

/// `position` in `theme` drawn without a last move, then with `chain` as its last move.
pub fn without_and_with_last_move(
    position: &Position,
    theme: Theme,
    chain: &[Square],
) -> (RgbaImage, RgbaImage) {
    let plain = BoardOptions {
        theme,
        ..BoardOptions::default()
    };
    let marked = BoardOptions {
        last_move: chain.to_vec(),
        ..plain.clone()
    };
    (
        decode(&board_png(position, &plain)),
        decode(&board_png(position, &marked)),
    )
}
