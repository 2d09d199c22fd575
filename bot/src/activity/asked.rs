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

/// The session a request names, or the refusal for an unknown or ended one.
pub(super) fn session_of(activity: &Activity, key: &str) -> Result<Session, Problem> {
    let known = plain(key)
        .then(|| activity.inner.sessions.get(key))
        .flatten();
    known.ok_or_else(|| problem(StatusCode::UNAUTHORIZED, "Open the Activity again.").into())
}

#[derive(Deserialize)]
pub(super) struct SessionQuery {
    pub(super) session: String,
}

/// A request body that names its session.
pub(super) trait Named {
    /// The session's key.
    fn session(&self) -> &str;
}

/// Reads a body and the session it names.
pub(super) fn session_body<T: Named>(
    activity: &Activity,
    read: Result<Json<T>, JsonRejection>,
) -> Result<(T, Session), Problem> {
    let body = body(read)?;
    let session = session_of(activity, body.session())?;
    Ok((body, session))
}

/// The hub the events read snapshots from.
pub(super) fn hub(activity: &Activity) -> &Hub {
    &activity.inner.hub
}
