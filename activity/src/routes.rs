//! The Activity's JSON API (see the module above for the contract). Every request names its
//! member by what Discord said: a token Discord issued to this application, or a session made
//! from one. A mistake gets a short `{"error"}` in the member's language, and changes nothing.

use super::asked::{
    bearer, body, discord_problem, hub, instance_id, plain, problem, reader_of, session_body,
    too_fast, Named, SessionOnly,
};
use super::sessions::{actor_in, Grant};
use super::{Activity, ApiError, Session};
use axum::extract::rejection::JsonRejection;
use axum::extract::{DefaultBodyLimit, State};
use axum::http::header::{CACHE_CONTROL, X_CONTENT_TYPE_OPTIONS};
use axum::http::{HeaderMap, HeaderValue, StatusCode};
use axum::middleware::{from_fn_with_state, map_response};
use axum::response::{IntoResponse, Response};
use axum::routing::{get, post};
use axum::{Json, Router};
use halma_core::error::Error;
use halma_core::front::{self, Command};
use halma_core::locale::Lang;
use halma_core::ops::metrics::{self, InteractionOutcome};
use halma_core::present;
use halma_core::service::{parse_move, ChallengeRequest, Opponent};
use halma_web::{limit_clients, ClientLimit};
use serde::Deserialize;
use serde_json::json;
use std::num::NonZeroU32;
use std::time::Instant;

/// The largest request body the API reads: its requests are a few short fields.
const BODY_LIMIT: usize = 4 * 1024;

/// A per-client limit of `per_minute` after a burst of a quarter of it.
fn per_client(name: &'static str, per_minute: u32) -> ClientLimit {
    ClientLimit::quartered(name, NonZeroU32::new(per_minute).unwrap_or(NonZeroU32::MIN))
}

/// The Activity's API, to merge into the pages' router. Every route is limited per client
/// address: the sign-in routes, which may make the bot call Discord, strictly; the others,
/// which a session's member also paces, generously.
pub fn router<S: Clone + Send + Sync + 'static>(activity: Activity) -> Router<S> {
    let limits = activity.inner.limits;
    let sign_ins = per_client("activity sign-in", limits.sign_ins_per_minute);
    let requests = per_client("activity", limits.api_requests_per_minute);
    let sign_in = Router::new()
        .route("/api/token", post(token))
        .route("/api/me", get(me))
        .route("/api/activity/session", post(open_session))
        .route_layer(from_fn_with_state(sign_ins, limit_clients));
    Router::new()
        .route("/api/activity/stream", post(super::events::ticket))
        .route("/api/activity/events", get(super::events::events))
        .route("/api/activity/moves", post(moves))
        .route("/api/activity/move", post(play))
        .route("/api/activity/resign", post(resign))
        .route("/api/activity/draw", post(draw))
        .route("/api/activity/challenge", post(challenge))
        .route_layer(from_fn_with_state(requests, limit_clients))
        .merge(sign_in)
        .layer(DefaultBodyLimit::max(BODY_LIMIT))
        .layer(map_response(private))
        .with_state(activity)
}

/// Answers are for one member: never stored by a cache, never sniffed.
async fn private(mut response: Response) -> Response {
    let headers = response.headers_mut();
    headers.insert(CACHE_CONTROL, HeaderValue::from_static("no-store"));
    headers.insert(X_CONTENT_TYPE_OPTIONS, HeaderValue::from_static("nosniff"));
    response
}

#[derive(Deserialize)]
struct CodeBody {
    code: String,
}

/// `POST /api/token`: the SDK's code for an access token of this application.
async fn token(
    State(activity): State<Activity>,
    read: Result<Json<CodeBody>, JsonRejection>,
) -> Response {
    let body = match body(read) {
        Ok(body) => body,
        Err(refusal) => return refusal.into_response(),
    };
    if !plain(&body.code) {
        return problem(StatusCode::BAD_REQUEST, "That is not a sign-in code.");
    }
    match activity.inner.discord.exchange(&body.code).await {
        Ok(access_token) => Json(json!({ "access_token": access_token })).into_response(),
        Err(e) => discord_problem(&e, "Discord did not accept the sign-in code."),
    }
}

/// `GET /api/me`: the user Discord names for the bearer token.
async fn me(State(activity): State<Activity>, headers: HeaderMap) -> Response {
    let token = match bearer(&headers) {
        Ok(token) => token,
        Err(refusal) => return refusal.into_response(),
    };
    match activity.inner.discord.user(token).await {
        Ok(user) => {
            Json(json!({ "id": user.id.to_string(), "username": user.username })).into_response()
        }
        Err(e) => discord_problem(&e, "Discord does not know that token."),
    }
}

#[derive(Deserialize)]
struct SessionBody {
    instance_id: String,
}

/// `POST /api/activity/session`: Discord names the user (by the bearer token) and, only for
/// a token it accepted, the instance's channel and members; the member must be in the
/// instance. Counted in the member's pace.
async fn open_session(
    State(activity): State<Activity>,
    headers: HeaderMap,
    read: Result<Json<SessionBody>, JsonRejection>,
) -> Response {
    let token = match bearer(&headers) {
        Ok(token) => token,
        Err(refusal) => return refusal.into_response(),
    };
    let body = match body(read) {
        Ok(body) => body,
        Err(refusal) => return refusal.into_response(),
    };
    if !instance_id(&body.instance_id) {
        return problem(StatusCode::BAD_REQUEST, "That is not an Activity instance.");
    }
    let started = Instant::now();
    let discord = &activity.inner.discord;
    // The user's token first: the bot's own token is used only for someone Discord named.
    let user = match discord.user(token).await {
        Ok(user) => user,
        Err(e) => return discord_problem(&e, "Discord does not know that token."),
    };
    let lang = user.locale.as_deref().map_or(Lang::En, Lang::from_locale);
    let Some(announcer) = activity.inner.announcer.get() else {
        return problem(
            StatusCode::SERVICE_UNAVAILABLE,
            present::apology(lang).content,
        );
    };
    if !announcer.allows(user.id).await {
        metrics::interaction("activity session", InteractionOutcome::Refused, None);
        let slow = halma_core::UserError::SlowDown;
        return problem(
            StatusCode::TOO_MANY_REQUESTS,
            present::refusal(lang, &slow).content,
        );
    }
    let instance = match discord.instance(&body.instance_id).await {
        Ok(instance) => instance,
        Err(ApiError::Refused(_)) => {
            return problem(StatusCode::FORBIDDEN, "Discord knows no such Activity.")
        }
        Err(e) => return discord_problem(&e, ""),
    };
    if !instance.users.contains(&user.id) {
        return problem(StatusCode::FORBIDDEN, "You are not in this Activity.");
    }
    let Some(guild) = instance.guild else {
        return problem(
            StatusCode::FORBIDDEN,
            "Games are played in a server's channels.",
        );
    };
    let name = user.shown_name().to_owned();
    activity.inner.names.remember(user.id, name.clone());
    // Someone who plays only here is named on the pages too (until an interaction in the
    // server gives the name they go by there).
    activity
        .inner
        .service
        .saw_account_name(guild, user.id, &name)
        .await;
    let members: Vec<u64> = instance
        .users
        .iter()
        .copied()
        .filter(|&u| u != user.id)
        .collect();
    learn_names(&activity, &members).await;
    let session = Session {
        actor: actor_in(guild, instance.channel, user.id),
        name: name.clone(),
        lang,
        members,
    };
    let grant = Grant {
        token: token.to_owned(),
        instance: body.instance_id,
    };
    let Some(key) = activity.inner.sessions.open(session.clone(), grant.clone()) else {
        tracing::error!("no randomness for an Activity session key");
        return problem(StatusCode::SERVICE_UNAVAILABLE, "Try again in a moment.");
    };
    activity.share_session(&key, &session, &grant).await;
    metrics::interaction(
        "activity session",
        InteractionOutcome::Ok,
        Some(started.elapsed()),
    );
    Json(json!({
        "session": key,
        "user": { "id": user.id.to_string(), "username": name },
        "lang": lang.code(),
        "texts": super::texts::page_texts(lang),
    }))
    .into_response()
}

/// Learns the names of the others in the Activity that no interaction showed yet, a few at
/// most, so that the page can list them by name.
async fn learn_names(activity: &Activity, members: &[u64]) {
    let Some(announcer) = activity.inner.announcer.get() else {
        return;
    };
    let names = &activity.inner.names;
    let unknown = members.iter().filter(|&&m| names.get(m).is_none());
    for &member in unknown.take(super::NAMES_PER_SESSION) {
        // For everyone together: a crowd of sessions cannot make the bot ask about crowds.
        if activity.inner.name_lookups.check().is_err() {
            break;
        }
        if let Some(name) = announcer.user_name(member).await {
            names.remember(member, name);
        }
    }
}

/// `POST /api/activity/moves`: the member's legal moves, when it is their turn; counted in
/// their pace of reads.
async fn moves(
    State(activity): State<Activity>,
    read: Result<Json<SessionOnly>, JsonRejection>,
) -> Response {
    let body = match body(read) {
        Ok(body) => body,
        Err(refusal) => return refusal.into_response(),
    };
    let session = match reader_of(&activity, &body.session).await {
        Ok(session) => session,
        Err(refusal) => return refusal.into_response(),
    };
    match activity
        .inner
        .service
        .web()
        .legal_moves(session.actor)
        .await
    {
        Ok(Some(legal)) => {
            // The page counts plies as its snapshot does (passes too): the moves are for
            // that snapshot's ply when it shows the same position, else the page waits for
            // the state that does.
            let shown = hub(&activity)
                .peek(&legal.web_token, |s| {
                    let last = s.plies.last().map_or(&s.start, |p| &p.position);
                    (last == &legal.position).then_some(s.plies.len())
                })
                .await
                .flatten();
            let moves: Vec<_> = legal
                .moves
                .iter()
                .map(|m| {
                    json!({
                        "from": m.from.to_string(),
                        "to": m.to.to_string(),
                        "path": m.path.iter().map(ToString::to_string).collect::<Vec<_>>(),
                    })
                })
                .collect();
            Json(json!({ "ply": shown, "moves": moves })).into_response()
        }
        Ok(None) => Json(json!({ "ply": null, "moves": [] })).into_response(),
        Err(e) => failed(&session, &e),
    }
}

/// The answer to a failed action: a user's mistake in their words, else an apology (and
/// the error in the log).
fn failed(session: &Session, error: &Error) -> Response {
    match error {
        Error::User(mistake) => problem(
            StatusCode::CONFLICT,
            present::refusal(session.lang, mistake).content,
        ),
        other => {
            tracing::error!(error = %other, user = session.actor.user, "an Activity request failed");
            problem(
                StatusCode::INTERNAL_SERVER_ERROR,
                present::apology(session.lang).content,
            )
        }
    }
}

/// The metrics' name of an Activity action.
fn action_name(command: &Command) -> &'static str {
    match command {
        Command::Move(_) => "activity move",
        Command::Resign => "activity resign",
        Command::Draw => "activity draw",
        Command::Challenge(_) => "activity challenge",
        _ => "activity other",
    }
}

/// Runs `command` for the session's member through the shared dispatch; its answer is the
/// bot's message in the channel. Counted in the member's pace and in the metrics.
async fn act(activity: &Activity, session: &Session, command: Command) -> Response {
    let Some(announcer) = activity.inner.announcer.get() else {
        return problem(
            StatusCode::SERVICE_UNAVAILABLE,
            present::apology(session.lang).content,
        );
    };
    let at = session.actor;
    let name = action_name(&command);
    if !announcer.allows(at.user).await {
        metrics::interaction(name, InteractionOutcome::Refused, None);
        return too_fast(session).into_response();
    }
    let started = Instant::now();
    let ran = front::run(&activity.inner.service, at, command, None).await;
    let outcome = match &ran {
        Ok(_) => InteractionOutcome::Ok,
        Err(Error::User(_)) => InteractionOutcome::Refused,
        Err(_) => InteractionOutcome::Error,
    };
    metrics::interaction(name, outcome, Some(started.elapsed()));
    match ran {
        Ok(answer) => {
            // Saved: the message follows (from the outbox if it cannot go now).
            if let Err(error) = announcer.announce(at, answer).await {
                tracing::warn!(
                    error = format!("{error:#}"),
                    "could not post an Activity answer"
                );
            }
            Json(json!({ "ok": true })).into_response()
        }
        Err(e) => failed(session, &e),
    }
}

#[derive(Deserialize)]
struct MoveBody {
    session: String,
    from: String,
    to: String,
}

/// `POST /api/activity/move`: `from` to `to`, as `/halma move` would.
async fn play(
    State(activity): State<Activity>,
    read: Result<Json<MoveBody>, JsonRejection>,
) -> Response {
    let (body, session) = match session_body(&activity, read).await {
        Ok(read) => read,
        Err(refusal) => return refusal.into_response(),
    };
    match parse_move(&body.from, &body.to) {
        Ok(text) => act(&activity, &session, Command::Move(text)).await,
        Err(mistake) => failed(&session, &mistake.into()),
    }
}

impl Named for MoveBody {
    fn session(&self) -> &str {
        &self.session
    }
}

impl Named for ChallengeBody {
    fn session(&self) -> &str {
        &self.session
    }
}

/// `POST /api/activity/resign`.
async fn resign(
    State(activity): State<Activity>,
    read: Result<Json<SessionOnly>, JsonRejection>,
) -> Response {
    match session_body(&activity, read).await {
        Ok((_, session)) => act(&activity, &session, Command::Resign).await,
        Err(refusal) => refusal.into_response(),
    }
}

/// `POST /api/activity/draw`: offers a draw, or accepts the one offered.
async fn draw(
    State(activity): State<Activity>,
    read: Result<Json<SessionOnly>, JsonRejection>,
) -> Response {
    match session_body(&activity, read).await {
        Ok((_, session)) => act(&activity, &session, Command::Draw).await,
        Err(refusal) => refusal.into_response(),
    }
}

#[derive(Deserialize)]
struct ChallengeBody {
    session: String,
    #[serde(default)]
    bot: bool,
    #[serde(default)]
    opponent: Option<String>,
}

/// `POST /api/activity/challenge`: a game against the bot, or a challenge to someone in the
/// Activity, with the server's defaults.
async fn challenge(
    State(activity): State<Activity>,
    read: Result<Json<ChallengeBody>, JsonRejection>,
) -> Response {
    let (body, session) = match session_body(&activity, read).await {
        Ok(read) => read,
        Err(refusal) => return refusal.into_response(),
    };
    let Some(bot) = activity.inner.announcer.get().map(|a| a.bot_id()) else {
        return problem(
            StatusCode::SERVICE_UNAVAILABLE,
            present::apology(session.lang).content,
        );
    };
    let opponent = match (body.bot, body.opponent.as_deref()) {
        (true, None) => Opponent {
            user: bot,
            is_bot: true,
            is_me: true,
        },
        (false, Some(id)) => match id.parse::<u64>() {
            // Only someone Discord says is here: the page cannot name anyone else.
            Ok(user) if session.members.contains(&user) => Opponent {
                user,
                is_bot: false,
                is_me: false,
            },
            _ => return problem(StatusCode::FORBIDDEN, "They are not in this Activity."),
        },
        _ => return problem(StatusCode::BAD_REQUEST, "Name the bot or one opponent."),
    };
    let request = ChallengeRequest::with_defaults(session.actor, vec![opponent]);
    act(&activity, &session, Command::Challenge(request)).await
}
