//! Everything the fake remembers, and the rules for creating and editing messages.

use std::collections::{BTreeMap, HashMap};
use std::sync::{Mutex, MutexGuard, PoisonError};
use std::time::{Duration, SystemTime, UNIX_EPOCH};

use serde_json::{json, Map, Value};
use tokio::sync::{mpsc, watch};
use tokio::time::Instant;

use crate::model::{
    buttons_of, selects_of, Answer, Attachment, Choice, FakeError, Message, RecordedRequest, Scope,
    TestChannel, TestUser,
};

/// Milliseconds between the Unix epoch and Discord's epoch (2015-01-01).
const DISCORD_EPOCH_MS: u64 = 1_420_070_400_000;
/// Message flag: only the invoking user sees it.
pub(crate) const EPHEMERAL: u64 = 1 << 6;
/// Message flag: a deferred answer still "thinking".
pub(crate) const LOADING: u64 = 1 << 7;

/// The state shared by the server tasks and the test-facing handle.
pub(crate) struct Shared {
    state: Mutex<State>,
    changes: watch::Sender<u64>,
}

impl Shared {
    pub(crate) fn new(state: State) -> Self {
        Self {
            state: Mutex::new(state),
            changes: watch::Sender::new(0),
        }
    }

    fn lock(&self) -> MutexGuard<'_, State> {
        // A panicking test thread must not take the server down with it.
        self.state.lock().unwrap_or_else(PoisonError::into_inner)
    }

    /// Changes the state and wakes everyone who waits for a change.
    pub(crate) fn update<T>(&self, f: impl FnOnce(&mut State) -> T) -> T {
        let result = f(&mut self.lock());
        self.changes.send_modify(|v| *v = v.wrapping_add(1));
        result
    }

    /// Looks at the state without announcing a change.
    pub(crate) fn read<T>(&self, f: impl FnOnce(&State) -> T) -> T {
        f(&self.lock())
    }

    /// Waits until `check` finds what it looks for, or the timeout passes.
    ///
    /// `describe` explains, at timeout, what was waited for and what had happened.
    pub(crate) async fn wait_for<T>(
        &self,
        timeout: Duration,
        describe: impl FnOnce(&State) -> String,
        mut check: impl FnMut(&mut State) -> Option<T>,
    ) -> Result<T, FakeError> {
        let deadline = Instant::now() + timeout;
        // Subscribe before the first check, so no change between check and wait is lost.
        let mut changes = self.changes.subscribe();
        loop {
            if let Some(found) = check(&mut self.lock()) {
                return Ok(found);
            }
            match tokio::time::timeout_at(deadline, changes.changed()).await {
                Ok(Ok(())) => {}
                Ok(Err(_)) | Err(_) => {
                    return Err(FakeError::Timeout {
                        what: describe(&self.lock()),
                        after: timeout,
                    })
                }
            }
        }
    }
}

/// One open gateway websocket; it serves a shard once it IDENTIFYs or RESUMEs.
pub(crate) struct Connection {
    pub(crate) tx: mpsc::UnboundedSender<GatewayOut>,
}

/// What the server sends down a gateway connection.
pub(crate) enum GatewayOut {
    /// A JSON text frame.
    Frame(String),
    /// A close frame with this code; the connection ends after it.
    Close(u16),
}

/// One shard's session: started by IDENTIFY, continued by RESUME on a later connection.
pub(crate) struct Session {
    /// The shard count the bot identified with.
    pub(crate) total: u32,
    /// `None` once invalidated: the shard has to IDENTIFY again.
    pub(crate) session_id: Option<String>,
    /// The last sequence number sent in this session.
    pub(crate) seq: u64,
    /// The connection the session runs on now, if any.
    pub(crate) connection: Option<u64>,
    /// READY or RESUMED was sent on that connection, so dispatches may follow.
    pub(crate) ready: bool,
    /// Accepted IDENTIFYs for this shard.
    pub(crate) identifies: u32,
    /// Accepted RESUMEs for this shard.
    pub(crate) resumes: u32,
}

/// Gateway bookkeeping.
#[derive(Default)]
pub(crate) struct Gateway {
    /// The shard count the test chose; `None` accepts whatever count the bot identifies with.
    pub(crate) shard_count: Option<u32>,
    /// Open websockets by connection id.
    pub(crate) open: BTreeMap<u64, Connection>,
    /// Sessions by shard id: one per shard, as on Discord.
    pub(crate) sessions: BTreeMap<u32, Session>,
    pub(crate) next_connection: u64,
    pub(crate) connections: u32,
    pub(crate) identifies: u32,
    pub(crate) resumes: u32,
    pub(crate) heartbeats: u32,
    pub(crate) intents: Option<u64>,
    /// The `shard` field of every IDENTIFY closed with 4010 (Invalid shard).
    pub(crate) refused: Vec<Value>,
    /// When each accepted IDENTIFY came, oldest first, on every connection.
    pub(crate) identified_at: Vec<std::time::Instant>,
}

impl Gateway {
    /// The shard count `GET /gateway/bot` reports.
    pub(crate) fn reported_shards(&self) -> u32 {
        self.shard_count.unwrap_or(1)
    }

    /// The ready session that serves this guild (`None`: a DM, served by shard 0).
    pub(crate) fn route(&self, guild: Option<u64>) -> Option<u32> {
        self.sessions
            .iter()
            .filter(|(_, s)| s.ready && s.connection.is_some())
            .find(|(id, s)| match guild {
                Some(guild) => shard_of(guild, s.total) == **id,
                None => **id == 0,
            })
            .map(|(id, _)| *id)
    }

    /// Every shard of the bot has a ready session: all of `0..shard_count` when the test chose a
    /// count, else every shard that identified (and at least one).
    pub(crate) fn all_ready(&self) -> bool {
        let ready = |id: &u32| {
            self.sessions
                .get(id)
                .is_some_and(|s| s.ready && s.connection.is_some())
        };
        match self.shard_count {
            Some(total) => (0..total).all(|id| ready(&id)),
            None => !self.sessions.is_empty() && self.sessions.keys().all(ready),
        }
    }

    /// Whether this shard has a ready session.
    pub(crate) fn shard_ready(&self, shard: u32) -> bool {
        self.sessions
            .get(&shard)
            .is_some_and(|s| s.ready && s.connection.is_some())
    }

    /// Queues a frame on an open connection; false when it is gone.
    pub(crate) fn send(&self, connection: u64, out: GatewayOut) -> bool {
        self.open
            .get(&connection)
            .is_some_and(|c| c.tx.send(out).is_ok())
    }

    /// Sends a dispatch (op 0) in the shard's session, with the session's next sequence number;
    /// false when the shard has no ready connection.
    pub(crate) fn dispatch_on(&mut self, shard: u32, event: &str, data: Value) -> bool {
        let Some(session) = self.sessions.get(&shard).filter(|s| s.ready) else {
            return false;
        };
        let Some(connection) = session.connection else {
            return false;
        };
        let seq = session.seq + 1;
        let frame = json!({ "op": 0, "s": seq, "t": event, "d": data });
        if !self.send(connection, GatewayOut::Frame(frame.to_string())) {
            return false;
        }
        if let Some(session) = self.sessions.get_mut(&shard) {
            session.seq = seq;
        }
        true
    }

    /// For messages: each shard's session and whether it is ready.
    pub(crate) fn describe(&self) -> String {
        let mut parts: Vec<String> = self
            .sessions
            .iter()
            .map(|(id, s)| {
                let state = match (s.connection, s.ready) {
                    (Some(c), true) => format!("ready on connection {c}"),
                    (Some(c), false) => format!("not ready on connection {c}"),
                    (None, _) => "no connection".to_owned(),
                };
                format!("shard {id}/{}: {state}", s.total)
            })
            .collect();
        if let Some(total) = self.shard_count {
            for id in (0..total).filter(|id| !self.sessions.contains_key(id)) {
                parts.push(format!("shard {id}/{total}: never identified"));
            }
        }
        let sessions = if parts.is_empty() {
            "no sessions".to_owned()
        } else {
            parts.join(", ")
        };
        format!(
            "{sessions}; connections: {}, IDENTIFYs: {}, RESUMEs: {}, refused IDENTIFYs: {}",
            self.connections,
            self.identifies,
            self.resumes,
            self.refused.len()
        )
    }
}

/// The shard that serves a guild, as Discord computes it: `(guild_id >> 22) % shard_count`.
pub(crate) fn shard_of(guild: u64, total: u32) -> u32 {
    let shard = (guild >> 22) % u64::from(total.max(1));
    u32::try_from(shard).unwrap_or(0)
}

/// `id` with its timestamp bits moved by less than `total` so that it lands on `shard`.
pub(crate) fn move_to_shard(id: u64, shard: u32, total: u32) -> u64 {
    let total = u64::from(total.max(1));
    let high = id >> 22;
    let high = high - high % total + u64::from(shard) % total;
    (high << 22) | (id & ((1 << 22) - 1))
}

/// An interaction the fake sent, and what the bot did about it so far.
pub(crate) struct Pending {
    pub(crate) id: u64,
    pub(crate) token: String,
    /// What a human would call it, e.g. `/halma move` or `button "Accept"`.
    pub(crate) label: String,
    pub(crate) channel_id: u64,
    pub(crate) guild_id: Option<u64>,
    /// The shard whose connection the interaction was sent on.
    pub(crate) shard: u32,
    /// The message a clicked button is on.
    pub(crate) component_message: Option<u64>,
    pub(crate) callback_type: Option<u8>,
    pub(crate) original: Option<u64>,
    /// A type-5 placeholder that no followup or edit has filled yet.
    pub(crate) loading: bool,
    pub(crate) followups: Vec<u64>,
    pub(crate) answer: Option<Answer>,
    /// Why it ended without an answer: its callback was failed on purpose
    /// ([`crate::FakeDiscord::fail_callbacks`]), or the endpoint's response was unusable.
    pub(crate) failed: Option<FakeError>,
    /// When the fake sent it (gateway dispatch or endpoint POST).
    pub(crate) sent_at: Instant,
    /// How long after `sent_at` the initial answer (callback or HTTP response) was accepted.
    pub(crate) answered_after: Option<Duration>,
    /// Initial answers that reached the fake: the accepted one, and every later one refused
    /// because the interaction was already acknowledged.
    pub(crate) initial_answers: u32,
    /// POSTed to the Interactions Endpoint, and its HTTP response not read yet.
    pub(crate) awaiting_response: bool,
}

/// A message as stored.
pub(crate) struct StoredMessage {
    pub(crate) json: Value,
    pub(crate) files: Vec<Attachment>,
    pub(crate) ephemeral: bool,
    pub(crate) loading: bool,
    pub(crate) interaction_id: Option<u64>,
    pub(crate) edit_count: u32,
    pub(crate) deleted: bool,
}

/// A file part of a multipart request.
pub(crate) struct Upload {
    /// N of the `files[N]` part name.
    pub(crate) index: u64,
    pub(crate) filename: String,
    pub(crate) content_type: Option<String>,
    pub(crate) bytes: Vec<u8>,
}

/// Everything the fake knows.
pub(crate) struct State {
    pub(crate) base_url: String,
    pub(crate) timeout: Duration,
    pub(crate) bot: TestUser,
    pub(crate) owner: TestUser,
    pub(crate) default_guild: u64,
    last_id: u64,
    pub(crate) users: BTreeMap<u64, TestUser>,
    pub(crate) guilds: BTreeMap<u64, String>,
    pub(crate) channels: BTreeMap<u64, TestChannel>,
    /// Text channels that `@everyone` cannot see.
    pub(crate) private_channels: std::collections::BTreeSet<u64>,
    /// Threads the bot opened: thread channel id → parent channel id.
    pub(crate) threads: BTreeMap<u64, u64>,
    /// DM channels: channel id → the user the bot talks to there.
    pub(crate) dm_users: BTreeMap<u64, u64>,
    /// Users who take no DMs from the bot: a post in their DM channel answers 403, 50007.
    pub(crate) closed_dms: std::collections::BTreeSet<u64>,
    pub(crate) commands: BTreeMap<Scope, Vec<Value>>,
    pub(crate) registrations: u32,
    pub(crate) gateway: Gateway,
    pub(crate) interactions: HashMap<String, Pending>,
    pub(crate) messages: BTreeMap<u64, StoredMessage>,
    pub(crate) requests: Vec<RecordedRequest>,
    /// Attachment id → (content type, bytes), served at the attachment URL.
    pub(crate) files: HashMap<u64, (Option<String>, Vec<u8>)>,
    /// Faults to inject: interaction callbacks and channel posts still to fail.
    pub(crate) faults: Faults,
    /// Channel posts answered with an earlier message of the same nonce (`enforce_nonce`).
    pub(crate) nonce_hits: u32,
    pub(crate) oauth: crate::oauth::OAuth,
    /// Endpoint mode: where interactions are POSTed instead of the gateway, and the key
    /// that signs them.
    pub(crate) endpoint: crate::endpoint::Endpoint,
    /// An initial answer later than this after the interaction was sent is late (both modes).
    pub(crate) answer_limit: Duration,
}

/// Faults a test asks for: the next so many requests of a kind fail as Discord's do when it
/// is in trouble.
#[derive(Default)]
pub(crate) struct Faults {
    /// Interaction callbacks still to refuse (404 Unknown interaction, as for a late one).
    pub(crate) callbacks: u32,
    /// Interaction callbacks still to fail with 503, leaving the interaction open for another
    /// answer.
    pub(crate) callbacks_unavailable: u32,
    /// Channel message posts still to fail (503).
    pub(crate) posts: u32,
    /// Callbacks refused so far.
    pub(crate) callbacks_failed: u32,
    /// Posts failed so far.
    pub(crate) posts_failed: u32,
    /// Channel message posts still to take without answering: the message is stored and
    /// shown, but the request never gets its response (as when the bot's host dies just after
    /// Discord took the message).
    pub(crate) hung_posts: u32,
    /// Interaction callbacks still to take without answering, as `hung_posts`.
    pub(crate) hung_callbacks: u32,
}

impl State {
    pub(crate) fn new(base_url: String) -> Self {
        let mut bot = TestUser::new("Halma");
        bot.id = crate::model::stable_id("bot", "Halma");
        bot.bot = true;
        bot.permissions = crate::model::BOT_PERMISSIONS;
        let owner = TestUser::new("owner");
        let default_guild = crate::model::stable_id("guild", "test guild");
        let mut state = Self {
            base_url,
            timeout: Duration::from_secs(10),
            bot: bot.clone(),
            owner: owner.clone(),
            default_guild,
            last_id: 0,
            users: BTreeMap::new(),
            guilds: BTreeMap::new(),
            channels: BTreeMap::new(),
            private_channels: std::collections::BTreeSet::new(),
            threads: BTreeMap::new(),
            dm_users: BTreeMap::new(),
            closed_dms: std::collections::BTreeSet::new(),
            commands: BTreeMap::new(),
            registrations: 0,
            gateway: Gateway::default(),
            interactions: HashMap::new(),
            messages: BTreeMap::new(),
            requests: Vec::new(),
            files: HashMap::new(),
            faults: Faults::default(),
            nonce_hits: 0,
            oauth: crate::oauth::OAuth::default(),
            endpoint: crate::endpoint::Endpoint::new(),
            answer_limit: crate::endpoint::ANSWER_LIMIT,
        };
        state.users.insert(bot.id, bot);
        state.users.insert(owner.id, owner);
        state.guilds.insert(default_guild, "test guild".to_owned());
        state
    }

    /// A fresh snowflake: creation time in the high bits, always increasing.
    pub(crate) fn next_id(&mut self) -> u64 {
        let since_epoch = now_ms().saturating_sub(DISCORD_EPOCH_MS);
        self.last_id = (self.last_id + 1).max(since_epoch << 22);
        self.last_id
    }

    /// The user with this name, registered on first use.
    pub(crate) fn user_named(&mut self, name: &str) -> TestUser {
        if let Some(user) = self.users.values().find(|u| u.name == name) {
            return user.clone();
        }
        let user = TestUser::new(name);
        self.users.insert(user.id, user.clone());
        user
    }

    /// The channel with this name in this guild, created on first use.
    pub(crate) fn channel_named(&mut self, guild: u64, name: &str) -> TestChannel {
        if let Some(channel) = self
            .channels
            .values()
            .find(|c| c.guild_id == Some(guild) && c.name == name)
        {
            return channel.clone();
        }
        let channel = TestChannel {
            id: crate::model::stable_id("channel", &format!("{guild}/{name}")),
            guild_id: Some(guild),
            name: name.to_owned(),
        };
        self.channels.insert(channel.id, channel.clone());
        crate::channels::announce(self, &channel);
        channel
    }

    /// The DM channel between the bot and this user.
    pub(crate) fn dm_channel(&mut self, user: &TestUser) -> TestChannel {
        self.users.entry(user.id).or_insert_with(|| user.clone());
        let channel = TestChannel {
            id: crate::model::stable_id("dm", &user.id.to_string()),
            guild_id: None,
            name: user.name.clone(),
        };
        self.channels.insert(channel.id, channel.clone());
        self.dm_users.insert(channel.id, user.id);
        channel
    }

    /// Whether a post in `channel` is refused because it is the DM channel of a user who
    /// takes no DMs from the bot.
    pub(crate) fn dms_closed(&self, channel: u64) -> bool {
        self.dm_users
            .get(&channel)
            .is_some_and(|user| self.closed_dms.contains(user))
    }

    /// The URL the gateway listens on.
    pub(crate) fn gateway_url(&self) -> String {
        format!(
            "{}/gateway-ws",
            self.base_url.replacen("http://", "ws://", 1)
        )
    }

    /// Creates a message from a create payload (channel message, callback data or followup).
    pub(crate) fn create_message(
        &mut self,
        channel_id: u64,
        payload: &Value,
        uploads: Vec<Upload>,
        origin: Origin,
    ) -> u64 {
        let id = self.next_id();
        let guild_id = self.channels.get(&channel_id).and_then(|c| c.guild_id);
        let flags = payload.get("flags").and_then(Value::as_u64).unwrap_or(0)
            | if origin.ephemeral { EPHEMERAL } else { 0 }
            | if origin.loading { LOADING } else { 0 };
        let kind = match (origin.interaction_id, payload.get("message_reference")) {
            (Some(_), _) => 20,
            (None, Some(r)) if !r.is_null() => 19,
            (None, _) => 0,
        };
        let mut message = json!({
            "id": id.to_string(),
            "channel_id": channel_id.to_string(),
            "author": self.bot.json(),
            "content": "",
            "timestamp": timestamp(),
            "edited_timestamp": null,
            "tts": payload.get("tts").and_then(Value::as_bool).unwrap_or(false),
            "mention_everyone": false,
            "mentions": [],
            "mention_roles": [],
            "mention_channels": [],
            "attachments": [],
            "embeds": [],
            "reactions": [],
            "pinned": false,
            "type": kind,
            "flags": flags,
            "components": [],
            "sticker_items": [],
        });
        if let Some(guild_id) = guild_id {
            message["guild_id"] = json!(guild_id.to_string());
        }
        if origin.interaction_id.is_some() {
            message["application_id"] = json!(self.bot.id.to_string());
            message["webhook_id"] = json!(self.bot.id.to_string());
        }
        if let Some(reference) = payload.get("message_reference").filter(|r| !r.is_null()) {
            let mut kept = Map::new();
            for key in ["message_id", "channel_id", "guild_id"] {
                if let Some(v) = reference.get(key).filter(|v| !v.is_null()) {
                    kept.insert(key.to_owned(), v.clone());
                }
            }
            kept.entry("channel_id")
                .or_insert_with(|| json!(channel_id.to_string()));
            message["message_reference"] = Value::Object(kept);
        }
        let mut stored = StoredMessage {
            json: message,
            files: Vec::new(),
            ephemeral: flags & EPHEMERAL != 0,
            loading: origin.loading,
            interaction_id: origin.interaction_id,
            edit_count: 0,
            deleted: false,
        };
        self.apply_content(&mut stored, payload, uploads, false);
        self.messages.insert(id, stored);
        id
    }

    /// Applies an edit payload (PATCH body or update-message callback data) to a message.
    ///
    /// Returns false when there is no such message.
    pub(crate) fn edit_message(&mut self, id: u64, payload: &Value, uploads: Vec<Upload>) -> bool {
        let Some(mut stored) = self.messages.remove(&id) else {
            return false;
        };
        let was_loading = stored.loading;
        self.apply_content(&mut stored, payload, uploads, true);
        if was_loading {
            // Filling a deferred placeholder is not an edit in the user's eyes.
            stored.loading = false;
            if let Some(flags) = stored.json.get("flags").and_then(Value::as_u64) {
                stored.json["flags"] = json!(flags & !LOADING);
            }
        } else {
            stored.edit_count += 1;
            stored.json["edited_timestamp"] = json!(timestamp());
        }
        self.messages.insert(id, stored);
        true
    }

    /// Copies content, embeds, components and files from a payload into a stored message.
    fn apply_content(
        &mut self,
        stored: &mut StoredMessage,
        payload: &Value,
        mut uploads: Vec<Upload>,
        editing: bool,
    ) {
        if let Some(content) = payload.get("content") {
            let text = content.as_str().unwrap_or("").to_owned();
            stored.json["mentions"] = Value::Array(self.mentions_in(&text));
            stored.json["content"] = json!(text);
        }
        for key in ["embeds", "components"] {
            if let Some(list) = payload.get(key) {
                stored.json[key] = if list.is_array() {
                    list.clone()
                } else {
                    json!([])
                };
            }
        }
        if editing {
            if let Some(flags) = payload.get("flags").and_then(Value::as_u64) {
                // Only SUPPRESS_EMBEDS can change on an edit; ephemerality stays what it was.
                let old = stored
                    .json
                    .get("flags")
                    .and_then(Value::as_u64)
                    .unwrap_or(0);
                stored.json["flags"] = json!((old & !(1 << 2)) | (flags & (1 << 2)));
            }
        }
        uploads.sort_by_key(|u| u.index);
        let metadata: Option<&Vec<Value>> = payload.get("attachments").and_then(Value::as_array);
        let mut files = Vec::new();
        match metadata {
            Some(list) => {
                // As on Discord: once `attachments` is given, it is the whole new list. Entries
                // name either an uploaded part (`files[N]` ↔ id N) or an existing attachment.
                for entry in list {
                    let Some(entry_id) = id_of(entry.get("id")) else {
                        continue;
                    };
                    let description = entry
                        .get("description")
                        .and_then(Value::as_str)
                        .map(str::to_owned);
                    if let Some(pos) = uploads.iter().position(|u| u.index == entry_id) {
                        let upload = uploads.remove(pos);
                        let name = entry
                            .get("filename")
                            .and_then(Value::as_str)
                            .map(str::to_owned)
                            .unwrap_or(upload.filename.clone());
                        files.push(self.store_file(name, description, upload));
                    } else if let Some(old) = stored.files.iter().find(|f| f.id == entry_id) {
                        files.push(old.clone());
                    }
                }
                for upload in uploads {
                    let name = upload.filename.clone();
                    files.push(self.store_file(name, None, upload));
                }
            }
            None => {
                files.clone_from(&stored.files);
                for upload in uploads {
                    let name = upload.filename.clone();
                    files.push(self.store_file(name, None, upload));
                }
            }
        }
        let attachment_json: Vec<Value> = files.iter().map(|f| self.attachment_json(f)).collect();
        stored.json["attachments"] = Value::Array(attachment_json);
        stored.files = files;
        self.point_embeds_at_files(stored);
    }

    fn store_file(
        &mut self,
        filename: String,
        description: Option<String>,
        upload: Upload,
    ) -> Attachment {
        let id = self.next_id();
        self.files
            .insert(id, (upload.content_type.clone(), upload.bytes.clone()));
        Attachment {
            id,
            filename,
            content_type: upload.content_type,
            description,
            bytes: upload.bytes,
        }
    }

    fn attachment_url(&self, file: &Attachment) -> String {
        format!(
            "{}/attachments/{}/{}",
            self.base_url, file.id, file.filename
        )
    }

    fn attachment_json(&self, file: &Attachment) -> Value {
        let url = self.attachment_url(file);
        let mut json = json!({
            "id": file.id.to_string(),
            "filename": file.filename,
            "size": file.bytes.len(),
            "url": url,
            "proxy_url": url,
            "content_type": file.content_type,
        });
        if let Some(description) = &file.description {
            json["description"] = json!(description);
        }
        if let Some((width, height)) = image_size(&file.bytes) {
            json["width"] = json!(width);
            json["height"] = json!(height);
        }
        json
    }

    /// Replaces `attachment://name` in embed images with the attachment's URL, as Discord does.
    fn point_embeds_at_files(&self, stored: &mut StoredMessage) {
        let urls: Vec<(String, String)> = stored
            .files
            .iter()
            .map(|f| {
                (
                    format!("attachment://{}", f.filename),
                    self.attachment_url(f),
                )
            })
            .collect();
        let Some(embeds) = stored.json.get_mut("embeds").and_then(Value::as_array_mut) else {
            return;
        };
        for embed in embeds {
            for key in ["image", "thumbnail"] {
                let Some(url) = embed
                    .get(key)
                    .and_then(|i| i.get("url"))
                    .and_then(Value::as_str)
                else {
                    continue;
                };
                if let Some((_, real)) = urls.iter().find(|(name, _)| name == url) {
                    let real = real.clone();
                    embed[key]["url"] = json!(real);
                    embed[key]["proxy_url"] = json!(real);
                }
            }
        }
    }

    /// User objects for every `<@id>` of a known user in the text.
    fn mentions_in(&self, text: &str) -> Vec<Value> {
        let mut found: Vec<u64> = Vec::new();
        let mut rest = text;
        while let Some(start) = rest.find("<@") {
            rest = &rest[start + 2..];
            let digits = rest.strip_prefix('!').unwrap_or(rest);
            let end = digits
                .find(|c: char| !c.is_ascii_digit())
                .unwrap_or(digits.len());
            if digits[end..].starts_with('>') {
                if let Ok(id) = digits[..end].parse::<u64>() {
                    if self.users.contains_key(&id) && !found.contains(&id) {
                        found.push(id);
                    }
                }
            }
        }
        found
            .iter()
            .filter_map(|id| self.users.get(id))
            .map(TestUser::json)
            .collect()
    }

    /// The test-facing view of a stored message.
    pub(crate) fn view(&self, id: u64) -> Option<Message> {
        let stored = self.messages.get(&id)?;
        let components: Vec<Value> = stored
            .json
            .get("components")
            .and_then(Value::as_array)
            .cloned()
            .unwrap_or_default();
        Some(Message {
            id,
            channel_id: id_of(stored.json.get("channel_id")).unwrap_or(0),
            content: stored
                .json
                .get("content")
                .and_then(Value::as_str)
                .unwrap_or("")
                .to_owned(),
            embeds: stored
                .json
                .get("embeds")
                .and_then(Value::as_array)
                .cloned()
                .unwrap_or_default(),
            buttons: buttons_of(&components),
            selects: selects_of(&components),
            components,
            ephemeral: stored.ephemeral,
            loading: stored.loading,
            files: stored.files.clone(),
            interaction_id: stored.interaction_id,
            edit_count: stored.edit_count,
            deleted: stored.deleted,
            json: stored.json.clone(),
        })
    }

    /// Marks an interaction as answered, snapshotting the message it produced.
    pub(crate) fn complete(
        &mut self,
        token: &str,
        callback_type: u8,
        message_id: Option<u64>,
        raw: Value,
        choices: Vec<Choice>,
    ) {
        let message = message_id.and_then(|id| self.view(id));
        let Some(pending) = self.interactions.get_mut(token) else {
            return;
        };
        if pending.answer.is_some() {
            return;
        }
        let answer = match message {
            Some(m) => Answer {
                callback_type,
                interaction_id: pending.id,
                shard: pending.shard,
                message_id: Some(m.id),
                content: m.content.clone(),
                embeds: m.embeds.clone(),
                buttons: m.buttons.clone(),
                selects: m.selects.clone(),
                components: m.components.clone(),
                ephemeral: m.ephemeral,
                files: m.files.clone(),
                choices,
                raw,
                message: Some(m),
            },
            None => Answer {
                callback_type,
                interaction_id: pending.id,
                shard: pending.shard,
                message_id: None,
                content: String::new(),
                embeds: Vec::new(),
                buttons: Vec::new(),
                selects: Vec::new(),
                components: Vec::new(),
                ephemeral: false,
                files: Vec::new(),
                choices,
                raw,
                message: None,
            },
        };
        pending.answer = Some(answer);
    }

    /// After any edit of a message: a deferred update (type 6) waiting on it is now answered.
    pub(crate) fn complete_deferred_updates_of(&mut self, message_id: u64, raw: &Value) {
        let tokens: Vec<String> = self
            .interactions
            .values()
            .filter(|p| {
                p.answer.is_none()
                    && p.callback_type == Some(6)
                    && p.component_message == Some(message_id)
            })
            .map(|p| p.token.clone())
            .collect();
        for token in tokens {
            self.complete(&token, 6, Some(message_id), raw.clone(), Vec::new());
        }
    }

    /// Sends a dispatch (op 0) to the shard that serves the payload's `guild_id` (shard 0 when
    /// there is none); the shard it went to, or `None` when that shard has no ready connection.
    pub(crate) fn dispatch(&mut self, event: &str, data: Value) -> Option<u32> {
        let guild = id_of(data.get("guild_id"));
        let shard = self.gateway.route(guild)?;
        self.gateway
            .dispatch_on(shard, event, data)
            .then_some(shard)
    }
}

/// Where a new message comes from.
#[derive(Clone, Copy, Default)]
pub(crate) struct Origin {
    pub(crate) interaction_id: Option<u64>,
    pub(crate) ephemeral: bool,
    pub(crate) loading: bool,
}

/// A snowflake given as a JSON string or number.
pub(crate) fn id_of(value: Option<&Value>) -> Option<u64> {
    match value? {
        Value::String(s) => s.parse().ok(),
        Value::Number(n) => n.as_u64(),
        _ => None,
    }
}

fn now_ms() -> u64 {
    SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map(|d| u64::try_from(d.as_millis()).unwrap_or(u64::MAX))
        .unwrap_or(0)
}

/// The current time as Discord writes it (ISO 8601 with microseconds and offset).
pub(crate) fn timestamp() -> String {
    chrono::Utc::now()
        .format("%Y-%m-%dT%H:%M:%S%.6f+00:00")
        .to_string()
}

/// Width and height of a PNG or GIF, read from its header.
fn image_size(bytes: &[u8]) -> Option<(u32, u32)> {
    if bytes.len() >= 24 && bytes.starts_with(b"\x89PNG\r\n\x1a\n") {
        let width = u32::from_be_bytes(bytes[16..20].try_into().ok()?);
        let height = u32::from_be_bytes(bytes[20..24].try_into().ok()?);
        return Some((width, height));
    }
    if bytes.len() >= 10 && bytes.starts_with(b"GIF8") {
        let width = u16::from_le_bytes(bytes[6..8].try_into().ok()?);
        let height = u16::from_le_bytes(bytes[8..10].try_into().ok()?);
        return Some((u32::from(width), u32::from(height)));
    }
    None
}
