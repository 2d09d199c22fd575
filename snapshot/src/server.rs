//! What a Discord server's page shows: its leaderboards and the games being played there.
//! Plain data, the same in every language: the page words it for each request.

use crate::snapshot::Player;
use serde::Serialize;

/// One row of a leaderboard.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Ranked {
    /// Place on the board, from 1.
    pub rank: u32,
    /// The member's display name (any text; the page escapes it); `None` when the front end
    /// knows none, and the page says `A member` in its language (never their id).
    pub name: Option<String>,
    /// Their rating, as the bot shows it.
    pub rating: f64,
    /// Rated games played.
    pub games: u32,
}

/// The leaderboard of one variant.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Leaderboard {
    /// The variant's name, like `standard`.
    pub variant: String,
    /// The rows, best first.
    pub rows: Vec<Ranked>,
}

/// A game in progress on the server, with the link to its page.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct ActiveGame {
    /// The variant's name.
    pub variant: String,
    /// The players in seat order: the link names them, joined in the page's language.
    pub players: Vec<Player>,
    /// The token of the game's page: it is at `game/<token>`.
    pub token: String,
}

/// A tournament gathering players or being played on the server, with the link to its page.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct ListedTournament {
    /// Its name (any text; the page escapes it).
    pub name: String,
    /// `swiss` or `arena`.
    pub format: String,
    /// The variant of its games.
    pub variant: String,
    /// The token of its page: it is at `tournament/<token>`.
    pub token: String,
}

/// Everything the server page shows.
///
/// ```
/// use halma_snapshot::ServerSnapshot;
/// let server = ServerSnapshot {
///     name: "Board games".into(),
///     leaderboards: vec![],
///     games: vec![],
///     tournaments: vec![],
/// };
/// assert_eq!(server.name, "Board games");
/// ```
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct ServerSnapshot {
    /// The server's name.
    pub name: String,
    /// A leaderboard per variant that has rated games.
    pub leaderboards: Vec<Leaderboard>,
    /// The games being played now.
    pub games: Vec<ActiveGame>,
    /// The tournaments gathering players or being played, newest first.
    pub tournaments: Vec<ListedTournament>,
}
