//! The puzzles' settings: the solver's node budget for a board's par (`PUZZLE_PAR_NODES`),
//! and which daily puzzles the bot gives (`PUZZLE_DAILY`).

use super::{ConfigError, Variable};
use halma_core::service::{DailyPuzzles, PuzzleKind, PuzzleSettings, DEFAULT_PAR_NODES};

/// The environment variables read here, in `.env.example`'s order.
pub(super) const PUZZLE_VARIABLES: [Variable; 2] = [
    Variable {
        name: "PUZZLE_PAR_NODES",
        default: "50000000",
        meaning: "positions (10000 to 1000000000) the solver may search for a crossing's par",
    },
    Variable {
        name: "PUZZLE_DAILY",
        default: "on",
        meaning: "the daily puzzle: on (both kinds in turn), crossing, chain, or off",
    },
];

/// The most positions a par's search may visit: a few minutes of one core.
const MAX_PAR_NODES: u64 = 1_000_000_000;

/// The fewest: below this the solver finds no crossing of the larger boards.
const MIN_PAR_NODES: u64 = 10_000;

/// Reads the puzzles' settings through `get` (which gives trimmed, non-empty values).
pub(super) fn puzzles(get: &dyn Fn(&str) -> Option<String>) -> Result<PuzzleSettings, ConfigError> {
    let par_nodes = match get("PUZZLE_PAR_NODES") {
        None => DEFAULT_PAR_NODES,
        Some(text) => text
            .replace('_', "")
            .parse::<u64>()
            .ok()
            .filter(|n| (MIN_PAR_NODES..=MAX_PAR_NODES).contains(n))
            .ok_or(ConfigError {
                variable: "PUZZLE_PAR_NODES",
                problem: format!(
                    "'{text}' is not a number of positions from {MIN_PAR_NODES} to {MAX_PAR_NODES}"
                ),
            })?,
    };
    let daily = match get("PUZZLE_DAILY")
        .map(|t| t.to_ascii_lowercase())
        .as_deref()
    {
        None | Some("on") => DailyPuzzles::Both,
        Some("off") => DailyPuzzles::Off,
        Some(other) => match other.parse::<PuzzleKind>() {
            Ok(kind) => DailyPuzzles::Only(kind),
            Err(_) => {
                return Err(ConfigError {
                    variable: "PUZZLE_DAILY",
                    problem: format!("'{other}' is none of on, off, crossing, chain"),
                })
            }
        },
    };
    Ok(PuzzleSettings { par_nodes, daily })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn read(pairs: &[(&str, &str)]) -> Result<PuzzleSettings, ConfigError> {
        let pairs: Vec<(String, String)> = pairs
            .iter()
            .map(|(k, v)| (k.to_string(), v.to_string()))
            .collect();
        puzzles(&move |name| {
            pairs
                .iter()
                .find(|(k, _)| k == name)
                .map(|(_, v)| v.clone())
        })
    }

    #[test]
    fn settings_are_read_and_checked() {
        assert_eq!(read(&[]), Ok(PuzzleSettings::default()));
        let config = read(&[
            ("PUZZLE_PAR_NODES", "200_000"),
            ("PUZZLE_DAILY", "Crossing"),
        ]);
        assert_eq!(
            config,
            Ok(PuzzleSettings {
                par_nodes: 200_000,
                daily: DailyPuzzles::Only(PuzzleKind::Crossing),
            })
        );
        assert_eq!(
            read(&[("PUZZLE_DAILY", "off")]).unwrap().daily,
            DailyPuzzles::Off
        );
        for (name, bad) in [
            ("PUZZLE_PAR_NODES", "lots"),
            ("PUZZLE_PAR_NODES", "5"),
            ("PUZZLE_DAILY", "weekly"),
        ] {
            assert_eq!(read(&[(name, bad)]).unwrap_err().variable, name);
        }
    }
}
