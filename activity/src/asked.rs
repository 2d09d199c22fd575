//! What every request of the Activity's API reads before it acts: its body, its bearer token
//! or the session it names, each checked; and the refusals it answers with.

use super::{Activity, ApiError, Session};
use axum::extract::rejection::JsonRejection;
use axum::http::header::AUTHORIZATION;
use axum::http::{HeaderMap, StatusCode};
use axum::response::{IntoResponse, Response};
use axum::Json;
use halma_web::Hub;
use serde::Deserialize;
use serde_json::json;

/// The longest code, token, session key or instance id the API passes on.
const MAX_FIELD: usize = 256;

/// The longest Activity instance id the API looks up (Discord's are a few dozen characters).
const MAX_INSTANCE_ID: usize = 100;

/// A refusal: the status and a short text for the page to show.
pub(super) fn problem(status: StatusCode, text: impl Into<String>) -> Response {
    (status, Json(json!({ "error": text.into() }))).into_response()
}

/// A refusal on its way out of a helper (a response is too large to pass around bare).
pub(super) struct Problem(Box<Response>);

impl From<Response> for Problem {
    fn from(response: Response) -> Problem {
        Problem(Box::new(response))
    }
}

impl IntoResponse for Problem {
    fn into_response(self) -> Response {
        *self.0
    }
}

/// What a Discord call that failed means for the page.
pub(super) fn discord_problem(error: &ApiError, refused: &str) -> Response {
    match error {
        ApiError::Refused(_) => problem(StatusCode::UNAUTHORIZED, refused),
        ApiError::Unavailable(why) => {
            tracing::warn!(%why, "the Activity could not ask Discord");
            problem(
                StatusCode::SERVICE_UNAVAILABLE,
                "Discord could not be reached; try again in a moment.",
            )
        }
    }
}

/// Whether `field` can be sent on to Discord or looked up: short, plain characters.
pub(super) fn plain(field: &str) -> bool {
    (1..=MAX_FIELD).contains(&field.len())
        && field
            .bytes()
            .all(|b| b.is_ascii_alphanumeric() || b"-_.~".contains(&b))
}

/// Whether `id` can be an Activity instance's id, to put in the path of a Discord call:
/// letters, digits, `-` and `_` only (no `.`, `..` or `/` that would name another path).
pub(super) fn instance_id(id: &str) -> bool {
    (1..=MAX_INSTANCE_ID).contains(&id.len())
        && id
            .bytes()
            .all(|b| b.is_ascii_alphanumeric() || b == b'-' || b == b'_')
}

/// The body as JSON, or a refusal that says it is not.
pub(super) fn body<T>(read: Result<Json<T>, JsonRejection>) -> Result<T, Problem> {
    read.map(|Json(body)| body)
        .map_err(|e| problem(StatusCode::BAD_REQUEST, e.body_text()).into())
}

/// The access token of `Authorization: Bearer <token>`.
pub(super) fn bearer(headers: &HeaderMap) -> Result<&str, Problem> {
    headers
        .get(AUTHORIZATION)
        .and_then(|v| v.to_str().ok())
        .and_then(|v| v.strip_prefix("Bearer "))
        .filter(|t| plain(t))
        .ok_or_else(|| problem(StatusCode::UNAUTHORIZED, "Sign in through Discord first.").into())
}

/// The refusal for a request whose session is unknown or ended.
pub(super) fn ended() -> Problem {
    problem(StatusCode::UNAUTHORIZED, "Open the Activity again.").into()
}

/// The session a request names (checked against Discord again when due), or the refusal for
/// an unknown or ended one.
pub(super) async fn session_of(activity: &Activity, key: &str) -> Result<Session, Problem> {
    if !plain(key) {
        return Err(ended());
    }
    activity.session(key).await.ok_or_else(ended)
}

/// The refusal for a member who reads (moves, streams) faster than their pace.
pub(super) fn too_fast(session: &Session) -> Problem {
    let slow = halma_core::UserError::SlowDown;
    problem(
        StatusCode::TOO_MANY_REQUESTS,
        halma_core::present::refusal(session.lang, &slow).content,
    )
    .into()
}

/// The session a read names, counted in the member's pace of reads.
pub(super) async fn reader_of(activity: &Activity, key: &str) -> Result<Session, Problem> {
    let session = session_of(activity, key).await?;
    if !activity.may_read(session.actor.user) {
        return Err(too_fast(&session));
    }
    Ok(session)
}

/// A body that holds a session key and nothing else.
#[derive(Deserialize)]
pub(super) struct SessionOnly {
    pub(super) session: String,
}

impl Named for SessionOnly {
    fn session(&self) -> &str {
        &self.session
    }
}

/// A request body that names its session.
pub(super) trait Named {
    /// The session's key.
    fn session(&self) -> &str;
}

/// Reads a body and the session it names.
pub(super) async fn session_body<T: Named>(
    activity: &Activity,
    read: Result<Json<T>, JsonRejection>,
) -> Result<(T, Session), Problem> {
    let body = body(read)?;
    let session = session_of(activity, body.session()).await?;
    Ok((body, session))
}

/// The hub the events read snapshots from.
pub(super) fn hub(activity: &Activity) -> &Hub {
    &activity.inner.hub
}
