//! What can go wrong: [`UserError`] for everything a user did that the bot refuses, kept apart
//! from internal errors that are logged and answered with a generic apology. Errors are data:
//! what went wrong and with which values; [`crate::present`] says it in the user's language.

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
    /// Option `no_parking` asked for a square board, which has no points to park in.
    NoParkingOffTheStar {
        /// The variant asked for.
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
    /// A name of the star's 17×17 grid that is no square (`q6`, `a17`), typed in a channel
    /// whose game is played on `variant`'s board: past the end of its rank there.
    OffBoard {
        /// The name as typed.
        name: String,
        /// Its rank (0 = rank 1).
        rank: u8,
        /// The variant of the channel's game.
        variant: Variant,
    },
    /// The destination was left empty.
    MissingDestination,
    /// The move breaks a rule of the game, played on `variant`'s board (whose words its
    /// refusal uses: squares and camps, or the star's holes and points).
    Illegal {
        /// The rule broken.
        error: IllegalMove,
        /// The game's variant.
        variant: Variant,
    },
    /// Someone else changed the game at the same moment; the user should look again.
    PositionChanged,
    /// Players may abort only before each has moved; later only moderators can.
    AbortTooLate,
    /// The user already offers a draw.
    DrawAlreadyOffered {
        /// How many players are still in the game: with more than two, every other one must
        /// offer too.
        players: usize,
    },
    /// No level of the bot has this name.
    UnknownLevel {
        /// The name given.
        text: String,
    },
    /// A level was given for a game against a person; only the bot plays at a level.
    LevelNeedsBot,
    /// The player took every hint a game allows.
    NoHintsLeft {
        /// Hints per player and game.
        limit: u32,
    },
    /// The member sent many commands or clicks within a few seconds.
    SlowDown,
    /// The bot is thinking for this member, this server or everyone as much as it may at once.
    BotBusy,
    /// A button whose id this bot cannot read (from an older version, or not ours).
    UnknownButton,
    /// A button of a game that is no longer the channel's game.
    OldButton,
    /// The challenger has as many challenges waiting for answers in the server as one may.
    TooManyChallenges {
        /// Challenges one member may have waiting.
        limit: u32,
    },
    /// The server has as many challenges waiting for answers as it may.
    ServerChallengesFull {
        /// Challenges a server may have waiting.
        limit: u32,
    },
    /// The member opened as many game threads in the last hour as one may.
    TooManyThreads {
        /// Threads one member may open in an hour.
        limit: u32,
    },
    /// The server's members opened as many game threads in the last hour as it may.
    ServerThreadsFull {
        /// Threads a server may open in an hour.
        limit: u32,
    },
    /// The challenger already has a pending challenge in this channel.
    ChallengePending {
        /// Whom that challenge is to.
        opponent: u64,
    },
    /// Someone else's challenge is waiting for its answers in this channel, which holds one
    /// pending challenge or open lobby at a time.
    ChallengeInChannel {
        /// Who made it.
        challenger: u64,
    },
    /// The user left this game of three or more (resigned or ran out of time) and can no
    /// longer act in it.
    LeftGame,
    /// Only members who may manage the server see and change its settings.
    NeedsManageServer,
    /// The server keeps games to other channels.
    ChannelNotAllowed {
        /// The channels that may host games.
        channels: Vec<u64>,
    },
    /// The allow-list of game channels is full.
    TooManyGameChannels {
        /// How many it may hold.
        limit: u32,
    },
    /// `/halma notify`'s `dm` is neither `on` nor `off`.
    BadDmSwitch {
        /// The text given.
        text: String,
    },
    /// No language has this code.
    UnknownLanguage {
        /// The code given.
        text: String,
    },
    /// The number of opponents named does not fit the variant.
    WrongOpponentCount {
        /// The variant.
        variant: Variant,
        /// How many opponents it needs.
        needed: usize,
    },
    /// The same member is named twice in one challenge.
    DuplicateOpponent {
        /// The member.
        user: u64,
    },
    /// The user is not invited to this challenge.
    NotInvited,
    /// The user has accepted this challenge already.
    AlreadyAccepted,
    /// No lobby has this id.
    NoSuchLobby,
    /// The lobby's game has started.
    LobbyStarted,
    /// The lobby was closed by its host, or expired.
    LobbyClosed,
    /// The channel has an open lobby already.
    LobbyOpen {
        /// Its host.
        host: u64,
    },
    /// The user has joined this lobby already.
    AlreadyInLobby,
    /// The user is not in this lobby.
    NotInLobby,
    /// Every seat of the lobby is taken.
    LobbyFull,
    /// Only the lobby's host may start it or add the bot.
    NotHost {
        /// The host.
        host: u64,
    },
    /// The lobby has fewer players than the variant's seats.
    LobbyNotFull {
        /// The variant.
        variant: Variant,
        /// How many have joined.
        joined: usize,
    },
    /// The bot fills seats only in three- and four-player games.
    AiNeedsSeveralPlayers,
    /// As many replays as the bot draws at once are being drawn or waiting; the user should
    /// ask again in a minute.
    ReplaysBusy,
    /// Only members who may manage the server, or have its tournament role, organise
    /// tournaments.
    NotOrganizer,
    /// Tournaments are run from a channel, not from a thread (their games get threads).
    TournamentInThread,
    /// Option `rounds` given for an arena, which lasts a time instead.
    ArenaRounds,
    /// Option `duration` given for a Swiss tournament, which has rounds instead.
    SwissDuration,
    /// An arena's length is not written like `60m` or `1h30m`.
    BadDuration {
        /// The text given.
        text: String,
    },
    /// An arena's length is out of range.
    DurationOutOfRange {
        /// The shortest arena.
        min: chrono::TimeDelta,
        /// The longest arena.
        max: chrono::TimeDelta,
    },
    /// Only an arena has a queue to pause.
    ArenaOnly,
    /// A tournament's name is empty or longer than `limit` characters.
    BadTournamentName {
        /// The longest name.
        limit: u32,
    },
    /// Tournaments are played on two-player variants only.
    TournamentVariant {
        /// The variant asked for.
        variant: Variant,
    },
    /// The rounds asked for are out of range.
    BadRounds {
        /// The most rounds.
        max: u32,
    },
    /// The time until the start is not written like `30m` or `2h`, or out of range.
    BadStartsIn {
        /// The text given.
        text: String,
    },
    /// The server has as many tournaments gathering players or being played as it may.
    ServerTournamentsFull {
        /// Live tournaments a server may have.
        limit: u32,
    },
    /// The channel has a tournament gathering players or being played already.
    TournamentInChannel,
    /// The channel has no tournament (gathering players or being played).
    NoTournament,
    /// The tournament has started: joining and leaving are closed.
    TournamentStarted,
    /// The tournament has not started: leave it instead of withdrawing.
    TournamentNotStarted,
    /// The tournament is over or was called off.
    TournamentOver,
    /// The member is in the tournament already.
    AlreadyInTournament,
    /// The member is not in the tournament.
    NotInTournament,
    /// The member has withdrawn already.
    AlreadyWithdrawn,
    /// The tournament has as many players as it takes.
    TournamentFull {
        /// The most players.
        limit: u32,
    },
    /// A tournament needs two players to start.
    TooFewPlayers {
        /// How many have joined.
        joined: u32,
    },
    /// Only the tournament's organizer (or a member who may manage the server) may do that.
    NotTournamentOrganizer {
        /// The organizer.
        organizer: u64,
    },
    /// A tournament's game cannot be aborted by its players (resign instead).
    TournamentGameAbort,
    /// No kind of puzzle has this name.
    UnknownPuzzle {
        /// The name given.
        text: String,
    },
    /// Puzzles are played on the two-player boards only.
    NoPuzzleBoard {
        /// The variant asked for.
        variant: Variant,
    },
    /// The member has a puzzle open already: finish it or give it up first.
    PuzzleOpen,
    /// The member has no puzzle open.
    NoOpenPuzzle,
    /// This puzzle is over (a button of a finished attempt).
    PuzzleOver,
    /// The bot gives no daily puzzle (of this kind) here.
    NoDailyPuzzle,
    /// The par of the board is still being computed; the member should try again soon.
    ParNotReady,
    /// The member started as many puzzles in the last minute as one may.
    TooManyPuzzles {
        /// Puzzles one member may start a minute.
        limit: u32,
    },
    /// As many puzzles are being made as the bot makes at once.
    PuzzlesBusy,
    /// No chain puzzle worth setting was found on this board.
    NoChainPuzzle,
}

impl fmt::Display for UserError {
    /// The refusal as data, for logs (users get it in words from [`crate::present`]).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{self:?}")
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
    Db(sqlx::Error),
    /// Stored data contradicts itself (a position string that does not parse, moves that do
    /// not replay); log it.
    #[error("inconsistent stored data: {0}")]
    Corrupt(String),
    /// The bot's search did not come back (its thread stopped); log it.
    #[error("the AI search failed: {0}")]
    Search(String),
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

impl From<sqlx::Error> for Error {
    /// A stored value that the database layer could not convert is inconsistent data, not a
    /// failure of the database.
    fn from(error: sqlx::Error) -> Error {
        match error {
            sqlx::Error::Decode(what) => Error::Corrupt(what.to_string()),
            other => Error::Db(other),
        }
    }
}

/// The result of a service call.
pub type Result<T, E = Error> = std::result::Result<T, E>;
