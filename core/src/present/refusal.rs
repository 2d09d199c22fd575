//! Refusals in words: the message for each [`UserError`] in the user's language, and the
//! apology for an internal error.

use super::{echo, Reply};
use crate::error::UserError;
use crate::locale::{text, Lang};
use halma::{IllegalMove, ParseSquareError, Variant};

/// The refusal for a user error: ephemeral, in the user's language.
pub fn refusal(lang: Lang, error: &UserError) -> Reply {
    Reply {
        content: refusal_text(lang, error),
        ephemeral: true,
        ..Reply::default()
    }
}

/// The apology for an internal error (the details go to the log).
pub fn apology(lang: Lang) -> Reply {
    Reply {
        content: text(lang, "error.internal", &[]),
        ephemeral: true,
        ..Reply::default()
    }
}

/// The key in [`crate::locale`] of the message that explains `error`.
pub fn refusal_key(error: &UserError) -> &'static str {
    use UserError::*;
    {
        match error {
            ChallengeYourself => "error.challenge_yourself",
            ChallengeBot => "error.challenge_bot",
            ChannelBusy => "error.channel_busy",
            UnknownVariant { .. } => "error.unknown_variant",
            NoParkingOffTheStar { .. } => "error.no_parking_off_the_star",
            BadTimeout { .. } => "error.bad_timeout",
            BadDmSwitch { .. } => "error.bad_dm_switch",
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
            OffBoard {
                name,
                rank,
                variant,
            } => off_board(name, *rank, *variant).0,
            MissingDestination => "error.missing_destination",
            Illegal { error, variant } => illegal_key(error, *variant),
            PositionChanged => "error.position_changed",
            AbortTooLate => "error.abort_too_late",
            DrawAlreadyOffered { players: ..=2 } => "error.draw_already_offered",
            DrawAlreadyOffered { .. } => "error.draw_already_offered_all",
            UnknownLevel { .. } => "error.unknown_level",
            LevelNeedsBot => "error.level_needs_bot",
            NoHintsLeft { .. } => "error.no_hints_left",
            BotBusy => "error.bot_busy",
            SlowDown => "error.slow_down",
            UnknownButton => "error.unknown_button",
            OldButton => "error.old_button",
            ChallengePending { .. } => "error.challenge_pending",
            TooManyChallenges { .. } => "error.too_many_challenges",
            ServerChallengesFull { .. } => "error.server_challenges_full",
            TooManyThreads { .. } => "error.too_many_threads",
            ServerThreadsFull { .. } => "error.server_threads_full",
            ChallengeInChannel { .. } => "error.challenge_in_channel",
            LeftGame => "error.left_game",
            NeedsManageServer => "error.needs_manage_server",
            ChannelNotAllowed { .. } => "error.channel_not_allowed",
            TooManyGameChannels { .. } => "error.too_many_game_channels",
            UnknownLanguage { .. } => "error.unknown_language",
            WrongOpponentCount { needed: 1, .. } => "error.wrong_opponent_count_one",
            WrongOpponentCount { .. } => "error.wrong_opponent_count",
            DuplicateOpponent { .. } => "error.duplicate_opponent",
            NotInvited => "error.not_invited",
            AlreadyAccepted => "error.already_accepted",
            NoSuchLobby => "error.no_such_lobby",
            LobbyStarted => "error.lobby_started",
            LobbyClosed => "error.lobby_closed",
            LobbyOpen { .. } => "error.lobby_open",
            AlreadyInLobby => "error.already_in_lobby",
            NotInLobby => "error.not_in_lobby",
            LobbyFull => "error.lobby_full",
            NotHost { .. } => "error.not_host",
            LobbyNotFull { .. } => "error.lobby_not_full",
            AiNeedsSeveralPlayers => "error.ai_needs_several_players",
            ReplaysBusy => "error.replays_busy",
            NotOrganizer => "error.not_organizer",
            TournamentInThread => "error.tournament_in_thread",
            ArenaRounds => "error.arena_rounds",
            SwissDuration => "error.swiss_duration",
            BadDuration { .. } => "error.bad_duration",
            DurationOutOfRange { .. } => "error.duration_out_of_range",
            ArenaOnly => "error.arena_only",
            BadTournamentName { .. } => "error.bad_tournament_name",
            TournamentVariant { .. } => "error.tournament_variant",
            BadRounds { .. } => "error.bad_rounds",
            BadStartsIn { .. } => "error.bad_starts_in",
            ServerTournamentsFull { .. } => "error.server_tournaments_full",
            TournamentInChannel => "error.tournament_in_channel",
            NoTournament => "error.no_tournament",
            TournamentStarted => "error.tournament_started",
            TournamentNotStarted => "error.tournament_not_started",
            TournamentOver => "error.tournament_over",
            AlreadyInTournament => "error.already_in_tournament",
            NotInTournament => "error.not_in_tournament",
            AlreadyWithdrawn => "error.already_withdrawn",
            TournamentFull { .. } => "error.tournament_full",
            TooFewPlayers { .. } => "error.too_few_players",
            NotTournamentOrganizer { .. } => "error.not_tournament_organizer",
            TournamentGameAbort => "error.tournament_game_abort",
            UnknownPuzzle { .. } => "error.unknown_puzzle",
            NoPuzzleBoard { .. } => "error.no_puzzle_board",
            PuzzleOpen => "error.puzzle_open",
            NoOpenPuzzle => "error.no_open_puzzle",
            PuzzleOver => "error.puzzle_over",
            NoDailyPuzzle => "error.no_daily_puzzle",
            ParNotReady => "error.par_not_ready",
            TooManyPuzzles { .. } => "error.too_many_puzzles",
            PuzzlesBusy => "error.puzzles_busy",
            NoChainPuzzle => "error.no_chain_puzzle",
        }
    }
}

/// The values the message for `error` refers to, by placeholder name.
fn refusal_args(lang: Lang, error: &UserError) -> Vec<(&'static str, String)> {
    use UserError::*;
    {
        match error {
            UnknownVariant { text } => vec![
                ("text", echo(text)),
                ("variants", Variant::ALL.map(|v| v.name()).join(", ")),
            ],
            NoParkingOffTheStar { variant } => vec![("variant", variant.name().to_string())],
            BadTimeout { text } | TimeoutOutOfRange { text } | BadDmSwitch { text } => {
                vec![("text", echo(text))]
            }
            NotChallenged { opponent } => vec![("user", opponent.to_string())],
            NotChallenger { challenger } => vec![("user", challenger.to_string())],
            NotYourTurn { to_move } => vec![("user", to_move.to_string())],
            ChallengePending { opponent } => vec![("user", opponent.to_string())],
            TooManyChallenges { limit }
            | ServerChallengesFull { limit }
            | TooManyThreads { limit }
            | ServerThreadsFull { limit } => {
                vec![("limit", limit.to_string())]
            }
            ChallengeInChannel { challenger } => vec![("user", challenger.to_string())],
            WrongOpponentCount { variant, needed } => vec![
                ("variant", variant.name().to_string()),
                ("needed", needed.to_string()),
            ],
            DuplicateOpponent { user } => vec![("user", user.to_string())],
            LobbyOpen { host } | NotHost { host } => vec![("user", host.to_string())],
            LobbyNotFull { variant, joined } => vec![
                ("variant", variant.name().to_string()),
                ("players", variant.players().to_string()),
                ("joined", joined.to_string()),
            ],
            BadSquare { error } => match error {
                ParseSquareError::Empty => vec![],
                ParseSquareError::BadFile(t) | ParseSquareError::BadRank(t) => {
                    vec![("text", echo(t))]
                }
            },
            OffBoard {
                name,
                rank,
                variant,
            } => off_board(name, *rank, *variant).1,
            Illegal { error, variant } => illegal_args(error, *variant),
            UnknownLevel { text } => vec![
                ("text", echo(text)),
                (
                    "levels",
                    halma_engine::Level::ALL.map(|l| l.name()).join(", "),
                ),
            ],
            NoHintsLeft { limit } => vec![("limit", limit.to_string())],
            ChannelNotAllowed { channels } => vec![(
                "channels",
                channels
                    .iter()
                    .map(|c| format!("<#{c}>"))
                    .collect::<Vec<_>>()
                    .join(", "),
            )],
            TooManyGameChannels { limit } => vec![("limit", limit.to_string())],
            UnknownLanguage { text } => vec![("text", echo(text))],
            BadTournamentName { limit }
            | ServerTournamentsFull { limit }
            | TournamentFull { limit } => {
                vec![("limit", limit.to_string())]
            }
            TournamentVariant { variant } => vec![("variant", variant.name().to_string())],
            BadRounds { max } => vec![("max", max.to_string())],
            BadStartsIn { text } | BadDuration { text } => vec![("text", echo(text))],
            DurationOutOfRange { min, max } => vec![
                ("min", crate::locale::duration_in(lang, *min)),
                ("max", crate::locale::duration_in(lang, *max)),
            ],
            TooFewPlayers { joined } => vec![("joined", joined.to_string())],
            NotTournamentOrganizer { organizer } => vec![("user", organizer.to_string())],
            UnknownPuzzle { text } => vec![("text", echo(text))],
            NoPuzzleBoard { variant } => vec![("variant", variant.name().to_string())],
            TooManyPuzzles { limit } => vec![("limit", limit.to_string())],
            _ => vec![],
        }
    }
}

/// What was wrong, in `lang`.
pub fn refusal_text(lang: Lang, error: &UserError) -> String {
    text(lang, refusal_key(error), &refusal_args(lang, error))
}

/// The key and values of the refusal of `name`, in rank `rank` (0 = rank 1), which
/// `variant`'s board does not have, naming what it has: on the star the holes of that rank
/// (which start and stop at other files from rank to rank), on a square board its files and
/// ranks.
fn off_board(
    name: &str,
    rank: u8,
    variant: Variant,
) -> (&'static str, Vec<(&'static str, String)>) {
    let square = ("square", echo(name));
    match variant.rank_ends(rank) {
        Some((first, last)) if variant.is_star() => (
            "illegal.off_board_star",
            vec![
                square,
                ("rank", (u32::from(rank) + 1).to_string()),
                ("first", first.to_string()),
                ("last", last.to_string()),
            ],
        ),
        // A square board (or, never typed, a rank beyond the star's grid).
        _ => {
            let side = variant.side();
            (
                "illegal.off_board",
                vec![
                    square,
                    ("last_file", char::from(b'a' + side - 1).to_string()),
                    ("last_rank", side.to_string()),
                ],
            )
        }
    }
}

/// The key of the refusal of a move that breaks `e`, in the words of `variant`'s board.
fn illegal_key(e: &IllegalMove, variant: Variant) -> &'static str {
    use IllegalMove::*;
    let star = variant.is_star();
    match e {
        GameOver => "error.game_over",
        NotYourTurn { .. } => "illegal.not_your_turn",
        OffBoard(sq) => off_board(&sq.to_string(), sq.rank(), variant).0,
        EmptySquare(_) => "illegal.empty_square",
        NotYourPiece { .. } => "illegal.not_your_piece",
        SameSquare(_) if star => "illegal.same_square_star",
        SameSquare(_) => "illegal.same_square",
        EndsInForeignPoint(_) => "illegal.ends_in_foreign_point",
        Occupied(_) => "illegal.occupied",
        Unreachable { .. } => "illegal.unreachable",
        LeavesTargetCamp { .. } if star => "illegal.leaves_target_point",
        LeavesTargetCamp { .. } => "illegal.leaves_target_camp",
        NotAHop { .. } => "illegal.not_a_hop",
        NothingToHopOver { .. } => "illegal.nothing_to_hop_over",
        Revisits(_) => "illegal.revisits",
        CannotPass => "illegal.cannot_pass",
        CannotRemove(_) => "illegal.cannot_remove",
    }
}

fn illegal_args(e: &IllegalMove, variant: Variant) -> Vec<(&'static str, String)> {
    use IllegalMove::*;
    match e {
        OffBoard(sq) => off_board(&sq.to_string(), sq.rank(), variant).1,
        EmptySquare(sq) | SameSquare(sq) | Occupied(sq) | Revisits(sq) | EndsInForeignPoint(sq) => {
            vec![("square", sq.to_string())]
        }
        NotYourPiece { square, .. } => vec![("square", square.to_string())],
        Unreachable { from, to } | LeavesTargetCamp { from, to } | NotAHop { from, to } => {
            vec![("from", from.to_string()), ("to", to.to_string())]
        }
        NothingToHopOver { from, over } => {
            vec![("from", from.to_string()), ("over", over.to_string())]
        }
        GameOver | NotYourTurn { .. } | CannotPass | CannotRemove(_) => vec![],
    }
}
