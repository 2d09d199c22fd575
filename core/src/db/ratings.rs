//! The `ratings` table: ratings and records per guild, variant and user. Two-player variants
//! are rated with Glicko-2; games of three or more players and team games with Weng-Lin, whose
//! mu and sigma are kept in `rating` and `deviation` (it has no volatility).

use super::{corrupt, from_db, parse, to_db, Db, DbTx};
use crate::model::RatingSystem;
use chrono::{DateTime, Utc};
use halma::Variant;

/// A player's rating and record in one variant of a guild.
#[derive(Clone, Debug, PartialEq)]
pub struct Rating {
    /// Guild.
    pub guild: u64,
    /// The variant.
    pub variant: Variant,
    /// Player.
    pub user: u64,
    /// How the variant is rated.
    pub system: RatingSystem,
    /// The rating: Glicko-2's rating, or Weng-Lin's mu.
    pub rating: f64,
    /// Its uncertainty: Glicko-2's rating deviation, or Weng-Lin's sigma.
    pub deviation: f64,
    /// Glicko-2's volatility (`None` for Weng-Lin).
    pub volatility: Option<f64>,
    /// Rated games played.
    pub games: u32,
    /// Games won.
    pub wins: u32,
    /// Games lost.
    pub losses: u32,
    /// Games drawn.
    pub draws: u32,
    /// When the row last changed.
    pub updated_at: DateTime<Utc>,
}

/// The columns of `ratings`, as stored.
struct RatingRow {
    guild_id: i64,
    variant: String,
    user_id: i64,
    rating: f64,
    deviation: f64,
    volatility: Option<f64>,
    games: i32,
    wins: i32,
    losses: i32,
    draws: i32,
    updated_at: DateTime<Utc>,
    system: String,
}

impl TryFrom<RatingRow> for Rating {
    type Error = sqlx::Error;

    fn try_from(row: RatingRow) -> Result<Rating, sqlx::Error> {
        let variant: Variant = parse("rating variant", &row.variant)?;
        let system: RatingSystem = parse("rating system", &row.system)?;
        if system != RatingSystem::of(variant) {
            return Err(corrupt(format!(
                "a {system} rating of user {} in {}",
                row.user_id,
                variant.name()
            )));
        }
        Ok(Rating {
            guild: from_db(row.guild_id),
            variant,
            system,
            user: from_db(row.user_id),
            rating: row.rating,
            deviation: row.deviation,
            volatility: row.volatility,
            games: row.games as u32,
            wins: row.wins as u32,
            losses: row.losses as u32,
            draws: row.draws as u32,
            updated_at: row.updated_at,
        })
    }
}

/// Converts fetched rows.
fn ratings(rows: Vec<RatingRow>) -> Result<Vec<Rating>, sqlx::Error> {
    rows.into_iter().map(Rating::try_from).collect()
}

/// The rating a player starts with.
#[derive(Clone, Copy, Debug)]
pub struct InitialRating {
    /// The system it belongs to (it must be the variant's).
    pub system: RatingSystem,
    /// Rating (Weng-Lin: mu).
    pub rating: f64,
    /// Deviation (Weng-Lin: sigma).
    pub deviation: f64,
    /// Volatility (Glicko-2 only).
    pub volatility: Option<f64>,
}

impl Db {
    /// The best `limit` players of a variant in a guild (players with rated games only).
    #[tracing::instrument(skip_all)]
    pub async fn leaderboard(
        &self,
        guild: u64,
        variant: Variant,
        limit: u32,
    ) -> Result<Vec<Rating>, sqlx::Error> {
        ratings(
            sqlx::query_as!(
                RatingRow,
                "SELECT * FROM ratings WHERE guild_id = $1 AND variant = $2 AND games > 0
                 ORDER BY rating DESC, user_id LIMIT $3",
                to_db(guild),
                variant.name(),
                i64::from(limit)
            )
            .fetch_all(&self.pool)
            .await?,
        )
    }

    /// A user's ratings in a guild, one per variant played.
    #[tracing::instrument(skip_all)]
    pub async fn ratings_of_user(&self, guild: u64, user: u64) -> Result<Vec<Rating>, sqlx::Error> {
        ratings(
            sqlx::query_as!(
                RatingRow,
                "SELECT * FROM ratings WHERE guild_id = $1 AND user_id = $2 ORDER BY variant",
                to_db(guild),
                to_db(user)
            )
            .fetch_all(&self.pool)
            .await?,
        )
    }

    /// The leaderboard rank a rating has: 1 + the players rated above it.
    #[tracing::instrument(skip_all)]
    pub async fn rank(
        &self,
        guild: u64,
        variant: Variant,
        rating: f64,
    ) -> Result<u32, sqlx::Error> {
        let above = sqlx::query_scalar!(
            r#"SELECT COUNT(*) AS "above!" FROM ratings
               WHERE guild_id = $1 AND variant = $2 AND games > 0 AND rating > $3"#,
            to_db(guild),
            variant.name(),
            rating
        )
        .fetch_one(&self.pool)
        .await?;
        Ok(above as u32 + 1)
    }
}

impl DbTx {
    /// Locks (creating them with `initial` where missing) the ratings of `users`, always in
    /// user id order, so that two games ending at once cannot deadlock.
    #[tracing::instrument(skip_all)]
    pub async fn lock_ratings(
        &mut self,
        guild: u64,
        variant: Variant,
        users: &[u64],
        initial: InitialRating,
        now: DateTime<Utc>,
    ) -> Result<Vec<Rating>, sqlx::Error> {
        let mut ids: Vec<i64> = users.iter().map(|&u| to_db(u)).collect();
        ids.sort_unstable();
        ids.dedup();
        sqlx::query!(
            "INSERT INTO ratings (guild_id, variant, user_id, rating, deviation, volatility,
                                  updated_at, system)
             SELECT $1, $2, u, $4, $5, $6, $7, $8 FROM UNNEST($3::BIGINT[]) AS u
             ORDER BY u
             ON CONFLICT DO NOTHING",
            to_db(guild),
            variant.name(),
            &ids,
            initial.rating,
            initial.deviation,
            initial.volatility,
            now,
            initial.system.as_str()
        )
        .execute(&mut *self.tx)
        .await?;
        ratings(
            sqlx::query_as!(
                RatingRow,
                "SELECT * FROM ratings WHERE guild_id = $1 AND variant = $2 AND user_id = ANY($3)
                 ORDER BY user_id FOR UPDATE",
                to_db(guild),
                variant.name(),
                &ids
            )
            .fetch_all(&mut *self.tx)
            .await?,
        )
    }

    /// Writes a rating back.
    #[tracing::instrument(skip_all)]
    pub async fn update_rating(&mut self, rating: &Rating) -> Result<(), sqlx::Error> {
        sqlx::query!(
            "UPDATE ratings SET rating = $4, deviation = $5, volatility = $6, games = $7,
                    wins = $8, losses = $9, draws = $10, updated_at = $11
             WHERE guild_id = $1 AND variant = $2 AND user_id = $3",
            to_db(rating.guild),
            rating.variant.name(),
            to_db(rating.user),
            rating.rating,
            rating.deviation,
            rating.volatility,
            rating.games as i32,
            rating.wins as i32,
            rating.losses as i32,
            rating.draws as i32,
            rating.updated_at
        )
        .execute(&mut *self.tx)
        .await?;
        Ok(())
    }
}
