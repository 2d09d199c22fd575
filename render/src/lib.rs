//! Board images for Halma positions (PNG) and games (GIF).
//!
//! Players see the game only through these pictures, so they show the board
//! at its true size with checkered squares, the camps traced with thick lines
//! as on a real board, coordinates on every edge, pieces told apart by both
//! colour (a palette safe for colour blindness) and letter, the last move's
//! whole hop chain, and a header naming the players and whose turn it is.
//!
//! Stern-Halma's star ([`Variant::STAR`]) is drawn as the rule book pictures
//! it: a six-pointed star of round holes on a triangular lattice, each
//! hole's name written faintly in it, the points the players start from
//! tinted in their colours, six seat colours, and the header in two rows
//! for six players.
//!
//! Fonts, the empty board and the pieces are drawn once per theme and board
//! (size, or star variant), on first use; a request then copies pixels and encodes an indexed
//! image, reusing the compressed bands of rows that recent pictures had too.
//! Those bands are kept in a [`KeptBands`] that the caller owns and passes in
//! (at most 4 MB); the crate itself keeps nothing that changes. Everything
//! here is plain computation, safe to call from any thread.
//!
//! ```
//! use halma::{Position, Variant};
//! use halma_render::{board_png, BoardOptions, KeptBands};
//! let bands = KeptBands::new();
//! let pos = Position::start(Variant::Small);
//! let png = board_png(&pos, &BoardOptions::default(), &bands);
//! assert_eq!(&png[1..4], b"PNG");
//! ```

mod art;
mod bands;
mod board;
mod colour;
mod encode;
mod layout;
mod raster;
mod scene;
mod sketch;
mod star;
mod text;
mod theme;

pub use bands::KeptBands;
pub use layout::{image_size, square_centre};
pub use text::font_has;
pub use theme::{Theme, UnknownTheme};

use art::Art;
use halma::{Ply, Position, Seat, Square, Variant};
use raster::Canvas;
use scene::{compose, picture, Scene};

/// Draws everything that is drawn once (fonts, palettes, empty boards,
/// pieces) for every theme and board size now, instead of on first use, so
/// that the first picture a user asks for is as fast as the rest. Takes a
/// fraction of a second; calling it again does nothing.
pub fn warm_up() {
    for theme in Theme::ALL {
        for variant in Variant::ALL {
            Art::get(theme, variant);
        }
    }
}

/// The colour of `seat`'s pieces as RGB, the same in every theme and on
/// every board (for instance to colour a message about that player to
/// match). Seats `e` and `f` play only on the star.
///
/// ```
/// use halma::Seat;
/// assert_eq!(halma_render::seat_colour(Seat::A), [0xE6, 0x9F, 0x00]);
/// assert_eq!(halma_render::seat_colour(Seat::F), [0xD5, 0x5E, 0x00]);
/// ```
pub fn seat_colour(seat: Seat) -> [u8; 3] {
    theme::SEAT_COLOURS[seat.index()]
}

/// What to draw besides the pieces of a position.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct BoardOptions {
    /// The colour scheme.
    pub theme: Theme,
    /// The last move's chain: its start, then every landing square. Empty
    /// for none. Squares off the board are ignored.
    pub last_move: Vec<Square>,
    /// Squares to mark, such as a piece's legal destinations.
    pub highlights: Vec<Square>,
    /// Player names by seat (`a` first). Any Unicode; missing or blank names
    /// show as "Player A" and so on, characters the font lacks as �, and
    /// long names are shortened with an ellipsis.
    pub names: Vec<String>,
    /// Leave whose turn it is unmarked (for a finished game).
    pub hide_turn: bool,
    /// Players out of the game (resigned or timed out of a game of three
    /// or four): their names are dimmed and struck through. The board
    /// shows whatever pieces the position holds.
    pub removed: Vec<Seat>,
}

/// Draws `position` as a PNG, reusing the compressed bands of rows that
/// `bands` kept from earlier pictures and keeping this one's (the bytes do
/// not depend on what `bands` holds).
///
/// The image is taller than wide: at least 800 pixels wide for a square
/// board, as wide as the star for the star (682); see [`image_size`] and
/// [`square_centre`].
///
/// ```
/// use halma::{Position, Variant};
/// use halma_render::{board_png, BoardOptions, KeptBands, Theme};
/// let pos: Position = "small bbbb4/bbb5/bb6/b7/8/6a1/5aa1/4aaaa b".parse().unwrap();
/// let options = BoardOptions {
///     theme: Theme::Dark,
///     last_move: vec!["h2".parse().unwrap(), "h3".parse().unwrap()],
///     names: vec!["Ann".into(), "Bob".into()],
///     ..BoardOptions::default()
/// };
/// let png = board_png(&pos, &options, &KeptBands::new());
/// assert!(png.len() < 40_000);
/// ```
pub fn board_png(position: &Position, options: &BoardOptions, bands: &KeptBands) -> Vec<u8> {
    let art = Art::get(options.theme, position.variant());
    let scene = Scene {
        position,
        last_move: &options.last_move,
        highlights: &options.highlights,
        names: &options.names,
        turn: (!options.hide_turn).then(|| position.to_move()),
        removed: &options.removed,
    };
    let cuts = art.layout.band_cuts();
    encode::png(&picture(art, &scene), &art.colours.palette, &cuts, bands)
}

/// How to animate a game.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ReplayOptions {
    /// The colour scheme.
    pub theme: Theme,
    /// Player names by seat, as in [`BoardOptions::names`].
    pub names: Vec<String>,
    /// How long each position shows, in milliseconds (GIF counts in
    /// hundredths of a second).
    pub frame_ms: u32,
    /// How long the final position shows before the animation loops.
    pub last_frame_ms: u32,
    /// Players who left the game before its end, as in
    /// [`BoardOptions::removed`]; shown so in every frame, since the header
    /// does not change during a replay.
    pub removed: Vec<Seat>,
    /// When players left the game: each seat with the number of plies
    /// played before it left. Their pieces are gone from the frame of the
    /// position after those plies on, as they were from the board.
    pub departures: Vec<(usize, Seat)>,
    /// The most frames the animation has, the start and the final position
    /// included (taken as at least 2). A longer game shows the position
    /// after evenly spaced plies; see [`replay`].
    pub max_frames: usize,
    /// The most bytes the GIF should take. Frames are dropped until it
    /// fits; only the start and the final position are always kept, so a
    /// budget smaller than those two frames is exceeded.
    pub max_bytes: usize,
    /// Compress every frame on the calling thread. By default half of
    /// them go to a second thread, which is faster; a caller that must
    /// keep a replay to one core (a bot drawing boards alongside) sets
    /// this. The GIF is the same either way.
    pub one_thread: bool,
}

/// [`ReplayOptions::max_frames`] by default: at 0.8 s a frame, over two
/// and a half minutes of animation; more is seldom watched, and every
/// frame costs time to draw and bytes to send.
pub const MAX_REPLAY_FRAMES: usize = 200;

/// [`ReplayOptions::max_bytes`] by default: 8 MiB, well under the 10 MiB
/// that Discord accepts from a bot in any server.
pub const MAX_REPLAY_BYTES: usize = 8 * 1024 * 1024;

impl Default for ReplayOptions {
    fn default() -> ReplayOptions {
        ReplayOptions {
            theme: Theme::default(),
            names: Vec::new(),
            frame_ms: 800,
            last_frame_ms: 4000,
            removed: Vec::new(),
            departures: Vec::new(),
            max_frames: MAX_REPLAY_FRAMES,
            max_bytes: MAX_REPLAY_BYTES,
            one_thread: false,
        }
    }
}

/// An animated game, and how much of it the animation shows.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Replay {
    /// The GIF.
    pub gif: Vec<u8>,
    /// Its frames: the start, then one per ply shown.
    pub frames: usize,
    /// The plies of the game. When `frames` is less than this plus one,
    /// some plies have no frame of their own (their moves happen between
    /// two frames).
    pub plies: usize,
}

impl Replay {
    /// Whether every ply has its own frame.
    pub fn is_complete(&self) -> bool {
        self.frames == self.plies + 1
    }
}

/// Animates a game as a looping GIF: the start position, then one frame per
/// ply showing the position after it with that move's chain drawn in the
/// mover's colour (a pass shows the same position again); a player who left
/// (see [`ReplayOptions::departures`]) is taken off from the frame of their
/// departure on. The header names
/// the players without a turn marker, so that it never changes: only the
/// part of each frame that changed is stored, and that stays small.
///
/// A game with more plies than [`ReplayOptions::max_frames`] allows, or
/// whose GIF would take more than [`ReplayOptions::max_bytes`], shows the
/// start, the position after evenly spaced plies (each with its own move's
/// chain), and always the final position; [`Replay::frames`] says how many.
///
/// Takes the start and plies rather than a [`halma::Game`] so that any
/// recorded game can be replayed; for a game, pass `game.start()` and
/// `game.plies()`. A ply that does not fit the position (no piece of that
/// seat on its start square, or its end square taken) is shown as a pass.
///
/// ```
/// use halma::{Game, Options, Position, Variant};
/// use halma_render::{replay, ReplayOptions};
/// let start = Position::start(Variant::Small);
/// let mut game = Game::new(start, Options::for_variant(Variant::Small));
/// game.play(&"g3-g4".parse().unwrap()).unwrap();
/// game.play(&"b6-b5".parse().unwrap()).unwrap();
/// let options = ReplayOptions { max_frames: 2, ..ReplayOptions::default() };
/// let shown = replay(game.start(), game.plies(), &options);
/// assert_eq!(&shown.gif[..6], b"GIF89a");
/// assert_eq!((shown.frames, shown.plies), (2, 2));
/// ```
pub fn replay(start: &Position, plies: &[Ply], options: &ReplayOptions) -> Replay {
    let all = plies.len() + 1;
    let mut frames = options.max_frames.clamp(2, all.max(2)).min(all);
    loop {
        let gif = animate(start, plies, options, frames);
        if gif.len() <= options.max_bytes || frames <= 2 {
            return Replay {
                gif,
                frames,
                plies: plies.len(),
            };
        }
        // Frames cost about the same on average (fewer frames each change
        // more, so a little more each): aim a tenth under the budget, and
        // always drop at least one frame, so that this ends.
        let aim = frames as u128 * options.max_bytes as u128 * 9 / 10 / gif.len() as u128;
        frames = (aim as usize).clamp(2, frames - 1);
    }
}

/// [`replay`]'s GIF alone.
///
/// ```
/// use halma::{Game, Options, Position, Variant};
/// use halma_render::{replay_gif, ReplayOptions};
/// let start = Position::start(Variant::Small);
/// let mut game = Game::new(start, Options::for_variant(Variant::Small));
/// game.play(&"g3-g4".parse().unwrap()).unwrap();
/// let gif = replay_gif(game.start(), game.plies(), &ReplayOptions::default());
/// assert_eq!(&gif[..6], b"GIF89a");
/// ```
pub fn replay_gif(start: &Position, plies: &[Ply], options: &ReplayOptions) -> Vec<u8> {
    replay(start, plies, options).gif
}

/// Whether the position after `ply` plies gets a frame when `frames`
/// frames show a game of `plies` plies: the start, the end, and the plies
/// nearest to evenly spaced points between them (`frames` ≥ 2).
fn shown(ply: usize, plies: usize, frames: usize) -> bool {
    if frames > plies {
        return true;
    }
    // Frame j shows ply round(j * plies / (frames - 1)); `ply` is shown if
    // the frame nearest to it lands on it. Plies outnumber the gaps, so
    // every frame lands on a ply of its own.
    let gaps = frames - 1;
    let j = (ply * gaps + plies / 2) / plies;
    (j * plies + gaps / 2) / gaps == ply
}

/// The GIF of [`replay`] with `frames` frames (at most one per ply and
/// the start, at least 2).
fn animate(start: &Position, plies: &[Ply], options: &ReplayOptions, frames: usize) -> Vec<u8> {
    let art = Art::get(options.theme, start.variant());
    let layout = &art.layout;
    let mut gif = encode::GifWriter::new(
        art.base.width,
        art.base.height,
        &art.colours.palette,
        !options.one_thread,
    );
    let delay = |ms: u32| (ms / 10).min(u32::from(u16::MAX)) as u16;

    let mut position = start.clone();
    let mut prev = Canvas::new(layout.width, layout.height, 0);
    let mut next = prev.clone();
    for i in 0..=plies.len() {
        let mut chain: &[Square] = &[];
        if i > 0 {
            let (after, played) = apply(&position, &plies[i - 1]);
            position = after;
            chain = played;
        }
        for &(_, seat) in options.departures.iter().filter(|(plies, _)| *plies == i) {
            // Only a seat still in play of a game of three or four can leave.
            if let Some(left) = position.without(seat) {
                position = left;
            }
        }
        if !shown(i, plies.len(), frames) {
            continue;
        }
        let scene = Scene {
            position: &position,
            last_move: chain,
            highlights: &[],
            names: &options.names,
            turn: None,
            removed: &options.removed,
        };
        compose(art, &scene, &mut next);
        let mut frame = if i == 0 {
            encode::full_frame(&next)
        } else {
            encode::diff_frame(&prev, &next).unwrap_or_else(encode::empty_frame)
        };
        frame.delay = if i == plies.len() {
            delay(options.last_frame_ms)
        } else {
            delay(options.frame_ms)
        };
        gif.push(frame);
        std::mem::swap(&mut prev, &mut next);
    }
    gif.finish()
}

/// The position after `ply` and the chain to draw for it.
fn apply<'a>(position: &Position, ply: &'a Ply) -> (Position, &'a [Square]) {
    if let (Ply::Move { seat, chain }, Some(mv)) = (ply, ply.as_move()) {
        let fits = position.piece_at(mv.from) == Some(*seat)
            && position.piece_at(mv.to).is_none()
            && position.variant().contains(mv.to);
        if let Some(turn) = position.with_to_move(*seat).filter(|_| fits) {
            return (turn.play_unchecked(mv), chain);
        }
    }
    let seat: Seat = ply.seat();
    let passed = position
        .with_to_move(seat)
        .map(|p| p.passed())
        .unwrap_or_else(|| position.passed());
    (passed, &[])
}
