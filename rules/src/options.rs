//! Per-game options of the rule book, with their defaults.

use crate::Variant;
use std::fmt;

/// The options a game is played with.
///
/// ```
/// use halma::{Options, Variant};
/// let mut opts = Options::for_variant(Variant::Ig10);
/// assert!(opts.camp_rule && opts.balance);
/// opts.set("ply_limit", "300").unwrap();
/// assert_eq!(opts.ply_limit, Some(300));
/// assert!(opts.set("camp_rule", "maybe").is_err());
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Options {
    /// A piece in its target camp may not leave it (checked per hop).
    pub camp_rule: bool,
    /// Two-player games: when the first mover completes, the other player
    /// gets one more turn, and completing in it draws.
    pub balance: bool,
    /// A player also wins when their target camp is full and holds at least
    /// one of their own pieces.
    pub anti_spoiling: bool,
    /// The star: a move may not end in a foreign point (one that is neither
    /// the mover's home nor target); chains may still hop through one. No
    /// effect on the square boards.
    pub no_parking: bool,
    /// The game is drawn after this many plies.
    pub ply_limit: Option<u32>,
}

impl Options {
    /// The rule book's defaults for `variant`: camp rule on, balance on for
    /// `ig10` only, anti-spoiling and no-parking off, no ply limit.
    pub fn for_variant(variant: Variant) -> Options {
        Options {
            camp_rule: true,
            balance: variant == Variant::Ig10,
            anti_spoiling: false,
            no_parking: false,
            ply_limit: None,
        }
    }

    /// Sets the option `name` from text: `on`/`off` (or `true`/`false`,
    /// `yes`/`no`, `1`/`0`) for switches, a number or `none` for `ply_limit`.
    pub fn set(&mut self, name: &str, value: &str) -> Result<(), OptionError> {
        let value = value.trim();
        let switch = || match value.to_ascii_lowercase().as_str() {
            "on" | "true" | "yes" | "1" => Ok(true),
            "off" | "false" | "no" | "0" => Ok(false),
            _ => Err(OptionError::BadValue {
                name: name.to_string(),
                value: value.to_string(),
                expected: "on or off",
            }),
        };
        match name.trim().to_ascii_lowercase().replace('-', "_").as_str() {
            "camp_rule" => self.camp_rule = switch()?,
            "balance" => self.balance = switch()?,
            "anti_spoiling" => self.anti_spoiling = switch()?,
            "no_parking" => self.no_parking = switch()?,
            "ply_limit" => {
                self.ply_limit = if value.eq_ignore_ascii_case("none") {
                    None
                } else {
                    match value.parse::<u32>() {
                        Ok(n) if n > 0 => Some(n),
                        _ => {
                            return Err(OptionError::BadValue {
                                name: name.to_string(),
                                value: value.to_string(),
                                expected: "a positive number of plies or none",
                            })
                        }
                    }
                }
            }
            _ => return Err(OptionError::UnknownName(name.to_string())),
        }
        Ok(())
    }

    /// Parses `NAME=VALUE` and sets it.
    pub fn set_pair(&mut self, pair: &str) -> Result<(), OptionError> {
        let (name, value) = pair
            .split_once('=')
            .ok_or_else(|| OptionError::NotAPair(pair.to_string()))?;
        self.set(name, value)
    }
}

/// An option could not be set.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum OptionError {
    /// No option has this name.
    UnknownName(String),
    /// The text was not `NAME=VALUE`.
    NotAPair(String),
    /// The value does not fit the option.
    BadValue {
        /// The option's name as given.
        name: String,
        /// The value as given.
        value: String,
        /// What the option takes.
        expected: &'static str,
    },
}

impl fmt::Display for OptionError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            OptionError::UnknownName(n) => write!(
                f,
                "unknown option '{n}' (options: camp_rule, balance, anti_spoiling, no_parking, ply_limit)"
            ),
            OptionError::NotAPair(p) => {
                write!(
                    f,
                    "option '{p}' must be written NAME=VALUE, like camp_rule=off"
                )
            }
            OptionError::BadValue {
                name,
                value,
                expected,
            } => write!(f, "option {name} cannot be '{value}': it takes {expected}"),
        }
    }
}

impl std::error::Error for OptionError {}
