//! What the service returns: plain descriptions of what happened and of how games stand, for
//! [`crate::present`] to turn into messages (and the renderer into pictures).

use crate::db::challenge_players::ChallengePlayer;
use crate::db::challenges::Challenge;
use crate::db::lobbies::{Lobby, LobbyMember};
use crate::model::{GameId, GameResult, GameStatus, Player};
use chrono::{DateTime, TimeDelta, Utc};
use halma::{Options, Ply, Position, Seat, Square, Variant};
use halma_engine::Level;

/// The last move of a game.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LastMove {
    /// Who played it.
    pub player: Player,
    /// Its chain: the start, then every landing square.
    pub chain: Vec<Square>,
}

/// A game as it stands: everything the board command, the renderer and the announcements need.
#[derive(Clone, Debug, PartialEq)]
pub struct GameView {
    /// The game's id.
    pub id: GameId,
    /// Guild.
    pub guild: u64,
    /// Channel.
    pub channel: u64,
    /// The variant.
    pub variant: Variant,
    /// The rules it is played with.
    pub options: Options,
    /// The players in seat order.
    pub players: Vec<Player>,
    /// The current position.
    pub position: Position,
    /// Moves played so far.
    pub ply: u32,
    /// The player to move; `None` once the game is over.
    pub to_move: Option<Player>,
    /// The last move played.
    pub last_move: Option<LastMove>,
    /// Time per move.
    pub turn_timeout: TimeDelta,
    /// When the player to move loses on time.
    pub turn_deadline: Option<DateTime<Utc>>,
    /// Time left for the player to move (never negative).
    pub time_left: Option<TimeDelta>,
    /// The players offering a draw.
    pub draw_offers: Vec<Player>,
    /// Where the game stands.
    pub status: GameStatus,
    /// How it ended, once finished.
    pub result: Option<GameResult>,
    /// When it started.
    pub created_at: DateTime<Utc>,
    /// Players who left a game of three or more (resigned or ran out of time), in the order
    /// they left; their pieces are off the board.
    pub left: Vec<Player>,
    /// The seats the bot plays: what is said about a seat follows from who holds it.
    pub bots: Vec<Player>,
    /// The unguessable token of the game's live page (`/game/<token>` under `PUBLIC_URL`).
    pub web_token: String,
}

/// How one player's rating changed when a game ended.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct RatingChange {
    /// The player.
    pub player: Player,
    /// Rating before the game.
    pub before: f64,
    /// Rating after it.
    pub after: f64,
    /// Rating deviation after it.
    pub deviation: f64,
}

/// A game that has just started, from a challenge everyone accepted or a full lobby.
#[derive(Clone, Debug, PartialEq)]
pub struct GameStarted {
    /// The new game: its first mover is `to_move` (always seat `a`).
    pub game: GameView,
    /// The seats the bot plays, with its level (such games are not rated).
    pub bots: Vec<(Player, Level)>,
}

/// One player of a challenge and whether they have accepted.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Invitee {
    /// The Discord user.
    pub user: u64,
    /// Whether they have accepted (the challenger and the bot have from the start).
    pub accepted: bool,
    /// The bot's level, when this is the bot.
    pub ai_level: Option<Level>,
}

/// A challenge with everyone it names.
#[derive(Clone, Debug, PartialEq)]
pub struct Invitation {
    /// The challenge.
    pub challenge: Challenge,
    /// The challenger first, then the invited in the order they were named.
    pub players: Vec<Invitee>,
}

impl Invitation {
    /// The member invited first: the opponent of a game of two. A challenge is stored with
    /// its players in one transaction, so it always has one; 0 (no member) only for one
    /// built by hand without.
    pub fn opponent(&self) -> u64 {
        self.players.get(1).map_or(0, |p| p.user)
    }
}

/// What accepting a challenge (or asking for a rematch) led to.
#[derive(Clone, Debug, PartialEq)]
pub enum Accepted {
    /// Others have yet to accept.
    Waiting(Invitation),
    /// Everyone has accepted: the game started.
    Started(Box<GameStarted>),
}

impl Accepted {
    /// The game that started, if everyone has accepted.
    pub fn started(self) -> Option<GameStarted> {
        match self {
            Accepted::Started(started) => Some(*started),
            Accepted::Waiting(_) => None,
        }
    }

    /// The invitation still waiting for answers, if someone has yet to accept.
    pub fn waiting(self) -> Option<Invitation> {
        match self {
            Accepted::Waiting(invitation) => Some(invitation),
            Accepted::Started(_) => None,
        }
    }
}

/// An open lobby with its members.
#[derive(Clone, Debug, PartialEq)]
pub struct LobbyView {
    /// The lobby.
    pub lobby: Lobby,
    /// Who has joined, in joining order (the host first).
    pub members: Vec<LobbyMember>,
}

/// What a change of a lobby led to.
#[derive(Clone, Debug, PartialEq)]
pub enum LobbyUpdate {
    /// The lobby waits for players (or, full, for the host's Start).
    Open(LobbyView),
    /// Every seat was taken: the game started.
    Started(Box<GameStarted>),
    /// The host left: the lobby is closed.
    Closed(LobbyView),
}

/// A move that was played.
#[derive(Clone, Debug, PartialEq)]
pub struct MovePlayed {
    /// The game after the move (`to_move` is the next player to ping; `result` is set if the
    /// move ended the game).
    pub game: GameView,
    /// Who moved.
    pub mover: Player,
    /// The chain played: the start, then every landing square.
    pub chain: Vec<Square>,
    /// Players who had no move afterwards and passed, in order.
    pub passed: Vec<Player>,
    /// Rating changes, when the move ended the game.
    pub ratings: Vec<RatingChange>,
}

/// A game that ended without a move: resignation, agreed draw or time.
#[derive(Clone, Debug, PartialEq)]
pub struct GameEnded {
    /// The game (`result` is set).
    pub game: GameView,
    /// Rating changes.
    pub ratings: Vec<RatingChange>,
}

/// A player who left a game of three or more, by resigning or running out of time: their
/// pieces leave the board and the others play on, or, when one player is left, that player wins.
#[derive(Clone, Debug, PartialEq)]
pub struct PlayerLeft {
    /// The game afterwards (`to_move` is the next player to ping; `result` is set when it ended).
    pub game: GameView,
    /// Who left.
    pub player: Player,
    /// Why: [`crate::model::EndReason::Resigned`] or [`crate::model::EndReason::Timeout`].
    pub reason: crate::model::EndReason,
    /// Players who had no move afterwards and passed, in order.
    pub passed: Vec<Player>,
    /// Rating changes, when the game ended.
    pub ratings: Vec<RatingChange>,
}

/// What a resignation led to.
#[derive(Clone, Debug, PartialEq)]
pub enum Resignation {
    /// The game ended: a two-player or team game was lost (by resigning, or on time when the
    /// player to move had run out of it first).
    Ended(GameEnded),
    /// A player left a game of three or more: the one who resigned, or the player to move who
    /// had run out of time first.
    Left(PlayerLeft),
}

/// What a draw offer led to.
#[derive(Clone, Debug, PartialEq)]
pub enum DrawOffer {
    /// The offer stands until the others offer too, or someone moves.
    Standing {
        /// The game.
        game: GameView,
        /// Who offered.
        by: Player,
        /// The players who have not offered yet.
        waiting_for: Vec<Player>,
    },
    /// Everyone offered: the game is drawn.
    Agreed(GameEnded),
    /// The player to move had already run out of time: the game ended on time instead.
    LostOnTime(GameEnded),
    /// The player to move had already run out of time and left the game of three or more;
    /// the offer was not made (the game changed).
    PlayerLeft(PlayerLeft),
}

/// What an abort led to.
#[derive(Clone, Debug, PartialEq)]
pub enum Abort {
    /// The game was called off without a result.
    Aborted(GameId),
    /// The player to move had already run out of time: the game ended on time instead.
    LostOnTime(Box<GameEnded>),
    /// The player to move had already run out of time and left the game of three or more,
    /// which goes on.
    PlayerLeft(Box<PlayerLeft>),
}

/// A choice for a Discord autocomplete: what the user sees and what is filled in.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Choice {
    /// Shown, like `g12 (via g10)`.
    pub name: String,
    /// Filled in, like `g12`.
    pub value: String,
}

/// One ply of a game's history.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct HistoryPly {
    /// Its number, from 1 (passes count).
    pub number: u32,
    /// Who played it.
    pub player: Player,
    /// The move (with its chain) or pass.
    pub ply: Ply,
}

/// A game's moves so far.
#[derive(Clone, Debug, PartialEq)]
pub struct History {
    /// The game.
    pub game: GameView,
    /// Every ply in order.
    pub plies: Vec<HistoryPly>,
    /// How many hints each player took, in seat order.
    pub hints: Vec<(Player, u32)>,
    /// Players who left a game of three or more, in order, each with the number of plies
    /// played before they left.
    pub departures: Vec<(u32, Player)>,
}

/// What the renderer needs to animate a game.
#[derive(Clone, Debug, PartialEq)]
pub struct ReplayData {
    /// The game.
    pub game: GameView,
    /// The position it started from.
    pub start: Position,
    /// Every ply in order.
    pub plies: Vec<Ply>,
    /// Players who left (a game of three or more), each with the number of plies played
    /// before they left, in the order they left.
    pub departures: Vec<(u32, Seat)>,
}

/// A player's rating and results in one variant of a guild.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Record {
    /// Rating (Glicko-2, or Weng-Lin's mu for games of three or more and teams).
    pub rating: f64,
    /// Rating deviation.
    pub deviation: f64,
    /// Rated games.
    pub games: u32,
    /// Wins.
    pub wins: u32,
    /// Losses.
    pub losses: u32,
    /// Draws.
    pub draws: u32,
}

/// One line of a leaderboard.
#[derive(Clone, Debug, PartialEq)]
pub struct LeaderboardEntry {
    /// Place, from 1 (equal ratings share a place).
    pub rank: u32,
    /// The player.
    pub user: u64,
    /// Their rating and results.
    pub record: Record,
}

/// The best players of a variant in a guild.
#[derive(Clone, Debug, PartialEq)]
pub struct Leaderboard {
    /// The variant.
    pub variant: Variant,
    /// Best first.
    pub entries: Vec<LeaderboardEntry>,
}

/// A player's rating and results in one variant.
#[derive(Clone, Debug, PartialEq)]
pub struct VariantStats {
    /// The variant.
    pub variant: Variant,
    /// Place on the guild's leaderboard.
    pub rank: u32,
    /// Their rating and results.
    pub record: Record,
}

/// A player's ratings and current games in a guild.
#[derive(Clone, Debug, PartialEq)]
pub struct Stats {
    /// The player.
    pub user: u64,
    /// One entry per variant played.
    pub variants: Vec<VariantStats>,
    /// Games being played now.
    pub current_games: Vec<GameView>,
    /// Results against each level of the bot (games that are not rated), weakest first.
    pub ai_records: Vec<crate::db::game_seats::AiRecord>,
    /// The finished tournaments they played in the guild, and their best place.
    pub tournaments: crate::db::tournament_players::TournamentRecord,
}

/// A reminder to a player who has used half their move time.
#[derive(Clone, Debug, PartialEq)]
pub struct Reminder {
    /// The game.
    pub game: GameView,
    /// The player to ping.
    pub player: Player,
    /// Time left.
    pub time_left: TimeDelta,
}

/// What a timer tick did.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct TickReport {
    /// Half-time reminders to send (already marked as sent).
    pub reminders: Vec<Reminder>,
    /// Games lost on time.
    pub timeouts: Vec<GameEnded>,
    /// Players who ran out of time in games of three or more and left them (a game whose
    /// last opponent left this way ended too: its `result` is set).
    pub departures: Vec<PlayerLeft>,
    /// Challenges nobody answered in time.
    pub expired_challenges: Vec<Challenge>,
    /// Lobbies nobody started in time.
    pub expired_lobbies: Vec<Lobby>,
}

/// A challenge with its players, as the players see it.
pub(super) fn invitation(challenge: Challenge, players: &[ChallengePlayer]) -> Invitation {
    Invitation {
        challenge,
        players: players
            .iter()
            .map(|p| Invitee {
                user: p.user,
                accepted: p.accepted_at.is_some(),
                ai_level: p.ai_level,
            })
            .collect(),
    }
}
