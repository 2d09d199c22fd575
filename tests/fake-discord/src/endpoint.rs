//! Endpoint mode: interactions POSTed, signed, to the bot's Interactions Endpoint URL, and the
//! HTTP response taken as the interaction's initial answer, by the same rules as a callback.

use std::time::Duration;

use axum::body::Body;
use axum::extract::Request;
use axum::http::{header, Method};
use serde_json::Value;

use crate::model::FakeError;
use crate::rest::{self, Reply};
use crate::signing::{Key, Signing, SIGNATURE_HEADER, TIMESTAMP_HEADER};
use crate::state::{Shared, State, Upload};

/// Discord's limit for an interaction's initial answer: one that comes later is late.
pub const ANSWER_LIMIT: Duration = Duration::from_secs(3);

/// The `User-Agent` of Discord's requests to an Interactions Endpoint.
const USER_AGENT: &str = "Discord-Interactions/1.0 (+https://discord.com)";

/// The HTTP response of the Interactions Endpoint to one request.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct EndpointReply {
    /// The HTTP status.
    pub status: u16,
    /// The `Content-Type` header, if any.
    pub content_type: Option<String>,
    /// The body's bytes.
    pub body: Vec<u8>,
}

impl EndpointReply {
    /// The body as JSON, when it is JSON.
    pub fn json(&self) -> Option<Value> {
        serde_json::from_slice(&self.body).ok()
    }

    /// The body as text (invalid UTF-8 replaced), for messages.
    pub fn text(&self) -> String {
        String::from_utf8_lossy(&self.body).into_owned()
    }
}

/// One request the fake sent to the Interactions Endpoint, exactly as sent, and its response.
#[derive(Clone, Debug)]
pub struct EndpointRequest {
    /// The URL it went to.
    pub url: String,
    /// The body's bytes (the interaction's JSON).
    pub body: Vec<u8>,
    /// The `X-Signature-Ed25519` header, if one was sent.
    pub signature: Option<String>,
    /// The `X-Signature-Timestamp` header, if one was sent.
    pub timestamp: Option<String>,
    /// How it was signed.
    pub signing: Signing,
    /// Whether it was a replay of an earlier request ([`crate::FakeDiscord::replay`]).
    pub replay: bool,
    /// The response, or why there was none (connection refused, timeout, ...).
    pub reply: Result<EndpointReply, String>,
}

impl EndpointRequest {
    /// The body as JSON: the interaction object.
    pub fn json(&self) -> Option<Value> {
        serde_json::from_slice(&self.body).ok()
    }

    /// The interaction's id, from the body.
    pub fn interaction_id(&self) -> Option<u64> {
        crate::state::id_of(self.json().as_ref().and_then(|j| j.get("id")))
    }
}

/// An interaction the bot's endpoint did not answer usably: Discord shows "This interaction
/// failed".
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct EndpointFailure {
    /// The interaction.
    pub interaction_id: u64,
    /// What a human would call it, e.g. `/halma move`.
    pub label: String,
    /// The HTTP status, when a response came.
    pub status: Option<u16>,
    /// What was wrong.
    pub why: String,
}

/// An interaction whose initial answer came after the limit (3 s, as on Discord).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LateAnswer {
    /// The interaction.
    pub interaction_id: u64,
    /// What a human would call it.
    pub label: String,
    /// How long after sending the interaction its initial answer came.
    pub after: Duration,
}

/// An interaction that got more than one initial answer (callback or HTTP response).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct DoubleAnswer {
    /// The interaction.
    pub interaction_id: u64,
    /// What a human would call it.
    pub label: String,
    /// How many initial answers reached the fake (the first was taken, the rest refused).
    pub answers: u32,
}

/// What the fake keeps for endpoint mode.
pub(crate) struct Endpoint {
    /// Where interactions go; `None`: the gateway.
    pub(crate) url: Option<String>,
    /// The application's key pair; the bot knows the public half.
    pub(crate) key: Key,
    /// Every request sent to the endpoint, oldest first.
    pub(crate) sent: Vec<EndpointRequest>,
    /// Interactions whose HTTP response was no usable answer.
    pub(crate) failures: Vec<EndpointFailure>,
}

impl Endpoint {
    /// Gateway mode, with a fresh key.
    pub(crate) fn new() -> Endpoint {
        Endpoint {
            url: None,
            key: Key::generate(),
            sent: Vec::new(),
            failures: Vec::new(),
        }
    }

    /// Keeps a sent request and its response.
    pub(crate) fn log(
        &mut self,
        out: Outgoing,
        reply: Result<EndpointReply, String>,
        replay: bool,
    ) {
        self.sent.push(EndpointRequest {
            url: out.url,
            body: out.body,
            signature: out.signature,
            timestamp: out.timestamp,
            signing: out.signing,
            replay,
            reply,
        });
    }
}

/// A request ready to go to the endpoint.
pub(crate) struct Outgoing {
    pub(crate) url: String,
    pub(crate) body: Vec<u8>,
    pub(crate) signature: Option<String>,
    pub(crate) timestamp: Option<String>,
    pub(crate) signing: Signing,
}

impl Outgoing {
    /// The JSON payload as body bytes, with the headers `signing` asks for.
    pub(crate) fn signed(st: &State, url: &str, payload: &Value, signing: Signing) -> Outgoing {
        Self::of_bytes(st, url, payload.to_string().into_bytes(), signing)
    }

    /// These body bytes, with the headers `signing` asks for.
    pub(crate) fn of_bytes(st: &State, url: &str, body: Vec<u8>, signing: Signing) -> Outgoing {
        let (signature, timestamp) = st.endpoint.key.headers(&body, signing);
        Outgoing {
            url: url.to_owned(),
            body,
            signature,
            timestamp,
            signing,
        }
    }

    /// The same request again, byte for byte.
    pub(crate) fn again(request: &EndpointRequest) -> Outgoing {
        Outgoing {
            url: request.url.clone(),
            body: request.body.clone(),
            signature: request.signature.clone(),
            timestamp: request.timestamp.clone(),
            signing: request.signing,
        }
    }
}

/// Sends one request to the endpoint and reads its whole response.
pub(crate) async fn post(
    client: &reqwest::Client,
    out: &Outgoing,
    timeout: Duration,
) -> Result<EndpointReply, String> {
    let mut request = client
        .post(&out.url)
        .header(header::CONTENT_TYPE, "application/json")
        .header(header::USER_AGENT, USER_AGENT)
        .timeout(timeout)
        .body(out.body.clone());
    if let Some(signature) = &out.signature {
        request = request.header(SIGNATURE_HEADER, signature);
    }
    if let Some(timestamp) = &out.timestamp {
        request = request.header(TIMESTAMP_HEADER, timestamp);
    }
    let response = request.send().await.map_err(|e| with_causes(&e))?;
    let status = response.status().as_u16();
    let content_type = response
        .headers()
        .get(header::CONTENT_TYPE)
        .and_then(|v| v.to_str().ok())
        .map(str::to_owned);
    let body = response.bytes().await.map_err(|e| with_causes(&e))?;
    Ok(EndpointReply {
        status,
        content_type,
        body: body.to_vec(),
    })
}

/// An error and its causes on one line (reqwest's own message names only the URL).
fn with_causes(error: &dyn std::error::Error) -> String {
    let mut text = error.to_string();
    let mut cause = error.source();
    while let Some(inner) = cause {
        text.push_str(": ");
        text.push_str(&inner.to_string());
        cause = inner.source();
    }
    text
}

/// What an HTTP response to an interaction amounts to.
pub(crate) enum Response {
    /// 202 and no body: the bot answers through the callback endpoint instead.
    Later,
    /// An interaction response (JSON, or multipart with `payload_json` and files).
    Answer(Value, Vec<Upload>),
    /// No usable answer: the interaction failed (the status, when a response came).
    Failed(Option<u16>, String),
}

/// Reads an HTTP response of the endpoint as Discord would.
pub(crate) async fn read_response(reply: &Result<EndpointReply, String>) -> Response {
    let reply = match reply {
        Ok(reply) => reply,
        Err(why) => return Response::Failed(None, format!("the endpoint did not answer: {why}")),
    };
    let status = reply.status;
    if !(200..300).contains(&status) {
        let text: String = reply.text().chars().take(200).collect();
        return Response::Failed(
            Some(status),
            format!("the endpoint answered {status}: {text:?}"),
        );
    }
    if reply.body.is_empty() {
        if status == 202 {
            return Response::Later;
        }
        return Response::Failed(
            Some(status),
            format!("the endpoint answered {status} with no body (only 202 may be empty)"),
        );
    }
    let content_type = reply.content_type.clone().unwrap_or_default();
    if content_type.starts_with("application/json") {
        return match serde_json::from_slice(&reply.body) {
            Ok(body) => Response::Answer(body, Vec::new()),
            Err(why) => Response::Failed(Some(status), format!("the body is not JSON: {why}")),
        };
    }
    if content_type.starts_with("multipart/form-data") {
        let request = Request::builder()
            .header(header::CONTENT_TYPE, &content_type)
            .body(Body::from(reply.body.clone()));
        let parsed = match request {
            Ok(request) => rest::read_body(request).await,
            Err(why) => Err(why.to_string()),
        };
        return match parsed {
            Ok((body, uploads)) => Response::Answer(body, uploads),
            Err(why) => Response::Failed(Some(status), why),
        };
    }
    Response::Failed(
        Some(status),
        format!("the body is {content_type:?}, not application/json"),
    )
}

/// Takes the HTTP response to the interaction with this token: as its initial answer, checked
/// and stored exactly as a callback (and recorded as one, [`crate::RecordedRequest`]'s
/// `in_http_response`), or as the reason it failed.
pub(crate) fn take_response(st: &mut State, token: &str, response: Response) {
    let Some(pending) = st.interactions.get_mut(token) else {
        return;
    };
    pending.awaiting_response = false;
    let id = pending.id;
    match response {
        Response::Later => {}
        Response::Failed(status, why) => fail(st, token, status, why),
        Response::Answer(body, uploads) => {
            let reply = if rest::callback_fails(st, token) {
                rest::error(404, 10062, "Unknown interaction")
            } else {
                rest::callback(st, id, token, &body, uploads)
            };
            let refusal = match &reply {
                Reply::Json(_, value) => value.to_string(),
                _ => String::new(),
            };
            let status = reply.status();
            let path = format!("/api/v10/interactions/{id}/{token}/callback");
            rest::record(st, &Method::POST, &path, &None, &reply, body, true);
            let settled = st
                .interactions
                .get(token)
                .is_some_and(|p| p.callback_type.is_some() || p.failed.is_some());
            if status >= 400 && !settled {
                let why = format!("the fake refused the endpoint's response: {refusal}");
                fail(st, token, Some(200), why);
            }
        }
    }
}

/// Holds a followup or edit of an interaction that the fake POSTed to the Interactions
/// Endpoint until the fake has read the HTTP response that acknowledges it (at most
/// [`ANSWER_LIMIT`]): on loopback a request the bot makes right after answering can reach the
/// fake before the fake's client has read that answer, though the bot sent the answer first.
/// An interaction acknowledged through the callback endpoint does not wait.
pub(crate) async fn wait_for_response(shared: &Shared, path: &str) {
    let Some(api) = rest::api_path(path) else {
        return;
    };
    let segments: Vec<&str> = api.split('/').filter(|s| !s.is_empty()).collect();
    let ["webhooks", _, token, ..] = segments.as_slice() else {
        return;
    };
    let unread = |st: &State| {
        st.interactions
            .get(*token)
            .is_some_and(|p| p.awaiting_response && p.callback_type.is_none())
    };
    if !shared.read(unread) {
        return;
    }
    // A timeout just lets the request through, to be refused as unacknowledged.
    let _ = shared
        .wait_for(
            ANSWER_LIMIT,
            |_| String::new(),
            |st| (!unread(st)).then_some(()),
        )
        .await;
}

/// Records that an interaction failed; it ends with [`FakeError::InteractionFailed`] unless
/// the bot had already acknowledged it through the callback endpoint.
fn fail(st: &mut State, token: &str, status: Option<u16>, why: String) {
    let Some(pending) = st.interactions.get_mut(token) else {
        return;
    };
    let why = format!("{}: {why}", pending.label);
    eprintln!("fake-discord: interaction {} failed: {why}", pending.id);
    if pending.callback_type.is_none() && pending.failed.is_none() {
        pending.failed = Some(FakeError::InteractionFailed(why.clone()));
    }
    let failure = EndpointFailure {
        interaction_id: pending.id,
        label: pending.label.clone(),
        status,
        why,
    };
    st.endpoint.failures.push(failure);
}
