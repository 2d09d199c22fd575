//! The change feed: PostgreSQL announces every committed change of a game's row, of a
//! server's settings, of a tournament, and every new game in a channel (triggers in
//! `migrations/*_notices.sql` and `*_tournament_pages.sql`), whatever made it and in whichever
//! bot process. [`Db::changes`] listens to all four on one connection, so pages never cost a
//! connection each.

use super::Db;
use crate::error::Result;
use sqlx::postgres::PgListener;

/// The channel on which PostgreSQL announces each committed change of a game: its web token.
pub const CHANGES_CHANNEL: &str = "halma_game_changed";

/// The channel on which PostgreSQL announces each committed change of a server's settings:
/// the guild's id, its page's key.
pub const SERVER_CHANGES_CHANNEL: &str = "halma_server_changed";

/// The channel on which PostgreSQL announces a new game: its channel's id, for the Activities
/// open there.
pub const CHANNEL_CHANGES_CHANNEL: &str = "halma_channel_changed";

/// The channel on which PostgreSQL announces each committed change of a tournament (its row,
/// its players, its pairings): its page's token.
pub const TOURNAMENT_CHANGES_CHANNEL: &str = "halma_tournament_changed";

/// One committed change, as announced.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Change {
    /// A game changed: its page's token.
    Game(String),
    /// A server's settings changed: the guild's id as text (its page's key).
    Server(String),
    /// A game was made in the channel with this id.
    Channel(u64),
    /// A tournament changed: its page's token.
    Tournament(String),
}

/// A connection listening to the changes; see [`ChangeFeed::next`].
pub struct ChangeFeed(PgListener);

impl Db {
    /// Listens to every change on one connection of its own.
    pub async fn changes(&self) -> Result<ChangeFeed> {
        let mut listener = PgListener::connect_with(self.pool()).await?;
        listener
            .listen_all([
                CHANGES_CHANNEL,
                SERVER_CHANGES_CHANNEL,
                CHANNEL_CHANGES_CHANNEL,
                TOURNAMENT_CHANGES_CHANNEL,
            ])
            .await?;
        Ok(ChangeFeed(listener))
    }
}

impl ChangeFeed {
    /// The changes that arrived together, waiting for the first. `None` when the connection
    /// was lost: changes meanwhile were not announced, and the next call connects again. An
    /// error when it cannot connect again.
    pub async fn next(&mut self) -> Result<Option<Vec<Change>>> {
        let Some(first) = self.0.try_recv().await? else {
            return Ok(None);
        };
        let notices = std::iter::once(first).chain(std::iter::from_fn(|| self.0.next_buffered()));
        let changes = notices
            .filter_map(|notice| match notice.channel() {
                SERVER_CHANGES_CHANNEL => Some(Change::Server(notice.payload().to_string())),
                CHANNEL_CHANGES_CHANNEL => notice.payload().parse().ok().map(Change::Channel),
                TOURNAMENT_CHANGES_CHANNEL => {
                    Some(Change::Tournament(notice.payload().to_string()))
                }
                _ => Some(Change::Game(notice.payload().to_string())),
            })
            .collect();
        Ok(Some(changes))
    }
}
