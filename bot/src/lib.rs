//! The Halma Discord bot's binary as a library: its settings from the environment, local mode
//! (play in the terminal), logging, the panic hook, the ops endpoint and the Interactions Endpoint's HTTP side. It wires the layers:
//! the core ([`halma_core`]), the Discord front end ([`halma_discord`]) and the web side
//! ([`halma_activity`]); see ARCHITECTURE.md.

pub mod config;
pub mod endpoint;
pub mod local;
pub mod logging;
pub mod ops;
pub mod panics;
