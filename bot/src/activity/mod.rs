//! The Activity: the board inside Discord, where players click a piece and its destination.
//! A third front end beside Discord's commands and local mode. The page and its script are
//! `halma-web`'s (`/activity`); this module is its JSON API and event stream:
//!
//! - `POST /api/token` `{"code"}` → `{"access_token"}`: the SDK's code exchanged with
//!   Discord for this application (`DISCORD_CLIENT_ID`, `DISCORD_CLIENT_SECRET`);
//! - `GET /api/me` with `Authorization: Bearer <token>` → `{"id", "username"}` of the user
//!   Discord names for that token, 401 for any other token (also one of another application);
//! - `POST /api/activity/session` (bearer) `{"instance_id"}` → `{"session", "user", "lang",
//!   "texts"}`: Discord names the user and the instance's channel and members; the page never
//!   says who it is or where;
//! - `GET /api/activity/events?session=` → server-sent `state` events: the channel's game
//!   (the live page's snapshot), the member's seats, the draw offers, the others present;
//! - `GET /api/activity/moves?session=` → the member's legal moves with their chains, on
//!   their turn;
//! - `POST /api/activity/{move,resign,draw,challenge}` `{"session", ...}`: through the same
//!   dispatch as the slash commands ([`crate::front::run`]); the answer is the bot's public
//!   message in the channel, posted by the Discord front end ([`Announce`]).

mod asked;
mod discord_api;
mod events;
mod routes;
mod sessions;
mod tables;
mod texts;

pub use discord_api::{ApiError, DiscordApi, DiscordUser, Instance};
pub use routes::router;
pub use sessions::{Session, Sessions, MAX_SESSIONS, SESSIONS_PER_MEMBER, SESSION_LIFETIME};
pub use tables::{Tables, TABLES_KEPT};
pub use texts::PAGE_TEXTS;

use crate::front::Answer;
use crate::names::KnownNames;
use crate::service::{Actor, Service};
use futures::future::BoxFuture;
use halma_web::Hub;
use std::sync::{Arc, OnceLock};
use tokio::sync::{broadcast, Semaphore};

/// Event streams open at once, for every page together; more are refused until one closes.
pub const MAX_STREAMS: usize = 2_000;

/// What the Activity needs of the Discord front end, which has the bot's connection: the
/// members' pace, their names, and the channel message that answers what they did.
pub trait Announce: Send + Sync + 'static {
    /// Whether `user` may act now (the same pace as their commands and clicks).
    fn allows(&self, user: u64) -> bool;

    /// Shows `answer`, to what `at` did in the Activity, as the bot's message in `at`'s
    /// channel, and settles it ([`crate::service::Service::answered`]).
    fn announce(&self, at: Actor, answer: Answer) -> BoxFuture<'_, anyhow::Result<()>>;

    /// The bot's own user id (a member may challenge it).
    fn bot_id(&self) -> u64;

    /// The name Discord shows for `user`, for the list of who is in the Activity.
    fn user_name(&self, user: u64) -> BoxFuture<'_, Option<String>>;
}

/// Names looked up for one session at most: an instance holds a few people, and a page must
/// not make the bot ask Discord about hundreds.
pub const NAMES_PER_SESSION: usize = 25;

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
    streams: Arc<Semaphore>,
}

impl Activity {
    /// The Activity over `service`, its games' snapshots from `hub`, talking to Discord
    /// through `discord`.
    pub fn new(service: Service, hub: Hub, names: Arc<KnownNames>, discord: DiscordApi) -> Self {
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
                streams: Arc::new(Semaphore::new(MAX_STREAMS)),
            }),
        }
    }

    /// Connects the Discord front end, once it is up; until then actions are refused as
    /// "try again" (only the first call counts).
    pub fn connect(&self, announcer: Arc<dyn Announce>) {
        let _ = self.inner.announcer.set(announcer);
    }

    /// Tells open streams that a new game started in `channel` (from the database's
    /// `halma_channel_changed` notices).
    pub fn channel_changed(&self, channel: u64) {
        // Nobody listening is fine.
        let _ = self.inner.channels.send(channel);
    }
}
