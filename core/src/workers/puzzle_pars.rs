//! The pars' worker: computes the par of each crossing board that is wanted and has none yet
//! (today's and tomorrow's daily boards, and those members asked for), one board at a time, so
//! that this process never runs more than one solver; then waits until a par is asked for, or
//! an hour. At shutdown it stops the search under way
//! (the engine's [`Stop`] flag) and gives its board back, so another process or the next run
//! takes it at once.

use crate::ops::Shutdown;
use crate::service::Service;
use halma_engine::Stop;
use std::time::Duration;

/// How often the worker looks again when nobody asks: a board it could not claim (another
/// process's) may have been given back.
const LOOK_AGAIN: Duration = Duration::from_secs(3600);

/// How long stopping waits for the search under way to notice its flag and give its board
/// back.
const STOP_GRACE: Duration = Duration::from_secs(5);

/// Computes the missing pars until `shutdown` asks to stop.
pub async fn run(service: Service, mut shutdown: Shutdown) {
    let stop = Stop::new();
    loop {
        let work = compute_missing(&service, &stop);
        tokio::pin!(work);
        tokio::select! {
            () = &mut work => {}
            () = shutdown.requested() => {
                stop.stop();
                let _ = tokio::time::timeout(STOP_GRACE, work).await;
                return;
            }
        }
        tokio::select! {
            () = service.puzzles().par_wanted() => {}
            () = tokio::time::sleep(LOOK_AGAIN) => {}
            () = shutdown.requested() => return,
        }
    }
}

/// One pass over the boards without a par.
async fn compute_missing(service: &Service, stop: &Stop) {
    let puzzles = service.puzzles();
    let missing = match puzzles.missing_pars().await {
        Ok(missing) => missing,
        Err(error) => {
            tracing::warn!(%error, "could not look for the missing pars");
            return;
        }
    };
    for variant in missing {
        if stop.is_stopped() {
            return;
        }
        if let Err(error) = puzzles.compute_par(variant, stop).await {
            tracing::error!(%variant, %error, "computing a par failed");
        }
    }
}
