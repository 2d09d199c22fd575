//! The Interactions Endpoint's HTTP side, on `INTERACTIONS_ADDR`: `POST /interactions` reads
//! the signature headers and the body and hands them to the Discord front end's door
//! ([`halma_discord::endpoint::Door`]), which decides everything else.
//!
//! With a plain-HTTP REST proxy, it also serves the loopback proxy that serenity's requests to
//! the REST proxy go through ([`serve_passage`]), where the handlers' answers are caught to
//! become the HTTP responses (`halma_discord::endpoint::answers`).
//!
//! Strangers reach this door too. Each request is bounded (body size, the door's timeouts and
//! connection caps), and a client address whose requests keep failing the signature check is
//! refused with 429 for a while before anything is verified, so that forged traffic costs
//! little and never reaches the dispatch.

use axum::body::to_bytes;
use axum::extract::{DefaultBodyLimit, State};
use axum::http::{header, HeaderMap, StatusCode};
use axum::response::{IntoResponse, Response};
use axum::routing::post;
use axum::{Extension, Router};
use halma_discord::endpoint::answers::{Passage, Passing, MAX_PASSING_BYTES};
use halma_discord::endpoint::{Door, Request, MAX_BODY_BYTES};
use halma_web::{ClientAddr, ClientLimit};
use std::collections::HashMap;
use std::net::IpAddr;
use std::num::NonZeroU32;
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

/// Refused requests one client address may send a minute (after a burst of a quarter of it)
/// before it is refused unheard for a while.
pub const REFUSALS_PER_MINUTE: u32 = 60;

/// The most client addresses the door keeps refusing at once: a flood from many addresses
/// cannot grow it past this.
const BLOCKED_KEPT: usize = 10_000;

#[derive(Clone)]
struct Endpoint {
    door: Arc<Door>,
    refusals: ClientLimit,
    blocked: Arc<Mutex<HashMap<IpAddr, Instant>>>,
}

/// The endpoint's routes: `POST /interactions` for Discord, over `door`.
pub fn router(door: Arc<Door>) -> Router {
    let per_minute = NonZeroU32::new(REFUSALS_PER_MINUTE).unwrap_or(NonZeroU32::MIN);
    Router::new()
        .route("/interactions", post(interaction))
        .layer(DefaultBodyLimit::max(MAX_BODY_BYTES))
        .with_state(Endpoint {
            door,
            refusals: ClientLimit::quartered("interactions", per_minute),
            blocked: Arc::default(),
        })
}

/// Serves [`router`] on `listener` behind a door guarded as `doors` says, until the task is
/// dropped.
pub async fn serve(
    listener: tokio::net::TcpListener,
    door: Arc<Door>,
    doors: halma_web::ServeSettings,
) -> std::io::Result<()> {
    halma_web::serve(listener, router(door), doors).await
}

/// Serves the loopback proxy of serenity's requests to the REST proxy on `listener` (bound to
/// loopback), each handed to `passage`, until the task is dropped.
pub async fn serve_passage(
    listener: tokio::net::TcpListener,
    passage: Arc<Passage>,
) -> std::io::Result<()> {
    let router = Router::new().fallback(pass).with_state(passage);
    axum::serve(listener, router).await
}

async fn pass(State(passage): State<Arc<Passage>>, request: axum::extract::Request) -> Response {
    let (parts, body) = request.into_parts();
    let Ok(body) = to_bytes(body, MAX_PASSING_BYTES).await else {
        return StatusCode::PAYLOAD_TOO_LARGE.into_response();
    };
    let passed = passage
        .pass(Passing {
            method: parts.method,
            url: parts.uri.to_string(),
            headers: parts.headers,
            body: body.to_vec(),
        })
        .await;
    let status = StatusCode::from_u16(passed.status).unwrap_or(StatusCode::BAD_GATEWAY);
    (status, passed.headers, passed.body).into_response()
}

async fn interaction(
    State(endpoint): State<Endpoint>,
    Extension(ClientAddr(client)): Extension<ClientAddr>,
    headers: HeaderMap,
    body: axum::body::Bytes,
) -> Response {
    if let Some(wait) = endpoint.blocked_for(client) {
        return too_many(wait);
    }
    let text = |name: &str| headers.get(name).and_then(|v| v.to_str().ok());
    let reply = endpoint
        .door
        .answer(Request {
            signature: text("x-signature-ed25519"),
            timestamp: text("x-signature-timestamp"),
            body: &body,
        })
        .await;
    if reply.status == 401 {
        endpoint.refused(client);
    }
    let status = StatusCode::from_u16(reply.status).unwrap_or(StatusCode::INTERNAL_SERVER_ERROR);
    match reply.body {
        Some(body) => (
            status,
            [(header::CONTENT_TYPE, body.content_type)],
            body.bytes,
        )
            .into_response(),
        None => status.into_response(),
    }
}

impl Endpoint {
    /// How long `client` is still refused unheard, if it is.
    fn blocked_for(&self, client: IpAddr) -> Option<Duration> {
        let blocked = self.blocked.lock().unwrap_or_else(|e| e.into_inner());
        let until = *blocked.get(&client)?;
        until.checked_duration_since(Instant::now())
    }

    /// Counts a refused request of `client`; past its allowance it is refused unheard until
    /// its bucket has room again.
    fn refused(&self, client: IpAddr) {
        let Err(wait) = self.refusals.check(client) else {
            return;
        };
        let now = Instant::now();
        let mut blocked = self.blocked.lock().unwrap_or_else(|e| e.into_inner());
        if blocked.len() >= BLOCKED_KEPT {
            blocked.retain(|_, until| *until > now);
        }
        if blocked.len() < BLOCKED_KEPT {
            tracing::warn!(%client, "too many refused requests at the interactions endpoint");
            blocked.insert(client, now + wait);
        }
    }
}

fn too_many(wait: Duration) -> Response {
    let seconds = wait.as_secs().max(1).to_string();
    (
        StatusCode::TOO_MANY_REQUESTS,
        [(header::RETRY_AFTER, seconds)],
        "too many refused requests\n",
    )
        .into_response()
}
