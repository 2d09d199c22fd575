//! Challenges: asking someone to play, and accepting, declining, withdrawing or letting the
//! invitation expire.

use super::{
    corrupt, timers, ChallengeStatus, ChallengeView, FirstMover, GameStarted, Service,
    HOSTED_VARIANTS,
};
use crate::db::challenges::{ChallengeRow, NewChallenge};
use crate::db::games::NewGame;
use crate::db::{from_db, to_db};
use crate::error::{Result, UserError};
use chrono::TimeDelta;
use halma::{Options, Position, Seat, Variant};
use std::hash::{BuildHasher, Hasher};

/// How long a challenge waits for an answer.
pub const CHALLENGE_LIFETIME: TimeDelta = TimeDelta::minutes(10);

/// A request to play: who challenges whom, where, and how.
#[derive(Clone, Debug)]
pub struct ChallengeRequest<'a> {
    /// Guild.
    pub guild: u64,
    /// Channel the game will be played in.
    pub channel: u64,
    /// Who challenges.
    pub challenger: u64,
    /// Who is challenged.
    pub opponent: u64,
    /// Whether the challenged user is a bot.
    pub opponent_is_bot: bool,
    /// The variant's name as typed.
    pub variant: &'a str,
    /// Who moves first.
    pub first: FirstMover,
    /// Option `anti_spoiling`.
    pub anti_spoiling: bool,
    /// Time per move as typed (`10m`, `12h`, `3d`); `None` for the default of 24 hours.
    pub turn_timeout: Option<&'a str>,
}

impl ChallengeRow {
    fn view(&self) -> crate::error::Result<ChallengeView> {
        Ok(ChallengeView {
            id: self.id,
            guild: from_db(self.guild_id),
            channel: from_db(self.channel_id),
            challenger: from_db(self.challenger_id),
            opponent: from_db(self.opponent_id),
            variant: self
                .variant
                .parse()
                .map_err(|e| corrupt(format!("challenge {}: {e}", self.id)))?,
            first: self.first_mover.parse().map_err(|_| {
                corrupt(format!(
                    "challenge {}: first mover {}",
                    self.id, self.first_mover
                ))
            })?,
            anti_spoiling: self.anti_spoiling,
            turn_timeout: TimeDelta::seconds(self.turn_timeout_secs),
            message: self.message_id.map(from_db),
            status: self.status.parse().map_err(corrupt)?,
            expires_at: self.expires_at,
        })
    }
}

/// The refusal for answering a challenge that is no longer pending.
fn closed(status: ChallengeStatus) -> UserError {
    match status {
        ChallengeStatus::Accepted => UserError::ChallengeAccepted,
        ChallengeStatus::Declined => UserError::ChallengeDeclined,
        ChallengeStatus::Withdrawn => UserError::ChallengeWithdrawn,
        ChallengeStatus::Expired | ChallengeStatus::Pending => UserError::ChallengeExpired,
    }
}

/// A fair coin: std's per-process random hash keys, so no random-number crate is needed.
fn coin() -> bool {
    std::collections::hash_map::RandomState::new()
        .build_hasher()
        .finish()
        & 1
        == 1
}

impl Service {
    /// Challenges the other player of `game` again, in the same variant, options and time
    /// control, with the colours swapped: whoever had seat `a` moves second this time. Refused
    /// when `game` is no longer the channel's latest game, or for someone who did not play it.
    #[tracing::instrument(skip_all, fields(game = game))]
    pub async fn rematch(
        &self,
        guild: u64,
        channel: u64,
        user: u64,
        game: i64,
    ) -> Result<ChallengeView> {
        let last = self.board(guild, channel).await?;
        if last.id != game {
            return Err(UserError::NoGame.into());
        }
        let player = |mine: bool| {
            last.players
                .iter()
                .find(|p| (p.user == user) == mine)
                .ok_or(UserError::NotAPlayer)
        };
        let (me, other) = (player(true)?, player(false)?);
        let first = if me.seat == Seat::A {
            FirstMover::Opponent
        } else {
            FirstMover::Challenger
        };
        let request = ChallengeRequest {
            guild,
            channel,
            challenger: user,
            opponent: other.user,
            opponent_is_bot: false,
            variant: last.variant.name(),
            first,
            anti_spoiling: last.options.anti_spoiling,
            turn_timeout: None,
        };
        // The game's own variant (hosted: it was checked when the game was challenged) and
        // time per move, not a round trip through text, which would drop the seconds of 1m 30s.
        self.open_challenge(&request, last.variant, last.turn_timeout)
            .await
    }

    /// Challenges `opponent` to a game in the channel. The challenge waits ten minutes.
    #[tracing::instrument(skip_all)]
    pub async fn challenge(&self, req: &ChallengeRequest<'_>) -> Result<ChallengeView> {
        if req.challenger == req.opponent {
            return Err(UserError::ChallengeYourself.into());
        }
        if req.opponent_is_bot {
            return Err(UserError::ChallengeBot.into());
        }
        let variant: Variant = req.variant.parse().map_err(|_| UserError::UnknownVariant {
            text: req.variant.trim().to_string(),
        })?;
        if !HOSTED_VARIANTS.contains(&variant) {
            return Err(UserError::VariantNotSupported { variant }.into());
        }
        let timeout = match req.turn_timeout.map(str::trim).filter(|t| !t.is_empty()) {
            Some(text) => timers::parse_turn_timeout(text)?,
            None => timers::DEFAULT_TURN_TIMEOUT,
        };
        self.open_challenge(req, variant, timeout).await
    }

    /// Stores a challenge with a hosted `variant` and a checked `timeout` (`req.variant` and
    /// `req.turn_timeout` are not read), once the channel is free.
    async fn open_challenge(
        &self,
        req: &ChallengeRequest<'_>,
        variant: Variant,
        timeout: TimeDelta,
    ) -> Result<ChallengeView> {
        if self.db.channel_is_busy(to_db(req.channel)).await? {
            return Err(UserError::ChannelBusy.into());
        }
        let now = self.now();
        let row = self
            .db
            .insert_challenge(&NewChallenge {
                guild_id: to_db(req.guild),
                channel_id: to_db(req.channel),
                challenger_id: to_db(req.challenger),
                opponent_id: to_db(req.opponent),
                variant: variant.name(),
                first_mover: req.first.as_str(),
                anti_spoiling: req.anti_spoiling,
                turn_timeout_secs: timeout.num_seconds(),
                expires_at: now + CHALLENGE_LIFETIME,
                created_at: now,
            })
            .await?;
        row.view()
    }

    /// Remembers which Discord message shows the challenge (to edit it when answered).
    #[tracing::instrument(skip_all)]
    pub async fn set_challenge_message(&self, challenge: i64, message: u64) -> Result<()> {
        if !self
            .db
            .set_challenge_message(challenge, to_db(message))
            .await?
        {
            return Err(UserError::NoSuchChallenge.into());
        }
        Ok(())
    }

    /// The pending challenge `id`, checked to be answerable by `user`.
    async fn pending_challenge(
        &self,
        id: i64,
        user: u64,
        by_challenger: bool,
    ) -> Result<ChallengeRow> {
        let row = self
            .db
            .challenge(id)
            .await?
            .ok_or(UserError::NoSuchChallenge)?;
        if by_challenger && to_db(user) != row.challenger_id {
            return Err(UserError::NotChallenger {
                challenger: from_db(row.challenger_id),
            }
            .into());
        }
        if !by_challenger && to_db(user) != row.opponent_id {
            return Err(UserError::NotChallenged {
                opponent: from_db(row.opponent_id),
            }
            .into());
        }
        let status: ChallengeStatus = row.status.parse().map_err(corrupt)?;
        if status != ChallengeStatus::Pending {
            return Err(closed(status).into());
        }
        if row.expires_at <= self.now() {
            return Err(UserError::ChallengeExpired.into());
        }
        Ok(row)
    }

    /// Closes a pending challenge without a game; refuses if it was answered meanwhile.
    async fn close_challenge(&self, id: i64, status: ChallengeStatus) -> Result<ChallengeView> {
        let mut tx = self.db.begin().await?;
        let Some(row) = tx.close_challenge(id, status.as_str(), None).await? else {
            return Err(self.answered_meanwhile(id).await);
        };
        tx.commit().await?;
        row.view()
    }

    /// The refusal for a challenge that stopped being pending while we worked on it.
    async fn answered_meanwhile(&self, id: i64) -> crate::error::Error {
        match self.db.challenge(id).await {
            Ok(Some(row)) => match row.status.parse() {
                Ok(status) => closed(status).into(),
                Err(e) => corrupt(e),
            },
            Ok(None) => UserError::NoSuchChallenge.into(),
            Err(e) => e.into(),
        }
    }

    /// The challenged player accepts: the game starts from the variant's start position, with
    /// the first mover at seat `a`.
    #[tracing::instrument(skip_all)]
    pub async fn accept(&self, challenge: i64, user: u64) -> Result<GameStarted> {
        let row = self.pending_challenge(challenge, user, false).await?;
        let view = row.view()?;
        if self.db.channel_is_busy(row.channel_id).await? {
            return Err(UserError::ChannelBusy.into());
        }
        let challenger_first = match view.first {
            FirstMover::Challenger => true,
            FirstMover::Opponent => false,
            FirstMover::Random => coin(),
        };
        let (first, second) = if challenger_first {
            (row.challenger_id, row.opponent_id)
        } else {
            (row.opponent_id, row.challenger_id)
        };
        let mut options = Options::for_variant(view.variant);
        options.anti_spoiling = row.anti_spoiling;
        let start = Position::start(view.variant).to_string();
        let now = self.now();
        let mut tx = self.db.begin().await?;
        let game = tx
            .insert_game(&NewGame {
                guild_id: row.guild_id,
                channel_id: row.channel_id,
                variant: view.variant.name(),
                camp_rule: options.camp_rule,
                balance: options.balance,
                anti_spoiling: options.anti_spoiling,
                ply_limit: options.ply_limit.map(|n| n as i32),
                start_position: &start,
                turn_timeout_secs: row.turn_timeout_secs,
                turn_deadline: now + view.turn_timeout,
                created_at: now,
            })
            .await?
            // Another game started in the channel since we looked.
            .ok_or(UserError::ChannelBusy)?;
        for (seat, user) in [(Seat::A, first), (Seat::B, second)] {
            tx.insert_seat(game.id, &seat.letter().to_string(), user)
                .await?;
        }
        let Some(accepted) = tx
            .close_challenge(challenge, ChallengeStatus::Accepted.as_str(), Some(game.id))
            .await?
        else {
            return Err(self.answered_meanwhile(challenge).await);
        };
        tx.commit().await?;
        let loaded = self.load(game).await?;
        Ok(GameStarted {
            challenge: accepted.view()?,
            game: loaded.view(None, now)?,
        })
    }

    /// The challenged player declines.
    #[tracing::instrument(skip_all)]
    pub async fn decline(&self, challenge: i64, user: u64) -> Result<ChallengeView> {
        self.pending_challenge(challenge, user, false).await?;
        self.close_challenge(challenge, ChallengeStatus::Declined)
            .await
    }

    /// The challenger takes the challenge back.
    #[tracing::instrument(skip_all)]
    pub async fn withdraw(&self, challenge: i64, user: u64) -> Result<ChallengeView> {
        self.pending_challenge(challenge, user, true).await?;
        self.close_challenge(challenge, ChallengeStatus::Withdrawn)
            .await
    }

    /// Marks the challenges nobody answered in time as expired and returns them.
    #[tracing::instrument(skip_all)]
    pub async fn expire_challenges(&self) -> Result<Vec<ChallengeView>> {
        let now = self.now();
        self.db
            .expire_challenges(now)
            .await?
            .iter()
            .map(ChallengeRow::view)
            .collect()
    }
}
