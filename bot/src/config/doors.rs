//! The settings each door is served with, from the configuration: the pages' and the ops
//! endpoint's guarded doors, and what the pages offer.

use super::{Config, WebConfig};
use halma_web::{ActivityPage, PageSettings, ServeSettings};

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

/// How the Interactions Endpoint's door is guarded: `WEB_ADDR`'s timeouts and total cap, with
/// no cap per client address: Discord sends every interaction from a few addresses (a load
/// balancer, from one). Strangers are limited by their refused requests instead
/// (`crate::endpoint`).
pub fn endpoint_serve_settings(web: &WebConfig) -> ServeSettings {
    ServeSettings {
        max_connections_per_client: web.max_connections,
        ..serve_settings(web)
    }
}

/// How the pages are served, from the settings: with the Activity's page when the
/// application has one and the bot joins Discord (local mode has no Activity).
pub fn page_settings(config: &Config) -> PageSettings {
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
