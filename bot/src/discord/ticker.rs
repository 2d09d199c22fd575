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

/// Timer messages go to a channel, not to one user: they are written in the server's language
/// (its setting, else its Discord locale), English when that cannot be read.
async fn lang_of(data: &Data, guild: u64) -> Lang {
    data.service.message_lang(guild).await.unwrap_or_else(|e| {
        tracing::warn!(guild, error = %e, "could not read the server's language");
        Lang::En
    })
}

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
        let lang = lang_of(data, reminder.game.guild).await;
        let reply = present::reminder(lang, reminder);
        post(http, reminder.game.channel, &reply).await;
    }
    for ended in &report.timeouts {
        let lang = lang_of(data, ended.game.guild).await;
        let reply = present::game_ended(lang, ended, &names);
        post(http, ended.game.channel, &reply).await;
    }
    for challenge in &report.expired_challenges {
        let Some(message) = challenge.message else {
            continue;
        };
        let lang = lang_of(data, challenge.guild).await;
        let reply = present::challenge_closed(lang, challenge);
        let edit = serenity::ChannelId::new(challenge.channel).edit_message(
            http,
            serenity::MessageId::new(message),
            send::closing_edit(&reply),
        );
        if let Err(e) = edit.await {
            tracing::warn!(challenge = %challenge.id, error = %e, "could not close an expired challenge");
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
