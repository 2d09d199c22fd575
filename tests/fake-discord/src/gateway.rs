//! The gateway websocket: HELLO, IDENTIFY → READY, RESUME → RESUMED, heartbeats, dispatches.

use std::sync::Arc;

use axum::extract::ws::{CloseFrame, Message as WsMessage, WebSocket, WebSocketUpgrade};
use axum::extract::State as AxumState;
use axum::response::Response;
use serde_json::{json, Value};
use tokio::sync::mpsc;

use crate::state::{Connection, GatewayOut, Shared, State};

/// Heartbeat interval announced in HELLO; the bot's first heartbeat comes this long after
/// IDENTIFY, so tests normally never see one.
const HEARTBEAT_INTERVAL_MS: u64 = 41_250;

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
        // A newer connection replaces an older one, as a reconnecting shard does.
        st.gateway.connection = Some(Connection {
            id,
            tx: tx.clone(),
            ready: false,
        });
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
                        let frame = CloseFrame { code, reason: "fake-discord drop".into() };
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
        if st
            .gateway
            .connection
            .as_ref()
            .is_some_and(|c| c.id == connection_id)
        {
            st.gateway.connection = None;
        }
    });
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

fn identify(st: &mut State, connection_id: u64, data: &Value) {
    st.gateway.identifies += 1;
    st.gateway.intents = data.get("intents").and_then(Value::as_u64);
    let session_id = format!("fake-session-{}", st.next_id());
    st.gateway.session_id = Some(session_id.clone());
    st.gateway.seq = 1;
    let guilds: Vec<Value> = st
        .guilds
        .keys()
        .map(|id| json!({ "id": id.to_string(), "unavailable": true }))
        .collect();
    let mut user = st.bot.json();
    user["bot"] = json!(true);
    user["verified"] = json!(true);
    user["mfa_enabled"] = json!(false);
    user["flags"] = json!(0);
    let mut ready = json!({
        "v": 10,
        "user": user,
        "guilds": guilds,
        "session_id": session_id,
        "resume_gateway_url": st.gateway_url(),
        "application": { "id": st.bot.id.to_string(), "flags": 0 },
        "private_channels": [],
        "relationships": [],
        "presences": [],
        "guild_join_requests": [],
        "geo_ordered_rtc_regions": [],
    });
    // Echo the shard array back in the shape the bot itself sent it.
    if let Some(shard) = data.get("shard").filter(|s| !s.is_null()) {
        ready["shard"] = shard.clone();
    }
    let frame = json!({ "op": 0, "s": 1, "t": "READY", "d": ready });
    if send(st, connection_id, frame) {
        mark_ready(st, connection_id);
    }
}

fn resume(st: &mut State, connection_id: u64, data: &Value) {
    let asked = data.get("session_id").and_then(Value::as_str);
    if asked.is_none() || asked != st.gateway.session_id.as_deref() {
        // Not resumable: the bot has to identify again.
        send(st, connection_id, json!({ "op": 9, "d": false }));
        return;
    }
    st.gateway.resumes += 1;
    // Nothing is replayed: the fake never dispatches while no connection is ready.
    st.gateway.seq += 1;
    let frame = json!({ "op": 0, "s": st.gateway.seq, "t": "RESUMED", "d": {} });
    if send(st, connection_id, frame) {
        mark_ready(st, connection_id);
    }
}

fn mark_ready(st: &mut State, connection_id: u64) {
    if let Some(connection) = st
        .gateway
        .connection
        .as_mut()
        .filter(|c| c.id == connection_id)
    {
        connection.ready = true;
    }
}

/// Queues a frame on this connection; false when it is gone.
fn send(st: &State, connection_id: u64, frame: Value) -> bool {
    st.gateway
        .connection
        .as_ref()
        .filter(|c| c.id == connection_id)
        .is_some_and(|c| c.tx.send(GatewayOut::Frame(frame.to_string())).is_ok())
}
