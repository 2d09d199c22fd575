//! The Prometheus exporter of the bot's metrics: the recorder installed once per process, with
//! a description of each metric the core and the web side record.

use halma_core::ops::metrics::{
    ACTIVE_GAMES, DATABASE_ERRORS, GATEWAY_SESSIONS, INTERACTIONS, INTERACTION_SECONDS, MOVES,
    REPLAYS, SEARCHES, SEARCHES_RUNNING, SEARCHES_WAITING, SEARCH_QUEUE_LONGEST,
};
use metrics_exporter_prometheus::{Matcher, PrometheusBuilder, PrometheusHandle};
use std::sync::OnceLock;

/// Upper bounds of the latency histogram's buckets, in seconds. Discord gives an interaction
/// three seconds for its first answer.
const LATENCY_BUCKETS: [f64; 11] = [0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 2.0, 3.0, 5.0, 10.0];

/// Installs the Prometheus recorder as the process's metrics recorder (once; later calls
/// return the same handle). Until it is installed, recording a metric does nothing.
pub fn install_metrics() -> PrometheusHandle {
    static HANDLE: OnceLock<PrometheusHandle> = OnceLock::new();
    HANDLE
        .get_or_init(|| {
            let builder = PrometheusBuilder::new()
                .set_buckets_for_metric(
                    Matcher::Full(INTERACTION_SECONDS.to_string()),
                    &LATENCY_BUCKETS,
                )
                .expect("the bucket list is not empty");
            let recorder = builder.build_recorder();
            let handle = recorder.handle();
            if metrics::set_global_recorder(recorder).is_err() {
                tracing::warn!(
                    "another metrics recorder was installed first; /metrics stays empty"
                );
            }
            describe();
            handle
        })
        .clone()
}

fn describe() {
    metrics::describe_gauge!(ACTIVE_GAMES, "Games being played.");
    metrics::describe_counter!(MOVES, "Moves played.");
    metrics::describe_counter!(
        INTERACTIONS,
        "Interactions handled, by command and outcome (ok, refused, error)."
    );
    metrics::describe_histogram!(
        INTERACTION_SECONDS,
        metrics::Unit::Seconds,
        "Time from receiving an interaction to its answer."
    );
    metrics::describe_counter!(DATABASE_ERRORS, "Database errors.");
    metrics::describe_counter!(
        GATEWAY_SESSIONS,
        "Gateway sessions started (ready) or resumed; more than one per shard means reconnects."
    );
    metrics::describe_counter!(
        SEARCHES,
        "The bot's searches by event: started, cancelled (dropped or stopped), refused (no room)."
    );
    metrics::describe_gauge!(SEARCHES_RUNNING, "The bot's searches running now.");
    metrics::describe_gauge!(
        SEARCHES_WAITING,
        "The bot's searches waiting for a thread now."
    );
    metrics::describe_gauge!(
        SEARCH_QUEUE_LONGEST,
        "The most of the bot's searches that waited at once."
    );
    metrics::describe_counter!(
        halma_web::REFUSED_CONNECTIONS,
        "Web connections closed at once because a cap was reached: total or per client."
    );
    metrics::describe_counter!(
        halma_web::RATE_LIMITED,
        "Web requests refused with 429 by a per-client rate limit, by limit (pages, ...)."
    );
    metrics::describe_counter!(
        REPLAYS,
        "Replay requests by answer: drawn, shared (another request's drawing), kept (cached) or refused (queue full)."
    );
}
