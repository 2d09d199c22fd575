//! Running the bot as several processes: the gateway's shards per process (`SHARDS`,
//! `SHARD_RANGE`), or the Interactions Endpoint (`INTERACTIONS_ADDR`, `DISCORD_PUBLIC_KEY`),
//! where any number of identical processes behind a load balancer answer every interaction
//! and no gateway connection is made.

use super::{ConfigError, Shards, Variable};
use halma_discord::endpoint::signature::PublicKey;
use std::net::SocketAddr;

/// The environment variables of the endpoint, in `.env.example`'s order.
pub(super) const ENDPOINT_VARIABLES: [Variable; 2] = [
    Variable {
        name: "INTERACTIONS_ADDR",
        default: "unset: interactions come on the gateway",
        meaning:
            "address:port on which to serve POST /interactions (the Interactions Endpoint URL)",
    },
    Variable {
        name: "DISCORD_PUBLIC_KEY",
        default: "required with INTERACTIONS_ADDR",
        meaning: "the application's public key from the developer portal (64 hex digits)",
    },
];

/// The Interactions Endpoint's settings.
#[derive(Clone, Debug)]
pub struct EndpointConfig {
    /// Where `POST /interactions` is served.
    pub addr: SocketAddr,
    /// The application's public key, as 64 hex digits (checked to be a key).
    pub public_key: String,
}

impl EndpointConfig {
    /// The public key, read.
    pub fn key(&self) -> Option<PublicKey> {
        PublicKey::from_hex(&self.public_key)
    }
}

/// Reads the endpoint's settings through `get`: only with a token (local mode has no
/// Discord), and not with gateway shards (this mode has no gateway).
pub(super) fn endpoint(
    get: &dyn Fn(&str) -> Option<String>,
    has_token: bool,
    has_shards: bool,
) -> Result<Option<EndpointConfig>, ConfigError> {
    let key = get("DISCORD_PUBLIC_KEY");
    let Some(addr_text) = get("INTERACTIONS_ADDR") else {
        return match key {
            None => Ok(None),
            Some(_) => Err(ConfigError {
                variable: "DISCORD_PUBLIC_KEY",
                problem: "is only read with INTERACTIONS_ADDR, the endpoint's address".into(),
            }),
        };
    };
    let addr = addr_text.parse::<SocketAddr>().map_err(|_| ConfigError {
        variable: "INTERACTIONS_ADDR",
        problem: format!("'{addr_text}' is not an address and port like 0.0.0.0:8090"),
    })?;
    let refuse = |problem: &str| ConfigError {
        variable: "INTERACTIONS_ADDR",
        problem: problem.into(),
    };
    if !has_token {
        return Err(refuse(
            "needs DISCORD_TOKEN: local mode has no interactions",
        ));
    }
    if has_shards {
        return Err(refuse(
            "cannot go with SHARDS: through the endpoint the bot opens no gateway shards",
        ));
    }
    let public_key = key.ok_or(ConfigError {
        variable: "DISCORD_PUBLIC_KEY",
        problem: "missing: INTERACTIONS_ADDR needs the application's public key".into(),
    })?;
    if PublicKey::from_hex(&public_key).is_none() {
        return Err(ConfigError {
            variable: "DISCORD_PUBLIC_KEY",
            problem: "is not an Ed25519 public key of 64 hex digits".into(),
        });
    }
    Ok(Some(EndpointConfig { addr, public_key }))
}

/// The most shards a bot may have here: Discord asks for one per 1,000 guilds or so, and its
/// largest bots run a few thousand.
const MAX_SHARDS: u32 = 65_536;

/// Reads `SHARDS` (a count) and `SHARD_RANGE` (`FIRST-LAST`, inclusive, or one shard id).
pub(super) fn shards(
    total: Option<String>,
    range: Option<String>,
) -> Result<Option<Shards>, ConfigError> {
    let Some(total_text) = total else {
        return match range {
            None => Ok(None),
            Some(_) => Err(ConfigError {
                variable: "SHARD_RANGE",
                problem: "needs SHARDS, the number of shards of the whole bot".into(),
            }),
        };
    };
    let total = total_text
        .parse::<u32>()
        .ok()
        .filter(|n| (1..=MAX_SHARDS).contains(n))
        .ok_or(ConfigError {
            variable: "SHARDS",
            problem: format!("'{total_text}' is not a number of shards from 1 to {MAX_SHARDS}"),
        })?;
    let Some(range_text) = range else {
        return Ok(Some(Shards {
            total,
            first: 0,
            last: total - 1,
        }));
    };
    let bad = |why: String| ConfigError {
        variable: "SHARD_RANGE",
        problem: format!("'{range_text}' {why}"),
    };
    let (first, last) = range_text
        .split_once('-')
        .unwrap_or((&range_text, &range_text));
    let (Ok(first), Ok(last)) = (first.trim().parse::<u32>(), last.trim().parse::<u32>()) else {
        return Err(bad("is not FIRST-LAST (like 0-3) or one shard id".into()));
    };
    if first > last {
        return Err(bad(format!("starts after it ends ({first} > {last})")));
    }
    if last >= total {
        return Err(bad(format!(
            "goes past the last shard, {} (SHARDS={total} counts from 0)",
            total - 1
        )));
    }
    Ok(Some(Shards { total, first, last }))
}
