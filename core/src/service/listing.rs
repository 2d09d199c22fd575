//! The server's games: the list behind `/halma games`, and where each game's latest board is.

use super::{GameId, GameView, Service};
use crate::error::{Error, Result};

/// How many games `/halma games` lists; the rest are counted.
pub const GAMES_LISTED: u32 = 10;

/// A game being played, with a link target for its board.
#[derive(Clone, Debug, PartialEq)]
pub struct ListedGame {
    /// The game as it stands.
    pub game: GameView,
    /// The latest message showing its board, if the bot recorded one.
    pub board_message: Option<u64>,
}

/// The guild's active games.
#[derive(Clone, Debug, PartialEq)]
pub struct ServerGames {
    /// At most [`GAMES_LISTED`], longest running first.
    pub games: Vec<ListedGame>,
    /// How many games are being played in the guild in all.
    pub total: u64,
}

impl Service {
    /// The guild's active games (at most [`GAMES_LISTED`]) and how many there are. A game whose
    /// stored data is broken is left out of the list (and logged), not the whole answer.
    #[tracing::instrument(skip_all)]
    pub async fn server_games(&self, guild: u64) -> Result<ServerGames> {
        let now = self.now();
        let listed = self.db.active_games_of_guild(guild, GAMES_LISTED).await?;
        let total = listed.total;
        let mut games = Vec::with_capacity(listed.games.len());
        for (id, board_message) in listed.games {
            let Some(record) = self.db.game(id).await? else {
                continue;
            };
            match self.view_of(&record, now).await {
                Ok(game) => games.push(ListedGame {
                    game,
                    board_message,
                }),
                Err(Error::Corrupt(what)) => {
                    tracing::error!(game = %id, %what, "leaving a broken game out of the list");
                }
                Err(e) => return Err(e),
            }
        }
        Ok(ServerGames { games, total })
    }

    /// Records `message` as the latest message showing the board of `game`.
    #[tracing::instrument(skip_all, fields(game = %game))]
    pub async fn set_board_message(&self, game: GameId, message: u64) -> Result<()> {
        Ok(self.db.set_board_message(game, message).await?)
    }
}
