//! Puzzles (`service.puzzles()`): a member plays a puzzle of their own, or the server's daily
//! one, seen only by them. A crossing is scored by its moves against the board's par (the
//! engine's best, computed once per board off the runtime's threads and stored); a chain
//! puzzle by whether its one move gains the most. Every finished attempt is rated (Glicko-2,
//! the member against the puzzle) in the transaction that finishes it.
//!
//! Bounds: one open puzzle per member (a unique index), [`PUZZLE_STARTS_PER_MINUTE`] starts
//! per member, [`PUZZLES_MADE_AT_ONCE`] chain puzzles made at once per process, one par
//! computed at a time per process (and per board across processes, by a lease), and
//! [`MAX_PUZZLE_MOVES`] moves per crossing.
//!
//! The rest is in `puzzle_make.rs` (making puzzles and dailies), `puzzle_play.rs` (moves,
//! finishing, the views), `puzzle_picker.rs` (the move picker) and `puzzle_pars.rs` (the
//! pars).

use super::{Actor, DailyBoard, DailyNotice, DailyRow, PuzzleAnswer, PuzzleCommand, Puzzles};
use crate::error::{Result, UserError};
use crate::model::PuzzleId;
use chrono::{NaiveDate, TimeDelta};
use halma::Variant;
use halma_puzzles::{
    daily_puzzle_among, initial_rating, streaks, DailyPuzzle, PuzzleKind, CROSSING_BOARDS,
};
use std::collections::{HashMap, HashSet};
use std::sync::{Arc, Mutex};
use tokio::sync::{Notify, Semaphore};

/// The board of a puzzle that names none: the star with 10 pieces.
pub const DEFAULT_PUZZLE_BOARD: Variant = CROSSING_BOARDS[0];

/// Puzzles one member may start in [`PUZZLE_START_WINDOW`].
pub const PUZZLE_STARTS_PER_MINUTE: u32 = 3;

/// The while over which a member's starts are counted.
pub const PUZZLE_START_WINDOW: TimeDelta = TimeDelta::minutes(1);

/// Chain puzzles this process makes at once (each plays the engine against itself on a
/// blocking thread); more are refused until one is done.
pub const PUZZLES_MADE_AT_ONCE: usize = 2;

/// The most moves of one crossing: an attempt that has not filled the camp by then is over.
pub const MAX_PUZZLE_MOVES: u32 = 200;

/// Days solved read for a member's streaks: ten years of dailies.
pub(super) const STREAK_DAYS: u32 = 3_660;

/// Members shown on the day's leaderboard.
pub const DAILY_BOARD_ROWS: u32 = 15;

/// The solver's node budget for a par unless `PUZZLE_PAR_NODES` says otherwise.
pub const DEFAULT_PAR_NODES: u64 = 50_000_000;

/// Which daily puzzles the bot gives (`PUZZLE_DAILY`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum DailyPuzzles {
    /// None.
    Off,
    /// Both kinds, in the rotation's turn.
    Both,
    /// Only this kind, its boards in turn.
    Only(PuzzleKind),
}

impl DailyPuzzles {
    /// The kinds given.
    fn kinds(self) -> Vec<PuzzleKind> {
        match self {
            DailyPuzzles::Off => Vec::new(),
            DailyPuzzles::Both => PuzzleKind::ALL.to_vec(),
            DailyPuzzles::Only(kind) => vec![kind],
        }
    }

    /// Server `guild`'s puzzle of `day`, `None` when there are none.
    pub fn of_day(self, guild: u64, day: chrono::NaiveDate) -> Option<DailyPuzzle> {
        daily_puzzle_among(&self.kinds(), guild, day)
    }
}

/// How the bot runs its puzzles.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct PuzzleSettings {
    /// The solver's node budget for a board's par (`PUZZLE_PAR_NODES`): the same par on every
    /// run for the same budget.
    pub par_nodes: u64,
    /// Which daily puzzles there are (`PUZZLE_DAILY`).
    pub daily: DailyPuzzles,
}

impl Default for PuzzleSettings {
    fn default() -> PuzzleSettings {
        PuzzleSettings {
            par_nodes: DEFAULT_PAR_NODES,
            daily: DailyPuzzles::Both,
        }
    }
}

/// What the puzzles keep in memory: their settings, the room to make chain puzzles, and the
/// doorbell of the pars' worker.
pub(super) struct PuzzleState {
    pub(super) settings: PuzzleSettings,
    /// Permits to make a chain puzzle ([`PUZZLES_MADE_AT_ONCE`]).
    pub(super) makers: Arc<Semaphore>,
    /// Rung when a par is wanted that is not stored yet.
    pub(super) par_wanted: Notify,
    /// Boards whose par a member asked for (a start refused while it was not stored).
    pub(super) pars_asked: Mutex<HashSet<Variant>>,
    /// Boards whose par this process could not find within its budget: not tried again.
    pub(super) par_failed: Mutex<HashSet<Variant>>,
}

impl PuzzleState {
    pub(super) fn new(settings: PuzzleSettings) -> PuzzleState {
        PuzzleState {
            settings,
            makers: Arc::new(Semaphore::new(PUZZLES_MADE_AT_ONCE)),
            par_wanted: Notify::new(),
            pars_asked: Mutex::new(HashSet::new()),
            par_failed: Mutex::new(HashSet::new()),
        }
    }
}

/// The board of a puzzle: one of the [`CROSSING_BOARDS`], or refused.
pub(super) fn puzzle_board(variant: Variant) -> Result<Variant> {
    if CROSSING_BOARDS.contains(&variant) {
        Ok(variant)
    } else {
        Err(UserError::NoPuzzleBoard { variant }.into())
    }
}

/// Reads a kind of puzzle as typed (`crossing`, `chain`).
pub fn parse_puzzle_kind(text: &str) -> std::result::Result<PuzzleKind, UserError> {
    text.parse().map_err(|_| UserError::UnknownPuzzle {
        text: text.trim().to_string(),
    })
}

impl Puzzles<'_> {
    /// Answers `/halma puzzle …` of `at`.
    #[tracing::instrument(skip_all)]
    pub async fn run(&self, at: Actor, command: &PuzzleCommand) -> Result<PuzzleAnswer> {
        match command {
            PuzzleCommand::Start { kind, variant } => self.start(at, *kind, *variant).await,
            PuzzleCommand::Daily => self.daily(at).await,
            PuzzleCommand::Board => self.board(at).await.map(PuzzleAnswer::Shown),
            PuzzleCommand::GiveUp => self.give_up(at).await.map(PuzzleAnswer::GaveUp),
            PuzzleCommand::Leaderboard => self
                .leaderboard(at.guild())
                .await
                .map(PuzzleAnswer::Leaderboard),
        }
    }

    /// The member's open puzzle as it stands. Refused when they have none.
    #[tracing::instrument(skip_all)]
    pub async fn board(&self, at: Actor) -> Result<super::PuzzleView> {
        let db = &self.service.db;
        let attempt = db
            .open_attempt(at.guild(), at.user)
            .await?
            .ok_or(UserError::NoOpenPuzzle)?;
        self.view_of(&attempt).await
    }

    /// Whether a move `at` types goes to their open puzzle: they have one, and no game of
    /// theirs is being played in the channel.
    #[tracing::instrument(skip_all)]
    pub async fn takes_move(&self, at: Actor) -> Result<bool> {
        let db = &self.service.db;
        let game = db.current_or_last_game(at.channel()).await?;
        let playing = game.is_some_and(|g| {
            g.guild == at.guild()
                && g.status == super::GameStatus::Active
                && g.player_of(at.user).is_some_and(|p| !g.has_left(p))
        });
        if playing {
            return Ok(false);
        }
        Ok(db.open_attempt(at.guild(), at.user).await?.is_some())
    }

    /// The day's leaderboard of server `guild`: its daily puzzle and how its members did,
    /// each with their puzzle rating and current streak. Refused when the bot gives no daily
    /// puzzles.
    #[tracing::instrument(skip_all)]
    pub async fn leaderboard(&self, guild: u64) -> Result<DailyBoard> {
        if self.service.puzzles.settings.daily == DailyPuzzles::Off {
            return Err(UserError::NoDailyPuzzle.into());
        }
        let db = &self.service.db;
        let day = self.service.now().date_naive();
        let Some(puzzle) = db.daily_puzzle(guild, day).await? else {
            return Ok(DailyBoard {
                day,
                puzzle: None,
                rows: Vec::new(),
            });
        };
        let results = db.daily_results(puzzle.id, DAILY_BOARD_ROWS).await?;
        let users: Vec<u64> = results.iter().map(|r| r.user).collect();
        let ratings = db.puzzle_ratings(guild, &users).await?;
        let mut days: HashMap<u64, Vec<NaiveDate>> = HashMap::new();
        for (user, solved) in db.days_solved(guild, &users, STREAK_DAYS).await? {
            days.entry(user).or_default().push(solved);
        }
        let rows = results
            .into_iter()
            .map(|r| DailyRow {
                user: r.user,
                status: r.status,
                moves: r.moves,
                rating: ratings
                    .get(&r.user)
                    .map_or(initial_rating().rating, |p| p.rating.rating),
                streak: streaks(days.get(&r.user).map_or(&[][..], Vec::as_slice), day).current,
            })
            .collect();
        Ok(DailyBoard {
            day,
            puzzle: Some((puzzle.kind, puzzle.variant, puzzle.par)),
            rows,
        })
    }

    /// What the announcement of daily puzzle `id` says; `None` when it is gone.
    pub(super) async fn daily_notice(&self, id: PuzzleId) -> Result<Option<DailyNotice>> {
        let puzzle = self.service.db.puzzle(id).await?;
        Ok(puzzle.and_then(|p| {
            let (guild, day) = p.daily?;
            Some(DailyNotice {
                puzzle: p.id,
                guild,
                day,
                kind: p.kind,
                variant: p.variant,
                par: p.par,
            })
        }))
    }
}
