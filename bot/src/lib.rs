//! The Halma Discord bot as a library: the database layer, the service (game flow without any
//! Discord types) and the texts users see (from [`locale`]), in eight languages.
//!
//! Data flows one way: a Discord command calls one [`service::Service`] function with plain ids
//! and values; the service reads and writes the [`db::Db`] and asks the rules crate; the command
//! turns what it returns (or an [`error::UserError`]) into a message with [`present`]. The
//! [`model`] types are shared by the database layer, the service and the presentation.

pub mod activity;
pub mod clicks;
pub mod clock;
pub mod config;
pub mod db;
pub mod discord;
pub mod error;
pub mod front;
pub mod local;
pub mod logging;
pub mod model;
pub mod names;
pub mod ops;
pub mod panics;
pub mod present;
pub mod replays;
pub mod service;
pub mod sight;
pub mod web;
pub mod workers;

/// The texts in every language (the `halma-locale` crate, shared with the web pages), at the
/// path the bot's modules have always named them by.
pub use halma_locale as locale;

pub use db::Db;
pub use error::{Error, UserError};
pub use service::Service;
