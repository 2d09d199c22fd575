//! What to run: each setting from a flag or its environment variable.

use anyhow::{bail, Context as _};

/// What to run; each from a flag or its environment variable.
#[derive(Clone, Debug)]
pub struct Settings {
    /// `--channels` / `LOAD_CHANNELS`: channels with a game during the rate steps.
    pub channels: usize,
    /// `--rates` / `LOAD_RATES`: moves per second of each step, in order.
    pub rates: Vec<f64>,
    /// `--secs` / `LOAD_SECS`: seconds per step.
    pub secs: f64,
    /// `--memory-games` / `LOAD_MEMORY_GAMES`: active games for the memory figure (0: skip).
    pub memory_games: usize,
    /// `--profile-rate` / `LOAD_PROFILE_RATE`: moves per second while perf samples (0: skip).
    pub profile_rate: f64,
    /// `--profile-secs` / `LOAD_PROFILE_SECS`: seconds of the profile.
    pub profile_secs: f64,
    /// `--service-moves` / `LOAD_SERVICE_MOVES`: moves of the direct service timing (0: skip).
    pub service_moves: usize,
    /// `--long-plies` / `LOAD_LONG_PLIES`: length of the game timed ply by ply.
    pub long_plies: usize,
    /// `--seed` / `LOAD_SEED`: the random moves' seed.
    pub seed: u64,
    /// `--bot-log` / `LOAD_BOT_LOG`: the bot's `RUST_LOG` for every measurement; unset (the
    /// default) runs the bot as a user does, with no `RUST_LOG` and the default `LOG_FORMAT`.
    pub bot_log: Option<String>,
    /// `--compare-log` / `LOAD_COMPARE_LOG`: a `RUST_LOG` (like `warn`) for one more step at
    /// the profile rate after a restart, a second row beside the default (unset: skip).
    pub compare_log: Option<String>,
    /// `--perf-data` / `LOAD_PERF_DATA`: keep the profile's `perf.data` at this path (unset:
    /// removed after the report).
    pub perf_data: Option<String>,
}

impl Settings {
    /// Reads `LOAD_*` variables, then the flags (which win).
    pub fn from_env_and_args() -> anyhow::Result<Settings> {
        let values = bot_harness::bench::setting_pairs("LOAD")?;
        let mut s = Settings {
            channels: 200,
            rates: vec![50.0, 100.0, 200.0, 300.0, 400.0],
            secs: 10.0,
            memory_games: 1000,
            profile_rate: 100.0,
            profile_secs: 8.0,
            service_moves: 400,
            long_plies: 400,
            seed: 0x5EED_1234_ABCD_0001,
            bot_log: None,
            compare_log: None,
            perf_data: None,
        };
        for (name, value) in values {
            let bad = || format!("bad value {value:?} for --{name}");
            match name.as_str() {
                "channels" => s.channels = value.parse().with_context(bad)?,
                "rates" => {
                    s.rates = value
                        .split(',')
                        .map(|r| r.trim().parse::<f64>())
                        .collect::<Result<_, _>>()
                        .with_context(bad)?
                }
                "secs" => s.secs = value.parse().with_context(bad)?,
                "memory-games" => s.memory_games = value.parse().with_context(bad)?,
                "profile-rate" => s.profile_rate = value.parse().with_context(bad)?,
                "profile-secs" => s.profile_secs = value.parse().with_context(bad)?,
                "service-moves" => s.service_moves = value.parse().with_context(bad)?,
                "long-plies" => s.long_plies = value.parse().with_context(bad)?,
                "seed" => s.seed = value.parse().with_context(bad)?,
                "bot-log" => s.bot_log = Some(value).filter(|v| !v.trim().is_empty()),
                "perf-data" => s.perf_data = Some(value).filter(|v| !v.trim().is_empty()),
                "compare-log" => s.compare_log = Some(value).filter(|v| !v.trim().is_empty()),
                other => bail!("unknown setting --{other} (LOAD_{})", other.to_uppercase()),
            }
        }
        if s.channels == 0 || s.rates.iter().any(|r| *r <= 0.0) || s.secs <= 0.0 {
            bail!("channels, rates and secs must be positive: {s:?}");
        }
        Ok(s)
    }
}
