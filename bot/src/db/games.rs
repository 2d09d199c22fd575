//! The `games` table: one row per game, with its options, positions, timer and result.

use super::{violates, Db, DbTx};
use chrono::{DateTime, Utc};

/// A row of `games`.
#[derive(Clone, Debug, PartialEq)]
pub struct GameRow {
    /// The game's id.
    pub id: i64,
    /// The guild it is played in.
    pub guild_id: i64,
    /// The channel it is played in.
    pub channel_id: i64,
    /// The variant's name.
    pub variant: String,
    /// Option `camp_rule`.
    pub camp_rule: bool,
    /// Option `balance`.
    pub balance: bool,
    /// Option `anti_spoiling`.
    pub anti_spoiling: bool,
    /// Option `ply_limit`.
    pub ply_limit: Option<i32>,
    /// The position string the game started from.
    pub start_position: String,
    /// The current position string.
    pub position: String,
    /// Moves played (rows in `moves`).
    pub ply: i32,
    /// Bumped by every change that depends on what was read before it.
    pub version: i32,
    /// `active`, `finished` or `aborted`.
    pub status: String,
    /// Seat letters of the winners of a won game.
    pub winners: Option<String>,
    /// Why the game ended.
    pub end_reason: Option<String>,
    /// Time each player has for a move, in seconds.
    pub turn_timeout_secs: i64,
    /// When the player to move loses on time (active games only).
    pub turn_deadline: Option<DateTime<Utc>>,
    /// Whether the player to move was reminded at half time.
    pub half_time_ping_sent: bool,
    /// Seat letters offering a draw.
    pub draw_offers: String,
    /// When the game started.
    pub created_at: DateTime<Utc>,
    /// When it ended.
    pub finished_at: Option<DateTime<Utc>>,
}

/// What a new game is made of.
#[derive(Clone, Debug)]
pub struct NewGame<'a> {
    /// Guild.
    pub guild_id: i64,
    /// Channel.
    pub channel_id: i64,
    /// Variant name.
    pub variant: &'a str,
    /// Option `camp_rule`.
    pub camp_rule: bool,
    /// Option `balance`.
    pub balance: bool,
    /// Option `anti_spoiling`.
    pub anti_spoiling: bool,
    /// Option `ply_limit`.
    pub ply_limit: Option<i32>,
    /// The start position string (also the current one).
    pub start_position: &'a str,
    /// Seconds per move.
    pub turn_timeout_secs: i64,
    /// The first move's deadline.
    pub turn_deadline: DateTime<Utc>,
    /// Now.
    pub created_at: DateTime<Utc>,
}

/// The state a game is left in by a move.
#[derive(Clone, Debug)]
pub struct AfterMove<'a> {
    /// The new position string.
    pub position: &'a str,
    /// Moves played, this one included.
    pub ply: i32,
    /// The next deadline, or `None` when the move ended the game.
    pub turn_deadline: Option<DateTime<Utc>>,
    /// How the game ended, when it did.
    pub end: Option<GameEnd<'a>>,
}

/// How a game ended.
#[derive(Clone, Debug)]
pub struct GameEnd<'a> {
    /// `finished` or `aborted`.
    pub status: &'a str,
    /// Winners' seat letters, for a win.
    pub winners: Option<&'a str>,
    /// Why it ended.
    pub reason: &'a str,
    /// When.
    pub at: DateTime<Utc>,
}

impl Db {
    /// The game with this id.
    #[tracing::instrument(skip_all)]
    pub async fn game(&self, id: i64) -> Result<Option<GameRow>, sqlx::Error> {
        sqlx::query_as!(GameRow, "SELECT * FROM games WHERE id = $1", id)
            .fetch_optional(&self.pool)
            .await
    }

    /// The channel's active game, or else its most recent one.
    #[tracing::instrument(skip_all)]
    pub async fn current_or_last_game(
        &self,
        channel_id: i64,
    ) -> Result<Option<GameRow>, sqlx::Error> {
        sqlx::query_as!(
            GameRow,
            "SELECT * FROM games WHERE channel_id = $1
             ORDER BY status = 'active' DESC, id DESC LIMIT 1",
            channel_id
        )
        .fetch_optional(&self.pool)
        .await
    }

    /// Whether a game is being played in the channel.
    #[tracing::instrument(skip_all)]
    pub async fn channel_is_busy(&self, channel_id: i64) -> Result<bool, sqlx::Error> {
        let busy = sqlx::query_scalar!(
            r#"SELECT EXISTS (SELECT 1 FROM games WHERE channel_id = $1 AND status = 'active') AS "busy!""#,
            channel_id
        )
        .fetch_one(&self.pool)
        .await?;
        Ok(busy)
    }

    /// How many games are being played, in every guild.
    #[tracing::instrument(skip_all)]
    pub async fn count_active_games(&self) -> Result<i64, sqlx::Error> {
        sqlx::query_scalar!(r#"SELECT count(*) AS "count!" FROM games WHERE status = 'active'"#)
            .fetch_one(&self.pool)
            .await
    }

    /// The active games in a guild that `user_id` plays in, oldest first.
    #[tracing::instrument(skip_all)]
    pub async fn active_games_of_user(
        &self,
        guild_id: i64,
        user_id: i64,
    ) -> Result<Vec<GameRow>, sqlx::Error> {
        sqlx::query_as!(
            GameRow,
            "SELECT g.* FROM games g JOIN game_seats s ON s.game_id = g.id
             WHERE g.guild_id = $1 AND s.user_id = $2 AND g.status = 'active'
             ORDER BY g.id",
            guild_id,
            user_id
        )
        .fetch_all(&self.pool)
        .await
    }

    /// Active games whose player to move has used half their time and was not reminded yet.
    #[tracing::instrument(skip_all)]
    pub async fn games_due_for_reminder(
        &self,
        now: DateTime<Utc>,
    ) -> Result<Vec<GameRow>, sqlx::Error> {
        sqlx::query_as!(
            GameRow,
            "SELECT * FROM games
             WHERE status = 'active' AND NOT half_time_ping_sent AND turn_deadline > $1
               AND turn_deadline - make_interval(secs => turn_timeout_secs / 2.0) <= $1
             ORDER BY turn_deadline",
            now
        )
        .fetch_all(&self.pool)
        .await
    }

    /// Active games whose deadline has passed.
    #[tracing::instrument(skip_all)]
    pub async fn games_past_deadline(
        &self,
        now: DateTime<Utc>,
    ) -> Result<Vec<GameRow>, sqlx::Error> {
        sqlx::query_as!(
            GameRow,
            "SELECT * FROM games WHERE status = 'active' AND turn_deadline <= $1
             ORDER BY turn_deadline",
            now
        )
        .fetch_all(&self.pool)
        .await
    }

    /// Marks the half-time reminder as sent, unless the game changed since `version`.
    /// The version is not bumped: a reminder must not make a concurrent move fail.
    #[tracing::instrument(skip_all)]
    pub async fn mark_reminded(&self, id: i64, version: i32) -> Result<bool, sqlx::Error> {
        let done = sqlx::query!(
            "UPDATE games SET half_time_ping_sent = TRUE
             WHERE id = $1 AND version = $2 AND status = 'active' AND NOT half_time_ping_sent",
            id,
            version
        )
        .execute(&self.pool)
        .await?;
        Ok(done.rows_affected() == 1)
    }
}

impl DbTx {
    /// Inserts a game; `None` if the channel already has an active game.
    #[tracing::instrument(skip_all)]
    pub async fn insert_game(
        &mut self,
        game: &NewGame<'_>,
    ) -> Result<Option<GameRow>, sqlx::Error> {
        let inserted = sqlx::query_as!(
            GameRow,
            "INSERT INTO games (guild_id, channel_id, variant, camp_rule, balance, anti_spoiling,
                                ply_limit, start_position, position, turn_timeout_secs,
                                turn_deadline, created_at)
             VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $8, $9, $10, $11)
             RETURNING *",
            game.guild_id,
            game.channel_id,
            game.variant,
            game.camp_rule,
            game.balance,
            game.anti_spoiling,
            game.ply_limit,
            game.start_position,
            game.turn_timeout_secs,
            game.turn_deadline,
            game.created_at,
        )
        .fetch_one(&mut *self.tx)
        .await;
        match inserted {
            Ok(row) => Ok(Some(row)),
            Err(e) if violates(&e, "games_one_active_per_channel") => Ok(None),
            Err(e) => Err(e),
        }
    }

    /// Records a move's effect on the game, unless the game changed since `version`. Clears
    /// draw offers and the reminder flag. Returns whether the row was updated.
    #[tracing::instrument(skip_all)]
    pub async fn record_move(
        &mut self,
        id: i64,
        version: i32,
        after: &AfterMove<'_>,
    ) -> Result<bool, sqlx::Error> {
        let end = after.end.as_ref();
        let done = sqlx::query!(
            "UPDATE games SET position = $3, ply = $4, turn_deadline = $5,
                    half_time_ping_sent = FALSE, draw_offers = '', version = version + 1,
                    status = COALESCE($6, status), winners = $7, end_reason = $8, finished_at = $9
             WHERE id = $1 AND version = $2 AND status = 'active'",
            id,
            version,
            after.position,
            after.ply,
            after.turn_deadline,
            end.map(|e| e.status),
            end.and_then(|e| e.winners),
            end.map(|e| e.reason),
            end.map(|e| e.at),
        )
        .execute(&mut *self.tx)
        .await?;
        Ok(done.rows_affected() == 1)
    }

    /// Ends an active game without a move (resignation, agreement, time, abort), unless it
    /// changed since `version`. Returns whether the row was updated.
    #[tracing::instrument(skip_all)]
    pub async fn end_game(
        &mut self,
        id: i64,
        version: i32,
        end: &GameEnd<'_>,
    ) -> Result<bool, sqlx::Error> {
        let done = sqlx::query!(
            "UPDATE games SET status = $3, winners = $4, end_reason = $5, finished_at = $6,
                    turn_deadline = NULL, draw_offers = '', version = version + 1
             WHERE id = $1 AND version = $2 AND status = 'active'",
            id,
            version,
            end.status,
            end.winners,
            end.reason,
            end.at,
        )
        .execute(&mut *self.tx)
        .await?;
        Ok(done.rows_affected() == 1)
    }

    /// Sets the seats offering a draw, unless the game changed since `version`.
    #[tracing::instrument(skip_all)]
    pub async fn set_draw_offers(
        &mut self,
        id: i64,
        version: i32,
        offers: &str,
    ) -> Result<bool, sqlx::Error> {
        let done = sqlx::query!(
            "UPDATE games SET draw_offers = $3, version = version + 1
             WHERE id = $1 AND version = $2 AND status = 'active'",
            id,
            version,
            offers
        )
        .execute(&mut *self.tx)
        .await?;
        Ok(done.rows_affected() == 1)
    }
}
