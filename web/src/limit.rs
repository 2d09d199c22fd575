//! A rate limit per client address, as an axum middleware for any router: a token bucket per
//! address (from `governor`), so one client sending a flood gets `429 Too Many Requests`
//! while everyone else is served as usual.
//!
//! ```
//! use axum::{middleware, routing::get, Router};
//! use halma_web::{limit_clients, ClientLimit};
//! use std::num::NonZeroU32;
//!
//! let limit = ClientLimit::new(NonZeroU32::new(60).unwrap(), NonZeroU32::new(10).unwrap());
//! let app: Router = Router::new()
//!     .route("/costly", get(|| async { "done" }))
//!     .route_layer(middleware::from_fn_with_state(limit, limit_clients));
//! # let _ = app;
//! ```
//!
//! The client is the request's [`ClientAddr`], which [`serve`](fn@crate::serve) puts on every
//! request (resolved behind trusted proxies); else axum's `ConnectInfo<SocketAddr>`. A
//! request with neither is not limited. IPv6 clients count by their /64 network, which one
//! household or server gets whole.

use crate::client::{client_of, network};
use axum::extract::{Request, State};
use axum::http::header::RETRY_AFTER;
use axum::http::{HeaderValue, StatusCode};
use axum::middleware::Next;
use axum::response::{IntoResponse, Response};
use governor::clock::Clock;
use governor::{DefaultKeyedRateLimiter, Quota, RateLimiter};
use std::net::IpAddr;
use std::num::NonZeroU32;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::Arc;
use std::time::Duration;

/// Requests refused by a [`ClientLimit`] (a counter, by `limit`, the name given with
/// [`ClientLimit::named`]).
pub const RATE_LIMITED: &str = "halma_web_rate_limited_total";

/// Checks between two sweeps of the addresses whose buckets are full again: at most this
/// many addresses are added between sweeps, so memory stays bounded however many addresses
/// send requests.
const SWEEP_EVERY: u64 = 1024;

/// How many requests one client address may make: `per_minute` a minute on average, after
/// a burst of `burst`. Cheap to clone: clones share the buckets.
#[derive(Clone)]
pub struct ClientLimit {
    inner: Arc<Inner>,
}

struct Inner {
    buckets: DefaultKeyedRateLimiter<IpAddr>,
    checks: AtomicU64,
    name: &'static str,
}

impl ClientLimit {
    /// A limit of `per_minute` requests a minute per client address, after a burst of `burst`.
    pub fn new(per_minute: NonZeroU32, burst: NonZeroU32) -> ClientLimit {
        ClientLimit::named("requests", per_minute, burst)
    }

    /// As [`ClientLimit::new`], counted in [`RATE_LIMITED`] under `limit="<name>"`.
    pub fn named(name: &'static str, per_minute: NonZeroU32, burst: NonZeroU32) -> ClientLimit {
        ClientLimit {
            inner: Arc::new(Inner {
                buckets: RateLimiter::keyed(Quota::per_minute(per_minute).allow_burst(burst)),
                checks: AtomicU64::new(0),
                name,
            }),
        }
    }

    /// [`ClientLimit::named`] with a burst of a quarter of `per_minute` (at least one): the
    /// shape of every per-client limit of the bot's doors.
    pub fn quartered(name: &'static str, per_minute: NonZeroU32) -> ClientLimit {
        let burst = NonZeroU32::new(per_minute.get() / 4).unwrap_or(NonZeroU32::MIN);
        ClientLimit::named(name, per_minute, burst)
    }

    /// Takes one request from `client`'s bucket: `Err` with how long to wait when it is empty.
    pub fn check(&self, client: IpAddr) -> Result<(), Duration> {
        if self.inner.checks.fetch_add(1, Ordering::Relaxed) % SWEEP_EVERY == SWEEP_EVERY - 1 {
            // Addresses whose bucket is full again behave as if never seen: forget them.
            self.inner.buckets.retain_recent();
            self.inner.buckets.shrink_to_fit();
        }
        self.inner
            .buckets
            .check_key(&network(client))
            .map_err(|not_until| not_until.wait_time_from(self.inner.buckets.clock().now()))
    }

    /// How many client addresses the limit remembers now.
    pub fn clients(&self) -> usize {
        self.inner.buckets.len()
    }
}

/// The middleware: passes the request on while its client has requests left, else answers
/// `429` with `Retry-After` (whole seconds) and a short text, and does nothing else. Use it
/// with `axum::middleware::from_fn_with_state(limit, limit_clients)`.
pub async fn limit_clients(
    State(limit): State<ClientLimit>,
    request: Request,
    next: Next,
) -> Response {
    let Some(client) = client_of(request.extensions()) else {
        return next.run(request).await;
    };
    match limit.check(client) {
        Ok(()) => next.run(request).await,
        Err(wait) => {
            metrics::counter!(RATE_LIMITED, "limit" => limit.inner.name).increment(1);
            too_many(wait)
        }
    }
}

/// The `429` answer: wait `wait` (rounded up to whole seconds) before asking again.
fn too_many(wait: Duration) -> Response {
    let seconds = wait.as_secs() + u64::from(wait.subsec_nanos() > 0);
    (
        StatusCode::TOO_MANY_REQUESTS,
        [(RETRY_AFTER, HeaderValue::from(seconds.max(1)))],
        "Too many requests: wait a moment and try again.\n",
    )
        .into_response()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::client::ClientAddr;
    use axum::body::Body;
    use axum::routing::get;
    use axum::Router;
    use tower::Service;

    fn limit(per_minute: u32, burst: u32) -> ClientLimit {
        ClientLimit::new(
            NonZeroU32::new(per_minute).unwrap(),
            NonZeroU32::new(burst).unwrap(),
        )
    }

    #[test]
    fn a_client_past_its_burst_waits_and_others_do_not() {
        let limit = limit(1, 3);
        let (a, b) = ("10.0.0.1".parse().unwrap(), "10.0.0.2".parse().unwrap());
        for _ in 0..3 {
            assert!(limit.check(a).is_ok());
        }
        let wait = limit.check(a).expect_err("the burst is spent");
        assert!(wait > Duration::ZERO && wait <= Duration::from_secs(60));
        assert!(limit.check(b).is_ok(), "another client has its own bucket");
    }

    #[test]
    fn a_quartered_limit_bursts_a_quarter_of_its_rate() {
        let client = "10.0.0.3".parse().unwrap();
        let limit = ClientLimit::quartered("test", NonZeroU32::new(16).unwrap());
        for _ in 0..4 {
            assert!(limit.check(client).is_ok());
        }
        assert!(limit.check(client).is_err(), "a burst of 4, not more");
        let tiny = ClientLimit::quartered("test", NonZeroU32::new(3).unwrap());
        assert!(tiny.check(client).is_ok(), "a burst of at least one");
        assert!(tiny.check(client).is_err());
    }

    #[test]
    fn ipv6_clients_count_by_their_network() {
        let limit = limit(1, 1);
        assert!(limit.check("2001:db8::1".parse().unwrap()).is_ok());
        assert!(limit.check("2001:db8::2:3".parse().unwrap()).is_err());
        assert!(limit.check("2001:db8:0:1::1".parse().unwrap()).is_ok());
        assert_eq!(
            network("::ffff:10.1.2.3".parse().unwrap()),
            "10.1.2.3".parse::<IpAddr>().unwrap()
        );
    }

    #[test]
    fn memory_stays_bounded_however_many_addresses_ask() {
        // A bucket refills within a microsecond: the sweeps forget nearly every address.
        let limit = limit(60_000_000, 1);
        for n in 0..(4 * SWEEP_EVERY as u32) {
            let _ = limit.check(IpAddr::from(n.to_be_bytes()));
        }
        assert!(
            limit.clients() <= SWEEP_EVERY as usize,
            "{}",
            limit.clients()
        );
    }

    #[tokio::test]
    async fn the_middleware_answers_429_with_retry_after() {
        let mut app: Router = Router::new()
            .route("/", get(|| async { "ok" }))
            .route_layer(axum::middleware::from_fn_with_state(
                limit(1, 1),
                limit_clients,
            ));
        let request = || {
            let mut r = Request::new(Body::empty());
            r.extensions_mut()
                .insert(ClientAddr("10.0.0.9".parse().unwrap()));
            r
        };
        assert_eq!(app.call(request()).await.unwrap().status(), StatusCode::OK);
        let refused = app.call(request()).await.unwrap();
        assert_eq!(refused.status(), StatusCode::TOO_MANY_REQUESTS);
        let retry: u64 = refused.headers()[RETRY_AFTER]
            .to_str()
            .unwrap()
            .parse()
            .unwrap();
        assert!((1..=60).contains(&retry), "{retry}");
        let unknown = app.call(Request::new(Body::empty())).await.unwrap();
        assert_eq!(
            unknown.status(),
            StatusCode::OK,
            "no client address: not limited"
        );
    }
}
