//! A fake Discord (REST + gateway websocket) on 127.0.0.1 for end-to-end tests of the bot.
//!
//! The unmodified bot connects to it: point serenity's HTTP client at [`FakeDiscord::base_url`]
//! (`HttpBuilder::new(token).proxy(url).ratelimiter_disabled(true)`, or `DISCORD_PROXY_URL` for
//! the bot binary). The fake then plays Discord: it answers the start-up REST calls, runs the
//! gateway (HELLO, IDENTIFY → READY and GUILD_CREATEs, RESUME → RESUMED, heartbeats), stores
//! the registered commands, and lets a test act as users — run slash commands, type into
//! autocompleted options, click buttons — and read the bot's complete answers.
//!
//! The gateway is shard-aware like Discord's: each IDENTIFY names `shard: [id, total]`, there is
//! one session per shard, and a guild's events (GUILD_CREATE, interactions) go only to its shard,
//! `(guild_id >> 22) % total`; direct messages go to shard 0. [`FakeDiscord::start_sharded`]
//! fixes the shard count, so that several bot processes can each run a range of the shards.
//!
//! # Endpoint mode
//!
//! With an Interactions Endpoint URL set ([`FakeDiscord::set_interactions_endpoint`]), the
//! fake delivers interactions as Discord does to such a URL, not on the gateway: each one
//! (commands, autocomplete, button clicks, select menus) is a `POST` of the interaction's JSON,
//! signed with the fake's own Ed25519 key: `X-Signature-Ed25519` is the hex signature of the
//! `X-Signature-Timestamp` value (Unix seconds) followed by the body. The bot verifies it with
//! the public key [`FakeDiscord::public_key_hex`] (its `DISCORD_PUBLIC_KEY`).
//!
//! The HTTP response is the interaction's initial answer, taken by the same rules as a
//! `POST /interactions/{id}/{token}/callback` and recorded as one
//! ([`RecordedRequest::in_http_response`]); 202 with no body leaves the answer to the callback
//! endpoint. An answer by response and another by callback is refused as a second answer and
//! listed by [`FakeDiscord::answered_twice`]; an initial answer after 3 s, in either mode, by
//! [`FakeDiscord::late_answers`]. A response that is not 2xx or not an interaction response
//! fails the interaction ([`FakeError::InteractionFailed`], [`FakeDiscord::endpoint_failures`]).
//! Followups and edits use the REST routes as before.
//!
//! For the refusals an endpoint owes: [`FakeDiscord::ping`] sends a PING;
//! [`FakeDiscord::post_raw`] sends any body with a bad signature, another key's, none, or a
//! stale timestamp ([`Signing`]); [`FakeDiscord::replay`] sends an earlier request again byte
//! for byte. Each returns the HTTP response, for a test to assert 401 and that nothing was
//! stored.
//!
//! ```no_run
//! # async fn demo() -> Result<(), fake_discord::FakeError> {
//! use std::time::Duration;
//! use serde_json::json;
//!
//! let discord = fake_discord::FakeDiscord::start().await;
//! // ... start the bot with DISCORD_PROXY_URL = discord.base_url() ...
//! discord.wait_ready(Duration::from_secs(10)).await?;
//! let alice = discord.user("alice");
//! let games = discord.channel("games");
//! let answer = discord
//!     .slash(&alice, &games, "halma", "move", &[("from", json!("m3")), ("to", json!("k5"))])
//!     .await?;
//! assert!(answer.content.contains("k5"));
//! # Ok(()) }
//! ```
//!
//! Like Discord, the fake refuses what a real client or server would refuse (unknown options,
//! missing required options, empty messages, a second callback for one interaction, followups
//! before the callback, edits of ephemeral messages through the channel endpoints, ...) and
//! logs every refused or unknown request with `eprintln!`. A user's DMs can be closed to the
//! bot ([`FakeDiscord::close_dms`]): the DM channel still opens, and a post there gets 403 with
//! code 50007, as on Discord.

mod channels;
mod delivery;
mod endpoint;
mod endpoint_api;
mod gateway;
mod interaction;
mod model;
mod oauth;
mod rest;
mod signing;
mod state;
mod validate;

use std::net::SocketAddr;
use std::sync::Arc;
use std::time::Duration;

use axum::extract::DefaultBodyLimit;
use axum::routing::get;
use axum::serve::ListenerExt as _;
use axum::Router;
use serde_json::{json, Value};

pub use model::{
    Answer, Attachment, Button, Choice, FakeError, Message, MessageRef, RecordedRequest, Scope,
    SelectMenu, SelectOption, TestChannel, TestUser, ADMINISTRATOR, BOT_PERMISSIONS, MANAGE_GUILD,
    MANAGE_MESSAGES, MEMBER_PERMISSIONS,
};

pub use endpoint::{
    DoubleAnswer, EndpointFailure, EndpointReply, EndpointRequest, LateAnswer, ANSWER_LIMIT,
};
pub use oauth::{TestInstance, CLIENT_SECRET, ENTRY_POINT_REQUIRED};
pub use signing::{Signing, SIGNATURE_HEADER, TIMESTAMP_HEADER};

use interaction::Invocation;
use state::{GatewayOut, Shared, State};

/// A running fake Discord. Cheap to clone; the server stops when the last clone is dropped.
#[derive(Clone)]
pub struct FakeDiscord {
    shared: Arc<Shared>,
    addr: SocketAddr,
    /// The client that POSTs to the Interactions Endpoint in endpoint mode.
    http: reqwest::Client,
    _server: Arc<ServerTask>,
}

impl std::fmt::Debug for FakeDiscord {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("FakeDiscord")
            .field("base_url", &self.base_url())
            .finish_non_exhaustive()
    }
}

/// Aborts the server task when the last handle goes away.
struct ServerTask(tokio::task::JoinHandle<()>);

impl Drop for ServerTask {
    fn drop(&mut self) {
        self.0.abort();
    }
}

impl FakeDiscord {
    /// Binds 127.0.0.1 on a free port and starts serving REST and the gateway.
    ///
    /// # Panics
    ///
    /// When no loopback port can be bound (nothing a test could do about it).
    pub async fn start() -> Self {
        Self::serve(None).await
    }

    /// As [`start`](Self::start), for a bot of `shards` gateway shards: `GET /gateway/bot`
    /// reports that count, an IDENTIFY with another count or a shard id past it is closed with
    /// 4010 (Invalid shard), and [`wait_ready`](Self::wait_ready) waits for every shard.
    ///
    /// Each guild's events go to its shard, `(guild_id >> 22) % shards`; make guilds on a chosen
    /// shard with [`guild_on_shard`](Self::guild_on_shard).
    ///
    /// # Panics
    ///
    /// When `shards` is 0, or as [`start`](Self::start).
    pub async fn start_sharded(shards: u32) -> Self {
        assert!(shards > 0, "fake-discord: a bot has at least one shard");
        Self::serve(Some(shards)).await
    }

    async fn serve(shards: Option<u32>) -> Self {
        let listener = tokio::net::TcpListener::bind("127.0.0.1:0")
            .await
            .expect("fake-discord: cannot bind a port on 127.0.0.1");
        let addr = listener
            .local_addr()
            .expect("fake-discord: the bound socket has no address");
        let mut state = State::new(format!("http://{addr}"));
        state.gateway.shard_count = shards;
        let shared = Arc::new(Shared::new(state));
        let app = Router::new()
            .route("/gateway-ws", get(gateway::upgrade))
            .fallback(rest::handle)
            .layer(DefaultBodyLimit::max(rest::BODY_LIMIT))
            .with_state(Arc::clone(&shared));
        let server = tokio::spawn(async move {
            // Answers go out at once, as Discord's do: without TCP_NODELAY a small write after
            // another waits for the bot's delayed ACK, tens of milliseconds on loopback.
            let listener = listener.tap_io(|tcp| {
                if let Err(why) = tcp.set_nodelay(true) {
                    eprintln!("fake-discord: cannot set TCP_NODELAY: {why}");
                }
            });
            if let Err(why) = axum::serve(listener, app).await {
                eprintln!("fake-discord: server stopped: {why}");
            }
        });
        Self {
            shared,
            addr,
            http: endpoint_client(),
            _server: Arc::new(ServerTask(server)),
        }
    }

    /// `http://127.0.0.1:PORT`: the bot's `DISCORD_PROXY_URL` (serenity sends `/api/v10/...`).
    pub fn base_url(&self) -> String {
        format!("http://{}", self.addr)
    }

    /// The websocket URL the fake hands out in `GET /gateway` and as `resume_gateway_url`.
    pub fn gateway_url(&self) -> String {
        self.shared.read(State::gateway_url)
    }

    /// The application id (equal to the bot user's id).
    pub fn application_id(&self) -> u64 {
        self.shared.read(|st| st.bot.id)
    }

    /// The bot's own user.
    pub fn bot_user(&self) -> TestUser {
        self.shared.read(|st| st.bot.clone())
    }

    /// The application's owner (from `GET /oauth2/applications/@me`; poise's `owners`).
    pub fn owner(&self) -> TestUser {
        self.shared.read(|st| st.owner.clone())
    }

    /// The id of the default test guild (listed in READY).
    pub fn guild_id(&self) -> u64 {
        self.shared.read(|st| st.default_guild)
    }

    /// Another guild with a stable id; it is listed in READY (and sent as GUILD_CREATE) from
    /// its shard's next IDENTIFY on.
    pub fn guild(&self, name: &str) -> u64 {
        let id = model::stable_id("guild", name);
        self.shared.update(|st| {
            st.guilds.entry(id).or_insert_with(|| name.to_owned());
        });
        id
    }

    /// A guild with a stable id that lands on `shard` of the shard count
    /// ([`shard_count`](Self::shard_count)); otherwise like [`guild`](Self::guild).
    ///
    /// # Panics
    ///
    /// When `shard` is not below the shard count (a mistake in the test).
    pub fn guild_on_shard(&self, name: &str, shard: u32) -> u64 {
        let total = self.shard_count();
        assert!(
            shard < total,
            "fake-discord: no shard {shard} among {total} shards"
        );
        let id = state::move_to_shard(model::stable_id("guild", name), shard, total);
        self.shared.update(|st| {
            st.guilds.entry(id).or_insert_with(|| name.to_owned());
        });
        id
    }

    /// The shard count `GET /gateway/bot` reports: the one given to
    /// [`start_sharded`](Self::start_sharded), else 1.
    pub fn shard_count(&self) -> u32 {
        self.shared.read(|st| st.gateway.reported_shards())
    }

    /// The shard that serves a guild: `(guild_id >> 22) % shard_count`.
    pub fn shard_of(&self, guild: u64) -> u32 {
        state::shard_of(guild, self.shard_count())
    }

    /// The user with this name (stable id, locale `en-US`, ordinary member permissions).
    ///
    /// Change locale or permissions with [`TestUser::with_locale`] and friends; the changed user
    /// is remembered the next time it acts (or with [`FakeDiscord::add_user`]).
    pub fn user(&self, name: &str) -> TestUser {
        self.shared.update(|st| st.user_named(name))
    }

    /// Registers or updates a user, e.g. after changing its locale or permissions.
    pub fn add_user(&self, user: &TestUser) {
        self.shared.update(|st| {
            st.users.insert(user.id, user.clone());
        });
    }

    /// The text channel with this name in the default guild (stable id, created on first use).
    pub fn channel(&self, name: &str) -> TestChannel {
        let guild = self.guild_id();
        self.channel_in(guild, name)
    }

    /// The text channel with this name in the given guild.
    pub fn channel_in(&self, guild: u64, name: &str) -> TestChannel {
        self.shared.update(|st| {
            st.guilds
                .entry(guild)
                .or_insert_with(|| format!("guild {guild}"));
            st.channel_named(guild, name)
        })
    }

    /// The threads the bot opened in this channel (`POST /channels/{id}/threads`), oldest
    /// first; interactions in them carry the thread channel (type 11, with `parent_id`).
    pub fn threads_of(&self, channel: &TestChannel) -> Vec<TestChannel> {
        self.shared.read(|st| {
            st.threads
                .iter()
                .filter(|(_, parent)| **parent == channel.id)
                .filter_map(|(id, _)| st.channels.get(id).cloned())
                .collect()
        })
    }

    /// The DM channel between the bot and this user.
    pub fn dm_channel(&self, user: &TestUser) -> TestChannel {
        self.shared.update(|st| st.dm_channel(user))
    }

    /// Every message in the DM channel between the bot and this user, oldest first (see
    /// [`FakeDiscord::channel_messages`]).
    pub fn dm_messages(&self, user: &TestUser) -> Vec<Message> {
        self.channel_messages(&self.dm_channel(user))
    }

    /// Closes this user's DMs to the bot, as a user whose privacy settings refuse direct
    /// messages from server members does: `POST /users/@me/channels` still gives the DM
    /// channel, but a message posted there is answered 403 with code 50007 ("Cannot send
    /// messages to this user") and nothing is stored. [`FakeDiscord::open_dms`] undoes it.
    pub fn close_dms(&self, user: &TestUser) {
        self.shared.update(|st| {
            st.closed_dms.insert(user.id);
        });
    }

    /// Opens this user's DMs to the bot again.
    pub fn open_dms(&self, user: &TestUser) {
        self.shared.update(|st| {
            st.closed_dms.remove(&user.id);
        });
    }

    /// The message posts (`POST /channels/{id}/messages`) the bot made in the DM channel of
    /// this user so far, refused ones included: with their status, to count attempts.
    pub fn dm_posts(&self, user: &TestUser) -> Vec<RecordedRequest> {
        let path = format!("/api/v10/channels/{}/messages", self.dm_channel(user).id);
        self.shared.read(|st| {
            st.requests
                .iter()
                .filter(|r| r.method == "POST" && r.path == path)
                .cloned()
                .collect()
        })
    }

    /// Sets how long [`slash`](Self::slash), [`autocomplete`](Self::autocomplete) and
    /// [`click`](Self::click) wait for the bot (default 10 s).
    pub fn set_timeout(&self, timeout: Duration) {
        self.shared.update(|st| st.timeout = timeout);
    }

    /// How long interactions wait for the bot.
    pub fn timeout(&self) -> Duration {
        self.shared.read(|st| st.timeout)
    }

    /// Waits until the bot has identified, received READY on every shard (see
    /// [`gateway_ready`](Self::gateway_ready)), and registered commands (at least one
    /// `PUT .../commands`). In endpoint mode
    /// ([`set_interactions_endpoint`](Self::set_interactions_endpoint)) only the registration
    /// is waited for: interactions do not need the gateway then.
    pub async fn wait_ready(&self, timeout: Duration) -> Result<(), FakeError> {
        self.shared
            .wait_for(
                timeout,
                |st| {
                    format!(
                        "the bot to get READY and register commands ({}; command registrations: \
                         {})",
                        st.gateway.describe(),
                        st.registrations
                    )
                },
                |st| {
                    let ready = st.endpoint.url.is_some()
                        || (st.gateway.all_ready() && st.gateway.identifies > 0);
                    (ready && st.registrations > 0).then_some(())
                },
            )
            .await
    }

    /// Waits until every shard's session is ready (after IDENTIFY → READY or RESUME → RESUMED);
    /// see [`gateway_ready`](Self::gateway_ready).
    pub async fn wait_gateway(&self, timeout: Duration) -> Result<(), FakeError> {
        self.shared
            .wait_for(
                timeout,
                |st| format!("ready gateway sessions ({})", st.gateway.describe()),
                |st| st.gateway.all_ready().then_some(()),
            )
            .await
    }

    /// Whether every shard has a ready session right now: each of `0..shard_count` after
    /// [`start_sharded`](Self::start_sharded); otherwise each shard the bot identified, at least
    /// one.
    pub fn gateway_ready(&self) -> bool {
        self.shared.read(|st| st.gateway.all_ready())
    }

    /// Waits until this shard's session is ready.
    pub async fn wait_shard(&self, shard: u32, timeout: Duration) -> Result<(), FakeError> {
        self.shared
            .wait_for(
                timeout,
                |st| {
                    format!(
                        "a ready gateway session for shard {shard} ({})",
                        st.gateway.describe()
                    )
                },
                |st| st.gateway.shard_ready(shard).then_some(()),
            )
            .await
    }

    /// Whether this shard has a ready session right now.
    pub fn shard_ready(&self, shard: u32) -> bool {
        self.shared.read(|st| st.gateway.shard_ready(shard))
    }

    /// How many IDENTIFYs (op 2) the bot has sent, on all shards, refused ones included.
    pub fn identify_count(&self) -> u32 {
        self.shared.read(|st| st.gateway.identifies)
    }

    /// The time between each two accepted IDENTIFYs in a row, on any connection: Discord
    /// starts at most `max_concurrency` sessions (1 here) per five seconds for a bot.
    pub fn identify_gaps(&self) -> Vec<Duration> {
        self.shared.read(|st| {
            st.gateway
                .identified_at
                .windows(2)
                .map(|w| w[1] - w[0])
                .collect()
        })
    }

    /// How many IDENTIFYs for this shard the fake accepted.
    pub fn shard_identify_count(&self, shard: u32) -> u32 {
        self.shared
            .read(|st| st.gateway.sessions.get(&shard).map_or(0, |s| s.identifies))
    }

    /// The `shard` field (`[id, total]`, or `null` when absent) of every IDENTIFY the fake
    /// closed with 4010 (Invalid shard), oldest first.
    pub fn refused_identifies(&self) -> Vec<Value> {
        self.shared.read(|st| st.gateway.refused.clone())
    }

    /// Waits until at least `count` IDENTIFYs have been closed with 4010 (Invalid shard); returns
    /// the `shard` fields of all refused so far, as [`refused_identifies`](Self::refused_identifies).
    pub async fn wait_refused_identifies(
        &self,
        count: usize,
        timeout: Duration,
    ) -> Result<Vec<Value>, FakeError> {
        self.shared
            .wait_for(
                timeout,
                |st| {
                    format!(
                        "{count} IDENTIFYs with an invalid shard ({})",
                        st.gateway.describe()
                    )
                },
                |st| (st.gateway.refused.len() >= count).then(|| st.gateway.refused.clone()),
            )
            .await
    }

    /// How many accepted RESUMEs (op 6) the bot has sent.
    pub fn resume_count(&self) -> u32 {
        self.shared.read(|st| st.gateway.resumes)
    }

    /// How many websocket connections the bot has opened.
    pub fn connection_count(&self) -> u32 {
        self.shared.read(|st| st.gateway.connections)
    }

    /// How many heartbeats (op 1) the bot has sent.
    pub fn heartbeat_count(&self) -> u32 {
        self.shared.read(|st| st.gateway.heartbeats)
    }

    /// The intents of the last accepted IDENTIFY.
    pub fn gateway_intents(&self) -> Option<u64> {
        self.shared.read(|st| st.gateway.intents)
    }

    /// How many times the bot registered a command set (`PUT .../commands`, any scope).
    pub fn registration_count(&self) -> u32 {
        self.shared.read(|st| st.registrations)
    }

    /// Closes every gateway connection (all shards) with code 4000, as Discord does when it
    /// drops a session. The sessions stay resumable, so serenity reconnects at once and RESUMEs.
    ///
    /// Returns false when no connection was open.
    pub fn drop_gateway(&self) -> bool {
        self.drop_gateway_with_code(4000)
    }

    /// Closes every gateway connection with this close code (e.g. 4009 "session timed out",
    /// after which serenity re-IDENTIFYs instead of resuming). Returns false when none was open.
    pub fn drop_gateway_with_code(&self, code: u16) -> bool {
        self.shared.update(|st| {
            for session in st.gateway.sessions.values_mut() {
                session.ready = false;
            }
            let open: Vec<u64> = st.gateway.open.keys().copied().collect();
            let mut closed = false;
            for connection in open {
                closed |= st.gateway.send(connection, GatewayOut::Close(code));
            }
            closed
        })
    }

    /// Sends INVALID_SESSION (op 9, not resumable) to every shard: each must IDENTIFY again.
    /// Returns false when no shard had a connection.
    pub fn invalidate_session(&self) -> bool {
        self.shared.update(|st| {
            let frame = json!({ "op": 9, "d": false }).to_string();
            let mut bound = Vec::new();
            for session in st.gateway.sessions.values_mut() {
                session.session_id = None;
                session.ready = false;
                bound.extend(session.connection);
            }
            let mut sent = false;
            for connection in bound {
                sent |= st
                    .gateway
                    .send(connection, GatewayOut::Frame(frame.clone()));
            }
            sent
        })
    }

    /// Sends any dispatch event (op 0) to the shard of the payload's `guild_id` (shard 0 without
    /// one); false when that shard has no ready connection.
    pub fn dispatch_raw(&self, event: &str, data: Value) -> bool {
        self.shared.update(|st| st.dispatch(event, data)).is_some()
    }

    /// The registered command tree of a scope, as stored (each with `id`, `application_id`,
    /// `version`); an empty array when nothing is registered there.
    pub fn registered_commands(&self, scope: Scope) -> Value {
        self.shared
            .read(|st| Value::Array(st.commands.get(&scope).cloned().unwrap_or_default()))
    }

    /// Waits until a command with this name is registered in the scope; returns its JSON.
    pub async fn wait_registered(
        &self,
        scope: Scope,
        name: &str,
        timeout: Duration,
    ) -> Result<Value, FakeError> {
        self.shared
            .wait_for(
                timeout,
                |st| {
                    format!(
                        "command {name:?} to be registered in {scope:?} (there: {})",
                        interaction::names_in(st, scope)
                    )
                },
                |st| {
                    st.commands.get(&scope).and_then(|list| {
                        list.iter()
                            .find(|c| c.get("name").and_then(Value::as_str) == Some(name))
                            .cloned()
                    })
                },
            )
            .await
    }

    /// Waits (within the interaction timeout) until the slash command is visible in the channel,
    /// so a test may start right after [`wait_ready`](Self::wait_ready) even when the bot
    /// registers several scopes one after the other.
    async fn wait_visible(&self, channel: &TestChannel, command: &str) -> Result<(), FakeError> {
        self.shared
            .wait_for(
                self.timeout(),
                |st| {
                    format!(
                        "slash command /{command} to be registered for channel #{} (registered: {})",
                        channel.name,
                        interaction::registered_names(st)
                    )
                },
                |st| interaction::find_command(st, channel, command).map(|_| ()),
            )
            .await
    }

    /// Runs a slash command as `user` in `channel` and returns the bot's complete answer.
    ///
    /// `subcommand` is `""` for a command without subcommands, `"move"` for a subcommand, or
    /// `"group sub"` inside a subcommand group. Option types come from the registered command
    /// tree (waiting, within the timeout, for the command to be registered): strings, integers,
    /// booleans and numbers may be given as JSON strings or numbers;
    /// a user option takes a user id or a known user's name; a choice option also takes the
    /// choice's name. A deferred answer (type 5 or 6) is complete once the followup or the
    /// edit of the original message arrives.
    pub async fn slash(
        &self,
        user: &TestUser,
        channel: &TestChannel,
        command: &str,
        subcommand: &str,
        options: &[(&str, Value)],
    ) -> Result<Answer, FakeError> {
        let invocation = Invocation::new(command, subcommand, options, None);
        let label = invocation.label();
        self.wait_visible(channel, command).await?;
        self.interact(label, 2, user, channel, None, |st| {
            interaction::command_data(st, user, channel, &invocation)
        })
        .await
    }

    /// Types into an autocompleted option: `options` holds every option filled in so far
    /// (including the focused one with its partial text), `focused` names the one being typed.
    /// Returns the suggestions of the bot's type-8 answer.
    pub async fn autocomplete(
        &self,
        user: &TestUser,
        channel: &TestChannel,
        command: &str,
        subcommand: &str,
        options: &[(&str, Value)],
        focused: &str,
    ) -> Result<Vec<Choice>, FakeError> {
        let invocation = Invocation::new(command, subcommand, options, Some(focused));
        let label = format!("autocomplete of {} {focused:?}", invocation.label());
        self.wait_visible(channel, command).await?;
        let answer = self
            .interact(label, 4, user, channel, None, |st| {
                interaction::command_data(st, user, channel, &invocation)
            })
            .await?;
        Ok(answer.choices)
    }

    /// Clicks the button labelled `label` on a message (an [`Answer`], a [`Message`] or an id)
    /// as it is stored now, and returns the bot's complete answer.
    pub async fn click(
        &self,
        user: &TestUser,
        message: impl MessageRef,
        label: &str,
    ) -> Result<Answer, FakeError> {
        self.click_where(user, message, &format!("button {label:?}"), |b| {
            b.label.as_deref() == Some(label)
        })
        .await
    }

    /// Clicks the button with this custom id; see [`click`](Self::click).
    pub async fn click_custom_id(
        &self,
        user: &TestUser,
        message: impl MessageRef,
        custom_id: &str,
    ) -> Result<Answer, FakeError> {
        self.click_where(user, message, &format!("button {custom_id:?}"), |b| {
            b.custom_id.as_deref() == Some(custom_id)
        })
        .await
    }

    async fn click_where(
        &self,
        user: &TestUser,
        message: impl MessageRef,
        label: &str,
        matches: impl Fn(&Button) -> bool,
    ) -> Result<Answer, FakeError> {
        let message_id = message.message_id().ok_or_else(|| {
            FakeError::Rejected(format!("cannot click {label}: the answer has no message"))
        })?;
        let (stored, channel) = self.stored_with_channel(message_id)?;
        let button = stored.buttons.iter().find(|b| matches(b)).ok_or_else(|| {
            FakeError::Rejected(format!(
                "message {message_id} has no {label} (buttons: {:?})",
                stored.buttons
            ))
        })?;
        if button.disabled {
            return Err(FakeError::Rejected(format!(
                "{label} on message {message_id} is disabled"
            )));
        }
        let custom_id = button.custom_id.clone().ok_or_else(|| {
            FakeError::Rejected(format!(
                "{label} is a link button; the bot never hears of it"
            ))
        })?;
        let full_label = format!("{label} on message {message_id}");
        self.interact(full_label, 3, user, &channel, Some(message_id), |_| {
            Ok(json!({ "custom_id": custom_id, "component_type": 2 }))
        })
        .await
    }

    /// Picks `values` in the string select menu with this custom id on a message (an
    /// [`Answer`], a [`Message`] or an id), as it is stored now, and returns the bot's complete
    /// answer. Refused like a Discord client would: no such menu, a disabled one, a value that
    /// is not among its options, or fewer or more values than the menu allows.
    pub async fn select(
        &self,
        user: &TestUser,
        message: impl MessageRef,
        custom_id: &str,
        values: &[&str],
    ) -> Result<Answer, FakeError> {
        let message_id = message.message_id().ok_or_else(|| {
            FakeError::Rejected(format!(
                "cannot pick in menu {custom_id:?}: the answer has no message"
            ))
        })?;
        let (stored, channel) = self.stored_with_channel(message_id)?;
        let menu = stored
            .selects
            .iter()
            .find(|m| m.custom_id == custom_id)
            .ok_or_else(|| {
                let ids: Vec<&str> = stored
                    .selects
                    .iter()
                    .map(|m| m.custom_id.as_str())
                    .collect();
                FakeError::Rejected(format!(
                    "message {message_id} has no select menu {custom_id:?} (menus: {ids:?})"
                ))
            })?;
        if menu.disabled {
            return Err(FakeError::Rejected(format!(
                "select menu {custom_id:?} on message {message_id} is disabled"
            )));
        }
        let count = values.len() as u64;
        if count < menu.min_values || count > menu.max_values {
            return Err(FakeError::Rejected(format!(
                "select menu {custom_id:?} takes {} to {} values, not {count}",
                menu.min_values, menu.max_values
            )));
        }
        for value in values {
            if !menu.options.iter().any(|o| o.value == *value) {
                return Err(FakeError::Rejected(format!(
                    "{value:?} is not an option of select menu {custom_id:?} (options: {:?})",
                    menu.values()
                )));
            }
        }
        let label = format!("select menu {custom_id:?} on message {message_id}");
        let values: Vec<String> = values.iter().map(|v| (*v).to_owned()).collect();
        let custom_id = custom_id.to_owned();
        self.interact(label, 3, user, &channel, Some(message_id), |_| {
            Ok(json!({ "custom_id": custom_id, "component_type": 3, "values": values }))
        })
        .await
    }

    /// A stored, not deleted message and its channel, for a component interaction on it.
    fn stored_with_channel(&self, message_id: u64) -> Result<(Message, TestChannel), FakeError> {
        let (stored, channel) = self.shared.read(|st| {
            let view = st.view(message_id);
            let channel = view
                .as_ref()
                .and_then(|m| st.channels.get(&m.channel_id).cloned());
            (view, channel)
        });
        let stored = stored
            .filter(|m| !m.deleted)
            .ok_or_else(|| FakeError::Rejected(format!("no message {message_id} to act on")))?;
        let channel = channel.ok_or_else(|| {
            FakeError::Rejected(format!("message {message_id} is in an unknown channel"))
        })?;
        Ok((stored, channel))
    }

    /// Makes the next `n` interaction callbacks fail as a late one does on Discord (404
    /// Unknown interaction): the bot's answer is lost. The interaction then ends at once with
    /// [`FakeError::CallbackFailed`] instead of an answer.
    pub fn fail_callbacks(&self, n: u32) {
        self.shared.update(|st| st.faults.callbacks = n);
    }

    /// Makes the next `n` interaction callbacks fail with 503, as during a Discord hiccup:
    /// nothing is stored, and the interaction still takes a later answer (counted with
    /// [`FakeDiscord::injected_failures`]'s callbacks).
    pub fn fail_callbacks_briefly(&self, n: u32) {
        self.shared.update(|st| st.faults.callbacks_unavailable = n);
    }

    /// Makes the next `n` channel message posts (`POST /channels/{id}/messages`) fail with 503,
    /// as during a Discord outage; nothing is stored.
    pub fn fail_channel_posts(&self, n: u32) {
        self.shared.update(|st| st.faults.posts = n);
    }

    /// Takes the next `n` channel message posts as Discord would, but never responds to their
    /// requests: the message is there, the sender never learns it. For killing the bot between
    /// a post and what it does after.
    pub fn hang_channel_posts(&self, n: u32) {
        self.shared.update(|st| st.faults.hung_posts = n);
    }

    /// As [`FakeDiscord::hang_channel_posts`], for the next `n` interaction callbacks.
    pub fn hang_callbacks(&self, n: u32) {
        self.shared.update(|st| st.faults.hung_callbacks = n);
    }

    /// How many channel posts repeated an earlier post's nonce with `enforce_nonce` (and were
    /// answered with that message instead of a new one).
    pub fn nonce_hits(&self) -> u32 {
        self.shared.read(|st| st.nonce_hits)
    }

    /// How many callbacks and channel posts were failed on purpose so far.
    pub fn injected_failures(&self) -> (u32, u32) {
        self.shared
            .read(|st| (st.faults.callbacks_failed, st.faults.posts_failed))
    }

    /// Clicks a button by its raw custom id on a message, whether the message shows such a
    /// button or not: what an old client, or a forged request, can send.
    pub async fn click_raw(
        &self,
        user: &TestUser,
        message: impl MessageRef,
        custom_id: &str,
    ) -> Result<Answer, FakeError> {
        let message_id = message.message_id().ok_or_else(|| {
            FakeError::Rejected(format!(
                "cannot click {custom_id:?}: the answer has no message"
            ))
        })?;
        let channel = self.shared.read(|st| {
            st.messages
                .get(&message_id)
                .and_then(|m| state::id_of(m.json.get("channel_id")))
                .and_then(|c| st.channels.get(&c).cloned())
        });
        let channel = channel
            .ok_or_else(|| FakeError::Rejected(format!("no message {message_id} to click on")))?;
        let label = format!("raw click {custom_id:?} on message {message_id}");
        let custom_id = custom_id.to_owned();
        self.interact(label, 3, user, &channel, Some(message_id), |_| {
            Ok(json!({ "custom_id": custom_id, "component_type": 2 }))
        })
        .await
    }

    /// Every message in the channel, oldest first, edits applied: channel posts, interaction
    /// answers and followups (ephemeral ones too — see [`Message::ephemeral`]), but not deleted
    /// ones.
    pub fn channel_messages(&self, channel: &TestChannel) -> Vec<Message> {
        self.shared.read(|st| {
            st.messages
                .keys()
                .filter_map(|id| st.view(*id))
                .filter(|m| m.channel_id == channel.id && !m.deleted)
                .collect()
        })
    }

    /// Waits until a (not deleted) message in the channel matches, in its current state, and
    /// returns the first one that does. Messages that already match count, so nothing that
    /// happened just before the call is missed; filter by id to wait for a new one.
    pub async fn wait_for_channel_message(
        &self,
        channel: &TestChannel,
        predicate: impl Fn(&Message) -> bool,
        timeout: Duration,
    ) -> Result<Message, FakeError> {
        let channel_id = channel.id;
        let name = channel.name.clone();
        self.shared
            .wait_for(
                timeout,
                |st| {
                    let contents: Vec<String> = st
                        .messages
                        .keys()
                        .filter_map(|id| st.view(*id))
                        .filter(|m| m.channel_id == channel_id && !m.deleted)
                        .map(|m| format!("{}: {:?}", m.id, m.content))
                        .collect();
                    format!("a matching message in #{name} (messages there: {contents:?})")
                },
                |st| {
                    st.messages
                        .keys()
                        .filter_map(|id| st.view(*id))
                        .find(|m| m.channel_id == channel_id && !m.deleted && predicate(m))
                },
            )
            .await
    }

    /// The current state of a stored message (edits applied; deleted ones too).
    pub fn message(&self, id: u64) -> Option<Message> {
        self.shared.read(|st| st.view(id))
    }

    /// Waits until the stored message with this id matches, e.g. until an edit arrives.
    pub async fn wait_for_message(
        &self,
        id: u64,
        predicate: impl Fn(&Message) -> bool,
        timeout: Duration,
    ) -> Result<Message, FakeError> {
        self.shared
            .wait_for(
                timeout,
                |st| match st.view(id) {
                    Some(m) => format!(
                        "message {id} to match (now: {:?}, {} edits)",
                        m.content, m.edit_count
                    ),
                    None => format!("message {id} to exist and match"),
                },
                |st| st.view(id).filter(|m| predicate(m)),
            )
            .await
    }

    /// The messages an interaction produced so far: its original answer, then followups.
    pub fn interaction_messages(&self, interaction_id: u64) -> Vec<Message> {
        self.shared.read(|st| {
            let Some(pending) = st.interactions.values().find(|p| p.id == interaction_id) else {
                return Vec::new();
            };
            pending
                .original
                .iter()
                .chain(&pending.followups)
                .filter_map(|id| st.view(*id))
                .collect()
        })
    }

    /// Every REST request the bot made, in order.
    pub fn requests(&self) -> Vec<RecordedRequest> {
        self.shared.read(|st| st.requests.clone())
    }

    /// The bot's registrations of a command set (`PUT .../commands`, global or per guild), in
    /// order.
    pub fn command_puts(&self) -> Vec<RecordedRequest> {
        self.shared.read(|st| {
            st.requests
                .iter()
                .filter(|r| r.method == "PUT" && r.path.ends_with("/commands"))
                .cloned()
                .collect()
        })
    }
}

/// The HTTP client of endpoint mode: a new connection for every request, as a bot process
/// behind the URL may have been replaced since the last one, and no proxy from the
/// environment.
fn endpoint_client() -> reqwest::Client {
    reqwest::Client::builder()
        .pool_max_idle_per_host(0)
        .no_proxy()
        .build()
        .expect("fake-discord: cannot build an HTTP client")
}
