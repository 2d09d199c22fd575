//! Running the bot in production: the metrics it records, the HTTP endpoint that serves them
//! with a health check (`METRICS_ADDR`), and what graceful shutdown waits for.
//!
//! One file per job: [`metrics`] installs the recorder and counts, [`health`] knows whether
//! the gateway and the database are up, [`endpoint`] serves both over HTTP, [`shutdown`] is the
//! stop switch, [`in_flight`] counts the handlers still running, and [`memory`] gives freed
//! memory back to the system once they go quiet. Nothing here knows
//! Discord's types: the Discord layer reports shard connections and interactions with plain
//! ids and names.

pub mod endpoint;
pub mod health;
pub mod in_flight;
pub mod memory;
pub mod metrics;
pub mod shutdown;

pub use self::metrics::{
    count_error, database_error, install_metrics, interaction, move_played, InteractionOutcome,
};
pub use endpoint::{router, serve};
pub use health::{Gateway, GatewaySession, Health};
pub use in_flight::{Busy, InFlight};
pub use shutdown::{shutdown, Shutdown, StopSwitch};
