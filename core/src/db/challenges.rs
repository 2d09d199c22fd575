//! The `challenges` table: invitations to a game and how they were answered.

use super::{from_db, parse, to_db, violates, Db, DbTx};
use crate::model::{ChallengeId, ChallengeStatus, FirstMover, GameId};
use chrono::{DateTime, TimeDelta, Utc};
use halma::Variant;

/// A challenge as stored (and as the players see it).
#[derive(Clone, Debug, PartialEq)]
pub struct Challenge {
    /// The id the buttons carry.
    pub id: ChallengeId,
    /// Guild.
    pub guild: u64,
    /// Channel the game will be played in.
    pub channel: u64,
    /// Who challenged (who else is invited: `challenge_players`).
    pub challenger: u64,
    /// The variant.
    pub variant: Variant,
    /// Who will move first.
    pub first: FirstMover,
    /// Option `anti_spoiling`.
    pub anti_spoiling: bool,
    /// Option `no_parking` (the star's only).
    pub no_parking: bool,
    /// Time per move.
    pub turn_timeout: TimeDelta,
    /// The Discord message that shows it, once known.
    pub message: Option<u64>,
    /// Where it stands.
    pub status: ChallengeStatus,
    /// The game an accepted challenge started.
    pub game: Option<GameId>,
    /// When it expires (if still pending).
    pub expires_at: DateTime<Utc>,
    /// When it was made.
    pub created_at: DateTime<Utc>,
}

/// The columns of `challenges`, as stored.
struct ChallengeRow {
    id: i64,
    guild_id: i64,
    channel_id: i64,
    challenger_id: i64,
    variant: String,
    first_mover: String,
    anti_spoiling: bool,
    no_parking: bool,
    turn_timeout_secs: i64,
    message_id: Option<i64>,
    status: String,
    game_id: Option<i64>,
    expires_at: DateTime<Utc>,
    created_at: DateTime<Utc>,
}

impl TryFrom<ChallengeRow> for Challenge {
    type Error = sqlx::Error;

    fn try_from(row: ChallengeRow) -> Result<Challenge, sqlx::Error> {
        let what = |field: &str| format!("challenge {} {field}", row.id);
        Ok(Challenge {
            id: ChallengeId(row.id),
            guild: from_db(row.guild_id),
            channel: from_db(row.channel_id),
            challenger: from_db(row.challenger_id),
            variant: parse(&what("variant"), &row.variant)?,
            first: parse(&what("first mover"), &row.first_mover)?,
            anti_spoiling: row.anti_spoiling,
            no_parking: row.no_parking,
            turn_timeout: TimeDelta::seconds(row.turn_timeout_secs),
            message: row.message_id.map(from_db),
            status: parse(&what("status"), &row.status)?,
            game: row.game_id.map(GameId),
            expires_at: row.expires_at,
            created_at: row.created_at,
        })
    }
}

/// What a new challenge is made of.
#[derive(Clone, Debug)]
pub struct NewChallenge {
    /// Guild.
    pub guild: u64,
    /// Channel.
    pub channel: u64,
    /// Who challenges (the invited are stored apart, with
    /// [`DbTx::insert_challenge_players`]).
    pub challenger: u64,
    /// The variant.
    pub variant: Variant,
    /// Who moves first.
    pub first: FirstMover,
    /// Option `anti_spoiling`.
    pub anti_spoiling: bool,
    /// Option `no_parking` (the star's only).
    pub no_parking: bool,
    /// Time per move.
    pub turn_timeout: TimeDelta,
    /// When it expires.
    pub expires_at: DateTime<Utc>,
    /// Now.
    pub created_at: DateTime<Utc>,
}

impl DbTx {
    /// Stores a new pending challenge; `None` if the challenger already has a pending
    /// challenge in the channel (the index `challenges_one_pending_per_challenger`; callers
    /// look first, under [`DbTx::lock_gatherings`], so this is the last guard). The
    /// transaction cannot go on after `None`: drop it.
    #[tracing::instrument(skip_all)]
    pub async fn insert_challenge(
        &mut self,
        new: &NewChallenge,
    ) -> Result<Option<Challenge>, sqlx::Error> {
        let inserted = sqlx::query_as!(
            ChallengeRow,
            "INSERT INTO challenges (guild_id, channel_id, challenger_id, variant, first_mover,
                                     anti_spoiling, no_parking, turn_timeout_secs, expires_at,
                                     created_at)
             VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)
             RETURNING *",
            to_db(new.guild),
            to_db(new.channel),
            to_db(new.challenger),
            new.variant.name(),
            new.first.as_str(),
            new.anti_spoiling,
            new.no_parking,
            new.turn_timeout.num_seconds(),
            new.expires_at,
            new.created_at,
        )
        .fetch_one(&mut *self.tx)
        .await;
        match inserted {
            Ok(row) => row.try_into().map(Some),
            Err(e) if violates(&e, "challenges_one_pending_per_challenger") => Ok(None),
            Err(e) => Err(e),
        }
    }

    /// The channel's pending challenge, if any (the oldest, should several be left from
    /// before a channel had one at a time); read under [`DbTx::lock_gatherings`].
    #[tracing::instrument(skip_all)]
    pub async fn pending_challenge_in(
        &mut self,
        channel: u64,
    ) -> Result<Option<Challenge>, sqlx::Error> {
        sqlx::query_as!(
            ChallengeRow,
            "SELECT * FROM challenges
             WHERE channel_id = $1 AND status = 'pending'
             ORDER BY id LIMIT 1",
            to_db(channel)
        )
        .fetch_optional(&mut *self.tx)
        .await?
        .map(Challenge::try_from)
        .transpose()
    }

    /// The challenge with this id, its row locked until the transaction ends: every answer
    /// to a challenge takes this lock first, so answers to one challenge happen one by one.
    #[tracing::instrument(skip_all)]
    pub async fn lock_challenge(
        &mut self,
        id: ChallengeId,
    ) -> Result<Option<Challenge>, sqlx::Error> {
        sqlx::query_as!(
            ChallengeRow,
            "SELECT * FROM challenges WHERE id = $1 FOR UPDATE",
            id.0
        )
        .fetch_optional(&mut *self.tx)
        .await?
        .map(Challenge::try_from)
        .transpose()
    }
}

impl Db {
    /// How many challenges waiting for an answer at `now` `challenger` has in `guild`, and
    /// how many the guild has in all.
    #[tracing::instrument(skip_all)]
    pub async fn pending_challenges(
        &self,
        guild: u64,
        challenger: u64,
        now: DateTime<Utc>,
    ) -> Result<(u32, u32), sqlx::Error> {
        let row = sqlx::query!(
            r#"SELECT COUNT(*) FILTER (WHERE challenger_id = $2) AS "mine!",
                      COUNT(*) AS "all!"
               FROM challenges
               WHERE guild_id = $1 AND status = 'pending' AND expires_at > $3"#,
            to_db(guild),
            to_db(challenger),
            now
        )
        .fetch_one(&self.pool)
        .await?;
        Ok((row.mine as u32, row.all as u32))
    }

    /// The challenge with this id.
    #[tracing::instrument(skip_all)]
    pub async fn challenge(&self, id: ChallengeId) -> Result<Option<Challenge>, sqlx::Error> {
        sqlx::query_as!(ChallengeRow, "SELECT * FROM challenges WHERE id = $1", id.0)
            .fetch_optional(&self.pool)
            .await?
            .map(Challenge::try_from)
            .transpose()
    }

    /// Remembers the Discord message that shows the challenge; `false` if there is no such
    /// challenge.
    #[tracing::instrument(skip_all)]
    pub async fn set_challenge_message(
        &self,
        id: ChallengeId,
        message: u64,
    ) -> Result<bool, sqlx::Error> {
        let done = sqlx::query!(
            "UPDATE challenges SET message_id = $2 WHERE id = $1",
            id.0,
            to_db(message)
        )
        .execute(&self.pool)
        .await?;
        Ok(done.rows_affected() == 1)
    }
}

impl DbTx {
    /// Marks every pending challenge whose time is up as expired and returns them.
    #[tracing::instrument(skip_all)]
    pub async fn expire_challenges(
        &mut self,
        now: DateTime<Utc>,
    ) -> Result<Vec<Challenge>, sqlx::Error> {
        sqlx::query_as!(
            ChallengeRow,
            "UPDATE challenges SET status = 'expired'
             WHERE status = 'pending' AND expires_at <= $1
             RETURNING *",
            now
        )
        .fetch_all(&mut *self.tx)
        .await?
        .into_iter()
        .map(Challenge::try_from)
        .collect()
    }

    /// Moves a pending challenge to `status` (and links the game it started); `None` if it
    /// was not pending any more.
    #[tracing::instrument(skip_all)]
    pub async fn close_challenge(
        &mut self,
        id: ChallengeId,
        status: ChallengeStatus,
        game: Option<GameId>,
    ) -> Result<Option<Challenge>, sqlx::Error> {
        sqlx::query_as!(
            ChallengeRow,
            "UPDATE challenges SET status = $2, game_id = $3
             WHERE id = $1 AND status = 'pending'
             RETURNING *",
            id.0,
            status.as_str(),
            game.map(|g| g.0)
        )
        .fetch_optional(&mut *self.tx)
        .await?
        .map(Challenge::try_from)
        .transpose()
    }
}
