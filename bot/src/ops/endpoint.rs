//! The ops endpoint on `METRICS_ADDR`: `GET /healthz` and `GET /metrics`.

use super::health::{Health, DATABASE_TIMEOUT};
use super::metrics::{database_error, ACTIVE_GAMES};
use axum::extract::State;
use axum::http::{header, StatusCode};
use axum::response::{IntoResponse, Response};
use axum::routing::get;
use axum::Router;
use metrics_exporter_prometheus::PrometheusHandle;
use std::time::Duration;

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
    let db = endpoint.health.db();
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
