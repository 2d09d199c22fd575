//! The live web pages (`WEB_ADDR`): the bot's [`Source`] for the `halma-web` crate, built on
//! the service, the server that serves its router, and the one change feed that keeps open
//! pages up to date. `/healthz` and `/metrics` stay on the ops endpoint (`METRICS_ADDR`).
//! Both doors are served by [`halma_web::serve`], guarded as the `WEB_*` settings say
//! ([`serve_settings`], [`ops_serve_settings`]).
//!
//! The change feed: PostgreSQL announces every committed change of a game's row on
//! [`CHANGES_CHANNEL`] with the game's token (a trigger, `migrations/*_game_change_notices.sql`),
//! whatever made it and in whichever bot process. [`follow_changes`] listens on one connection;
//! for a game the hub keeps, it loads the snapshot once and the hub fans it out. Pages never
//! cost a connection each.

use crate::activity::Activity;
use crate::config::WebConfig;
use crate::service::Service;
use crate::sight::Sight;
use halma_web::{
    ActivityPage, GameSnapshot, Hub, PageSettings, ServeSettings, ServerSnapshot, Source,
};
use sqlx::postgres::{PgListener, PgPool};
use std::collections::BTreeSet;
use std::sync::Arc;
use std::time::Duration;

/// The channel on which PostgreSQL announces each committed change of a game: its web token.
pub const CHANGES_CHANNEL: &str = "halma_game_changed";

/// The channel on which PostgreSQL announces each committed change of a server's settings:
/// the guild's id, its page's key.
pub const SERVER_CHANGES_CHANNEL: &str = "halma_server_changed";

/// The channel on which PostgreSQL announces a new game: its channel's id, for the Activities
/// open there.
pub const CHANNEL_CHANGES_CHANNEL: &str = "halma_channel_changed";

/// How long the feed waits before listening again after its connection failed.
const RETRY: Duration = Duration::from_secs(1);

/// Loads the pages' snapshots from the database through the service, players named as they
/// go by in the game's server.
#[derive(Clone)]
pub struct Pages {
    service: Service,
    sight: Arc<Sight>,
}

impl Pages {
    /// Pages over `service`, servers' games listed where `sight` says everyone can see them.
    pub fn new(service: Service, sight: Arc<Sight>) -> Pages {
        Pages { service, sight }
    }
}

impl Source for Pages {
    async fn game(&self, token: &str) -> Option<GameSnapshot> {
        match self.service.game_page(token).await {
            Ok(page) => page,
            Err(error) => {
                // The page says "not found"; its next load tries again.
                tracing::warn!(%error, "could not load a game's page");
                None
            }
        }
    }

    /// A server's page has the guild's id as its key; servers show one only after
    /// `/halma settings web:on`.
    async fn server(&self, key: &str) -> Option<ServerSnapshot> {
        let guild: u64 = key.parse().ok()?;
        let sight = &self.sight;
        match self
            .service
            .server_page(guild, &|channel| sight.is_public(guild, channel))
            .await
        {
            Ok(page) => page,
            Err(error) => {
                tracing::warn!(%error, "could not load a server's page");
                None
            }
        }
    }
}

/// The address of the page of the game with `token`, under `public_url` (no trailing `/`).
///
/// ```
/// assert_eq!(
///     halma_bot::web::game_url("https://halma.example.org", "abc"),
///     "https://halma.example.org/game/abc"
/// );
/// ```
pub fn game_url(public_url: &str, token: &str) -> String {
    format!("{}/game/{token}", public_url.trim_end_matches('/'))
}

/// Serves the pages of `hub` on `listener`, as `settings` say, with the Activity's API when
/// there is one, behind a door guarded as `doors` says, until the task is dropped.
pub async fn serve(
    listener: tokio::net::TcpListener,
    hub: Hub,
    settings: PageSettings,
    activity: Option<Activity>,
    doors: ServeSettings,
) -> std::io::Result<()> {
    let mut app: axum::Router = halma_web::router_with(hub, settings);
    if let Some(activity) = activity {
        app = app.merge(crate::activity::router(activity));
    }
    halma_web::serve(listener, app, doors).await
}

/// How `WEB_ADDR`'s door is guarded, from the `WEB_*` settings.
pub fn serve_settings(web: &WebConfig) -> ServeSettings {
    ServeSettings {
        header_timeout: web.header_timeout,
        max_connections: web.max_connections,
        max_connections_per_client: web.max_connections_per_client,
        trusted_proxies: web.trusted_proxies.clone(),
        ..ServeSettings::default()
    }
}

/// Connections the ops endpoint (`METRICS_ADDR`) holds at once: a scraper and a health
/// check or two need a few.
const OPS_MAX_CONNECTIONS: usize = 64;

/// Connections the ops endpoint holds at once from one client address.
const OPS_MAX_CONNECTIONS_PER_CLIENT: usize = 16;

/// How the ops endpoint's door is guarded: `WEB_ADDR`'s timeouts with small caps.
pub fn ops_serve_settings(web: &WebConfig) -> ServeSettings {
    ServeSettings {
        max_connections: OPS_MAX_CONNECTIONS.min(web.max_connections),
        max_connections_per_client: OPS_MAX_CONNECTIONS_PER_CLIENT
            .min(web.max_connections_per_client),
        ..serve_settings(web)
    }
}

/// Keeps the hub's games up to date: listens on [`CHANGES_CHANNEL`] on one connection and,
/// for each changed game the hub keeps, loads its snapshot from `pages` once and publishes it.
/// A change of a server's settings ([`SERVER_CHANGES_CHANNEL`]) makes the hub forget the
/// server's page, so that turning it on or off shows at once.
/// Changes that arrive together are loaded once per game. After the connection was lost (and
/// changes may have been missed), every kept game is loaded again. Runs until dropped.
pub async fn follow_changes(pool: PgPool, hub: Hub, pages: Pages, activity: Option<Activity>) {
    loop {
        match listen(&pool, &hub, &pages, activity.as_ref()).await {
            Ok(()) => {}
            Err(error) => tracing::warn!(%error, "the pages' change feed failed; listening again"),
        }
        tokio::time::sleep(RETRY).await;
        refresh(&hub, &pages, hub.watched()).await;
    }
}

/// Listens until the connection fails for good.
async fn listen(
    pool: &PgPool,
    hub: &Hub,
    pages: &Pages,
    activity: Option<&Activity>,
) -> Result<(), sqlx::Error> {
    let mut listener = PgListener::connect_with(pool).await?;
    listener
        .listen_all([
            CHANGES_CHANNEL,
            SERVER_CHANGES_CHANNEL,
            CHANNEL_CHANGES_CHANNEL,
        ])
        .await?;
    tracing::debug!("following the games' changes for the pages");
    loop {
        let Some(first) = listener.try_recv().await? else {
            // The connection was lost; the next call connects again. Changes meanwhile are
            // not announced: load every kept game.
            tracing::warn!("the pages' change feed lost its connection; reloading kept games");
            refresh(hub, pages, hub.watched()).await;
            continue;
        };
        let mut tokens = BTreeSet::new();
        for notice in std::iter::once(first).chain(std::iter::from_fn(|| listener.next_buffered()))
        {
            if notice.channel() == SERVER_CHANGES_CHANNEL {
                hub.forget_server(notice.payload());
            } else if notice.channel() == CHANNEL_CHANGES_CHANNEL {
                if let (Some(activity), Ok(channel)) = (activity, notice.payload().parse()) {
                    activity.channel_changed(channel);
                }
            } else {
                tokens.insert(notice.payload().to_string());
            }
        }
        refresh(hub, pages, tokens).await;
    }
}

/// Loads each of `tokens` that the hub keeps and publishes its latest snapshot.
async fn refresh(hub: &Hub, pages: &Pages, tokens: impl IntoIterator<Item = String>) {
    for token in tokens {
        // A game made or changed after a page did not find it is found now.
        hub.forget_missing(&token);
        if !hub.watches(&token) {
            continue;
        }
        if let Some(latest) = Source::game(pages, &token).await {
            hub.publish_latest(&token, latest);
        }
    }
}

/// How the pages are served, from the settings: with the Activity's page when the
/// application has one and the bot joins Discord (local mode has no Activity).
pub fn page_settings(config: &crate::config::Config) -> PageSettings {
    let activity = config
        .activity
        .as_ref()
        .filter(|_| config.discord_token.is_some())
        .map(|a| ActivityPage {
            client_id: a.client_id.clone(),
            sdk_mock: a.sdk_mock,
        });
    PageSettings {
        activity,
        requests_per_minute: Some(config.web.page_requests_per_minute),
        ..PageSettings::default()
    }
}
