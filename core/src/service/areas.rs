//! The service's areas, each a handle borrowed from the [`Service`]: a channel's game is the
//! service's own business (`Service::play`, `Service::resign`, `Service::board`, …); the
//! rest is found through the area it belongs to:
//!
//! | handle | what it holds | files |
//! |---|---|---|
//! | [`Service::invitations`] | challenges, lobbies, games against the bot, rematches | `challenge.rs`, `invitations.rs`, `lobby.rs`, `ai.rs` |
//! | [`Service::settings`] | a server's settings and house rules, a member's DMs | `settings.rs`, `notify.rs` |
//! | [`Service::web`] | what the live pages and the Activity read | `pages.rs`, `activity.rs` |
//! | [`Service::searches`] | the bot's searches: its moves and the hints | `ai.rs` |
//! | [`Service::tournaments`] | tournaments, Swiss and arena: their making, joining, course, results and standings | `tournament*.rs`, `arena*.rs` |
//! | [`Service::puzzles`] | members' puzzles and the daily one, their pars and ratings | `puzzle*.rs` |
//!
//! A handle is a shared borrow: cheap to make for each call and never stored.

use super::Service;

macro_rules! area {
    ($(#[$doc:meta])* $name:ident, $method:ident) => {
        $(#[$doc])*
        #[derive(Clone, Copy)]
        pub struct $name<'a> {
            pub(super) service: &'a Service,
        }

        impl Service {
            $(#[$doc])*
            pub fn $method(&self) -> $name<'_> {
                $name { service: self }
            }
        }
    };
}

area!(
    /// Challenges, lobbies, games against the bot and rematches: invitations to a game, from
    /// their making to their answer or their expiry.
    Invitations,
    invitations
);
area!(
    /// A server's settings and house rules, and each member's direct-message setting.
    Settings,
    settings
);
area!(
    /// What the live web pages and the Activity read: snapshots by token, the seats of a
    /// game, the legal moves of the member to move.
    Web,
    web
);
area!(
    /// The bot's searches: its moves in the games it plays, the hints, the queue's figures.
    Searches,
    searches
);
area!(
    /// Tournaments, Swiss and arena: made, joined and left, started, paired, their results
    /// counted once, their standings, withdrawals and pauses, their end.
    Tournaments,
    tournaments
);
area!(
    /// Puzzles: a member's own crossing or chain puzzle, the server's daily one, their moves
    /// and picker, the day's leaderboard, the members' puzzle ratings and the boards' pars.
    Puzzles,
    puzzles
);
