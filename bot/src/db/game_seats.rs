//! The `game_seats` table: which user plays which seat of a game.

use super::{Db, DbTx};

/// A row of `game_seats`.
#[derive(Clone, Debug, PartialEq)]
pub struct SeatRow {
    /// The game.
    pub game_id: i64,
    /// The seat letter, `a`–`d`.
    pub seat: String,
    /// The player.
    pub user_id: i64,
    /// Their rating before the game, once a rated game has ended.
    pub rating_before: Option<f64>,
    /// Their rating after it.
    pub rating_after: Option<f64>,
}

impl Db {
    /// The seats of a game in seat order.
    #[tracing::instrument(skip_all)]
    pub async fn seats(&self, game_id: i64) -> Result<Vec<SeatRow>, sqlx::Error> {
        sqlx::query_as!(
            SeatRow,
            "SELECT * FROM game_seats WHERE game_id = $1 ORDER BY seat",
            game_id
        )
        .fetch_all(&self.pool)
        .await
    }
}

impl DbTx {
    /// Seats `user_id` at `seat` of a game.
    #[tracing::instrument(skip_all)]
    pub async fn insert_seat(
        &mut self,
        game_id: i64,
        seat: &str,
        user_id: i64,
    ) -> Result<(), sqlx::Error> {
        sqlx::query!(
            "INSERT INTO game_seats (game_id, seat, user_id) VALUES ($1, $2, $3)",
            game_id,
            seat,
            user_id
        )
        .execute(&mut *self.tx)
        .await?;
        Ok(())
    }

    /// Records how a rated game changed the rating of the player at `seat`.
    #[tracing::instrument(skip_all)]
    pub async fn set_rating_change(
        &mut self,
        game_id: i64,
        seat: &str,
        before: f64,
        after: f64,
    ) -> Result<(), sqlx::Error> {
        sqlx::query!(
            "UPDATE game_seats SET rating_before = $3, rating_after = $4
             WHERE game_id = $1 AND seat = $2",
            game_id,
            seat,
            before,
            after
        )
        .execute(&mut *self.tx)
        .await?;
        Ok(())
    }
}
