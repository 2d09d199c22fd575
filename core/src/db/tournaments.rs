//! The `tournaments` table: a tournament's terms, where it stands, the round being played and
//! the messages the bot keeps editing. Every change of a tournament's course (joining, the
//! start, a round paired, its end) locks its row first ([`DbTx::lock_tournament`]), so that
//! they happen one after the other and a round is paired once.

use super::{from_db, parse, to_db, violates, Db, DbTx};
use crate::model::{TournamentFormat, TournamentId, TournamentStatus};
use chrono::{DateTime, TimeDelta, Utc};
use halma::Variant;

/// A tournament as stored.
#[derive(Clone, Debug, PartialEq)]
pub struct Tournament {
    /// The id its buttons carry.
    pub id: TournamentId,
    /// Guild.
    pub guild: u64,
    /// The channel of its messages, whose threads hold its games.
    pub channel: u64,
    /// Its name.
    pub name: String,
    /// Swiss or arena.
    pub format: TournamentFormat,
    /// The variant of every game (a two-player one).
    pub variant: Variant,
    /// Time per move of every game.
    pub turn_timeout: TimeDelta,
    /// Rounds: as asked before the start (`None`: the default), fixed at the start.
    pub rounds: Option<u32>,
    /// An arena's length.
    pub duration: Option<TimeDelta>,
    /// When it starts by itself.
    pub starts_at: DateTime<Utc>,
    /// Where it stands.
    pub status: TournamentStatus,
    /// Who made it.
    pub organizer: u64,
    /// The announcement's message, once posted.
    pub announcement: Option<u64>,
    /// The standings' message, once posted.
    pub standings: Option<u64>,
    /// The round being played (0 before the start).
    pub current_round: u32,
    /// When it was made.
    pub created_at: DateTime<Utc>,
    /// When it started.
    pub started_at: Option<DateTime<Utc>>,
    /// When it finished or was called off.
    pub finished_at: Option<DateTime<Utc>>,
    /// The token of its live page (`/tournament/<token>`).
    pub web_token: String,
}

impl Tournament {
    /// Whether it gathers players or is being played.
    pub fn is_live(&self) -> bool {
        matches!(
            self.status,
            TournamentStatus::Open | TournamentStatus::Running
        )
    }

    /// Whether it is an arena.
    pub fn is_arena(&self) -> bool {
        self.format == TournamentFormat::Arena
    }

    /// When an arena that started ends: its start plus its length.
    pub fn ends_at(&self) -> Option<DateTime<Utc>> {
        let started = self.started_at?;
        started.checked_add_signed(self.duration?)
    }
}

/// The columns of `tournaments`, as stored.
struct TournamentRow {
    id: i64,
    guild_id: i64,
    channel_id: i64,
    name: String,
    format: String,
    variant: String,
    turn_timeout_secs: i64,
    rounds: Option<i32>,
    duration_secs: Option<i64>,
    starts_at: DateTime<Utc>,
    status: String,
    organizer_id: i64,
    announcement_id: Option<i64>,
    standings_id: Option<i64>,
    current_round: i32,
    created_at: DateTime<Utc>,
    started_at: Option<DateTime<Utc>>,
    finished_at: Option<DateTime<Utc>>,
    web_token: String,
}

impl TryFrom<TournamentRow> for Tournament {
    type Error = sqlx::Error;

    fn try_from(row: TournamentRow) -> Result<Tournament, sqlx::Error> {
        let what = |field: &str| format!("tournament {} {field}", row.id);
        Ok(Tournament {
            id: TournamentId(row.id),
            guild: from_db(row.guild_id),
            channel: from_db(row.channel_id),
            format: parse(&what("format"), &row.format)?,
            variant: parse(&what("variant"), &row.variant)?,
            name: row.name,
            turn_timeout: TimeDelta::seconds(row.turn_timeout_secs),
            rounds: row.rounds.map(|r| r.max(0) as u32),
            duration: row.duration_secs.map(TimeDelta::seconds),
            starts_at: row.starts_at,
            status: parse(&what("status"), &row.status)?,
            organizer: from_db(row.organizer_id),
            announcement: row.announcement_id.map(from_db),
            standings: row.standings_id.map(from_db),
            current_round: row.current_round.max(0) as u32,
            created_at: row.created_at,
            started_at: row.started_at,
            finished_at: row.finished_at,
            web_token: row.web_token,
        })
    }
}

/// What a new tournament is made of.
#[derive(Clone, Debug)]
pub struct NewTournament {
    /// Guild.
    pub guild: u64,
    /// Channel.
    pub channel: u64,
    /// Its name.
    pub name: String,
    /// Swiss or arena.
    pub format: TournamentFormat,
    /// The variant.
    pub variant: Variant,
    /// Time per move.
    pub turn_timeout: TimeDelta,
    /// Rounds asked for (`None`: the default).
    pub rounds: Option<u32>,
    /// An arena's length.
    pub duration: Option<TimeDelta>,
    /// When it starts by itself.
    pub starts_at: DateTime<Utc>,
    /// Who makes it.
    pub organizer: u64,
    /// Now.
    pub created_at: DateTime<Utc>,
}

/// Which of a tournament's messages.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum TournamentMessage {
    /// The announcement with its Join and Leave buttons.
    Announcement,
    /// The standings.
    Standings,
}

impl DbTx {
    /// Locks `guild`'s count of live tournaments until the transaction ends (an advisory
    /// lock: no row stands for a server), so that two tournaments made at once count one
    /// after the other.
    #[tracing::instrument(skip_all)]
    pub async fn lock_guild_tournaments(&mut self, guild: u64) -> Result<(), sqlx::Error> {
        sqlx::query!(
            "SELECT 1 AS locked FROM pg_advisory_xact_lock(hashtextextended('halma tournaments', $1))",
            to_db(guild)
        )
        .fetch_one(&mut *self.tx)
        .await?;
        Ok(())
    }

    /// How many tournaments of `guild` gather players or are being played.
    #[tracing::instrument(skip_all)]
    pub async fn live_tournaments(&mut self, guild: u64) -> Result<u32, sqlx::Error> {
        let n = sqlx::query_scalar!(
            r#"SELECT count(*) AS "n!" FROM tournaments
               WHERE guild_id = $1 AND status IN ('open', 'running')"#,
            to_db(guild)
        )
        .fetch_one(&mut *self.tx)
        .await?;
        Ok(n.max(0) as u32)
    }

    /// Stores a new open tournament; `None` when its channel has a live one already (the
    /// transaction cannot go on then: drop it).
    #[tracing::instrument(skip_all)]
    pub async fn insert_tournament(
        &mut self,
        new: &NewTournament,
    ) -> Result<Option<Tournament>, sqlx::Error> {
        let inserted = sqlx::query_as!(
            TournamentRow,
            "INSERT INTO tournaments (guild_id, channel_id, name, format, variant,
                                      turn_timeout_secs, rounds, duration_secs, starts_at,
                                      organizer_id, created_at)
             VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11)
             RETURNING *",
            to_db(new.guild),
            to_db(new.channel),
            new.name,
            new.format.as_str(),
            new.variant.name(),
            new.turn_timeout.num_seconds(),
            new.rounds.map(|r| r as i32),
            new.duration.map(|d| d.num_seconds()),
            new.starts_at,
            to_db(new.organizer),
            new.created_at,
        )
        .fetch_one(&mut *self.tx)
        .await;
        match inserted {
            Ok(row) => Ok(Some(row.try_into()?)),
            Err(e) if violates(&e, "tournaments_one_live_per_channel") => Ok(None),
            Err(e) => Err(e),
        }
    }

    /// The tournament with this id, its row locked until the transaction ends.
    #[tracing::instrument(skip_all)]
    pub async fn lock_tournament(
        &mut self,
        id: TournamentId,
    ) -> Result<Option<Tournament>, sqlx::Error> {
        sqlx::query_as!(
            TournamentRow,
            "SELECT * FROM tournaments WHERE id = $1 FOR UPDATE",
            id.0
        )
        .fetch_optional(&mut *self.tx)
        .await?
        .map(Tournament::try_from)
        .transpose()
    }

    /// Marks an open tournament running from `now` on, a Swiss one with `rounds` rounds (an
    /// arena has none).
    #[tracing::instrument(skip_all)]
    pub async fn start_tournament(
        &mut self,
        id: TournamentId,
        rounds: Option<u32>,
        now: DateTime<Utc>,
    ) -> Result<Tournament, sqlx::Error> {
        sqlx::query_as!(
            TournamentRow,
            "UPDATE tournaments SET status = 'running', rounds = $2, started_at = $3
             WHERE id = $1 AND status = 'open'
             RETURNING *",
            id.0,
            rounds.map(|r| r as i32),
            now
        )
        .fetch_one(&mut *self.tx)
        .await?
        .try_into()
    }

    /// Sets the round being played.
    #[tracing::instrument(skip_all)]
    pub async fn set_current_round(
        &mut self,
        id: TournamentId,
        round: u32,
    ) -> Result<(), sqlx::Error> {
        sqlx::query!(
            "UPDATE tournaments SET current_round = $2 WHERE id = $1",
            id.0,
            round as i32
        )
        .execute(&mut *self.tx)
        .await?;
        Ok(())
    }

    /// Ends a live tournament as `status` (finished or cancelled) at `now`.
    #[tracing::instrument(skip_all)]
    pub async fn end_tournament(
        &mut self,
        id: TournamentId,
        status: TournamentStatus,
        now: DateTime<Utc>,
    ) -> Result<Tournament, sqlx::Error> {
        sqlx::query_as!(
            TournamentRow,
            "UPDATE tournaments SET status = $2, finished_at = $3
             WHERE id = $1 AND status IN ('open', 'running')
             RETURNING *",
            id.0,
            status.as_str(),
            now
        )
        .fetch_one(&mut *self.tx)
        .await?
        .try_into()
    }
}

impl Db {
    /// The tournament with this id.
    #[tracing::instrument(skip_all)]
    pub async fn tournament(&self, id: TournamentId) -> Result<Option<Tournament>, sqlx::Error> {
        sqlx::query_as!(
            TournamentRow,
            "SELECT * FROM tournaments WHERE id = $1",
            id.0
        )
        .fetch_optional(&self.pool)
        .await?
        .map(Tournament::try_from)
        .transpose()
    }

    /// The channel's live tournament, or else its last one.
    #[tracing::instrument(skip_all)]
    pub async fn tournament_in(&self, channel: u64) -> Result<Option<Tournament>, sqlx::Error> {
        sqlx::query_as!(
            TournamentRow,
            "SELECT * FROM tournaments WHERE channel_id = $1
             ORDER BY status IN ('open', 'running') DESC, id DESC LIMIT 1",
            to_db(channel)
        )
        .fetch_optional(&self.pool)
        .await?
        .map(Tournament::try_from)
        .transpose()
    }

    /// The tournament whose page has this token.
    #[tracing::instrument(skip_all)]
    pub async fn tournament_by_token(
        &self,
        token: &str,
    ) -> Result<Option<Tournament>, sqlx::Error> {
        sqlx::query_as!(
            TournamentRow,
            "SELECT * FROM tournaments WHERE web_token = $1",
            token
        )
        .fetch_optional(&self.pool)
        .await?
        .map(Tournament::try_from)
        .transpose()
    }

    /// `guild`'s tournaments gathering players or being played, newest first, at most
    /// `limit`.
    #[tracing::instrument(skip_all)]
    pub async fn live_tournaments_of_guild(
        &self,
        guild: u64,
        limit: u32,
    ) -> Result<Vec<Tournament>, sqlx::Error> {
        sqlx::query_as!(
            TournamentRow,
            "SELECT * FROM tournaments WHERE guild_id = $1 AND status IN ('open', 'running')
             ORDER BY id DESC LIMIT $2",
            to_db(guild),
            i64::from(limit)
        )
        .fetch_all(&self.pool)
        .await?
        .into_iter()
        .map(Tournament::try_from)
        .collect()
    }

    /// The open tournaments whose start time has come, at most `limit`.
    #[tracing::instrument(skip_all)]
    pub async fn tournaments_due(
        &self,
        now: DateTime<Utc>,
        limit: u32,
    ) -> Result<Vec<TournamentId>, sqlx::Error> {
        let ids = sqlx::query_scalar!(
            "SELECT id FROM tournaments WHERE status = 'open' AND starts_at <= $1
             ORDER BY starts_at LIMIT $2",
            now,
            i64::from(limit)
        )
        .fetch_all(&self.pool)
        .await?;
        Ok(ids.into_iter().map(TournamentId).collect())
    }

    /// The arenas being played.
    #[tracing::instrument(skip_all)]
    pub async fn running_arenas(&self) -> Result<Vec<TournamentId>, sqlx::Error> {
        let ids = sqlx::query_scalar!(
            "SELECT id FROM tournaments WHERE status = 'running' AND format = 'arena' ORDER BY id"
        )
        .fetch_all(&self.pool)
        .await?;
        Ok(ids.into_iter().map(TournamentId).collect())
    }

    /// Remembers the Discord message that shows `which` of the tournament.
    #[tracing::instrument(skip_all)]
    pub async fn set_tournament_message(
        &self,
        id: TournamentId,
        which: TournamentMessage,
        message: u64,
    ) -> Result<bool, sqlx::Error> {
        let done = match which {
            TournamentMessage::Announcement => {
                sqlx::query!(
                    "UPDATE tournaments SET announcement_id = $2 WHERE id = $1",
                    id.0,
                    to_db(message)
                )
                .execute(&self.pool)
                .await?
            }
            TournamentMessage::Standings => {
                sqlx::query!(
                    "UPDATE tournaments SET standings_id = $2 WHERE id = $1",
                    id.0,
                    to_db(message)
                )
                .execute(&self.pool)
                .await?
            }
        };
        Ok(done.rows_affected() == 1)
    }
}
