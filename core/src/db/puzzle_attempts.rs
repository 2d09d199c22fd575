//! The `puzzle_attempts` table: a member's attempt at a puzzle, its moves so far and how it
//! ended. Every change checks the `version` it read (an `UPDATE … WHERE version`), so of two
//! concurrent moves exactly one applies; one open attempt per member and one attempt per
//! member at a daily puzzle are unique indexes.

use super::{from_db, parse, to_db, violates, Db, DbTx};
use crate::model::{AttemptId, AttemptStatus, PuzzleId};
use chrono::{DateTime, NaiveDate, Utc};
use halma::MoveText;

/// A stored attempt.
#[derive(Clone, Debug, PartialEq)]
pub struct AttemptRecord {
    /// The attempt.
    pub id: AttemptId,
    /// Its puzzle.
    pub puzzle: PuzzleId,
    /// The member's server.
    pub guild: u64,
    /// The member.
    pub user: u64,
    /// Whether it is a daily puzzle's.
    pub daily: bool,
    /// The moves so far, each with its whole chain.
    pub moves: Vec<MoveText>,
    /// Where it stands.
    pub status: AttemptStatus,
    /// Bumped by every change.
    pub version: i32,
    /// The member's puzzle rating before and after it, once finished.
    pub ratings: Option<(f64, f64)>,
    /// When it was started.
    pub started_at: DateTime<Utc>,
    /// When it ended.
    pub finished_at: Option<DateTime<Utc>>,
}

struct AttemptRow {
    id: i64,
    puzzle_id: i64,
    guild_id: i64,
    user_id: i64,
    daily: bool,
    moves: String,
    ply: i32,
    status: String,
    version: i32,
    rating_before: Option<f64>,
    rating_after: Option<f64>,
    started_at: DateTime<Utc>,
    finished_at: Option<DateTime<Utc>>,
}

impl TryFrom<AttemptRow> for AttemptRecord {
    type Error = sqlx::Error;

    fn try_from(row: AttemptRow) -> Result<AttemptRecord, sqlx::Error> {
        let what = format!("puzzle attempt {}", row.id);
        let moves: Vec<MoveText> = row
            .moves
            .split_whitespace()
            .map(|m| parse(&what, m))
            .collect::<Result<_, _>>()?;
        if moves.len() != row.ply.max(0) as usize {
            return Err(super::corrupt(format!(
                "{what}: {} moves stored, ply {}",
                moves.len(),
                row.ply
            )));
        }
        Ok(AttemptRecord {
            id: AttemptId(row.id),
            puzzle: PuzzleId(row.puzzle_id),
            guild: from_db(row.guild_id),
            user: from_db(row.user_id),
            daily: row.daily,
            moves,
            status: parse(&what, &row.status)?,
            version: row.version,
            ratings: row.rating_before.zip(row.rating_after),
            started_at: row.started_at,
            finished_at: row.finished_at,
        })
    }
}

/// How an attempt ends: its status, the member's rating before and after, when.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct AttemptEnd {
    /// Solved, failed or given up.
    pub status: AttemptStatus,
    /// The member's puzzle rating before it.
    pub rating_before: f64,
    /// And after it.
    pub rating_after: f64,
    /// When it ended.
    pub at: DateTime<Utc>,
}

/// One finished attempt at a daily puzzle, for its leaderboard.
#[derive(Clone, Debug, PartialEq)]
pub struct DailyResult {
    /// The member.
    pub user: u64,
    /// How it ended.
    pub status: AttemptStatus,
    /// Moves played.
    pub moves: u32,
    /// When it ended.
    pub finished_at: DateTime<Utc>,
}

impl Db {
    /// The attempt `id`, if there is one.
    #[tracing::instrument(skip_all)]
    pub async fn attempt(&self, id: AttemptId) -> Result<Option<AttemptRecord>, sqlx::Error> {
        sqlx::query_as!(
            AttemptRow,
            "SELECT id, puzzle_id, guild_id, user_id, daily, moves, ply, status, version,
                 rating_before, rating_after, started_at, finished_at
             FROM puzzle_attempts WHERE id = $1",
            id.0
        )
        .fetch_optional(&self.pool)
        .await?
        .map(AttemptRecord::try_from)
        .transpose()
    }

    /// The member's open attempt, if they have one.
    #[tracing::instrument(skip_all)]
    pub async fn open_attempt(
        &self,
        guild: u64,
        user: u64,
    ) -> Result<Option<AttemptRecord>, sqlx::Error> {
        sqlx::query_as!(
            AttemptRow,
            "SELECT id, puzzle_id, guild_id, user_id, daily, moves, ply, status, version,
                 rating_before, rating_after, started_at, finished_at
             FROM puzzle_attempts WHERE guild_id = $1 AND user_id = $2 AND status = 'open'",
            to_db(guild),
            to_db(user)
        )
        .fetch_optional(&self.pool)
        .await?
        .map(AttemptRecord::try_from)
        .transpose()
    }

    /// The member's attempt at the daily puzzle `puzzle`, if they made one.
    #[tracing::instrument(skip_all)]
    pub async fn daily_attempt(
        &self,
        puzzle: PuzzleId,
        user: u64,
    ) -> Result<Option<AttemptRecord>, sqlx::Error> {
        sqlx::query_as!(
            AttemptRow,
            "SELECT id, puzzle_id, guild_id, user_id, daily, moves, ply, status, version,
                 rating_before, rating_after, started_at, finished_at
             FROM puzzle_attempts WHERE puzzle_id = $1 AND user_id = $2 AND daily",
            puzzle.0,
            to_db(user)
        )
        .fetch_optional(&self.pool)
        .await?
        .map(AttemptRecord::try_from)
        .transpose()
    }

    /// The finished attempts at `puzzle`, solved ones first (fewest moves, then soonest),
    /// at most `limit`.
    #[tracing::instrument(skip_all)]
    pub async fn daily_results(
        &self,
        puzzle: PuzzleId,
        limit: u32,
    ) -> Result<Vec<DailyResult>, sqlx::Error> {
        let rows = sqlx::query!(
            "SELECT user_id, status, ply, finished_at AS \"finished_at!\"
             FROM puzzle_attempts WHERE puzzle_id = $1 AND status <> 'open'
             ORDER BY status = 'solved' DESC, ply, finished_at, id LIMIT $2",
            puzzle.0,
            i64::from(limit)
        )
        .fetch_all(&self.pool)
        .await?;
        rows.into_iter()
            .map(|r| {
                Ok(DailyResult {
                    user: from_db(r.user_id),
                    status: parse("a daily result's status", &r.status)?,
                    moves: r.ply.max(0) as u32,
                    finished_at: r.finished_at,
                })
            })
            .collect()
    }

    /// The days of the daily puzzles of `guild` each of `users` solved, newest first, at most
    /// `limit` days per member.
    #[tracing::instrument(skip_all)]
    pub async fn days_solved(
        &self,
        guild: u64,
        users: &[u64],
        limit: u32,
    ) -> Result<Vec<(u64, NaiveDate)>, sqlx::Error> {
        let users: Vec<i64> = users.iter().copied().map(to_db).collect();
        let rows = sqlx::query!(
            "SELECT user_id, day AS \"day!\" FROM (
                 SELECT a.user_id, p.day,
                        row_number() OVER (PARTITION BY a.user_id ORDER BY p.day DESC) AS n
                 FROM puzzle_attempts a JOIN puzzles p ON p.id = a.puzzle_id
                 WHERE a.guild_id = $1 AND a.user_id = ANY($2) AND a.daily
                   AND a.status = 'solved' AND p.day IS NOT NULL
             ) solved WHERE n <= $3",
            to_db(guild),
            &users,
            i64::from(limit)
        )
        .fetch_all(&self.pool)
        .await?;
        Ok(rows
            .into_iter()
            .map(|r| (from_db(r.user_id), r.day))
            .collect())
    }
}

impl DbTx {
    /// How many attempts the member started since `since`.
    #[tracing::instrument(skip_all)]
    pub async fn attempts_started_since(
        &mut self,
        guild: u64,
        user: u64,
        since: DateTime<Utc>,
    ) -> Result<u32, sqlx::Error> {
        let n = sqlx::query_scalar!(
            r#"SELECT count(*) AS "n!" FROM puzzle_attempts
               WHERE guild_id = $1 AND user_id = $2 AND started_at > $3"#,
            to_db(guild),
            to_db(user),
            since
        )
        .fetch_one(&mut *self.tx)
        .await?;
        Ok(n.clamp(0, i64::from(u32::MAX)) as u32)
    }

    /// Starts the member's attempt at `puzzle`; `None` when they have an open attempt already,
    /// or (`daily`) an attempt at this puzzle (a concurrent start made it).
    #[tracing::instrument(skip_all)]
    pub async fn insert_attempt(
        &mut self,
        puzzle: PuzzleId,
        guild: u64,
        user: u64,
        daily: bool,
        now: DateTime<Utc>,
    ) -> Result<Option<AttemptRecord>, sqlx::Error> {
        let inserted = sqlx::query_as!(
            AttemptRow,
            "INSERT INTO puzzle_attempts (puzzle_id, guild_id, user_id, daily, started_at)
             VALUES ($1, $2, $3, $4, $5)
             RETURNING id, puzzle_id, guild_id, user_id, daily, moves, ply, status, version,
                 rating_before, rating_after, started_at, finished_at",
            puzzle.0,
            to_db(guild),
            to_db(user),
            daily,
            now
        )
        .fetch_one(&mut *self.tx)
        .await;
        match inserted {
            Ok(row) => row.try_into().map(Some),
            Err(e)
                if violates(&e, "puzzle_attempts_one_open")
                    || violates(&e, "puzzle_attempts_one_daily") =>
            {
                Ok(None)
            }
            Err(e) => Err(e),
        }
    }

    /// Adds `played` to the moves of the open attempt `id`, if it still is at `version`
    /// (else `false`: another change came first and nothing was written).
    #[tracing::instrument(skip_all)]
    pub async fn add_attempt_move(
        &mut self,
        id: AttemptId,
        version: i32,
        played: &MoveText,
    ) -> Result<bool, sqlx::Error> {
        let done = sqlx::query!(
            "UPDATE puzzle_attempts
             SET moves = CASE WHEN moves = '' THEN $3 ELSE moves || ' ' || $3 END,
                 ply = ply + 1, version = version + 1
             WHERE id = $1 AND version = $2 AND status = 'open'",
            id.0,
            version,
            played.to_string()
        )
        .execute(&mut *self.tx)
        .await?;
        Ok(done.rows_affected() == 1)
    }

    /// Ends the open attempt `id` as `end` says, if it still is at `version` (else `false`).
    /// Called after [`DbTx::add_attempt_move`] in the same transaction, `version` is the one
    /// that move left.
    #[tracing::instrument(skip_all)]
    pub async fn end_attempt(
        &mut self,
        id: AttemptId,
        version: i32,
        end: &AttemptEnd,
    ) -> Result<bool, sqlx::Error> {
        let done = sqlx::query!(
            "UPDATE puzzle_attempts
             SET status = $3, rating_before = $4, rating_after = $5, finished_at = $6,
                 version = version + 1
             WHERE id = $1 AND version = $2 AND status = 'open'",
            id.0,
            version,
            end.status.as_str(),
            end.rating_before,
            end.rating_after,
            end.at
        )
        .execute(&mut *self.tx)
        .await?;
        Ok(done.rows_affected() == 1)
    }
}
