//! The game flow: challenges, moves, draws, timers, ratings and the questions players ask.
//!
//! No Discord types appear here. Every function takes typed requests (a [`Place`] or an
//! [`Actor`] made of Discord's snowflakes, and values a front end parsed once: a variant, a
//! move, a time per move; see [`request`]), reads the time from the [`Clock`], and returns a
//! plain description of what happened (see [`views`]) or an [`Error`]: [`Error::User`] for
//! refusals, which never change anything.
//!
//! Games are written for any number of seats (up to six, on the star); challenges and lobbies
//! host every variant of the rule book, the square boards' and the star's. Every change of a game is one transaction that checks the version it read, so of
//! two concurrent changes one applies and the other is refused with
//! [`UserError::PositionChanged`]. Answers are built from the rows the transaction returned.

mod activity;
mod ai;
mod answer;
mod answering;
mod areas;
mod arena;
mod arena_table;
mod challenge;
mod ending;
mod fleet;
mod invitations;
mod listing;
mod lobby;
mod names;
mod notice_view;
mod notify;
mod outbox;
mod pages;
mod picker;
mod play;
mod puzzle;
mod puzzle_make;
mod puzzle_pars;
mod puzzle_picker;
mod puzzle_play;
mod puzzle_views;
mod queries;
mod rating;
mod request;
mod searches;
mod settings;
mod start;
mod threads;
mod timers;
mod tournament;
mod tournament_notices;
mod tournament_page;
mod tournament_rounds;
mod tournament_table;
mod tournament_terms;
pub mod views;

pub use crate::db::challenges::Challenge;
pub use crate::db::lobbies::{Lobby, LobbyMember};
pub use crate::db::tournament_games::Pairing;
pub use crate::db::tournament_players::{Entrant, TournamentRecord};
pub use crate::db::tournaments::{Tournament, TournamentMessage};
pub use crate::model::{AttemptId, AttemptStatus, PuzzleId};
pub use crate::model::{
    ChallengeId, ChallengeStatus, EndReason, FirstMover, GameId, GameResult, GameStatus, Player,
};
pub use crate::model::{LobbyId, LobbyStatus};
pub use crate::model::{
    PairingId, PairingResult, TournamentFormat, TournamentId, TournamentStatus,
};
pub use activity::{ActivityGame, LegalMove, LegalMoves, SeatTable};
pub use ai::{
    AiRecord, AiSettings, Hint, SearchLimits, SearchStats, DEFAULT_LEVEL, HINTS_PER_GAME,
};
pub use answer::{Aftermath, Change, NoticeKey};
pub use answering::Answering;
pub use areas::{Invitations, Puzzles, Searches, Settings, Tournaments, Web};
pub use arena::{ArenaPass, ArenaSettings};
pub use challenge::{
    ChallengeRequest, Opponent, CHALLENGE_LIFETIME, PENDING_CHALLENGES_PER_MEMBER,
    PENDING_CHALLENGES_PER_SERVER,
};
pub use fleet::{
    ActivitySessionRecord, Pace, PaceBucket, Turn, ACTIVITY_SESSION_LIFETIME,
    ACTIVITY_TICKET_LIFETIME, INTERACTION_CLAIMS_KEPT, INTERACTION_RETRY_WINDOW,
};
pub use halma_puzzles::{Finish, PuzzleKind, Streaks, CROSSING_BOARDS as PUZZLE_BOARDS};
pub use listing::{ListedGame, ServerGames, GAMES_LISTED};
pub use lobby::{LobbyRequest, DEFAULT_LOBBY_VARIANT, LOBBY_LIFETIME};
pub use names::{NAMES_KEPT, NAME_LIFETIME};
pub use notice_view::NoticeView;
pub use notify::{parse_dm_switch, NotifySetting, TurnNotice, DM_MIN_TURN_TIMEOUT, DM_PAUSE};
pub use outbox::{backoff, Outgoing, ANSWER_HOLD, MAX_ATTEMPTS, SEND_LEASE};
pub use pages::{IsPublic, SERVER_PAGE_GAMES, SERVER_PAGE_RANKS};
pub use picker::{
    DestinationChoice, DestinationPicker, PickerStamp, PickerStep, PieceChoice, PiecePicker,
};
pub use play::parse_move;
pub use puzzle::{
    parse_puzzle_kind, DailyPuzzles, PuzzleSettings, DAILY_BOARD_ROWS, DEFAULT_PAR_NODES,
    DEFAULT_PUZZLE_BOARD, MAX_PUZZLE_MOVES, PUZZLES_MADE_AT_ONCE, PUZZLE_STARTS_PER_MINUTE,
    PUZZLE_START_WINDOW,
};
pub use puzzle_pars::PAR_LEASE;
pub use puzzle_views::{
    DailyBoard, DailyNotice, DailyRow, PuzzleAnswer, PuzzleCommand, PuzzleDestinations,
    PuzzleOutcome, PuzzlePieces, PuzzleStamp, PuzzleStep, PuzzleView,
};
pub(crate) use queries::via_name;
pub use queries::{DEFAULT_LEADERBOARD_SIZE, MAX_CHOICES, MAX_CHOICE_LEN};
pub use request::{optional, parse_level, parse_variant, Actor, Place};
pub use settings::{
    HouseRules, MessageLanguage, ServerSettings, SettingsChange, MAX_GAME_CHANNELS,
};
pub use threads::{THREADS_PER_MEMBER, THREADS_PER_SERVER, THREAD_WINDOW};
pub use timers::{
    check_turn_timeout, parse_span, parse_turn_timeout, DEFAULT_TURN_TIMEOUT, MAX_TURN_TIMEOUT,
    MIN_TURN_TIMEOUT,
};
pub use tournament::{
    parse_arena_duration, StandingExtras, StandingRow, StandingsView, TournamentAnswer,
    TournamentCommand, TournamentRequest, TournamentView, DEFAULT_ARENA_DURATION,
    DEFAULT_ARENA_TURN_TIMEOUT, DEFAULT_STARTS_IN, DEFAULT_TOURNAMENT_VARIANT,
    LIVE_TOURNAMENTS_PER_SERVER, MAX_ARENA_DURATION, MAX_ROUNDS, MAX_TOURNAMENT_NAME,
    MAX_TOURNAMENT_PLAYERS,
};
pub use tournament_page::SERVER_PAGE_TOURNAMENTS;
pub use tournament_rounds::{RoundView, TOURNAMENTS_STARTED_PER_TICK};
pub use views::*;

use crate::clock::Clock;
use crate::db::games::GameRecord;
use crate::db::moves::MoveRecord;
use crate::db::Db;
use crate::error::{Error, Result, UserError};
use crate::names::NameBook;
use chrono::{DateTime, DurationRound, TimeDelta, Utc};
use halma::{Seat, Variant};
use std::sync::Arc;

/// The most seats a game has: six, on the star.
pub const MAX_SEATS: usize = Variant::Star6.players();

/// The variant of a challenge that names none.
pub const DEFAULT_VARIANT: Variant = Variant::ALL[0];

/// Moves each seat may make before a game is drawn by the rule book's `ply_limit`: several
/// times what a real game needs, so that no game, one of the bot's seats included, runs for
/// ever.
pub const PLY_LIMIT_PER_SEAT: u32 = 300;

/// The ply limit of every new game of `variant`: [`PLY_LIMIT_PER_SEAT`] for each seat.
pub fn ply_limit(variant: Variant) -> u32 {
    PLY_LIMIT_PER_SEAT * variant.players() as u32
}

/// The service: the database, a clock, and the game flow on top. Its own methods are a
/// channel's game (moves, draws, resignations, timers, the picker, the questions about
/// games); the other areas have handles: [`Service::invitations`] (challenges and lobbies),
/// [`Service::settings`], [`Service::web`] (the pages and the Activity),
/// [`Service::searches`] (the bot's moves and hints), [`Service::tournaments`] and
/// [`Service::puzzles`].
#[derive(Clone)]
pub struct Service {
    db: Db,
    clock: Arc<dyn Clock>,
    ai: Arc<ai::Ai>,
    /// The doorbells of the outbox's sender and of the bot's worker (see [`answer`]).
    wakers: Arc<answer::Wakers>,
    /// Members' names lately seen or read, in front of the `member_names` table (see
    /// [`names`]).
    names: Arc<NameBook>,
    /// The arenas' pace.
    arena: ArenaSettings,
    /// The puzzles' settings and what they keep in memory (see [`puzzle`]).
    puzzles: Arc<puzzle::PuzzleState>,
}

impl Service {
    /// A service over `db` reading the time from `clock`, with the bot's default settings.
    pub fn new(db: Db, clock: Arc<dyn Clock>) -> Service {
        let ai = Arc::new(ai::Ai::new(AiSettings::default()));
        Service {
            db,
            clock,
            ai,
            wakers: Arc::default(),
            names: Arc::new(NameBook::new(NAMES_KEPT, NAME_LIFETIME)),
            arena: ArenaSettings::default(),
            puzzles: Arc::new(puzzle::PuzzleState::new(PuzzleSettings::default())),
        }
    }

    /// The database, for the parts of the core beside the service that keep what the fleet
    /// shares (the replays).
    pub(crate) fn db(&self) -> &Db {
        &self.db
    }

    /// Uses `settings` for the puzzles.
    pub fn with_puzzle_settings(mut self, settings: PuzzleSettings) -> Service {
        self.puzzles = Arc::new(puzzle::PuzzleState::new(settings));
        self
    }

    /// Uses `settings` for the bot's searches.
    pub fn with_ai_settings(mut self, settings: AiSettings) -> Service {
        self.ai = Arc::new(ai::Ai::new(settings));
        self
    }

    /// Now, to the microsecond PostgreSQL stores.
    fn now(&self) -> DateTime<Utc> {
        let now = self.clock.now();
        now.duration_trunc(TimeDelta::microseconds(1))
            .unwrap_or(now)
    }
}

fn corrupt(what: impl Into<String>) -> Error {
    Error::Corrupt(what.into())
}

/// What the service asks of a stored game: its players, whose turn it is, how it ended.
impl GameRecord {
    fn player_of(&self, user: u64) -> Option<Player> {
        self.players.iter().copied().find(|p| p.user == user)
    }

    fn player_at(&self, seat: Seat) -> Result<Player> {
        self.players
            .iter()
            .copied()
            .find(|p| p.seat == seat)
            .ok_or_else(|| corrupt(format!("game {} has nobody at seat {seat}", self.id)))
    }

    fn players_at(&self, seats: &[Seat]) -> Result<Vec<Player>> {
        seats.iter().map(|&s| self.player_at(s)).collect()
    }

    /// The seats that left the game (three or more players), in the order they left.
    fn left_seats(&self) -> Vec<Seat> {
        self.departures.iter().map(|d| d.seat).collect()
    }

    /// Whether every player has had a move (see [`crate::model::everyone_has_moved`]).
    fn everyone_has_moved(&self) -> bool {
        crate::model::everyone_has_moved(self.ply, self.players.len())
    }

    /// Whether `player` left the game.
    fn has_left(&self, player: Player) -> bool {
        self.departures.iter().any(|d| d.seat == player.seat)
    }

    /// The player to move in an active game.
    fn to_move(&self) -> Result<Option<Player>> {
        if self.status != GameStatus::Active {
            return Ok(None);
        }
        self.player_at(self.position.to_move()).map(Some)
    }

    fn result(&self) -> Result<Option<GameResult>> {
        if self.status != GameStatus::Finished {
            return Ok(None);
        }
        let reason = self
            .end_reason
            .ok_or_else(|| corrupt(format!("game {} finished without a reason", self.id)))?;
        Ok(Some(if self.winners.is_empty() {
            GameResult::Draw { reason }
        } else {
            GameResult::Win {
                winners: self.players_at(&self.winners)?,
                reason,
            }
        }))
    }

    /// The game as players see it, with `last` its last move.
    fn view(&self, last: Option<&MoveRecord>, now: DateTime<Utc>) -> Result<GameView> {
        let last_move = match last {
            Some(m) => Some(LastMove {
                player: self.player_at(m.seat)?,
                chain: m.chain.squares().to_vec(),
            }),
            None => None,
        };
        let deadline = self
            .turn_deadline
            .filter(|_| self.status == GameStatus::Active);
        Ok(GameView {
            id: self.id,
            guild: self.guild,
            channel: self.channel,
            variant: self.variant,
            options: self.options,
            players: self.players.clone(),
            position: self.position.clone(),
            ply: self.ply,
            to_move: self.to_move()?,
            last_move,
            turn_timeout: self.turn_timeout,
            turn_deadline: deadline,
            time_left: deadline.map(|d| (d - now).max(TimeDelta::zero())),
            draw_offers: self.players_at(&self.draw_offers)?,
            status: self.status,
            result: self.result()?,
            created_at: self.created_at,
            left: self.players_at(&self.left_seats())?,
            bots: self.players_at(&self.bots)?,
            web_token: self.web_token.clone(),
        })
    }
}

impl Service {
    /// The channel's active game, or else its last one.
    async fn current_or_last(&self, at: Place) -> Result<GameRecord> {
        Ok(self
            .db
            .current_or_last_game(at.channel)
            .await?
            .filter(|g| g.guild == at.guild)
            .ok_or(UserError::NoGame)?)
    }

    /// The channel's active game for `user` to act in: refuses when there is none (or it is
    /// over) and when the user does not play in it.
    async fn active_for_player(&self, at: Actor) -> Result<(GameRecord, Player)> {
        let game = self.current_or_last(at.place).await?;
        let player = game.player_of(at.user).ok_or(UserError::NotAPlayer)?;
        if game.status != GameStatus::Active {
            return Err(UserError::GameOver.into());
        }
        if game.has_left(player) {
            return Err(UserError::LeftGame.into());
        }
        Ok((game, player))
    }

    /// The channel's active game when it is `user`'s turn in it and their time has not run
    /// out at `now` (refusing otherwise), with their seat.
    async fn game_on_turn(&self, at: Actor, now: DateTime<Utc>) -> Result<(GameRecord, Player)> {
        let (game, me) = self.active_for_player(at).await?;
        let to_move = game.to_move()?.ok_or(UserError::GameOver)?;
        // Compared by user: the bot may play several seats of one game.
        if to_move.user != me.user {
            return Err(UserError::NotYourTurn {
                to_move: to_move.user,
            }
            .into());
        }
        if game.turn_deadline.is_some_and(|d| d <= now) {
            return Err(UserError::TimeUp.into());
        }
        Ok((game, to_move))
    }

    /// The view of a game with its last move from the database.
    async fn view_of(&self, game: &GameRecord, now: DateTime<Utc>) -> Result<GameView> {
        let last = self.db.last_move(game.id, game.ply).await?;
        game.view(last.as_ref(), now)
    }

    /// The rules' game to play on: resumed from the stored snapshot, at a cost that does not
    /// grow with the game's length; games stored before snapshots were kept are replayed.
    async fn rules_of(&self, game: &GameRecord) -> Result<halma::Game> {
        match game.snapshot() {
            Some(snapshot) => Ok(halma::Game::resume(snapshot, game.options)),
            None => self.replay(game).await,
        }
    }

    /// Replays the stored moves (and departures) and checks that they lead to the stored
    /// position (and snapshot, where one is stored).
    async fn replay(&self, game: &GameRecord) -> Result<halma::Game> {
        self.replay_with_departures(game)
            .await
            .map(|(rules, _)| rules)
    }

    /// [`Service::replay`], also returning each departure with the number of plies (passes
    /// included) played before it. Players who left a game of three or more are taken out
    /// after the moves they left after, in the order they left.
    async fn replay_with_departures(
        &self,
        game: &GameRecord,
    ) -> Result<(halma::Game, Vec<(u32, Seat)>)> {
        let moves = self.db.moves(game.id, game.ply).await?;
        let Replayed {
            rules,
            departures,
            left_over,
        } = replay_stored(game, &moves, u32::MAX)?;
        let snapshot_differs = game.snapshot().is_some_and(|s| s != rules.snapshot());
        if left_over
            || rules.position() != &game.position
            || moves.len() != game.ply as usize
            || snapshot_differs
        {
            return Err(corrupt(format!(
                "game {}: its moves do not lead to the stored position",
                game.id
            )));
        }
        Ok((rules, departures))
    }

    /// The rules of `game` right after its move `ply`: its first `ply` moves replayed, with the
    /// players who had left by then (not those who left after that move) taken out.
    async fn replay_to(&self, game: &GameRecord, ply: u32) -> Result<halma::Game> {
        let moves = self.db.moves(game.id, ply).await?;
        if moves.len() != ply as usize {
            return Err(corrupt(format!(
                "game {}: move {ply} is announced but not stored",
                game.id
            )));
        }
        replay_stored(game, &moves, ply).map(|r| r.rules)
    }

    /// Audits the next active game after `after` (from the first again when none is left) with
    /// [`Service::verify`] and returns its id, `None` when no game is being played. A game whose
    /// moves do not replay is logged as an error and skipped. The timer calls this once a tick,
    /// so every active game is checked in turn at a bounded cost.
    #[tracing::instrument(skip_all)]
    pub async fn audit_next(&self, after: GameId) -> Result<Option<GameId>> {
        let next = match self.db.next_active_game(after).await? {
            Some(id) => Some(id),
            None => self.db.next_active_game(GameId(0)).await?,
        };
        if let Some(id) = next {
            match self.verify(id).await {
                Err(Error::Corrupt(what)) => {
                    tracing::error!(game = %id, %what, "a game's moves do not replay to its position")
                }
                other => other?,
            }
        }
        Ok(next)
    }

    /// Checks that game `id`'s stored moves replay to its stored position: an operator's and
    /// the timer's audit, since moves are played from the stored position without replaying.
    /// Refuses with [`UserError::NoGame`] when there is no such game.
    #[tracing::instrument(skip_all, fields(game = %id))]
    pub async fn verify(&self, id: GameId) -> Result<()> {
        let game = self.db.game(id).await?.ok_or(UserError::NoGame)?;
        self.replay(&game).await.map(drop)
    }
}

/// A game's stored moves and departures, replayed by [`replay_stored`].
struct Replayed {
    /// The rules after them.
    rules: halma::Game,
    /// Each departure with the plies (passes included) played before it.
    departures: Vec<(u32, Seat)>,
    /// Whether departures were left over: stored as after a move not replayed.
    left_over: bool,
}

/// Plays `moves` (the first of `game`'s stored moves) from its start, taking out each player
/// who left after the moves they left after, when that was before move `until` (departures
/// after the last of `moves` count only when `until` is past it).
fn replay_stored(
    game: &GameRecord,
    moves: &[crate::db::moves::MoveRecord],
    until: u32,
) -> Result<Replayed> {
    let mut rules = halma::Game::new(game.start.clone(), game.options);
    let mut departures = game
        .departures
        .iter()
        .filter(|d| d.after_ply < until)
        .peekable();
    let mut marks = Vec::new();
    for i in 0..=moves.len() {
        while let Some(d) = departures.next_if(|d| d.after_ply as usize == i) {
            marks.push((rules.plies().len() as u32, d.seat));
            rules.remove_player(d.seat).map_err(|e| {
                corrupt(format!(
                    "game {}: seat {} cannot leave: {e}",
                    game.id, d.seat
                ))
            })?;
        }
        if let Some(m) = moves.get(i) {
            rules
                .play(&m.chain)
                .map_err(|e| corrupt(format!("game {} move {}: {e}", game.id, i + 1)))?;
        }
    }
    Ok(Replayed {
        left_over: departures.next().is_some(),
        rules,
        departures: marks,
    })
}
