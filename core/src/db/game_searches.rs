//! The `game_searches` table: which process thinks for the bot in a game, until when.

use super::Db;
use crate::model::GameId;
use std::time::Duration;

impl Db {
    /// Holds `game` at `ply` for this process's search for `hold`. True when it was free (no
    /// row, a hold run out, or a hold for another ply, whose search can no longer apply);
    /// false while another search holds it.
    #[tracing::instrument(skip(self))]
    pub async fn hold_search(
        &self,
        game: GameId,
        ply: u32,
        hold: Duration,
    ) -> Result<bool, sqlx::Error> {
        let held = sqlx::query_scalar!(
            "INSERT INTO game_searches (game_id, ply, held_until)
             VALUES ($1, $2, now() + make_interval(secs => $3))
             ON CONFLICT (game_id) DO UPDATE
                SET ply = EXCLUDED.ply, held_until = EXCLUDED.held_until
             WHERE game_searches.held_until < now() OR game_searches.ply <> EXCLUDED.ply
             RETURNING game_id",
            game.0,
            ply as i32,
            hold.as_secs_f64(),
        )
        .fetch_optional(&self.pool)
        .await?;
        Ok(held.is_some())
    }

    /// Lets go of `game` at `ply` (after the move was saved, or the search failed).
    #[tracing::instrument(skip(self))]
    pub async fn release_search(&self, game: GameId, ply: u32) -> Result<(), sqlx::Error> {
        sqlx::query!(
            "DELETE FROM game_searches WHERE game_id = $1 AND ply = $2",
            game.0,
            ply as i32
        )
        .execute(&self.pool)
        .await?;
        Ok(())
    }
}
