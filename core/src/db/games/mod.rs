//! The `games` table: one row per game, with its options, positions, timer and result. A game is
//! read together with its players (`seat_users`, a function over `game_seats`).

use super::{letters, to_db, violates, Db, DbTx};
use crate::model::GameId;
use chrono::{DateTime, TimeDelta, Utc};
use halma::Seat;

mod record;
mod save;

use record::{records, GameRow};
pub use record::{AfterDeparture, AfterMove, Departure, GameEnd, GameRecord, NewGame};

impl Db {
    /// The channel's active game, or else its most recent one.
    #[tracing::instrument(skip_all)]
    pub async fn current_or_last_game(
        &self,
        channel: u64,
    ) -> Result<Option<GameRecord>, sqlx::Error> {
        sqlx::query_as!(
            GameRow,
            r#"SELECT *, seat_users(id) AS "users!", seat_bots(id) AS "bots!" FROM games WHERE channel_id = $1
               ORDER BY status = 'active' DESC, id DESC LIMIT 1"#,
            to_db(channel)
        )
        .fetch_optional(&self.pool)
        .await?
        .map(GameRecord::try_from)
        .transpose()
    }

    /// The id and version of the channel's active game in `guild`, read without the rest of
    /// the row, so that a game whose position or seats do not parse can still be ended.
    #[tracing::instrument(skip_all)]
    pub async fn active_game_stamp(
        &self,
        guild: u64,
        channel: u64,
    ) -> Result<Option<(GameId, i32)>, sqlx::Error> {
        let row = sqlx::query!(
            "SELECT id, version FROM games
             WHERE channel_id = $1 AND guild_id = $2 AND status = 'active'",
            to_db(channel),
            to_db(guild)
        )
        .fetch_optional(&self.pool)
        .await?;
        Ok(row.map(|r| (GameId(r.id), r.version)))
    }

    /// Whether a game is being played in the channel.
    #[tracing::instrument(skip_all)]
    pub async fn channel_is_busy(&self, channel: u64) -> Result<bool, sqlx::Error> {
        channel_is_busy(&self.pool, channel).await
    }

    /// How many games are being played, in every guild.
    #[tracing::instrument(skip_all)]
    pub async fn count_active_games(&self) -> Result<i64, sqlx::Error> {
        sqlx::query_scalar!(r#"SELECT count(*) AS "count!" FROM games WHERE status = 'active'"#)
            .fetch_one(&self.pool)
            .await
    }

    /// The active games in a guild that `user` plays in, oldest first.
    #[tracing::instrument(skip_all)]
    pub async fn active_games_of_user(
        &self,
        guild: u64,
        user: u64,
    ) -> Result<Vec<GameRecord>, sqlx::Error> {
        records(
            sqlx::query_as!(
                GameRow,
                r#"SELECT g.*, seat_users(g.id) AS "users!", seat_bots(g.id) AS "bots!"
                   FROM games g JOIN game_seats s ON s.game_id = g.id
                   WHERE g.guild_id = $1 AND s.user_id = $2 AND g.status = 'active'
                   ORDER BY g.id"#,
                to_db(guild),
                to_db(user)
            )
            .fetch_all(&self.pool)
            .await?,
        )
    }

    /// The ids of active games whose player to move has used half their time and was not
    /// reminded yet (ids, like [`Db::games_past_deadline`]).
    #[tracing::instrument(skip_all)]
    pub async fn games_due_for_reminder(
        &self,
        now: DateTime<Utc>,
    ) -> Result<Vec<GameId>, sqlx::Error> {
        let ids = sqlx::query_scalar!(
            "SELECT id FROM games
             WHERE status = 'active' AND NOT half_time_ping_sent AND turn_deadline > $1
               AND turn_deadline - make_interval(secs => turn_timeout_secs / 2.0) <= $1
             ORDER BY turn_deadline",
            now
        )
        .fetch_all(&self.pool)
        .await?;
        Ok(ids.into_iter().map(GameId).collect())
    }

    /// The ids of active games whose deadline has passed, earliest first. Only ids, so that
    /// one game's unreadable row cannot hide the others: each is read on its own.
    #[tracing::instrument(skip_all)]
    pub async fn games_past_deadline(
        &self,
        now: DateTime<Utc>,
    ) -> Result<Vec<GameId>, sqlx::Error> {
        let ids = sqlx::query_scalar!(
            "SELECT id FROM games WHERE status = 'active' AND turn_deadline <= $1
             ORDER BY turn_deadline",
            now
        )
        .fetch_all(&self.pool)
        .await?;
        Ok(ids.into_iter().map(GameId).collect())
    }

    /// The first active game with an id above `after` (the next one for a round of checks).
    #[tracing::instrument(skip_all)]
    pub async fn next_active_game(&self, after: GameId) -> Result<Option<GameId>, sqlx::Error> {
        let id = sqlx::query_scalar!(
            "SELECT id FROM games WHERE status = 'active' AND id > $1 ORDER BY id LIMIT 1",
            after.0
        )
        .fetch_optional(&self.pool)
        .await?;
        Ok(id.map(GameId))
    }

    /// The game with this id.
    #[tracing::instrument(skip_all)]
    pub async fn game(&self, id: GameId) -> Result<Option<GameRecord>, sqlx::Error> {
        sqlx::query_as!(
            GameRow,
            r#"SELECT *, seat_users(id) AS "users!", seat_bots(id) AS "bots!" FROM games WHERE id = $1"#,
            id.0
        )
        .fetch_optional(&self.pool)
        .await?
        .map(GameRecord::try_from)
        .transpose()
    }

    /// The game whose web page has `token`, with its players.
    #[tracing::instrument(skip_all)]
    pub async fn game_by_token(&self, token: &str) -> Result<Option<GameRecord>, sqlx::Error> {
        sqlx::query_as!(
            GameRow,
            r#"SELECT *, seat_users(id) AS "users!", seat_bots(id) AS "bots!" FROM games
               WHERE web_token = $1"#,
            token
        )
        .fetch_optional(&self.pool)
        .await?
        .map(GameRecord::try_from)
        .transpose()
    }
}

impl DbTx {
    /// Whether a game is being played in the channel, seen from inside the transaction: a
    /// change that holds a connection must never wait for a second one from the pool.
    #[tracing::instrument(skip_all)]
    pub async fn channel_is_busy(&mut self, channel: u64) -> Result<bool, sqlx::Error> {
        channel_is_busy(&mut *self.tx, channel).await
    }

    /// Marks the half-time reminder as sent, unless the game changed since `version`; returns
    /// the game as it now stands. The version is not bumped: a reminder must not make a
    /// concurrent move fail.
    #[tracing::instrument(skip_all)]
    pub async fn mark_reminded(
        &mut self,
        id: GameId,
        version: i32,
    ) -> Result<Option<GameRecord>, sqlx::Error> {
        sqlx::query_as!(
            GameRow,
            r#"UPDATE games SET half_time_ping_sent = TRUE
               WHERE id = $1 AND version = $2 AND status = 'active' AND NOT half_time_ping_sent
               RETURNING *, seat_users(id) AS "users!", seat_bots(id) AS "bots!""#,
            id.0,
            version
        )
        .fetch_optional(&mut *self.tx)
        .await?
        .map(GameRecord::try_from)
        .transpose()
    }

    /// Inserts a game with its players; `None` if the channel already has an active game.
    #[tracing::instrument(skip_all)]
    pub async fn insert_game(
        &mut self,
        game: &NewGame<'_>,
    ) -> Result<Option<GameRecord>, sqlx::Error> {
        let options = &game.options;
        let start = game.start.to_string();
        let inserted = sqlx::query_as!(
            GameRow,
            r#"INSERT INTO games (guild_id, channel_id, variant, camp_rule, balance, anti_spoiling,
                                  no_parking, ply_limit, start_position, position, turns,
                                  turn_timeout_secs, turn_deadline, created_at)
               VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $9, $10, $11, $12, $13)
               RETURNING *, ARRAY[]::BIGINT[] AS "users!", '' AS "bots!""#,
            to_db(game.guild),
            to_db(game.channel),
            game.start.variant().name(),
            options.camp_rule,
            options.balance,
            options.anti_spoiling,
            options.no_parking,
            options.ply_limit.map(|n| n as i32),
            start,
            game.turns as i32,
            game.turn_timeout.num_seconds(),
            game.turn_deadline,
            game.created_at,
        )
        .fetch_one(&mut *self.tx)
        .await;
        let mut row = match inserted {
            Ok(row) => row,
            Err(e) if violates(&e, "games_one_active_per_channel") => return Ok(None),
            Err(e) => return Err(e),
        };
        self.insert_seats(GameId(row.id), game.players).await?;
        row.users = game.players.iter().map(|p| to_db(p.user)).collect();
        GameRecord::try_from(row).map(Some)
    }

    /// Ends an active game without a move (resignation, agreement, time, abort), unless it
    /// changed since `version`. Returns the game as the update left it.
    #[tracing::instrument(skip_all)]
    pub async fn end_game(
        &mut self,
        id: GameId,
        version: i32,
        end: &GameEnd,
    ) -> Result<Option<GameRecord>, sqlx::Error> {
        let winners = letters(&end.winners);
        sqlx::query_as!(
            GameRow,
            r#"UPDATE games SET status = $3, winners = $4, end_reason = $5, finished_at = $6,
                    turn_deadline = NULL, draw_offers = '', version = version + 1
               WHERE id = $1 AND version = $2 AND status = 'active'
               RETURNING *, seat_users(id) AS "users!", seat_bots(id) AS "bots!""#,
            id.0,
            version,
            end.status.as_str(),
            (!winners.is_empty()).then_some(winners),
            end.reason.as_str(),
            end.at,
        )
        .fetch_optional(&mut *self.tx)
        .await?
        .map(GameRecord::try_from)
        .transpose()
    }

    /// Moves the deadline of every active game forward by `by` (after an outage of the bot),
    /// and returns how many moved. Versions are kept: a move under way is still welcome.
    #[tracing::instrument(skip_all)]
    pub async fn postpone_deadlines(&mut self, by: TimeDelta) -> Result<u64, sqlx::Error> {
        let done = sqlx::query!(
            "UPDATE games SET turn_deadline = turn_deadline + make_interval(secs => $1)
             WHERE status = 'active'",
            by.num_milliseconds() as f64 / 1000.0
        )
        .execute(&mut *self.tx)
        .await?;
        Ok(done.rows_affected())
    }

    /// Aborts an active game unless it changed since `version`, without reading the row back
    /// (it may not parse); `false` if nothing was ended.
    #[tracing::instrument(skip_all)]
    pub async fn abort_game(
        &mut self,
        id: GameId,
        version: i32,
        end: &GameEnd,
    ) -> Result<bool, sqlx::Error> {
        let done = sqlx::query!(
            "UPDATE games SET status = $3, winners = NULL, end_reason = $4, finished_at = $5,
                    turn_deadline = NULL, draw_offers = '', version = version + 1
             WHERE id = $1 AND version = $2 AND status = 'active'",
            id.0,
            version,
            end.status.as_str(),
            end.reason.as_str(),
            end.at,
        )
        .execute(&mut *self.tx)
        .await?;
        Ok(done.rows_affected() == 1)
    }

    /// Sets the seats offering a draw, unless the game changed since `version`. Returns the
    /// game as the update left it.
    #[tracing::instrument(skip_all)]
    pub async fn set_draw_offers(
        &mut self,
        id: GameId,
        version: i32,
        offers: &[Seat],
    ) -> Result<Option<GameRecord>, sqlx::Error> {
        sqlx::query_as!(
            GameRow,
            r#"UPDATE games SET draw_offers = $3, version = version + 1
               WHERE id = $1 AND version = $2 AND status = 'active'
               RETURNING *, seat_users(id) AS "users!", seat_bots(id) AS "bots!""#,
            id.0,
            version,
            letters(offers)
        )
        .fetch_optional(&mut *self.tx)
        .await?
        .map(GameRecord::try_from)
        .transpose()
    }
}

/// The query of [`Db::channel_is_busy`] and [`DbTx::channel_is_busy`].
async fn channel_is_busy<'e>(
    db: impl sqlx::PgExecutor<'e>,
    channel: u64,
) -> Result<bool, sqlx::Error> {
    sqlx::query_scalar!(
        r#"SELECT EXISTS (SELECT 1 FROM games WHERE channel_id = $1 AND status = 'active') AS "busy!""#,
        to_db(channel)
    )
    .fetch_one(db)
    .await
}

impl DbTx {
    /// Records that a player left a game of three or more, unless the game changed since
    /// `version`: the position without their pieces, the next deadline, and (when one player is
    /// left) the end. Clears draw offers, as a move does. Returns the game as the update left it.
    #[tracing::instrument(skip_all)]
    pub async fn record_departure(
        &mut self,
        id: GameId,
        version: i32,
        after: &AfterDeparture<'_>,
    ) -> Result<Option<GameRecord>, sqlx::Error> {
        let end = after.end;
        let snapshot = after.snapshot;
        sqlx::query_as!(
            GameRow,
            r#"UPDATE games SET position = $3, turns = $4, balance_pending = $5,
                    left_seats = left_seats || $6, left_after = left_after || $7::INTEGER,
                    turn_deadline = $8, half_time_ping_sent = $9, draw_offers = '',
                    version = version + 1, status = COALESCE($10, status), winners = $11,
                    end_reason = $12, finished_at = $13
               WHERE id = $1 AND version = $2 AND status = 'active'
               RETURNING *, seat_users(id) AS "users!", seat_bots(id) AS "bots!""#,
            id.0,
            version,
            snapshot.position.to_string(),
            snapshot.plies as i32,
            snapshot.balance_pending.map(|s| s.letter().to_string()),
            after.departure.seat.letter().to_string(),
            after.departure.after_ply as i32,
            after.turn_deadline,
            after.half_time_ping_sent,
            end.map(|e| e.status.as_str()),
            end.map(|e| letters(&e.winners)).filter(|w| !w.is_empty()),
            end.map(|e| e.reason.as_str()),
            end.map(|e| e.at),
        )
        .fetch_optional(&mut *self.tx)
        .await?
        .map(GameRecord::try_from)
        .transpose()
    }
}
