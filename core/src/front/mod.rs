//! One dispatch and one delivery for every front end. Discord, local mode and the Activity
//! read a command or a click into a typed [`Command`] or [`Action`](crate::clicks::Action),
//! [`run`] or [`click`] ask the service, and the [`Answer`] that comes back goes out through
//! [`deliver`]: worded by [`present`], shown by the front end's [`Medium`], settled by
//! [`crate::service::Service::settle`], and its message remembered as its [`Follow`] says.
//! What stays in a front end is only how its medium shows a reply.

mod announce;
mod answer;
mod deliver;
mod dispatch;
mod draw;
pub mod nonce;

pub use announce::Announce;
pub use answer::{present, Answer, Follow};
pub use deliver::{deliver, Announcement, Deliverable, Medium};
pub use dispatch::{click, pick, puzzle_pick, run, Command, Pick, PuzzlePick};
pub use draw::{draw, NameBook};
