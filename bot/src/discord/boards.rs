//! Where each game's latest board is, for the links of `/halma games`, learnt without costing
//! a move anything. The answer to `/halma move` is the board's message, but Discord does not
//! say its id: reading it back is one more request per move. So the move only notes its
//! interaction's token here (in memory), and the message is asked for later, and only for the
//! latest move of a game: when someone lists the server's games, when the token is getting
//! old (Discord keeps it 15 minutes), and when the bot shuts down. A game moving every few
//! seconds never asks. A bot that dies keeps the link of the board before (a link, not a
//! move, is what such a crash can lose).

use super::Data;
use crate::model::GameId;
use poise::serenity_prelude as serenity;
use std::collections::HashMap;
use std::sync::Mutex;
use std::time::{Duration, Instant};

/// How old a noted token may get before its message is asked for: well inside Discord's 15
/// minutes, so that a slow tick or a failed request can still be made up.
pub const ASK_AFTER: Duration = Duration::from_secs(5 * 60);

/// The latest move answers whose message is not known yet, by game.
#[derive(Default)]
pub struct PendingBoards {
    games: Mutex<HashMap<GameId, Pending>>,
}

/// A move's answer waiting to be asked for.
#[derive(Clone, Debug)]
struct Pending {
    guild: u64,
    token: String,
    noted: Instant,
}

impl PendingBoards {
    /// Notes that the answer to the interaction with `token` shows the board of `game` (in
    /// `guild`), replacing an older answer of the same game.
    pub fn note(&self, guild: u64, game: GameId, token: &str) {
        if let Ok(mut games) = self.games.lock() {
            games.insert(
                game,
                Pending {
                    guild,
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
    fn take(&self, pick: impl Fn(&Pending) -> bool) -> Vec<(GameId, Pending)> {
        let Ok(mut games) = self.games.lock() else {
            return Vec::new();
        };
        let chosen: Vec<GameId> = games
            .iter()
            .filter(|(_, p)| pick(p))
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

/// Asks Discord for the messages of the answers `pick` chooses and records them as their
/// games' latest boards. One that fails is kept for the next try while its token lasts.
async fn resolve(http: &serenity::Http, data: &Data, pick: impl Fn(&Pending) -> bool) {
    for (game, pending) in data.boards.take(pick) {
        match http.get_original_interaction_response(&pending.token).await {
            Ok(message) => super::commands::record_board(data, game, message.id.get()).await,
            Err(error) => {
                tracing::warn!(%game, %error, "could not read a move's answer back");
                if pending.noted.elapsed() < ASK_AFTER * 2 {
                    data.boards.put_back(game, pending);
                }
            }
        }
    }
}

/// Before `/halma games` lists `guild`'s games: their latest boards.
pub async fn resolve_guild(http: &serenity::Http, data: &Data, guild: u64) {
    resolve(http, data, |p| p.guild == guild).await;
}

/// Once a tick: the answers noted [`ASK_AFTER`] ago or earlier.
pub async fn resolve_old(http: &serenity::Http, data: &Data) {
    resolve(http, data, |p| p.noted.elapsed() >= ASK_AFTER).await;
}

/// At shutdown: every answer still waiting.
pub async fn resolve_all(http: &serenity::Http, data: &Data) {
    resolve(http, data, |_| true).await;
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_game_keeps_only_its_latest_answer() {
        let boards = PendingBoards::default();
        boards.note(1, GameId(7), "first");
        boards.note(1, GameId(7), "second");
        boards.note(2, GameId(8), "other");
        assert_eq!(boards.len(), 2);
        let taken = boards.take(|p| p.guild == 1);
        assert_eq!(taken.len(), 1);
        assert_eq!(taken[0].1.token, "second");
        // A newer answer noted while the old one was out wins over putting it back.
        boards.note(1, GameId(7), "third");
        boards.put_back(GameId(7), taken[0].1.clone());
        assert_eq!(boards.take(|p| p.guild == 1)[0].1.token, "third");
        boards.forget(GameId(8));
        assert_eq!(boards.len(), 0);
    }
}
