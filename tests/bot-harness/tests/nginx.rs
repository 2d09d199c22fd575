//! The real nginx of the harness in front of tiny axum servers on loopback that answer their
//! own name (and echo what reached them).

use std::collections::BTreeSet;
use std::net::SocketAddr;

use axum::body::Bytes;
use axum::http::{HeaderMap, StatusCode};
use axum::routing::post;
use axum::{Json, Router};
use bot_harness::{BalancerConfig, Nginx};
use serde_json::{json, Value};
use tokio::task::JoinHandle;

/// A tiny HTTP server on loopback; stopped (its port closed) by [`Upstream::stop`].
struct Upstream {
    addr: SocketAddr,
    task: JoinHandle<()>,
}

impl Upstream {
    /// Answers every POST with its name, the signature headers and the body it got.
    async fn named(name: &'static str) -> Upstream {
        let app = Router::new().fallback(post(move |headers: HeaderMap, body: Bytes| async move {
            let header = |h: &str| {
                headers
                    .get(h)
                    .and_then(|v| v.to_str().ok())
                    .map(str::to_owned)
            };
            Json(json!({
                "name": name,
                "signature": header("x-signature-ed25519"),
                "timestamp": header("x-signature-timestamp"),
                "content_type": header("content-type"),
                "body": String::from_utf8_lossy(&body),
            }))
        }));
        Self::serve(app).await
    }

    /// Answers every request 503, as a process that is starting.
    async fn unavailable() -> Upstream {
        let app =
            Router::new().fallback(|| async { (StatusCode::SERVICE_UNAVAILABLE, "starting") });
        Self::serve(app).await
    }

    async fn serve(app: Router) -> Upstream {
        let listener = tokio::net::TcpListener::bind("127.0.0.1:0")
            .await
            .expect("bind a loopback port");
        let addr = listener.local_addr().expect("address");
        let task = tokio::spawn(async move {
            let _ = axum::serve(listener, app).await;
        });
        Upstream { addr, task }
    }

    /// Stops serving and closes the port: connections to it are refused from now on.
    async fn stop(self) {
        self.task.abort();
        let _ = self.task.await;
    }
}

fn client() -> reqwest::Client {
    reqwest::Client::builder()
        .no_proxy()
        .build()
        .expect("client")
}

/// POSTs `body` through nginx; the upstream's JSON answer.
async fn through(nginx: &Nginx, body: &str) -> Value {
    let response = client()
        .post(format!("{}/interactions", nginx.url()))
        .header("content-type", "application/json")
        .body(body.to_owned())
        .send()
        .await
        .expect("nginx answers");
    assert_eq!(response.status(), 200, "{}", nginx.error_log());
    response.json().await.expect("the upstream's JSON")
}

/// The names of the upstreams that answered `n` requests.
async fn names(nginx: &Nginx, n: usize) -> BTreeSet<String> {
    let mut seen = BTreeSet::new();
    for i in 0..n {
        let answer = through(nginx, &format!("{{\"n\":{i}}}")).await;
        seen.insert(answer["name"].as_str().unwrap_or("").to_owned());
    }
    seen
}

fn set(names: &[&str]) -> BTreeSet<String> {
    names.iter().map(|n| (*n).to_owned()).collect()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn requests_reach_both_upstreams_and_only_the_live_one_after_a_stop() {
    let (one, two) = (Upstream::named("one").await, Upstream::named("two").await);
    let nginx = Nginx::start(&[one.addr, two.addr])
        .await
        .expect("nginx starts");
    assert_eq!(names(&nginx, 6).await, set(&["one", "two"]));

    one.stop().await;
    // Every request still succeeds: the refused connection sends it on to the other.
    assert_eq!(names(&nginx, 10).await, set(&["two"]));
    let log = nginx.access_log();
    assert!(
        log.contains(&format!("upstream={}", two.addr)),
        "the access log names the upstream: {log}"
    );
    assert!(
        nginx.error_log().contains("Connection refused"),
        "the error log tells of the stopped upstream: {}",
        nginx.error_log()
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn least_conn_skips_an_upstream_that_answers_503() {
    let starting = Upstream::unavailable().await;
    let ready = Upstream::named("ready").await;
    let config = BalancerConfig::new(&[starting.addr, ready.addr]).least_conn();
    let nginx = Nginx::start_with(config).await.expect("nginx starts");
    // POSTs included: nginx tries the next upstream after a 503.
    assert_eq!(names(&nginx, 6).await, set(&["ready"]));
    assert!(
        nginx.access_log().contains("503"),
        "the 503 was tried and logged: {}",
        nginx.access_log()
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_body_and_the_signature_headers_pass_untouched() {
    let only = Upstream::named("only").await;
    let nginx = Nginx::start(&[only.addr]).await.expect("nginx starts");
    let body = r#"{"type":2,"id":"1234","data":{"name":"halma","text":"  spaced  \u00e9"}}"#;
    let signature = "ab".repeat(64);
    let response = client()
        .post(format!("{}/interactions", nginx.url()))
        .header("content-type", "application/json")
        .header("X-Signature-Ed25519", &signature)
        .header("X-Signature-Timestamp", "1700000000")
        .body(body)
        .send()
        .await
        .expect("nginx answers");
    assert_eq!(response.status(), 200);
    let seen: Value = response.json().await.expect("JSON");
    assert_eq!(seen["body"], body);
    assert_eq!(seen["signature"], signature);
    assert_eq!(seen["timestamp"], "1700000000");
    assert_eq!(seen["content_type"], "application/json");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_reload_moves_traffic_to_the_new_upstreams() {
    let (old, new) = (Upstream::named("old").await, Upstream::named("new").await);
    let mut nginx = Nginx::start(&[old.addr]).await.expect("nginx starts");
    assert_eq!(names(&nginx, 3).await, set(&["old"]));
    nginx.reload(&[new.addr]).await.expect("nginx reloads");
    assert_eq!(nginx.upstreams(), [new.addr]);
    assert_eq!(names(&nginx, 4).await, set(&["new"]));
    assert!(
        nginx.reload(&[]).await.is_err(),
        "no upstream at all is refused"
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn dropping_nginx_stops_it() {
    let only = Upstream::named("only").await;
    let nginx = Nginx::start(&[only.addr]).await.expect("nginx starts");
    let (addr, pid) = (nginx.addr(), nginx.pid());
    let status = std::fs::read_to_string(format!("/proc/{pid}/status")).expect("its status");
    let uids = status
        .lines()
        .find_map(|l| l.strip_prefix("Uid:"))
        .expect("a Uid line");
    assert!(
        uids.split_whitespace().all(|uid| uid != "0"),
        "nginx runs unprivileged (real, effective, saved, fs uids: {uids})"
    );
    drop(nginx);
    assert!(
        !std::path::Path::new(&format!("/proc/{pid}")).exists(),
        "the master process is gone"
    );
    assert!(
        tokio::net::TcpStream::connect(addr).await.is_err(),
        "nothing listens on nginx's port any more"
    );
}
