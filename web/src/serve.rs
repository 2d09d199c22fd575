//! A hardened HTTP/1 server for any axum router: the accept loop that the bot's web doors
//! (the pages, the ops endpoint) use instead of plain `axum::serve`.
//!
//! - hyper gets a timer, so a client that does not send its request's headers within
//!   [`ServeSettings::header_timeout`] is cut off; the same timeout closes a kept-alive
//!   connection that waits that long for its next request;
//! - headers are small ([`ServeSettings::max_header_bytes`]), or the answer is 431;
//! - connections are capped in total and per client address: past a cap, a new connection is
//!   closed at once and counted in [`REFUSED_CONNECTIONS`];
//! - an ordinary request gets [`ServeSettings::request_timeout`] to produce its response's head
//!   (503 after); an event stream's head comes at once, so its long body is never cut;
//! - every request carries a [`ClientAddr`]: the peer, or behind a trusted proxy the last
//!   address of `X-Forwarded-For` that is not a trusted proxy itself.

use crate::client::{client_addr, network, ClientAddr};
use axum::body::Body;
use axum::extract::{Request, State};
use axum::http::StatusCode;
use axum::middleware::{from_fn_with_state, Next};
use axum::response::{IntoResponse, Response};
use axum::Router;
use hyper::server::conn::http1;
use hyper_util::rt::{TokioIo, TokioTimer};
use std::collections::HashMap;
use std::net::IpAddr;
use std::sync::{Arc, Mutex, PoisonError};
use std::time::Duration;
use tokio::net::TcpListener;
use tower::Service;

/// Connections closed at once because a cap was reached (a counter, by `cap`: `total` or
/// `client`).
pub const REFUSED_CONNECTIONS: &str = "halma_web_refused_connections_total";

/// How [`serve`] guards its door.
#[derive(Clone, Debug)]
pub struct ServeSettings {
    /// How long a client may take to send a request's headers, and how long a kept-alive
    /// connection may wait for its next request.
    pub header_timeout: Duration,
    /// How long a request may take to produce its response's head (not its body: event
    /// streams stay open).
    pub request_timeout: Duration,
    /// Connections open at once, in all.
    pub max_connections: usize,
    /// Connections open at once from one client address (an IPv6 client: its /64). Trusted
    /// proxies are not capped by this: they carry many clients.
    pub max_connections_per_client: usize,
    /// The largest request head (request line and headers), in bytes.
    pub max_header_bytes: usize,
    /// Proxies whose `X-Forwarded-For` is believed: the client is the last address in it
    /// that is not one of them. Empty: the peer is the client, whatever the header says.
    pub trusted_proxies: Vec<IpAddr>,
}

impl Default for ServeSettings {
    fn default() -> ServeSettings {
        ServeSettings {
            header_timeout: Duration::from_secs(10),
            request_timeout: Duration::from_secs(30),
            max_connections: 1000,
            max_connections_per_client: 64,
            max_header_bytes: 16 * 1024,
            trusted_proxies: Vec::new(),
        }
    }
}

/// Which cap refused a connection.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Cap {
    Total,
    Client,
}

/// The connections open now: in all, and per client address.
#[derive(Default)]
struct Open {
    total: usize,
    per_client: HashMap<IpAddr, usize>,
}

/// Counts the open connections against the caps.
struct Doorman {
    open: Mutex<Open>,
    max: usize,
    max_per_client: usize,
}

/// One admitted connection: it counts until dropped.
struct Admitted {
    doorman: Arc<Doorman>,
    client: Option<IpAddr>,
}

impl Doorman {
    fn new(settings: &ServeSettings) -> Arc<Doorman> {
        Arc::new(Doorman {
            open: Mutex::new(Open::default()),
            max: settings.max_connections,
            max_per_client: settings.max_connections_per_client,
        })
    }

    fn open(&self) -> std::sync::MutexGuard<'_, Open> {
        self.open.lock().unwrap_or_else(PoisonError::into_inner)
    }

    /// Admits a connection from `client` (`None`: a trusted proxy, capped only in all).
    fn admit(self: &Arc<Self>, client: Option<IpAddr>) -> Result<Admitted, Cap> {
        let mut open = self.open();
        if open.total >= self.max {
            return Err(Cap::Total);
        }
        if let Some(client) = client {
            let count = open.per_client.entry(client).or_insert(0);
            if *count >= self.max_per_client {
                return Err(Cap::Client);
            }
            *count += 1;
        }
        open.total += 1;
        Ok(Admitted {
            doorman: self.clone(),
            client,
        })
    }
}

impl Drop for Admitted {
    fn drop(&mut self) {
        let mut open = self.doorman.open();
        open.total -= 1;
        if let Some(client) = self.client {
            if let Some(count) = open.per_client.get_mut(&client) {
                *count -= 1;
                if *count == 0 {
                    open.per_client.remove(&client);
                }
            }
        }
    }
}

/// Serves `router` on `listener` as `settings` say, until the future is dropped (connections
/// already open are served to their end).
pub async fn serve(
    listener: TcpListener,
    router: Router,
    settings: ServeSettings,
) -> std::io::Result<()> {
    let router = router.layer(from_fn_with_state(
        settings.request_timeout,
        request_timeout,
    ));
    let doorman = Doorman::new(&settings);
    let trusted: Arc<[IpAddr]> = settings.trusted_proxies.clone().into();
    let mut http = http1::Builder::new();
    http.timer(TokioTimer::new())
        .header_read_timeout(settings.header_timeout)
        .max_header_size(settings.max_header_bytes)
        .max_headers(64)
        .keep_alive(true);
    loop {
        let (stream, peer) = match listener.accept().await {
            Ok(accepted) => accepted,
            Err(error) => {
                // Out of file descriptors or the like: waiting a little lets connections close
                // instead of spinning on the error.
                tracing::warn!(%error, "could not accept a connection");
                tokio::time::sleep(Duration::from_millis(100)).await;
                continue;
            }
        };
        let peer = peer.ip();
        let counted = (!trusted.contains(&peer)).then(|| network(peer));
        let admitted = match doorman.admit(counted) {
            Ok(admitted) => admitted,
            Err(cap) => {
                let cap = match cap {
                    Cap::Total => "total",
                    Cap::Client => "client",
                };
                metrics::counter!(REFUSED_CONNECTIONS, "cap" => cap).increment(1);
                tracing::debug!(%peer, cap, "refused a connection past a cap");
                drop(stream);
                continue;
            }
        };
        let _ = stream.set_nodelay(true);
        let router = router.clone();
        let trusted = trusted.clone();
        let service = hyper::service::service_fn(move |request: Request<hyper::body::Incoming>| {
            let mut request = request.map(Body::new);
            let client = client_addr(peer, request.headers(), &trusted);
            request.extensions_mut().insert(ClientAddr(client));
            router.clone().call(request)
        });
        let connection = http.serve_connection(TokioIo::new(stream), service);
        tokio::spawn(async move {
            let _admitted = admitted;
            if let Err(error) = connection.with_upgrades().await {
                tracing::debug!(%error, "a web connection ended with an error");
            }
        });
    }
}

/// Answers 503 when the request's response head takes longer than `limit`.
async fn request_timeout(State(limit): State<Duration>, request: Request, next: Next) -> Response {
    match tokio::time::timeout(limit, next.run(request)).await {
        Ok(response) => response,
        Err(_) => (
            StatusCode::SERVICE_UNAVAILABLE,
            "The request took too long; try again.\n",
        )
            .into_response(),
    }
}

#[cfg(test)]
#[path = "serve_tests.rs"]
mod tests;
