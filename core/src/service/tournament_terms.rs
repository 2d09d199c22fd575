//! What members ask of a tournament and what they are answered: the requests, the views, the
//! limits, and the checks of a new tournament's terms (pure, no I/O).

use super::Actor;
use crate::db::tournament_games::Pairing;
use crate::db::tournament_players::Entrant;
use crate::db::tournaments::Tournament;
use crate::error::{Result, UserError};
use crate::model::{TournamentFormat, TournamentId};
use chrono::TimeDelta;
use halma::Variant;

pub use super::tournament_table::{StandingExtras, StandingRow};

/// The most players a tournament takes.
pub const MAX_TOURNAMENT_PLAYERS: usize = 256;

/// The most tournaments a server may have gathering players or being played at once.
pub const LIVE_TOURNAMENTS_PER_SERVER: u32 = 3;

/// The longest name of a tournament, in characters.
pub const MAX_TOURNAMENT_NAME: usize = 100;

/// The most rounds a Swiss tournament may ask for.
pub const MAX_ROUNDS: u32 = 20;

/// When a tournament that names no start time starts by itself.
pub const DEFAULT_STARTS_IN: TimeDelta = TimeDelta::minutes(15);

/// The variant of a tournament that names none (and whose server's default is not for two).
pub const DEFAULT_TOURNAMENT_VARIANT: Variant = Variant::Standard;

/// An arena's length when it names none.
pub const DEFAULT_ARENA_DURATION: TimeDelta = TimeDelta::minutes(60);

/// The longest arena.
pub const MAX_ARENA_DURATION: TimeDelta = TimeDelta::hours(24);

/// The time per move in an arena's games when it names none (the server's default, often a
/// day, does not suit a game that must end within the hour).
pub const DEFAULT_ARENA_TURN_TIMEOUT: TimeDelta = TimeDelta::minutes(1);

/// A request to make a tournament.
#[derive(Clone, Debug)]
pub struct TournamentRequest {
    /// Who makes it, in the channel of its messages.
    pub organizer: Actor,
    /// Whether they may organise tournaments in this server (Manage Server, or the server's
    /// tournament role): the front end knows their permissions and roles.
    pub may_organize: bool,
    /// Its name, as typed.
    pub name: String,
    /// Swiss or arena.
    pub format: TournamentFormat,
    /// The variant; `None` for the server's default when it is for two, else standard.
    pub variant: Option<Variant>,
    /// Time per move; `None` for the server's default, else 24 hours.
    pub turn_timeout: Option<TimeDelta>,
    /// A Swiss tournament's rounds; `None` for ⌈log2 players⌉, at least three.
    pub rounds: Option<u32>,
    /// An arena's length; `None` for [`DEFAULT_ARENA_DURATION`].
    pub duration: Option<TimeDelta>,
    /// How long until it starts by itself; `None` for [`DEFAULT_STARTS_IN`].
    pub starts_in: Option<TimeDelta>,
}

/// What a member asks of the channel's tournament.
#[derive(Clone, Debug)]
pub enum TournamentCommand {
    /// `/halma tournament create`.
    Create(TournamentRequest),
    /// Join (the command, or the announcement's button naming the tournament), with the
    /// member's display name for thread names.
    Join {
        /// The tournament of the clicked button; `None`: the channel's.
        tournament: Option<TournamentId>,
        /// The member's display name.
        name: String,
    },
    /// Leave before the start.
    Leave {
        /// The tournament of the clicked button; `None`: the channel's.
        tournament: Option<TournamentId>,
    },
    /// Withdraw after the start: the game being played is lost, no more pairings.
    Withdraw,
    /// Start now (the organizer, or a member who may manage the server).
    Start {
        /// Whether the member may manage the server.
        may_manage: bool,
    },
    /// The standings.
    Standings,
    /// Leave an arena's queue, or come back to it.
    Pause,
    /// Call it off (the organizer, or a member who may manage the server).
    Cancel {
        /// Whether the member may manage the server.
        may_manage: bool,
    },
}

/// A tournament with its players in joining order.
#[derive(Clone, Debug, PartialEq)]
pub struct TournamentView {
    /// The tournament.
    pub tournament: Tournament,
    /// Its players.
    pub players: Vec<Entrant>,
}

/// A tournament's standings.
#[derive(Clone, Debug, PartialEq)]
pub struct StandingsView {
    /// The tournament.
    pub tournament: Tournament,
    /// Rounds in all (known from the start on).
    pub rounds: Option<u32>,
    /// Best first.
    pub rows: Vec<StandingRow>,
}

/// What the service answered a [`TournamentCommand`].
#[derive(Clone, Debug, PartialEq)]
pub enum TournamentAnswer {
    /// Made; its announcement follows through the outbox.
    Created(TournamentView),
    /// The member joined.
    Joined(TournamentView),
    /// The member left before the start.
    Left(TournamentView),
    /// The member withdrew.
    Withdrawn(TournamentView),
    /// Started: round one is paired.
    Started(TournamentView),
    /// Called off.
    Cancelled(TournamentView),
    /// The standings.
    Standings(StandingsView),
    /// The member left the arena's queue (their game in progress goes on).
    Paused(TournamentView),
    /// The member came back to the arena's queue.
    Resumed(TournamentView),
}

/// The variant a tournament is played on: the one asked for, else the server's when it is for
/// two players, else standard; refused unless it is a game for two.
pub(super) fn tournament_variant(
    asked: Option<Variant>,
    house: Option<Variant>,
) -> Result<Variant> {
    let for_two = |v: &Variant| v.players() == 2;
    let variant = match asked {
        Some(v) => v,
        None => house.filter(for_two).unwrap_or(DEFAULT_TOURNAMENT_VARIANT),
    };
    if !for_two(&variant) {
        return Err(UserError::TournamentVariant { variant }.into());
    }
    Ok(variant)
}

/// What a tournament's format makes of its options: a Swiss tournament's rounds (checked, or
/// `None` for the default), or an arena's length (at least `min_duration`); refused when an
/// option of the other format is given.
pub(super) fn format_terms(
    req: &TournamentRequest,
    min_duration: TimeDelta,
) -> Result<(Option<u32>, Option<TimeDelta>)> {
    match req.format {
        TournamentFormat::Swiss => {
            if req.duration.is_some() {
                return Err(UserError::SwissDuration.into());
            }
            if req.rounds.is_some_and(|r| !(1..=MAX_ROUNDS).contains(&r)) {
                return Err(UserError::BadRounds { max: MAX_ROUNDS }.into());
            }
            Ok((req.rounds, None))
        }
        TournamentFormat::Arena => {
            if req.rounds.is_some() {
                return Err(UserError::ArenaRounds.into());
            }
            let duration = req.duration.unwrap_or(DEFAULT_ARENA_DURATION);
            if !(min_duration..=MAX_ARENA_DURATION).contains(&duration) {
                return Err(UserError::DurationOutOfRange {
                    min: min_duration,
                    max: MAX_ARENA_DURATION,
                }
                .into());
            }
            Ok((None, Some(duration)))
        }
    }
}

/// Reads an arena's length as typed (see [`super::parse_span`]); its range is checked when
/// the arena is made.
///
/// ```
/// use chrono::TimeDelta;
/// use halma_core::service::parse_arena_duration;
/// assert_eq!(parse_arena_duration("1h30m"), Ok(TimeDelta::minutes(90)));
/// assert!(parse_arena_duration("an hour").is_err());
/// ```
pub fn parse_arena_duration(text: &str) -> Result<TimeDelta, UserError> {
    let seconds = super::parse_span(text).ok_or_else(|| UserError::BadDuration {
        text: text.trim().to_string(),
    })?;
    Ok(TimeDelta::try_seconds(seconds).unwrap_or(TimeDelta::MAX))
}

/// A tournament's name as typed, trimmed and checked.
pub(super) fn tournament_name(typed: &str) -> Result<String> {
    let name = typed.trim();
    if name.is_empty() || name.chars().count() > MAX_TOURNAMENT_NAME {
        return Err(UserError::BadTournamentName {
            limit: MAX_TOURNAMENT_NAME as u32,
        }
        .into());
    }
    Ok(name.to_string())
}

/// A display name as stored with a player: at most [`MAX_TOURNAMENT_NAME`] characters, never
/// empty.
pub(super) fn player_name(name: &str, user: u64) -> String {
    let trimmed: String = name.trim().chars().take(MAX_TOURNAMENT_NAME).collect();
    if trimmed.is_empty() {
        user.to_string()
    } else {
        trimmed
    }
}

/// The standings of `tournament` from its rows, best first, by its format's rules.
pub(super) fn table(
    tournament: &Tournament,
    entrants: &[Entrant],
    pairings: &[Pairing],
) -> Result<Vec<StandingRow>> {
    if tournament.is_arena() {
        Ok(super::arena_table::standings(entrants, pairings))
    } else {
        super::tournament_table::standings(entrants, pairings)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_two_player_variants_and_sane_names_pass() {
        assert_eq!(tournament_variant(None, None).unwrap(), Variant::Standard);
        assert_eq!(
            tournament_variant(None, Some(Variant::Four)).unwrap(),
            Variant::Standard,
            "a server default for four is passed over"
        );
        assert_eq!(
            tournament_variant(None, Some(Variant::Small)).unwrap(),
            Variant::Small
        );
        for v in [
            Variant::Three,
            Variant::Four,
            Variant::FourTeams,
            Variant::Star3,
        ] {
            assert!(tournament_variant(Some(v), None).is_err(), "{v:?}");
        }
        for v in [
            Variant::Standard,
            Variant::Ig10,
            Variant::Small,
            Variant::Star2,
        ] {
            assert!(tournament_variant(Some(v), None).is_ok(), "{v:?}");
        }
        assert_eq!(tournament_name("  Friday Swiss ").unwrap(), "Friday Swiss");
        assert!(tournament_name("   ").is_err());
        assert!(tournament_name(&"x".repeat(101)).is_err());
        assert_eq!(player_name("  ", 7), "7");
        assert_eq!(
            parse_arena_duration("99999999999999999999w"),
            Ok(TimeDelta::MAX),
            "too long to count is out of every range, not a panic"
        );
        assert_eq!(player_name(&"y".repeat(300), 7).chars().count(), 100);
    }
}
