//! A stand-in for the bot's Activity API, for the Activity page's browser tests: sign-in by
//! mock code, sessions, the channel's state over server-sent events, legal moves from the
//! rules crate, and moves, draws, resignations and challenges kept in memory. It checks
//! turns the way the bot does, so a page that asked out of turn would be refused.

use axum::extract::{Query, State};
use axum::http::{HeaderMap, StatusCode};
use axum::response::sse::{Event, KeepAlive, Sse};
use axum::response::{IntoResponse, Response};
use axum::routing::{get, post};
use axum::{Json, Router};
use halma::{Game, MoveText};
use halma_web::{GameSnapshot, Player};
use serde::Deserialize;
use serde_json::{json, Value};
use std::convert::Infallible;
use std::sync::{Arc, Mutex, MutexGuard};
use std::time::{Duration, SystemTime, UNIX_EPOCH};
use tokio::sync::broadcast;

/// A member who can sign in: the mock code their browser's `authorize` answers.
#[derive(Clone, Debug)]
pub struct Member {
    pub code: String,
    pub id: String,
    pub name: String,
    /// The seats they play in the channel's game; empty for a spectator.
    pub seats: Vec<char>,
    /// The language and texts the session answers with.
    pub lang: String,
    pub texts: Value,
}

impl Member {
    /// A member speaking English (the page's own texts).
    pub fn new(code: &str, id: &str, name: &str, seats: &[char]) -> Member {
        Member {
            code: code.into(),
            id: id.into(),
            name: name.into(),
            seats: seats.to_vec(),
            lang: "en".into(),
            texts: json!({}),
        }
    }

    /// The same member with the server's texts in `lang`.
    pub fn speaking(mut self, lang: &str, texts: Value) -> Member {
        self.lang = lang.into();
        self.texts = texts;
        self
    }
}

/// What the API holds: the channel's game (if any), the members, and every request the
/// page made that changes something, for the tests to read.
pub struct Channel {
    pub game: Option<Game>,
    pub players: Vec<Player>,
    pub members: Vec<Member>,
    pub draw_offered_by: Option<char>,
    /// The words of a refusal for the next move, challenge or draw, with its status.
    pub refuse_next: Option<(u16, String)>,
    /// Each change asked for: (path, body).
    pub posted: Vec<(String, Value)>,
    /// The instance ids that sessions were opened for.
    pub instances: Vec<String>,
    /// Stream tickets handed out.
    pub tickets: usize,
}

/// What the event streams are told.
#[derive(Clone, Debug)]
enum News {
    State,
    Problem(String),
    /// The stream ends, as the bot's does when the session was closed or replaced.
    End(String),
}

/// The fake API; clones share it.
#[derive(Clone)]
pub struct FakeApi {
    channel: Arc<Mutex<Channel>>,
    news: broadcast::Sender<News>,
}

impl FakeApi {
    /// A channel where `game` is played by `players`, with `members` able to sign in.
    pub fn new(game: Option<Game>, players: Vec<Player>, members: Vec<Member>) -> FakeApi {
        let (news, _) = broadcast::channel(64);
        FakeApi {
            channel: Arc::new(Mutex::new(Channel {
                game,
                players,
                members,
                draw_offered_by: None,
                refuse_next: None,
                posted: Vec::new(),
                instances: Vec::new(),
                tickets: 0,
            })),
            news,
        }
    }

    /// The channel, locked.
    pub fn channel(&self) -> MutexGuard<'_, Channel> {
        self.channel.lock().expect("the channel")
    }

    /// Tells every open page the state changed.
    pub fn changed(&self) {
        let _ = self.news.send(News::State);
    }

    /// Sends every open page a `problem` event.
    pub fn problem(&self, text: &str) {
        let _ = self.news.send(News::Problem(text.into()));
    }

    /// Ends every open page's stream with an `end` event carrying `text`, as the bot does when
    /// a session is closed or a newer stream replaces it.
    pub fn end(&self, text: &str) {
        let _ = self.news.send(News::End(text.into()));
    }

    /// The stream tickets handed out so far.
    pub fn tickets(&self) -> usize {
        self.channel().tickets
    }

    /// The routes, for merging with the pages' router.
    pub fn router(&self) -> Router {
        Router::new()
            .route("/api/token", post(token))
            .route("/api/activity/session", post(session))
            .route("/api/activity/stream", post(ticket))
            .route("/api/activity/events", get(events))
            .route("/api/activity/moves", post(moves))
            .route("/api/activity/move", post(play))
            .route("/api/activity/draw", post(draw))
            .route("/api/activity/resign", post(resign))
            .route("/api/activity/challenge", post(challenge))
            .route("/fake-discord", get(discord_client))
            .with_state(self.clone())
    }

    /// The member of a session (`s-<code>`).
    fn member(&self, session: &str) -> Option<Member> {
        let code = session.strip_prefix("s-")?;
        let channel = self.channel();
        channel.members.iter().find(|m| m.code == code).cloned()
    }

    /// The `state` event's data for `member`.
    fn state_for(&self, member: &Member) -> Value {
        let channel = self.channel();
        let game = channel.game.as_ref().map(|game| {
            let deadline = SystemTime::now() + Duration::from_secs(4 * 60 + 30);
            let ms = deadline
                .duration_since(UNIX_EPOCH)
                .map_or(0, |d| d.as_millis());
            let snapshot = GameSnapshot::from_game("Ana vs Bo", channel.players.clone(), game)
                .with_deadline(i64::try_from(ms).ok());
            serde_json::to_value(snapshot).expect("a snapshot as JSON")
        });
        let members: Vec<Value> = channel
            .members
            .iter()
            .filter(|m| m.code != member.code)
            .map(|m| json!({ "id": m.id, "name": m.name }))
            .collect();
        json!({
            "game": game,
            "seats": member.seats.iter().map(|s| s.to_string()).collect::<Vec<_>>(),
            "draw_offered_by": channel.draw_offered_by.map(|s| s.to_string()),
            "members": members,
        })
    }

    /// Records a change asked for; the refusal set for it, if any.
    fn record(&self, path: &str, body: &Value) -> Option<Response> {
        let mut channel = self.channel();
        channel.posted.push((path.to_string(), body.clone()));
        let (status, text) = channel.refuse_next.take()?;
        let status = StatusCode::from_u16(status).unwrap_or(StatusCode::CONFLICT);
        Some(refusal(status, &text))
    }
}

/// A stand-in for the Discord client around an Activity, at `/fake-discord?code=…&open=…`:
/// it opens `open` (the Activity's page) in a window of its own, whose `opener` it is, and
/// answers the real SDK's messages there: the handshake with `READY`, `AUTHORIZE` with
/// `code`, `AUTHENTICATE` with a user, `USER_SETTINGS_GET_LOCALE` with `locale` (`en-US` when
/// not given) once the page has authenticated and with an error before (the command needs
/// the `identify` scope); every command the page sent is kept in `window.commands`. (Inside Discord the page is framed; framing would need the test
/// server's origin among the allowed frame ancestors.)
const DISCORD_CLIENT: &str = r#"<!doctype html>
<html><head><meta charset="utf-8"><title>Discord</title></head><body>
<script>
const query = new URLSearchParams(location.search);
window.commands = [];
window.addEventListener('message', (e) => {
  if (!Array.isArray(e.data)) return;
  const [op, payload] = e.data;
  const reply = (frame) => e.source.postMessage([1, frame], location.origin);
  if (op === 0) {
    window.handshake = payload;
    reply({ cmd: 'DISPATCH', evt: 'READY', nonce: null, data: {
      v: 1, config: { api_endpoint: '//discord.com/api', environment: 'production' } } });
    return;
  }
  if (op !== 1) return;
  window.commands.push({ cmd: payload.cmd, args: payload.args });
  if (payload.cmd === 'AUTHORIZE') {
    reply({ cmd: 'AUTHORIZE', evt: null, nonce: payload.nonce, data: { code: query.get('code') } });
  } else if (payload.cmd === 'USER_SETTINGS_GET_LOCALE') {
    if (window.authenticated) {
      reply({ cmd: payload.cmd, evt: null, nonce: payload.nonce, data: { locale: query.get('locale') || 'en-US' } });
    } else {
      reply({ cmd: payload.cmd, evt: 'ERROR', nonce: payload.nonce, data: {
        code: 4006, message: 'Not authenticated or invalid scope' } });
    }
  } else if (payload.cmd === 'AUTHENTICATE') {
    window.authenticated = true;
    reply({ cmd: 'AUTHENTICATE', evt: null, nonce: payload.nonce, data: {
      access_token: payload.args.access_token,
      user: { username: 'ana', discriminator: '0', id: '1', avatar: null, public_flags: 0 },
      scopes: ['identify'], expires: '2100-01-01T00:00:00Z',
      application: { description: '', id: '424242', name: 'Halma' } } });
  }
});
window.activity = window.open(query.get('open'), 'activity');
</script>
</body></html>
"#;

async fn discord_client() -> Response {
    axum::response::Html(DISCORD_CLIENT).into_response()
}

fn refusal(status: StatusCode, text: &str) -> Response {
    (status, Json(json!({ "error": text }))).into_response()
}

#[derive(Deserialize)]
struct TicketQuery {
    ticket: String,
}

/// `POST /api/activity/stream`: a ticket for the session's event stream (`k-<session>`; the
/// bot's are random and good once).
async fn ticket(State(api): State<FakeApi>, Json(body): Json<Value>) -> Response {
    let session = body["session"].as_str().unwrap_or_default();
    if api.member(session).is_none() {
        return refusal(StatusCode::UNAUTHORIZED, "No such session.");
    }
    api.channel().tickets += 1;
    Json(json!({ "ticket": format!("k-{session}") })).into_response()
}

async fn token(State(api): State<FakeApi>, Json(body): Json<Value>) -> Response {
    let code = body["code"].as_str().unwrap_or_default();
    let known = api.channel().members.iter().any(|m| m.code == code);
    if !known {
        return refusal(StatusCode::BAD_REQUEST, "Discord did not accept that code.");
    }
    Json(json!({ "access_token": format!("t-{code}") })).into_response()
}

async fn session(
    State(api): State<FakeApi>,
    headers: HeaderMap,
    Json(body): Json<Value>,
) -> Response {
    let bearer = headers
        .get("authorization")
        .and_then(|h| h.to_str().ok())
        .and_then(|h| h.strip_prefix("Bearer t-"))
        .unwrap_or_default()
        .to_string();
    let Some(member) = api.member(&format!("s-{bearer}")) else {
        return refusal(StatusCode::UNAUTHORIZED, "That token is not valid.");
    };
    let instance = body["instance_id"].as_str().unwrap_or_default().to_string();
    if instance.is_empty() {
        return refusal(StatusCode::FORBIDDEN, "No Activity instance was named.");
    }
    api.channel().instances.push(instance);
    Json(json!({
        "session": format!("s-{}", member.code),
        "user": { "id": member.id, "username": member.name },
        "lang": member.lang,
        "texts": member.texts,
    }))
    .into_response()
}

async fn events(State(api): State<FakeApi>, Query(q): Query<TicketQuery>) -> Response {
    let session = q.ticket.strip_prefix("k-").unwrap_or_default();
    let Some(member) = api.member(session) else {
        return refusal(StatusCode::UNAUTHORIZED, "No such session.");
    };
    let first = Event::default()
        .event("state")
        .data(api.state_for(&member).to_string());
    let news = api.news.subscribe();
    let rest = futures::stream::unfold(
        (api, member, news, false),
        |(api, member, mut news, done)| async move {
            if done {
                // The stream closes after an `end`: the page must not open another.
                return None;
            }
            let (event, done) = match news.recv().await.ok()? {
                News::State => (
                    Event::default()
                        .event("state")
                        .data(api.state_for(&member).to_string()),
                    false,
                ),
                News::Problem(text) => (
                    Event::default()
                        .event("problem")
                        .data(json!({ "error": text }).to_string()),
                    false,
                ),
                News::End(text) => (
                    Event::default()
                        .event("end")
                        .data(json!({ "reason": "replaced", "error": text }).to_string()),
                    true,
                ),
            };
            Some((Ok::<Event, Infallible>(event), (api, member, news, done)))
        },
    );
    let stream = futures::StreamExt::chain(
        futures::stream::iter([Ok::<Event, Infallible>(first)]),
        rest,
    );
    Sse::new(stream)
        .keep_alive(KeepAlive::default())
        .into_response()
}

/// The legal moves of the position, each with its shortest chain, from the rules crate.
pub fn legal_moves(game: &Game) -> Vec<(String, String, Vec<String>)> {
    let position = game.position();
    let options = game.options();
    position
        .legal_moves(options)
        .into_iter()
        .map(|mv| {
            let chain = position
                .chain(mv, options)
                .expect("a legal move has a chain");
            (
                mv.from.to_string(),
                mv.to.to_string(),
                chain.iter().map(|s| s.to_string()).collect(),
            )
        })
        .collect()
}

async fn moves(State(api): State<FakeApi>, Json(body): Json<Value>) -> Response {
    let session = body["session"].as_str().unwrap_or_default();
    let Some(member) = api.member(session) else {
        return refusal(StatusCode::UNAUTHORIZED, "No such session.");
    };
    let channel = api.channel();
    let Some(game) = channel.game.as_ref() else {
        return refusal(StatusCode::CONFLICT, "There is no game.");
    };
    if !member.seats.contains(&game.position().to_move().letter()) {
        return refusal(StatusCode::FORBIDDEN, "It is not your turn.");
    }
    let list: Vec<Value> = legal_moves(game)
        .into_iter()
        .map(|(from, to, path)| json!({ "from": from, "to": to, "path": path }))
        .collect();
    Json(json!({ "ply": game.plies().len(), "moves": list })).into_response()
}

async fn play(State(api): State<FakeApi>, Json(body): Json<Value>) -> Response {
    let session = body["session"].as_str().unwrap_or_default();
    let Some(member) = api.member(session) else {
        return refusal(StatusCode::UNAUTHORIZED, "No such session.");
    };
    if let Some(refused) = api.record("move", &body) {
        return refused;
    }
    let text = format!(
        "{}-{}",
        body["from"].as_str().unwrap_or_default(),
        body["to"].as_str().unwrap_or_default()
    );
    {
        let mut channel = api.channel();
        let Some(game) = channel.game.as_mut() else {
            return refusal(StatusCode::CONFLICT, "There is no game.");
        };
        if !member.seats.contains(&game.position().to_move().letter()) {
            return refusal(StatusCode::FORBIDDEN, "It is not your turn.");
        }
        let Ok(text) = text.parse::<MoveText>() else {
            return refusal(StatusCode::BAD_REQUEST, "That is not a move.");
        };
        if let Err(e) = game.play(&text) {
            return refusal(StatusCode::BAD_REQUEST, &e.to_string());
        }
        channel.draw_offered_by = None;
    }
    api.changed();
    Json(json!({ "ok": true })).into_response()
}

async fn draw(State(api): State<FakeApi>, Json(body): Json<Value>) -> Response {
    let session = body["session"].as_str().unwrap_or_default();
    let Some(member) = api.member(session) else {
        return refusal(StatusCode::UNAUTHORIZED, "No such session.");
    };
    if let Some(refused) = api.record("draw", &body) {
        return refused;
    }
    let Some(&seat) = member.seats.first() else {
        return refusal(StatusCode::FORBIDDEN, "You are not playing.");
    };
    api.channel().draw_offered_by = Some(seat);
    api.changed();
    Json(json!({ "ok": true })).into_response()
}

async fn resign(State(api): State<FakeApi>, Json(body): Json<Value>) -> Response {
    if let Some(refused) = api.record("resign", &body) {
        return refused;
    }
    Json(json!({ "ok": true })).into_response()
}

async fn challenge(State(api): State<FakeApi>, Json(body): Json<Value>) -> Response {
    if let Some(refused) = api.record("challenge", &body) {
        return refused;
    }
    Json(json!({ "ok": true })).into_response()
}
