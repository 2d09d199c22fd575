//! The turn timer's Discord side (its rules are in `service::timers`): ticks it, then reminds
//! players at half time, announces games lost on time, and closes expired challenges.
//! Deadlines live in the database, so a restarted bot picks them up.

use super::{send, Data};
use crate::locale::Lang;
use crate::ops::Shutdown;
use crate::present;
use poise::serenity_prelude as serenity;
use std::sync::Arc;
use std::time::Duration;

/// Runs one tick every `interval` until `stop` asks to stop (a tick under way finishes first).
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
        if let Err(error) = tick(&http, &data, grace(interval)).await {
            crate::ops::count_error(&error);
            tracing::error!(error = format!("{error:#}"), "turn timer tick failed");
        }
        match data.service.audit_next(audited).await {
            Ok(next) => audited = next.unwrap_or(audited),
            Err(error) => tracing::warn!(%error, "auditing a game failed"),
        }
    }
}

/// Timer messages go to a channel, not to one user, so they are written in English.
const LANG: Lang = Lang::En;

/// How long the timer may be silent before the gap counts as the bot's outage: three ticks,
/// and never less than a minute (a restart, or a slow tick, is not an outage).
fn grace(interval: Duration) -> chrono::TimeDelta {
    let three_ticks = chrono::TimeDelta::from_std(interval * 3).unwrap_or(chrono::TimeDelta::MAX);
    three_ticks.max(chrono::TimeDelta::minutes(1))
}

async fn tick(http: &serenity::Http, data: &Data, grace: chrono::TimeDelta) -> anyhow::Result<()> {
    data.service.beat(grace).await?;
    let report = data.service.tick().await?;
    let names = |id| data.name_of(id);
    for reminder in &report.reminders {
        let reply = present::reminder(LANG, reminder);
        post(http, reminder.game.channel, &reply).await;
    }
    for ended in &report.timeouts {
        let reply = present::game_ended(LANG, ended, &names);
        post(http, ended.game.channel, &reply).await;
    }
    for challenge in &report.expired_challenges {
        let Some(message) = challenge.message else {
            continue;
        };
        let reply = present::challenge_closed(LANG, challenge);
        let edit = serenity::ChannelId::new(challenge.channel).edit_message(
            http,
            serenity::MessageId::new(message),
            send::closing_edit(&reply),
        );
        if let Err(e) = edit.await {
            tracing::warn!(challenge = %challenge.id, error = %e, "could not close an expired challenge");
        }
    }
    for lobby in &report.expired_lobbies {
        let Some(message) = lobby.message else {
            continue;
        };
        let reply = present::lobby_closed(LANG, lobby);
        let edit = serenity::ChannelId::new(lobby.channel).edit_message(
            http,
            serenity::MessageId::new(message),
            send::closing_edit(&reply),
        );
        if let Err(e) = edit.await {
            tracing::warn!(lobby = %lobby.id, error = %e, "could not close an expired lobby");
        }
    }
    Ok(())
}

async fn post(http: &serenity::Http, channel: u64, reply: &present::Reply) {
    let sent = serenity::ChannelId::new(channel)
        .send_message(http, send::channel_message(reply))
        .await;
    if let Err(e) = sent {
        tracing::warn!(channel, error = %e, "could not post a timer message");
    }
}
