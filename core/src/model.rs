//! The bot's own words for what it stores: ids, players, where games and challenges stand and
//! how games end. Plain data shared by the database layer (which stores them), the service
//! (which decides them) and the presentation (which shows them); nothing here does I/O.

use halma::Seat;
use std::fmt;
use std::str::FromStr;

/// Declares an id the database hands out, as a newtype over the stored `BIGINT`, so that a game
/// id cannot be passed where a challenge id is meant.
macro_rules! stored_id {
    ($(#[$meta:meta])* $name:ident) => {
        $(#[$meta])*
        #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
        pub struct $name(pub i64);

        impl fmt::Display for $name {
            fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                self.0.fmt(f)
            }
        }

        impl FromStr for $name {
            type Err = std::num::ParseIntError;

            fn from_str(s: &str) -> Result<$name, Self::Err> {
                s.parse().map($name)
            }
        }
    };
}

stored_id! {
    /// A game's id (carried by buttons such as Rematch).
    GameId
}

stored_id! {
    /// A challenge's id (carried by its Accept, Decline and Withdraw buttons).
    ChallengeId
}

stored_id! {
    /// An open lobby's id (carried by its Join, Leave, Start and Add AI buttons).
    LobbyId
}

stored_id! {
    /// A tournament's id (carried by its announcement's Join and Leave buttons).
    TournamentId
}

stored_id! {
    /// A tournament pairing's id: one game of a round, or a bye.
    PairingId
}

stored_id! {
    /// A puzzle's id: a board's crossing, a server's daily puzzle, or a chain puzzle.
    PuzzleId
}

stored_id! {
    /// A member's attempt at a puzzle (carried by its Move button and picker menus).
    AttemptId
}

/// Declares a fieldless enum that the database stores as text, with `as_str` and `FromStr`
/// for the stored names.
macro_rules! stored_enum {
    (
        $(#[$meta:meta])*
        pub enum $name:ident { $($(#[$vmeta:meta])* $variant:ident = $text:literal,)+ }
    ) => {
        $(#[$meta])*
        #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
        pub enum $name {
            $($(#[$vmeta])* $variant,)+
        }

        impl $name {
            /// Every value, in declaration order.
            pub const ALL: &'static [$name] = &[$($name::$variant,)+];

            /// The name stored in the database.
            pub fn as_str(self) -> &'static str {
                match self {
                    $($name::$variant => $text,)+
                }
            }
        }

        impl fmt::Display for $name {
            fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.write_str(self.as_str())
            }
        }

        impl FromStr for $name {
            type Err = String;

            fn from_str(s: &str) -> Result<$name, String> {
                match s {
                    $($text => Ok($name::$variant),)+
                    other => Err(format!("unknown {} '{other}'", stringify!($name))),
                }
            }
        }
    };
}

/// Whether every player of a game with `players` seats has had a move after `ply` moves.
/// Until then a player may still abort the game, and a game that ends earlier (a resignation,
/// a time loss, a draw) is not rated: a second account cannot feed a first one by resigning
/// at once.
pub fn everyone_has_moved(ply: u32, players: usize) -> bool {
    ply as usize >= players
}

/// A seat and the user playing it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Player {
    /// The seat (`a` moves first).
    pub seat: Seat,
    /// The Discord user id.
    pub user: u64,
}

stored_enum! {
    /// Who moves first in a challenged game.
    pub enum FirstMover {
        /// The challenger.
        Challenger = "challenger",
        /// The challenged player.
        Opponent = "opponent",
        /// Decided by lot when the challenge is accepted.
        Random = "random",
    }
}

impl FirstMover {
    /// The word a user picks it by: `me`, `opponent` or `random`.
    pub fn choice_name(self) -> &'static str {
        match self {
            FirstMover::Challenger => "me",
            FirstMover::Opponent => "opponent",
            FirstMover::Random => "random",
        }
    }

    /// Reads what a user typed: `me` (or `challenger`), `opponent` or `random`, in any case.
    ///
    /// ```
    /// use halma_core::model::FirstMover;
    /// assert_eq!(FirstMover::from_choice(" Me "), Some(FirstMover::Challenger));
    /// assert_eq!(FirstMover::from_choice("later"), None);
    /// ```
    pub fn from_choice(text: &str) -> Option<FirstMover> {
        let text = text.trim().to_ascii_lowercase();
        FirstMover::ALL
            .iter()
            .copied()
            .find(|f| f.choice_name() == text || f.as_str() == text)
    }
}

stored_enum! {
    /// Where a challenge stands.
    pub enum ChallengeStatus {
        /// Waiting for an answer.
        Pending = "pending",
        /// Accepted: the game started.
        Accepted = "accepted",
        /// Declined by the challenged player.
        Declined = "declined",
        /// Withdrawn by the challenger.
        Withdrawn = "withdrawn",
        /// Nobody answered in time.
        Expired = "expired",
    }
}

stored_enum! {
    /// Where a member's attempt at a puzzle stands.
    pub enum AttemptStatus {
        /// Being played.
        Open = "open",
        /// Solved: the crossing completed, or the chain's best move found.
        Solved = "solved",
        /// Not solved: another move than the chain's best, or a crossing out of moves.
        Failed = "failed",
        /// Given up.
        GaveUp = "gave_up",
    }
}

stored_enum! {
    /// How a tournament pairs its players.
    pub enum TournamentFormat {
        /// Rounds paired by score (the Swiss system).
        Swiss = "swiss",
        /// Free players paired as they come, for a fixed time.
        Arena = "arena",
    }
}

stored_enum! {
    /// Where a tournament stands.
    pub enum TournamentStatus {
        /// Gathering players until it starts.
        Open = "open",
        /// Being played.
        Running = "running",
        /// Every round played.
        Finished = "finished",
        /// Called off by its organizer or a moderator (or nobody came).
        Cancelled = "cancelled",
    }
}

stored_enum! {
    /// How a tournament game ended, from its pairing's side.
    pub enum PairingResult {
        /// The player who moved first (or had the bye) won.
        First = "first",
        /// The player who moved second won.
        Second = "second",
        /// Drawn.
        Draw = "draw",
    }
}

stored_enum! {
    /// Where an open lobby stands.
    pub enum LobbyStatus {
        /// Waiting for players.
        Open = "open",
        /// Its game has started.
        Started = "started",
        /// The host left, or closed it.
        Closed = "closed",
        /// Nobody started it in time.
        Expired = "expired",
    }
}

stored_enum! {
    /// Where a game stands.
    pub enum GameStatus {
        /// Being played.
        Active = "active",
        /// Won or drawn.
        Finished = "finished",
        /// Called off without a result.
        Aborted = "aborted",
    }
}

stored_enum! {
    /// Why a game ended (each is announced in its own words, see `present`).
    pub enum EndReason {
        /// The winner brought every piece into the target camp.
        Completed = "completed",
        /// The winner's target camp is full and holds their pieces (option `anti_spoiling`).
        AntiSpoiling = "anti_spoiling",
        /// The loser resigned.
        Resigned = "resigned",
        /// The loser ran out of time.
        Timeout = "timeout",
        /// Drawn: the second player also completed in the balancing extra turn.
        Balance = "balance",
        /// Drawn: the ply limit was reached.
        PlyLimit = "ply_limit",
        /// Drawn: nobody could move.
        NoMoves = "no_moves",
        /// Drawn by agreement.
        Agreement = "agreement",
        /// Aborted without a result.
        Aborted = "aborted",
        /// Won: every other player left a game of three or more.
        LastPlayer = "last_player",
        /// Drawn: every person left a game of three or more, and only the bot's seats were
        /// left; they do not play on alone.
        NoPeopleLeft = "no_people_left",
    }
}

/// How a finished game ended.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum GameResult {
    /// Won by one player (or a team).
    Win {
        /// The winners in seat order.
        winners: Vec<Player>,
        /// How.
        reason: EndReason,
    },
    /// Drawn.
    Draw {
        /// How.
        reason: EndReason,
    },
}

impl GameResult {
    /// Why the game ended.
    pub fn reason(&self) -> EndReason {
        match self {
            GameResult::Win { reason, .. } | GameResult::Draw { reason } => *reason,
        }
    }

    /// Whether `player` is among the winners.
    pub fn is_winner(&self, player: Player) -> bool {
        matches!(self, GameResult::Win { winners, .. } if winners.contains(&player))
    }

    /// The winners' seats in seat order (none for a draw).
    pub fn winner_seats(&self) -> Vec<Seat> {
        let mut seats: Vec<Seat> = match self {
            GameResult::Win { winners, .. } => winners.iter().map(|p| p.seat).collect(),
            GameResult::Draw { .. } => Vec::new(),
        };
        seats.sort();
        seats
    }
}

stored_enum! {
    /// How a variant's games are rated.
    pub enum RatingSystem {
        /// Glicko-2, for two-player variants.
        Glicko2 = "glicko2",
        /// Weng-Lin (OpenSkill), for games of three or more players and team games.
        WengLin = "weng_lin",
    }
}

impl RatingSystem {
    /// The system that rates games of `variant`: Glicko-2 for two players, Weng-Lin for more.
    ///
    /// ```
    /// use halma::Variant;
    /// use halma_core::model::RatingSystem;
    /// assert_eq!(RatingSystem::of(Variant::Small), RatingSystem::Glicko2);
    /// assert_eq!(RatingSystem::of(Variant::FourTeams), RatingSystem::WengLin);
    /// ```
    pub fn of(variant: halma::Variant) -> RatingSystem {
        if variant.players() == 2 {
            RatingSystem::Glicko2
        } else {
            RatingSystem::WengLin
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn stored_names_round_trip() {
        for reason in EndReason::ALL {
            assert_eq!(reason.as_str().parse::<EndReason>(), Ok(*reason));
        }
        for status in GameStatus::ALL {
            assert_eq!(status.to_string().parse::<GameStatus>(), Ok(*status));
        }
        assert!("won".parse::<GameStatus>().is_err());
        assert_eq!("17".parse::<GameId>(), Ok(GameId(17)));
    }

    #[test]
    fn first_movers_are_read_from_either_name() {
        for first in FirstMover::ALL {
            assert_eq!(FirstMover::from_choice(first.choice_name()), Some(*first));
            assert_eq!(FirstMover::from_choice(first.as_str()), Some(*first));
        }
    }
}
