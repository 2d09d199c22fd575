//! The live web pages (`WEB_ADDR`): the bot's [`Source`] for the `halma-web` crate, built on
//! the service, and the server that serves its router. `/healthz` and `/metrics` stay on the
//! ops endpoint (`METRICS_ADDR`).

use crate::names::KnownNames;
use crate::service::Service;
use halma_web::{GameSnapshot, Hub, ServerSnapshot, Source};
use std::sync::Arc;

/// Loads the pages' snapshots from the database through the service, naming players with the
/// names the Discord layer has seen.
#[derive(Clone)]
pub struct Pages {
    service: Service,
    names: Arc<KnownNames>,
}

impl Pages {
    /// Pages over `service`, players named from `names`.
    pub fn new(service: Service, names: Arc<KnownNames>) -> Pages {
        Pages { service, names }
    }
}

impl Source for Pages {
    async fn game(&self, token: &str) -> Option<GameSnapshot> {
        let names = &self.names;
        match self.service.game_page(token, &|user| names.get(user)).await {
            Ok(page) => page,
            Err(error) => {
                // The page says "not found"; its next load tries again.
                tracing::warn!(%error, "could not load a game's page");
                None
            }
        }
    }

    async fn server(&self, _key: &str) -> Option<ServerSnapshot> {
        None
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

/// Serves the pages of `hub` on `listener` until the task is dropped.
pub async fn serve(listener: tokio::net::TcpListener, hub: Hub) -> std::io::Result<()> {
    let app: axum::Router = halma_web::router(hub);
    axum::serve(listener, app).await
}
