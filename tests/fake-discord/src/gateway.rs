//! The gateway websocket: HELLO, IDENTIFY → READY (+ GUILD_CREATE), RESUME → RESUMED,
//! heartbeats, dispatches; one session per shard, each guild's events on its shard.

use std::sync::Arc;

use axum::extract::ws::{CloseFrame, Message as WsMessage, WebSocket, WebSocketUpgrade};
use axum::extract::State as AxumState;
use axum::response::Response;
use serde_json::{json, Value};
use tokio::sync::mpsc;

use crate::state::{shard_of, timestamp, Connection, GatewayOut, Session, Shared, State};

/// Heartbeat interval announced in HELLO; the bot's first heartbeat comes this long after
/// IDENTIFY, so tests normally never see one.
const HEARTBEAT_INTERVAL_MS: u64 = 41_250;
/// Discord's close code for an IDENTIFY with a shard it does not accept.
pub(crate) const INVALID_SHARD: u16 = 4010;

/// Accepts the websocket upgrade for the gateway.
pub(crate) async fn upgrade(
    AxumState(shared): AxumState<Arc<Shared>>,
    ws: WebSocketUpgrade,
) -> Response {
    ws.max_message_size(16 << 20)
        .on_upgrade(move |socket| serve(shared, socket))
}

/// Runs one gateway connection until either side closes it.
async fn serve(shared: Arc<Shared>, mut socket: WebSocket) {
    let (tx, mut rx) = mpsc::unbounded_channel();
    let connection_id = shared.update(|st| {
        st.gateway.next_connection += 1;
        st.gateway.connections += 1;
        let id = st.gateway.next_connection;
        st.gateway.open.insert(id, Connection { tx });
        id
    });
    let hello = json!({ "op": 10, "d": { "heartbeat_interval": HEARTBEAT_INTERVAL_MS } });
    if socket
        .send(WsMessage::Text(hello.to_string().into()))
        .await
        .is_ok()
    {
        loop {
            tokio::select! {
                incoming = socket.recv() => match incoming {
                    Some(Ok(WsMessage::Text(text))) => {
                        shared.update(|st| handle_frame(st, connection_id, text.as_str()));
                    }
                    Some(Ok(WsMessage::Binary(_))) => {
                        eprintln!("fake-discord gateway: ignoring a binary frame");
                    }
                    Some(Ok(WsMessage::Close(_))) | Some(Err(_)) | None => break,
                    Some(Ok(_)) => {}
                },
                outgoing = rx.recv() => match outgoing {
                    Some(GatewayOut::Frame(text)) => {
                        if socket.send(WsMessage::Text(text.into())).await.is_err() {
                            break;
                        }
                    }
                    Some(GatewayOut::Close(code)) => {
                        let frame = CloseFrame { code, reason: close_reason(code).into() };
                        // The bot may already be gone; either way this connection ends.
                        let _ = socket.send(WsMessage::Close(Some(frame))).await;
                        break;
                    }
                    None => break,
                },
            }
        }
    }
    shared.update(|st| {
        st.gateway.open.remove(&connection_id);
        // The session survives its connection: the shard may RESUME it on a new one.
        for session in st.gateway.sessions.values_mut() {
            if session.connection == Some(connection_id) {
                session.connection = None;
                session.ready = false;
            }
        }
    });
}

/// The reason sent with a close code.
fn close_reason(code: u16) -> &'static str {
    match code {
        INVALID_SHARD => "Invalid shard.",
        _ => "fake-discord drop",
    }
}

/// Answers one frame from the bot.
fn handle_frame(st: &mut State, connection_id: u64, text: &str) {
    let Ok(frame) = serde_json::from_str::<Value>(text) else {
        eprintln!("fake-discord gateway: unreadable frame {text:?}");
        return;
    };
    let data = frame.get("d").cloned().unwrap_or(Value::Null);
    match frame.get("op").and_then(Value::as_u64) {
        Some(1) => {
            st.gateway.heartbeats += 1;
            send(st, connection_id, json!({ "op": 11 }));
        }
        Some(2) => identify(st, connection_id, &data),
        Some(6) => resume(st, connection_id, &data),
        // Presence updates, member requests and the like need no answer here.
        Some(_) => {}
        None => eprintln!("fake-discord gateway: frame without op: {text}"),
    }
}

/// The `[id, total]` of an IDENTIFY (absent: `[0, 1]`, an unsharded bot), if the fake accepts
/// it: `id < total`, as on Discord, and, when the test chose a shard count, `total` equal to it.
/// (Discord itself accepts other counts as long as no shard gets too many guilds; the fake is
/// stricter so that a process counting the shards differently from its siblings is caught.)
fn identified_shard(st: &State, data: &Value) -> Result<(u32, u32), String> {
    let (id, total) = match data.get("shard") {
        None | Some(Value::Null) => (0, 1),
        Some(Value::Array(pair)) if pair.len() == 2 => {
            let number = |v: &Value| v.as_u64().and_then(|n| u32::try_from(n).ok());
            match (number(&pair[0]), number(&pair[1])) {
                (Some(id), Some(total)) => (id, total),
                _ => return Err("is not two shard numbers".to_owned()),
            }
        }
        Some(_) => return Err("is not [shard_id, shard_count]".to_owned()),
    };
    if id >= total {
        return Err(format!(
            "names shard {id}, but shard ids of {total} shards end at {}",
            total.saturating_sub(1)
        ));
    }
    match st.gateway.shard_count {
        Some(count) if count != total => Err(format!(
            "counts {total} shards, but the bot has {count} (GET /gateway/bot)"
        )),
        _ => Ok((id, total)),
    }
}

fn identify(st: &mut State, connection_id: u64, data: &Value) {
    st.gateway.identifies += 1;
    let (shard, total) = match identified_shard(st, data) {
        Ok(shard) => shard,
        Err(why) => {
            let sent = data.get("shard").cloned().unwrap_or(Value::Null);
            eprintln!(
                "fake-discord gateway: closing with 4010 (Invalid shard): shard {sent} {why}"
            );
            st.gateway.refused.push(sent);
            st.gateway
                .send(connection_id, GatewayOut::Close(INVALID_SHARD));
            return;
        }
    };
    st.gateway.identified_at.push(std::time::Instant::now());
    st.gateway.intents = data.get("intents").and_then(Value::as_u64);
    if st.gateway.shard_count.is_none() {
        // Without a count chosen by the test, the bot's own count holds: a bot that now counts
        // differently has been resharded, and its old sessions are gone.
        st.gateway.sessions.retain(|_, s| s.total == total);
    }
    unbind(st, connection_id);
    let session_id = format!("fake-session-{}", st.next_id());
    let previous = st.gateway.sessions.remove(&shard);
    // A new IDENTIFY for a shard replaces that shard's session only; the connection that had it
    // stays open but hears nothing more.
    st.gateway.sessions.insert(
        shard,
        Session {
            total,
            session_id: Some(session_id.clone()),
            seq: 1,
            connection: Some(connection_id),
            ready: false,
            identifies: previous.as_ref().map_or(0, |p| p.identifies) + 1,
            resumes: previous.as_ref().map_or(0, |p| p.resumes),
        },
    );
    let guilds: Vec<u64> = st
        .guilds
        .keys()
        .copied()
        .filter(|id| shard_of(*id, total) == shard)
        .collect();
    let unavailable: Vec<Value> = guilds
        .iter()
        .map(|id| json!({ "id": id.to_string(), "unavailable": true }))
        .collect();
    let mut user = st.bot.json();
    user["bot"] = json!(true);
    user["verified"] = json!(true);
    user["mfa_enabled"] = json!(false);
    user["flags"] = json!(0);
    let ready = json!({
        "v": 10,
        "user": user,
        "guilds": unavailable,
        "session_id": session_id,
        "resume_gateway_url": st.gateway_url(),
        "application": { "id": st.bot.id.to_string(), "flags": 0 },
        "private_channels": [],
        "relationships": [],
        "presences": [],
        "guild_join_requests": [],
        "geo_ordered_rtc_regions": [],
        "shard": [shard, total],
    });
    let frame = json!({ "op": 0, "s": 1, "t": "READY", "d": ready });
    if !send(st, connection_id, frame) {
        return;
    }
    if let Some(session) = st.gateway.sessions.get_mut(&shard) {
        session.ready = true;
    }
    // As on Discord, each guild of the shard then arrives as GUILD_CREATE.
    for guild in guilds {
        let payload = guild_create(st, guild);
        st.gateway.dispatch_on(shard, "GUILD_CREATE", payload);
    }
}

fn resume(st: &mut State, connection_id: u64, data: &Value) {
    let asked = data.get("session_id").and_then(Value::as_str);
    let found = asked.and_then(|asked| {
        st.gateway
            .sessions
            .iter()
            .find(|(_, s)| s.session_id.as_deref() == Some(asked))
            .map(|(id, _)| *id)
    });
    let Some(shard) = found else {
        // Not resumable: the bot has to identify again.
        send(st, connection_id, json!({ "op": 9, "d": false }));
        return;
    };
    st.gateway.resumes += 1;
    unbind(st, connection_id);
    let Some(session) = st.gateway.sessions.get_mut(&shard) else {
        return;
    };
    session.resumes += 1;
    session.connection = Some(connection_id);
    session.ready = false;
    // Nothing is replayed: the fake never dispatches to a shard that is not ready.
    session.seq += 1;
    let frame = json!({ "op": 0, "s": session.seq, "t": "RESUMED", "d": {} });
    if send(st, connection_id, frame) {
        if let Some(session) = st.gateway.sessions.get_mut(&shard) {
            session.ready = true;
        }
    }
}

/// Detaches whatever session runs on this connection, before it starts or resumes another.
fn unbind(st: &mut State, connection_id: u64) {
    for session in st.gateway.sessions.values_mut() {
        if session.connection == Some(connection_id) {
            session.connection = None;
            session.ready = false;
        }
    }
}

/// A GUILD_CREATE payload: the guild as a bot sees it on joining, with its `@everyone` role,
/// channels and threads but no members (serenity skips its cache-based permission checks
/// without the bot's own member).
fn guild_create(st: &State, id: u64) -> Value {
    let name = st.guilds.get(&id).cloned().unwrap_or_default();
    let (channels, threads) = crate::channels::of_guild(st, id);
    // Two objects: one json! of all keys goes past the macro recursion limit.
    let mut guild = json!({
        "id": id.to_string(),
        "name": name,
        "icon": null,
        "icon_hash": null,
        "splash": null,
        "discovery_splash": null,
        "owner_id": st.owner.id.to_string(),
        "afk_channel_id": null,
        "afk_timeout": 300,
        "widget_enabled": false,
        "widget_channel_id": null,
        "verification_level": 0,
        "default_message_notifications": 0,
        "explicit_content_filter": 0,
        "roles": [crate::channels::everyone_role(id)],
        "emojis": [],
        "features": [],
        "mfa_level": 0,
        "application_id": null,
        "system_channel_id": null,
        "system_channel_flags": 0,
        "rules_channel_id": null,
        "max_presences": null,
        "max_members": 500_000,
        "vanity_url_code": null,
        "description": null,
        "banner": null,
        "premium_tier": 0,
        "premium_subscription_count": 0,
        "preferred_locale": "en-US",
        "public_updates_channel_id": null,
        "max_video_channel_users": 25,
        "max_stage_video_channel_users": 50,
        "nsfw_level": 0,
        "stickers": [],
        "premium_progress_bar_enabled": false,
    });
    let gateway_only = json!({
        "safety_alerts_channel_id": null,
        "incidents_data": null,
        "joined_at": timestamp(),
        "large": false,
        "unavailable": false,
        "member_count": st.users.len(),
        "voice_states": [],
        "members": [],
        "channels": channels,
        "threads": threads,
        "presences": [],
        "stage_instances": [],
        "guild_scheduled_events": [],
        "soundboard_sounds": [],
        "lazy": true,
    });
    if let (Some(guild), Value::Object(more)) = (guild.as_object_mut(), gateway_only) {
        guild.extend(more);
    }
    guild
}

/// Queues a frame on this connection; false when it is gone.
fn send(st: &State, connection_id: u64, frame: Value) -> bool {
    st.gateway
        .send(connection_id, GatewayOut::Frame(frame.to_string()))
}
