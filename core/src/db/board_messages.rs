//! The `board_messages` table: the latest message showing each game's board, and the
//! guild's active games with it, for `/halma games`.

use super::{from_db, to_db, Db};
use crate::model::GameId;

/// Some of a guild's active games, and how many it has.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GuildGames {
    /// Game ids, longest running first, each with its latest board message.
    pub games: Vec<(GameId, Option<u64>)>,
    /// How many active games the guild has in all.
    pub total: u64,
}

impl Db {
    /// Records `message` as the latest board of `game`, unless a later one is recorded
    /// already (message ids grow with time).
    #[tracing::instrument(skip_all)]
    pub async fn set_board_message(&self, game: GameId, message: u64) -> Result<(), sqlx::Error> {
        sqlx::query!(
            "INSERT INTO board_messages (game_id, message_id) VALUES ($1, $2)
             ON CONFLICT (game_id) DO UPDATE SET message_id = EXCLUDED.message_id
             WHERE board_messages.message_id < EXCLUDED.message_id",
            game.0,
            to_db(message)
        )
        .execute(&self.pool)
        .await?;
        Ok(())
    }

    /// The ids of at most `limit` of the guild's active games, longest running first, each with
    /// its latest board message; and how many active games the guild has in all.
    #[tracing::instrument(skip_all)]
    pub async fn active_games_of_guild(
        &self,
        guild: u64,
        limit: u32,
    ) -> Result<GuildGames, sqlx::Error> {
        let rows = sqlx::query!(
            "SELECT g.id, b.message_id AS \"message_id?\"
             FROM games g LEFT JOIN board_messages b ON b.game_id = g.id
             WHERE g.guild_id = $1 AND g.status = 'active'
             ORDER BY g.id LIMIT $2",
            to_db(guild),
            i64::from(limit)
        )
        .fetch_all(&self.pool)
        .await?;
        let total = sqlx::query_scalar!(
            r#"SELECT count(*) AS "count!" FROM games WHERE guild_id = $1 AND status = 'active'"#,
            to_db(guild)
        )
        .fetch_one(&self.pool)
        .await?;
        let games = rows
            .into_iter()
            .map(|r| (GameId(r.id), r.message_id.map(from_db)))
            .collect();
        Ok(GuildGames {
            games,
            total: u64::try_from(total).unwrap_or(0),
        })
    }
}
