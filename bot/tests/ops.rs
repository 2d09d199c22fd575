//! The ops endpoint over real HTTP: `/healthz` follows the gateway and the database, and
//! `/metrics` shows what the bot recorded in Prometheus' text format.
//!
//! Metrics are process-wide, so this file holds one test: its counts are exact.

use halma_bot::ops;
use halma_core::clock::SystemClock;
use halma_core::ops::{interaction, Gateway, GatewaySession, Health, InteractionOutcome};
use halma_core::service::{parse_move, ChallengeRequest, FirstMover, Opponent, Place};
use halma_core::{Db, Service};
use sqlx::postgres::PgPoolOptions;
use sqlx::PgPool;
use std::net::SocketAddr;
use std::sync::Arc;
use std::time::Duration;

/// Serves the endpoint for `health` on a free port, with `/metrics` behind `token` if any.
async fn start_with(
    health: Health,
    token: Option<&str>,
) -> (SocketAddr, tokio::task::JoinHandle<std::io::Result<()>>) {
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0")
        .await
        .expect("a free port");
    let addr = listener.local_addr().expect("the bound address");
    let token = token.map(str::to_owned);
    let doors = halma_web::ServeSettings::default();
    let server = tokio::spawn(ops::serve(
        listener,
        health,
        ops::install_metrics(),
        token,
        doors,
    ));
    (addr, server)
}

/// Serves the endpoint for `health` on a free port, `/metrics` open.
async fn start(health: Health) -> (SocketAddr, tokio::task::JoinHandle<std::io::Result<()>>) {
    start_with(health, None).await
}

/// GETs `path`: the status, the content type and the body.
async fn get(addr: SocketAddr, path: &str) -> (u16, String, String) {
    let response = reqwest::get(format!("http://{addr}{path}"))
        .await
        .expect("the endpoint answers");
    let status = response.status().as_u16();
    let content_type = response
        .headers()
        .get("content-type")
        .and_then(|v| v.to_str().ok())
        .unwrap_or_default()
        .to_string();
    (status, content_type, response.text().await.expect("a body"))
}

/// The value of the sample `series` (name with labels) in a scrape.
fn sample(scrape: &str, series: &str) -> Option<f64> {
    scrape
        .lines()
        .find_map(|line| line.strip_prefix(series)?.strip_prefix(' '))
        .and_then(|value| value.trim().parse().ok())
}

#[sqlx::test(migrations = "../migrations")]
async fn healthz_and_metrics_answer_over_http(pool: PgPool) {
    let db = Db::new(pool);
    let gateway = Arc::new(Gateway::default());
    gateway.expect(0..2);
    let (addr, server) = start(Health::new(db.clone(), Some(gateway.clone()))).await;

    // Unhealthy until every shard of this process is connected.
    let (status, _, body) = get(addr, "/healthz").await;
    assert_eq!(status, 503);
    assert_eq!(body, "gateway shards 0, 1 are not connected\n");
    gateway.session(0, GatewaySession::Ready);
    gateway.session(1, GatewaySession::Ready);
    assert_eq!(
        get(addr, "/healthz").await,
        (200, "text/plain; charset=utf-8".into(), "ok\n".into())
    );
    // Shard 1 drops and comes back.
    gateway.set(1, false);
    let (status, _, body) = get(addr, "/healthz").await;
    assert_eq!(
        (status, body.as_str()),
        (503, "gateway shard 1 is not connected\n")
    );
    gateway.session(1, GatewaySession::Resumed);
    assert_eq!(get(addr, "/healthz").await.0, 200);

    // A game with one move, and interactions as the Discord layer reports them.
    let service = Service::new(db.clone(), Arc::new(SystemClock));
    let challenge = service
        .invitations()
        .challenge(&ChallengeRequest {
            challenger: Place::new(1, 2).member(3),
            opponents: vec![Opponent {
                user: 4,
                is_bot: false,
                is_me: false,
            }],
            level: None,
            variant: Some(halma::Variant::Small),
            first: FirstMover::Challenger,
            anti_spoiling: false,
            no_parking: false,
            turn_timeout: None,
        })
        .await
        .expect("a challenge");
    service
        .invitations()
        .accept(challenge.id, 4)
        .await
        .expect("accepted");
    let e1_d2 = parse_move("e1", "d2").expect("a move's text");
    service
        .play(Place::new(1, 2).member(3), &e1_d2)
        .await
        .expect("a move");
    interaction(
        "halma move",
        InteractionOutcome::Ok,
        Some(Duration::from_millis(40)),
    );
    interaction(
        "halma move",
        InteractionOutcome::Refused,
        Some(Duration::from_millis(4)),
    );
    interaction("button accept", InteractionOutcome::Error, None);

    let (status, content_type, scrape) = get(addr, "/metrics").await;
    assert_eq!(status, 200);
    assert_eq!(content_type, "text/plain; version=0.0.4");
    for (series, value) in [
        ("halma_active_games", 1.0),
        ("halma_moves_total", 1.0),
        (
            r#"halma_interactions_total{command="halma move",outcome="ok"}"#,
            1.0,
        ),
        (
            r#"halma_interactions_total{command="halma move",outcome="refused"}"#,
            1.0,
        ),
        (
            r#"halma_interactions_total{command="button accept",outcome="error"}"#,
            1.0,
        ),
        (
            r#"halma_interaction_duration_seconds_bucket{command="halma move",le="0.01"}"#,
            1.0,
        ),
        (
            r#"halma_interaction_duration_seconds_bucket{command="halma move",le="0.05"}"#,
            2.0,
        ),
        (
            r#"halma_interaction_duration_seconds_count{command="halma move"}"#,
            2.0,
        ),
        (r#"halma_gateway_sessions_total{event="ready"}"#, 2.0),
        (r#"halma_gateway_sessions_total{event="resumed"}"#, 1.0),
    ] {
        assert_eq!(
            sample(&scrape, series),
            Some(value),
            "{series} in:\n{scrape}"
        );
    }
    assert!(
        scrape.contains("# TYPE halma_interaction_duration_seconds histogram"),
        "{scrape}"
    );
    assert!(
        scrape.contains("# HELP halma_moves_total Moves played."),
        "{scrape}"
    );
    assert_eq!(
        sample(&scrape, "halma_database_errors_total"),
        None,
        "{scrape}"
    );

    // Local mode has no gateway: only the database counts. One that does not answer makes
    // the endpoint unhealthy and is counted.
    let unreachable = PgPoolOptions::new()
        .acquire_timeout(Duration::from_millis(500))
        .connect_lazy("postgres://postgres@127.0.0.1:9/halma")
        .expect("a lazy pool");
    let (local_addr, local_server) = start(Health::new(Db::new(unreachable), None)).await;
    let (status, _, body) = get(local_addr, "/healthz").await;
    assert_eq!(status, 503);
    // Which check failed, not the driver's error (which names the host and the user).
    assert_eq!(body.trim(), "database unavailable");
    assert!(
        !body.contains("127.0.0.1") && !body.contains("postgres"),
        "{body}"
    );
    let (status, _, scrape) = get(local_addr, "/metrics").await;
    assert_eq!(status, 200);
    // One failed health check, one failed count of the active games.
    assert_eq!(
        sample(&scrape, "halma_database_errors_total"),
        Some(2.0),
        "{scrape}"
    );
    let (addr_local_ok, local_ok_server) = start(Health::new(db.clone(), None)).await;
    assert_eq!(get(addr_local_ok, "/healthz").await.0, 200);

    // With METRICS_TOKEN, /metrics answers only a request that carries it; /healthz stays open.
    let (guarded, guarded_server) = start_with(Health::new(db, None), Some("s3cret")).await;
    assert_eq!(get(guarded, "/metrics").await.0, 401);
    let client = reqwest::Client::new();
    for (token, status) in [("wrong", 401), ("s3cre", 401), ("s3cret", 200)] {
        let response = client
            .get(format!("http://{guarded}/metrics"))
            .bearer_auth(token)
            .send()
            .await
            .expect("the endpoint answers");
        assert_eq!(response.status().as_u16(), status, "token {token}");
    }
    assert_eq!(get(guarded, "/healthz").await.0, 200);

    for server in [server, local_server, local_ok_server, guarded_server] {
        server.abort();
    }
}
