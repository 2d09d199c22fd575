//! The axum router: the game page, its event stream, the server page, a tournament's page
//! and its event stream, the Discord Activity's page with its texts (`activity.rs`), and the
//! embedded assets (`assets.rs`), every response with a strict content security policy. The
//! pages that cost a load (`/game/*`, `/server/*`, `/tournament/*`) are rate limited per
//! client address, and each client may hold a few event streams at most. Every
//! page is in the language its request asks for (`?lang=`, else `Accept-Language`; see
//! `words.rs`), and says so (`Content-Language`, `Vary: Accept-Language`).

mod activity;
mod assets;
mod tournament;

pub use self::activity::HAS_SDK_MOCK;
use self::activity::{
    activity_launch, activity_page, activity_texts, Activity, DISCORD_FRAME_ANCESTORS,
};
use self::assets::asset;
use self::tournament::{tournament_events, tournament_page};
use crate::client::client_of;
use crate::html::{self, Missing};
use crate::hub::Hub;
use crate::limit::{limit_clients, ClientLimit};
use crate::streams::Streams;
use crate::words::page_lang;
use axum::extract::{Path, RawQuery, State};
use axum::http::header::{
    ACCEPT_LANGUAGE, CACHE_CONTROL, CONTENT_LANGUAGE, CONTENT_SECURITY_POLICY, REFERRER_POLICY,
    VARY, X_CONTENT_TYPE_OPTIONS,
};
use axum::http::{Extensions, HeaderMap, HeaderValue, StatusCode};
use axum::middleware::{from_fn_with_state, map_response_with_state};
use axum::response::sse::{Event, KeepAlive, Sse};
use axum::response::{Html, IntoResponse, Response};
use axum::routing::get;
use axum::Router;
use halma_locale::Lang;
use std::convert::Infallible;
use std::future::Future;
use std::num::NonZeroU32;
use std::sync::Arc;
use std::time::Duration;

/// The policy every response carries: only this server's own scripts, styles and
/// connections; images also from `data:` URLs; no base URL, no forms.
const POLICY: &str = "default-src 'none'; script-src 'self'; style-src 'self'; \
                      img-src 'self' data:; connect-src 'self'; base-uri 'none'; form-action 'none'";

/// The Discord Activity's page, when the bot runs one.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ActivityPage {
    /// The Discord application's client id, which the page hands to the SDK.
    pub client_id: String,
    /// Whether the page uses the SDK's `DiscordSDKMock` instead of the Discord client: for
    /// tests and local runs only, never in production.
    pub sdk_mock: bool,
}

/// How the router serves pages.
#[derive(Clone, Debug)]
pub struct PageSettings {
    /// The `frame-ancestors` sources added to the policy (like `'none'`, the default, or
    /// `https://example.org` for pages to be embedded there); `None` leaves the directive
    /// out. The Activity's page keeps its own: only Discord may frame it.
    pub frame_ancestors: Option<String>,
    /// How often an idle event stream sends a keep-alive comment.
    pub keep_alive: Duration,
    /// How soon a page reconnects after its event stream broke.
    pub retry: Duration,
    /// The Discord Activity's page at `activity`; `None` serves no such page.
    pub activity: Option<ActivityPage>,
    /// Requests to `/game/*` and `/server/*` one client address may make a minute, after a
    /// burst of a quarter as many (at least one); `None` does not limit them. Each such
    /// request for a page the hub does not hold may cost one load from the source, so one
    /// client causes at most `burst + requests_per_minute × minutes` loads, however many
    /// tokens it makes up.
    pub requests_per_minute: Option<NonZeroU32>,
    /// Event streams one client address may hold open: a new one past this ends its oldest.
    pub streams_per_client: usize,
}

impl Default for PageSettings {
    fn default() -> PageSettings {
        PageSettings {
            frame_ancestors: Some("'none'".into()),
            keep_alive: Duration::from_secs(15),
            retry: Duration::from_secs(1),
            activity: None,
            requests_per_minute: NonZeroU32::new(120),
            streams_per_client: 16,
        }
    }
}

#[derive(Clone)]
struct App {
    hub: Hub,
    policy: HeaderValue,
    keep_alive: Duration,
    retry: Duration,
    activity: Option<Arc<Activity>>,
    streams: Arc<Streams>,
}

/// The router with the default [`PageSettings`]: see [`router_with`].
pub fn router<S: Clone + Send + Sync + 'static>(hub: Hub) -> Router<S> {
    router_with(hub, PageSettings::default())
}

/// The pages, for the bot to merge into its own router:
///
/// - `GET /game/{token}`: the live game page (404 unless the hub's source knows the token),
/// - `GET /game/{token}/events`: its server-sent events (`snapshot`, then `move`s),
/// - `GET /server/{key}`: a server's leaderboards, games and tournaments,
/// - `GET /tournament/{token}`: a tournament's live table (404 unless the source knows it),
/// - `GET /tournament/{token}/events`: `changed` each time it changes,
/// - `GET /assets/{name}`: the pages' scripts and styles,
/// - `GET /activity`: the Discord Activity's page, if [`PageSettings::activity`] is set
///   (404 otherwise), which Discord may frame,
/// - `GET /activity/texts?locale=<Discord locale>`: the texts of the Activity's first
///   screens in that locale's language (`{"lang", "texts"}`), for a member whose Discord
///   speaks another language than their browser; English for a locale the pages do not
///   speak, `400` for one that is not a locale,
/// - `GET /?frame_id=…`: where Discord opens the Activity (the root of its URL mapping):
///   a redirect to `activity` with the same query.
///
/// The pages link to each other and to their assets by relative URLs, so the router also
/// works nested under a prefix (`Router::new().nest("/halma", router(hub))`).
///
/// Each page is in the language its request asks for: the `lang` parameter of its query
/// when it is one of [`Lang::ALL`]'s codes (the Watch buttons set it; any other value is
/// ignored), else the first its `Accept-Language` asks for that the pages speak, else English.
pub fn router_with<S: Clone + Send + Sync + 'static>(
    hub: Hub,
    settings: PageSettings,
) -> Router<S> {
    let activity = settings.activity.map(|activity| {
        Arc::new(Activity {
            pages: Lang::ALL
                .into_iter()
                .map(|lang| html::activity_page(&activity.client_id, activity.sdk_mock, lang))
                .collect(),
            policy: policy(Some(DISCORD_FRAME_ANCESTORS)),
            sdk_mock: activity.sdk_mock,
        })
    });
    let app = App {
        hub,
        policy: policy(settings.frame_ancestors.as_deref()),
        keep_alive: settings.keep_alive,
        retry: settings.retry,
        activity,
        streams: Streams::new(settings.streams_per_client),
    };
    // What a stranger can make the pages do work for (a game, a server, texts worded for a
    // locale) is limited per client; the static page and assets are not.
    let mut pages = Router::new()
        .route("/game/{token}", get(game_page))
        .route("/game/{token}/events", get(game_events))
        .route("/server/{key}", get(server_page))
        .route("/tournament/{token}", get(tournament_page))
        .route("/tournament/{token}/events", get(tournament_events))
        .route("/activity/texts", get(activity_texts));
    if let Some(per_minute) = settings.requests_per_minute {
        let limit = ClientLimit::quartered("pages", per_minute);
        pages = pages.route_layer(from_fn_with_state(limit, limit_clients));
    }
    Router::new()
        .route("/", get(activity_launch))
        .route("/activity", get(activity_page))
        .route("/assets/{name}", get(asset))
        .merge(pages)
        .layer(map_response_with_state(app.clone(), secure))
        .with_state(app)
}

/// The policy header, with `frame-ancestors` if asked for. A value that cannot be a header
/// forbids framing altogether rather than dropping the policy.
fn policy(frame_ancestors: Option<&str>) -> HeaderValue {
    let Some(sources) = frame_ancestors else {
        return HeaderValue::from_static(POLICY);
    };
    HeaderValue::from_str(&format!("{POLICY}; frame-ancestors {sources}")).unwrap_or_else(|_| {
        tracing::warn!("frame_ancestors is not a valid header value; framing is forbidden");
        HeaderValue::from_static(concat!(
            "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' data:; ",
            "connect-src 'self'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'"
        ))
    })
}

/// Adds the security headers to every response; a page that set its own policy (the
/// Activity's, which Discord may frame) keeps it.
async fn secure(State(app): State<App>, mut response: Response) -> Response {
    let headers = response.headers_mut();
    if !headers.contains_key(CONTENT_SECURITY_POLICY) {
        headers.insert(CONTENT_SECURITY_POLICY, app.policy.clone());
    }
    headers.insert(X_CONTENT_TYPE_OPTIONS, HeaderValue::from_static("nosniff"));
    headers.insert(REFERRER_POLICY, HeaderValue::from_static("no-referrer"));
    response
}

/// Whether `token` can name a game or server: letters, digits, `-` and `_`, at most 128.
/// Anything else is not found without asking the source.
fn valid_token(token: &str) -> bool {
    (1..=128).contains(&token.len())
        && token
            .bytes()
            .all(|b| b.is_ascii_alphanumeric() || b == b'-' || b == b'_')
}

fn not_found(missing: Missing, lang: Lang) -> Response {
    let page = html::not_found(missing, lang);
    worded((StatusCode::NOT_FOUND, Html(page)).into_response(), lang)
}

fn no_store(response: &mut Response) {
    response
        .headers_mut()
        .insert(CACHE_CONTROL, HeaderValue::from_static("no-store"));
}

/// A page in `lang`, kept by nobody: it says its language, and that another
/// `Accept-Language` may get another page.
fn worded(mut response: Response, lang: Lang) -> Response {
    no_store(&mut response);
    let headers = response.headers_mut();
    headers.insert(CONTENT_LANGUAGE, HeaderValue::from_static(lang.code()));
    headers.insert(VARY, HeaderValue::from_name(ACCEPT_LANGUAGE));
    response
}

async fn game_page(
    State(app): State<App>,
    Path(token): Path<String>,
    RawQuery(query): RawQuery,
    headers: HeaderMap,
) -> Response {
    let lang = page_lang(query.as_deref(), &headers);
    let load = app.hub.peek(&token, |game| html::game_page(game, lang));
    token_page(&token, lang, Missing::Game, load, |page, _| page.clone()).await
}

/// The version a reconnecting page already shows, from its `Last-Event-ID`, if it came
/// from this run of the server.
fn last_seen(headers: &HeaderMap, epoch: u64) -> Option<u64> {
    let id = headers.get("last-event-id")?.to_str().ok()?;
    let (run, seq) = id.split_once('-')?;
    (run.parse::<u64>().ok()? == epoch)
        .then(|| seq.parse().ok())
        .flatten()
}

async fn game_events(
    State(app): State<App>,
    Path(token): Path<String>,
    headers: HeaderMap,
    extensions: Extensions,
) -> Response {
    // The events hold no words; a miss is a page, in the browser's language.
    let lang = page_lang(None, &headers);
    if !valid_token(&token) {
        return not_found(Missing::Game, lang);
    }
    let Some(mut subscription) = app.hub.subscribe(&token).await else {
        return not_found(Missing::Game, lang);
    };
    // Past the client's cap, its oldest stream ends to make room.
    let ticket = app.streams.enter(client_of(&extensions));
    let epoch = app.hub.epoch();
    if let Some(seq) = last_seen(&headers, epoch) {
        subscription.resume_after(seq);
    }
    let retry = app.retry;
    let feed = (subscription, ticket);
    let stream = futures::stream::unfold(feed, move |(mut subscription, mut ticket)| async move {
        let message = tokio::select! {
            message = subscription.next() => message?,
            () = ticket.ended() => return None,
        };
        let event = Event::default()
            .event(message.kind.name())
            .id(format!("{epoch}-{}", message.seq))
            .retry(retry)
            .data(&*message.data);
        Some((Ok::<Event, Infallible>(event), (subscription, ticket)))
    });
    event_stream(stream, app.keep_alive)
}

/// An event stream's response: kept alive every `keep_alive`, never stored, never buffered.
fn event_stream(
    stream: impl futures::Stream<Item = Result<Event, Infallible>> + Send + 'static,
    keep_alive: Duration,
) -> Response {
    let mut response = Sse::new(stream)
        .keep_alive(KeepAlive::new().interval(keep_alive))
        .into_response();
    no_store(&mut response);
    // Proxies that buffer responses would hold the events back.
    response
        .headers_mut()
        .insert("x-accel-buffering", HeaderValue::from_static("no"));
    response
}

/// A page found by its token or key: not found (in `lang`) when `token` cannot be one (then
/// `load` is never run) or `load` finds nothing, else what `write` makes of it in `lang`.
async fn token_page<T>(
    token: &str,
    lang: Lang,
    missing: Missing,
    load: impl Future<Output = Option<T>>,
    write: impl FnOnce(&T, Lang) -> String,
) -> Response {
    if !valid_token(token) {
        return not_found(missing, lang);
    }
    match load.await {
        Some(found) => worded(Html(write(&found, lang)).into_response(), lang),
        None => not_found(missing, lang),
    }
}

async fn server_page(
    State(app): State<App>,
    Path(key): Path<String>,
    RawQuery(query): RawQuery,
    headers: HeaderMap,
) -> Response {
    let lang = page_lang(query.as_deref(), &headers);
    // The hub keeps one snapshot per server for every language: it holds no words.
    let load = app.hub.server(&key);
    token_page(&key, lang, Missing::Server, load, |server, lang| {
        html::server_page(server, lang)
    })
    .await
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tokens_are_plain() {
        assert!(valid_token("abc-DEF_123"));
        for bad in ["", "a/b", "a b", "<x>", &"x".repeat(129)] {
            assert!(!valid_token(bad), "{bad}");
        }
    }

    #[test]
    fn frame_ancestors_can_be_added() {
        assert_eq!(policy(None), POLICY);
        let with = policy(Some("'self'"));
        assert!(with
            .to_str()
            .is_ok_and(|p| p.ends_with("; frame-ancestors 'self'")));
        let broken = policy(Some("bad\nvalue"));
        assert!(broken
            .to_str()
            .is_ok_and(|p| p.ends_with("frame-ancestors 'none'")));
    }

    #[test]
    fn last_event_ids_from_another_run_are_ignored() {
        let mut headers = HeaderMap::new();
        headers.insert("last-event-id", HeaderValue::from_static("77-12"));
        assert_eq!(last_seen(&headers, 77), Some(12));
        assert_eq!(last_seen(&headers, 78), None);
    }
}
