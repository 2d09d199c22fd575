//! Arena tournaments' course: for a fixed time, a player whose game ended waits a few seconds
//! ([`ArenaSettings::wait`]) and is paired with the free player of the nearest score; no new
//! game in the last minutes ([`ArenaSettings::last_call`]); games running at the end finish and
//! count; a member may keep out of the queue for a while ([`Tournaments::pause_in_arena`]).
//!
//! The queue lives in the players' rows (`ready_at`, `paused_at`), so a restart loses nothing:
//!
//! - Pairing ([`Tournaments::pair_at`], run by the arena worker, and at the start) happens in
//!   one transaction under the tournament row's lock ([`crate::db::DbTx::lock_tournament`]):
//!   it writes the new games and clears the paired players' `ready_at`, so that of two passes
//!   at once the second finds them taken.
//! - A game's end is counted once, in the transaction that ends it (as a Swiss result is), and
//!   makes both players free again (`ready_at` = now); after the end, the last result finishes
//!   the arena in the same transaction, else the worker does when the time is up.
//!
//! The table's rules (scores, streaks, performance) are in [`super::arena_table`] and in
//! `halma_pairing::arena`.

use super::outbox::Delivery;
use super::{corrupt, Service, TournamentAnswer, TournamentView, Tournaments};
use crate::db::outbox::Announcement;
use crate::db::tournament_games::{NewPairing, Pairing};
use crate::db::tournaments::Tournament;
use crate::db::DbTx;
use crate::error::{Error, Result, UserError};
use crate::model::{TournamentId, TournamentStatus};
use chrono::{DateTime, TimeDelta, Utc};

/// How arenas pace their games: the bot's settings (`ARENA_*`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ArenaSettings {
    /// How long a player whose game ended waits before being paired, so that others who
    /// finish meanwhile can be paired with them.
    pub wait: TimeDelta,
    /// No new game starts in an arena's last this long.
    pub last_call: TimeDelta,
    /// The shortest arena a member may make.
    pub min_duration: TimeDelta,
}

impl Default for ArenaSettings {
    /// Five seconds' wait, no new game in the last minute, arenas of ten minutes or more.
    fn default() -> ArenaSettings {
        ArenaSettings {
            wait: TimeDelta::seconds(5),
            last_call: TimeDelta::seconds(60),
            min_duration: TimeDelta::minutes(10),
        }
    }
}

/// What one pass over the running arenas did ([`Tournaments::pair_at`]).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct ArenaPass {
    /// The time of the pass.
    pub at: DateTime<Utc>,
    /// Games paired, by arena.
    pub paired: Vec<(TournamentId, u32)>,
    /// Arenas that finished.
    pub finished: Vec<TournamentId>,
    /// When the next pass has something to do, if anything is known to be due (a game's
    /// end wakes the worker too).
    pub next: Option<DateTime<Utc>>,
}

/// What a pass did to one arena.
#[derive(Default)]
struct ArenaStep {
    games: u32,
    finished: bool,
    next: Option<DateTime<Utc>>,
}

impl Service {
    /// Uses `settings` for the arenas' pace.
    pub fn with_arena_settings(mut self, settings: ArenaSettings) -> Service {
        self.arena = settings;
        self
    }
}

impl Tournaments<'_> {
    /// Pairs, in every running arena, the free players who have waited [`ArenaSettings::wait`]
    /// at `now` (none in the arena's last call), and finishes the arenas whose time is up and
    /// whose last game has ended. The arena worker calls this whenever something is due; a
    /// pass that finds nothing to do changes nothing.
    #[tracing::instrument(skip_all)]
    pub async fn pair_at(self, now: DateTime<Utc>) -> Result<ArenaPass> {
        let mut pass = ArenaPass {
            at: now,
            ..ArenaPass::default()
        };
        for id in self.service.db.running_arenas().await? {
            let step = match self.run_arena(id, now).await {
                Ok(step) => step,
                // One arena's trouble must not hold up the others: logged, tried again.
                Err(Error::Corrupt(what)) => {
                    tracing::error!(tournament = %id, %what, "cannot run an arena");
                    continue;
                }
                Err(error) => return Err(error),
            };
            if step.games > 0 {
                pass.paired.push((id, step.games));
            }
            if step.finished {
                pass.finished.push(id);
            }
            pass.next = match (pass.next, step.next) {
                (Some(a), Some(b)) => Some(a.min(b)),
                (a, b) => a.or(b),
            };
        }
        if !pass.paired.is_empty() || !pass.finished.is_empty() {
            self.service.wake_outbox();
        }
        Ok(pass)
    }

    /// [`Tournaments::pair_at`] at the clock's time: the arena worker's pass.
    pub async fn pair_arenas(self) -> Result<ArenaPass> {
        self.pair_at(self.service.now()).await
    }

    /// One arena's part of [`Tournaments::pair_at`], in one transaction under its lock.
    async fn run_arena(self, id: TournamentId, now: DateTime<Utc>) -> Result<ArenaStep> {
        let mut tx = self.service.db.begin().await?;
        let Some(arena) = tx.lock_tournament(id).await? else {
            return Ok(ArenaStep::default());
        };
        if arena.status != TournamentStatus::Running || !arena.is_arena() {
            return Ok(ArenaStep::default());
        }
        let ends = ends_of(&arena)?;
        if now >= ends {
            if tx.unfinished_pairings(id).await? > 0 {
                // Its last games finish first; the last one's end finishes the arena.
                return Ok(ArenaStep::default());
            }
            let players = tx.entrants(id).await?;
            self.finish_tournament(&mut tx, &arena, &players, now)
                .await?;
            tx.commit().await?;
            return Ok(ArenaStep {
                finished: true,
                ..ArenaStep::default()
            });
        }
        let games = self
            .pair_ready(&mut tx, &arena, now - self.service.arena.wait, now)
            .await?;
        let players = tx.entrants(id).await?;
        tx.commit().await?;
        let next = super::arena_table::next_due(
            &players,
            ends,
            self.service.arena.wait,
            self.service.arena.last_call,
            now,
        );
        Ok(ArenaStep {
            games,
            finished: false,
            next,
        })
    }

    /// Starts an arena in `tx` (its row locked, open, with two players or more): everyone is
    /// free from `now` on, and the first games are paired at once.
    pub(super) async fn begin_arena(
        self,
        tx: &mut DbTx,
        arena: &Tournament,
        now: DateTime<Utc>,
    ) -> Result<Tournament> {
        let started = tx.start_tournament(arena.id, None, now).await?;
        let users: Vec<u64> = tx
            .entrants(arena.id)
            .await?
            .iter()
            .map(|p| p.user)
            .collect();
        tx.set_ready(arena.id, &users, Some(now)).await?;
        self.announce_tournament(tx, &started, now).await?;
        let standings = Announcement::TournamentStandings {
            tournament: started.id,
        };
        self.service
            .announce(tx, started.channel, &standings, Delivery::Channel, now)
            .await?;
        self.pair_ready(tx, &started, now, now).await?;
        self.service.wake_arena();
        Ok(started)
    }

    /// Pairs the players of the running `arena` free since `cutoff` or longer, in `tx` under
    /// its lock: their games written as one wave (the next `round`), their `ready_at`
    /// cleared, the wave announced (the front end opens its threads). Nobody is paired in
    /// the arena's last call, and two who just played each other are held back while someone
    /// else is free but has not waited yet (see [`super::arena_table::held_back`]). Returns
    /// the number of games.
    async fn pair_ready(
        self,
        tx: &mut DbTx,
        arena: &Tournament,
        cutoff: DateTime<Utc>,
        now: DateTime<Utc>,
    ) -> Result<u32> {
        if now >= ends_of(arena)? - self.service.arena.last_call {
            return Ok(0);
        }
        let players = tx.entrants(arena.id).await?;
        let pairings = tx.pairings(arena.id).await?;
        let queue = super::arena_table::queue(&players, &pairings, cutoff);
        if queue.len() < 2 {
            return Ok(0);
        }
        let by_id = |id: u64| queue.iter().find(|w| w.id == id);
        let pairs: Vec<(u64, u64)> = halma_pairing::pair_arena(&queue)
            .map_err(|e| corrupt(format!("arena {}: {e}", arena.id)))?
            .into_iter()
            .filter(|(a, b)| match (by_id(*a), by_id(*b)) {
                (Some(a), Some(b)) => !super::arena_table::held_back(a, b, &players, cutoff),
                _ => false,
            })
            .collect();
        if pairs.is_empty() {
            return Ok(0);
        }
        let wave = arena.current_round + 1;
        let mut paired = Vec::with_capacity(pairs.len() * 2);
        for (board, (a, b)) in pairs.iter().enumerate() {
            let (first, second) = super::arena_table::first_mover(*a, *b, &pairings);
            let new = NewPairing {
                round: wave,
                board: board as u32 + 1,
                first,
                second: Some(second),
            };
            tx.insert_pairing(arena.id, &new, now).await?;
            paired.extend([first, second]);
        }
        tx.set_ready(arena.id, &paired, None).await?;
        tx.set_current_round(arena.id, wave).await?;
        let announcement = Announcement::TournamentRound {
            tournament: arena.id,
            round: wave,
        };
        self.service
            .announce(tx, arena.channel, &announcement, Delivery::Channel, now)
            .await?;
        Ok(pairs.len() as u32)
    }

    /// After `pairing`'s result was counted in `tx` (under the arena's lock): both players
    /// are free again, and an arena whose time is up finishes with its last game.
    pub(super) async fn arena_game_counted(
        self,
        tx: &mut DbTx,
        arena: &Tournament,
        pairing: &Pairing,
        now: DateTime<Utc>,
    ) -> Result<()> {
        let players: Vec<u64> = pairing.second.into_iter().chain([pairing.first]).collect();
        tx.set_ready(arena.id, &players, Some(now)).await?;
        if now >= ends_of(arena)? && tx.unfinished_pairings(arena.id).await? == 0 {
            let entrants = tx.entrants(arena.id).await?;
            self.finish_tournament(tx, arena, &entrants, now).await?;
        }
        // The worker looks again (after this commits, or at its next look at the latest).
        self.service.wake_arena();
        Ok(())
    }

    /// `user` leaves the arena's queue (their game in progress goes on, and they get no new
    /// one), or comes back to it (and is paired after the usual wait). Refused for a Swiss
    /// tournament, before the start and after the end, and for a member who is not in it or
    /// withdrew.
    pub(super) async fn pause_in_arena(
        self,
        id: TournamentId,
        user: u64,
    ) -> Result<TournamentAnswer> {
        let now = self.service.now();
        let (mut tx, arena) = self.lock_for_change(id).await?;
        if !arena.is_arena() {
            return Err(UserError::ArenaOnly.into());
        }
        match arena.status {
            TournamentStatus::Running => {}
            TournamentStatus::Open => return Err(UserError::TournamentNotStarted.into()),
            _ => return Err(UserError::TournamentOver.into()),
        }
        let players = tx.entrants(id).await?;
        let player = match players.iter().find(|p| p.user == user) {
            None => return Err(UserError::NotInTournament.into()),
            Some(p) if p.withdrawn => return Err(UserError::AlreadyWithdrawn.into()),
            Some(p) => p,
        };
        let resumed = player.paused;
        if resumed {
            tx.set_paused(id, user, None).await?;
            // Free now: back in the queue from now on, like a player whose game just ended.
            if player.ready_at.is_some() {
                tx.set_ready(id, &[user], Some(now)).await?;
            }
        } else {
            tx.set_paused(id, user, Some(now)).await?;
        }
        let standings = Announcement::TournamentStandings { tournament: id };
        self.service
            .announce(&mut tx, arena.channel, &standings, Delivery::Channel, now)
            .await?;
        let players = tx.entrants(id).await?;
        tx.commit().await?;
        self.service.wake_outbox();
        self.service.wake_arena();
        let view = TournamentView {
            tournament: arena,
            players,
        };
        Ok(if resumed {
            TournamentAnswer::Resumed(view)
        } else {
            TournamentAnswer::Paused(view)
        })
    }
}

/// When a running arena ends.
fn ends_of(arena: &Tournament) -> Result<DateTime<Utc>> {
    arena
        .ends_at()
        .ok_or_else(|| corrupt(format!("arena {} has no start or no length", arena.id)))
}
