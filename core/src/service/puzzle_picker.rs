//! A puzzle's move picker: the Move button under a puzzle opens a list of the pieces that can
//! move, a piece opens its destinations, and a destination plays the move through the same
//! path as `/halma move` ([`Puzzles::play`]); the picker then shows the next pieces, so a
//! whole crossing is played in one message. Every step carries the [`PuzzleStamp`] of the
//! position it was shown for, so a step on another position (a move typed in between, a
//! second picker) is not acted on, also after a restart.

use super::picker::{destinations_in, pieces_in};
use super::puzzle_play::Board;
use super::{Actor, PuzzleDestinations, PuzzlePieces, PuzzleStamp, PuzzleStep, Puzzles};
use crate::db::puzzle_attempts::AttemptRecord;
use crate::error::{Error, Result, UserError};
use crate::model::{AttemptId, AttemptStatus};
use halma::{MoveText, Options, Position, Square};

impl Puzzles<'_> {
    /// `at` clicks the Move button of their attempt `id`: the pieces that can move. Refused
    /// for an attempt that is not theirs or is over.
    #[tracing::instrument(skip_all, fields(attempt = %id))]
    pub async fn open_picker(&self, at: Actor, id: AttemptId) -> Result<PuzzleStep> {
        let attempt = self.attempt_of(at, id).await?;
        if attempt.status != AttemptStatus::Open {
            return Err(UserError::PuzzleOver.into());
        }
        Ok(PuzzleStep::Pieces(self.pieces(&attempt).await?))
    }

    /// `at` picks the piece on `from` in a picker shown for `stamp`: its destinations.
    #[tracing::instrument(skip_all, fields(attempt = %stamp.attempt))]
    pub async fn pick_piece(
        &self,
        at: Actor,
        stamp: PuzzleStamp,
        from: Square,
    ) -> Result<PuzzleStep> {
        let Some(attempt) = self.attempt_at(at, stamp).await? else {
            return self.stale(at, stamp.attempt).await;
        };
        let puzzle = self.puzzle_of(&attempt).await?;
        let board = Board::load(&puzzle, &attempt)?;
        let destinations = destinations_in(&board.position(), &board.rules(), from);
        if destinations.is_empty() {
            // Not a piece that can move: the menu was for another position.
            return self.stale(at, stamp.attempt).await;
        }
        Ok(PuzzleStep::Destinations(PuzzleDestinations {
            view: self.view_with(&puzzle, &attempt, &board).await?,
            stamp,
            from,
            destinations,
        }))
    }

    /// `at` goes back from a piece's destinations to the pieces.
    #[tracing::instrument(skip_all, fields(attempt = %stamp.attempt))]
    pub async fn picker_back(&self, at: Actor, stamp: PuzzleStamp) -> Result<PuzzleStep> {
        match self.attempt_at(at, stamp).await? {
            Some(attempt) => Ok(PuzzleStep::Pieces(self.pieces(&attempt).await?)),
            None => self.stale(at, stamp.attempt).await,
        }
    }

    /// `at` picks the destination `to` of the piece on `from`: the move is played as
    /// `/halma move from to` plays it, provided the attempt is still at `stamp` when it is
    /// written; then the next pieces (none once the puzzle is over).
    #[tracing::instrument(skip_all, fields(attempt = %stamp.attempt))]
    pub async fn pick_destination(
        &self,
        at: Actor,
        stamp: PuzzleStamp,
        from: Square,
        to: Square,
    ) -> Result<PuzzleStep> {
        let Some(attempt) = self.attempt_at(at, stamp).await? else {
            return self.stale(at, stamp.attempt).await;
        };
        let text = MoveText::from_squares(vec![from, to])
            .ok_or_else(|| super::corrupt("a picked move without its two squares"))?;
        match self.play_on(&attempt, &text).await {
            Ok(_) => {}
            Err(Error::User(UserError::PositionChanged)) => {
                return self.stale(at, stamp.attempt).await
            }
            Err(e) => return Err(e),
        }
        let attempt = self.attempt_of(at, stamp.attempt).await?;
        Ok(PuzzleStep::Played(self.pieces(&attempt).await?))
    }

    /// The position of `at`'s open puzzle and its rules, `None` when they have none (for the
    /// autocomplete of `/halma move`).
    pub(super) async fn open_board(&self, at: Actor) -> Result<Option<(Position, Options)>> {
        let Some(attempt) = self.service.db.open_attempt(at.guild(), at.user).await? else {
            return Ok(None);
        };
        let board = Board::load(&self.puzzle_of(&attempt).await?, &attempt)?;
        Ok(Some((board.position(), board.rules())))
    }

    /// The attempt `id` when it is `at`'s; refused as an unknown button otherwise (a picker
    /// is only ever shown to its member).
    async fn attempt_of(&self, at: Actor, id: AttemptId) -> Result<AttemptRecord> {
        self.service
            .db
            .attempt(id)
            .await?
            .filter(|a| a.user == at.user && a.guild == at.guild())
            .ok_or_else(|| UserError::UnknownButton.into())
    }

    /// The attempt of `stamp` while it is open and at its ply; `None` when the picker was
    /// for another position. Refused when it is over.
    async fn attempt_at(&self, at: Actor, stamp: PuzzleStamp) -> Result<Option<AttemptRecord>> {
        let attempt = self.attempt_of(at, stamp.attempt).await?;
        if attempt.status != AttemptStatus::Open {
            return Err(UserError::PuzzleOver.into());
        }
        Ok((attempt.moves.len() as u32 == stamp.ply).then_some(attempt))
    }

    /// The pieces that can move in `attempt` (none once it is over), with its view.
    async fn pieces(&self, attempt: &AttemptRecord) -> Result<PuzzlePieces> {
        let puzzle = self.puzzle_of(attempt).await?;
        let board = Board::load(&puzzle, attempt)?;
        let view = self.view_with(&puzzle, attempt, &board).await?;
        let pieces = if view.is_open() {
            pieces_in(&view.position, &view.options)
        } else {
            Vec::new()
        };
        Ok(PuzzlePieces {
            stamp: PuzzleStamp {
                attempt: attempt.id,
                ply: attempt.moves.len() as u32,
            },
            view,
            pieces,
        })
    }

    /// A stale step: with the pieces now while the attempt is open.
    async fn stale(&self, at: Actor, id: AttemptId) -> Result<PuzzleStep> {
        let attempt = self.attempt_of(at, id).await?;
        if attempt.status != AttemptStatus::Open {
            return Ok(PuzzleStep::Stale(None));
        }
        Ok(PuzzleStep::Stale(Some(self.pieces(&attempt).await?)))
    }
}
