//! Challenges: asking one or several members to play, in a channel that is free; the answers
//! (accepting, declining, withdrawing, expiring) are in [`super::invitations`].

use super::start::{shuffle, Seated, Terms};
use super::views::invitation;
use super::{
    timers, Accepted, Actor, Challenge, ChallengeId, FirstMover, GameId, Invitation, Invitations,
    Place, Player, DEFAULT_VARIANT,
};
use crate::db::challenge_players::ChallengePlayer;
use crate::db::challenges::NewChallenge;
use crate::db::DbTx;
use crate::error::{Error, Result, UserError};
use chrono::TimeDelta;
use halma::{Seat, Variant};
use halma_engine::Level;

/// How long a challenge waits for an answer.
pub const CHALLENGE_LIFETIME: TimeDelta = TimeDelta::minutes(10);

/// Challenges one member may have waiting for answers in a server at once (each in a channel
/// or thread of its own).
pub const PENDING_CHALLENGES_PER_MEMBER: u32 = 3;

/// Challenges a server may have waiting for answers at once.
pub const PENDING_CHALLENGES_PER_SERVER: u32 = 25;

/// A request to play: who challenges whom, where, and how.
#[derive(Clone, Debug)]
pub struct ChallengeRequest {
    /// Who challenges, in the channel the game will be played in.
    pub challenger: Actor,
    /// Who is challenged: one member for a game of two, more for a game of three or more, in
    /// the order they were named (the first is "the opponent").
    pub opponents: Vec<Opponent>,
    /// The bot's level, for a game with the bot; `None` for [`super::DEFAULT_LEVEL`].
    pub level: Option<Level>,
    /// The variant; `None` for the server's default, else [`DEFAULT_VARIANT`].
    pub variant: Option<Variant>,
    /// Who moves first.
    pub first: FirstMover,
    /// Option `anti_spoiling`.
    pub anti_spoiling: bool,
    /// Option `no_parking`: on the star only, else refused.
    pub no_parking: bool,
    /// Time per move; `None` for the server's default, else 24 hours.
    pub turn_timeout: Option<TimeDelta>,
}

impl ChallengeRequest {
    /// `challenger` challenges `opponents` to the server's default game: its variant and
    /// time per move, the bot's usual level, who starts drawn by lot, no options.
    pub fn with_defaults(challenger: Actor, opponents: Vec<Opponent>) -> ChallengeRequest {
        ChallengeRequest {
            challenger,
            opponents,
            level: None,
            variant: None,
            first: FirstMover::Random,
            anti_spoiling: false,
            no_parking: false,
            turn_timeout: None,
        }
    }

    /// The member challenged first: the opponent of a game of two.
    pub fn opponent(&self) -> Option<Opponent> {
        self.opponents.first().copied()
    }

    /// Whether this is a game of two against this bot itself, which starts at once (see
    /// [`Service::challenge_ai`]).
    pub fn is_against_me(&self) -> bool {
        matches!(self.opponents[..], [o] if o.is_me)
    }
}

/// Another member named in a challenge to a game of three or more (`opponent2` to
/// `opponent5`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Opponent {
    /// The Discord user.
    pub user: u64,
    /// Whether the user is a bot.
    pub is_bot: bool,
    /// Whether the user is this bot itself, which plays (and accepts at once).
    pub is_me: bool,
}

/// A variant and a time per move as asked, checked: `default` when no variant is named, and
/// `default_timeout` when no time per move is; a variant the bot does not host, a time per
/// move out of bounds, and `no_parking` on a square board (which has no points), are refused.
pub(super) fn terms_as_asked(
    variant: Option<Variant>,
    turn_timeout: Option<TimeDelta>,
    no_parking: bool,
    default: Variant,
    default_timeout: TimeDelta,
) -> Result<(Variant, TimeDelta)> {
    let variant = variant.unwrap_or(default);
    if no_parking && !variant.is_star() {
        return Err(UserError::NoParkingOffTheStar { variant }.into());
    }
    let timeout = match turn_timeout {
        Some(asked) => timers::check_turn_timeout(asked)?,
        None => default_timeout,
    };
    Ok((variant, timeout))
}

impl Invitations<'_> {
    /// The variant and time per move a challenge asks for, checked, with the server's defaults
    /// for what it leaves out; refused in a channel the server keeps games out of.
    pub(super) async fn terms(self, req: &ChallengeRequest) -> Result<(Variant, TimeDelta)> {
        let house = self
            .service
            .settings()
            .house_rules(req.challenger.place)
            .await?;
        terms_as_asked(
            req.variant,
            req.turn_timeout,
            req.no_parking,
            house.variant.unwrap_or(DEFAULT_VARIANT),
            house.turn_timeout.unwrap_or(timers::DEFAULT_TURN_TIMEOUT),
        )
    }
}

/// A request no front end should make (a challenge of nobody): an internal error, not a
/// member's mistake.
fn corrupt_request(what: &str) -> Error {
    super::corrupt(format!("a malformed request: {what}"))
}

/// The two players of a challenged game in seat order: whoever moves first (by `first`, by lot
/// for [`FirstMover::Random`]) takes seat `a`.
pub(super) fn seat_players(first: FirstMover, challenger: u64, opponent: u64) -> [Player; 2] {
    let mut order = [challenger, opponent];
    match first {
        FirstMover::Challenger => {}
        FirstMover::Opponent => order.reverse(),
        FirstMover::Random => shuffle(&mut order),
    }
    [
        Player {
            seat: Seat::A,
            user: order[0],
        },
        Player {
            seat: Seat::B,
            user: order[1],
        },
    ]
}

/// The players of a challenge in seat order: by their fixed seats when the challenge has them
/// (a rematch); else in the order they were named (the challenger first), started from the
/// challenged opponent for [`FirstMover::Opponent`], or drawn by lot.
pub(super) fn seating(first: FirstMover, players: &[ChallengePlayer]) -> Vec<Seated> {
    let mut players = players.to_vec();
    if players.iter().all(|p| p.seat.is_some()) {
        players.sort_by_key(|p| p.seat);
    } else {
        players.sort_by_key(|p| p.place);
        match first {
            FirstMover::Challenger => {}
            FirstMover::Opponent => players.rotate_left(1),
            FirstMover::Random => shuffle(&mut players),
        }
    }
    players
        .iter()
        .map(|p| Seated {
            user: p.user,
            ai_level: p.ai_level,
        })
        .collect()
}

/// The member invited first (place 1): the opponent of a game of two.
pub(super) fn first_invited(players: &[ChallengePlayer]) -> Option<u64> {
    players.iter().find(|p| p.place == 1).map(|p| p.user)
}

/// The refusal for `user` opening a challenge or a lobby in `channel` while it has a pending
/// challenge (theirs, or someone else's) or an open lobby; `None` when it has neither. A
/// channel gathers players for one game at a time, besides the game being played. Called
/// under [`DbTx::lock_gatherings`], so two openers cannot both find the channel free.
pub(super) async fn gathering_in(
    tx: &mut DbTx,
    channel: u64,
    user: u64,
) -> Result<Option<UserError>> {
    if let Some(pending) = tx.pending_challenge_in(channel).await? {
        return Ok(Some(if pending.challenger == user {
            let players = tx.challenge_players(pending.id).await?;
            UserError::ChallengePending {
                opponent: first_invited(&players).ok_or_else(|| {
                    super::corrupt(format!("challenge {} names nobody", pending.id))
                })?,
            }
        } else {
            UserError::ChallengeInChannel {
                challenger: pending.challenger,
            }
        }));
    }
    Ok(tx
        .open_lobby_in(channel)
        .await?
        .map(|open| UserError::LobbyOpen { host: open.host }))
}

impl Invitations<'_> {
    /// Whether challenge `id` waits in `channel` of `guild` (or does not exist, which its
    /// answer refuses anyway): a click on its buttons anywhere else, from an old client or a
    /// forged request, must not act on it.
    #[tracing::instrument(skip_all)]
    pub async fn challenge_is_in(self, id: ChallengeId, at: Place) -> Result<bool> {
        let found = self.service.db.challenge(id).await?;
        Ok(found.is_none_or(|c| c.guild == at.guild && c.channel == at.channel))
    }

    /// Refuses a new challenge by `challenger` when they, or the server, have as many waiting
    /// for answers as [`PENDING_CHALLENGES_PER_MEMBER`] and [`PENDING_CHALLENGES_PER_SERVER`]
    /// allow. Front ends ask before any work a challenge brings (a thread of its own).
    #[tracing::instrument(skip_all)]
    pub async fn may_challenge(self, guild: u64, challenger: u64) -> Result<()> {
        let (mine, all) = self
            .service
            .db
            .pending_challenges(guild, challenger, self.service.now())
            .await?;
        if mine >= PENDING_CHALLENGES_PER_MEMBER {
            return Err(UserError::TooManyChallenges {
                limit: PENDING_CHALLENGES_PER_MEMBER,
            }
            .into());
        }
        if all >= PENDING_CHALLENGES_PER_SERVER {
            return Err(UserError::ServerChallengesFull {
                limit: PENDING_CHALLENGES_PER_SERVER,
            }
            .into());
        }
        Ok(())
    }

    /// Challenges the other players of `game` again, in the same variant, options and time
    /// control, with the seats rotated: whoever had seat `b` moves first this time, and so on
    /// round (with two players, the colours swap). The bot, if it played, accepts at once at
    /// its level; when nobody else is left to ask (a game against the bot alone) the new game
    /// starts at once, as a challenge of the bot does, and the bot moves if it is first (see
    /// [`Service::ai_turn`]). Refused when `game` is no longer the channel's latest game, or
    /// for someone who did not play it.
    #[tracing::instrument(skip_all, fields(game = %game))]
    pub async fn rematch(self, at: Actor, game: GameId) -> Result<Accepted> {
        // A rematch is a new game: the server's game channels apply as to a challenge.
        self.service.settings().house_rules(at.place).await?;
        let last = self.service.board(at.place).await?;
        let user = at.user;
        if last.id != game {
            return Err(UserError::NoGame.into());
        }
        let me = last
            .players
            .iter()
            .find(|p| p.user == user)
            .ok_or(UserError::NotAPlayer)?;
        let bots = self.service.db.ai_seats(game).await?;
        // Everyone moves one seat back: b takes a, c takes b, ..., a takes the last seat.
        let mut order = last.players.clone();
        order.sort_by_key(|p| p.seat);
        order.rotate_left(1);
        let now = self.service.now();
        let mut players = Vec::with_capacity(order.len());
        let mut place = 1;
        for (seat, p) in last.variant.seats().zip(&order) {
            let level = bots.iter().find(|(s, _)| *s == p.seat).map(|&(_, l)| l);
            let mine = p.seat == me.seat;
            players.push(ChallengePlayer {
                place: if mine { 0 } else { place },
                user: p.user,
                ai_level: level,
                accepted_at: (mine || level.is_some()).then_some(now),
                seat: Some(seat),
            });
            if !mine {
                place += 1;
            }
        }
        if players.iter().all(|p| p.accepted_at.is_some()) {
            let terms = Terms {
                guild: at.guild(),
                channel: at.channel(),
                variant: last.variant,
                anti_spoiling: last.options.anti_spoiling,
                no_parking: last.options.no_parking,
                turn_timeout: last.turn_timeout,
            };
            return self.start_now(&terms, &players).await;
        }
        players.sort_by_key(|p| p.place);
        let first = if order[0].user == user {
            FirstMover::Challenger
        } else {
            FirstMover::Opponent
        };
        let opponents = players[1..]
            .iter()
            .map(|p| Opponent {
                user: p.user,
                is_bot: p.ai_level.is_some(),
                is_me: p.ai_level.is_some(),
            })
            .collect();
        let request = ChallengeRequest {
            challenger: at,
            opponents,
            level: None,
            variant: None,
            first,
            anti_spoiling: last.options.anti_spoiling,
            no_parking: last.options.no_parking,
            turn_timeout: None,
        };
        // The game's own variant (hosted: it was checked when the game was challenged) and
        // time per move, not a round trip through text, which would drop the seconds of 1m 30s.
        let invitation = self
            .open_challenge(&request, last.variant, last.turn_timeout, players)
            .await?;
        Ok(Accepted::Waiting(invitation))
    }

    /// Starts a game whose `players` have all accepted (the bot's seats, and whoever asked)
    /// at once, seated as their fixed seats say, once the channel is free.
    async fn start_now(self, terms: &Terms, players: &[ChallengePlayer]) -> Result<Accepted> {
        let seated = seating(FirstMover::Challenger, players);
        let started = self.service.start_at_once(terms, &seated).await?;
        Ok(Accepted::Started(Box::new(started)))
    }

    /// Challenges `opponent` to a two-player game in the channel. The challenge waits ten
    /// minutes.
    #[tracing::instrument(skip_all)]
    pub async fn challenge(self, req: &ChallengeRequest) -> Result<Challenge> {
        Ok(self.challenge_group(req).await?.challenge)
    }

    /// Challenges `req.opponents` to a game in the channel; their number must fit the variant.
    /// This bot may be one of the players of a game of three or more: it accepts at once, at
    /// `req.level`. Everyone else must accept within ten minutes.
    #[tracing::instrument(skip_all)]
    pub async fn challenge_group(self, req: &ChallengeRequest) -> Result<Invitation> {
        let named = &req.opponents;
        if named.is_empty() {
            return Err(corrupt_request("a challenge names nobody"));
        }
        if named.iter().any(|o| o.user == req.challenger.user) {
            return Err(UserError::ChallengeYourself.into());
        }
        if named.iter().any(|o| o.is_bot && !o.is_me) {
            return Err(UserError::ChallengeBot.into());
        }
        let with_me = named.iter().any(|o| o.is_me);
        // A two-player game against this bot starts at once (Service::challenge_ai).
        if req.is_against_me() {
            return Err(UserError::ChallengeBot.into());
        }
        if !with_me && req.level.is_some() {
            return Err(UserError::LevelNeedsBot.into());
        }
        let (variant, timeout) = self.terms(req).await?;
        if named.len() + 1 != variant.players() {
            return Err(UserError::WrongOpponentCount {
                variant,
                needed: variant.players() - 1,
            }
            .into());
        }
        for (i, o) in named.iter().enumerate() {
            if named[..i].iter().any(|earlier| earlier.user == o.user) {
                return Err(UserError::DuplicateOpponent { user: o.user }.into());
            }
        }
        let level = with_me.then(|| req.level.unwrap_or(super::DEFAULT_LEVEL));
        let now = self.service.now();
        let mut players = vec![ChallengePlayer {
            place: 0,
            user: req.challenger.user,
            ai_level: None,
            accepted_at: Some(now),
            seat: None,
        }];
        for (place, o) in (1..).zip(named) {
            players.push(ChallengePlayer {
                place,
                user: o.user,
                ai_level: if o.is_me { level } else { None },
                accepted_at: o.is_me.then_some(now),
                seat: None,
            });
        }
        self.open_challenge(req, variant, timeout, players).await
    }

    /// Stores a challenge with its `players` (the challenger at place 0), a hosted `variant`
    /// and a checked `timeout` (`req.variant` and `req.turn_timeout` are not read), once the
    /// channel is free: no game, and no other pending challenge or open lobby (see
    /// [`gathering_in`]).
    async fn open_challenge(
        self,
        req: &ChallengeRequest,
        variant: Variant,
        timeout: TimeDelta,
        players: Vec<ChallengePlayer>,
    ) -> Result<Invitation> {
        let (guild, channel, challenger) = (
            req.challenger.guild(),
            req.challenger.channel(),
            req.challenger.user,
        );
        if first_invited(&players).is_none() {
            return Err(corrupt_request("a challenge names nobody"));
        }
        if self.service.db.channel_is_busy(channel).await? {
            return Err(UserError::ChannelBusy.into());
        }
        self.may_challenge(guild, challenger).await?;
        let now = self.service.now();
        let mut tx = self.service.db.begin().await?;
        tx.lock_gatherings(channel).await?;
        if let Some(refusal) = gathering_in(&mut tx, channel, challenger).await? {
            return Err(refusal.into());
        }
        let inserted = tx
            .insert_challenge(&NewChallenge {
                guild,
                channel,
                challenger,
                variant,
                first: req.first,
                anti_spoiling: req.anti_spoiling,
                no_parking: req.no_parking,
                turn_timeout: timeout,
                expires_at: now + CHALLENGE_LIFETIME,
                created_at: now,
            })
            .await?;
        let challenge = inserted.ok_or_else(|| {
            super::corrupt(format!(
                "channel {channel}: a pending challenge unseen under the gatherings lock"
            ))
        })?;
        tx.insert_challenge_players(challenge.id, &players).await?;
        tx.commit().await?;
        Ok(invitation(challenge, &players))
    }

    /// Remembers which Discord message shows the challenge (to edit it when answered).
    #[tracing::instrument(skip_all)]
    pub async fn set_challenge_message(self, challenge: ChallengeId, message: u64) -> Result<()> {
        if !self
            .service
            .db
            .set_challenge_message(challenge, message)
            .await?
        {
            return Err(UserError::NoSuchChallenge.into());
        }
        Ok(())
    }
}
