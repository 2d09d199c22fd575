//! The `game_seats` table: which user plays which seat of a game, and how a rated game changed
//! their rating. Games are read with their seats' users (see [`super::games`]). A seat played
//! by the bot names its level; every seat counts the hints its player took.

use super::{parse, seat, seats, to_db, Db, DbTx};
use crate::model::{GameId, Player};
use halma::{Seat, Variant};
use halma_engine::Level;

/// A level's place among the levels, weakest first.
fn strength(level: Level) -> usize {
    Level::ALL.iter().position(|l| *l == level).unwrap_or(0)
}

/// A player's results against one level of the bot, from finished games.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct AiRecord {
    /// The bot's level.
    pub level: Level,
    /// Games the player won.
    pub wins: u32,
    /// Games the bot won.
    pub losses: u32,
    /// Drawn games.
    pub draws: u32,
}

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

impl DbTx {
    /// Makes `seat` of `game` the bot's, playing at `level`.
    #[tracing::instrument(skip_all)]
    pub async fn set_ai_level(
        &mut self,
        game: GameId,
        seat: Seat,
        level: Level,
    ) -> Result<(), sqlx::Error> {
        sqlx::query!(
            "UPDATE game_seats SET ai_level = $3 WHERE game_id = $1 AND seat = $2",
            game.0,
            seat.letter().to_string(),
            level.name()
        )
        .execute(&mut *self.tx)
        .await?;
        Ok(())
    }

    /// Whether the bot plays a seat of `game` (such games are not rated).
    #[tracing::instrument(skip_all)]
    pub async fn has_ai_seat(&mut self, game: GameId) -> Result<bool, sqlx::Error> {
        sqlx::query_scalar!(
            r#"SELECT EXISTS (SELECT 1 FROM game_seats WHERE game_id = $1 AND ai_level IS NOT NULL)
               AS "exists!""#,
            game.0
        )
        .fetch_one(&mut *self.tx)
        .await
    }

    /// Counts one more hint for `seat` of `game` unless it has taken `limit` already; the
    /// hints it has now taken, or `None` at the limit.
    #[tracing::instrument(skip_all)]
    pub async fn use_hint(
        &mut self,
        game: GameId,
        seat: Seat,
        limit: u32,
    ) -> Result<Option<u32>, sqlx::Error> {
        let used = sqlx::query_scalar!(
            "UPDATE game_seats SET hints_used = hints_used + 1
             WHERE game_id = $1 AND seat = $2 AND hints_used < $3
             RETURNING hints_used",
            game.0,
            seat.letter().to_string(),
            limit as i32
        )
        .fetch_optional(&mut *self.tx)
        .await?;
        Ok(used.map(|n| n as u32))
    }
}

impl Db {
    /// The seats of `game` the bot plays, with their levels.
    #[tracing::instrument(skip_all)]
    pub async fn ai_seats(&self, game: GameId) -> Result<Vec<(Seat, Level)>, sqlx::Error> {
        let rows = sqlx::query!(
            r#"SELECT seat, ai_level AS "level!" FROM game_seats
               WHERE game_id = $1 AND ai_level IS NOT NULL ORDER BY seat"#,
            game.0
        )
        .fetch_all(&self.pool)
        .await?;
        rows.into_iter()
            .map(|r| Ok((seat(&r.seat)?, parse("ai level", &r.level)?)))
            .collect()
    }

    /// The active games the bot plays in, oldest first (after a restart, those waiting for
    /// its move are among them).
    #[tracing::instrument(skip_all)]
    pub async fn active_games_with_ai(&self) -> Result<Vec<GameId>, sqlx::Error> {
        let ids = sqlx::query_scalar!(
            "SELECT g.id FROM games g
             WHERE g.status = 'active'
               AND EXISTS (SELECT 1 FROM game_seats s WHERE s.game_id = g.id AND s.ai_level IS NOT NULL)
             ORDER BY g.id"
        )
        .fetch_all(&self.pool)
        .await?;
        Ok(ids.into_iter().map(GameId).collect())
    }

    /// How many hints the player at each seat of `game` took, in seat order.
    #[tracing::instrument(skip_all)]
    pub async fn hints_used(&self, game: GameId) -> Result<Vec<(Seat, u32)>, sqlx::Error> {
        let rows = sqlx::query!(
            "SELECT seat, hints_used FROM game_seats WHERE game_id = $1 ORDER BY seat",
            game.0
        )
        .fetch_all(&self.pool)
        .await?;
        rows.into_iter()
            .map(|r| Ok((seat(&r.seat)?, r.hints_used as u32)))
            .collect()
    }

    /// `user`'s results in the guild against each level of the bot, from finished games,
    /// weakest level first. A game counts once, however many seats the bot held, against the
    /// level of the bot's seats that played against `user` (the strongest, should they differ);
    /// a game where the bot was only `user`'s partner does not count.
    #[tracing::instrument(skip_all)]
    pub async fn ai_records(&self, guild: u64, user: u64) -> Result<Vec<AiRecord>, sqlx::Error> {
        // One row per game, with every seat the bot held in it.
        let rows = sqlx::query!(
            r#"SELECT g.variant, g.winners, me.seat AS me,
                      array_agg(bot.seat ORDER BY bot.seat) AS "bot_seats!",
                      array_agg(bot.ai_level ORDER BY bot.seat) AS "bot_levels!: Vec<String>"
               FROM games g
               JOIN game_seats me ON me.game_id = g.id AND me.user_id = $2 AND me.ai_level IS NULL
               JOIN game_seats bot ON bot.game_id = g.id AND bot.ai_level IS NOT NULL
               WHERE g.guild_id = $1 AND g.status = 'finished'
               GROUP BY g.id, me.seat"#,
            to_db(guild),
            to_db(user)
        )
        .fetch_all(&self.pool)
        .await?;
        // Per level, weakest first: games won, lost and drawn.
        let mut tally = [[0u32; 3]; Level::ALL.len()];
        for row in rows {
            let variant: Variant = parse("variant", &row.variant)?;
            let me = seat(&row.me)?;
            let mut against = None;
            for (bot_seat, level) in row.bot_seats.iter().zip(&row.bot_levels) {
                if variant.partner(me) != Some(seat(bot_seat)?) {
                    against = against.max(Some(strength(parse("ai level", level)?)));
                }
            }
            let Some(level) = against else { continue };
            let result = match &row.winners {
                Some(winners) if seats(winners)?.contains(&me) => 0,
                Some(_) => 1,
                None => 2,
            };
            tally[level][result] += 1;
        }
        Ok(Level::ALL
            .into_iter()
            .zip(tally)
            .filter(|(_, t)| t.iter().any(|&n| n > 0))
            .map(|(level, [wins, losses, draws])| AiRecord {
                level,
                wins,
                losses,
                draws,
            })
            .collect())
    }
}
