//! The `outbox` table: announcements for a channel, written in the transaction of the change
//! they announce and deleted once sent, so that a saved change always reaches its channel.
//!
//! A row stores what happened (an [`Announcement`]: its kind, the game and the data that is
//! not in the game's row, as JSON), never a Discord payload; the bot presents it when it sends
//! it. Senders take rows with `FOR UPDATE SKIP LOCKED` and push their `due_at` forward by a
//! lease, so two bot processes never send the same row, and a sender that dies leaves its rows
//! to be taken again when the lease runs out.

mod body;

use super::{corrupt, from_db, to_db, Db, DbTx};
use crate::model::{ChallengeId, GameId, LobbyId, PuzzleId, TournamentId};
use body::Body;
use chrono::{DateTime, Utc};
use halma::{MoveText, Seat};

/// An outbox row's id.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct NoticeId(pub i64);

impl std::fmt::Display for NoticeId {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        self.0.fmt(f)
    }
}

/// A player's rating change, as an announcement keeps it (the game's row knows who sits where).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct SeatRating {
    /// The player's seat.
    pub seat: Seat,
    /// Rating before the game.
    pub before: f64,
    /// Rating after it.
    pub after: f64,
    /// Rating deviation after it.
    pub deviation: f64,
}

/// What a channel is to be told. Each names its game (or challenge) and carries what the
/// game's row will not tell later.
#[derive(Clone, Debug, PartialEq)]
pub enum Announcement {
    /// A move was played (by a player, whose answer may have failed, or by the bot).
    Move {
        /// The game.
        game: GameId,
        /// The move's ply (moves stored up to and including it).
        ply: u32,
        /// The game's version right after the move: while it stands, the game's row shows the
        /// position after this move.
        version: i32,
        /// Who moved.
        seat: Seat,
        /// The chain played.
        chain: MoveText,
        /// The seats that passed after it, in order.
        passed: Vec<Seat>,
        /// Rating changes, when the move ended the game.
        ratings: Vec<SeatRating>,
    },
    /// A game ended without a move: on time, by resignation or by agreement.
    Ended {
        /// The game (finished, so its row keeps the result).
        game: GameId,
        /// Rating changes.
        ratings: Vec<SeatRating>,
    },
    /// A player left a game of three or more (resigned, or ran out of time); the game went on
    /// or was won by the last player.
    Left {
        /// The game.
        game: GameId,
        /// Moves played when the player left (a departure adds no move).
        ply: u32,
        /// Who left.
        seat: Seat,
        /// Whether they resigned (else they ran out of time).
        resigned: bool,
        /// The seats that passed afterwards, in order.
        passed: Vec<Seat>,
        /// Rating changes, when the departure ended the game.
        ratings: Vec<SeatRating>,
    },
    /// The player to move has used half their time.
    Reminder {
        /// The game.
        game: GameId,
        /// Moves played when the reminder was due: once another move is played, it is moot.
        ply: u32,
    },
    /// A challenge expired unanswered: its message loses its buttons.
    ChallengeExpired {
        /// The challenge.
        challenge: ChallengeId,
    },
    /// An open lobby expired before its game started: its message loses its buttons.
    LobbyExpired {
        /// The lobby.
        lobby: LobbyId,
    },
    /// A direct message to the member to move (`/halma notify dm:on`): it is their move, or
    /// half their time is gone. Written only while they want it (see [`DbTx::insert_dm_notice`]).
    YourMove {
        /// The game (its row's channel is the one the DM links to).
        game: GameId,
        /// Moves played when it was their move: once another move is played, it is moot.
        ply: u32,
        /// The member.
        user: u64,
        /// Whether it is the half-time reminder (else the turn just came to them).
        half_time: bool,
    },
    /// A game started that no interaction answers (a tournament's pairing, in its thread).
    Started {
        /// The game.
        game: GameId,
    },
    /// A tournament's announcement: posted, or edited once posted (its players, where it
    /// stands).
    TournamentAnnounced {
        /// The tournament.
        tournament: TournamentId,
    },
    /// A tournament's round was paired: the front end opens a thread and a game for each
    /// pairing, then posts the pairings.
    TournamentRound {
        /// The tournament.
        tournament: TournamentId,
        /// The round.
        round: u32,
    },
    /// A tournament's standings changed: posted, or edited once posted.
    TournamentStandings {
        /// The tournament.
        tournament: TournamentId,
    },
    /// A tournament finished: its podium.
    TournamentEnded {
        /// The tournament.
        tournament: TournamentId,
    },
    /// A server's daily puzzle was made: announced once in its game channel.
    PuzzleDaily {
        /// The puzzle.
        puzzle: PuzzleId,
    },
}

impl Announcement {
    /// The stored kind, also the key (with game and ply) that an interaction's answer uses to
    /// confirm or hand over its row.
    pub fn kind(&self) -> &'static str {
        match self {
            Announcement::Move { .. } => "move",
            Announcement::Ended { .. } => "ended",
            Announcement::Left { .. } => "left",
            Announcement::Reminder { .. } => "reminder",
            Announcement::ChallengeExpired { .. } => "challenge_expired",
            Announcement::LobbyExpired { .. } => "lobby_expired",
            Announcement::Started { .. } => "started",
            Announcement::TournamentAnnounced { .. } => "tournament",
            Announcement::TournamentRound { .. } => "tournament_round",
            Announcement::TournamentStandings { .. } => "tournament_standings",
            Announcement::TournamentEnded { .. } => "tournament_ended",
            Announcement::PuzzleDaily { .. } => "puzzle_daily",
            Announcement::YourMove {
                half_time: false, ..
            } => "dm_move",
            Announcement::YourMove {
                half_time: true, ..
            } => "dm_half",
        }
    }

    /// The member a direct message goes to; `None` for a channel's announcement.
    pub fn dm_to(&self) -> Option<u64> {
        match self {
            Announcement::YourMove { user, .. } => Some(*user),
            _ => None,
        }
    }

    fn game(&self) -> Option<GameId> {
        match self {
            Announcement::Move { game, .. }
            | Announcement::Ended { game, .. }
            | Announcement::Left { game, .. }
            | Announcement::Reminder { game, .. }
            | Announcement::YourMove { game, .. }
            | Announcement::Started { game } => Some(*game),
            _ => None,
        }
    }

    fn ply(&self) -> Option<u32> {
        match self {
            Announcement::Move { ply, .. }
            | Announcement::Left { ply, .. }
            | Announcement::Reminder { ply, .. }
            | Announcement::YourMove { ply, .. } => Some(*ply),
            _ => None,
        }
    }
}

/// A row taken from the outbox to be sent.
#[derive(Clone, Debug, PartialEq)]
pub struct Notice {
    /// The row.
    pub id: NoticeId,
    /// Where it goes.
    pub channel: u64,
    /// What to say.
    pub announcement: Announcement,
    /// Times a sender has taken it, this time included.
    pub attempts: u32,
    /// When the change was saved.
    pub created_at: DateTime<Utc>,
    /// The token of the interaction whose answer held the row back, if one did.
    pub answer_token: Option<String>,
}

struct NoticeRow {
    id: i64,
    channel_id: i64,
    body: String,
    attempts: i32,
    created_at: DateTime<Utc>,
    answer_token: Option<String>,
}

impl TryFrom<NoticeRow> for Notice {
    type Error = sqlx::Error;

    fn try_from(row: NoticeRow) -> Result<Notice, sqlx::Error> {
        let body: Body = serde_json::from_str(&row.body)
            .map_err(|e| corrupt(format!("outbox row {}: {e}", row.id)))?;
        Ok(Notice {
            id: NoticeId(row.id),
            channel: from_db(row.channel_id),
            announcement: body.try_into()?,
            attempts: row.attempts.max(0) as u32,
            created_at: row.created_at,
            answer_token: row.answer_token,
        })
    }
}

/// A row whose body does not read is kept apart from the others: its id comes back with the
/// error, so a sender can set it aside without losing the rest of its batch.
pub type TakenNotice = Result<Notice, (NoticeId, sqlx::Error)>;

/// An announcement as the row that will hold it: written by [`DbTx::insert_notice`], or in
/// the statement of the change it announces (see [`Db::save_move`]).
#[derive(Clone, Debug, PartialEq)]
pub struct NewNotice {
    pub(super) channel: i64,
    pub(super) game: Option<i64>,
    pub(super) ply: Option<i32>,
    pub(super) kind: &'static str,
    /// The announcement as JSON text.
    pub(super) body: String,
    pub(super) created_at: DateTime<Utc>,
    pub(super) due_at: DateTime<Utc>,
    pub(super) answer_token: Option<String>,
    /// The member a direct message goes to.
    pub(super) user: Option<i64>,
}

impl NewNotice {
    /// `announcement` for `channel`, written at `now`, to be sent from `due_at` on (held for
    /// the answer to the interaction with `answer_token`, if any).
    pub fn new(
        channel: u64,
        announcement: &Announcement,
        now: DateTime<Utc>,
        due_at: DateTime<Utc>,
        answer_token: Option<String>,
    ) -> Result<NewNotice, sqlx::Error> {
        let body = serde_json::to_string(&Body::from(announcement))
            .map_err(|e| corrupt(format!("announcement: {e}")))?;
        Ok(NewNotice {
            channel: to_db(channel),
            game: announcement.game().map(|g| g.0),
            ply: announcement.ply().map(|p| p as i32),
            kind: announcement.kind(),
            body,
            created_at: now,
            due_at,
            answer_token,
            user: announcement.dm_to().map(to_db),
        })
    }
}

impl DbTx {
    /// Writes `notice`; part of the transaction, so a change that rolls back leaves no
    /// announcement behind.
    #[tracing::instrument(skip_all)]
    pub async fn insert_notice(&mut self, notice: &NewNotice) -> Result<NoticeId, sqlx::Error> {
        let id = sqlx::query_scalar!(
            "INSERT INTO outbox
                 (channel_id, game_id, ply, kind, body, created_at, due_at, answer_token, user_id)
             VALUES ($1, $2, $3, $4, $5::text::jsonb, $6, $7, $8, $9)
             RETURNING id",
            notice.channel,
            notice.game,
            notice.ply,
            notice.kind,
            notice.body,
            notice.created_at,
            notice.due_at,
            notice.answer_token,
            notice.user,
        )
        .fetch_one(&mut *self.tx)
        .await?;
        Ok(NoticeId(id))
    }

    /// Writes `notice`, a direct message, only if its member wants DMs and they are not
    /// paused at its `created_at`, and only once per game, ply, kind and member (a repeat is
    /// dropped). Part of the transaction. `true` when it was written.
    #[tracing::instrument(skip_all)]
    pub async fn insert_dm_notice(&mut self, notice: &NewNotice) -> Result<bool, sqlx::Error> {
        let done = sqlx::query!(
            "INSERT INTO outbox
                 (channel_id, game_id, ply, kind, body, created_at, due_at, user_id)
             SELECT $1, $2, $3, $4, $5::text::jsonb, $6, $7, n.user_id
               FROM notify_settings n
              WHERE n.user_id = $8 AND n.dm
                AND (n.paused_until IS NULL OR n.paused_until <= $6)
             ON CONFLICT DO NOTHING",
            notice.channel,
            notice.game,
            notice.ply,
            notice.kind,
            notice.body,
            notice.created_at,
            notice.due_at,
            notice.user,
        )
        .execute(&mut *self.tx)
        .await?;
        Ok(done.rows_affected() == 1)
    }
}

impl Db {
    /// Takes up to `limit` rows due at `now`, oldest first, and holds them until `lease_until`
    /// (another sender skips them until then). Rows another sender is taking at this moment
    /// are skipped, not waited for.
    #[tracing::instrument(skip_all)]
    pub async fn take_notices(
        &self,
        now: DateTime<Utc>,
        lease_until: DateTime<Utc>,
        limit: u32,
    ) -> Result<Vec<TakenNotice>, sqlx::Error> {
        let rows = sqlx::query_as!(
            NoticeRow,
            r#"UPDATE outbox SET due_at = $2, attempts = attempts + 1
               WHERE id IN (SELECT id FROM outbox WHERE due_at <= $1
                            ORDER BY id LIMIT $3 FOR UPDATE SKIP LOCKED)
               RETURNING id, channel_id, body::text AS "body!", attempts, created_at,
                         answer_token"#,
            now,
            lease_until,
            i64::from(limit),
        )
        .fetch_all(&self.pool)
        .await?;
        let mut notices: Vec<TakenNotice> = rows
            .into_iter()
            .map(|row| {
                let id = NoticeId(row.id);
                Notice::try_from(row).map_err(|e| (id, e))
            })
            .collect();
        // RETURNING keeps no order: send in the order the changes were saved.
        notices.sort_by_key(|n| match n {
            Ok(n) => n.id,
            Err((id, _)) => *id,
        });
        Ok(notices)
    }

    /// Deletes a sent row; `false` if it was gone already.
    #[tracing::instrument(skip_all)]
    pub async fn delete_notice(&self, id: NoticeId) -> Result<bool, sqlx::Error> {
        let done = sqlx::query!("DELETE FROM outbox WHERE id = $1", id.0)
            .execute(&self.pool)
            .await?;
        Ok(done.rows_affected() == 1)
    }

    /// Puts a row back, to be taken again from `due_at` on (a failed send's backoff).
    #[tracing::instrument(skip_all)]
    pub async fn put_back_notice(
        &self,
        id: NoticeId,
        due_at: DateTime<Utc>,
    ) -> Result<bool, sqlx::Error> {
        let done = sqlx::query!("UPDATE outbox SET due_at = $2 WHERE id = $1", id.0, due_at)
            .execute(&self.pool)
            .await?;
        Ok(done.rows_affected() == 1)
    }

    /// Deletes the row of kind `kind` for `game` (and `ply`, for a move): its interaction's
    /// answer was delivered. `false` if there was none (a sender had taken and sent it).
    #[tracing::instrument(skip_all)]
    pub async fn delete_notice_of(
        &self,
        game: GameId,
        kind: &str,
        ply: Option<u32>,
        seat: Option<Seat>,
    ) -> Result<bool, sqlx::Error> {
        let done = sqlx::query!(
            "DELETE FROM outbox
             WHERE game_id = $1 AND kind = $2 AND ply IS NOT DISTINCT FROM $3
               AND ($4::text IS NULL OR body->>'seat' = $4)",
            game.0,
            kind,
            ply.map(|p| p as i32),
            seat.map(|s| s.letter().to_string()),
        )
        .execute(&self.pool)
        .await?;
        Ok(done.rows_affected() > 0)
    }

    /// Makes the row of kind `kind` for `game` (and `ply`) due at `now`: its interaction's
    /// answer failed, so a sender posts it to the channel instead, without asking Discord
    /// whether that answer showed it (whatever the interaction shows now, an apology perhaps,
    /// is not the change). `false` if there was none.
    #[tracing::instrument(skip_all)]
    pub async fn hand_over_notice_of(
        &self,
        game: GameId,
        kind: &str,
        ply: Option<u32>,
        seat: Option<Seat>,
        now: DateTime<Utc>,
    ) -> Result<bool, sqlx::Error> {
        let done = sqlx::query!(
            "UPDATE outbox SET due_at = LEAST(due_at, $4), answer_token = NULL
             WHERE game_id = $1 AND kind = $2 AND ply IS NOT DISTINCT FROM $3
               AND ($5::text IS NULL OR body->>'seat' = $5)",
            game.0,
            kind,
            ply.map(|p| p as i32),
            now,
            seat.map(|s| s.letter().to_string()),
        )
        .execute(&self.pool)
        .await?;
        Ok(done.rows_affected() > 0)
    }

    /// How many rows wait in the outbox (for the health report and tests).
    #[tracing::instrument(skip_all)]
    pub async fn notices_waiting(&self) -> Result<u64, sqlx::Error> {
        let n = sqlx::query_scalar!(r#"SELECT count(*) AS "n!" FROM outbox"#)
            .fetch_one(&self.pool)
            .await?;
        Ok(n.max(0) as u64)
    }
}

#[cfg(test)]
mod tests;
