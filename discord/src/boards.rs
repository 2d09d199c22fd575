//! Where each game's latest board is, for the links of `/halma games`, learnt without costing
//! a move anything. The answer to `/halma move` is the board's message, but Discord does not
//! say its id: reading it back is one more request per move. So the move only notes its
//! interaction's token here (in memory), and the message is asked for later, and only for the
//! latest move of a game: when someone lists the server's games (only for the games listed),
//! when the token is getting old (Discord keeps it 15 minutes), and when the bot shuts down.
//! A game moving every few seconds never asks. A bot that dies keeps the link of the board
//! before (a link, not a move, is what such a crash can lose).

use super::Data;
use halma_core::model::GameId;
use halma_core::service::ServerGames;
use poise::serenity_prelude as serenity;
use std::collections::HashMap;
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

/// How old a noted token may get before its message is asked for: well inside Discord's 15
/// minutes, so that a slow tick or a failed request can still be made up.
pub const ASK_AFTER: Duration = Duration::from_secs(5 * 60);

/// How many answers are asked for at the same time.
const ASK_AT_ONCE: usize = 10;

/// The latest move answers whose message is not known yet, by game.
#[derive(Default)]
pub struct PendingBoards {
    games: Mutex<HashMap<GameId, Pending>>,
}

/// A move's answer waiting to be asked for.
#[derive(Clone, Debug)]
struct Pending {
    token: String,
    noted: Instant,
}

impl PendingBoards {
    /// Notes that the answer to the interaction with `token` shows the board of `game`,
    /// replacing an older answer of the same game.
    pub fn note(&self, game: GameId, token: &str) {
        if let Ok(mut games) = self.games.lock() {
            games.insert(
                game,
                Pending {
                    token: token.to_owned(),
                    noted: Instant::now(),
                },
            );
        }
    }

    /// Forgets what was noted for `game`: a later board's message is known.
    pub fn forget(&self, game: GameId) {
        if let Ok(mut games) = self.games.lock() {
            games.remove(&game);
        }
    }

    /// How many answers wait to be asked for.
    pub fn len(&self) -> usize {
        self.games.lock().map_or(0, |games| games.len())
    }

    /// Takes the answers that `pick` chooses.
    fn take(&self, pick: impl Fn(GameId, &Pending) -> bool) -> Vec<(GameId, Pending)> {
        let Ok(mut games) = self.games.lock() else {
            return Vec::new();
        };
        let chosen: Vec<GameId> = games
            .iter()
            .filter(|(g, p)| pick(**g, p))
            .map(|(g, _)| *g)
            .collect();
        chosen
            .into_iter()
            .filter_map(|g| games.remove(&g).map(|p| (g, p)))
            .collect()
    }

    /// Puts back an answer that could not be asked for, unless a newer one came meanwhile.
    fn put_back(&self, game: GameId, pending: Pending) {
        if let Ok(mut games) = self.games.lock() {
            games.entry(game).or_insert(pending);
        }
    }
}

/// Asks Discord for the messages of the answers `pick` chooses, [`ASK_AT_ONCE`] at a time,
/// records them as their games' latest boards and returns them. One that fails is kept for
/// the next try while its token lasts.
async fn resolve(
    http: &Arc<serenity::Http>,
    data: &Data,
    pick: impl Fn(GameId, &Pending) -> bool,
) -> Vec<(GameId, u64)> {
    let mut learnt = Vec::new();
    let mut chosen = data.boards.take(pick).into_iter();
    loop {
        let batch: Vec<(GameId, Pending)> = chosen.by_ref().take(ASK_AT_ONCE).collect();
        if batch.is_empty() {
            return learnt;
        }
        let mut asks = tokio::task::JoinSet::new();
        for (game, pending) in batch {
            let http = Arc::clone(http);
            asks.spawn(async move {
                let asked = http.get_original_interaction_response(&pending.token).await;
                (game, pending, asked)
            });
        }
        while let Some(joined) = asks.join_next().await {
            let Ok((game, pending, asked)) = joined else {
                continue;
            };
            match asked {
                Ok(message) => {
                    record_board(data, game, message.id.get()).await;
                    learnt.push((game, message.id.get()));
                }
                Err(error) => {
                    tracing::warn!(%game, %error, "could not read a move's answer back");
                    if pending.noted.elapsed() < ASK_AFTER * 2 {
                        data.boards.put_back(game, pending);
                    }
                }
            }
        }
    }
}

/// Before `/halma games` shows `listed`: the latest boards of the games it lists.
pub async fn refresh(http: &Arc<serenity::Http>, data: &Data, listed: &mut ServerGames) {
    let wanted: Vec<GameId> = listed.games.iter().map(|g| g.game.id).collect();
    for (game, message) in resolve(http, data, |g, _| wanted.contains(&g)).await {
        if let Some(shown) = listed.games.iter_mut().find(|g| g.game.id == game) {
            shown.board_message = Some(message);
        }
    }
}

/// Once a tick: the answers noted [`ASK_AFTER`] ago or earlier.
pub async fn resolve_old(http: &Arc<serenity::Http>, data: &Data) {
    resolve(http, data, |_, p| p.noted.elapsed() >= ASK_AFTER).await;
}

/// At shutdown: every answer still waiting.
pub async fn resolve_all(http: &Arc<serenity::Http>, data: &Data) {
    resolve(http, data, |_, _| true).await;
}

/// Remembers the latest message showing a game's board, for the links of `/halma games`; a
/// failure is logged, the answer has been sent anyway.
async fn record_board(data: &Data, game: halma_core::model::GameId, message: u64) {
    if let Err(e) = data.service.set_board_message(game, message).await {
        tracing::warn!(%game, error = %e, "could not record the board message");
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_game_keeps_only_its_latest_answer() {
        let boards = PendingBoards::default();
        boards.note(GameId(7), "first");
        boards.note(GameId(7), "second");
        boards.note(GameId(8), "other");
        assert_eq!(boards.len(), 2);
        let taken = boards.take(|g, _| g == GameId(7));
        assert_eq!(taken.len(), 1);
        assert_eq!(taken[0].1.token, "second");
        // A newer answer noted while the old one was out wins over putting it back.
        boards.note(GameId(7), "third");
        boards.put_back(GameId(7), taken[0].1.clone());
        assert_eq!(boards.take(|g, _| g == GameId(7))[0].1.token, "third");
        boards.forget(GameId(8));
        assert_eq!(boards.len(), 0);
    }
}
