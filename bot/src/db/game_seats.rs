//! The `game_seats` table: which user plays which seat of a game, and how a rated game changed
//! their rating. Games are read with their seats' users (see [`super::games`]).

use super::{to_db, DbTx};
use crate::model::{GameId, Player};
use halma::Seat;

impl DbTx {
    /// Seats the players of a new game.
    #[tracing::instrument(skip_all)]
    pub async fn insert_seats(
        &mut self,
        game: GameId,
        players: &[Player],
    ) -> Result<(), sqlx::Error> {
        let seats: Vec<String> = players
            .iter()
            .map(|p| p.seat.letter().to_string())
            .collect();
        let users: Vec<i64> = players.iter().map(|p| to_db(p.user)).collect();
        sqlx::query!(
            "INSERT INTO game_seats (game_id, seat, user_id)
             SELECT $1, seat, user_id FROM UNNEST($2::TEXT[], $3::BIGINT[]) AS s (seat, user_id)",
            game.0,
            &seats,
            &users
        )
        .execute(&mut *self.tx)
        .await?;
        Ok(())
    }

    /// Records how a rated game changed the rating of the player at `seat`.
    #[tracing::instrument(skip_all)]
    pub async fn set_rating_change(
        &mut self,
        game: GameId,
        seat: Seat,
        before: f64,
        after: f64,
    ) -> Result<(), sqlx::Error> {
        sqlx::query!(
            "UPDATE game_seats SET rating_before = $3, rating_after = $4
             WHERE game_id = $1 AND seat = $2",
            game.0,
            seat.letter().to_string(),
            before,
            after
        )
        .execute(&mut *self.tx)
        .await?;
        Ok(())
    }
}
