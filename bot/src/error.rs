//! What can go wrong: [`UserError`] for everything a user did that the bot refuses (each with a
//! message key and arguments, translated by [`crate::locale`]), kept apart from internal errors
//! that are logged and answered with a generic apology.

use crate::locale::{self, Lang};
use halma::{IllegalMove, ParseSquareError, Variant};
use std::fmt;

/// A request the bot refuses, with what the user should do instead.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum UserError {
    /// A challenge to oneself.
    ChallengeYourself,
    /// A challenge to a bot.
    ChallengeBot,
    /// A game is already being played in the channel.
    ChannelBusy,
    /// No variant has this name.
    UnknownVariant {
        /// The name given.
        text: String,
    },
    /// The variant exists but the bot does not host it yet (three or four players).
    VariantNotSupported {
        /// The variant.
        variant: Variant,
    },
    /// The move time is not written like `10m`, `12h` or `3d`.
    BadTimeout {
        /// The text given.
        text: String,
    },
    /// The move time is shorter than a minute or longer than seven days.
    TimeoutOutOfRange {
        /// The text given.
        text: String,
    },
    /// No challenge has this id.
    NoSuchChallenge,
    /// Only the challenged player may accept or decline.
    NotChallenged {
        /// The challenged player.
        opponent: u64,
    },
    /// Only the challenger may withdraw.
    NotChallenger {
        /// The challenger.
        challenger: u64,
    },
    /// The challenge is more than ten minutes old.
    ChallengeExpired,
    /// The challenge was already accepted.
    ChallengeAccepted,
    /// The challenge was already declined.
    ChallengeDeclined,
    /// The challenge was already withdrawn.
    ChallengeWithdrawn,
    /// No game has been played in this channel.
    NoGame,
    /// The user does not play in this channel's game.
    NotAPlayer,
    /// Another player is to move.
    NotYourTurn {
        /// The player to move.
        to_move: u64,
    },
    /// The channel's game has ended.
    GameOver,
    /// The player's time ran out; the timer will end the game.
    TimeUp,
    /// A square that is not a square name.
    BadSquare {
        /// What was wrong with it.
        error: ParseSquareError,
    },
    /// The destination was left empty.
    MissingDestination,
    /// The move breaks a rule.
    Illegal(IllegalMove),
    /// Someone else changed the game at the same moment; the user should look again.
    PositionChanged,
    /// Players may abort only before each has moved; later only moderators can.
    AbortTooLate,
    /// The user already offers a draw.
    DrawAlreadyOffered,
}

impl UserError {
    /// The key of the message in [`crate::locale`].
    pub fn key(&self) -> &'static str {
        use UserError::*;
        match self {
            ChallengeYourself => "error.challenge_yourself",
            ChallengeBot => "error.challenge_bot",
            ChannelBusy => "error.channel_busy",
            UnknownVariant { .. } => "error.unknown_variant",
            VariantNotSupported { .. } => "error.variant_not_supported",
            BadTimeout { .. } => "error.bad_timeout",
            TimeoutOutOfRange { .. } => "error.timeout_out_of_range",
            NoSuchChallenge => "error.no_such_challenge",
            NotChallenged { .. } => "error.not_challenged",
            NotChallenger { .. } => "error.not_challenger",
            ChallengeExpired => "error.challenge_expired",
            ChallengeAccepted => "error.challenge_accepted",
            ChallengeDeclined => "error.challenge_declined",
            ChallengeWithdrawn => "error.challenge_withdrawn",
            NoGame => "error.no_game",
            NotAPlayer => "error.not_a_player",
            NotYourTurn { .. } => "error.not_your_turn",
            GameOver => "error.game_over",
            TimeUp => "error.time_up",
            BadSquare { error } => match error {
                ParseSquareError::Empty => "error.square_empty",
                ParseSquareError::BadFile(_) => "error.square_bad_file",
                ParseSquareError::BadRank(_) => "error.square_bad_rank",
            },
            MissingDestination => "error.missing_destination",
            Illegal(e) => illegal_key(e),
            PositionChanged => "error.position_changed",
            AbortTooLate => "error.abort_too_late",
            DrawAlreadyOffered => "error.draw_already_offered",
        }
    }

    /// The values the message refers to, by placeholder name.
    pub fn args(&self) -> Vec<(&'static str, String)> {
        use UserError::*;
        match self {
            UnknownVariant { text } => vec![
                ("text", text.clone()),
                (
                    "variants",
                    crate::service::hosted_variant_names().join(", "),
                ),
            ],
            VariantNotSupported { variant } => vec![("variant", variant.name().to_string())],
            BadTimeout { text } | TimeoutOutOfRange { text } => vec![("text", text.clone())],
            NotChallenged { opponent } => vec![("user", opponent.to_string())],
            NotChallenger { challenger } => vec![("user", challenger.to_string())],
            NotYourTurn { to_move } => vec![("user", to_move.to_string())],
            BadSquare { error } => match error {
                ParseSquareError::Empty => vec![],
                ParseSquareError::BadFile(t) | ParseSquareError::BadRank(t) => {
                    vec![("text", t.clone())]
                }
            },
            Illegal(e) => illegal_args(e),
            _ => vec![],
        }
    }

    /// The message in `lang`.
    pub fn message(&self, lang: Lang) -> String {
        locale::text(lang, self.key(), &self.args())
    }
}

fn illegal_key(e: &IllegalMove) -> &'static str {
    use IllegalMove::*;
    match e {
        GameOver => "error.game_over",
        NotYourTurn { .. } => "illegal.not_your_turn",
        OffBoard(_) => "illegal.off_board",
        EmptySquare(_) => "illegal.empty_square",
        NotYourPiece { .. } => "illegal.not_your_piece",
        SameSquare(_) => "illegal.same_square",
        Occupied(_) => "illegal.occupied",
        Unreachable { .. } => "illegal.unreachable",
        LeavesTargetCamp { .. } => "illegal.leaves_target_camp",
        NotAHop { .. } => "illegal.not_a_hop",
        NothingToHopOver { .. } => "illegal.nothing_to_hop_over",
        Revisits(_) => "illegal.revisits",
        CannotPass => "illegal.cannot_pass",
    }
}

fn illegal_args(e: &IllegalMove) -> Vec<(&'static str, String)> {
    use IllegalMove::*;
    match e {
        OffBoard(sq) | EmptySquare(sq) | SameSquare(sq) | Occupied(sq) | Revisits(sq) => {
            vec![("square", sq.to_string())]
        }
        NotYourPiece { square, .. } => vec![("square", square.to_string())],
        Unreachable { from, to } | LeavesTargetCamp { from, to } | NotAHop { from, to } => {
            vec![("from", from.to_string()), ("to", to.to_string())]
        }
        NothingToHopOver { from, over } => {
            vec![("from", from.to_string()), ("over", over.to_string())]
        }
        GameOver | NotYourTurn { .. } | CannotPass => vec![],
    }
}

impl fmt::Display for UserError {
    /// The English message (for logs; users get [`UserError::message`] in their language).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.message(Lang::En))
    }
}

impl std::error::Error for UserError {}

/// Why a service call did not succeed: the user's fault, or ours.
#[derive(Debug, thiserror::Error)]
pub enum Error {
    /// A refusal to show the user (nothing was changed).
    #[error("{0}")]
    User(#[from] UserError),
    /// The database failed; log it.
    #[error("database: {0}")]
    Db(#[from] sqlx::Error),
    /// Stored data contradicts itself (a position string that does not parse, moves that do
    /// not replay); log it.
    #[error("inconsistent stored data: {0}")]
    Corrupt(String),
}

impl Error {
    /// The user error, if this is one.
    pub fn user(&self) -> Option<&UserError> {
        match self {
            Error::User(e) => Some(e),
            _ => None,
        }
    }
}

/// The result of a service call.
pub type Result<T, E = Error> = std::result::Result<T, E>;
