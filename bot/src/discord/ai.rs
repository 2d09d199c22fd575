//! The bot as a player on Discord: hints, and the worker that plays its moves (the outbox
//! posts them in the game's channel). The searches themselves run on the service's search
//! threads, so the gateway and every other command go on while the bot thinks.

use super::{Context, Data, Error};
use crate::error::UserError;
use crate::model::GameId;
use crate::ops::Shutdown;
use std::collections::HashMap;
use std::sync::{Arc, Mutex};
use std::time::Duration;

/// Plays the bot's moves until `stop` asks to stop: first in every active game against the bot
/// (a restart finds those waiting for it), then in each game the queue names.
pub async fn run(data: Arc<Data>, mut stop: Shutdown) {
    let busy = Arc::new(Busy::default());
    // A restart finds the games waiting for the bot the same way the sweep does.
    sweep_games(&data, &busy).await;
    let mut sweep = tokio::time::interval_at(tokio::time::Instant::now() + SWEEP, SWEEP);
    sweep.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
    loop {
        tokio::select! {
            games = data.service.bot_woken() => {
                for game in games {
                    start_turns(&data, &busy, game);
                }
            }
            _ = sweep.tick() => sweep_games(&data, &busy).await,
            () = stop.requested() => return,
        }
    }
}

/// The games a task is playing the bot's moves in, each with whether it was woken again
/// meanwhile.
type Busy = Mutex<HashMap<GameId, bool>>;

/// How often the worker looks at every game against the bot for one waiting for its move
/// that nobody woke it for (a refused search, a lost wake-up).
const SWEEP: Duration = Duration::from_secs(30);

/// Starts the bot's turns in every active game against it that no task is playing already.
async fn sweep_games(data: &Arc<Data>, busy: &Arc<Busy>) {
    match data.service.active_ai_games().await {
        Ok(games) => {
            for game in games {
                start_turns(data, busy, game);
            }
        }
        Err(error) => tracing::warn!(error = %error, "cannot sweep the games against the bot"),
    }
}

/// Plays the bot's moves in `game` on a task of its own. When a task is already at it, that
/// task looks at the game once more before it ends: a wake-up that comes while it is
/// finishing (a player moved just as the bot's last move went out) is not lost.
fn start_turns(data: &Arc<Data>, busy: &Arc<Busy>, game: GameId) {
    let fresh = busy
        .lock()
        .map(|mut b| match b.get_mut(&game) {
            Some(again) => {
                *again = true;
                false
            }
            None => {
                b.insert(game, false);
                true
            }
        })
        .unwrap_or(false);
    if !fresh {
        return;
    }
    let (data, busy) = (data.clone(), busy.clone());
    tokio::spawn(async move {
        loop {
            play_turns(&data, game).await;
            let Ok(mut b) = busy.lock() else { return };
            match b.get_mut(&game) {
                Some(again) if *again => *again = false,
                _ => {
                    b.remove(&game);
                    return;
                }
            }
        }
    });
}

/// Plays and posts the bot's moves in `game` for as long as it is the bot's turn (a player
/// with no move passes, and the bot moves again).
async fn play_turns(data: &Arc<Data>, game: GameId) {
    let mut changed = 0;
    loop {
        match data.service.ai_turn(game).await {
            // The move waits in the outbox, written with it: the sender posts it.
            Ok(Some(_)) => {}
            Ok(None) => return,
            // Someone left or the timer ran while the bot thought: look at the game again.
            Err(crate::error::Error::User(UserError::PositionChanged)) if changed < 3 => {
                changed += 1;
            }
            Err(crate::error::Error::User(refusal)) => {
                // The game ended meanwhile (a resignation, the timer), or the search queue is
                // full (the sweep comes back to the game): nothing to play now.
                tracing::debug!(%game, ?refusal, "the bot's move was refused");
                return;
            }
            Err(error) => {
                tracing::error!(%game, error = %error, "the bot could not move");
                return;
            }
        }
    }
}

/// Suggest a move (three per game; only you see it).
#[poise::command(slash_command, guild_only)]
pub(super) async fn hint(ctx: Context<'_>) -> Result<(), Error> {
    // The search takes a moment; a hint and its refusals are both for the player's eyes only.
    ctx.defer_ephemeral().await?;
    super::dispatch::dispatch(ctx, crate::front::Command::Hint).await
}
