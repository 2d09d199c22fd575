//! Challenges: asking someone to play, and accepting, declining, withdrawing or letting the
//! invitation expire.

use super::{
    timers, Challenge, ChallengeId, ChallengeStatus, FirstMover, GameId, GameStarted, Player,
    Service, DEFAULT_VARIANT, HOSTED_VARIANTS,
};
use crate::db::challenges::NewChallenge;
use crate::db::games::NewGame;
use crate::error::{Error, Result, UserError};
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
    /// Whether the challenged user is this bot itself (see [`Service::challenge_ai`]).
    pub opponent_is_me: bool,
    /// The bot's level as typed, for a game against the bot; `None` for the default.
    pub level: Option<&'a str>,
    /// The variant's name as typed; `None` for the default.
    pub variant: Option<&'a str>,
    /// Who moves first.
    pub first: FirstMover,
    /// Option `anti_spoiling`.
    pub anti_spoiling: bool,
    /// Time per move as typed (`10m`, `12h`, `3d`); `None` for the default of 24 hours.
    pub turn_timeout: Option<&'a str>,
}

/// The variant and time per move a request asks for, checked (defaults where none is named).
pub(super) fn terms(req: &ChallengeRequest<'_>) -> Result<(Variant, TimeDelta)> {
    let variant = match req.variant.map(str::trim).filter(|t| !t.is_empty()) {
        Some(text) => text.parse().map_err(|_| UserError::UnknownVariant {
            text: text.to_string(),
        })?,
        None => DEFAULT_VARIANT,
    };
    if !HOSTED_VARIANTS.contains(&variant) {
        return Err(UserError::VariantNotSupported { variant }.into());
    }
    let timeout = match req.turn_timeout.map(str::trim).filter(|t| !t.is_empty()) {
        Some(text) => timers::parse_turn_timeout(text)?,
        None => timers::DEFAULT_TURN_TIMEOUT,
    };
    Ok((variant, timeout))
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

/// The two players of a challenged game in seat order: whoever moves first (by `first`, by lot
/// for [`FirstMover::Random`]) takes seat `a`.
pub(super) fn seat_players(first: FirstMover, challenger: u64, opponent: u64) -> [Player; 2] {
    let challenger_first = match first {
        FirstMover::Challenger => true,
        FirstMover::Opponent => false,
        FirstMover::Random => coin(),
    };
    let (a, b) = if challenger_first {
        (challenger, opponent)
    } else {
        (opponent, challenger)
    };
    [
        Player {
            seat: Seat::A,
            user: a,
        },
        Player {
            seat: Seat::B,
            user: b,
        },
    ]
}

impl Service {
    /// Challenges the other player of `game` again, in the same variant, options and time
    /// control, with the colours swapped: whoever had seat `a` moves second this time. Refused
    /// when `game` is no longer the channel's latest game, or for someone who did not play it.
    #[tracing::instrument(skip_all, fields(game = %game))]
    pub async fn rematch(
        &self,
        guild: u64,
        channel: u64,
        user: u64,
        game: GameId,
    ) -> Result<Challenge> {
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
            opponent_is_me: false,
            level: None,
            variant: None,
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
    pub async fn challenge(&self, req: &ChallengeRequest<'_>) -> Result<Challenge> {
        if req.challenger == req.opponent {
            return Err(UserError::ChallengeYourself.into());
        }
        if req.opponent_is_bot || req.opponent_is_me {
            return Err(UserError::ChallengeBot.into());
        }
        if req.level.is_some_and(|l| !l.trim().is_empty()) {
            return Err(UserError::LevelNeedsBot.into());
        }
        let (variant, timeout) = terms(req)?;
        self.open_challenge(req, variant, timeout).await
    }

    /// Stores a challenge with a hosted `variant` and a checked `timeout` (`req.variant` and
    /// `req.turn_timeout` are not read), once the channel is free.
    async fn open_challenge(
        &self,
        req: &ChallengeRequest<'_>,
        variant: Variant,
        timeout: TimeDelta,
    ) -> Result<Challenge> {
        if self.db.channel_is_busy(req.channel).await? {
            return Err(UserError::ChannelBusy.into());
        }
        if let Some(pending) = self
            .db
            .pending_challenge_of(req.channel, req.challenger)
            .await?
        {
            return Err(UserError::ChallengePending {
                opponent: pending.opponent,
            }
            .into());
        }
        let now = self.now();
        let inserted = self
            .db
            .insert_challenge(&NewChallenge {
                guild: req.guild,
                channel: req.channel,
                challenger: req.challenger,
                opponent: req.opponent,
                variant,
                first: req.first,
                anti_spoiling: req.anti_spoiling,
                turn_timeout: timeout,
                expires_at: now + CHALLENGE_LIFETIME,
                created_at: now,
            })
            .await?;
        match inserted {
            Some(challenge) => Ok(challenge),
            // Another challenge was stored between our look and the insert (a double click).
            None => {
                let pending = self
                    .db
                    .pending_challenge_of(req.channel, req.challenger)
                    .await?;
                Err(UserError::ChallengePending {
                    opponent: pending.map_or(req.opponent, |c| c.opponent),
                }
                .into())
            }
        }
    }

    /// Remembers which Discord message shows the challenge (to edit it when answered).
    #[tracing::instrument(skip_all)]
    pub async fn set_challenge_message(&self, challenge: ChallengeId, message: u64) -> Result<()> {
        if !self.db.set_challenge_message(challenge, message).await? {
            return Err(UserError::NoSuchChallenge.into());
        }
        Ok(())
    }

    /// The pending challenge `id`, checked to be answerable by `user`.
    async fn pending_challenge(
        &self,
        id: ChallengeId,
        user: u64,
        by_challenger: bool,
    ) -> Result<Challenge> {
        let challenge = self
            .db
            .challenge(id)
            .await?
            .ok_or(UserError::NoSuchChallenge)?;
        if by_challenger && user != challenge.challenger {
            return Err(UserError::NotChallenger {
                challenger: challenge.challenger,
            }
            .into());
        }
        if !by_challenger && user != challenge.opponent {
            return Err(UserError::NotChallenged {
                opponent: challenge.opponent,
            }
            .into());
        }
        if challenge.status != ChallengeStatus::Pending {
            return Err(closed(challenge.status).into());
        }
        if challenge.expires_at <= self.now() {
            return Err(UserError::ChallengeExpired.into());
        }
        Ok(challenge)
    }

    /// Closes a pending challenge without a game; refuses if it was answered meanwhile.
    async fn close_challenge(&self, id: ChallengeId, status: ChallengeStatus) -> Result<Challenge> {
        let mut tx = self.db.begin().await?;
        let Some(closed) = tx.close_challenge(id, status, None).await? else {
            return Err(self.answered_meanwhile(id).await);
        };
        tx.commit().await?;
        Ok(closed)
    }

    /// The refusal for a challenge that stopped being pending while we worked on it.
    async fn answered_meanwhile(&self, id: ChallengeId) -> Error {
        match self.db.challenge(id).await {
            Ok(Some(challenge)) => closed(challenge.status).into(),
            Ok(None) => UserError::NoSuchChallenge.into(),
            Err(e) => e.into(),
        }
    }

    /// The challenged player accepts: the game starts from the variant's start position, with
    /// the first mover at seat `a`.
    #[tracing::instrument(skip_all)]
    pub async fn accept(&self, challenge: ChallengeId, user: u64) -> Result<GameStarted> {
        let pending = self.pending_challenge(challenge, user, false).await?;
        if self.db.channel_is_busy(pending.channel).await? {
            return Err(UserError::ChannelBusy.into());
        }
        let players = seat_players(pending.first, pending.challenger, pending.opponent);
        let mut options = Options::for_variant(pending.variant);
        options.anti_spoiling = pending.anti_spoiling;
        let rules = halma::Game::new(Position::start(pending.variant), options);
        let now = self.now();
        let mut tx = self.db.begin().await?;
        let game = tx
            .insert_game(&NewGame {
                guild: pending.guild,
                channel: pending.channel,
                options,
                start: rules.start(),
                turns: rules.ply_count(),
                players: &players,
                turn_timeout: pending.turn_timeout,
                turn_deadline: now + pending.turn_timeout,
                created_at: now,
            })
            .await?
            // Another game started in the channel since we looked.
            .ok_or(UserError::ChannelBusy)?;
        let Some(accepted) = tx
            .close_challenge(challenge, ChallengeStatus::Accepted, Some(game.id))
            .await?
        else {
            return Err(self.answered_meanwhile(challenge).await);
        };
        // Built before the commit: a started game is never reported as failed.
        let view = game.view(None, now)?;
        tx.commit().await?;
        Ok(GameStarted {
            challenge: accepted,
            game: view,
        })
    }

    /// The challenged player declines.
    #[tracing::instrument(skip_all)]
    pub async fn decline(&self, challenge: ChallengeId, user: u64) -> Result<Challenge> {
        self.pending_challenge(challenge, user, false).await?;
        self.close_challenge(challenge, ChallengeStatus::Declined)
            .await
    }

    /// The challenger takes the challenge back.
    #[tracing::instrument(skip_all)]
    pub async fn withdraw(&self, challenge: ChallengeId, user: u64) -> Result<Challenge> {
        self.pending_challenge(challenge, user, true).await?;
        self.close_challenge(challenge, ChallengeStatus::Withdrawn)
            .await
    }

    /// Marks the challenges nobody answered in time as expired and returns them; those with a
    /// message are announced through the outbox (their message is closed), in the same
    /// transaction.
    #[tracing::instrument(skip_all)]
    pub async fn expire_challenges(&self) -> Result<Vec<Challenge>> {
        let now = self.now();
        let mut tx = self.db.begin().await?;
        let expired = tx.expire_challenges(now).await?;
        for challenge in expired.iter().filter(|c| c.message.is_some()) {
            let announcement = crate::db::outbox::Announcement::ChallengeExpired {
                challenge: challenge.id,
            };
            self.announce(
                &mut tx,
                challenge.channel,
                &announcement,
                super::outbox::Delivery::Channel,
                now,
            )
            .await?;
        }
        tx.commit().await?;
        Ok(expired)
    }
}
