//! Halma rules: boards, camps, variants, moves, notation and outcomes.
//!
//! Pure game logic with no I/O, following the project's rule book. The
//! main types are [`Position`] (pieces and the seat to move, written as a
//! position string), [`Move`] and [`MoveText`] (what players write),
//! [`Options`] (per-game rules) and [`Game`] (a played game and its
//! [`Outcome`]).
//!
//! The same types play Stern-Halma on the star's 121 holes
//! ([`Variant::STAR`]): holes are squares with names on a sheared 17×17
//! grid, and a player's camps are the star's [`Point`]s.
//!
//! ```
//! use halma::{Game, Options, Position, Variant};
//! let start = Position::start(Variant::Standard);
//! let opts = Options::for_variant(Variant::Standard);
//! assert_eq!(start.legal_moves(&opts).len(), 40);
//! let mut game = Game::new(start, opts);
//! let chain = game.play(&"l2-l3".parse().unwrap()).unwrap();
//! assert_eq!(chain.len(), 2);
//! ```

mod bitboard;
mod game;
mod hops;
mod moves;
mod notation;
mod options;
mod perft;
mod position;
mod solitaire;
mod square;
mod star;
mod variant;

pub use bitboard::{Bitboard, Squares};
pub use game::{DrawReason, Game, Outcome, Ply, Snapshot, WinReason};
pub use moves::{IllegalMove, Move};
pub use notation::{MoveText, ParseMoveError};
pub use options::{OptionError, Options};
pub use perft::perft;
pub use position::{ParsePositionError, Position};
pub use square::{ParseSquareError, Square, MAX_SIDE};
pub use star::Point;
pub use variant::{CampShape, Corner, Seat, UnknownVariant, Variant};
