//! Tournaments, as members ask for them: made by an organizer in a channel, joined and left
//! until the start, started by the organizer (or when their time comes), withdrawn from, called
//! off, and their standings. How rounds are paired and results counted is in
//! [`super::tournament_rounds`]; the table in [`super::tournament_table`].
//!
//! Every change locks the tournament's row first, so that changes of one tournament happen one
//! after the other; each writes the announcement it changes into the outbox in its own
//! transaction. Refusals come before anything is written.

use super::outbox::Delivery;
use super::{Actor, Place, Tournaments};
use crate::db::outbox::Announcement;
use crate::db::tournament_players::Entrant;
use crate::db::tournaments::{NewTournament, Tournament};
use crate::error::{Result, UserError};
use crate::model::{TournamentFormat, TournamentId, TournamentStatus};

pub use super::tournament_terms::*;
use super::tournament_terms::{format_terms, player_name, tournament_name, tournament_variant};

impl Tournaments<'_> {
    /// Answers `command` of `at` about the tournament of `at`'s channel.
    #[tracing::instrument(skip_all)]
    pub async fn answer(self, at: Actor, command: &TournamentCommand) -> Result<TournamentAnswer> {
        let answer = match command {
            TournamentCommand::Create(req) => TournamentAnswer::Created(self.create(req).await?),
            TournamentCommand::Join { tournament, name } => {
                let id = self.tournament_here(at.place, *tournament).await?;
                TournamentAnswer::Joined(self.join(id, at.user, name).await?)
            }
            TournamentCommand::Leave { tournament } => {
                let id = self.tournament_here(at.place, *tournament).await?;
                TournamentAnswer::Left(self.leave(id, at.user).await?)
            }
            TournamentCommand::Withdraw => {
                let id = self.tournament_here(at.place, None).await?;
                TournamentAnswer::Withdrawn(self.withdraw(id, at.user).await?)
            }
            TournamentCommand::Start { may_manage } => {
                let id = self.tournament_here(at.place, None).await?;
                TournamentAnswer::Started(self.start(id, at.user, *may_manage).await?)
            }
            TournamentCommand::Cancel { may_manage } => {
                let id = self.tournament_here(at.place, None).await?;
                TournamentAnswer::Cancelled(self.cancel(id, at.user, *may_manage).await?)
            }
            TournamentCommand::Standings => {
                TournamentAnswer::Standings(self.standings(at.place).await?)
            }
            TournamentCommand::Pause => {
                let id = self.tournament_here(at.place, None).await?;
                self.pause_in_arena(id, at.user).await?
            }
        };
        Ok(answer)
    }

    /// The tournament a command in `at` is about: the one named by a clicked button (which
    /// must be of this channel), else the channel's live one.
    async fn tournament_here(self, at: Place, named: Option<TournamentId>) -> Result<TournamentId> {
        match named {
            Some(id) => match self.service.db.tournament(id).await? {
                Some(t) if t.guild == at.guild && t.channel == at.channel => Ok(t.id),
                Some(_) => Err(UserError::UnknownButton.into()),
                None => Err(UserError::NoTournament.into()),
            },
            None => match self.service.db.tournament_in(at.channel).await? {
                Some(t) if t.guild == at.guild && t.is_live() => Ok(t.id),
                _ => Err(UserError::NoTournament.into()),
            },
        }
    }

    /// Makes a tournament in the organizer's channel and writes its announcement. Refused for
    /// members who may not organise, in a thread, a name that is empty or too long, a variant
    /// not for two, rounds out of range (or for an arena), an arena's length out of range (or
    /// a length for a Swiss tournament), a channel with a live tournament and a server with
    /// [`LIVE_TOURNAMENTS_PER_SERVER`].
    #[tracing::instrument(skip_all)]
    pub async fn create(self, req: &TournamentRequest) -> Result<TournamentView> {
        let at = req.organizer;
        if !req.may_organize {
            return Err(UserError::NotOrganizer.into());
        }
        if at.place.parent.is_some() {
            return Err(UserError::TournamentInThread.into());
        }
        let name = tournament_name(&req.name)?;
        let house = self.service.settings().house_rules(at.place).await?;
        let variant = tournament_variant(req.variant, house.variant)?;
        let default_timeout = match req.format {
            TournamentFormat::Swiss => house.turn_timeout.unwrap_or(super::DEFAULT_TURN_TIMEOUT),
            TournamentFormat::Arena => DEFAULT_ARENA_TURN_TIMEOUT,
        };
        let turn_timeout = super::check_turn_timeout(req.turn_timeout.unwrap_or(default_timeout))?;
        let (rounds, duration) = format_terms(req, self.service.arena.min_duration)?;
        let now = self.service.now();
        let starts_at = now + req.starts_in.unwrap_or(DEFAULT_STARTS_IN);
        let mut tx = self.service.db.begin().await?;
        tx.lock_guild_tournaments(at.guild()).await?;
        if tx.live_tournaments(at.guild()).await? >= LIVE_TOURNAMENTS_PER_SERVER {
            return Err(UserError::ServerTournamentsFull {
                limit: LIVE_TOURNAMENTS_PER_SERVER,
            }
            .into());
        }
        let tournament = tx
            .insert_tournament(&NewTournament {
                guild: at.guild(),
                channel: at.channel(),
                name,
                format: req.format,
                variant,
                turn_timeout,
                rounds,
                duration,
                starts_at,
                organizer: at.user,
                created_at: now,
            })
            .await?
            .ok_or(UserError::TournamentInChannel)?;
        let announcement = Announcement::TournamentAnnounced {
            tournament: tournament.id,
        };
        self.service
            .announce(
                &mut tx,
                tournament.channel,
                &announcement,
                Delivery::Channel,
                now,
            )
            .await?;
        tx.commit().await?;
        self.service.wake_outbox();
        Ok(TournamentView {
            tournament,
            players: Vec::new(),
        })
    }

    /// `user` joins an open tournament, named `name` in its threads. Refused once it started
    /// or ended, for a player already in, and when [`MAX_TOURNAMENT_PLAYERS`] have joined.
    #[tracing::instrument(skip_all)]
    pub async fn join(self, id: TournamentId, user: u64, name: &str) -> Result<TournamentView> {
        let now = self.service.now();
        let (mut tx, tournament) = self.lock_for_change(id).await?;
        open_for_players(&tournament)?;
        let mut players = tx.entrants(id).await?;
        if players.iter().any(|p| p.user == user) {
            return Err(UserError::AlreadyInTournament.into());
        }
        if players.len() >= MAX_TOURNAMENT_PLAYERS {
            return Err(UserError::TournamentFull {
                limit: MAX_TOURNAMENT_PLAYERS as u32,
            }
            .into());
        }
        let name = player_name(name, user);
        tx.add_entrant(id, user, &name, now).await?;
        players.push(Entrant {
            user,
            name,
            rating: None,
            withdrawn: false,
            bye_round: None,
            place: None,
            ready_at: None,
            paused: false,
        });
        self.announce_entrants(tx, tournament, players, now).await
    }

    /// `user` leaves an open tournament. Refused once it started (withdraw then) or ended, and
    /// for a member who is not in it.
    #[tracing::instrument(skip_all)]
    pub async fn leave(self, id: TournamentId, user: u64) -> Result<TournamentView> {
        let now = self.service.now();
        let (mut tx, tournament) = self.lock_for_change(id).await?;
        open_for_players(&tournament)?;
        if !tx.remove_entrant(id, user).await? {
            return Err(UserError::NotInTournament.into());
        }
        let players = tx.entrants(id).await?;
        self.announce_entrants(tx, tournament, players, now).await
    }

    /// `user` withdraws from a running tournament: they are paired no more, and the game they
    /// play now is resigned (lost). Their games so far still count.
    #[tracing::instrument(skip_all)]
    pub async fn withdraw(self, id: TournamentId, user: u64) -> Result<TournamentView> {
        let now = self.service.now();
        let (mut tx, tournament) = self.lock_for_change(id).await?;
        match tournament.status {
            TournamentStatus::Running => {}
            TournamentStatus::Open => return Err(UserError::TournamentNotStarted.into()),
            _ => return Err(UserError::TournamentOver.into()),
        }
        let players = tx.entrants(id).await?;
        match players.iter().find(|p| p.user == user) {
            None => return Err(UserError::NotInTournament.into()),
            Some(p) if p.withdrawn => return Err(UserError::AlreadyWithdrawn.into()),
            Some(_) => {}
        }
        tx.withdraw_entrant(id, user, now).await?;
        // A player has one game at most waiting for its result (of the current round, or
        // of an arena).
        let playing = tx
            .pairings(id)
            .await?
            .into_iter()
            .find(|p| p.result.is_none() && (p.first == user || p.second == Some(user)));
        let standings = Announcement::TournamentStandings { tournament: id };
        self.service
            .announce(
                &mut tx,
                tournament.channel,
                &standings,
                Delivery::Channel,
                now,
            )
            .await?;
        tx.commit().await?;
        // The game goes as any resignation does (its result counted, perhaps the next round
        // paired): after the withdrawal, so that the next round leaves the player out.
        if let (Some(pairing), Some(thread)) = (&playing, playing.as_ref().and_then(|p| p.thread)) {
            let in_thread = Place::new(tournament.guild, thread).member(user);
            match self.service.resign_by(in_thread, Delivery::Channel).await {
                Ok(_) => {}
                // The game ended meanwhile (a move, the clock): nothing left to lose.
                Err(crate::error::Error::User(refusal)) => {
                    tracing::info!(pairing = %pairing.id, ?refusal, "a withdrawn player's game had ended")
                }
                Err(error) => return Err(error),
            }
        }
        self.service.wake_outbox();
        let players = self.service.db.entrants(id).await?;
        Ok(TournamentView {
            tournament,
            players,
        })
    }

    /// Starts an open tournament now: its organizer, or a member who may manage the server.
    /// Refused for anyone else, once it started or ended, and with fewer than two players.
    #[tracing::instrument(skip_all)]
    pub async fn start(
        self,
        id: TournamentId,
        user: u64,
        may_manage: bool,
    ) -> Result<TournamentView> {
        let now = self.service.now();
        let (mut tx, tournament) = self.lock_for_change(id).await?;
        organized_by(&tournament, user, may_manage)?;
        open_for_players(&tournament)?;
        let players = tx.entrants(id).await?;
        if players.len() < 2 {
            return Err(UserError::TooFewPlayers {
                joined: players.len() as u32,
            }
            .into());
        }
        let started = self.begin_tournament(&mut tx, &tournament, now).await?;
        tx.commit().await?;
        self.service.wake_outbox();
        Ok(TournamentView {
            tournament: started,
            players,
        })
    }

    /// Calls off a live tournament: its organizer, or a member who may manage the server.
    /// Games being played go on as ordinary games; nothing more is counted or paired.
    #[tracing::instrument(skip_all)]
    pub async fn cancel(
        self,
        id: TournamentId,
        user: u64,
        may_manage: bool,
    ) -> Result<TournamentView> {
        let now = self.service.now();
        let (mut tx, tournament) = self.lock_for_change(id).await?;
        organized_by(&tournament, user, may_manage)?;
        if !tournament.is_live() {
            return Err(UserError::TournamentOver.into());
        }
        let cancelled = tx
            .end_tournament(id, TournamentStatus::Cancelled, now)
            .await?;
        self.announce_tournament(&mut tx, &cancelled, now).await?;
        let players = tx.entrants(id).await?;
        tx.commit().await?;
        self.service.wake_outbox();
        Ok(TournamentView {
            tournament: cancelled,
            players,
        })
    }

    /// The standings of the channel's tournament (the live one, else the last).
    #[tracing::instrument(skip_all)]
    pub async fn standings(self, at: Place) -> Result<StandingsView> {
        let tournament = self
            .service
            .db
            .tournament_in(at.channel)
            .await?
            .filter(|t| t.guild == at.guild)
            .ok_or(UserError::NoTournament)?;
        self.standings_of(tournament).await
    }

    /// The standings of `tournament` as its rows are now.
    pub(super) async fn standings_of(self, tournament: Tournament) -> Result<StandingsView> {
        let players = self.service.db.entrants(tournament.id).await?;
        let pairings = self.service.db.pairings(tournament.id).await?;
        let rows = super::tournament_terms::table(&tournament, &players, &pairings)?;
        Ok(StandingsView {
            rounds: tournament
                .rounds
                .filter(|_| tournament.started_at.is_some()),
            tournament,
            rows,
        })
    }

    /// The tournament with its players as they are now.
    pub(super) async fn tournament_view(self, id: TournamentId) -> Result<Option<TournamentView>> {
        let Some(tournament) = self.service.db.tournament(id).await? else {
            return Ok(None);
        };
        let players = self.service.db.entrants(id).await?;
        Ok(Some(TournamentView {
            tournament,
            players,
        }))
    }

    /// Starts the transaction of a change to tournament `id`, holding its row's lock (so that
    /// changes to one tournament, and its rounds' pairing, run one after the other). Refused
    /// when there is no such tournament.
    pub(super) async fn lock_for_change(
        self,
        id: TournamentId,
    ) -> Result<(crate::db::DbTx, Tournament)> {
        let mut tx = self.service.db.begin().await?;
        let tournament = tx
            .lock_tournament(id)
            .await?
            .ok_or(UserError::NoTournament)?;
        Ok((tx, tournament))
    }

    /// Ends a change of who is in the open `tournament`: its announcement (with `players`)
    /// written, the transaction committed, the sender woken.
    async fn announce_entrants(
        self,
        mut tx: crate::db::DbTx,
        tournament: Tournament,
        players: Vec<Entrant>,
        now: chrono::DateTime<chrono::Utc>,
    ) -> Result<TournamentView> {
        self.announce_tournament(&mut tx, &tournament, now).await?;
        tx.commit().await?;
        self.service.wake_outbox();
        Ok(TournamentView {
            tournament,
            players,
        })
    }

    /// Writes the edit of `tournament`'s announcement (its players, where it stands).
    pub(super) async fn announce_tournament(
        self,
        tx: &mut crate::db::DbTx,
        tournament: &Tournament,
        now: chrono::DateTime<chrono::Utc>,
    ) -> Result<()> {
        let announcement = Announcement::TournamentAnnounced {
            tournament: tournament.id,
        };
        self.service
            .announce(
                tx,
                tournament.channel,
                &announcement,
                Delivery::Channel,
                now,
            )
            .await
    }

    /// Remembers the Discord message that shows `which` of the tournament.
    #[tracing::instrument(skip_all)]
    pub async fn set_message(
        self,
        id: TournamentId,
        which: crate::db::tournaments::TournamentMessage,
        message: u64,
    ) -> Result<()> {
        self.service
            .db
            .set_tournament_message(id, which, message)
            .await?;
        Ok(())
    }

    /// The role whose members may organise tournaments in `guild`, if the server named one.
    #[tracing::instrument(skip_all)]
    pub async fn role(self, guild: u64) -> Result<Option<u64>> {
        Ok(self
            .service
            .db
            .guild_settings(guild)
            .await?
            .and_then(|s| s.tournament_role))
    }
}

/// Refuses a change of the players of a tournament that is not open any more.
fn open_for_players(tournament: &Tournament) -> Result<()> {
    match tournament.status {
        TournamentStatus::Open => Ok(()),
        TournamentStatus::Running => Err(UserError::TournamentStarted.into()),
        TournamentStatus::Finished | TournamentStatus::Cancelled => {
            Err(UserError::TournamentOver.into())
        }
    }
}

/// Refused unless `user` organizes `tournament` or may manage the server.
fn organized_by(tournament: &Tournament, user: u64, may_manage: bool) -> Result<()> {
    if tournament.organizer != user && !may_manage {
        return Err(UserError::NotTournamentOrganizer {
            organizer: tournament.organizer,
        }
        .into());
    }
    Ok(())
}
