//! The pars of the crossing boards: each computed once, when it is first wanted (the day's
//! daily crossing, or a member's), by the engine's solver, on a blocking
//! thread (never the runtime's), within the node budget `PUZZLE_PAR_NODES`, stoppable at
//! shutdown, and stored. A process claims a board before it searches it (a lease in
//! `crossing_pars`), so that several processes never search one board; each process searches
//! one board at a time (the pars' worker, `workers::puzzle_pars`).

use super::Puzzles;
use crate::error::{Error, Result};
use chrono::TimeDelta;
use halma::Variant;
use halma_engine::{Limits, Stop};
use halma_puzzles::{compute_par, PuzzleKind, CROSSING_BOARDS, PAR_TIME};

/// How long a process holds a board it searches: the search stops at [`PAR_TIME`], so a
/// lease this long means its process died.
pub const PAR_LEASE: TimeDelta = TimeDelta::minutes(5);

/// The camp rule every crossing puzzle is played under.
const CAMP_RULE: bool = true;

impl Puzzles<'_> {
    /// The boards whose par is wanted and not stored yet: today's and tomorrow's daily
    /// crossings (when the bot gives daily crossings), then those members asked for; boards
    /// this process could not solve within its budget are left out.
    #[tracing::instrument(skip_all)]
    pub async fn missing_pars(&self) -> Result<Vec<Variant>> {
        let state = &self.service.puzzles;
        let today = self.service.now().date_naive();
        let dailies = [Some(today), today.succ_opt()]
            .into_iter()
            .flatten()
            .filter_map(|day| state.settings.daily.of_day(0, day))
            .filter(|d| d.kind == PuzzleKind::Crossing)
            .map(|d| d.variant);
        let asked: Vec<Variant> = match state.pars_asked.lock() {
            Ok(asked) => CROSSING_BOARDS
                .into_iter()
                .filter(|v| asked.contains(v))
                .collect(),
            Err(_) => Vec::new(),
        };
        let failed = match state.par_failed.lock() {
            Ok(failed) => failed.clone(),
            Err(_) => Default::default(),
        };
        let mut missing = Vec::new();
        for variant in dailies.chain(asked) {
            if missing.contains(&variant) || failed.contains(&variant) {
                continue;
            }
            if self
                .service
                .db
                .crossing_par(variant, CAMP_RULE)
                .await?
                .is_none()
            {
                missing.push(variant);
            }
        }
        Ok(missing)
    }

    /// Asks the pars' worker for the par of `variant` (a member wants it).
    pub(super) fn ask_for_par(&self, variant: Variant) {
        let state = &self.service.puzzles;
        if let Ok(mut asked) = state.pars_asked.lock() {
            asked.insert(variant);
        }
        state.par_wanted.notify_one();
    }

    /// Computes and stores the par of `variant` unless another process holds it or it is
    /// stored: the search runs on a blocking thread within the node budget (and [`PAR_TIME`]),
    /// until `stop` is set. `true` when this call stored it.
    #[tracing::instrument(skip_all, fields(%variant))]
    pub async fn compute_par(&self, variant: Variant, stop: &Stop) -> Result<bool> {
        let service = self.service;
        let now = service.now();
        if !service
            .db
            .claim_crossing_par(variant, CAMP_RULE, now, now + PAR_LEASE)
            .await?
        {
            return Ok(false);
        }
        let nodes = service.puzzles.settings.par_nodes;
        let limits = Limits {
            nodes: Some(nodes),
            time: Some(PAR_TIME),
            depth: None,
        };
        let flag = stop.clone();
        tracing::info!(%variant, nodes, "computing a crossing's par");
        let searched =
            tokio::task::spawn_blocking(move || compute_par(variant, limits, &flag)).await;
        let found = match searched {
            Ok(Ok(par)) => par,
            Ok(Err(error)) => {
                service.db.release_crossing_par(variant, CAMP_RULE).await?;
                if !stop.is_stopped() {
                    tracing::error!(%variant, nodes, %error, "no par found: raise PUZZLE_PAR_NODES");
                    if let Ok(mut failed) = service.puzzles.par_failed.lock() {
                        failed.insert(variant);
                    }
                }
                return Ok(false);
            }
            Err(error) => {
                service.db.release_crossing_par(variant, CAMP_RULE).await?;
                return Err(Error::Search(format!("the par of {variant}: {error}")));
            }
        };
        let stored = service
            .db
            .store_crossing_par(variant, CAMP_RULE, &found.moves, nodes, service.now())
            .await?;
        tracing::info!(%variant, par = found.count(), took = ?found.time_to_find, stored, "a crossing's par");
        Ok(stored)
    }

    /// Waits until a par is asked for that is not stored yet.
    pub async fn par_wanted(self) {
        self.service.puzzles.par_wanted.notified().await;
    }
}
