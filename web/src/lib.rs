//! The live game page of the Halma bot: what a game looks like to a browser, a hub that
//! fans each game's changes out to its open pages, and the axum router that serves them.
//!
//! The bot implements [`Source`] (load a game or a server page by token, from its database),
//! makes one [`Hub`] over it, merges [`router`] into its HTTP server, and calls
//! [`Hub::publish`] after each change to a game:
//!
//! ```
//! use halma::{Position, Seat, Variant};
//! use halma_web::{GameSnapshot, Hub, Player, ServerSnapshot, Source, Update};
//!
//! struct Db;
//! impl Source for Db {
//!     async fn game(&self, token: &str) -> Option<GameSnapshot> {
//!         let players = vec![Player::new(Seat::A, "Ana"), Player::bot(Seat::B, "Halma bot")];
//!         (token == "abc").then(|| {
//!             GameSnapshot::new("Ana vs Halma bot", &Position::start(Variant::Standard), players)
//!         })
//!     }
//!     async fn server(&self, _key: &str) -> Option<ServerSnapshot> {
//!         None
//!     }
//! }
//!
//! let hub = Hub::new(Db);
//! let app: axum::Router = halma_web::router(hub.clone());
//! // After a move: hub.publish("abc", Update::Ply(snapshot.last_ply_update().unwrap()));
//! # let _ = app;
//! ```
//!
//! A tournament's page (`/tournament/<token>`) is written whole by the server from
//! [`Source::tournament`]; the bot calls [`Hub::tournament_changed`] after each change, and
//! the page's event stream tells the open pages to fetch their table again.
//!
//! Nothing here touches the database or Discord; pages never cause a load per viewer.
//!
//! Every page speaks the language its request asks for (`?lang=`, else `Accept-Language`),
//! from the bot's Fluent files (`halma-locale`). Snapshots hold names and codes
//! ([`Reason`]), never words, so one snapshot serves every language.
//!
//! [`serve`] serves a router behind a guarded door (timeouts, connection caps, the client's
//! address on every request); [`ClientLimit`] rate limits any router per client address.

mod cache;
mod client;
mod html;
mod hub;
mod hub_tournaments;
mod limit;
mod message;
mod routes;
mod serve;
mod source;
mod streams;
mod subscription;
mod tournaments;
mod words;

pub use client::{client_addr, ClientAddr};
pub use halma_snapshot::{
    seat_colour, Fit, GameSnapshot, Player, PlyUpdate, PlyView, Reason, State, Status, SEAT_COLOURS,
};
pub use halma_snapshot::{ActiveGame, Leaderboard, ListedTournament, Ranked, ServerSnapshot};
pub use halma_snapshot::{Board, Camp, Cell, Shape};
pub use halma_snapshot::{TournamentRow, TournamentSnapshot};
pub use html::escape;
pub use hub::{Hub, HubSettings, Update};
pub use limit::{limit_clients, ClientLimit, RATE_LIMITED};
pub use message::{Message, MessageKind};
pub use routes::{router, router_with, ActivityPage, PageSettings, HAS_SDK_MOCK};
pub use serve::{serve, ServeSettings, REFUSED_CONNECTIONS};
pub use source::Source;
pub use subscription::Subscription;
pub use words::{board_texts, snapshot_texts, BOARD_TEXTS, SEATS, SEAT_TEXT};
