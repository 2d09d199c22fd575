//! A tournament's live page: its table, in the reader's language, and an event stream that
//! says when it changed, so the page's script fetches the table again (at most one fetch a
//! second, however often it changes). The table comes from the hub's kept snapshot: many
//! readers cost one load per change, not one each.

use super::{event_stream, not_found, token_page, valid_token, App};
use crate::client::client_of;
use crate::html::{self, Missing};
use crate::words::page_lang;
use axum::extract::{Path, RawQuery, State};
use axum::http::{Extensions, HeaderMap, StatusCode};
use axum::response::sse::Event;
use axum::response::{IntoResponse, Response};
use std::convert::Infallible;

pub(super) async fn tournament_page(
    State(app): State<App>,
    Path(token): Path<String>,
    RawQuery(query): RawQuery,
    headers: HeaderMap,
) -> Response {
    let lang = page_lang(query.as_deref(), &headers);
    let load = app.hub.tournament(&token);
    token_page(
        &token,
        lang,
        Missing::Tournament,
        load,
        |tournament, lang| html::tournament_page(tournament, lang),
    )
    .await
}

/// `changed` each time the tournament changes, with the change's number (the page needs
/// nothing more: it fetches its table).
pub(super) async fn tournament_events(
    State(app): State<App>,
    Path(token): Path<String>,
    headers: HeaderMap,
    extensions: Extensions,
) -> Response {
    // The events hold no words; a miss is a page, in the browser's language.
    if !valid_token(&token) || app.hub.tournament(&token).await.is_none() {
        return not_found(Missing::Tournament, page_lang(None, &headers));
    }
    let Some(watch) = app.hub.watch_tournament(&token) else {
        // Too many tournaments followed at once: the page keeps the table it has.
        return (StatusCode::SERVICE_UNAVAILABLE, "too many live pages").into_response();
    };
    let ticket = app.streams.enter(client_of(&extensions));
    let closing = app.hub.closing();
    let retry = app.retry;
    let feed = (watch, ticket, closing);
    let stream = futures::stream::unfold(
        feed,
        move |(mut watch, mut ticket, mut closing)| async move {
            tokio::select! {
                changed = watch.changed() => if !changed { return None },
                () = ticket.ended() => return None,
                _ = closing.wait_for(|closed| *closed) => return None,
            }
            // A browser dispatches no event with empty data: send the change's number.
            let version = watch.version();
            let event = Event::default()
                .event("changed")
                .retry(retry)
                .data(version.to_string());
            Some((Ok::<Event, Infallible>(event), (watch, ticket, closing)))
        },
    );
    event_stream(stream, app.keep_alive)
}
