//! The REST API under `/api/v10`: one handler that reads the body, routes by path, records.

use std::sync::Arc;

use axum::body::Body;
use axum::extract::{FromRequest, Multipart, Request, State as AxumState};
use axum::http::{header, Method, StatusCode};
use axum::response::{IntoResponse, Response};
use serde_json::{json, Value};

use crate::model::{Choice, FakeError, RecordedRequest, Scope};
use crate::state::{id_of, Origin, Shared, State, Upload, EPHEMERAL};

/// Largest request body accepted (Discord's default upload limit is 25 MiB).
pub(crate) const BODY_LIMIT: usize = 32 << 20;

/// What a route answers.
pub(crate) enum Reply {
    Json(u16, Value),
    Empty(u16),
    Bytes(Option<String>, Vec<u8>),
}

impl IntoResponse for Reply {
    fn into_response(self) -> Response {
        match self {
            Reply::Json(status, value) => (
                status_code(status),
                [(header::CONTENT_TYPE, "application/json")],
                value.to_string(),
            )
                .into_response(),
            Reply::Empty(status) => status_code(status).into_response(),
            Reply::Bytes(content_type, bytes) => {
                let content_type =
                    content_type.unwrap_or_else(|| "application/octet-stream".to_owned());
                (
                    StatusCode::OK,
                    [(header::CONTENT_TYPE, content_type)],
                    Body::from(bytes),
                )
                    .into_response()
            }
        }
    }
}

fn status_code(status: u16) -> StatusCode {
    StatusCode::from_u16(status).unwrap_or(StatusCode::INTERNAL_SERVER_ERROR)
}

impl Reply {
    /// The HTTP status.
    pub(crate) fn status(&self) -> u16 {
        match self {
            Reply::Json(status, _) | Reply::Empty(status) => *status,
            Reply::Bytes(..) => 200,
        }
    }
}

/// A Discord-style JSON error.
pub(crate) fn error(status: u16, code: u32, message: &str) -> Reply {
    Reply::Json(status, json!({ "message": message, "code": code }))
}

/// A Discord-style "Invalid Form Body" error, logged because it usually means a bot bug.
fn invalid(why: &str) -> Reply {
    eprintln!("fake-discord: rejecting request: {why}");
    error(400, 50035, &format!("Invalid Form Body: {why}"))
}

/// Refuses a message payload: code 50006 for an empty message, else "Invalid Form Body".
fn refuse_message(why: &str) -> Reply {
    if why == crate::validate::EMPTY_MESSAGE {
        eprintln!("fake-discord: rejecting request: {why}");
        return error(400, 50006, why);
    }
    invalid(why)
}

/// Adds a handled request to the log tests read; `in_http_response` for the Interactions
/// Endpoint's answer, recorded as the callback it stands for.
pub(crate) fn record(
    st: &mut State,
    method: &axum::http::Method,
    path: &str,
    query: &Option<String>,
    reply: &Reply,
    body: Value,
    in_http_response: bool,
) {
    let status = reply.status();
    let response = match reply {
        Reply::Json(_, value) => value.clone(),
        Reply::Empty(_) | Reply::Bytes(..) => Value::Null,
    };
    if status == 404 && !path.starts_with("/attachments/") {
        eprintln!("fake-discord: 404 for {method} {path}");
    }
    st.requests.push(RecordedRequest {
        method: method.to_string(),
        path: path.to_owned(),
        query: query.clone(),
        status,
        body,
        response,
        in_http_response,
    });
}

/// Handles every HTTP request that is not the gateway.
pub(crate) async fn handle(AxumState(shared): AxumState<Arc<Shared>>, req: Request) -> Response {
    let method = req.method().clone();
    let path = req.uri().path().to_owned();
    let query = req.uri().query().map(str::to_owned);
    let auth = req
        .headers()
        .get(header::AUTHORIZATION)
        .and_then(|v| v.to_str().ok())
        .map(str::to_owned);
    crate::endpoint::wait_for_response(&shared, &path).await;
    // The request is recorded in the same step that handles it, so a test that sees its effect
    // (a message in a channel) also finds the request that made it.
    let mut hang = false;
    let reply = match read_body(req).await {
        Ok((body, uploads)) => shared.update(|st| {
            let oauth = api_path(&path).and_then(|api| {
                let segments: Vec<&str> = api.split('/').filter(|s| !s.is_empty()).collect();
                crate::oauth::route(st, method.as_str(), &segments, auth.as_deref(), &body)
            });
            let reply = match oauth {
                Some(reply) => reply,
                None => route(st, &method, &path, query.as_deref(), &body, uploads),
            };
            record(st, &method, &path, &query, &reply, body, false);
            if method == Method::POST {
                let hung = match shown_by(&path, &reply) {
                    Some(Shown::Post) => Some(&mut st.faults.hung_posts),
                    Some(Shown::Callback) => Some(&mut st.faults.hung_callbacks),
                    None => None,
                };
                if let Some(hung) = hung {
                    hang = *hung > 0;
                    *hung = hung.saturating_sub(1);
                }
            }
            reply
        }),
        Err(why) => {
            let reply = invalid(&why);
            shared.update(|st| record(st, &method, &path, &query, &reply, Value::Null, false));
            reply
        }
    };
    if hang {
        // Until the client gives up on the request (its process is killed).
        std::future::pending::<()>().await;
    }
    reply.into_response()
}

/// What a successful POST showed.
enum Shown {
    /// A message posted in a channel.
    Post,
    /// An interaction's answer.
    Callback,
}

/// What a POST to `path` answered with `reply` showed, if anything.
fn shown_by(path: &str, reply: &Reply) -> Option<Shown> {
    if !matches!(reply, Reply::Json(200, _) | Reply::Empty(204)) {
        return None;
    }
    let segments: Vec<&str> = api_path(path)?
        .split('/')
        .filter(|s| !s.is_empty())
        .collect();
    match segments.as_slice() {
        ["channels", _, "messages"] => Some(Shown::Post),
        ["interactions", _, _, "callback"] => Some(Shown::Callback),
        _ => None,
    }
}

/// Reads a JSON body, a form (OAuth2's token exchange) as a JSON object of strings, or a
/// multipart body with `payload_json` and `files[N]` parts.
pub(crate) async fn read_body(req: Request) -> Result<(Value, Vec<Upload>), String> {
    let content_type = req
        .headers()
        .get(header::CONTENT_TYPE)
        .and_then(|v| v.to_str().ok())
        .unwrap_or("")
        .to_owned();
    let multipart = content_type.starts_with("multipart/form-data");
    if content_type.starts_with("application/x-www-form-urlencoded") {
        let bytes = axum::body::to_bytes(req.into_body(), BODY_LIMIT)
            .await
            .map_err(|e| format!("unreadable body: {e}"))?;
        let pairs: Vec<(String, String)> =
            serde_urlencoded::from_bytes(&bytes).map_err(|e| format!("body is not a form: {e}"))?;
        let form: serde_json::Map<String, Value> = pairs
            .into_iter()
            .map(|(k, v)| (k, Value::String(v)))
            .collect();
        return Ok((Value::Object(form), Vec::new()));
    }
    if !multipart {
        let bytes = axum::body::to_bytes(req.into_body(), BODY_LIMIT)
            .await
            .map_err(|e| format!("unreadable body: {e}"))?;
        if bytes.is_empty() {
            return Ok((Value::Null, Vec::new()));
        }
        let body = serde_json::from_slice(&bytes).map_err(|e| format!("body is not JSON: {e}"))?;
        return Ok((body, Vec::new()));
    }
    let mut form = Multipart::from_request(req, &())
        .await
        .map_err(|e| format!("bad multipart body: {e}"))?;
    let mut body = Value::Null;
    let mut uploads = Vec::new();
    while let Some(field) = form
        .next_field()
        .await
        .map_err(|e| format!("bad multipart part: {e}"))?
    {
        let name = field.name().unwrap_or("").to_owned();
        let filename = field.file_name().map(str::to_owned);
        let content_type = field.content_type().map(str::to_owned);
        let bytes = field
            .bytes()
            .await
            .map_err(|e| format!("unreadable part {name}: {e}"))?;
        if name == "payload_json" {
            body = serde_json::from_slice(&bytes)
                .map_err(|e| format!("payload_json is not JSON: {e}"))?;
        } else if let Some(index) = name
            .strip_prefix("files[")
            .and_then(|rest| rest.strip_suffix(']'))
        {
            let index = index
                .parse()
                .map_err(|_| format!("bad file part name {name}"))?;
            uploads.push(Upload {
                index,
                filename: filename.unwrap_or_else(|| format!("file{index}")),
                content_type,
                bytes: bytes.to_vec(),
            });
        } else if name == "file" {
            uploads.push(Upload {
                index: 0,
                filename: filename.unwrap_or_else(|| "file".to_owned()),
                content_type,
                bytes: bytes.to_vec(),
            });
        } else {
            eprintln!("fake-discord: ignoring multipart part {name:?}");
        }
    }
    Ok((body, uploads))
}

/// Strips `/api/v10` (or another version, or none) from a path.
pub(crate) fn api_path(path: &str) -> Option<&str> {
    let rest = path.strip_prefix("/api")?;
    if let Some(versioned) = rest.strip_prefix("/v") {
        let slash = versioned.find('/').unwrap_or(versioned.len());
        if versioned[..slash].chars().all(|c| c.is_ascii_digit()) {
            return Some(&versioned[slash..]);
        }
    }
    Some(rest)
}

fn route(
    st: &mut State,
    method: &Method,
    path: &str,
    query: Option<&str>,
    body: &Value,
    uploads: Vec<Upload>,
) -> Reply {
    let Some(api) = api_path(path) else {
        return attachment(st, method, path);
    };
    let segments: Vec<&str> = api.split('/').filter(|s| !s.is_empty()).collect();
    if let ("POST", ["interactions", _, token, "callback"]) = (method.as_str(), segments.as_slice())
    {
        if callback_fails(st, token) {
            return error(404, 10062, "Unknown interaction");
        }
        if st.faults.callbacks_unavailable > 0 {
            st.faults.callbacks_unavailable -= 1;
            st.faults.callbacks_failed += 1;
            return error(503, 0, "Service Unavailable");
        }
    }
    let app_ok = |app: &str| app.parse::<u64>().ok() == Some(st.bot.id);
    match (method.as_str(), segments.as_slice()) {
        ("GET", ["gateway"]) => Reply::Json(200, json!({ "url": st.gateway_url() })),
        ("GET", ["gateway", "bot"]) => Reply::Json(
            200,
            json!({
                "url": st.gateway_url(),
                "shards": st.gateway.reported_shards(),
                "session_start_limit": {
                    "total": 1000, "remaining": 1000, "reset_after": 0, "max_concurrency": 1
                }
            }),
        ),
        ("GET", ["oauth2", "applications", "@me"] | ["applications", "@me"]) => {
            Reply::Json(200, application_info(st))
        }
        ("GET", ["users", "@me"]) => {
            let mut user = st.bot.json();
            user["verified"] = json!(true);
            user["mfa_enabled"] = json!(false);
            user["flags"] = json!(0);
            Reply::Json(200, user)
        }
        ("GET", ["users", id]) => match id.parse().ok().and_then(|id| st.users.get(&id)) {
            Some(user) => Reply::Json(200, user.json()),
            None => error(404, 10013, "Unknown User"),
        },
        ("POST", ["users", "@me", "channels"]) => {
            let user = id_of(body.get("recipient_id")).and_then(|id| st.users.get(&id).cloned());
            match user {
                Some(user) => {
                    let channel = st.dm_channel(&user);
                    Reply::Json(200, channel_json(st, channel.id))
                }
                None => error(404, 10013, "Unknown User"),
            }
        }
        (_, ["applications", app, ..]) if !app_ok(app) => error(404, 10002, "Unknown Application"),
        ("PUT", ["applications", _, "commands"]) => register(st, Scope::Global, body),
        ("PUT", ["applications", _, "guilds", guild, "commands"]) => match guild.parse() {
            Ok(guild) => register(st, Scope::Guild(guild), body),
            Err(_) => error(404, 10004, "Unknown Guild"),
        },
        ("GET", ["applications", _, "commands"]) => list_commands(st, Scope::Global),
        ("GET", ["applications", _, "guilds", guild, "commands"]) => match guild.parse() {
            Ok(guild) => list_commands(st, Scope::Guild(guild)),
            Err(_) => error(404, 10004, "Unknown Guild"),
        },
        ("POST", ["interactions", id, token, "callback"]) => {
            callback(st, id.parse().unwrap_or(0), token, body, uploads)
        }
        ("POST", ["channels", _, "messages"]) if st.faults.posts > 0 => {
            st.faults.posts -= 1;
            st.faults.posts_failed += 1;
            error(503, 0, "upstream connect error (injected)")
        }
        (_, ["webhooks", app, ..]) if !app_ok(app) => error(404, 10015, "Unknown Webhook"),
        ("POST", ["webhooks", _, token]) => followup(st, token, body, uploads),
        (_, ["webhooks", _, token, "messages", which]) => {
            webhook_message(st, method, token, which, body, uploads)
        }
        ("DELETE", ["channels", channel]) => match channel.parse::<u64>() {
            Ok(id) if st.threads.contains_key(&id) => {
                let json = channel_json(st, id);
                st.threads.remove(&id);
                st.channels.remove(&id);
                Reply::Json(200, json)
            }
            Ok(id) if st.channels.contains_key(&id) => error(
                403,
                50013,
                "Missing Permissions (the fake deletes only threads)",
            ),
            _ => error(404, 10003, "Unknown Channel"),
        },
        ("GET", ["channels", channel]) => match channel.parse() {
            Ok(id) if st.channels.contains_key(&id) => Reply::Json(200, channel_json(st, id)),
            _ => error(404, 10003, "Unknown Channel"),
        },
        ("POST", ["channels", channel, "threads"]) => match channel.parse::<u64>() {
            Ok(id) if st.channels.contains_key(&id) => start_thread(st, id, body),
            _ => error(404, 10003, "Unknown Channel"),
        },
        ("POST", ["channels", channel, "typing"]) => match channel.parse::<u64>() {
            Ok(id) if st.channels.contains_key(&id) => Reply::Empty(204),
            _ => error(404, 10003, "Unknown Channel"),
        },
        (_, ["channels", channel, "messages", rest @ ..]) => {
            let channel = match channel.parse::<u64>() {
                Ok(id) if st.channels.contains_key(&id) => id,
                _ => return error(404, 10003, "Unknown Channel"),
            };
            // As on Discord for a user whose privacy settings refuse the bot's messages:
            // opening the DM channel works, posting there does not.
            if method == Method::POST && rest.is_empty() && st.dms_closed(channel) {
                return error(403, 50007, "Cannot send messages to this user");
            }
            channel_messages(
                st,
                method,
                channel,
                rest.first().copied(),
                query,
                body,
                uploads,
            )
        }
        ("GET", ["guilds", guild, "roles"]) => match guild.parse::<u64>() {
            Ok(id) if st.guilds.contains_key(&id) => {
                Reply::Json(200, json!([crate::channels::everyone_role(id)]))
            }
            _ => error(404, 10004, "Unknown Guild"),
        },
        ("GET", ["guilds", guild, "members", user]) => {
            let guild_known = guild
                .parse()
                .ok()
                .is_some_and(|g| st.guilds.contains_key(&g));
            match user.parse().ok().and_then(|u| st.users.get(&u)) {
                Some(user) if guild_known => {
                    let mut member = crate::interaction::member_json(user);
                    if let Some(map) = member.as_object_mut() {
                        map.remove("permissions");
                    }
                    Reply::Json(200, member)
                }
                _ => error(404, 10007, "Unknown Member"),
            }
        }
        _ => error(404, 0, "404: Not Found"),
    }
}

/// Serves an uploaded file at its attachment URL.
fn attachment(st: &State, method: &Method, path: &str) -> Reply {
    let id = path
        .strip_prefix("/attachments/")
        .and_then(|rest| rest.split('/').next())
        .and_then(|id| id.parse::<u64>().ok());
    match id.and_then(|id| st.files.get(&id)) {
        Some((content_type, bytes)) if method == Method::GET => {
            Reply::Bytes(content_type.clone(), bytes.clone())
        }
        _ => error(404, 0, "404: Not Found"),
    }
}

fn application_info(st: &State) -> Value {
    json!({
        "id": st.bot.id.to_string(),
        "name": st.bot.name,
        "icon": null,
        "description": "",
        "rpc_origins": [],
        "bot_public": true,
        "bot_require_code_grant": false,
        "owner": st.owner.json(),
        "verify_key": "0000000000000000000000000000000000000000000000000000000000000000",
        "team": null,
        "flags": 0,
        "bot": st.bot.json(),
    })
}

/// A channel object: a guild text channel or a DM.
fn channel_json(st: &State, id: u64) -> Value {
    let Some(channel) = st.channels.get(&id) else {
        return Value::Null;
    };
    if let (Some(parent), Some(guild)) = (st.threads.get(&id), channel.guild_id) {
        return thread_json(id, guild, *parent, &channel.name, st.bot.id);
    }
    match channel.guild_id {
        Some(_) => {
            let mut json =
                crate::channels::text_channel_json(channel, st.private_channels.contains(&id));
            json["flags"] = json!(0);
            json
        }
        None => {
            let recipient = st
                .users
                .values()
                .find(|u| u.name == channel.name)
                .map(crate::model::TestUser::json)
                .unwrap_or(Value::Null);
            json!({
                "id": id.to_string(),
                "type": 1,
                "last_message_id": null,
                "recipients": [recipient],
                "flags": 0,
            })
        }
    }
}

/// A thread channel object (type 11, public).
pub(crate) fn thread_json(id: u64, guild: u64, parent: u64, name: &str, owner: u64) -> Value {
    json!({
        "id": id.to_string(),
        "type": 11,
        "guild_id": guild.to_string(),
        "parent_id": parent.to_string(),
        "owner_id": owner.to_string(),
        "name": name,
        "last_message_id": null,
        "rate_limit_per_user": 0,
        "message_count": 0,
        "member_count": 1,
        "total_message_sent": 0,
        "flags": 0,
        "thread_metadata": {
            "archived": false,
            "auto_archive_duration": 1440,
            "archive_timestamp": crate::state::timestamp(),
            "locked": false,
            "create_timestamp": crate::state::timestamp(),
        },
    })
}

/// `POST /channels/{id}/threads`: a thread without a starting message. Only public threads
/// (type 11) of guild text channels, with a name of 1 to 100 characters, as on Discord.
fn start_thread(st: &mut State, parent: u64, body: &Value) -> Reply {
    let Some(guild) = st.channels.get(&parent).and_then(|c| c.guild_id) else {
        return error(400, 50024, "Cannot execute action on this channel type");
    };
    if st.threads.contains_key(&parent) {
        return error(400, 50024, "Cannot execute action on this channel type");
    }
    let name = body.get("name").and_then(Value::as_str).unwrap_or("");
    let len = name.chars().count();
    if !(1..=100).contains(&len) {
        return invalid(&format!("name: must be 1 to 100 characters, is {len}"));
    }
    match body.get("type").and_then(Value::as_u64) {
        Some(11) => {}
        other => {
            return invalid(&format!(
                "type: the fake opens public threads (11), not {other:?}"
            ))
        }
    }
    let id = st.next_id();
    st.channels.insert(
        id,
        crate::model::TestChannel {
            id,
            guild_id: Some(guild),
            name: name.to_owned(),
        },
    );
    st.threads.insert(id, parent);
    if let Some(thread) = st.channels.get(&id).cloned() {
        crate::channels::announce(st, &thread);
    }
    Reply::Json(201, thread_json(id, guild, parent, name, st.bot.id))
}

/// `PUT .../commands`: replaces the scope's whole command set, as Discord does.
fn register(st: &mut State, scope: Scope, body: &Value) -> Reply {
    let Some(commands) = body.as_array() else {
        return invalid("the body must be an array of commands");
    };
    if let Err(why) = crate::validate::commands(commands) {
        return invalid(&why);
    }
    if scope == Scope::Global {
        if let Some(refusal) = crate::oauth::check_overwrite(st, commands) {
            return refusal;
        }
    }
    let old = st.commands.get(&scope).cloned().unwrap_or_default();
    let mut stored = Vec::new();
    for command in commands {
        let name = command.get("name").and_then(Value::as_str).unwrap_or("");
        let kind = command.get("type").and_then(Value::as_u64).unwrap_or(1);
        let id = old
            .iter()
            .find(|c| {
                c.get("name").and_then(Value::as_str) == Some(name)
                    && c.get("type").and_then(Value::as_u64) == Some(kind)
            })
            .and_then(|c| id_of(c.get("id")))
            .unwrap_or_else(|| st.next_id());
        let mut command = command.clone();
        command["id"] = json!(id.to_string());
        command["application_id"] = json!(st.bot.id.to_string());
        command["version"] = json!(st.next_id().to_string());
        command["type"] = json!(kind);
        for (key, default) in [
            ("description", json!("")),
            ("options", json!([])),
            ("default_member_permissions", Value::Null),
            ("nsfw", json!(false)),
        ] {
            if command.get(key).is_none() {
                command[key] = default;
            }
        }
        match scope {
            Scope::Guild(guild) => command["guild_id"] = json!(guild.to_string()),
            Scope::Global => {
                if let Some(map) = command.as_object_mut() {
                    map.remove("guild_id");
                }
            }
        }
        stored.push(command);
    }
    st.commands.insert(scope, stored.clone());
    st.registrations += 1;
    Reply::Json(200, Value::Array(stored))
}

fn list_commands(st: &State, scope: Scope) -> Reply {
    Reply::Json(
        200,
        Value::Array(st.commands.get(&scope).cloned().unwrap_or_default()),
    )
}

/// `POST /interactions/{id}/{token}/callback`: the bot's first answer.
/// Whether this callback is to fail ([`crate::FakeDiscord::fail_callbacks`]): the next so
/// many do, and so does every later one for an interaction whose callback failed (on Discord
/// an interaction that was not answered in time stays unknown).
pub(crate) fn callback_fails(st: &mut State, token: &str) -> bool {
    let pending = st.interactions.get_mut(token);
    if pending.as_ref().is_some_and(|p| p.failed.is_some()) {
        return true;
    }
    if st.faults.callbacks == 0 {
        return false;
    }
    st.faults.callbacks -= 1;
    st.faults.callbacks_failed += 1;
    if let Some(pending) = pending {
        pending.failed = Some(FakeError::CallbackFailed(format!(
            "{}: its callback was failed on purpose",
            pending.label
        )));
    }
    true
}

/// The same rules hold for the HTTP response of the Interactions Endpoint, which goes through
/// here too ([`crate::endpoint`]).
pub(crate) fn callback(
    st: &mut State,
    id: u64,
    token: &str,
    body: &Value,
    uploads: Vec<Upload>,
) -> Reply {
    let Some(pending) = st.interactions.get_mut(token).filter(|p| p.id == id) else {
        return error(404, 10062, "Unknown interaction");
    };
    if pending.callback_type.is_some() {
        // A second answer: counted, so a test can tell that the bot answered twice.
        pending.initial_answers += 1;
        eprintln!(
            "fake-discord: {} (interaction {}) was answered twice",
            pending.label, pending.id
        );
        return error(400, 40060, "Interaction has already been acknowledged.");
    }
    let interaction_id = pending.id;
    let channel = pending.channel_id;
    let component_message = pending.component_message;
    let is_autocomplete = pending.label.starts_with("autocomplete");
    let Some(kind) = body
        .get("type")
        .and_then(Value::as_u64)
        .and_then(|k| u8::try_from(k).ok())
    else {
        return invalid("the callback has no type");
    };
    let empty = json!({});
    let data = body.get("data").filter(|d| d.is_object()).unwrap_or(&empty);
    let ephemeral = data.get("flags").and_then(Value::as_u64).unwrap_or(0) & EPHEMERAL != 0;
    if is_autocomplete != (kind == 8) {
        return invalid(&format!(
            "callback type {kind} does not fit this interaction ({})",
            pending.label
        ));
    }
    let token = token.to_owned();
    match kind {
        4 => {
            if let Err(why) = crate::validate::message(data, !uploads.is_empty(), true) {
                return refuse_message(&why);
            }
            let origin = Origin {
                interaction_id: Some(interaction_id),
                ephemeral,
                loading: false,
            };
            let message = st.create_message(channel, data, uploads, origin);
            set_callback(st, &token, kind, Some(message), false);
            st.complete(&token, kind, Some(message), body.clone(), Vec::new());
        }
        5 => {
            let origin = Origin {
                interaction_id: Some(interaction_id),
                ephemeral,
                loading: true,
            };
            let message = st.create_message(channel, &json!({}), Vec::new(), origin);
            set_callback(st, &token, kind, Some(message), true);
        }
        6 | 7 => {
            let Some(message) = component_message else {
                return invalid(&format!(
                    "callback type {kind} is only for component interactions"
                ));
            };
            if kind == 7 {
                if let Err(why) = crate::validate::message(data, !uploads.is_empty(), false) {
                    return refuse_message(&why);
                }
            }
            set_callback(st, &token, kind, Some(message), false);
            if kind == 7 {
                st.edit_message(message, data, uploads);
                st.complete(&token, kind, Some(message), body.clone(), Vec::new());
            }
        }
        8 => {
            let raw_choices = data
                .get("choices")
                .and_then(Value::as_array)
                .cloned()
                .unwrap_or_default();
            if raw_choices.len() > 25 {
                return invalid("more than 25 autocomplete choices");
            }
            let choices = raw_choices
                .iter()
                .map(|c| Choice {
                    name: c
                        .get("name")
                        .and_then(Value::as_str)
                        .unwrap_or("")
                        .to_owned(),
                    value: c.get("value").cloned().unwrap_or(Value::Null),
                })
                .collect();
            set_callback(st, &token, kind, None, false);
            st.complete(&token, kind, None, body.clone(), choices);
        }
        // 12: LAUNCH_ACTIVITY, Discord opens the Activity for the member; no message.
        9 | 12 => {
            set_callback(st, &token, kind, None, false);
            st.complete(&token, kind, None, body.clone(), Vec::new());
        }
        _ => return invalid(&format!("unknown callback type {kind}")),
    }
    Reply::Empty(204)
}

/// Marks the interaction acknowledged, and when (for the 3 s check).
fn set_callback(st: &mut State, token: &str, kind: u8, original: Option<u64>, loading: bool) {
    if let Some(pending) = st.interactions.get_mut(token) {
        pending.callback_type = Some(kind);
        pending.original = original;
        pending.loading = loading;
        pending.initial_answers += 1;
        pending.answered_after = Some(pending.sent_at.elapsed());
    }
}

/// `POST /webhooks/{app}/{token}`: a followup message.
fn followup(st: &mut State, token: &str, body: &Value, uploads: Vec<Upload>) -> Reply {
    let Some(pending) = st.interactions.get(token) else {
        return error(404, 10015, "Unknown Webhook");
    };
    let Some(kind) = pending.callback_type else {
        // Discord only accepts followups once the interaction is acknowledged.
        return error(404, 10015, "Unknown Webhook");
    };
    if let Err(why) = crate::validate::message(body, !uploads.is_empty(), true) {
        return refuse_message(&why);
    }
    let token = token.to_owned();
    let (interaction_id, channel, original, loading) = (
        pending.id,
        pending.channel_id,
        pending.original,
        pending.loading,
    );
    let message = match original.filter(|_| loading) {
        Some(placeholder) => {
            // The first followup after a defer fills the "thinking…" message and keeps the
            // defer's visibility, whatever flags it asks for.
            let mut payload = body.clone();
            if let Some(map) = payload.as_object_mut() {
                map.remove("flags");
            }
            st.edit_message(placeholder, &payload, uploads);
            if let Some(p) = st.interactions.get_mut(&token) {
                p.loading = false;
            }
            placeholder
        }
        None => {
            let ephemeral = body.get("flags").and_then(Value::as_u64).unwrap_or(0) & EPHEMERAL != 0;
            let origin = Origin {
                interaction_id: Some(interaction_id),
                ephemeral,
                loading: false,
            };
            let message = st.create_message(channel, body, uploads, origin);
            if let Some(p) = st.interactions.get_mut(&token) {
                p.followups.push(message);
            }
            message
        }
    };
    st.complete(&token, kind, Some(message), body.clone(), Vec::new());
    message_reply(st, message)
}

/// `GET`/`PATCH`/`DELETE /webhooks/{app}/{token}/messages/{@original | id}`.
fn webhook_message(
    st: &mut State,
    method: &Method,
    token: &str,
    which: &str,
    body: &Value,
    uploads: Vec<Upload>,
) -> Reply {
    let Some(pending) = st.interactions.get(token) else {
        return error(404, 10015, "Unknown Webhook");
    };
    let message = if which == "@original" {
        pending.original
    } else {
        which
            .parse::<u64>()
            .ok()
            .filter(|id| pending.original == Some(*id) || pending.followups.contains(id))
    };
    let Some(message) = message.filter(|id| st.messages.get(id).is_some_and(|m| !m.deleted)) else {
        return error(404, 10008, "Unknown Message");
    };
    let token = token.to_owned();
    let kind = pending.callback_type.unwrap_or(4);
    let filling = pending.loading && pending.original == Some(message);
    match method.as_str() {
        "GET" => message_reply(st, message),
        "PATCH" => {
            if let Err(why) = crate::validate::message(body, !uploads.is_empty(), false) {
                return refuse_message(&why);
            }
            st.edit_message(message, body, uploads);
            if filling {
                if let Some(p) = st.interactions.get_mut(&token) {
                    p.loading = false;
                }
            }
            if pending_original(st, &token) == Some(message) {
                st.complete(&token, kind, Some(message), body.clone(), Vec::new());
            }
            st.complete_deferred_updates_of(message, body);
            message_reply(st, message)
        }
        "DELETE" => {
            if let Some(stored) = st.messages.get_mut(&message) {
                stored.deleted = true;
            }
            Reply::Empty(204)
        }
        _ => error(405, 0, "405: Method Not Allowed"),
    }
}

fn pending_original(st: &State, token: &str) -> Option<u64> {
    st.interactions.get(token).and_then(|p| p.original)
}

/// `/channels/{id}/messages[/{mid}]`.
fn channel_messages(
    st: &mut State,
    method: &Method,
    channel: u64,
    message: Option<&str>,
    query: Option<&str>,
    body: &Value,
    uploads: Vec<Upload>,
) -> Reply {
    let Some(message) = message else {
        return match method.as_str() {
            "POST" => {
                if let Err(why) = crate::validate::message(body, !uploads.is_empty(), true) {
                    return refuse_message(&why);
                }
                // As on Discord: with `enforce_nonce`, a second post with the same nonce
                // returns the first message instead of creating another.
                let nonce = body.get("nonce").filter(|n| !n.is_null()).cloned();
                let enforced = body.get("enforce_nonce").and_then(Value::as_bool) == Some(true);
                if let Some(nonce) = nonce.as_ref().filter(|_| enforced) {
                    let earlier = st.messages.iter().find(|(_, m)| {
                        !m.deleted
                            && id_of(m.json.get("channel_id")) == Some(channel)
                            && m.json.get("nonce") == Some(nonce)
                    });
                    if let Some((&id, _)) = earlier {
                        st.nonce_hits += 1;
                        return message_reply(st, id);
                    }
                }
                let id = st.create_message(channel, body, uploads, Origin::default());
                if let (Some(nonce), Some(stored)) = (nonce, st.messages.get_mut(&id)) {
                    stored.json["nonce"] = nonce;
                }
                message_reply(st, id)
            }
            "GET" => {
                let limit = query
                    .and_then(|q| q.split('&').find_map(|kv| kv.strip_prefix("limit=")))
                    .and_then(|n| n.parse().ok())
                    .unwrap_or(50usize);
                let list: Vec<Value> = st
                    .messages
                    .iter()
                    .rev()
                    .filter(|(_, m)| {
                        !m.deleted
                            && !m.ephemeral
                            && !m.loading
                            && id_of(m.json.get("channel_id")) == Some(channel)
                    })
                    .take(limit)
                    .map(|(_, m)| m.json.clone())
                    .collect();
                Reply::Json(200, Value::Array(list))
            }
            _ => error(405, 0, "405: Method Not Allowed"),
        };
    };
    // Ephemeral messages do not exist for the channel endpoints, as on Discord.
    let found = message.parse::<u64>().ok().filter(|id| {
        st.messages.get(id).is_some_and(|m| {
            !m.deleted && !m.ephemeral && id_of(m.json.get("channel_id")) == Some(channel)
        })
    });
    let Some(message) = found else {
        return error(404, 10008, "Unknown Message");
    };
    match method.as_str() {
        "GET" => message_reply(st, message),
        "PATCH" => {
            if let Err(why) = crate::validate::message(body, !uploads.is_empty(), false) {
                return refuse_message(&why);
            }
            st.edit_message(message, body, uploads);
            st.complete_deferred_updates_of(message, body);
            message_reply(st, message)
        }
        "DELETE" => {
            if let Some(stored) = st.messages.get_mut(&message) {
                stored.deleted = true;
            }
            Reply::Empty(204)
        }
        _ => error(405, 0, "405: Method Not Allowed"),
    }
}

fn message_reply(st: &State, id: u64) -> Reply {
    match st.messages.get(&id) {
        Some(stored) => Reply::Json(200, stored.json.clone()),
        None => error(404, 10008, "Unknown Message"),
    }
}
