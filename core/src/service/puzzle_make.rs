//! Making puzzles and starting attempts: a member's own puzzle (`/halma puzzle start`), the
//! server's daily one (`/halma puzzle daily`, made by whoever asks first that day and
//! announced once in the server's game channel), a board's crossing with its stored par, and
//! chain puzzles from the server's finished games or the engine's self-play, made on a
//! blocking thread, a few at a time.

use super::outbox::Delivery;
use super::puzzle::{
    puzzle_board, DEFAULT_PUZZLE_BOARD, MAX_PUZZLE_MOVES, PUZZLE_STARTS_PER_MINUTE,
    PUZZLE_START_WINDOW,
};
use super::{Actor, PuzzleAnswer, Puzzles};
use crate::db::outbox::Announcement;
use crate::db::puzzle_attempts::AttemptRecord;
use crate::db::puzzles::{NewPuzzle, PuzzleRecord};
use crate::error::{Error, Result, UserError};
use chrono::NaiveDate;
use halma::{Game, MoveText, Options, Position, Variant};
use halma_engine::rng::combine;
use halma_puzzles::{generate_chain, initial_rating, CrossingPuzzle, PuzzleKind};
use std::sync::Arc;

/// Finished games of the server that chain puzzles are looked for in.
const SOURCE_GAMES: u32 = 20;

/// Positions taken from those games at most.
const SOURCE_POSITIONS: usize = 3_000;

impl Puzzles<'_> {
    /// `at` starts a puzzle of their own: a crossing (the default) or a chain puzzle, on
    /// `variant` (the star with 10 pieces by default). Refused when they have a puzzle open,
    /// started [`PUZZLE_STARTS_PER_MINUTE`] in the last minute, when the board has no puzzles,
    /// while its par is not computed yet, and when the bot is making as many puzzles as it
    /// may.
    #[tracing::instrument(skip_all)]
    pub async fn start(
        &self,
        at: Actor,
        kind: Option<PuzzleKind>,
        variant: Option<Variant>,
    ) -> Result<PuzzleAnswer> {
        let variant = puzzle_board(variant.unwrap_or(DEFAULT_PUZZLE_BOARD))?;
        let kind = kind.unwrap_or(PuzzleKind::Crossing);
        self.may_start(at).await?;
        let now = self.service.now();
        let attempt = match kind {
            PuzzleKind::Crossing => {
                let puzzle = self.own_crossing(variant).await?;
                self.begin(at, &puzzle, None).await?
            }
            PuzzleKind::Chain => {
                let seed = combine(at.user, now.timestamp_micros() as u64);
                let made = self.make_chain(at.guild(), variant, seed).await?;
                let new = NewPuzzle {
                    daily: None,
                    ..made
                };
                self.begin_new(at, &new).await?
            }
        };
        Ok(PuzzleAnswer::Started(self.view_of(&attempt).await?))
    }

    /// `at` asks for the server's puzzle of the day: started, or shown again when they have
    /// tried it (solved or not). Made by whoever asks first that day. Refused when the bot
    /// gives no daily puzzles, while another puzzle of theirs is open, and as a start is.
    #[tracing::instrument(skip_all)]
    pub async fn daily(&self, at: Actor) -> Result<PuzzleAnswer> {
        let db = &self.service.db;
        let day = self.service.now().date_naive();
        let puzzle = match db.daily_puzzle(at.guild(), day).await? {
            Some(puzzle) => {
                if let Some(attempt) = db.daily_attempt(puzzle.id, at.user).await? {
                    return Ok(PuzzleAnswer::Shown(self.view_of(&attempt).await?));
                }
                self.may_start(at).await?;
                puzzle
            }
            None => {
                self.may_start(at).await?;
                self.make_daily(at.guild(), day).await?
            }
        };
        let attempt = self.begin(at, &puzzle, Some(puzzle.id)).await?;
        Ok(PuzzleAnswer::Started(self.view_of(&attempt).await?))
    }

    /// Refuses a start before anything is made: the member has a puzzle open, or started as
    /// many as they may lately (both checked again where the attempt is written).
    async fn may_start(&self, at: Actor) -> Result<()> {
        let db = &self.service.db;
        if db.open_attempt(at.guild(), at.user).await?.is_some() {
            return Err(UserError::PuzzleOpen.into());
        }
        let since = self.service.now() - PUZZLE_START_WINDOW;
        let mut tx = db.begin().await?;
        if tx
            .attempts_started_since(at.guild(), at.user, since)
            .await?
            >= PUZZLE_STARTS_PER_MINUTE
        {
            return Err(UserError::TooManyPuzzles {
                limit: PUZZLE_STARTS_PER_MINUTE,
            }
            .into());
        }
        Ok(())
    }

    /// Starts `at`'s attempt at the stored `puzzle` (its daily one when `daily` names it).
    async fn begin(
        &self,
        at: Actor,
        puzzle: &PuzzleRecord,
        daily: Option<crate::model::PuzzleId>,
    ) -> Result<AttemptRecord> {
        let mut tx = self.service.db.begin().await?;
        let attempt = self
            .insert_attempt(&mut tx, at, puzzle.id, daily.is_some())
            .await?;
        tx.commit().await?;
        Ok(attempt)
    }

    /// Stores `new` (a chain puzzle of the member's own) and starts `at`'s attempt at it, in
    /// one transaction: a refused start stores no puzzle.
    async fn begin_new(&self, at: Actor, new: &NewPuzzle) -> Result<AttemptRecord> {
        let now = self.service.now();
        let mut tx = self.service.db.begin().await?;
        let puzzle = tx
            .insert_puzzle(new, now)
            .await?
            .ok_or_else(|| super::corrupt("a new chain puzzle was not stored"))?;
        let attempt = self.insert_attempt(&mut tx, at, puzzle.id, false).await?;
        tx.commit().await?;
        Ok(attempt)
    }

    /// Writes the attempt in `tx`, counting the member's starts of the last minute.
    async fn insert_attempt(
        &self,
        tx: &mut crate::db::DbTx,
        at: Actor,
        puzzle: crate::model::PuzzleId,
        daily: bool,
    ) -> Result<AttemptRecord> {
        let now = self.service.now();
        let started = tx
            .attempts_started_since(at.guild(), at.user, now - PUZZLE_START_WINDOW)
            .await?;
        if started >= PUZZLE_STARTS_PER_MINUTE {
            return Err(UserError::TooManyPuzzles {
                limit: PUZZLE_STARTS_PER_MINUTE,
            }
            .into());
        }
        tx.insert_attempt(puzzle, at.guild(), at.user, daily, now)
            .await?
            .ok_or_else(|| UserError::PuzzleOpen.into())
    }

    /// The crossing of `variant` members play on their own, made (with its par) on first
    /// use. Refused while the par is not computed (the pars' worker is asked for it).
    async fn own_crossing(&self, variant: Variant) -> Result<PuzzleRecord> {
        let db = &self.service.db;
        if let Some(puzzle) = db.own_crossing(variant).await? {
            return Ok(puzzle);
        }
        let new = self.crossing(variant, None).await?;
        let mut tx = db.begin().await?;
        let stored = tx.insert_puzzle(&new, self.service.now()).await?;
        tx.commit().await?;
        match stored {
            Some(puzzle) => Ok(puzzle),
            // Another member made it at the same moment.
            None => db
                .own_crossing(variant)
                .await?
                .ok_or_else(|| super::corrupt(format!("the crossing of {variant} is lost"))),
        }
    }

    /// The crossing of `variant` with its stored par, as a new puzzle. Refused while the
    /// par is not computed; the pars' worker is woken for it.
    async fn crossing(
        &self,
        variant: Variant,
        daily: Option<(u64, NaiveDate)>,
    ) -> Result<NewPuzzle> {
        let crossing =
            CrossingPuzzle::new(variant).map_err(|_| UserError::NoPuzzleBoard { variant })?;
        let Some(par) = self.service.db.crossing_par(variant, true).await? else {
            self.ask_for_par(variant);
            return Err(UserError::ParNotReady.into());
        };
        Ok(NewPuzzle {
            kind: PuzzleKind::Crossing,
            variant,
            position: crossing.start().clone(),
            answer: None,
            par: Some(par.moves.len() as u32),
            daily,
            rating: initial_rating(),
        })
    }

    /// A chain puzzle on `variant` from `seed`: from the server's finished games, or the
    /// engine's self-play when they give none, made on a blocking thread. Refused when
    /// [`super::puzzle::PUZZLES_MADE_AT_ONCE`] are being made, and when none is found.
    async fn make_chain(&self, guild: u64, variant: Variant, seed: u64) -> Result<NewPuzzle> {
        let permit = Arc::clone(&self.service.puzzles.makers)
            .try_acquire_owned()
            .map_err(|_| UserError::PuzzlesBusy)?;
        let games = self
            .service
            .db
            .finished_games(guild, variant, SOURCE_GAMES, MAX_PUZZLE_MOVES * 2)
            .await?;
        let rules = Options::for_variant(variant);
        let made = tokio::task::spawn_blocking(move || {
            let _permit = permit;
            let positions = positions_of(&games, rules);
            generate_chain(variant, &rules, &positions, seed)
        })
        .await
        .map_err(|e| Error::Search(format!("making a chain puzzle: {e}")))?;
        let puzzle = made.ok_or(UserError::NoChainPuzzle)?;
        let answer = MoveText::from_squares(puzzle.chain().to_vec())
            .ok_or_else(|| super::corrupt("a chain puzzle's answer without squares"))?;
        Ok(NewPuzzle {
            kind: PuzzleKind::Chain,
            variant,
            position: puzzle.position().clone(),
            answer: Some((answer, puzzle.gain())),
            par: None,
            daily: None,
            rating: initial_rating(),
        })
    }

    /// Server `guild`'s puzzle of `day`, made now: the kind and board of the day, stored once
    /// (of two members asking at once, the first one's stays) and, when the server has a game
    /// channel, announced there in the same transaction.
    async fn make_daily(&self, guild: u64, day: NaiveDate) -> Result<PuzzleRecord> {
        let service = self.service;
        let chosen = service
            .puzzles
            .settings
            .daily
            .of_day(guild, day)
            .ok_or(UserError::NoDailyPuzzle)?;
        let new = match chosen.kind {
            PuzzleKind::Crossing => self.crossing(chosen.variant, Some((guild, day))).await?,
            PuzzleKind::Chain => {
                let made = self.make_chain(guild, chosen.variant, chosen.seed).await?;
                NewPuzzle {
                    daily: Some((guild, day)),
                    ..made
                }
            }
        };
        let channel = service
            .db
            .guild_settings(guild)
            .await?
            .and_then(|s| s.channels)
            .and_then(|channels| channels.first().copied());
        let now = service.now();
        let mut tx = service.db.begin().await?;
        let Some(puzzle) = tx.insert_puzzle(&new, now).await? else {
            drop(tx);
            return service
                .db
                .daily_puzzle(guild, day)
                .await?
                .ok_or_else(|| super::corrupt("a daily puzzle was made and lost"));
        };
        if let Some(channel) = channel {
            let announcement = Announcement::PuzzleDaily { puzzle: puzzle.id };
            service
                .announce(&mut tx, channel, &announcement, Delivery::Channel, now)
                .await?;
        }
        tx.commit().await?;
        if channel.is_some() {
            service.wake_outbox();
        }
        Ok(puzzle)
    }
}

/// The positions of `games` (a start and its moves), each with its player to move, in
/// order, at most [`SOURCE_POSITIONS`]; a game whose moves do not replay under `rules` gives
/// those before the first that does not.
fn positions_of(games: &[(Position, Vec<MoveText>)], rules: Options) -> Vec<Position> {
    let mut positions = Vec::new();
    for (start, moves) in games {
        let mut game = Game::new(start.clone(), rules);
        for text in moves {
            if positions.len() >= SOURCE_POSITIONS || game.outcome().is_over() {
                break;
            }
            positions.push(game.position().clone());
            if game.play(text).is_err() {
                break;
            }
        }
    }
    positions
}
