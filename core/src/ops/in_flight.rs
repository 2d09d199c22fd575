//! The handlers still running, counted so that shutdown can wait for them.

use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::Arc;
use std::time::Duration;
use tokio::sync::watch;

/// Counts handlers that are running, so that shutdown can wait for them, and those that ever
/// ran, so that the memory keeper sees whether the bot worked since it last looked.
#[derive(Debug)]
pub struct InFlight(watch::Sender<usize>, AtomicU64);

impl Default for InFlight {
    fn default() -> InFlight {
        InFlight(watch::channel(0).0, AtomicU64::new(0))
    }
}

/// Held while a handler runs.
#[derive(Debug)]
pub struct Busy(Arc<InFlight>);

impl Drop for Busy {
    fn drop(&mut self) {
        self.0 .0.send_modify(|n| *n = n.saturating_sub(1));
    }
}

impl InFlight {
    /// Counts one handler until the returned guard is dropped.
    pub fn enter(self: &Arc<Self>) -> Busy {
        self.1.fetch_add(1, Ordering::Relaxed);
        self.0.send_modify(|n| *n += 1);
        Busy(self.clone())
    }

    /// Handlers running now.
    pub fn count(&self) -> usize {
        *self.0.borrow()
    }

    /// Handlers started since the bot started.
    pub fn handled(&self) -> u64 {
        self.1.load(Ordering::Relaxed)
    }

    /// Waits until no handler runs, at most `limit`; false when some still do.
    pub async fn wait_idle(&self, limit: Duration) -> bool {
        let mut rx = self.0.subscribe();
        let waited = tokio::time::timeout(limit, rx.wait_for(|&n| n == 0)).await;
        matches!(waited, Ok(Ok(_)))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[tokio::test]
    async fn shutdown_waits_for_the_handlers_still_running() {
        let in_flight = Arc::new(InFlight::default());
        assert!(in_flight.wait_idle(Duration::ZERO).await);
        let first = in_flight.enter();
        let second = in_flight.enter();
        assert_eq!(in_flight.count(), 2);
        assert_eq!(in_flight.handled(), 2);
        assert!(!in_flight.wait_idle(Duration::from_millis(10)).await);
        let waiting = {
            let in_flight = in_flight.clone();
            tokio::spawn(async move { in_flight.wait_idle(Duration::from_secs(60)).await })
        };
        drop(first);
        drop(second);
        assert!(waiting.await.expect("the waiting task"));
        assert_eq!(in_flight.count(), 0);
    }
}
