//! Running the bot in production: the metrics it records, the HTTP endpoint that serves them
//! with a health check (`METRICS_ADDR`), and what graceful shutdown waits for.
//!
//! Nothing here knows Discord's types: the Discord layer reports shard connections and
//! interactions with plain ids and names.

use crate::Db;
use axum::extract::State;
use axum::http::{header, StatusCode};
use axum::response::{IntoResponse, Response};
use axum::routing::get;
use axum::Router;
use metrics_exporter_prometheus::{Matcher, PrometheusBuilder, PrometheusHandle};
use std::collections::BTreeMap;
use std::sync::{Arc, Mutex, OnceLock};
use std::time::Duration;
use tokio::sync::watch;

/// Games being played (a gauge, read from the database at every scrape).
pub const ACTIVE_GAMES: &str = "halma_active_games";
/// Moves played (a counter).
pub const MOVES: &str = "halma_moves_total";
/// Interactions handled, by `command` and `outcome` (a counter).
pub const INTERACTIONS: &str = "halma_interactions_total";
/// Time from receiving an interaction to its answer, by `command` (a histogram).
pub const INTERACTION_SECONDS: &str = "halma_interaction_duration_seconds";
/// Database errors seen anywhere (a counter).
pub const DATABASE_ERRORS: &str = "halma_database_errors_total";
/// Gateway sessions started (`event="ready"`) or resumed (`event="resumed"`); more than one
/// ready per shard means the bot reconnected (a counter).
pub const GATEWAY_SESSIONS: &str = "halma_gateway_sessions_total";

/// Upper bounds of the latency histogram's buckets, in seconds. Discord gives an interaction
/// three seconds for its first answer.
const LATENCY_BUCKETS: [f64; 11] = [0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 2.0, 3.0, 5.0, 10.0];

/// How long a health check or a scrape waits for the database.
const DATABASE_TIMEOUT: Duration = Duration::from_secs(3);

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
}

/// How an interaction ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Outcome {
    /// Answered as asked.
    Ok,
    /// Refused: the user asked for something the rules or the bot do not allow.
    Refused,
    /// Failed on our side; the user got an apology.
    Error,
}

impl Outcome {
    /// The label value.
    pub fn as_str(self) -> &'static str {
        match self {
            Outcome::Ok => "ok",
            Outcome::Refused => "refused",
            Outcome::Error => "error",
        }
    }
}

/// Records a handled interaction: `command` is a fixed name like `halma move` or
/// `button accept`, never user input, so the number of label values stays small.
pub fn interaction(command: &str, outcome: Outcome, elapsed: Option<Duration>) {
    let command = command.to_string();
    metrics::counter!(INTERACTIONS, "command" => command.clone(), "outcome" => outcome.as_str())
        .increment(1);
    if let Some(elapsed) = elapsed {
        metrics::histogram!(INTERACTION_SECONDS, "command" => command).record(elapsed);
    }
}

/// Records a move played.
pub fn move_played() {
    metrics::counter!(MOVES).increment(1);
}

/// Records a database error.
pub fn database_error() {
    metrics::counter!(DATABASE_ERRORS).increment(1);
}

/// Records a database error if `error` was caused by one.
pub fn count_error(error: &anyhow::Error) {
    let from_database = error.chain().any(|cause| {
        cause.is::<sqlx::Error>()
            || matches!(
                cause.downcast_ref::<crate::error::Error>(),
                Some(crate::error::Error::Db(_))
            )
    });
    if from_database {
        database_error();
    }
}

/// How a gateway session began.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Session {
    /// READY: a new session (the first connection, or a reconnect that could not resume).
    Ready,
    /// RESUMED: a dropped connection picked up where it left off.
    Resumed,
}

/// The connection state of this process's gateway shards, for the health check.
#[derive(Debug, Default)]
pub struct Gateway {
    /// Connected or not, by shard id.
    shards: Mutex<BTreeMap<u32, bool>>,
}

impl Gateway {
    /// Names the shards this process runs; each counts as disconnected until it connects.
    pub fn expect(&self, shards: impl IntoIterator<Item = u32>) {
        let mut map = self.shards.lock().unwrap_or_else(|e| e.into_inner());
        for shard in shards {
            map.entry(shard).or_insert(false);
        }
    }

    /// A shard began a session (READY or RESUMED).
    pub fn session(&self, shard: u32, how: Session) {
        let event = match how {
            Session::Ready => "ready",
            Session::Resumed => "resumed",
        };
        metrics::counter!(GATEWAY_SESSIONS, "event" => event).increment(1);
        self.set(shard, true);
    }

    /// A shard's connection is up (`true`) or not.
    pub fn set(&self, shard: u32, connected: bool) {
        let mut map = self.shards.lock().unwrap_or_else(|e| e.into_inner());
        map.insert(shard, connected);
    }

    /// `None` when every shard is connected, else what is wrong.
    ///
    /// ```
    /// use halma_bot::ops::{Gateway, Session};
    /// let gateway = Gateway::default();
    /// gateway.expect(0..2);
    /// gateway.session(0, Session::Ready);
    /// assert_eq!(gateway.problem().as_deref(), Some("gateway shard 1 is not connected"));
    /// gateway.session(1, Session::Resumed);
    /// assert_eq!(gateway.problem(), None);
    /// ```
    pub fn problem(&self) -> Option<String> {
        let map = self.shards.lock().unwrap_or_else(|e| e.into_inner());
        if map.is_empty() {
            return Some("the gateway is not connected yet".into());
        }
        let down: Vec<String> = map
            .iter()
            .filter(|(_, &up)| !up)
            .map(|(id, _)| id.to_string())
            .collect();
        match down.len() {
            0 => None,
            1 => Some(format!("gateway shard {} is not connected", down[0])),
            _ => Some(format!(
                "gateway shards {} are not connected",
                down.join(", ")
            )),
        }
    }
}

/// What `/healthz` checks: the database, and the gateway unless this is local mode.
#[derive(Clone, Debug)]
pub struct Health {
    db: Db,
    gateway: Option<Arc<Gateway>>,
}

impl Health {
    /// Checks `db`, and `gateway` when there is one (local mode has none).
    pub fn new(db: Db, gateway: Option<Arc<Gateway>>) -> Health {
        Health { db, gateway }
    }

    /// `Ok` when healthy, else the reason.
    #[tracing::instrument(skip_all)]
    pub async fn check(&self) -> Result<(), String> {
        if let Some(problem) = self.gateway.as_ref().and_then(|g| g.problem()) {
            return Err(problem);
        }
        match tokio::time::timeout(DATABASE_TIMEOUT, self.db.ping()).await {
            Ok(Ok(())) => Ok(()),
            Ok(Err(e)) => {
                database_error();
                Err(format!("the database does not answer: {e}"))
            }
            Err(_) => {
                database_error();
                Err(format!(
                    "the database did not answer within {} s",
                    DATABASE_TIMEOUT.as_secs()
                ))
            }
        }
    }
}

#[derive(Clone)]
struct Endpoint {
    health: Health,
    metrics: PrometheusHandle,
}

/// The ops endpoint: `GET /healthz` (200 `ok`, or 503 with the reason) and `GET /metrics`
/// (Prometheus text format).
pub fn router(health: Health, metrics: PrometheusHandle) -> Router {
    Router::new()
        .route("/healthz", get(healthz))
        .route("/metrics", get(scrape))
        .with_state(Endpoint { health, metrics })
}

/// Serves [`router`] on `listener` until the task is dropped; also runs the recorder's
/// upkeep, which keeps histograms small between scrapes.
pub async fn serve(
    listener: tokio::net::TcpListener,
    health: Health,
    metrics: PrometheusHandle,
) -> std::io::Result<()> {
    let upkeep_handle = metrics.clone();
    let upkeep = tokio::spawn(async move {
        let mut ticker = tokio::time::interval(Duration::from_secs(10));
        loop {
            ticker.tick().await;
            upkeep_handle.run_upkeep();
        }
    });
    let served = axum::serve(listener, router(health, metrics)).await;
    upkeep.abort();
    served
}

async fn healthz(State(endpoint): State<Endpoint>) -> Response {
    match endpoint.health.check().await {
        Ok(()) => (StatusCode::OK, "ok\n").into_response(),
        Err(reason) => {
            tracing::warn!(%reason, "unhealthy");
            (StatusCode::SERVICE_UNAVAILABLE, format!("{reason}\n")).into_response()
        }
    }
}

async fn scrape(State(endpoint): State<Endpoint>) -> Response {
    let db = &endpoint.health.db;
    match tokio::time::timeout(DATABASE_TIMEOUT, db.count_active_games()).await {
        Ok(Ok(count)) => metrics::gauge!(ACTIVE_GAMES).set(count as f64),
        // The gauge keeps its last value; the error counter tells.
        Ok(Err(e)) => {
            database_error();
            tracing::warn!(error = %e, "could not count the active games");
        }
        Err(_) => {
            database_error();
            tracing::warn!("counting the active games timed out");
        }
    }
    (
        [(header::CONTENT_TYPE, "text/plain; version=0.0.4")],
        endpoint.metrics.render(),
    )
        .into_response()
}

/// Asks the parts of the bot to stop; made by [`shutdown`].
#[derive(Debug)]
pub struct StopSwitch(watch::Sender<bool>);

/// Tells a part of the bot that it should stop; made by [`shutdown`], cloned for each part.
#[derive(Clone, Debug)]
pub struct Shutdown(watch::Receiver<bool>);

/// A switch and the signal it sends.
///
/// ```
/// let (switch, shutdown) = halma_bot::ops::shutdown();
/// let part = shutdown.clone();
/// assert!(!part.is_requested());
/// switch.stop();
/// assert!(part.is_requested() && shutdown.is_requested());
/// ```
pub fn shutdown() -> (StopSwitch, Shutdown) {
    let (tx, rx) = watch::channel(false);
    (StopSwitch(tx), Shutdown(rx))
}

impl StopSwitch {
    /// Asks every part to stop.
    pub fn stop(&self) {
        self.0.send_replace(true);
    }
}

impl Shutdown {
    /// Waits until stopping is asked for; forever if the switch is dropped unused.
    pub async fn requested(&mut self) {
        if self.0.wait_for(|&stop| stop).await.is_err() {
            std::future::pending::<()>().await;
        }
    }

    /// Whether stopping was asked for.
    pub fn is_requested(&self) -> bool {
        *self.0.borrow()
    }
}

/// Counts handlers that are running, so that shutdown can wait for them.
#[derive(Debug)]
pub struct InFlight(watch::Sender<usize>);

impl Default for InFlight {
    fn default() -> InFlight {
        InFlight(watch::channel(0).0)
    }
}

/// Held while a handler runs.
#[derive(Debug)]
pub struct Busy(Arc<InFlight>);

impl Drop for Busy {
    fn drop(&mut self) {
        self.0 .0.send_modify(|n| *n = n.saturating_sub(1));
    }
}

impl InFlight {
    /// Counts one handler until the returned guard is dropped.
    pub fn enter(self: &Arc<Self>) -> Busy {
        self.0.send_modify(|n| *n += 1);
        Busy(self.clone())
    }

    /// Handlers running now.
    pub fn count(&self) -> usize {
        *self.0.borrow()
    }

    /// Waits until no handler runs, at most `limit`; false when some still do.
    pub async fn wait_idle(&self, limit: Duration) -> bool {
        let mut rx = self.0.subscribe();
        let waited = tokio::time::timeout(limit, rx.wait_for(|&n| n == 0)).await;
        matches!(waited, Ok(Ok(_)))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[tokio::test]
    async fn shutdown_waits_for_the_handlers_still_running() {
        let in_flight = Arc::new(InFlight::default());
        assert!(in_flight.wait_idle(Duration::ZERO).await);
        let first = in_flight.enter();
        let second = in_flight.enter();
        assert_eq!(in_flight.count(), 2);
        assert!(!in_flight.wait_idle(Duration::from_millis(10)).await);
        let waiting = {
            let in_flight = in_flight.clone();
            tokio::spawn(async move { in_flight.wait_idle(Duration::from_secs(60)).await })
        };
        drop(first);
        drop(second);
        assert!(waiting.await.expect("the waiting task"));
        assert_eq!(in_flight.count(), 0);
    }

    #[test]
    fn the_gateway_is_unhealthy_until_each_shard_connects() {
        let gateway = Gateway::default();
        assert_eq!(
            gateway.problem().as_deref(),
            Some("the gateway is not connected yet")
        );
        gateway.expect([3, 4, 5]);
        assert_eq!(
            gateway.problem().as_deref(),
            Some("gateway shards 3, 4, 5 are not connected")
        );
        for shard in 3..=5 {
            gateway.session(shard, Session::Ready);
        }
        assert_eq!(gateway.problem(), None);
    }
}
