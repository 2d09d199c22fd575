//! Open lobbies: a host offers a game in the channel, anyone may join until the variant's
//! seats are full, and then the game starts at once. The host may add the bot to fill seats
//! of a game of three or more, and start a full lobby that had to wait for the channel.
//!
//! Every change of a lobby locks its row first, so two clicks on the same lobby happen one
//! after the other: of two members joining for the last seat one gets it, a Start clicked
//! twice starts one game, and a Leave while the lobby fills sees the lobby as it then is.

use super::challenge::gathering_in;
use super::start::{shuffle, Seated, Terms};
use super::{Actor, GameStarted, Invitations, LobbyUpdate, LobbyView, Place, DEFAULT_LEVEL};
use crate::db::lobbies::{Lobby, LobbyMember, NewLobby};
use crate::db::outbox::Announcement;
use crate::db::DbTx;
use crate::error::{Result, UserError};
use crate::model::{LobbyId, LobbyStatus};
use chrono::{DateTime, TimeDelta, Utc};
use halma::Variant;
use halma_engine::Level;

/// How long a lobby stays open.
pub const LOBBY_LIFETIME: TimeDelta = TimeDelta::minutes(30);

/// The variant of a lobby that names none.
pub const DEFAULT_LOBBY_VARIANT: Variant = Variant::Four;

/// A request to open a lobby.
#[derive(Clone, Debug)]
pub struct LobbyRequest {
    /// Who opens it (its first player), in the channel the game will be played in.
    pub host: Actor,
    /// The variant; `None` for [`DEFAULT_LOBBY_VARIANT`].
    pub variant: Option<Variant>,
    /// Time per move; `None` for the server's default, else 24 hours.
    pub turn_timeout: Option<TimeDelta>,
    /// Option `anti_spoiling`.
    pub anti_spoiling: bool,
    /// Option `no_parking`: on the star only, else refused.
    pub no_parking: bool,
    /// Seats by lot instead of in joining order.
    pub random_seats: bool,
    /// The level of the bot players the host adds; `None` for [`DEFAULT_LEVEL`].
    pub level: Option<Level>,
}

/// What a click on a lobby asks for.
#[derive(Clone, Copy, Debug)]
enum LobbyClick {
    Join,
    Leave,
    Start,
    AddBot { bot: u64 },
}

impl Invitations<'_> {
    /// Whether lobby `id` is open in `channel` of `guild` (or does not exist, which its
    /// buttons refuse anyway): a click anywhere else must not act on it.
    #[tracing::instrument(skip_all)]
    pub async fn lobby_is_in(self, id: LobbyId, at: Place) -> Result<bool> {
        let found = self.service.db.lobby(id).await?;
        Ok(found.is_none_or(|l| l.guild == at.guild && l.channel == at.channel))
    }

    /// Opens a lobby in the channel with its host as the first player. It stays open for
    /// [`LOBBY_LIFETIME`]; a channel has one open lobby or pending challenge at a time
    /// (besides its game, which may go on meanwhile).
    #[tracing::instrument(skip_all)]
    pub async fn open_lobby(self, req: &LobbyRequest) -> Result<LobbyView> {
        // The server's game channels apply, and its time per move; its default variant is one
        // for two players, which a lobby is not for.
        let host = req.host;
        let house = self.service.settings().house_rules(host.place).await?;
        let (variant, timeout) = super::challenge::terms_as_asked(
            req.variant,
            req.turn_timeout,
            req.no_parking,
            DEFAULT_LOBBY_VARIANT,
            house
                .turn_timeout
                .unwrap_or(super::timers::DEFAULT_TURN_TIMEOUT),
        )?;
        let ai_level = req.level.unwrap_or(DEFAULT_LEVEL);
        let now = self.service.now();
        let mut tx = self.service.db.begin().await?;
        tx.lock_gatherings(host.channel()).await?;
        if let Some(refusal) = gathering_in(&mut tx, host.channel(), host.user).await? {
            return Err(refusal.into());
        }
        let inserted = tx
            .insert_lobby(&NewLobby {
                guild: host.guild(),
                channel: host.channel(),
                host: host.user,
                variant,
                anti_spoiling: req.anti_spoiling,
                no_parking: req.no_parking,
                turn_timeout: timeout,
                random_seats: req.random_seats,
                ai_level,
                expires_at: now + LOBBY_LIFETIME,
                created_at: now,
            })
            .await?;
        let lobby = inserted.ok_or_else(|| {
            super::corrupt(format!(
                "channel {}: an open lobby unseen under the gatherings lock",
                host.channel()
            ))
        })?;
        tx.commit().await?;
        Ok(LobbyView {
            lobby,
            members: vec![LobbyMember {
                user: host.user,
                ai_level: None,
            }],
        })
    }

    /// Remembers which Discord message shows the lobby (to edit it when it expires).
    #[tracing::instrument(skip_all)]
    pub async fn set_lobby_message(self, lobby: LobbyId, message: u64) -> Result<()> {
        if !self.service.db.set_lobby_message(lobby, message).await? {
            return Err(UserError::NoSuchLobby.into());
        }
        Ok(())
    }

    /// `user` joins the lobby; when that takes the last seat, the game starts (or, while the
    /// channel's game goes on, the full lobby waits for the host's Start).
    #[tracing::instrument(skip_all)]
    pub async fn join_lobby(self, lobby: LobbyId, user: u64) -> Result<LobbyUpdate> {
        self.change_lobby(lobby, user, LobbyClick::Join).await
    }

    /// `user` leaves the lobby; when the host leaves, the lobby closes.
    #[tracing::instrument(skip_all)]
    pub async fn leave_lobby(self, lobby: LobbyId, user: u64) -> Result<LobbyUpdate> {
        self.change_lobby(lobby, user, LobbyClick::Leave).await
    }

    /// The host starts a full lobby's game (one that waited for the channel to be free).
    /// Refused for anyone else, and while a seat is empty.
    #[tracing::instrument(skip_all)]
    pub async fn start_lobby(self, lobby: LobbyId, user: u64) -> Result<LobbyUpdate> {
        self.change_lobby(lobby, user, LobbyClick::Start).await
    }

    /// The host adds the bot (user id `bot`) to a lobby for three or more, at the lobby's
    /// level; when that takes the last seat, the game starts.
    #[tracing::instrument(skip_all)]
    pub async fn add_bot_to_lobby(
        self,
        lobby: LobbyId,
        user: u64,
        bot: u64,
    ) -> Result<LobbyUpdate> {
        self.change_lobby(lobby, user, LobbyClick::AddBot { bot })
            .await
    }

    /// Marks the lobbies nobody filled in time as expired and returns them.
    #[tracing::instrument(skip_all)]
    pub async fn expire_lobbies(self) -> Result<Vec<Lobby>> {
        let now = self.service.now();
        let mut tx = self.service.db.begin().await?;
        let expired = tx.expire_lobbies(now).await?;
        // Their messages lose their buttons, through the outbox like every announcement.
        let closing: Vec<_> = expired
            .iter()
            .filter(|l| l.message.is_some())
            .map(|l| (l.channel, Announcement::LobbyExpired { lobby: l.id }))
            .collect();
        self.service.announce_each(&mut tx, closing, now).await?;
        tx.commit().await?;
        Ok(expired)
    }

    /// One change of a lobby, in one transaction under the lobby's lock. Every refusal comes
    /// before anything is written, or rolls it back.
    async fn change_lobby(self, id: LobbyId, user: u64, change: LobbyClick) -> Result<LobbyUpdate> {
        let now = self.service.now();
        let mut tx = self.service.db.begin().await?;
        let lobby = tx.lock_lobby(id).await?.ok_or(UserError::NoSuchLobby)?;
        match lobby.status {
            LobbyStatus::Open if lobby.expires_at > now => {}
            LobbyStatus::Started => return Err(UserError::LobbyStarted.into()),
            _ => return Err(UserError::LobbyClosed.into()),
        }
        let mut members = tx.lobby_members(id).await?;
        let seats = lobby.variant.players();
        let is_member = members
            .iter()
            .any(|m| m.user == user && m.ai_level.is_none());
        let fill = match change {
            LobbyClick::Join => {
                if is_member {
                    return Err(UserError::AlreadyInLobby.into());
                }
                if members.len() >= seats {
                    return Err(UserError::LobbyFull.into());
                }
                tx.add_lobby_member(id, user, None, now).await?;
                members.push(LobbyMember {
                    user,
                    ai_level: None,
                });
                true
            }
            LobbyClick::AddBot { bot } => {
                if user != lobby.host {
                    return Err(UserError::NotHost { host: lobby.host }.into());
                }
                if seats < 3 {
                    return Err(UserError::AiNeedsSeveralPlayers.into());
                }
                if members.len() >= seats {
                    return Err(UserError::LobbyFull.into());
                }
                tx.add_lobby_member(id, bot, Some(lobby.ai_level), now)
                    .await?;
                members.push(LobbyMember {
                    user: bot,
                    ai_level: Some(lobby.ai_level),
                });
                true
            }
            LobbyClick::Leave => {
                if !is_member {
                    return Err(UserError::NotInLobby.into());
                }
                if user == lobby.host {
                    let closed = tx
                        .close_lobby(id, LobbyStatus::Closed, None)
                        .await?
                        .ok_or(UserError::LobbyClosed)?;
                    tx.commit().await?;
                    return Ok(LobbyUpdate::Closed(LobbyView {
                        lobby: closed,
                        members,
                    }));
                }
                tx.remove_lobby_member(id, user).await?;
                members.retain(|m| m.user != user || m.ai_level.is_some());
                false
            }
            LobbyClick::Start => {
                if user != lobby.host {
                    return Err(UserError::NotHost { host: lobby.host }.into());
                }
                if members.len() < seats {
                    return Err(UserError::LobbyNotFull {
                        variant: lobby.variant,
                        joined: members.len(),
                    }
                    .into());
                }
                if tx.channel_is_busy(lobby.channel).await? {
                    return Err(UserError::ChannelBusy.into());
                }
                true
            }
        };
        if fill && members.len() == seats && !tx.channel_is_busy(lobby.channel).await? {
            let started = self
                .start_lobby_game(&mut tx, &lobby, &members, now)
                .await?;
            tx.commit().await?;
            return Ok(LobbyUpdate::Started(Box::new(started)));
        }
        tx.commit().await?;
        Ok(LobbyUpdate::Open(LobbyView { lobby, members }))
    }

    /// Starts the game of a full lobby in `tx` and marks the lobby started.
    async fn start_lobby_game(
        self,
        tx: &mut DbTx,
        lobby: &Lobby,
        members: &[LobbyMember],
        now: DateTime<Utc>,
    ) -> Result<GameStarted> {
        let mut seated: Vec<Seated> = members
            .iter()
            .map(|m| Seated {
                user: m.user,
                ai_level: m.ai_level,
            })
            .collect();
        if lobby.random_seats {
            shuffle(&mut seated);
        }
        let terms = Terms {
            guild: lobby.guild,
            channel: lobby.channel,
            variant: lobby.variant,
            anti_spoiling: lobby.anti_spoiling,
            no_parking: lobby.no_parking,
            turn_timeout: lobby.turn_timeout,
        };
        let started = self
            .service
            .start_game(tx, &terms, &seated, now)
            .await?
            // A game started in the channel between our look and the insert.
            .ok_or(UserError::ChannelBusy)?;
        tx.close_lobby(lobby.id, LobbyStatus::Started, Some(started.game.id))
            .await?
            .ok_or_else(|| super::corrupt(format!("lobby {} closed under its lock", lobby.id)))?;
        Ok(started)
    }
}
