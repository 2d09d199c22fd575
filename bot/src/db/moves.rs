//! The `moves` table: every move of every game, numbered from 1 without gaps.

use super::{violates, Db, DbTx};
use chrono::{DateTime, Utc};

/// A row of `moves`.
#[derive(Clone, Debug, PartialEq)]
pub struct MoveRow {
    /// The game.
    pub game_id: i64,
    /// The move's number in the game, from 1 (passes are not counted).
    pub ply: i32,
    /// The mover's seat letter.
    pub seat: String,
    /// The chain played, like `e12-g10-g12`.
    pub chain: String,
    /// When it was played.
    pub played_at: DateTime<Utc>,
}

impl Db {
    /// The moves of a game numbered up to `up_to` in order. Moves are only ever appended, so
    /// passing the `ply` of a game row read earlier gives the moves that row describes, even
    /// if a move was added since.
    #[tracing::instrument(skip_all)]
    pub async fn moves(&self, game_id: i64, up_to: i32) -> Result<Vec<MoveRow>, sqlx::Error> {
        sqlx::query_as!(
            MoveRow,
            "SELECT * FROM moves WHERE game_id = $1 AND ply <= $2 ORDER BY ply",
            game_id,
            up_to
        )
        .fetch_all(&self.pool)
        .await
    }

    /// The last move of a game numbered up to `up_to` (see [`Db::moves`]).
    #[tracing::instrument(skip_all)]
    pub async fn last_move(
        &self,
        game_id: i64,
        up_to: i32,
    ) -> Result<Option<MoveRow>, sqlx::Error> {
        sqlx::query_as!(
            MoveRow,
            "SELECT * FROM moves WHERE game_id = $1 AND ply <= $2 ORDER BY ply DESC LIMIT 1",
            game_id,
            up_to
        )
        .fetch_optional(&self.pool)
        .await
    }
}

impl DbTx {
    /// Appends a move; `false` if the game already has a move with this number.
    #[tracing::instrument(skip_all)]
    pub async fn insert_move(&mut self, row: &MoveRow) -> Result<bool, sqlx::Error> {
        let inserted = sqlx::query!(
            "INSERT INTO moves (game_id, ply, seat, chain, played_at) VALUES ($1, $2, $3, $4, $5)",
            row.game_id,
            row.ply,
            row.seat,
            row.chain,
            row.played_at
        )
        .execute(&mut *self.tx)
        .await;
        match inserted {
            Ok(_) => Ok(true),
            Err(e) if violates(&e, "moves_pkey") => Ok(false),
            Err(e) => Err(e),
        }
    }
}
