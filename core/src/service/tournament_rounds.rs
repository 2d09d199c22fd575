//! A tournament's course: its start, each round paired exactly once, each result counted once,
//! and its end.
//!
//! - A round is paired in one transaction under the tournament row's lock
//!   ([`crate::db::DbTx::lock_tournament`], `SELECT ... FOR UPDATE`): at the start, and in the
//!   transaction that counts the round's last result. Two games that end at once count one
//!   after the other; only the second sees the round complete, so it alone pairs the next.
//! - A result is counted in the transaction that ends the game
//!   ([`Tournaments::count_for_tournament`], called where every ending settles its ratings),
//!   once (`WHERE result IS NULL`).
//! - A pairing becomes a game once the front end made its thread
//!   ([`Tournaments::open_pairing`]): the pairing row's lock makes that once too; a second
//!   thread made for it is not used.
//!
//! An arena's start and results branch off to [`super::arena`], which pairs by time instead.

use super::outbox::Delivery;
use super::start::{Seated, Terms};
use super::tournament::TournamentView;
use super::{corrupt, GameStarted, Tournaments};
use crate::db::outbox::Announcement;
use crate::db::tournament_games::{NewPairing, Pairing};
use crate::db::tournament_players::Entrant;
use crate::db::tournaments::Tournament;
use crate::db::DbTx;
use crate::error::{Error, Result};
use crate::model::{GameId, PairingId, PairingResult, TournamentId, TournamentStatus};
use chrono::{DateTime, Utc};

/// How many due tournaments one timer tick starts (the others wait for the next tick).
pub const TOURNAMENTS_STARTED_PER_TICK: u32 = 10;

/// A round's pairings, for the front end to open their threads and post them.
#[derive(Clone, Debug, PartialEq)]
pub struct RoundView {
    /// The tournament.
    pub tournament: Tournament,
    /// The round.
    pub round: u32,
    /// Its pairings by board, the bye (if any) among them.
    pub pairings: Vec<Pairing>,
    /// The players, for their names.
    pub players: Vec<Entrant>,
}

impl RoundView {
    /// The name a player joined with.
    pub fn name_of(&self, user: u64) -> String {
        self.players
            .iter()
            .find(|p| p.user == user)
            .map_or_else(|| user.to_string(), |p| p.name.clone())
    }

    /// The pairings that still need their thread and game.
    pub fn unopened(&self) -> impl Iterator<Item = &Pairing> {
        self.pairings
            .iter()
            .filter(|p| !p.is_bye() && p.game.is_none() && p.result.is_none())
    }
}

impl Tournaments<'_> {
    /// Starts `tournament` in `tx` (its row locked, open, with two players or more): fixes
    /// the initial ranking and the number of rounds, and pairs round one (an arena: see
    /// [`Tournaments::begin_arena`]).
    pub(super) async fn begin_tournament(
        self,
        tx: &mut DbTx,
        tournament: &Tournament,
        now: DateTime<Utc>,
    ) -> Result<Tournament> {
        tx.set_entrant_ratings(
            tournament.id,
            tournament.guild,
            tournament.variant,
            super::tournament_table::UNRATED,
        )
        .await?;
        if tournament.is_arena() {
            return self.begin_arena(tx, tournament, now).await;
        }
        let players = tx.entrants(tournament.id).await?;
        let rounds = tournament
            .rounds
            .unwrap_or_else(|| halma_pairing::default_rounds(players.len()));
        let started = tx
            .start_tournament(tournament.id, Some(rounds), now)
            .await?;
        self.announce_tournament(tx, &started, now).await?;
        let standings = Announcement::TournamentStandings {
            tournament: started.id,
        };
        self.service
            .announce(tx, started.channel, &standings, Delivery::Channel, now)
            .await?;
        self.next_round(tx, &started, now).await?;
        Ok(started)
    }

    /// Pairs the round after `tournament.current_round` in `tx` (under the tournament's lock,
    /// its last round complete), or finishes the tournament after its last round or when
    /// fewer than two players are left. A round of byes only (one player left is not paired)
    /// is complete at once, so the loop goes on.
    async fn next_round(
        self,
        tx: &mut DbTx,
        tournament: &Tournament,
        now: DateTime<Utc>,
    ) -> Result<()> {
        let rounds = tournament.rounds.unwrap_or(0);
        let mut round = tournament.current_round;
        loop {
            let players = tx.entrants(tournament.id).await?;
            let active = players.iter().filter(|p| !p.withdrawn).count();
            if round >= rounds || active < 2 {
                return self.finish_tournament(tx, tournament, &players, now).await;
            }
            round += 1;
            let pairings = tx.pairings(tournament.id).await?;
            let (field, withdrawn) = super::tournament_table::field(&players, &pairings);
            let paired = halma_pairing::pair_round(&field, &withdrawn)
                .map_err(|e| corrupt(format!("tournament {}: {e}", tournament.id)))?;
            for (board, pair) in paired.pairs.iter().enumerate() {
                let new = NewPairing {
                    round,
                    board: board as u32 + 1,
                    first: pair.first,
                    second: Some(pair.second),
                };
                tx.insert_pairing(tournament.id, &new, now).await?;
            }
            if let Some(bye) = paired.bye {
                let new = NewPairing {
                    round,
                    board: paired.pairs.len() as u32 + 1,
                    first: bye,
                    second: None,
                };
                tx.insert_pairing(tournament.id, &new, now).await?;
                tx.set_bye_round(tournament.id, bye, round).await?;
            }
            tx.set_current_round(tournament.id, round).await?;
            let announcement = Announcement::TournamentRound {
                tournament: tournament.id,
                round,
            };
            self.service
                .announce(
                    tx,
                    tournament.channel,
                    &announcement,
                    Delivery::Channel,
                    now,
                )
                .await?;
            if !paired.pairs.is_empty() {
                return Ok(());
            }
        }
    }

    /// Finishes `tournament` in `tx`: final places, the podium, the last standings.
    pub(super) async fn finish_tournament(
        self,
        tx: &mut DbTx,
        tournament: &Tournament,
        players: &[Entrant],
        now: DateTime<Utc>,
    ) -> Result<()> {
        let pairings = tx.pairings(tournament.id).await?;
        let rows = super::tournament_terms::table(tournament, players, &pairings)?;
        let places: Vec<(u64, u32)> = rows.iter().map(|r| (r.user, r.place)).collect();
        tx.set_places(tournament.id, &places).await?;
        let finished = tx
            .end_tournament(tournament.id, TournamentStatus::Finished, now)
            .await?;
        self.announce_tournament(tx, &finished, now).await?;
        for announcement in [
            Announcement::TournamentStandings {
                tournament: finished.id,
            },
            Announcement::TournamentEnded {
                tournament: finished.id,
            },
        ] {
            self.service
                .announce(tx, finished.channel, &announcement, Delivery::Channel, now)
                .await?;
        }
        Ok(())
    }

    /// Counts the end of game `game` for its tournament, if it is a tournament game of a
    /// running tournament, in the transaction that ends it: `winners` won (none: a draw). When
    /// that completes the round, the next one is paired (or the tournament finishes) in the
    /// same transaction. Counted once: a result already counted is left alone.
    pub(super) async fn count_for_tournament(
        self,
        tx: &mut DbTx,
        game: GameId,
        winners: &[u64],
        now: DateTime<Utc>,
    ) -> Result<()> {
        let Some(pairing) = tx.pairing_of_game(game).await? else {
            return Ok(());
        };
        let result = if winners.contains(&pairing.first) {
            PairingResult::First
        } else if pairing.second.is_some_and(|s| winners.contains(&s)) {
            PairingResult::Second
        } else {
            PairingResult::Draw
        };
        self.count_pairing(tx, &pairing, result, now).await
    }

    /// Counts `result` for `pairing` under its tournament's lock and pairs the next round when
    /// it completes this one (an arena's players are free again instead).
    async fn count_pairing(
        self,
        tx: &mut DbTx,
        pairing: &Pairing,
        result: PairingResult,
        now: DateTime<Utc>,
    ) -> Result<()> {
        // The tournament's lock first: of two games ending at once, the second waits here and
        // then sees the first's result.
        let Some(tournament) = tx.lock_tournament(pairing.tournament).await? else {
            return Ok(());
        };
        if tournament.status != TournamentStatus::Running {
            return Ok(());
        }
        if !tx.count_result(pairing.id, result, now).await? {
            return Ok(());
        }
        let standings = Announcement::TournamentStandings {
            tournament: tournament.id,
        };
        self.service
            .announce(tx, tournament.channel, &standings, Delivery::Channel, now)
            .await?;
        if tournament.is_arena() {
            return self.arena_game_counted(tx, &tournament, pairing, now).await;
        }
        if pairing.round == tournament.current_round
            && tx.results_missing(tournament.id, pairing.round).await? == 0
        {
            self.next_round(tx, &tournament, now).await?;
        }
        Ok(())
    }

    /// Makes the game of `pairing` in `thread` (a thread the front end opened in the
    /// tournament's channel) and writes its start into the outbox. `None` when the pairing
    /// has its game already (the caller removes its unused thread), or needs none any more: its
    /// tournament was called off, or a player withdrew (the other wins without a game).
    #[tracing::instrument(skip_all, fields(pairing = %id))]
    pub async fn open_pairing(self, id: PairingId, thread: u64) -> Result<Option<GameStarted>> {
        let now = self.service.now();
        let mut tx = self.service.db.begin().await?;
        let pairing = tx
            .lock_pairing(id)
            .await?
            .ok_or_else(|| corrupt(format!("pairing {id} is gone")))?;
        let Some(second) = pairing.second.filter(|_| pairing.game.is_none()) else {
            return Ok(None);
        };
        let tournament = self
            .service
            .db
            .tournament(pairing.tournament)
            .await?
            .ok_or_else(|| corrupt(format!("pairing {id} has no tournament")))?;
        if tournament.status != TournamentStatus::Running || pairing.result.is_some() {
            return Ok(None);
        }
        let players = tx.entrants(tournament.id).await?;
        let gone = |user: u64| players.iter().any(|p| p.user == user && p.withdrawn);
        if gone(pairing.first) || gone(second) {
            let result = match (gone(pairing.first), gone(second)) {
                (true, false) => PairingResult::Second,
                (false, true) => PairingResult::First,
                _ => PairingResult::Draw,
            };
            // The pairing row is locked, the tournament row next: as a game's end locks them
            // (its game row first, which this pairing has none of).
            self.count_pairing(&mut tx, &pairing, result, now).await?;
            tx.commit().await?;
            self.service.wake_outbox();
            return Ok(None);
        }
        let terms = Terms {
            guild: tournament.guild,
            channel: thread,
            variant: tournament.variant,
            anti_spoiling: false,
            no_parking: false,
            turn_timeout: tournament.turn_timeout,
        };
        let seated = [pairing.first, second].map(|user| Seated {
            user,
            ai_level: None,
        });
        let started = self
            .service
            .start_game(&mut tx, &terms, &seated, now)
            .await?
            .ok_or_else(|| corrupt(format!("thread {thread} has a game already")))?;
        tx.set_pairing_game(id, started.game.id, thread).await?;
        let announcement = Announcement::Started {
            game: started.game.id,
        };
        self.service
            .announce(&mut tx, thread, &announcement, Delivery::Channel, now)
            .await?;
        tx.commit().await?;
        self.service.wake_outbox();
        Ok(Some(started))
    }

    /// Round `round` of tournament `id` as it stands now; `None` when there is no such
    /// tournament.
    #[tracing::instrument(skip_all)]
    pub async fn round_view(self, id: TournamentId, round: u32) -> Result<Option<RoundView>> {
        let Some(tournament) = self.service.db.tournament(id).await? else {
            return Ok(None);
        };
        let pairings = self
            .service
            .db
            .pairings(id)
            .await?
            .into_iter()
            .filter(|p| p.round == round)
            .collect();
        let players = self.service.db.entrants(id).await?;
        Ok(Some(RoundView {
            tournament,
            round,
            pairings,
            players,
        }))
    }

    /// Starts the open tournaments whose time has come (at most
    /// [`TOURNAMENTS_STARTED_PER_TICK`]); one with fewer than two players is called off. The
    /// timer calls this every tick. Returns the tournaments it started or called off.
    #[tracing::instrument(skip_all)]
    pub async fn start_due_tournaments(self) -> Result<Vec<TournamentView>> {
        let now = self.service.now();
        let mut done = Vec::new();
        for id in self
            .service
            .db
            .tournaments_due(now, TOURNAMENTS_STARTED_PER_TICK)
            .await?
        {
            match self.start_due(id, now).await {
                Ok(Some(view)) => done.push(view),
                Ok(None) => {}
                // One tournament's trouble must not hold up the others: logged, tried again.
                Err(Error::Corrupt(what)) => {
                    tracing::error!(tournament = %id, %what, "cannot start a tournament")
                }
                Err(error) => return Err(error),
            }
        }
        if !done.is_empty() {
            self.service.wake_outbox();
        }
        Ok(done)
    }

    /// Starts tournament `id` if it is still open and due (else `None`), or calls it off when
    /// fewer than two joined.
    async fn start_due(
        self,
        id: TournamentId,
        now: DateTime<Utc>,
    ) -> Result<Option<TournamentView>> {
        let mut tx = self.service.db.begin().await?;
        let Some(tournament) = tx.lock_tournament(id).await? else {
            return Ok(None);
        };
        if tournament.status != TournamentStatus::Open || tournament.starts_at > now {
            return Ok(None);
        }
        let players = tx.entrants(id).await?;
        let tournament = if players.len() < 2 {
            let cancelled = tx
                .end_tournament(id, TournamentStatus::Cancelled, now)
                .await?;
            self.announce_tournament(&mut tx, &cancelled, now).await?;
            cancelled
        } else {
            self.begin_tournament(&mut tx, &tournament, now).await?
        };
        tx.commit().await?;
        Ok(Some(TournamentView {
            tournament,
            players,
        }))
    }
}
