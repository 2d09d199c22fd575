//! What running the bot needs from every layer: the metrics it records, whether the gateway
//! and the database are up, what graceful shutdown waits for.
//!
//! One file per job: [`metrics`] counts, [`health`] knows whether the gateway and the database
//! are up, [`shutdown`] is the stop switch, and [`in_flight`] counts the handlers still
//! running. The binary serves them over HTTP and exports the metrics. Nothing here knows
//! Discord's types: the Discord layer reports shard connections and interactions with plain
//! ids and names.

pub mod health;
pub mod in_flight;
pub mod metrics;
pub mod shutdown;

pub use self::metrics::{
    count_error, count_refused_interaction, database_error, interaction, move_played,
    InteractionOutcome,
};
pub use health::{Gateway, GatewaySession, Health, Serving};
pub use in_flight::{Busy, InFlight};
pub use shutdown::{shutdown, Shutdown, StopSwitch};
