//! The arenas' pace: how long a free player waits before being paired, the last call before
//! an arena's end, and the shortest arena a member may make. The defaults suit people; the
//! end-to-end tests shorten them.

use super::{web::number, ConfigError, Variable};
use chrono::TimeDelta;
use halma_core::service::ArenaSettings;

/// The environment variables read here, in `.env.example`'s order.
pub(super) const ARENA_VARIABLES: [Variable; 3] = [
    Variable {
        name: "ARENA_WAIT_SECS",
        default: "5",
        meaning: "seconds (0 to 600) an arena's player whose game ended waits before pairing",
    },
    Variable {
        name: "ARENA_LAST_CALL_SECS",
        default: "60",
        meaning: "seconds (0 to 3600) before an arena's end in which no new game starts",
    },
    Variable {
        name: "ARENA_MIN_DURATION_SECS",
        default: "600",
        meaning: "the shortest arena, in seconds (10 to 3600), longer than the last call",
    },
];

/// Reads the arenas' settings through `get` (which gives trimmed, non-empty values).
pub(super) fn arena(get: &dyn Fn(&str) -> Option<String>) -> Result<ArenaSettings, ConfigError> {
    let default = ArenaSettings::default();
    let seconds = |d: TimeDelta| d.num_seconds().max(0) as u64;
    let wait = number(get, "ARENA_WAIT_SECS", 0..=600, seconds(default.wait))?;
    let last_call = number(
        get,
        "ARENA_LAST_CALL_SECS",
        0..=3600,
        seconds(default.last_call),
    )?;
    let min_duration = number(
        get,
        "ARENA_MIN_DURATION_SECS",
        10..=3600,
        seconds(default.min_duration),
    )?;
    // An arena no longer than its last call would never pair anyone.
    if min_duration <= last_call {
        return Err(ConfigError {
            variable: "ARENA_MIN_DURATION_SECS",
            problem: format!(
                "{min_duration} is not longer than ARENA_LAST_CALL_SECS ({last_call}): such an \
                 arena would have no games"
            ),
        });
    }
    let span = |secs: u64| TimeDelta::seconds(secs as i64);
    Ok(ArenaSettings {
        wait: span(wait),
        last_call: span(last_call),
        min_duration: span(min_duration),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn read(pairs: &[(&str, &str)]) -> Result<ArenaSettings, ConfigError> {
        let pairs: Vec<(String, String)> = pairs
            .iter()
            .map(|(k, v)| (k.to_string(), v.to_string()))
            .collect();
        arena(&move |name| {
            pairs
                .iter()
                .find(|(k, _)| k == name)
                .map(|(_, v)| v.clone())
        })
    }

    #[test]
    fn unset_means_five_seconds_a_minute_and_ten_minutes() {
        assert_eq!(read(&[]), Ok(ArenaSettings::default()));
    }

    #[test]
    fn settings_are_read_and_checked() {
        let fast = read(&[
            ("ARENA_WAIT_SECS", "1"),
            ("ARENA_LAST_CALL_SECS", "10"),
            ("ARENA_MIN_DURATION_SECS", "20"),
        ])
        .unwrap();
        assert_eq!(
            (fast.wait, fast.last_call, fast.min_duration),
            (
                TimeDelta::seconds(1),
                TimeDelta::seconds(10),
                TimeDelta::seconds(20)
            )
        );
        for (name, bad) in [
            ("ARENA_WAIT_SECS", "soon"),
            ("ARENA_LAST_CALL_SECS", "3601"),
            ("ARENA_MIN_DURATION_SECS", "5"),
            ("ARENA_MIN_DURATION_SECS", "60"),
        ] {
            let error = read(&[(name, bad)]).unwrap_err();
            assert_eq!(error.variable, name, "{bad}");
        }
    }
}
