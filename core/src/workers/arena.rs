//! The arena worker: pairs the free players of the running arenas once they have waited, and
//! finishes the arenas whose time is up (the rules are in `service::arena`). It sleeps until
//! the next pass has something to do, or until the service wakes it (a game of an arena ended,
//! a player came back, an arena started), and looks at least every [`LOOK_EVERY`] for what
//! another process did. Everything lives in the database: every process may run one, and a
//! restarted bot goes on where it stopped.

use crate::ops::Shutdown;
use crate::service::Service;
use std::time::Duration;

/// The longest the worker sleeps without a look: another process (which runs its own worker)
/// may have changed an arena, and a wake-up may come before the change it announces commits.
pub const LOOK_EVERY: Duration = Duration::from_secs(5);

/// The shortest nap between passes, so that a busy arena does not spin the worker.
const LEAST_NAP: Duration = Duration::from_millis(100);

/// Runs the arenas until `stop` asks to stop (a pass under way finishes first).
pub async fn run(service: Service, mut stop: Shutdown) {
    loop {
        let nap = match service.tournaments().pair_arenas().await {
            Ok(pass) => {
                if !pass.paired.is_empty() || !pass.finished.is_empty() {
                    tracing::debug!(
                        paired = ?pass.paired,
                        finished = ?pass.finished,
                        "the arena worker paired or finished arenas"
                    );
                }
                pass.next
                    .map(|next| (next - pass.at).to_std().unwrap_or(Duration::ZERO))
                    .unwrap_or(LOOK_EVERY)
                    .clamp(LEAST_NAP, LOOK_EVERY)
            }
            Err(error) => {
                let error = anyhow::Error::from(error);
                crate::ops::count_error(&error);
                tracing::error!(
                    error = format!("{error:#}"),
                    "the arena worker's pass failed"
                );
                LOOK_EVERY
            }
        };
        tokio::select! {
            () = tokio::time::sleep(nap) => {}
            () = service.arena_woken() => {}
            () = stop.requested() => return,
        }
    }
}
