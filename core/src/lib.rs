//! The Halma bot without a front end: the database layer, the service (game flow with no
//! Discord types), the presentation of what it returns in eight languages, and the one
//! delivery that every front end answers through.
//!
//! Data flows one way: a front end calls one [`service::Service`] function with plain ids and
//! values; the service reads and writes the [`db::Db`] and asks the rules crate; the front end
//! turns what it returns (or an [`error::UserError`]) into a message with [`present`] and sends
//! it with [`front::deliver`] over a medium of its own. The [`model`] types are shared by the
//! database layer, the service and the presentation. This crate is the only one that speaks
//! SQL; it knows no Discord library and no HTTP server or client.

pub mod clicks;
pub mod clock;
pub mod db;
pub mod error;
pub mod front;
pub mod model;
pub mod names;
pub mod ops;
pub mod present;
pub mod replays;
pub mod service;
pub mod sight;
pub mod workers;

/// The texts in every language (the `halma-locale` crate, shared with the web pages), at the
/// path the bot's modules have always named them by.
pub use halma_locale as locale;

pub use db::Db;
pub use error::{Error, UserError};
pub use service::Service;
