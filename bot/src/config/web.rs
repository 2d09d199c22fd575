//! The web doors' settings: how long a client may take to send its request, how many
//! connections it may hold, how often it may ask for a page, and which proxies to believe
//! about who it is. The defaults suit production; see the README's "Limits".

use super::{ConfigError, Variable};
use std::net::IpAddr;
use std::num::NonZeroU32;
use std::time::Duration;

/// The environment variables read here, in `.env.example`'s order.
pub(super) const WEB_VARIABLES: [Variable; 5] = [
    Variable {
        name: "WEB_HEADER_TIMEOUT_SECS",
        default: "10",
        meaning: "seconds (1 to 300) a client may take to send a request's headers, or stay idle",
    },
    Variable {
        name: "WEB_MAX_CONNECTIONS",
        default: "1000",
        meaning: "connections WEB_ADDR holds at once (1 to 100000); more are closed at once",
    },
    Variable {
        name: "WEB_MAX_CONNECTIONS_PER_CLIENT",
        default: "64",
        meaning: "connections one client address may hold on WEB_ADDR at once (1 to 100000)",
    },
    Variable {
        name: "WEB_PAGE_REQUESTS_PER_MINUTE",
        default: "120",
        meaning: "game and server page requests per client a minute (1 to 100000), burst 1/4",
    },
    Variable {
        name: "WEB_TRUSTED_PROXIES",
        default: "unset: none, the peer is the client",
        meaning: "proxies' IPs, comma-separated, whose X-Forwarded-For names the client",
    },
];

/// How the web doors (`WEB_ADDR`, and with smaller caps `METRICS_ADDR`) are guarded.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct WebConfig {
    /// How long a client may take to send a request's headers, and how long a kept-alive
    /// connection may stay idle (`WEB_HEADER_TIMEOUT_SECS`).
    pub header_timeout: Duration,
    /// Connections `WEB_ADDR` holds at once (`WEB_MAX_CONNECTIONS`).
    pub max_connections: usize,
    /// Connections one client address may hold at once (`WEB_MAX_CONNECTIONS_PER_CLIENT`).
    pub max_connections_per_client: usize,
    /// Requests for game and server pages one client may make a minute
    /// (`WEB_PAGE_REQUESTS_PER_MINUTE`).
    pub page_requests_per_minute: NonZeroU32,
    /// Proxies whose `X-Forwarded-For` names the client (`WEB_TRUSTED_PROXIES`).
    pub trusted_proxies: Vec<IpAddr>,
}

impl Default for WebConfig {
    fn default() -> WebConfig {
        WebConfig {
            header_timeout: Duration::from_secs(10),
            max_connections: 1000,
            max_connections_per_client: 64,
            page_requests_per_minute: NonZeroU32::new(120).unwrap_or(NonZeroU32::MIN),
            trusted_proxies: Vec::new(),
        }
    }
}

/// A whole number from `range` in the variable `name`, or `default` when it is unset.
pub(super) fn number(
    get: &dyn Fn(&str) -> Option<String>,
    name: &'static str,
    range: std::ops::RangeInclusive<u64>,
    default: u64,
) -> Result<u64, ConfigError> {
    let Some(text) = get(name) else {
        return Ok(default);
    };
    text.parse::<u64>()
        .ok()
        .filter(|n| range.contains(n))
        .ok_or(ConfigError {
            variable: name,
            problem: format!(
                "'{text}' is not a number from {} to {}",
                range.start(),
                range.end()
            ),
        })
}

/// Reads the web doors' settings through `get` (which gives trimmed, non-empty values).
pub(super) fn web(get: &dyn Fn(&str) -> Option<String>) -> Result<WebConfig, ConfigError> {
    let default = WebConfig::default();
    let header_secs = number(get, "WEB_HEADER_TIMEOUT_SECS", 1..=300, 10)?;
    let max_connections = number(
        get,
        "WEB_MAX_CONNECTIONS",
        1..=100_000,
        default.max_connections as u64,
    )?;
    let per_client = number(
        get,
        "WEB_MAX_CONNECTIONS_PER_CLIENT",
        1..=100_000,
        default.max_connections_per_client as u64,
    )?;
    let per_minute = number(
        get,
        "WEB_PAGE_REQUESTS_PER_MINUTE",
        1..=100_000,
        u64::from(default.page_requests_per_minute.get()),
    )?;
    let trusted_proxies = match get("WEB_TRUSTED_PROXIES") {
        None => Vec::new(),
        Some(list) => list
            .split(',')
            .map(str::trim)
            .filter(|item| !item.is_empty())
            .map(|item| {
                item.parse::<IpAddr>().map_err(|_| ConfigError {
                    variable: "WEB_TRUSTED_PROXIES",
                    problem: format!("'{item}' is not an IP address like 10.0.0.2 or ::1"),
                })
            })
            .collect::<Result<_, _>>()?,
    };
    Ok(WebConfig {
        header_timeout: Duration::from_secs(header_secs),
        max_connections: max_connections as usize,
        max_connections_per_client: per_client as usize,
        page_requests_per_minute: u32::try_from(per_minute)
            .ok()
            .and_then(NonZeroU32::new)
            .unwrap_or(default.page_requests_per_minute),
        trusted_proxies,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn read(pairs: &[(&str, &str)]) -> Result<WebConfig, ConfigError> {
        let pairs: Vec<(String, String)> = pairs
            .iter()
            .map(|(k, v)| (k.to_string(), v.to_string()))
            .collect();
        web(&move |name| {
            pairs
                .iter()
                .find(|(k, _)| k == name)
                .map(|(_, v)| v.clone())
        })
    }

    #[test]
    fn unset_means_the_production_defaults() {
        assert_eq!(read(&[]), Ok(WebConfig::default()));
    }

    #[test]
    fn settings_are_read_and_checked() {
        let config = read(&[
            ("WEB_HEADER_TIMEOUT_SECS", "2"),
            ("WEB_MAX_CONNECTIONS", "50"),
            ("WEB_MAX_CONNECTIONS_PER_CLIENT", "5"),
            ("WEB_PAGE_REQUESTS_PER_MINUTE", "8"),
            ("WEB_TRUSTED_PROXIES", "10.0.0.2, ::1"),
        ])
        .unwrap();
        assert_eq!(config.header_timeout, Duration::from_secs(2));
        assert_eq!(
            (config.max_connections, config.max_connections_per_client),
            (50, 5)
        );
        assert_eq!(config.page_requests_per_minute.get(), 8);
        assert_eq!(config.trusted_proxies.len(), 2);
        for (name, bad) in [
            ("WEB_HEADER_TIMEOUT_SECS", "0"),
            ("WEB_MAX_CONNECTIONS", "lots"),
            ("WEB_PAGE_REQUESTS_PER_MINUTE", "1000001"),
            ("WEB_TRUSTED_PROXIES", "10.0.0.2, proxy.local"),
        ] {
            let error = read(&[(name, bad)]).unwrap_err();
            assert_eq!(error.variable, name);
        }
    }
}
