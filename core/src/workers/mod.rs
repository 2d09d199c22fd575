//! The bot's own work, the same for every front end: the turn timer's loop, the worker that
//! plays the bot's moves, the one that runs the arenas and the one that computes the puzzles'
//! pars. None knows Discord; what they write waits in the outbox for the front end's sender.

pub mod arena;
pub mod bot_moves;
pub mod puzzle_pars;
pub mod timer;
