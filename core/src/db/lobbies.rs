//! The `lobbies` and `lobby_members` tables: open invitations that anyone in the channel may
//! join, and who has joined, in joining order. Every change of a lobby locks its row first
//! ([`DbTx::lock_lobby`]), so changes of one lobby happen one by one.

use super::{from_db, parse, to_db, violates, Db, DbTx};
use crate::model::{GameId, LobbyId, LobbyStatus};
use chrono::{DateTime, TimeDelta, Utc};
use halma::Variant;
use halma_engine::Level;

/// A lobby as stored.
#[derive(Clone, Debug, PartialEq)]
pub struct Lobby {
    /// The id its buttons carry.
    pub id: LobbyId,
    /// Guild.
    pub guild: u64,
    /// Channel the game will be played in.
    pub channel: u64,
    /// Who opened it; only they may start it or add the bot.
    pub host: u64,
    /// The variant.
    pub variant: Variant,
    /// Option `anti_spoiling`.
    pub anti_spoiling: bool,
    /// Option `no_parking` (the star's only).
    pub no_parking: bool,
    /// Time per move.
    pub turn_timeout: TimeDelta,
    /// Seats by lot instead of in joining order.
    pub random_seats: bool,
    /// The level of the bot players the host adds.
    pub ai_level: Level,
    /// The Discord message that shows it, once known.
    pub message: Option<u64>,
    /// Where it stands.
    pub status: LobbyStatus,
    /// The game it started.
    pub game: Option<GameId>,
    /// When it expires (if still open).
    pub expires_at: DateTime<Utc>,
    /// When it was opened.
    pub created_at: DateTime<Utc>,
}

/// The columns of `lobbies`, as stored.
struct LobbyRow {
    id: i64,
    guild_id: i64,
    channel_id: i64,
    host_id: i64,
    variant: String,
    anti_spoiling: bool,
    no_parking: bool,
    turn_timeout_secs: i64,
    random_seats: bool,
    ai_level: String,
    message_id: Option<i64>,
    status: String,
    game_id: Option<i64>,
    expires_at: DateTime<Utc>,
    created_at: DateTime<Utc>,
}

impl TryFrom<LobbyRow> for Lobby {
    type Error = sqlx::Error;

    fn try_from(row: LobbyRow) -> Result<Lobby, sqlx::Error> {
        let what = |field: &str| format!("lobby {} {field}", row.id);
        Ok(Lobby {
            id: LobbyId(row.id),
            guild: from_db(row.guild_id),
            channel: from_db(row.channel_id),
            host: from_db(row.host_id),
            variant: parse(&what("variant"), &row.variant)?,
            anti_spoiling: row.anti_spoiling,
            no_parking: row.no_parking,
            turn_timeout: TimeDelta::seconds(row.turn_timeout_secs),
            random_seats: row.random_seats,
            ai_level: parse(&what("ai level"), &row.ai_level)?,
            message: row.message_id.map(from_db),
            status: parse(&what("status"), &row.status)?,
            game: row.game_id.map(GameId),
            expires_at: row.expires_at,
            created_at: row.created_at,
        })
    }
}

/// Someone who joined a lobby.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct LobbyMember {
    /// The Discord user (the bot's own id for a seat the bot plays).
    pub user: u64,
    /// The bot's level, for a seat the bot plays.
    pub ai_level: Option<Level>,
}

/// The columns of `lobby_members` that matter, as stored.
struct MemberRow {
    user_id: i64,
    ai_level: Option<String>,
}

fn members(rows: Vec<MemberRow>) -> Result<Vec<LobbyMember>, sqlx::Error> {
    rows.into_iter()
        .map(|r| {
            Ok(LobbyMember {
                user: from_db(r.user_id),
                ai_level: r
                    .ai_level
                    .as_deref()
                    .map(|l| parse("ai level", l))
                    .transpose()?,
            })
        })
        .collect()
}

/// What a new lobby is made of.
#[derive(Clone, Debug)]
pub struct NewLobby {
    /// Guild.
    pub guild: u64,
    /// Channel.
    pub channel: u64,
    /// Who opens it (its first member).
    pub host: u64,
    /// The variant.
    pub variant: Variant,
    /// Option `anti_spoiling`.
    pub anti_spoiling: bool,
    /// Option `no_parking` (the star's only).
    pub no_parking: bool,
    /// Time per move.
    pub turn_timeout: TimeDelta,
    /// Seats by lot.
    pub random_seats: bool,
    /// The level of the bot players the host adds.
    pub ai_level: Level,
    /// When it expires.
    pub expires_at: DateTime<Utc>,
    /// Now.
    pub created_at: DateTime<Utc>,
}

impl DbTx {
    /// Marks every open lobby whose time is up as expired and returns them.
    #[tracing::instrument(skip_all)]
    pub async fn expire_lobbies(&mut self, now: DateTime<Utc>) -> Result<Vec<Lobby>, sqlx::Error> {
        sqlx::query_as!(
            LobbyRow,
            "UPDATE lobbies SET status = 'expired'
             WHERE status = 'open' AND expires_at <= $1
             RETURNING *",
            now
        )
        .fetch_all(&mut *self.tx)
        .await?
        .into_iter()
        .map(Lobby::try_from)
        .collect()
    }

    /// Stores a new open lobby with its host as the first member; `None` if the channel has
    /// an open lobby already (the transaction cannot go on then: drop it).
    #[tracing::instrument(skip_all)]
    pub async fn insert_lobby(&mut self, new: &NewLobby) -> Result<Option<Lobby>, sqlx::Error> {
        let inserted = sqlx::query_as!(
            LobbyRow,
            "INSERT INTO lobbies (guild_id, channel_id, host_id, variant, anti_spoiling,
                                  no_parking, turn_timeout_secs, random_seats, ai_level,
                                  expires_at, created_at)
             VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11)
             RETURNING *",
            to_db(new.guild),
            to_db(new.channel),
            to_db(new.host),
            new.variant.name(),
            new.anti_spoiling,
            new.no_parking,
            new.turn_timeout.num_seconds(),
            new.random_seats,
            new.ai_level.name(),
            new.expires_at,
            new.created_at,
        )
        .fetch_one(&mut *self.tx)
        .await;
        let lobby: Lobby = match inserted {
            Ok(row) => row.try_into()?,
            Err(e) if violates(&e, "lobbies_one_open_per_channel") => return Ok(None),
            Err(e) => return Err(e),
        };
        self.add_lobby_member(lobby.id, new.host, None, new.created_at)
            .await?;
        Ok(Some(lobby))
    }

    /// The channel's open lobby, if any (read under [`DbTx::lock_gatherings`] to decide
    /// whether a challenge or another lobby may be opened).
    #[tracing::instrument(skip_all)]
    pub async fn open_lobby_in(&mut self, channel: u64) -> Result<Option<Lobby>, sqlx::Error> {
        sqlx::query_as!(
            LobbyRow,
            "SELECT * FROM lobbies WHERE channel_id = $1 AND status = 'open'",
            to_db(channel)
        )
        .fetch_optional(&mut *self.tx)
        .await?
        .map(Lobby::try_from)
        .transpose()
    }

    /// The lobby with this id, its row locked until the transaction ends.
    #[tracing::instrument(skip_all)]
    pub async fn lock_lobby(&mut self, id: LobbyId) -> Result<Option<Lobby>, sqlx::Error> {
        sqlx::query_as!(
            LobbyRow,
            "SELECT * FROM lobbies WHERE id = $1 FOR UPDATE",
            id.0
        )
        .fetch_optional(&mut *self.tx)
        .await?
        .map(Lobby::try_from)
        .transpose()
    }

    /// The members of a lobby in joining order (read under the lobby's lock).
    #[tracing::instrument(skip_all)]
    pub async fn lobby_members(&mut self, id: LobbyId) -> Result<Vec<LobbyMember>, sqlx::Error> {
        members(
            sqlx::query_as!(
                MemberRow,
                "SELECT user_id, ai_level FROM lobby_members WHERE lobby_id = $1 ORDER BY id",
                id.0
            )
            .fetch_all(&mut *self.tx)
            .await?,
        )
    }

    /// Adds a member (the bot at `ai_level`, or a person) at the end of the lobby. The caller
    /// holds the lobby's lock and has checked that a person is not a member yet.
    #[tracing::instrument(skip_all)]
    pub async fn add_lobby_member(
        &mut self,
        id: LobbyId,
        user: u64,
        ai_level: Option<Level>,
        at: DateTime<Utc>,
    ) -> Result<(), sqlx::Error> {
        sqlx::query!(
            "INSERT INTO lobby_members (lobby_id, user_id, ai_level, joined_at)
             VALUES ($1, $2, $3, $4)",
            id.0,
            to_db(user),
            ai_level.map(|l| l.name()),
            at
        )
        .execute(&mut *self.tx)
        .await?;
        Ok(())
    }

    /// Removes a person from a lobby; `false` if they were not a member.
    #[tracing::instrument(skip_all)]
    pub async fn remove_lobby_member(
        &mut self,
        id: LobbyId,
        user: u64,
    ) -> Result<bool, sqlx::Error> {
        let done = sqlx::query!(
            "DELETE FROM lobby_members WHERE lobby_id = $1 AND user_id = $2 AND ai_level IS NULL",
            id.0,
            to_db(user)
        )
        .execute(&mut *self.tx)
        .await?;
        Ok(done.rows_affected() > 0)
    }

    /// Moves an open lobby to `status` (and links the game it started); `None` if it was not
    /// open any more.
    #[tracing::instrument(skip_all)]
    pub async fn close_lobby(
        &mut self,
        id: LobbyId,
        status: LobbyStatus,
        game: Option<GameId>,
    ) -> Result<Option<Lobby>, sqlx::Error> {
        sqlx::query_as!(
            LobbyRow,
            "UPDATE lobbies SET status = $2, game_id = $3
             WHERE id = $1 AND status = 'open'
             RETURNING *",
            id.0,
            status.as_str(),
            game.map(|g| g.0)
        )
        .fetch_optional(&mut *self.tx)
        .await?
        .map(Lobby::try_from)
        .transpose()
    }
}

impl Db {
    /// The lobby with this id.
    #[tracing::instrument(skip_all)]
    pub async fn lobby(&self, id: LobbyId) -> Result<Option<Lobby>, sqlx::Error> {
        sqlx::query_as!(LobbyRow, "SELECT * FROM lobbies WHERE id = $1", id.0)
            .fetch_optional(&self.pool)
            .await?
            .map(Lobby::try_from)
            .transpose()
    }

    /// Remembers the Discord message that shows the lobby; `false` if there is no such lobby.
    #[tracing::instrument(skip_all)]
    pub async fn set_lobby_message(&self, id: LobbyId, message: u64) -> Result<bool, sqlx::Error> {
        let done = sqlx::query!(
            "UPDATE lobbies SET message_id = $2 WHERE id = $1",
            id.0,
            to_db(message)
        )
        .execute(&self.pool)
        .await?;
        Ok(done.rows_affected() == 1)
    }
}
