//! The stop switch: one [`StopSwitch`] asks, every part holding a [`Shutdown`] hears.

use tokio::sync::watch;

/// Asks the parts of the bot to stop; made by [`shutdown`].
#[derive(Debug)]
pub struct StopSwitch(watch::Sender<bool>);

/// Tells a part of the bot that it should stop; made by [`shutdown`], cloned for each part.
#[derive(Clone, Debug)]
pub struct Shutdown(watch::Receiver<bool>);

/// A switch and the signal it sends.
///
/// ```
/// let (switch, shutdown) = halma_core::ops::shutdown();
/// let part = shutdown.clone();
/// assert!(!part.is_requested());
/// switch.stop();
/// assert!(part.is_requested() && shutdown.is_requested());
/// ```
pub fn shutdown() -> (StopSwitch, Shutdown) {
    let (tx, rx) = watch::channel(false);
    (StopSwitch(tx), Shutdown(rx))
}

impl StopSwitch {
    /// Asks every part to stop.
    pub fn stop(&self) {
        self.0.send_replace(true);
    }
}

impl Shutdown {
    /// Waits until stopping is asked for; forever if the switch is dropped unused.
    pub async fn requested(&mut self) {
        if self.0.wait_for(|&stop| stop).await.is_err() {
            std::future::pending::<()>().await;
        }
    }

    /// Whether stopping was asked for.
    pub fn is_requested(&self) -> bool {
        *self.0.borrow()
    }
}
