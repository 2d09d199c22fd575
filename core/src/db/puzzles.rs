//! The `puzzles` table: a board's crossing (one row per board for members' own attempts, one
//! per server and day for a daily one), or a chain puzzle with its answer; each with its
//! rating, which moves with every attempt finished against it (under the row's lock).

use super::{from_db, parse, to_db, Db, DbTx};
use crate::model::PuzzleId;
use chrono::{DateTime, NaiveDate, Utc};
use halma::{MoveText, Position, Variant};
use halma_puzzles::{Glicko2Rating, PuzzleKind};

/// A stored puzzle.
#[derive(Clone, Debug, PartialEq)]
pub struct PuzzleRecord {
    /// The puzzle.
    pub id: PuzzleId,
    /// Crossing or chain.
    pub kind: PuzzleKind,
    /// The board.
    pub variant: Variant,
    /// Where it starts.
    pub position: Position,
    /// A chain puzzle's answer (a shortest chain) and what it gains.
    pub answer: Option<(MoveText, i32)>,
    /// A crossing's par, in moves.
    pub par: Option<u32>,
    /// A daily puzzle's server and day.
    pub daily: Option<(u64, NaiveDate)>,
    /// Its rating now.
    pub rating: Glicko2Rating,
}

/// A puzzle to store.
#[derive(Clone, Debug, PartialEq)]
pub struct NewPuzzle {
    /// Crossing or chain.
    pub kind: PuzzleKind,
    /// The board.
    pub variant: Variant,
    /// Where it starts.
    pub position: Position,
    /// A chain puzzle's answer and its gain.
    pub answer: Option<(MoveText, i32)>,
    /// A crossing's par.
    pub par: Option<u32>,
    /// A daily puzzle's server and day.
    pub daily: Option<(u64, NaiveDate)>,
    /// The rating it starts with.
    pub rating: Glicko2Rating,
}

struct PuzzleRow {
    id: i64,
    kind: String,
    variant: String,
    position: String,
    answer: Option<String>,
    gain: Option<i32>,
    par: Option<i32>,
    guild_id: Option<i64>,
    day: Option<NaiveDate>,
    rating: f64,
    deviation: f64,
    volatility: f64,
}

impl TryFrom<PuzzleRow> for PuzzleRecord {
    type Error = sqlx::Error;

    fn try_from(row: PuzzleRow) -> Result<PuzzleRecord, sqlx::Error> {
        let what = |field: &str| format!("puzzle {} {field}", row.id);
        let answer = match (&row.answer, row.gain) {
            (Some(text), Some(gain)) => Some((parse(&what("answer"), text)?, gain)),
            _ => None,
        };
        Ok(PuzzleRecord {
            id: PuzzleId(row.id),
            kind: parse(&what("kind"), &row.kind)?,
            variant: parse(&what("variant"), &row.variant)?,
            position: parse(&what("position"), &row.position)?,
            answer,
            par: row.par.map(|p| p.max(0) as u32),
            daily: row.guild_id.zip(row.day).map(|(g, d)| (from_db(g), d)),
            rating: Glicko2Rating {
                rating: row.rating,
                deviation: row.deviation,
                volatility: row.volatility,
            },
        })
    }
}

impl Db {
    /// The puzzle `id`, if there is one.
    #[tracing::instrument(skip_all)]
    pub async fn puzzle(&self, id: PuzzleId) -> Result<Option<PuzzleRecord>, sqlx::Error> {
        sqlx::query_as!(
            PuzzleRow,
            "SELECT id, kind, variant, position, answer, gain, par, guild_id, day, rating,
                 deviation, volatility
             FROM puzzles WHERE id = $1",
            id.0
        )
        .fetch_optional(&self.pool)
        .await?
        .map(PuzzleRecord::try_from)
        .transpose()
    }

    /// Server `guild`'s daily puzzle of `day`, if it was made.
    #[tracing::instrument(skip_all)]
    pub async fn daily_puzzle(
        &self,
        guild: u64,
        day: NaiveDate,
    ) -> Result<Option<PuzzleRecord>, sqlx::Error> {
        sqlx::query_as!(
            PuzzleRow,
            "SELECT id, kind, variant, position, answer, gain, par, guild_id, day, rating,
                 deviation, volatility
             FROM puzzles WHERE guild_id = $1 AND day = $2",
            to_db(guild),
            day
        )
        .fetch_optional(&self.pool)
        .await?
        .map(PuzzleRecord::try_from)
        .transpose()
    }

    /// The crossing of `variant` members play on their own, if it was made.
    #[tracing::instrument(skip_all)]
    pub async fn own_crossing(
        &self,
        variant: Variant,
    ) -> Result<Option<PuzzleRecord>, sqlx::Error> {
        sqlx::query_as!(
            PuzzleRow,
            "SELECT id, kind, variant, position, answer, gain, par, guild_id, day, rating,
                 deviation, volatility
             FROM puzzles WHERE kind = 'crossing' AND guild_id IS NULL AND variant = $1",
            variant.name()
        )
        .fetch_optional(&self.pool)
        .await?
        .map(PuzzleRecord::try_from)
        .transpose()
    }
}

impl DbTx {
    /// Stores `puzzle`; `None` when it is a daily puzzle (or a board's own crossing) that
    /// another process stored first: the first one stays.
    #[tracing::instrument(skip_all)]
    pub async fn insert_puzzle(
        &mut self,
        puzzle: &NewPuzzle,
        now: DateTime<Utc>,
    ) -> Result<Option<PuzzleRecord>, sqlx::Error> {
        let (guild, day) = puzzle.daily.unzip();
        sqlx::query_as!(
            PuzzleRow,
            "INSERT INTO puzzles (kind, variant, position, answer, gain, par, guild_id, day,
                 rating, deviation, volatility, created_at)
             VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12)
             ON CONFLICT DO NOTHING
             RETURNING id, kind, variant, position, answer, gain, par, guild_id, day, rating,
                 deviation, volatility",
            puzzle.kind.name(),
            puzzle.variant.name(),
            puzzle.position.to_string(),
            puzzle.answer.as_ref().map(|(text, _)| text.to_string()),
            puzzle.answer.as_ref().map(|(_, gain)| *gain),
            puzzle.par.map(|p| p as i32),
            guild.map(to_db),
            day,
            puzzle.rating.rating,
            puzzle.rating.deviation,
            puzzle.rating.volatility,
            now
        )
        .fetch_optional(&mut *self.tx)
        .await?
        .map(PuzzleRecord::try_from)
        .transpose()
    }

    /// The puzzle `id`, its row locked until the transaction ends (its rating is about to
    /// change).
    #[tracing::instrument(skip_all)]
    pub async fn puzzle_for_update(
        &mut self,
        id: PuzzleId,
    ) -> Result<Option<PuzzleRecord>, sqlx::Error> {
        sqlx::query_as!(
            PuzzleRow,
            "SELECT id, kind, variant, position, answer, gain, par, guild_id, day, rating,
                 deviation, volatility
             FROM puzzles WHERE id = $1 FOR UPDATE",
            id.0
        )
        .fetch_optional(&mut *self.tx)
        .await?
        .map(PuzzleRecord::try_from)
        .transpose()
    }

    /// Sets the puzzle's rating.
    #[tracing::instrument(skip_all)]
    pub async fn set_puzzle_rating(
        &mut self,
        id: PuzzleId,
        rating: &Glicko2Rating,
    ) -> Result<(), sqlx::Error> {
        sqlx::query!(
            "UPDATE puzzles SET rating = $2, deviation = $3, volatility = $4 WHERE id = $1",
            id.0,
            rating.rating,
            rating.deviation,
            rating.volatility
        )
        .execute(&mut *self.tx)
        .await?;
        Ok(())
    }
}
