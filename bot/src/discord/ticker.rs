//! The turn timer's Discord side (its rules are in `service::timers`): beats, ticks, and wakes
//! the outbox's sender, which posts the half-time reminders, the games lost on time (and the
//! players of games of three or more who leave on time) and closes the expired challenges
//! the tick wrote (see `discord::outbox`). Deadlines live in the database, so a restarted bot
//! picks them up.

use super::Data;
use crate::ops::Shutdown;
use poise::serenity_prelude as serenity;
use std::sync::Arc;
use std::time::Duration;

/// Runs one tick every `interval` until `stop` asks to stop (a tick under way finishes first).
/// A tick also learns the messages of move answers whose token is getting old (see
/// `discord::boards`).
pub async fn run(
    http: Arc<serenity::Http>,
    data: Arc<Data>,
    interval: Duration,
    mut stop: Shutdown,
) {
    let mut ticker = tokio::time::interval(interval);
    ticker.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
    // The last game audited: one game's moves are replayed per tick, in turn.
    let mut audited = crate::model::GameId(0);
    loop {
        tokio::select! {
            _ = ticker.tick() => {}
            () = stop.requested() => return,
        }
        // Members idle for a while need no bucket.
        data.pace.forget_idle();
        if let Err(error) = tick(&data, grace(interval)).await {
            crate::ops::count_error(&error);
            tracing::error!(error = format!("{error:#}"), "turn timer tick failed");
        }
        super::boards::resolve_old(&http, &data).await;
        match data.service.audit_next(audited).await {
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

async fn tick(data: &Data, grace: chrono::TimeDelta) -> anyhow::Result<()> {
    data.service.beat(grace).await?;
    // The service wakes the outbox's sender and the bot's worker for what the tick did.
    let report = data.service.tick().await?;
    let announced = report.reminders.len() + report.timeouts.len() + report.departures.len();
    let closed = report.expired_challenges.len() + report.expired_lobbies.len();
    if announced + closed > 0 {
        tracing::debug!(announced, closed, "the timer wrote announcements");
    }
    Ok(())
}
