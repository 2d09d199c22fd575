//! Playing a puzzle: its rules and where an attempt stands, replayed from the stored moves
//! ([`Board`]); a move checked by the rules crate exactly as in a game and written under the
//! attempt's version; the end of an attempt (the crossing's camp filled, the chain answered,
//! too many moves, or given up) rated in the same transaction, the puzzle's row locked first
//! and the member's next; and the view of an attempt.

use super::puzzle::{MAX_PUZZLE_MOVES, STREAK_DAYS};
use super::{Actor, PuzzleOutcome, PuzzleView, Puzzles};
use crate::db::puzzle_attempts::{AttemptEnd, AttemptRecord};
use crate::db::puzzles::PuzzleRecord;
use crate::db::DbTx;
use crate::error::{Result, UserError};
use crate::model::AttemptStatus;
use halma::{MoveText, Options, Position, Seat, Square};
use halma_puzzles::{
    gain, initial_rating, rate, streaks, ChainPuzzle, CrossingAttempt, CrossingPuzzle,
    CrossingScore, Finish, PuzzleKind,
};

/// A puzzle's rules and where an attempt at it stands.
pub(super) enum Board {
    /// A crossing, with the moves so far, and its rules.
    Crossing(Box<CrossingAttempt>, Options),
    /// A chain puzzle, with the move played once it is answered.
    Chain {
        puzzle: Box<ChainPuzzle>,
        played: Option<Vec<Square>>,
    },
}

impl Board {
    /// The puzzle of `record` with the moves of `attempt` replayed.
    pub(super) fn load(record: &PuzzleRecord, attempt: &AttemptRecord) -> Result<Board> {
        let broken = |why: String| super::corrupt(format!("puzzle {}: {why}", record.id));
        match record.kind {
            PuzzleKind::Crossing => {
                let crossing =
                    CrossingPuzzle::new(record.variant).map_err(|e| broken(e.to_string()))?;
                if crossing.start() != &record.position {
                    return Err(broken("not the board's crossing".into()));
                }
                let replayed = crossing.replay(&attempt.moves).map_err(|(i, e)| {
                    broken(format!("attempt {} move {}: {e}", attempt.id, i + 1))
                })?;
                Ok(Board::Crossing(Box::new(replayed), crossing.rules()))
            }
            PuzzleKind::Chain => {
                let rules = Options::for_variant(record.variant);
                let puzzle = ChainPuzzle::from_position(&record.position, &rules)
                    .ok_or_else(|| broken("its position has no unique best move".into()))?;
                let stored = record.answer.as_ref().map(|(text, _)| text.squares());
                let ends = stored.and_then(|s| Some((*s.first()?, *s.last()?)));
                if ends != Some((puzzle.best().from, puzzle.best().to)) {
                    return Err(broken("its answer is not its best move".into()));
                }
                let played = match attempt.moves.first() {
                    Some(text) => Some(
                        puzzle
                            .position()
                            .check_text(text, &rules)
                            .map_err(|e| broken(format!("attempt {}: {e}", attempt.id)))?
                            .1,
                    ),
                    None => None,
                };
                Ok(Board::Chain {
                    puzzle: Box::new(puzzle),
                    played,
                })
            }
        }
    }

    /// The position now.
    pub(super) fn position(&self) -> Position {
        match self {
            Board::Crossing(attempt, _) => attempt.position().clone(),
            Board::Chain { puzzle, played } => match played {
                Some(chain) => {
                    let mv = halma::Move {
                        from: chain[0],
                        to: chain[chain.len() - 1],
                    };
                    puzzle.position().play_unchecked(mv)
                }
                None => puzzle.position().clone(),
            },
        }
    }

    /// The rules moves are checked by.
    pub(super) fn rules(&self) -> Options {
        match self {
            Board::Crossing(_, rules) => *rules,
            Board::Chain { puzzle, .. } => puzzle.rules(),
        }
    }

    /// The side the member plays.
    fn seat(&self) -> Seat {
        match self {
            Board::Crossing(..) => Seat::A,
            Board::Chain { puzzle, .. } => puzzle.player(),
        }
    }

    /// Plays `text`: the chain played, or what was wrong with it.
    fn play(&mut self, text: &MoveText) -> std::result::Result<Vec<Square>, halma::IllegalMove> {
        match self {
            Board::Crossing(attempt, _) => attempt.play(text),
            Board::Chain { puzzle, played } => {
                if played.is_some() {
                    return Err(halma::IllegalMove::GameOver);
                }
                let (_, chain) = puzzle.position().check_text(text, &puzzle.rules())?;
                *played = Some(chain.clone());
                Ok(chain)
            }
        }
    }

    /// How the attempt ends after its moves, `None` while it goes on (`par`: a crossing's).
    fn finish(&self, par: Option<u32>) -> Option<(AttemptStatus, Finish)> {
        match self {
            Board::Crossing(attempt, _) if attempt.is_complete() => {
                let score = CrossingScore {
                    moves: attempt.moves(),
                    par: par.unwrap_or(0) as usize,
                };
                Some((AttemptStatus::Solved, Finish::Crossing(score)))
            }
            Board::Crossing(attempt, _) if attempt.moves() as u32 >= MAX_PUZZLE_MOVES => {
                Some((AttemptStatus::Failed, Finish::GaveUp))
            }
            Board::Crossing(..) => None,
            Board::Chain { puzzle, played } => {
                let chain = played.as_ref()?;
                let solved =
                    chain[0] == puzzle.best().from && chain[chain.len() - 1] == puzzle.best().to;
                let status = if solved {
                    AttemptStatus::Solved
                } else {
                    AttemptStatus::Failed
                };
                Some((status, Finish::Chain { solved }))
            }
        }
    }
}

/// The finish of an attempt that ended as `status` (its moves and the puzzle's par tell how
/// a crossing went).
fn finish_of(
    status: AttemptStatus,
    kind: PuzzleKind,
    moves: u32,
    par: Option<u32>,
) -> Option<Finish> {
    Some(match (status, kind) {
        (AttemptStatus::Open, _) => return None,
        (AttemptStatus::Solved, PuzzleKind::Crossing) => Finish::Crossing(CrossingScore {
            moves: moves as usize,
            par: par.unwrap_or(0) as usize,
        }),
        (AttemptStatus::Solved, PuzzleKind::Chain) => Finish::Chain { solved: true },
        (AttemptStatus::Failed, PuzzleKind::Chain) => Finish::Chain { solved: false },
        (AttemptStatus::Failed, PuzzleKind::Crossing) | (AttemptStatus::GaveUp, _) => {
            Finish::GaveUp
        }
    })
}

impl Puzzles<'_> {
    /// `at` plays `text` in their open puzzle: checked by the rules crate as in a game, and
    /// written only if the attempt is still as it was read (else
    /// [`UserError::PositionChanged`]). A move that completes the crossing, answers the chain
    /// puzzle or is a crossing's [`MAX_PUZZLE_MOVES`]th ends the attempt, rated at once.
    #[tracing::instrument(skip_all)]
    pub async fn play(&self, at: Actor, text: &MoveText) -> Result<PuzzleView> {
        let attempt = self
            .service
            .db
            .open_attempt(at.guild(), at.user)
            .await?
            .ok_or(UserError::NoOpenPuzzle)?;
        self.play_on(&attempt, text).await
    }

    /// Plays `text` in `attempt` (open, as read).
    pub(super) async fn play_on(
        &self,
        attempt: &AttemptRecord,
        text: &MoveText,
    ) -> Result<PuzzleView> {
        let db = &self.service.db;
        let puzzle = self.puzzle_of(attempt).await?;
        let mut board = Board::load(&puzzle, attempt)?;
        let chain = board.play(text).map_err(|error| UserError::Illegal {
            error,
            variant: puzzle.variant,
        })?;
        let played = MoveText::from_squares(chain)
            .ok_or_else(|| super::corrupt("a move played without its squares"))?;
        let mut tx = db.begin().await?;
        if !tx
            .add_attempt_move(attempt.id, attempt.version, &played)
            .await?
        {
            return Err(UserError::PositionChanged.into());
        }
        if let Some((status, finish)) = board.finish(puzzle.par) {
            self.end(&mut tx, attempt, attempt.version + 1, status, &finish)
                .await?;
        }
        tx.commit().await?;
        let attempt = db
            .attempt(attempt.id)
            .await?
            .ok_or_else(|| super::corrupt("an attempt played was lost"))?;
        self.view_of(&attempt).await
    }

    /// `at` gives up their open puzzle: it ends, rated as a loss.
    #[tracing::instrument(skip_all)]
    pub async fn give_up(&self, at: Actor) -> Result<PuzzleView> {
        let db = &self.service.db;
        let attempt = db
            .open_attempt(at.guild(), at.user)
            .await?
            .ok_or(UserError::NoOpenPuzzle)?;
        let mut tx = db.begin().await?;
        self.end(
            &mut tx,
            &attempt,
            attempt.version,
            AttemptStatus::GaveUp,
            &Finish::GaveUp,
        )
        .await?;
        tx.commit().await?;
        let attempt = db
            .attempt(attempt.id)
            .await?
            .ok_or_else(|| super::corrupt("an attempt given up was lost"))?;
        self.view_of(&attempt).await
    }

    /// Ends `attempt` (at `version`) as `status` in `tx`, and rates it: the puzzle's row is
    /// locked first, then the member's rating, so that two members finishing one puzzle, or
    /// two moves of one member, go one after the other.
    async fn end(
        &self,
        tx: &mut DbTx,
        attempt: &AttemptRecord,
        version: i32,
        status: AttemptStatus,
        finish: &Finish,
    ) -> Result<()> {
        let now = self.service.now();
        let puzzle = tx
            .puzzle_for_update(attempt.puzzle)
            .await?
            .ok_or_else(|| super::corrupt(format!("attempt {} has no puzzle", attempt.id)))?;
        let member = tx
            .puzzle_rating_for_update(attempt.guild, attempt.user, &initial_rating(), now)
            .await?;
        let rated = rate(&member.rating, &puzzle.rating, finish);
        let end = AttemptEnd {
            status,
            rating_before: member.rating.rating,
            rating_after: rated.member.rating,
            at: now,
        };
        if !tx.end_attempt(attempt.id, version, &end).await? {
            return Err(UserError::PositionChanged.into());
        }
        tx.set_puzzle_rating(puzzle.id, &rated.puzzle).await?;
        tx.set_puzzle_rating_of(attempt.guild, attempt.user, &rated.member, now)
            .await?;
        Ok(())
    }

    /// The puzzle of `attempt`.
    pub(super) async fn puzzle_of(&self, attempt: &AttemptRecord) -> Result<PuzzleRecord> {
        self.service
            .db
            .puzzle(attempt.puzzle)
            .await?
            .ok_or_else(|| super::corrupt(format!("attempt {} has no puzzle", attempt.id)))
    }

    /// The view of `attempt`.
    pub(super) async fn view_of(&self, attempt: &AttemptRecord) -> Result<PuzzleView> {
        let puzzle = self.puzzle_of(attempt).await?;
        let board = Board::load(&puzzle, attempt)?;
        self.view_with(&puzzle, attempt, &board).await
    }

    /// The view of `attempt` at `puzzle`, replayed as `board`.
    pub(super) async fn view_with(
        &self,
        puzzle: &PuzzleRecord,
        attempt: &AttemptRecord,
        board: &Board,
    ) -> Result<PuzzleView> {
        let moves = attempt.moves.len() as u32;
        let finish = finish_of(attempt.status, puzzle.kind, moves, puzzle.par);
        let outcome = match (finish, attempt.ratings) {
            (Some(finish), Some((before, after))) => Some(PuzzleOutcome {
                finish,
                rating_before: before,
                rating_after: after,
                best: match board {
                    Board::Chain { puzzle, .. } => Some(puzzle.chain().to_vec()),
                    Board::Crossing(..) => None,
                },
                gains: match board {
                    Board::Chain {
                        puzzle,
                        played: Some(chain),
                    } => {
                        let mv = halma::Move {
                            from: chain[0],
                            to: chain[chain.len() - 1],
                        };
                        Some((puzzle.gain(), gain(puzzle.position(), mv)))
                    }
                    _ => None,
                },
                streaks: match puzzle.daily {
                    Some(_) if attempt.daily => {
                        Some(self.streaks_now(attempt.guild, attempt.user).await?)
                    }
                    _ => None,
                },
            }),
            (None, _) => None,
            (Some(_), None) => {
                return Err(super::corrupt(format!(
                    "attempt {} ended without its ratings",
                    attempt.id
                )))
            }
        };
        let position = board.position();
        let seat = board.seat();
        let target = puzzle.variant.target_camp(seat);
        let last_move = match board {
            Board::Crossing(crossing, _) => crossing.last_chain().map(<[Square]>::to_vec),
            Board::Chain { played, .. } => played.clone(),
        };
        Ok(PuzzleView {
            attempt: attempt.id,
            puzzle: puzzle.id,
            kind: puzzle.kind,
            variant: puzzle.variant,
            day: puzzle.daily.map(|(_, day)| day),
            user: attempt.user,
            home: (position.pieces_home(seat), target.count()),
            position,
            options: board.rules(),
            seat,
            last_move,
            moves,
            par: puzzle.par,
            status: attempt.status,
            outcome,
        })
    }

    /// A member's streaks of days solved in `guild`'s daily puzzles, as of today.
    pub async fn streaks_now(&self, guild: u64, user: u64) -> Result<halma_puzzles::Streaks> {
        let days: Vec<chrono::NaiveDate> = self
            .service
            .db
            .days_solved(guild, &[user], STREAK_DAYS)
            .await?
            .into_iter()
            .map(|(_, day)| day)
            .collect();
        Ok(streaks(&days, self.service.now().date_naive()))
    }
}
