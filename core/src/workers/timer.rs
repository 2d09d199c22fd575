//! The turn timer's loop (its rules are in `service::timers`): beats, ticks, audits one game a
//! tick, and leaves the front end its own chores. What a tick finds (half-time reminders,
//! games lost on time, players of games of three or more who leave on time, expired
//! challenges and lobbies) waits in the outbox for the front end's sender. Deadlines live in
//! the database, so a restarted bot picks them up.

use crate::model::GameId;
use crate::ops::Shutdown;
use crate::service::Service;
use std::future::Future;
use std::time::Duration;

/// Runs one tick every `interval` until `stop` asks to stop (a tick under way finishes
/// first); after each, `chores` does what the front end keeps in memory.
pub async fn run<F, C>(service: Service, interval: Duration, mut stop: Shutdown, mut chores: C)
where
    C: FnMut() -> F,
    F: Future<Output = ()>,
{
    let mut ticker = tokio::time::interval(interval);
    ticker.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
    // The last game audited: one game's moves are replayed per tick, in turn.
    let mut audited = GameId(0);
    loop {
        tokio::select! {
            _ = ticker.tick() => {}
            () = stop.requested() => return,
        }
        if let Err(error) = tick(&service, grace(interval)).await {
            crate::ops::count_error(&error);
            tracing::error!(error = format!("{error:#}"), "turn timer tick failed");
        }
        chores().await;
        match service.audit_next(audited).await {
            Ok(next) => audited = next.unwrap_or(audited),
            Err(error) => tracing::warn!(%error, "auditing a game failed"),
        }
    }
}

/// How long the timer may be silent before the gap counts as the bot's outage: three ticks,
/// and never less than a minute (a restart, or a slow tick, is not an outage).
fn grace(interval: Duration) -> chrono::TimeDelta {
    let three_ticks = chrono::TimeDelta::from_std(interval * 3).unwrap_or(chrono::TimeDelta::MAX);
    three_ticks.max(chrono::TimeDelta::minutes(1))
}

async fn tick(service: &Service, grace: chrono::TimeDelta) -> anyhow::Result<()> {
    service.beat(grace).await?;
    // The service wakes the outbox's sender and the bot's worker for what the tick did.
    let report = service.tick().await?;
    let announced = report.reminders.len() + report.timeouts.len() + report.departures.len();
    let closed = report.expired_challenges.len() + report.expired_lobbies.len();
    if announced + closed > 0 {
        tracing::debug!(announced, closed, "the timer wrote announcements");
    }
    Ok(())
}
