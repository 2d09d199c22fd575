//! The `challenges` table: invitations to a game and how they were answered.

use super::{Db, DbTx};
use chrono::{DateTime, Utc};

/// A row of `challenges`.
#[derive(Clone, Debug, PartialEq)]
pub struct ChallengeRow {
    /// The challenge's id (carried by the Discord buttons).
    pub id: i64,
    /// Guild.
    pub guild_id: i64,
    /// Channel where the game will be played.
    pub channel_id: i64,
    /// Who challenged.
    pub challenger_id: i64,
    /// Who is challenged.
    pub opponent_id: i64,
    /// Variant name.
    pub variant: String,
    /// `challenger`, `opponent` or `random`.
    pub first_mover: String,
    /// Option `anti_spoiling`.
    pub anti_spoiling: bool,
    /// Seconds per move.
    pub turn_timeout_secs: i64,
    /// The Discord message showing the challenge, once sent.
    pub message_id: Option<i64>,
    /// `pending`, `accepted`, `declined`, `withdrawn` or `expired`.
    pub status: String,
    /// The game an accepted challenge started.
    pub game_id: Option<i64>,
    /// When a pending challenge expires.
    pub expires_at: DateTime<Utc>,
    /// When it was made.
    pub created_at: DateTime<Utc>,
}

/// What a new challenge is made of.
#[derive(Clone, Debug)]
pub struct NewChallenge<'a> {
    /// Guild.
    pub guild_id: i64,
    /// Channel.
    pub channel_id: i64,
    /// Who challenges.
    pub challenger_id: i64,
    /// Who is challenged.
    pub opponent_id: i64,
    /// Variant name.
    pub variant: &'a str,
    /// `challenger`, `opponent` or `random`.
    pub first_mover: &'a str,
    /// Option `anti_spoiling`.
    pub anti_spoiling: bool,
    /// Seconds per move.
    pub turn_timeout_secs: i64,
    /// When it expires.
    pub expires_at: DateTime<Utc>,
    /// Now.
    pub created_at: DateTime<Utc>,
}

impl Db {
    /// Stores a new pending challenge.
    #[tracing::instrument(skip_all)]
    pub async fn insert_challenge(
        &self,
        new: &NewChallenge<'_>,
    ) -> Result<ChallengeRow, sqlx::Error> {
        sqlx::query_as!(
            ChallengeRow,
            "INSERT INTO challenges (guild_id, channel_id, challenger_id, opponent_id, variant,
                                     first_mover, anti_spoiling, turn_timeout_secs, expires_at,
                                     created_at)
             VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)
             RETURNING *",
            new.guild_id,
            new.channel_id,
            new.challenger_id,
            new.opponent_id,
            new.variant,
            new.first_mover,
            new.anti_spoiling,
            new.turn_timeout_secs,
            new.expires_at,
            new.created_at,
        )
        .fetch_one(&self.pool)
        .await
    }

    /// The challenge with this id.
    #[tracing::instrument(skip_all)]
    pub async fn challenge(&self, id: i64) -> Result<Option<ChallengeRow>, sqlx::Error> {
        sqlx::query_as!(ChallengeRow, "SELECT * FROM challenges WHERE id = $1", id)
            .fetch_optional(&self.pool)
            .await
    }

    /// Remembers the Discord message that shows the challenge.
    #[tracing::instrument(skip_all)]
    pub async fn set_challenge_message(
        &self,
        id: i64,
        message_id: i64,
    ) -> Result<bool, sqlx::Error> {
        let done = sqlx::query!(
            "UPDATE challenges SET message_id = $2 WHERE id = $1",
            id,
            message_id
        )
        .execute(&self.pool)
        .await?;
        Ok(done.rows_affected() == 1)
    }

    /// Marks every pending challenge whose time is up as expired and returns them.
    #[tracing::instrument(skip_all)]
    pub async fn expire_challenges(
        &self,
        now: DateTime<Utc>,
    ) -> Result<Vec<ChallengeRow>, sqlx::Error> {
        sqlx::query_as!(
            ChallengeRow,
            "UPDATE challenges SET status = 'expired'
             WHERE status = 'pending' AND expires_at <= $1
             RETURNING *",
            now
        )
        .fetch_all(&self.pool)
        .await
    }
}

impl DbTx {
    /// Moves a pending challenge to `status` (and links the game it started); `None` if it
    /// was not pending any more.
    #[tracing::instrument(skip_all)]
    pub async fn close_challenge(
        &mut self,
        id: i64,
        status: &str,
        game_id: Option<i64>,
    ) -> Result<Option<ChallengeRow>, sqlx::Error> {
        sqlx::query_as!(
            ChallengeRow,
            "UPDATE challenges SET status = $2, game_id = $3
             WHERE id = $1 AND status = 'pending'
             RETURNING *",
            id,
            status,
            game_id
        )
        .fetch_optional(&mut *self.tx)
        .await
    }
}
