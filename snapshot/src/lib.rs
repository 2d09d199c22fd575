//! What a live page shows, as plain data: a game's snapshot (its plies, players, state and
//! the board's geometry), a server's page and a tournament's. The bot fills them from its
//! database; the pages (`halma-web`) serve them. Names and codes only, never words, so one
//! snapshot serves every language; no I/O, no HTTP, so the layer that builds them needs no
//! web server.

mod geometry;
mod server;
mod snapshot;
mod tournament;

pub use geometry::{Board, Camp, Cell, Shape};
pub use server::{ActiveGame, Leaderboard, ListedTournament, Ranked, ServerSnapshot};
pub use snapshot::{
    seat_colour, Fit, GameSnapshot, Player, PlyUpdate, PlyView, Reason, State, Status, SEAT_COLOURS,
};
pub use tournament::{TournamentRow, TournamentSnapshot};
