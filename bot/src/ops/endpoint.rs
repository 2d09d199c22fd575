//! The ops endpoint on `METRICS_ADDR`: `GET /healthz` and `GET /metrics`.

use axum::extract::State;
use axum::http::{header, HeaderMap, StatusCode};
use axum::response::{IntoResponse, Response};
use axum::routing::get;
use axum::Router;
use halma_core::ops::health::{Health, Shared, DATABASE_TIMEOUT};
use halma_core::ops::metrics::{database_error, ACTIVE_GAMES};
use metrics_exporter_prometheus::PrometheusHandle;
use std::sync::{Arc, Mutex, PoisonError};
use std::time::Duration;

#[derive(Clone)]
struct Endpoint {
    health: Health,
    metrics: PrometheusHandle,
    /// The last count of active games, shared by scrapes (see [`Shared`]).
    active_games: Arc<Shared<Option<i64>>>,
    /// The bearer token a scrape must carry, if any.
    token: Option<Arc<str>>,
    /// Why the last check failed (`None`: it passed), so that a balancer polling a process
    /// that is starting logs the reason once, not at every poll.
    last_reason: Arc<Mutex<Option<String>>>,
}

/// The ops endpoint: `GET /healthz` (200 `ok`, or 503 with the reason) and `GET /metrics`
/// (Prometheus text format; with a `token`, only for requests that carry it as
/// `Authorization: Bearer <token>`, 401 for others).
pub fn router(health: Health, metrics: PrometheusHandle, token: Option<String>) -> Router {
    Router::new()
        .route("/healthz", get(healthz))
        .route("/metrics", get(scrape))
        .with_state(Endpoint {
            health,
            metrics,
            active_games: Arc::new(Shared::new()),
            token: token.map(Arc::from),
            last_reason: Arc::default(),
        })
}

/// Serves [`router`] on `listener` behind a door guarded as `doors` says, until the task is
/// dropped; also runs the recorder's upkeep, which keeps histograms small between scrapes.
pub async fn serve(
    listener: tokio::net::TcpListener,
    health: Health,
    metrics: PrometheusHandle,
    token: Option<String>,
    doors: halma_web::ServeSettings,
) -> std::io::Result<()> {
    let upkeep_handle = metrics.clone();
    let upkeep = tokio::spawn(async move {
        let mut ticker = tokio::time::interval(Duration::from_secs(10));
        loop {
            ticker.tick().await;
            upkeep_handle.run_upkeep();
        }
    });
    let served = halma_web::serve(listener, router(health, metrics, token), doors).await;
    upkeep.abort();
    served
}

async fn healthz(State(endpoint): State<Endpoint>) -> Response {
    let checked = endpoint.health.check().await;
    let now = checked.as_ref().err().map(ToString::to_string);
    let before = std::mem::replace(
        &mut *endpoint
            .last_reason
            .lock()
            .unwrap_or_else(PoisonError::into_inner),
        now.clone(),
    );
    match now {
        None => {
            if before.is_some() {
                tracing::info!("healthy again");
            }
            (StatusCode::OK, "ok\n").into_response()
        }
        Some(reason) => {
            if before.as_ref() != Some(&reason) {
                tracing::warn!(%reason, "unhealthy");
            }
            (StatusCode::SERVICE_UNAVAILABLE, format!("{reason}\n")).into_response()
        }
    }
}

async fn scrape(State(endpoint): State<Endpoint>, headers: HeaderMap) -> Response {
    if let Some(token) = &endpoint.token {
        let given = headers
            .get(header::AUTHORIZATION)
            .and_then(|v| v.to_str().ok())
            .and_then(|v| v.strip_prefix("Bearer "))
            .unwrap_or_default();
        if !same_secret(given.as_bytes(), token.as_bytes()) {
            return (
                StatusCode::UNAUTHORIZED,
                [(header::WWW_AUTHENTICATE, "Bearer")],
                "a bearer token is required\n",
            )
                .into_response();
        }
    }
    let db = endpoint.health.db();
    let counted = endpoint.active_games.get(|| async {
        match tokio::time::timeout(DATABASE_TIMEOUT, db.count_active_games()).await {
            Ok(Ok(count)) => Some(count),
            // The gauge keeps its last value; the error counter tells.
            Ok(Err(e)) => {
                database_error();
                tracing::warn!(error = %e, "could not count the active games");
                None
            }
            Err(_) => {
                database_error();
                tracing::warn!("counting the active games timed out");
                None
            }
        }
    });
    if let Some(count) = counted.await {
        metrics::gauge!(ACTIVE_GAMES).set(count as f64);
    }
    (
        [(header::CONTENT_TYPE, "text/plain; version=0.0.4")],
        endpoint.metrics.render(),
    )
        .into_response()
}

/// Whether two secrets are equal, in a time that depends only on their lengths.
fn same_secret(given: &[u8], wanted: &[u8]) -> bool {
    given.len() == wanted.len() && given.iter().zip(wanted).fold(0, |d, (a, b)| d | (a ^ b)) == 0
}
