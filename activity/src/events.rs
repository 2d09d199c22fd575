//! The Activity's event stream: a `state` event with the channel's game as the member sees it,
//! again after every change of the game (from the pages' hub, fed by the database's change
//! notices) and when a new game starts in the channel. One task per stream, bounded in number
//! for everyone and per member ([`super::Streams`]); it ends when the page goes, when its
//! session ends (closed by a check against Discord, which the stream repeats every
//! [`super::ActivityLimits::recheck`]) or when a newer stream of the member replaces it, the
//! last two with an `end` event that tells the page not to reconnect.
//!
//! A stream is opened with a one-time ticket (`POST /api/activity/stream`), so that the
//! session's key never appears in a URL.

use super::asked::{body, ended, hub, problem, reader_of, Problem, SessionOnly};
use super::{Activity, Session};
use axum::extract::rejection::JsonRejection;
use axum::extract::{Query, State};
use axum::http::header::CACHE_CONTROL;
use axum::http::{HeaderValue, StatusCode};
use axum::response::sse::{Event, KeepAlive, Sse};
use axum::response::{IntoResponse, Response};
use axum::Json;
use halma_core::locale::text;
use halma_core::service::ActivityGame;
use serde::Deserialize;
use serde_json::{json, Value};
use std::convert::Infallible;
use std::time::Duration;
use tokio::sync::broadcast::error::RecvError;
use tokio::sync::mpsc;

/// How often an idle stream sends a keep-alive comment (proxies close silent connections).
const KEEP_ALIVE: Duration = Duration::from_secs(15);

/// How long a stream waits before looking again after the database failed it.
const RETRY: Duration = Duration::from_secs(3);

/// `POST /api/activity/stream` `{"session"}`: a one-time ticket for the event stream,
/// counted in the member's pace of reads.
pub(super) async fn ticket(
    State(activity): State<Activity>,
    read: Result<Json<SessionOnly>, JsonRejection>,
) -> Response {
    let asked = match body(read) {
        Ok(asked) => asked,
        Err(refusal) => return refusal.into_response(),
    };
    if let Err(refusal) = reader_of(&activity, &asked.session).await {
        return refusal.into_response();
    }
    match activity.ticket(&asked.session).await {
        Some(ticket) => Json(json!({ "ticket": ticket })).into_response(),
        None => ended().into_response(),
    }
}

#[derive(Deserialize)]
pub(super) struct TicketQuery {
    ticket: String,
}

/// The session a stream's ticket was made for, if the ticket is good and the session lives.
async fn ticket_session(activity: &Activity, ticket: &str) -> Result<(String, Session), Problem> {
    let key = activity.redeem(ticket).await.ok_or_else(ended)?;
    let session = activity.session(&key).await.ok_or_else(ended)?;
    Ok((key, session))
}

/// Why a stream ended, for the page: it does not reconnect after either.
#[derive(Clone, Copy)]
enum End {
    /// The session is gone: the page must be opened again.
    Closed,
    /// The member opened a newer stream elsewhere.
    Replaced,
}

/// `GET /api/activity/events?ticket=`: the stream of `state` events.
pub(super) async fn events(
    State(activity): State<Activity>,
    Query(query): Query<TicketQuery>,
) -> Response {
    let (key, session) = match ticket_session(&activity, &query.ticket).await {
        Ok(found) => found,
        Err(refusal) => return refusal.into_response(),
    };
    let Some((slot, replaced)) = activity.inner.streams.open(session.actor.user) else {
        return problem(
            StatusCode::SERVICE_UNAVAILABLE,
            "Too many boards are open; try again in a moment.",
        );
    };
    let Some(mut closing) = activity.inner.sessions.closing(&key) else {
        return ended().into_response();
    };
    // A slow page holds the task back, never the memory: a few events wait at most.
    let (tx, rx) = mpsc::channel::<Event>(4);
    tokio::spawn(async move {
        let _slot = slot;
        let lang = session.lang;
        let end = tokio::select! {
            () = follow(activity.clone(), session, tx.clone()) => None,
            () = closing.closed() => Some(End::Closed),
            Ok(()) = replaced => Some(End::Replaced),
            () = keep_checking(&activity, &key) => Some(End::Closed),
        };
        if let Some(end) = end {
            let (reason, words) = match end {
                End::Closed => ("closed", text(lang, "activity.error_closed", &[])),
                End::Replaced => ("replaced", text(lang, "activity.error_replaced", &[])),
            };
            let data = json!({ "reason": reason, "error": words });
            let _ = tx.try_send(Event::default().event("end").data(data.to_string()));
        }
    });
    let stream = futures::stream::unfold(rx, |mut rx| async move {
        let event = rx.recv().await?;
        Some((Ok::<Event, Infallible>(event), rx))
    });
    let mut response = Sse::new(stream)
        .keep_alive(KeepAlive::new().interval(KEEP_ALIVE))
        .into_response();
    let headers = response.headers_mut();
    headers.insert(CACHE_CONTROL, HeaderValue::from_static("no-store"));
    headers.insert("x-accel-buffering", HeaderValue::from_static("no"));
    response
}

/// Checks the stream's session against Discord as often as a request would; returns when it
/// has ended.
async fn keep_checking(activity: &Activity, key: &str) {
    let every = activity.inner.limits.recheck;
    loop {
        tokio::time::sleep(every).await;
        if activity.session(key).await.is_none() {
            return;
        }
    }
}

/// What woke a stream.
enum Woken {
    /// The game changed (the hub's change number): send it again.
    Game(u64),
    /// A new game started in the channel: look the channel's game up again.
    Channel,
    /// The page went, or the server is stopping.
    Gone,
}

/// Sends the member's view of the channel's game, and again after every change, until the
/// page goes.
async fn follow(activity: Activity, session: Session, tx: mpsc::Sender<Event>) {
    let mut channels = activity.inner.channels.subscribe();
    let channel = session.actor.channel();
    loop {
        let game = match activity
            .inner
            .service
            .web()
            .activity_game(session.actor)
            .await
        {
            Ok(game) => game,
            Err(error) => {
                tracing::warn!(%error, "the Activity could not look up a channel's game");
                tokio::select! {
                    () = tokio::time::sleep(RETRY) => continue,
                    () = tx.closed() => return,
                }
            }
        };
        let Some(mut game) = game else {
            if !send(&tx, state(&activity, &session, None, None)).await {
                return;
            }
            match new_game(&mut channels, channel, &tx).await {
                Woken::Gone => return,
                Woken::Game(_) | Woken::Channel => continue,
            }
        };
        let hub = hub(&activity);
        let Some(mut feed) = hub.subscribe(&game.web_token).await else {
            tokio::select! {
                () = tokio::time::sleep(RETRY) => continue,
                () = tx.closed() => return,
            }
        };
        // The feed starts with the snapshot the first state is made of: only what follows it
        // is a change.
        if feed.next().await.is_none() {
            return;
        }
        loop {
            let snapshot = hub
                .peek(&game.web_token, |s| serde_json::to_value(s).ok())
                .await
                .flatten();
            if !send(&tx, state(&activity, &session, snapshot, Some(&game))).await {
                return;
            }
            let woken = tokio::select! {
                message = feed.next() => message.map_or(Woken::Gone, |m| Woken::Game(m.seq)),
                woken = new_game(&mut channels, channel, &tx) => woken,
            };
            let seq = match woken {
                Woken::Gone => return,
                Woken::Channel => break,
                Woken::Game(seq) => seq,
            };
            // Seats change when a player leaves; draw offers come and go. One load per change
            // for every stream of the game.
            let service = &activity.inner.service;
            let token = game.web_token.clone();
            let table = activity.inner.tables.get(&token, seq, || async {
                service
                    .web()
                    .seat_table(&token)
                    .await
                    .unwrap_or_else(|error| {
                        tracing::warn!(%error, "the Activity could not load a game's seats");
                        None
                    })
            });
            match table.await {
                Some(table) => game = table.view_of(session.actor.user),
                // Gone, or not loaded: look the channel's game up again.
                None => break,
            }
        }
    }
}

/// Waits until a new game starts in `channel` (or notices were lost, when it may have), or the
/// page goes.
async fn new_game(
    channels: &mut tokio::sync::broadcast::Receiver<u64>,
    channel: u64,
    tx: &mpsc::Sender<Event>,
) -> Woken {
    loop {
        tokio::select! {
            changed = channels.recv() => match changed {
                Ok(c) if c == channel => return Woken::Channel,
                Ok(_) => {}
                Err(RecvError::Lagged(_)) => return Woken::Channel,
                Err(RecvError::Closed) => return Woken::Gone,
            },
            () = tx.closed() => return Woken::Gone,
        }
    }
}

/// Sends `event`; false when the page is gone.
async fn send(tx: &mpsc::Sender<Event>, event: Event) -> bool {
    tx.send(event).await.is_ok()
}

/// The `state` event: the game's snapshot (as the live page has it), the member's seats, who
/// offers a draw, and, with no game, the others in the Activity to challenge.
fn state(
    activity: &Activity,
    session: &Session,
    snapshot: Option<Value>,
    game: Option<&ActivityGame>,
) -> Event {
    let seats: Vec<String> = game
        .map(|g| g.seats.iter().map(|s| s.letter().to_string()).collect())
        .unwrap_or_default();
    let draw = game
        .and_then(|g| g.draw_offers.first())
        .map(|s| s.letter().to_string());
    let names = &activity.inner.names;
    let members: Vec<Value> = session
        .members
        .iter()
        .map(|&id| {
            let name = names
                .get(id)
                .unwrap_or_else(|| text(session.lang, "activity.unnamed", &[]));
            json!({ "id": id.to_string(), "name": name })
        })
        .collect();
    let data = json!({
        "game": snapshot,
        "seats": seats,
        "draw_offered_by": draw,
        "members": members,
    });
    Event::default().event("state").data(data.to_string())
}
