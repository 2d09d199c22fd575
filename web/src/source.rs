//! Where the hub loads games, servers and tournaments from: the bot implements [`Source`] over its
//! database; the tests over a map in memory.

use halma_snapshot::GameSnapshot;
use halma_snapshot::ServerSnapshot;
use halma_snapshot::TournamentSnapshot;
use std::future::Future;
use std::pin::Pin;

/// Loads what pages show. The hub calls [`Source::game`] at most once per token while it
/// keeps that game (as long as a page watches it, and a little longer), however many pages
/// watch it; [`Source::server`] at most once per key in a few seconds.
///
/// Implement it with `async fn`:
///
/// ```
/// use halma_web::{GameSnapshot, ServerSnapshot, Source};
/// struct Nothing;
/// impl Source for Nothing {
///     async fn game(&self, _token: &str) -> Option<GameSnapshot> { None }
///     async fn server(&self, _key: &str) -> Option<ServerSnapshot> { None }
/// }
/// ```
pub trait Source: Send + Sync + 'static {
    /// The game whose page has this token, or `None` if there is no such game.
    fn game(&self, token: &str) -> impl Future<Output = Option<GameSnapshot>> + Send;

    /// The server whose page has this key, or `None` if there is none (or it has no page).
    fn server(&self, key: &str) -> impl Future<Output = Option<ServerSnapshot>> + Send;

    /// The tournament whose page has this token, or `None` if there is none. The hub calls it
    /// at most once per token in a few seconds, and once after each change it is told of
    /// ([`Hub::tournament_changed`](crate::Hub::tournament_changed)) that a page watches.
    /// A source without tournaments keeps the default: none.
    fn tournament(&self, token: &str) -> impl Future<Output = Option<TournamentSnapshot>> + Send {
        let _ = token;
        async { None }
    }
}

/// A load in progress.
pub(crate) type Load<'a, T> = Pin<Box<dyn Future<Output = Option<T>> + Send + 'a>>;

/// [`Source`] with boxed futures, so that the hub needs no type parameter.
pub(crate) trait DynSource: Send + Sync {
    fn game<'a>(&'a self, token: &'a str) -> Load<'a, GameSnapshot>;
    fn server<'a>(&'a self, key: &'a str) -> Load<'a, ServerSnapshot>;
    fn tournament<'a>(&'a self, token: &'a str) -> Load<'a, TournamentSnapshot>;
}

impl<S: Source> DynSource for S {
    fn game<'a>(&'a self, token: &'a str) -> Load<'a, GameSnapshot> {
        Box::pin(Source::game(self, token))
    }

    fn server<'a>(&'a self, key: &'a str) -> Load<'a, ServerSnapshot> {
        Box::pin(Source::server(self, key))
    }

    fn tournament<'a>(&'a self, token: &'a str) -> Load<'a, TournamentSnapshot> {
        Box::pin(Source::tournament(self, token))
    }
}
