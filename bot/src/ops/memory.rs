//! Giving memory back to the system after a burst of work.
//!
//! The bot allocates from many threads at once: the async workers, and the blocking pool that
//! draws the pictures. glibc's malloc gives each such thread an arena of its own and keeps
//! whatever an arena once held, so the memory of a busy minute stayed with the process long
//! after (the load benchmark saw 69 MB five seconds after the load, against 39 MB at start).
//! Once the handlers have gone quiet, [`give_back_when_idle`] asks malloc to return its free
//! pages (`malloc_trim`), and after a quiet spell drops the renderer's kept picture bands.
//! Other allocators and systems are left as they are.

use halma_core::ops::{InFlight, Shutdown};
use std::sync::Arc;
use std::time::Duration;

/// How often the bot looks whether it has gone quiet since it last gave memory back.
const LOOK_EVERY: Duration = Duration::from_secs(2);

/// Until `stop`, every [`LOOK_EVERY`]: when handlers ran since the last look and none runs
/// now, returns malloc's free memory to the system (on the blocking pool: it walks the heap).
/// After a whole look without any handler, it also drops the compressed bands of recent
/// pictures that the renderer keeps to draw the next ones faster (up to 4 MB), once per quiet
/// spell. A bot without work does nothing, and one under steady work trims at most once a look.
pub async fn give_back_when_idle(in_flight: Arc<InFlight>, mut stop: Shutdown) {
    let mut seen = in_flight.handled();
    let mut bands_kept = false;
    let mut looks = tokio::time::interval(LOOK_EVERY);
    looks.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
    loop {
        tokio::select! {
            _ = looks.tick() => {}
            () = stop.requested() => return,
        }
        let handled = in_flight.handled();
        let give_back: Option<fn()> = if handled != seen && in_flight.count() == 0 {
            seen = handled;
            bands_kept = true;
            Some(trim)
        } else if handled == seen && bands_kept {
            bands_kept = false;
            Some(|| {
                halma_core::present::forget_kept_bands();
                trim();
            })
        } else {
            None
        };
        if let Some(give_back) = give_back {
            if tokio::task::spawn_blocking(give_back).await.is_err() {
                tracing::warn!("giving memory back to the system failed");
            }
        }
    }
}

/// Returns the free pages of every malloc arena to the system; nothing on other allocators.
#[allow(unsafe_code)]
fn trim() {
    #[cfg(all(target_os = "linux", target_env = "gnu"))]
    // SAFETY: malloc_trim only releases memory malloc holds free; it touches no live
    // allocation and may be called from any thread at any time.
    unsafe {
        libc::malloc_trim(0);
    }
}
