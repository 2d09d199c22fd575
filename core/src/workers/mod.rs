//! The bot's own work, the same for every front end: the turn timer's loop and the worker
//! that plays the bot's moves. Neither knows Discord; what they write waits in the outbox for
//! the front end's sender.

pub mod bot_moves;
pub mod timer;
