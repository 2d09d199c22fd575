//! Answers to an invitation: accepting (the game starts when everyone has), declining
//! (one decline calls the game off), withdrawing, and letting it expire.

use super::challenge::{first_invited, seating};
use super::start::Terms;
use super::views::invitation;
use super::{Accepted, Challenge, ChallengeId, ChallengeStatus, Invitation, Invitations};
use crate::db::challenge_players::ChallengePlayer;
use crate::db::outbox::Announcement;
use crate::error::{Error, Result, UserError};

/// The refusal for answering a challenge that is no longer pending.
fn closed(status: ChallengeStatus) -> UserError {
    match status {
        ChallengeStatus::Accepted => UserError::ChallengeAccepted,
        ChallengeStatus::Declined => UserError::ChallengeDeclined,
        ChallengeStatus::Withdrawn => UserError::ChallengeWithdrawn,
        ChallengeStatus::Expired | ChallengeStatus::Pending => UserError::ChallengeExpired,
    }
}

/// The invited player `user` of a challenge (not the challenger), or the refusal for someone
/// who is not invited.
fn invited(
    challenge: &Challenge,
    players: &[ChallengePlayer],
    user: u64,
) -> Result<ChallengePlayer> {
    match players.iter().find(|p| p.user == user && p.place > 0) {
        Some(p) => Ok(p.clone()),
        None if players.len() <= 2 => Err(UserError::NotChallenged {
            opponent: first_invited(players).ok_or_else(|| {
                super::corrupt(format!("challenge {} names nobody", challenge.id))
            })?,
        }
        .into()),
        None => Err(UserError::NotInvited.into()),
    }
}

impl Invitations<'_> {
    /// The challenge `id` with everyone it names.
    #[tracing::instrument(skip_all)]
    pub async fn invitation(self, id: ChallengeId) -> Result<Invitation> {
        let challenge = self
            .service
            .db
            .challenge(id)
            .await?
            .ok_or(UserError::NoSuchChallenge)?;
        let players = self.service.db.challenge_players(id).await?;
        Ok(invitation(challenge, &players))
    }

    /// Checks that a locked challenge can still be answered.
    fn answerable(self, challenge: &Challenge) -> Result<()> {
        if challenge.status != ChallengeStatus::Pending {
            return Err(closed(challenge.status).into());
        }
        if challenge.expires_at <= self.service.now() {
            return Err(UserError::ChallengeExpired.into());
        }
        Ok(())
    }

    /// Closes a pending challenge without a game; refuses if it was answered meanwhile.
    async fn close_challenge(self, id: ChallengeId, status: ChallengeStatus) -> Result<Invitation> {
        let mut tx = self.service.db.begin().await?;
        let Some(closed) = tx.close_challenge(id, status, None).await? else {
            // Give the connection back before the look that needs one.
            drop(tx);
            return Err(self.answered_meanwhile(id).await);
        };
        let players = tx.challenge_players(id).await?;
        tx.commit().await?;
        Ok(invitation(closed, &players))
    }

    /// The refusal for a challenge that stopped being pending while we worked on it.
    async fn answered_meanwhile(self, id: ChallengeId) -> Error {
        match self.service.db.challenge(id).await {
            Ok(Some(challenge)) => closed(challenge.status).into(),
            Ok(None) => UserError::NoSuchChallenge.into(),
            Err(e) => e.into(),
        }
    }

    /// An invited player accepts. When everyone has, the game starts from the variant's start
    /// position, with the first mover at seat `a` (see [`FirstMover`]); until then the answer
    /// says who has accepted so far. Answers to one challenge happen one at a time (the
    /// challenge's row is locked), so the last two acceptances cannot both miss the start, and
    /// an acceptance and a decline cannot both apply.
    #[tracing::instrument(skip_all)]
    pub async fn accept(self, challenge: ChallengeId, user: u64) -> Result<Accepted> {
        let now = self.service.now();
        let mut tx = self.service.db.begin().await?;
        let pending = tx
            .lock_challenge(challenge)
            .await?
            .ok_or(UserError::NoSuchChallenge)?;
        let mut players = tx.challenge_players(challenge).await?;
        let me = invited(&pending, &players, user)?;
        self.answerable(&pending)?;
        if me.accepted_at.is_some() || !tx.accept_challenge(challenge, user, now).await? {
            return Err(UserError::AlreadyAccepted.into());
        }
        for p in players.iter_mut().filter(|p| p.user == user) {
            p.accepted_at = Some(now);
        }
        if players.iter().any(|p| p.accepted_at.is_none()) {
            tx.commit().await?;
            return Ok(Accepted::Waiting(invitation(pending, &players)));
        }
        if tx.channel_is_busy(pending.channel).await? {
            return Err(UserError::ChannelBusy.into());
        }
        let terms = Terms {
            guild: pending.guild,
            channel: pending.channel,
            variant: pending.variant,
            anti_spoiling: pending.anti_spoiling,
            no_parking: pending.no_parking,
            turn_timeout: pending.turn_timeout,
        };
        let seated = seating(pending.first, &players);
        let started = self
            .service
            .start_game(&mut tx, &terms, &seated, now)
            .await?
            // Another game started in the channel since we looked.
            .ok_or(UserError::ChannelBusy)?;
        tx.close_challenge(challenge, ChallengeStatus::Accepted, Some(started.game.id))
            .await?
            .ok_or_else(|| {
                super::corrupt(format!("challenge {challenge} closed under its lock"))
            })?;
        tx.commit().await?;
        Ok(Accepted::Started(Box::new(started)))
    }

    /// An invited player declines, which calls the game off for everyone.
    #[tracing::instrument(skip_all)]
    pub async fn decline(self, challenge: ChallengeId, user: u64) -> Result<Invitation> {
        let mut tx = self.service.db.begin().await?;
        let pending = tx
            .lock_challenge(challenge)
            .await?
            .ok_or(UserError::NoSuchChallenge)?;
        let players = tx.challenge_players(challenge).await?;
        invited(&pending, &players, user)?;
        self.answerable(&pending)?;
        let declined = tx
            .close_challenge(challenge, ChallengeStatus::Declined, None)
            .await?
            .ok_or_else(|| {
                super::corrupt(format!("challenge {challenge} closed under its lock"))
            })?;
        tx.commit().await?;
        Ok(invitation(declined, &players))
    }

    /// The challenger takes the challenge back.
    #[tracing::instrument(skip_all)]
    pub async fn withdraw(self, challenge: ChallengeId, user: u64) -> Result<Invitation> {
        let pending = self
            .service
            .db
            .challenge(challenge)
            .await?
            .ok_or(UserError::NoSuchChallenge)?;
        if user != pending.challenger {
            return Err(UserError::NotChallenger {
                challenger: pending.challenger,
            }
            .into());
        }
        self.answerable(&pending)?;
        self.close_challenge(challenge, ChallengeStatus::Withdrawn)
            .await
    }

    /// Marks the challenges nobody answered in time as expired and returns them; those with a
    /// message are announced through the outbox (their message is closed), in the same
    /// transaction.
    #[tracing::instrument(skip_all)]
    pub async fn expire_challenges(self) -> Result<Vec<Challenge>> {
        let now = self.service.now();
        let mut tx = self.service.db.begin().await?;
        let expired = tx.expire_challenges(now).await?;
        let closing: Vec<_> = expired
            .iter()
            .filter(|c| c.message.is_some())
            .map(|c| {
                (
                    c.channel,
                    Announcement::ChallengeExpired { challenge: c.id },
                )
            })
            .collect();
        self.service.announce_each(&mut tx, closing, now).await?;
        tx.commit().await?;
        Ok(expired)
    }
}
