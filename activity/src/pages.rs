//! The live web pages (`WEB_ADDR`): the bot's [`Source`] for the `halma-web` crate, built on
//! the service, the server that serves its router with the Activity's API, and the one change
//! feed that keeps open pages up to date. `/healthz` and `/metrics` stay on the ops endpoint
//! (`METRICS_ADDR`).
//!
//! The change feed: the database announces every committed change of a game's row with the
//! game's token, whatever made it and in whichever bot process ([`Db::changes`]).
//! [`follow_changes`] listens on one connection; for a game the hub keeps, it loads the
//! snapshot once and the hub fans it out. Pages never cost a connection each.

use crate::Activity;
use halma_core::db::changes::Change;
use halma_core::error::Result;
use halma_core::service::Service;
use halma_core::sight::Sight;
use halma_core::Db;
use halma_web::{
    GameSnapshot, Hub, PageSettings, ServeSettings, ServerSnapshot, Source, TournamentSnapshot,
};
use std::collections::BTreeSet;
use std::sync::Arc;
use std::time::Duration;

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
        match self.service.web().game_page(token).await {
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
            .web()
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

    async fn tournament(&self, token: &str) -> Option<TournamentSnapshot> {
        match self.service.web().tournament_page(token).await {
            Ok(page) => page,
            Err(error) => {
                tracing::warn!(%error, "could not load a tournament's page");
                None
            }
        }
    }
}

/// The address of the page of the game with `token`, under `public_url` (no trailing `/`).
///
/// ```
/// assert_eq!(
///     halma_activity::pages::game_url("https://halma.example.org", "abc"),
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
        app = app.merge(crate::router(activity));
    }
    halma_web::serve(listener, app, doors).await
}

/// Keeps the hub's games up to date: listens to the database's changes ([`Db::changes`]) and,
/// for each changed game the hub keeps, loads its snapshot from `pages` once and publishes it.
/// A change of a server's settings makes the hub forget the
/// server's page, so that turning it on or off shows at once; a change of a tournament tells
/// its open pages to fetch their table again.
/// Changes that arrive together are loaded once per game. After the connection was lost (and
/// changes may have been missed), every kept game is loaded again. Runs until dropped.
pub async fn follow_changes(db: Db, hub: Hub, pages: Pages, activity: Option<Activity>) {
    loop {
        match listen(&db, &hub, &pages, activity.as_ref()).await {
            Ok(()) => {}
            Err(error) => tracing::warn!(%error, "the pages' change feed failed; listening again"),
        }
        tokio::time::sleep(RETRY).await;
        hub.tournaments_changed();
        refresh(&hub, &pages, hub.watched()).await;
    }
}

/// Listens until the connection fails for good.
async fn listen(db: &Db, hub: &Hub, pages: &Pages, activity: Option<&Activity>) -> Result<()> {
    let mut feed = db.changes().await?;
    tracing::debug!("following the games' changes for the pages");
    loop {
        let Some(changes) = feed.next().await? else {
            // The connection was lost; the next call connects again. Changes meanwhile are
            // not announced: load every kept game.
            tracing::warn!("the pages' change feed lost its connection; reloading kept games");
            hub.tournaments_changed();
            refresh(hub, pages, hub.watched()).await;
            continue;
        };
        let mut tokens = BTreeSet::new();
        for change in changes {
            match change {
                Change::Server(key) => hub.forget_server(&key),
                Change::Channel(channel) => {
                    if let Some(activity) = activity {
                        activity.channel_changed(channel);
                    }
                }
                Change::Game(token) => {
                    tokens.insert(token);
                }
                Change::Tournament(token) => hub.tournament_changed(&token),
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
