//! The `challenge_players` table: who plays a challenged game (the challenger at place 0, then
//! everyone invited) and who has accepted so far.

use super::{from_db, parse, seat, to_db, Db, DbTx};
use crate::model::ChallengeId;
use chrono::{DateTime, Utc};
use halma::Seat;
use halma_engine::Level;

/// One player of a challenge, as stored.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ChallengePlayer {
    /// 0 for the challenger, then 1, 2, 3 in the order they were named.
    pub place: u8,
    /// The Discord user.
    pub user: u64,
    /// The bot's level when this player is the bot.
    pub ai_level: Option<Level>,
    /// When they accepted (the challenger and the bot accept at once).
    pub accepted_at: Option<DateTime<Utc>>,
    /// Their seat, when the challenge fixes the seats (a rematch).
    pub seat: Option<Seat>,
}

/// The columns of `challenge_players`, as stored.
struct PlayerRow {
    place: i16,
    user_id: i64,
    ai_level: Option<String>,
    accepted_at: Option<DateTime<Utc>>,
    seat: Option<String>,
}

impl TryFrom<PlayerRow> for ChallengePlayer {
    type Error = sqlx::Error;

    fn try_from(row: PlayerRow) -> Result<ChallengePlayer, sqlx::Error> {
        Ok(ChallengePlayer {
            place: row.place as u8,
            user: from_db(row.user_id),
            ai_level: row
                .ai_level
                .as_deref()
                .map(|l| parse("ai level", l))
                .transpose()?,
            accepted_at: row.accepted_at,
            seat: row.seat.as_deref().map(seat).transpose()?,
        })
    }
}

fn players(rows: Vec<PlayerRow>) -> Result<Vec<ChallengePlayer>, sqlx::Error> {
    rows.into_iter().map(ChallengePlayer::try_from).collect()
}

impl DbTx {
    /// Stores the players of a new challenge.
    #[tracing::instrument(skip_all)]
    pub async fn insert_challenge_players(
        &mut self,
        challenge: ChallengeId,
        players: &[ChallengePlayer],
    ) -> Result<(), sqlx::Error> {
        let places: Vec<i16> = players.iter().map(|p| i16::from(p.place)).collect();
        let users: Vec<i64> = players.iter().map(|p| to_db(p.user)).collect();
        let levels: Vec<Option<String>> = players
            .iter()
            .map(|p| p.ai_level.map(|l| l.name().to_string()))
            .collect();
        let accepted: Vec<Option<DateTime<Utc>>> = players.iter().map(|p| p.accepted_at).collect();
        let seats: Vec<Option<String>> = players
            .iter()
            .map(|p| p.seat.map(|s| s.letter().to_string()))
            .collect();
        sqlx::query!(
            r#"INSERT INTO challenge_players (challenge_id, place, user_id, ai_level, accepted_at, seat)
               SELECT $1, * FROM UNNEST($2::SMALLINT[], $3::BIGINT[], $4::TEXT[],
                                        $5::TIMESTAMPTZ[], $6::TEXT[])"#,
            challenge.0,
            &places,
            &users,
            &levels as &[Option<String>],
            &accepted as &[Option<DateTime<Utc>>],
            &seats as &[Option<String>],
        )
        .execute(&mut *self.tx)
        .await?;
        Ok(())
    }

    /// The players of a challenge, by place (read under the challenge's lock).
    #[tracing::instrument(skip_all)]
    pub async fn challenge_players(
        &mut self,
        challenge: ChallengeId,
    ) -> Result<Vec<ChallengePlayer>, sqlx::Error> {
        players(
            sqlx::query_as!(
                PlayerRow,
                "SELECT place, user_id, ai_level, accepted_at, seat FROM challenge_players
                 WHERE challenge_id = $1 ORDER BY place",
                challenge.0
            )
            .fetch_all(&mut *self.tx)
            .await?,
        )
    }

    /// Records that `user` accepted the challenge; `false` if they are not invited or had
    /// accepted already.
    #[tracing::instrument(skip_all)]
    pub async fn accept_challenge(
        &mut self,
        challenge: ChallengeId,
        user: u64,
        at: DateTime<Utc>,
    ) -> Result<bool, sqlx::Error> {
        let done = sqlx::query!(
            "UPDATE challenge_players SET accepted_at = $3
             WHERE challenge_id = $1 AND user_id = $2 AND accepted_at IS NULL",
            challenge.0,
            to_db(user),
            at
        )
        .execute(&mut *self.tx)
        .await?;
        Ok(done.rows_affected() == 1)
    }
}

impl Db {
    /// The players of a challenge, by place.
    #[tracing::instrument(skip_all)]
    pub async fn challenge_players(
        &self,
        challenge: ChallengeId,
    ) -> Result<Vec<ChallengePlayer>, sqlx::Error> {
        players(
            sqlx::query_as!(
                PlayerRow,
                "SELECT place, user_id, ai_level, accepted_at, seat FROM challenge_players
                 WHERE challenge_id = $1 ORDER BY place",
                challenge.0
            )
            .fetch_all(&self.pool)
            .await?,
        )
    }
}
