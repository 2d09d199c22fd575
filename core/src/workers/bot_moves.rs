//! The worker that plays the bot's moves, for every front end: woken by the service when the
//! bot is to move ([`Service::bot_woken`]), with a sweep for games left waiting (a refused
//! search, a lost wake-up, a restart). Each move waits in the outbox, written with it; the
//! front end's sender posts it. The searches run on the service's search threads.

use crate::error::UserError;
use crate::model::GameId;
use crate::ops::Shutdown;
use crate::service::Service;
use std::collections::HashMap;
use std::sync::{Arc, Mutex};
use std::time::Duration;

/// Plays the bot's moves until `stop` asks to stop: first in every active game against the bot
/// (a restart finds those waiting for it), then in each game the queue names.
pub async fn run(service: Service, mut stop: Shutdown) {
    let busy = Arc::new(Busy::default());
    // A restart finds the games waiting for the bot the same way the sweep does.
    sweep_games(&service, &busy).await;
    let mut sweep = tokio::time::interval_at(tokio::time::Instant::now() + SWEEP, SWEEP);
    sweep.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
    loop {
        tokio::select! {
            games = service.bot_woken() => {
                for game in games {
                    start_turns(&service, &busy, game);
                }
            }
            _ = sweep.tick() => sweep_games(&service, &busy).await,
            () = stop.requested() => return,
        }
    }
}

/// The games a task is playing the bot's moves in, each with whether it was woken again
/// meanwhile.
type Busy = Mutex<HashMap<GameId, bool>>;

/// How often the worker looks at every game against the bot for one waiting for its move
/// that nobody woke it for (a refused search, a lost wake-up).
/// With several processes it is also how a game whose process died while thinking for it is
/// taken over, once that process's hold ran out.
const SWEEP: Duration = Duration::from_secs(30);

/// Starts the bot's turns in every active game against it that no task is playing already.
async fn sweep_games(service: &Service, busy: &Arc<Busy>) {
    match service.searches().active_ai_games().await {
        Ok(games) => {
            for game in games {
                start_turns(service, busy, game);
            }
        }
        Err(error) => tracing::warn!(error = %error, "cannot sweep the games against the bot"),
    }
}

/// Plays the bot's moves in `game` on a task of its own. When a task is already at it, that
/// task looks at the game once more before it ends: a wake-up that comes while it is
/// finishing (a player moved just as the bot's last move went out) is not lost.
fn start_turns(service: &Service, busy: &Arc<Busy>, game: GameId) {
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
    let (service, busy) = (service.clone(), busy.clone());
    tokio::spawn(async move {
        loop {
            play_turns(&service, game).await;
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
async fn play_turns(service: &Service, game: GameId) {
    let mut changed = 0;
    loop {
        match service.searches().ai_turn(game).await {
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
