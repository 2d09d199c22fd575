//! The bot's web side over the core: the Activity's API and the live pages' source
//! ([`pages`]), served together on `WEB_ADDR`.
//!
//! The Activity is the board inside Discord, where players click a piece and its destination:
//! a third front end beside Discord's commands and local mode. The page and its script are
//! `halma-web`'s (`/activity`); this crate is its JSON API and event stream:
//!
//! - `POST /api/token` `{"code"}` → `{"access_token"}`: the SDK's code exchanged with
//!   Discord for this application (`DISCORD_CLIENT_ID`, `DISCORD_CLIENT_SECRET`);
//! - `GET /api/me` with `Authorization: Bearer <token>` → `{"id", "username"}` of the user
//!   Discord names for that token, 401 for any other token (also one of another application,
//!   or one without the `identify` scope);
//! - `POST /api/activity/session` (bearer) `{"instance_id"}` → `{"session", "user", "lang",
//!   "texts"}`: Discord names the user and the instance's channel and members; the page never
//!   says who it is or where;
//! - `POST /api/activity/stream` `{"session"}` → `{"ticket"}`: a one-time ticket for
//!   `GET /api/activity/events?ticket=`, the server-sent `state` events: the channel's game
//!   (the live page's snapshot), the member's seats, the draw offers, the others present; an
//!   `end` event when the session was closed or a newer stream of the member replaced it;
//! - `POST /api/activity/moves` `{"session"}` → the member's legal moves with their chains, on
//!   their turn;
//! - `POST /api/activity/{move,resign,draw,challenge}` `{"session", ...}`: through the same
//!   dispatch as the slash commands ([`halma_core::front::run`]); the answer is the bot's public
//!   message in the channel, posted by the Discord front end ([`Announce`]).
//!
//! The session key travels in request bodies only, never in a URL. Sessions are checked
//! against Discord again every [`ActivityLimits::recheck`] and end with their streams when the
//! token or the member's place in the instance is gone. What a member does counts in their
//! pace: opening a session and every action in the member's pace of commands and clicks
//! ([`Announce::allows`]), asking for moves and opening streams in a gentler pace of their own
//! ([`READS_PER_MINUTE`]).

mod asked;
mod discord_api;
mod events;
pub mod pages;
mod routes;
mod sessions;
mod shared;
mod streams;
mod tables;
mod texts;
mod tokens;

pub use discord_api::{ApiError, DiscordApi, DiscordUser, Instance};
pub use routes::router;
pub use sessions::{
    Grant, Session, Sessions, MAX_SESSIONS, SESSIONS_PER_MEMBER, SESSION_LIFETIME, TICKET_LIFETIME,
};
pub use streams::{Streams, MAX_STREAMS, STREAMS_PER_MEMBER};
pub use tables::{Tables, TABLES_KEPT};
pub use texts::PAGE_TEXTS;
pub use tokens::{TokenMemory, KNOWN_FOR, REFUSED_FOR};

use governor::{DefaultDirectRateLimiter, DefaultKeyedRateLimiter, Quota, RateLimiter};
use halma_core::front::Announce;
use halma_core::names::KnownNames;
use halma_core::service::Service;
use halma_web::Hub;
use std::num::NonZeroU32;
use std::sync::{Arc, OnceLock};
use std::time::Duration;
use tokio::sync::broadcast;

/// How often a member may ask for their moves or open an event stream, a minute, after a
/// burst of [`READS_BURST`], unless [`ActivityLimits::reads_per_minute`] says otherwise: a page
/// asks once a turn and once a reconnection.
pub const READS_PER_MINUTE: u32 = 60;

/// The reads a member may make at once before [`READS_PER_MINUTE`] applies.
pub const READS_BURST: u32 = 20;

/// Names looked up with the bot's token a minute, for every session together, after a burst
/// of [`NAME_LOOKUPS_BURST`]; past it, the others present are listed without a name.
pub const NAME_LOOKUPS_PER_MINUTE: u32 = 30;

/// The name look-ups that may happen at once before [`NAME_LOOKUPS_PER_MINUTE`] applies.
pub const NAME_LOOKUPS_BURST: u32 = 10;

/// Sign-in requests (`/api/token`, `/api/me`, `/api/activity/session`: the ones that may
/// make the bot call Discord) one client address may make a minute by default, after a burst
/// of a quarter of that.
pub const SIGN_INS_PER_MINUTE: u32 = 40;

/// The other requests of the API one client address may make a minute by default, after a
/// burst of a quarter of that: a few players behind one address, each a request or two a move.
pub const API_REQUESTS_PER_MINUTE: u32 = 480;

/// How the Activity checks its sessions and bounds its clients.
#[derive(Clone, Copy, Debug)]
pub struct ActivityLimits {
    /// How often a session in use is checked against Discord again (`ACTIVITY_RECHECK_SECS`).
    pub recheck: Duration,
    /// Sign-in requests per client address a minute (`ACTIVITY_SIGN_INS_PER_MINUTE`).
    pub sign_ins_per_minute: u32,
    /// The API's other requests per client address a minute ([`API_REQUESTS_PER_MINUTE`]).
    pub api_requests_per_minute: u32,
    /// A member's reads (moves, streams) a minute after a burst of [`READS_BURST`]: the bot
    /// allows twice their pace of actions (`MEMBER_ACTIONS_PER_MINUTE`).
    pub reads_per_minute: u32,
}

impl Default for ActivityLimits {
    fn default() -> ActivityLimits {
        ActivityLimits {
            recheck: Duration::from_secs(5 * 60),
            sign_ins_per_minute: SIGN_INS_PER_MINUTE,
            api_requests_per_minute: API_REQUESTS_PER_MINUTE,
            reads_per_minute: READS_PER_MINUTE,
        }
    }
}

/// Names looked up for one session at most: an instance holds a few people, and a page must
/// not make the bot ask Discord about many.
pub const NAMES_PER_SESSION: usize = 5;

/// The Activity's API: shared by every request and stream.
#[derive(Clone)]
pub struct Activity {
    inner: Arc<Inner>,
}

struct Inner {
    service: Service,
    hub: Hub,
    names: Arc<KnownNames>,
    discord: DiscordApi,
    sessions: Sessions,
    tables: Tables,
    channels: broadcast::Sender<u64>,
    announcer: OnceLock<Arc<dyn Announce>>,
    streams: Arc<Streams>,
    limits: ActivityLimits,
    /// The members' pace of reads (moves, streams).
    reads: DefaultKeyedRateLimiter<u64>,
    /// Name look-ups with the bot's token, for everyone together.
    name_lookups: DefaultDirectRateLimiter,
}

/// A quota of `per_minute` after a burst of `burst` (both at least one).
fn quota(per_minute: u32, burst: u32) -> Quota {
    Quota::per_minute(NonZeroU32::new(per_minute).unwrap_or(NonZeroU32::MIN))
        .allow_burst(NonZeroU32::new(burst).unwrap_or(NonZeroU32::MIN))
}

impl Activity {
    /// The Activity over `service`, its games' snapshots from `hub`, talking to Discord
    /// through `discord`, its sessions checked as `limits` say.
    pub fn new(
        service: Service,
        hub: Hub,
        names: Arc<KnownNames>,
        discord: DiscordApi,
        limits: ActivityLimits,
    ) -> Self {
        let (channels, _) = broadcast::channel(256);
        Activity {
            inner: Arc::new(Inner {
                service,
                hub,
                names,
                discord,
                sessions: Sessions::default(),
                tables: Tables::default(),
                channels,
                announcer: OnceLock::new(),
                streams: Arc::new(Streams::default()),
                limits,
                reads: RateLimiter::keyed(quota(limits.reads_per_minute, READS_BURST)),
                name_lookups: RateLimiter::direct(quota(
                    NAME_LOOKUPS_PER_MINUTE,
                    NAME_LOOKUPS_BURST,
                )),
            }),
        }
    }

    /// The session `key` names, unless it is unknown, too old, or Discord no longer stands by
    /// it: when its last check is older than [`ActivityLimits::recheck`], Discord is asked
    /// again whether the token is good and the member still in the instance (on a task of its
    /// own, so that a request that goes away cannot leave the check half done). When Discord
    /// cannot be reached the session stands.
    pub async fn session(&self, key: &str) -> Option<Session> {
        let sessions = &self.inner.sessions;
        let session = match sessions.get(key) {
            Some(session) => session,
            // Opened through another process, perhaps.
            None if self.adopt_session(key).await => sessions.get(key)?,
            None => return None,
        };
        let Some(grant) = sessions.due(key, self.inner.limits.recheck) else {
            return Some(session);
        };
        let activity = self.clone();
        let (key, checked) = (key.to_owned(), session.clone());
        let good = tokio::spawn(async move {
            let good = activity.still_granted(&checked, &grant).await;
            activity.inner.sessions.checked(&key, good);
            if !good {
                activity.end_shared_session(&key).await;
            }
            good
        })
        .await
        .unwrap_or(false);
        good.then_some(session)
    }

    /// Whether Discord still names the session's member for its token, in its instance and
    /// channel; true when Discord could not be asked.
    async fn still_granted(&self, session: &Session, grant: &Grant) -> bool {
        let discord = &self.inner.discord;
        let user = session.actor.user;
        match discord.check(&grant.token).await {
            Ok(named) if named.id == user => {}
            Ok(_) | Err(ApiError::Refused(_)) => {
                tracing::info!(
                    user,
                    "an Activity session ends: Discord no longer accepts its token"
                );
                return false;
            }
            Err(ApiError::Unavailable(why)) => {
                tracing::warn!(%why, "could not check an Activity session; it stands");
                return true;
            }
        }
        match discord.instance(&grant.instance).await {
            Ok(instance) => {
                let here =
                    instance.users.contains(&user) && instance.channel == session.actor.channel();
                if !here {
                    tracing::info!(
                        user,
                        "an Activity session ends: the member left the Activity"
                    );
                }
                here
            }
            Err(ApiError::Refused(_)) => false,
            Err(ApiError::Unavailable(why)) => {
                tracing::warn!(%why, "could not check an Activity instance; the session stands");
                true
            }
        }
    }

    /// Whether `user` may read now (moves, a stream), counted.
    fn may_read(&self, user: u64) -> bool {
        self.inner.reads.check_key(&user).is_ok()
    }

    /// Forgets the members whose read pace is full again (memory bounded by recent readers).
    pub fn forget_idle(&self) {
        self.inner.reads.retain_recent();
        self.inner.reads.shrink_to_fit();
    }

    /// Connects the Discord front end, once it is up; until then actions are refused as
    /// "try again" (only the first call counts).
    /// Also starts the Activity's housekeeping: every minute it forgets the members whose read
    /// pace is full again, until the Activity is dropped.
    pub fn connect(&self, announcer: Arc<dyn Announce>) {
        if self.inner.announcer.set(announcer).is_err() {
            return;
        }
        let inner = Arc::downgrade(&self.inner);
        tokio::spawn(async move {
            let mut every = tokio::time::interval(Duration::from_secs(60));
            loop {
                every.tick().await;
                let Some(inner) = inner.upgrade() else {
                    return;
                };
                Activity { inner }.forget_idle();
            }
        });
    }

    /// Tells open streams that a new game started in `channel` (from the database's
    /// `halma_channel_changed` notices).
    pub fn channel_changed(&self, channel: u64) {
        // Nobody listening is fine.
        let _ = self.inner.channels.send(channel);
    }
}
