//! Running the bot in production: the HTTP endpoint that serves the health check and the
//! metrics (`METRICS_ADDR`), the Prometheus exporter, and giving memory back after a burst.
//! What every layer records and reports is in [`halma_core::ops`].

pub mod endpoint;
pub mod exporter;
pub mod memory;

pub use endpoint::{router, serve};
pub use exporter::install_metrics;
