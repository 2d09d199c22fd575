//! Settings from the environment (and a `.env` file), checked at start-up.

mod activity;
mod arena;
mod doors;
mod fleet;
mod puzzles;
mod web;

pub use activity::ActivityConfig;
pub use doors::{endpoint_serve_settings, ops_serve_settings, page_settings, serve_settings};
pub use fleet::EndpointConfig;
pub use halma_discord::Shards;
pub use web::WebConfig;

use std::fmt;
use std::net::SocketAddr;

/// One setting read from the environment: the one list that `--help` prints and that
/// `.env.example` must match (a test checks).
#[derive(Clone, Copy, Debug)]
pub struct Variable {
    /// The environment variable.
    pub name: &'static str,
    /// What happens when it is unset.
    pub default: &'static str,
    /// What it does, in one line.
    pub meaning: &'static str,
}

/// Every environment variable the bot reads, in the order `.env.example` explains them.
pub const VARIABLES: &[Variable] = &[
    Variable {
        name: "DISCORD_TOKEN",
        default: "unset: local mode in the terminal",
        meaning: "the bot token from the developer portal, without 'Bot '",
    },
    Variable {
        name: "DATABASE_URL",
        default: "required",
        meaning: "PostgreSQL URL, postgres://user:password@host:5432/database",
    },
    Variable {
        name: "DISCORD_GUILD_ID",
        default: "unset: global commands",
        meaning: "register the commands in this one server only",
    },
    Variable {
        name: "DISCORD_PROXY_URL",
        default: "unset: https://discord.com",
        meaning: "a base URL replacing https://discord.com in every REST call",
    },
    Variable {
        name: "TIMER_INTERVAL_SECS",
        default: "15",
        meaning: "seconds (1 to 3600) between looks for reminders, time losses, expiries",
    },
    Variable {
        name: "METRICS_ADDR",
        default: "unset: nothing served",
        meaning: "address:port on which to serve /healthz and /metrics",
    },
    Variable {
        name: "MEMBER_ACTIONS_PER_MINUTE",
        default: "30",
        meaning:
            "commands and clicks one member may make a minute (1 to 100000) after a burst of 8",
    },
    Variable {
        name: "METRICS_TOKEN",
        default: "unset: /metrics open to whoever reaches METRICS_ADDR",
        meaning: "a secret that GET /metrics must carry as Authorization: Bearer TOKEN",
    },
    Variable {
        name: "SHARDS",
        default: "unset: one shard",
        meaning: "how many gateway shards the whole bot has",
    },
    Variable {
        name: "SHARD_RANGE",
        default: "all of SHARDS",
        meaning: "the shards this process runs: FIRST-LAST (both included) or one id",
    },
    fleet::ENDPOINT_VARIABLES[0],
    fleet::ENDPOINT_VARIABLES[1],
    Variable {
        name: "LOG_FORMAT",
        default: "text",
        meaning: "text for people, or json: one JSON object a line (logs go to stderr)",
    },
    Variable {
        name: "DATABASE_POOL_SIZE",
        default: "10",
        meaning: "database connections this process may hold at once (1 to 100)",
    },
    Variable {
        name: "AI_HARD_MS",
        default: "1000",
        meaning: "how long the bot thinks per move at level hard, in ms (10 to 60000)",
    },
    arena::ARENA_VARIABLES[0],
    arena::ARENA_VARIABLES[1],
    arena::ARENA_VARIABLES[2],
    puzzles::PUZZLE_VARIABLES[0],
    puzzles::PUZZLE_VARIABLES[1],
    Variable {
        name: "WEB_ADDR",
        default: "unset: none (local mode: 127.0.0.1:8080)",
        meaning: "address:port on which to serve the live game pages (/game/TOKEN, /server/ID)",
    },
    web::WEB_VARIABLES[0],
    web::WEB_VARIABLES[1],
    web::WEB_VARIABLES[2],
    web::WEB_VARIABLES[3],
    web::WEB_VARIABLES[4],
    Variable {
        name: "PUBLIC_URL",
        default: "unset: no Watch buttons",
        meaning: "the pages' address as people reach it, like https://halma.example.org",
    },
    Variable {
        name: "DISCORD_CLIENT_ID",
        default: "unset: no Activity",
        meaning: "the application's id, to serve the Activity at PUBLIC_URL/activity",
    },
    Variable {
        name: "DISCORD_CLIENT_SECRET",
        default: "required with DISCORD_CLIENT_ID",
        meaning: "the application's OAuth2 client secret, for the Activity's sign-in",
    },
    Variable {
        name: "ACTIVITY_SDK_MOCK",
        default: "off",
        meaning:
            "on: the Activity runs the SDK's mock (tests only; needs a local ACTIVITY_DISCORD_URL)",
    },
    Variable {
        name: "ACTIVITY_DISCORD_URL",
        default: "https://discord.com",
        meaning: "where the Activity's sign-in and instance calls go (never DISCORD_PROXY_URL)",
    },
    Variable {
        name: "ACTIVITY_RECHECK_SECS",
        default: "300",
        meaning: "seconds (1 to 3600) between checks of an Activity session against Discord",
    },
    Variable {
        name: "ACTIVITY_SIGN_INS_PER_MINUTE",
        default: "40",
        meaning: "Activity sign-in requests per client address a minute (1 to 100000), burst 1/4",
    },
    Variable {
        name: "RUST_LOG",
        default: crate::logging::DEFAULT_FILTER,
        meaning: "which logs to write, in tracing's EnvFilter syntax, like info,halma_bot=debug",
    },
];

/// Database connections a process holds at most unless `DATABASE_POOL_SIZE` says otherwise.
pub const DEFAULT_POOL_SIZE: u32 = 10;

/// Everything the bot reads from its environment.
#[derive(Clone)]
pub struct Config {
    /// The bot token; `None` starts local mode instead of joining Discord.
    pub discord_token: Option<String>,
    /// PostgreSQL connection string.
    pub database_url: String,
    /// Register commands in this guild only (fast updates while developing).
    pub guild_id: Option<u64>,
    /// Base URL that replaces `https://discord.com` in every REST call.
    pub proxy_url: Option<String>,
    /// How often the turn timer looks for due reminders and time losses.
    pub timer_interval: std::time::Duration,
    /// Where to serve `/healthz` and `/metrics`; `None` serves nothing.
    pub metrics_addr: Option<SocketAddr>,
    /// Commands and clicks one member may make a minute after a burst
    /// (`MEMBER_ACTIONS_PER_MINUTE`).
    pub member_actions_per_minute: std::num::NonZeroU32,
    /// The bearer token `/metrics` requires (`METRICS_TOKEN`); `None` requires none.
    pub metrics_token: Option<String>,
    /// The gateway shards this process runs; `None` runs the one shard of a small bot.
    pub shards: Option<Shards>,
    /// The Interactions Endpoint (`INTERACTIONS_ADDR`): interactions come over HTTP instead of
    /// the gateway.
    pub endpoint: Option<EndpointConfig>,
    /// Logs as JSON lines (`LOG_FORMAT=json`) instead of text for people.
    pub log_json: bool,
    /// How long the bot thinks per move at level hard (`AI_HARD_MS`).
    pub ai_hard_time: std::time::Duration,
    /// Database connections this process may hold at once (`DATABASE_POOL_SIZE`).
    pub database_pool_size: u32,
    /// Where to serve the live game pages (`WEB_ADDR`); `None` serves none.
    pub web_addr: Option<SocketAddr>,
    /// The pages' address as people reach it, without a trailing `/` (`PUBLIC_URL`); board
    /// messages link to their game's page only when it is set.
    pub public_url: Option<String>,
    /// The Activity, when `DISCORD_CLIENT_ID` is set.
    pub activity: Option<ActivityConfig>,
    /// How the web doors are guarded (`WEB_*`).
    pub web: WebConfig,
    /// The arenas' pace (`ARENA_*`).
    pub arena: halma_core::service::ArenaSettings,
    /// The puzzles' par budget and daily puzzle (`PUZZLE_*`).
    pub puzzles: halma_core::service::PuzzleSettings,
}

impl fmt::Debug for Config {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        // The token must never reach a log.
        f.debug_struct("Config")
            .field(
                "discord_token",
                &self.discord_token.as_ref().map(|_| "<set>"),
            )
            .field("database_url", &redact_password(&self.database_url))
            .field("guild_id", &self.guild_id)
            .field("proxy_url", &self.proxy_url)
            .field("timer_interval", &self.timer_interval)
            .field("metrics_addr", &self.metrics_addr)
            .field(
                "metrics_token",
                &self.metrics_token.as_ref().map(|_| "<set>"),
            )
            .field("member_actions_per_minute", &self.member_actions_per_minute)
            .field("shards", &self.shards)
            .field("endpoint", &self.endpoint)
            .field("log_json", &self.log_json)
            .field("ai_hard_time", &self.ai_hard_time)
            .field("database_pool_size", &self.database_pool_size)
            .field("web_addr", &self.web_addr)
            .field("public_url", &self.public_url)
            .field("activity", &self.activity)
            .field("web", &self.web)
            .field("arena", &self.arena)
            .field("puzzles", &self.puzzles)
            .finish()
    }
}

/// A setting that is missing or malformed; the message names the variable.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("{variable}: {problem}")]
pub struct ConfigError {
    /// The environment variable.
    pub variable: &'static str,
    /// What is wrong with it.
    pub problem: String,
}

impl Config {
    /// Reads the settings through `get` (the process environment in
    /// production; a map in tests).
    pub fn from_lookup(get: impl Fn(&str) -> Option<String>) -> Result<Config, ConfigError> {
        let non_empty = |name: &str| {
            get(name)
                .map(|v| v.trim().to_string())
                .filter(|v| !v.is_empty())
        };
        let discord_token = non_empty("DISCORD_TOKEN");
        if let Some(token) = &discord_token {
            if token.chars().any(char::is_whitespace) || token.starts_with("Bot ") {
                return Err(ConfigError {
                    variable: "DISCORD_TOKEN",
                    problem:
                        "give the bare token from the developer portal, without 'Bot ' or spaces"
                            .into(),
                });
            }
        }
        let database_url = non_empty("DATABASE_URL").ok_or(ConfigError {
            variable: "DATABASE_URL",
            problem: "missing: set it to a PostgreSQL URL like postgres://user@localhost/halma"
                .into(),
        })?;
        if !(database_url.starts_with("postgres://") || database_url.starts_with("postgresql://")) {
            return Err(ConfigError {
                variable: "DATABASE_URL",
                problem: "must start with postgres:// or postgresql://".into(),
            });
        }
        let guild_id = match non_empty("DISCORD_GUILD_ID") {
            None => None,
            Some(v) => Some(
                v.parse::<u64>()
                    .ok()
                    .filter(|&id| id > 0)
                    .ok_or(ConfigError {
                        variable: "DISCORD_GUILD_ID",
                        problem: format!("'{v}' is not a Discord id (a positive number)"),
                    })?,
            ),
        };
        let proxy_url = match non_empty("DISCORD_PROXY_URL") {
            None => None,
            Some(v) if v.starts_with("http://") || v.starts_with("https://") => {
                Some(v.trim_end_matches('/').to_string())
            }
            Some(v) => {
                return Err(ConfigError {
                    variable: "DISCORD_PROXY_URL",
                    problem: format!("'{v}' is not an http:// or https:// URL"),
                })
            }
        };
        let timer_interval = match non_empty("TIMER_INTERVAL_SECS") {
            None => std::time::Duration::from_secs(15),
            Some(v) => v
                .parse::<u64>()
                .ok()
                .filter(|&s| (1..=3600).contains(&s))
                .map(std::time::Duration::from_secs)
                .ok_or(ConfigError {
                    variable: "TIMER_INTERVAL_SECS",
                    problem: format!("'{v}' is not a number of seconds from 1 to 3600"),
                })?,
        };
        let metrics_addr = match non_empty("METRICS_ADDR") {
            None => None,
            Some(v) => Some(v.parse::<SocketAddr>().map_err(|_| ConfigError {
                variable: "METRICS_ADDR",
                problem: format!("'{v}' is not an address and port like 127.0.0.1:9100"),
            })?),
        };
        let metrics_token = non_empty("METRICS_TOKEN");
        let member_actions_per_minute = match non_empty("MEMBER_ACTIONS_PER_MINUTE") {
            None => std::num::NonZeroU32::new(30).unwrap_or(std::num::NonZeroU32::MIN),
            Some(v) => v
                .parse::<std::num::NonZeroU32>()
                .ok()
                .filter(|n| n.get() <= 100_000)
                .ok_or(ConfigError {
                    variable: "MEMBER_ACTIONS_PER_MINUTE",
                    problem: format!("'{v}' is not a number from 1 to 100000"),
                })?,
        };
        let shards = fleet::shards(non_empty("SHARDS"), non_empty("SHARD_RANGE"))?;
        let endpoint = fleet::endpoint(&non_empty, discord_token.is_some(), shards.is_some())?;
        let log_json = match non_empty("LOG_FORMAT") {
            None => false,
            Some(v) if v.eq_ignore_ascii_case("text") => false,
            Some(v) if v.eq_ignore_ascii_case("json") => true,
            Some(v) => {
                return Err(ConfigError {
                    variable: "LOG_FORMAT",
                    problem: format!("'{v}' is neither text nor json"),
                })
            }
        };
        let ai_hard_time = match non_empty("AI_HARD_MS") {
            None => std::time::Duration::from_secs(1),
            Some(v) => v
                .parse::<u64>()
                .ok()
                .filter(|&ms| (10..=60_000).contains(&ms))
                .map(std::time::Duration::from_millis)
                .ok_or(ConfigError {
                    variable: "AI_HARD_MS",
                    problem: format!("'{v}' is not a number of milliseconds from 10 to 60000"),
                })?,
        };
        let database_pool_size = match non_empty("DATABASE_POOL_SIZE") {
            None => DEFAULT_POOL_SIZE,
            Some(v) => v
                .parse::<u32>()
                .ok()
                .filter(|n| (1..=100).contains(n))
                .ok_or(ConfigError {
                    variable: "DATABASE_POOL_SIZE",
                    problem: format!("'{v}' is not a number from 1 to 100"),
                })?,
        };
        let web_addr = match non_empty("WEB_ADDR") {
            None => None,
            Some(v) => Some(v.parse::<SocketAddr>().map_err(|_| ConfigError {
                variable: "WEB_ADDR",
                problem: format!("'{v}' is not an address and port like 127.0.0.1:8080"),
            })?),
        };
        let public_url = match non_empty("PUBLIC_URL") {
            None => None,
            Some(v) if v.starts_with("http://") || v.starts_with("https://") => {
                Some(v.trim_end_matches('/').to_string())
            }
            Some(v) => {
                return Err(ConfigError {
                    variable: "PUBLIC_URL",
                    problem: format!("'{v}' is not an http:// or https:// URL"),
                })
            }
        };
        let activity = activity::activity(&non_empty, web_addr.is_some())?;
        let web = web::web(&non_empty)?;
        let arena = arena::arena(&non_empty)?;
        let puzzles = puzzles::puzzles(&non_empty)?;
        Ok(Config {
            discord_token,
            database_url,
            guild_id,
            proxy_url,
            timer_interval,
            metrics_addr,
            metrics_token,
            member_actions_per_minute,
            shards,
            endpoint,
            log_json,
            ai_hard_time,
            database_pool_size,
            web_addr,
            public_url,
            activity,
            web,
            arena,
            puzzles,
        })
    }

    /// Reads the process environment, after loading `.env` if there is one.
    pub fn from_env() -> Result<Config, ConfigError> {
        // A missing .env file is normal; a malformed one is not worth stopping for here,
        // since every variable is validated below.
        let _ = dotenvy::dotenv();
        Config::from_lookup(|name| std::env::var(name).ok())
    }
}

/// The URL with any password replaced by `***`, for logs: the one after the user name and a
/// `password=` parameter of the query (which libpq and sqlx read too).
fn redact_password(url: &str) -> String {
    let (base, query) = match url.split_once('?') {
        Some((base, query)) => (base, Some(query)),
        None => (url, None),
    };
    let mut out = match (base.find("://"), base.rfind('@')) {
        (Some(scheme), Some(at)) if at > scheme => match base[scheme + 3..at].split_once(':') {
            Some((user, _)) => format!("{}{user}:***{}", &base[..scheme + 3], &base[at..]),
            None => base.to_string(),
        },
        _ => base.to_string(),
    };
    if let Some(query) = query {
        let pairs: Vec<String> = query
            .split('&')
            .map(|pair| match pair.split_once('=') {
                Some((key, _)) if key.eq_ignore_ascii_case("password") => format!("{key}=***"),
                _ => pair.to_string(),
            })
            .collect();
        out.push('?');
        out.push_str(&pairs.join("&"));
    }
    out
}

#[cfg(test)]
mod tests;
