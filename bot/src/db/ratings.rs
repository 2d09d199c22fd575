//! The `ratings` table: Glicko-2 ratings and records per guild, variant and user.

use super::{Db, DbTx};
use chrono::{DateTime, Utc};

/// A row of `ratings`.
#[derive(Clone, Debug, PartialEq)]
pub struct RatingRow {
    /// Guild.
    pub guild_id: i64,
    /// Variant name.
    pub variant: String,
    /// Player.
    pub user_id: i64,
    /// Glicko-2 rating.
    pub rating: f64,
    /// Glicko-2 rating deviation.
    pub deviation: f64,
    /// Glicko-2 volatility.
    pub volatility: f64,
    /// Rated games played.
    pub games: i32,
    /// Games won.
    pub wins: i32,
    /// Games lost.
    pub losses: i32,
    /// Games drawn.
    pub draws: i32,
    /// When the row last changed.
    pub updated_at: DateTime<Utc>,
}

/// The rating a player starts with.
#[derive(Clone, Copy, Debug)]
pub struct InitialRating {
    /// Rating.
    pub rating: f64,
    /// Deviation.
    pub deviation: f64,
    /// Volatility.
    pub volatility: f64,
}

impl Db {
    /// The best `limit` players of a variant in a guild (players with rated games only).
    #[tracing::instrument(skip_all)]
    pub async fn leaderboard(
        &self,
        guild_id: i64,
        variant: &str,
        limit: i64,
    ) -> Result<Vec<RatingRow>, sqlx::Error> {
        sqlx::query_as!(
            RatingRow,
            "SELECT * FROM ratings WHERE guild_id = $1 AND variant = $2 AND games > 0
             ORDER BY rating DESC, user_id LIMIT $3",
            guild_id,
            variant,
            limit
        )
        .fetch_all(&self.pool)
        .await
    }

    /// A user's ratings in a guild, one per variant played.
    #[tracing::instrument(skip_all)]
    pub async fn ratings_of_user(
        &self,
        guild_id: i64,
        user_id: i64,
    ) -> Result<Vec<RatingRow>, sqlx::Error> {
        sqlx::query_as!(
            RatingRow,
            "SELECT * FROM ratings WHERE guild_id = $1 AND user_id = $2 ORDER BY variant",
            guild_id,
            user_id
        )
        .fetch_all(&self.pool)
        .await
    }

    /// The leaderboard rank a rating has: 1 + the players rated above it.
    #[tracing::instrument(skip_all)]
    pub async fn rank(
        &self,
        guild_id: i64,
        variant: &str,
        rating: f64,
    ) -> Result<i64, sqlx::Error> {
        let above = sqlx::query_scalar!(
            r#"SELECT COUNT(*) AS "above!" FROM ratings
               WHERE guild_id = $1 AND variant = $2 AND games > 0 AND rating > $3"#,
            guild_id,
            variant,
            rating
        )
        .fetch_one(&self.pool)
        .await?;
        Ok(above + 1)
    }
}

impl DbTx {
    /// Locks (creating them with `initial` where missing) the rating rows of `user_ids`,
    /// always in user id order, so that two games ending at once cannot deadlock.
    #[tracing::instrument(skip_all)]
    pub async fn lock_ratings(
        &mut self,
        guild_id: i64,
        variant: &str,
        user_ids: &[i64],
        initial: InitialRating,
        now: DateTime<Utc>,
    ) -> Result<Vec<RatingRow>, sqlx::Error> {
        let mut ids = user_ids.to_vec();
        ids.sort_unstable();
        ids.dedup();
        sqlx::query!(
            "INSERT INTO ratings (guild_id, variant, user_id, rating, deviation, volatility, updated_at)
             SELECT $1, $2, u, $4, $5, $6, $7 FROM UNNEST($3::BIGINT[]) AS u
             ORDER BY u
             ON CONFLICT DO NOTHING",
            guild_id,
            variant,
            &ids,
            initial.rating,
            initial.deviation,
            initial.volatility,
            now
        )
        .execute(&mut *self.tx)
        .await?;
        sqlx::query_as!(
            RatingRow,
            "SELECT * FROM ratings WHERE guild_id = $1 AND variant = $2 AND user_id = ANY($3)
             ORDER BY user_id FOR UPDATE",
            guild_id,
            variant,
            &ids
        )
        .fetch_all(&mut *self.tx)
        .await
    }

    /// Writes a rating row back.
    #[tracing::instrument(skip_all)]
    pub async fn update_rating(&mut self, row: &RatingRow) -> Result<(), sqlx::Error> {
        sqlx::query!(
            "UPDATE ratings SET rating = $4, deviation = $5, volatility = $6, games = $7,
                    wins = $8, losses = $9, draws = $10, updated_at = $11
             WHERE guild_id = $1 AND variant = $2 AND user_id = $3",
            row.guild_id,
            row.variant,
            row.user_id,
            row.rating,
            row.deviation,
            row.volatility,
            row.games,
            row.wins,
            row.losses,
            row.draws,
            row.updated_at
        )
        .execute(&mut *self.tx)
        .await?;
        Ok(())
    }
}
