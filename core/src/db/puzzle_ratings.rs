//! The `puzzle_ratings` table: each member's puzzle rating (Glicko-2) in a server, changed in
//! the transaction that finishes an attempt, under the row's lock.

use super::{from_db, to_db, Db, DbTx};
use chrono::{DateTime, Utc};
use halma_puzzles::Glicko2Rating;
use std::collections::HashMap;

/// A member's puzzle rating and how many attempts it counts.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct PuzzleRating {
    /// The rating.
    pub rating: Glicko2Rating,
    /// Finished attempts rated.
    pub attempts: u32,
}

impl Db {
    /// The puzzle ratings of `users` in `guild` (those who have one).
    #[tracing::instrument(skip_all)]
    pub async fn puzzle_ratings(
        &self,
        guild: u64,
        users: &[u64],
    ) -> Result<HashMap<u64, PuzzleRating>, sqlx::Error> {
        let users: Vec<i64> = users.iter().copied().map(to_db).collect();
        let rows = sqlx::query!(
            "SELECT user_id, rating, deviation, volatility, attempts FROM puzzle_ratings
             WHERE guild_id = $1 AND user_id = ANY($2)",
            to_db(guild),
            &users
        )
        .fetch_all(&self.pool)
        .await?;
        Ok(rows
            .into_iter()
            .map(|r| {
                let rating = Glicko2Rating {
                    rating: r.rating,
                    deviation: r.deviation,
                    volatility: r.volatility,
                };
                let attempts = r.attempts.max(0) as u32;
                (from_db(r.user_id), PuzzleRating { rating, attempts })
            })
            .collect())
    }
}

impl DbTx {
    /// The member's puzzle rating, locked until the transaction ends; made with `initial`
    /// first when they have none.
    #[tracing::instrument(skip_all)]
    pub async fn puzzle_rating_for_update(
        &mut self,
        guild: u64,
        user: u64,
        initial: &Glicko2Rating,
        now: DateTime<Utc>,
    ) -> Result<PuzzleRating, sqlx::Error> {
        sqlx::query!(
            "INSERT INTO puzzle_ratings (guild_id, user_id, rating, deviation, volatility,
                 updated_at)
             VALUES ($1, $2, $3, $4, $5, $6) ON CONFLICT DO NOTHING",
            to_db(guild),
            to_db(user),
            initial.rating,
            initial.deviation,
            initial.volatility,
            now
        )
        .execute(&mut *self.tx)
        .await?;
        let row = sqlx::query!(
            "SELECT rating, deviation, volatility, attempts FROM puzzle_ratings
             WHERE guild_id = $1 AND user_id = $2 FOR UPDATE",
            to_db(guild),
            to_db(user)
        )
        .fetch_one(&mut *self.tx)
        .await?;
        Ok(PuzzleRating {
            rating: Glicko2Rating {
                rating: row.rating,
                deviation: row.deviation,
                volatility: row.volatility,
            },
            attempts: row.attempts.max(0) as u32,
        })
    }

    /// Sets the member's puzzle rating after one more attempt.
    #[tracing::instrument(skip_all)]
    pub async fn set_puzzle_rating_of(
        &mut self,
        guild: u64,
        user: u64,
        rating: &Glicko2Rating,
        now: DateTime<Utc>,
    ) -> Result<(), sqlx::Error> {
        sqlx::query!(
            "UPDATE puzzle_ratings SET rating = $3, deviation = $4, volatility = $5,
                 attempts = attempts + 1, updated_at = $6
             WHERE guild_id = $1 AND user_id = $2",
            to_db(guild),
            to_db(user),
            rating.rating,
            rating.deviation,
            rating.volatility,
            now
        )
        .execute(&mut *self.tx)
        .await?;
        Ok(())
    }
}
