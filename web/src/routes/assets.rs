//! The pages' scripts and styles, built into the binary.

use super::activity::{MOCK_BYTES, MOCK_SCRIPT};
use super::App;
use axum::extract::{Path, State};
use axum::http::header::{CACHE_CONTROL, CONTENT_TYPE};
use axum::http::{HeaderValue, StatusCode};
use axum::response::{IntoResponse, Response};

/// The pages' assets, built into the binary: (name, content type, bytes). The scripts are
/// bundled from `web/frontend` (`npm run build`).
const ASSETS: &[(&str, &str, &[u8])] = &[
    (
        "game.js",
        "text/javascript; charset=utf-8",
        include_bytes!("../../assets/game.js"),
    ),
    (
        "game.css",
        "text/css; charset=utf-8",
        include_bytes!("../../assets/game.css"),
    ),
    (
        "tournament.js",
        "text/javascript; charset=utf-8",
        include_bytes!("../../assets/tournament.js"),
    ),
    (
        "activity.js",
        "text/javascript; charset=utf-8",
        include_bytes!("../../assets/activity.js"),
    ),
    (
        "activity.css",
        "text/css; charset=utf-8",
        include_bytes!("../../assets/activity.css"),
    ),
];

pub(super) async fn asset(State(app): State<App>, Path(name): Path<String>) -> Response {
    // The mock's script exists for tests and local runs: only a page that uses it gets it.
    let mock = app.activity.as_ref().is_some_and(|a| a.sdk_mock);
    let found = if name == MOCK_SCRIPT {
        MOCK_BYTES
            .filter(|_| mock)
            .map(|bytes| ("text/javascript; charset=utf-8", bytes))
    } else {
        ASSETS
            .iter()
            .find(|(n, _, _)| *n == name)
            .map(|(_, kind, bytes)| (*kind, *bytes))
    };
    match found {
        Some((kind, bytes)) => (
            [
                (CONTENT_TYPE, HeaderValue::from_static(kind)),
                (
                    CACHE_CONTROL,
                    HeaderValue::from_static("public, max-age=300"),
                ),
            ],
            bytes,
        )
            .into_response(),
        None => (StatusCode::NOT_FOUND, "no such asset").into_response(),
    }
}
