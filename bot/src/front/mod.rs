//! One dispatch for every front end. Discord, local mode and (next) the web page read a
//! command or a click into a typed [`Command`] or [`Action`](crate::present::Action), [`run`] or
//! [`click`] ask the service, and the [`Answer`] that comes back is worded by one function,
//! [`present`], and settled by one call, [`crate::service::Service::answered`], once the front
//! end has shown it. What stays in a front end is only what its medium needs: Discord
//! remembers which message shows a challenge, a lobby or a board; local mode prints.

mod answer;
mod dispatch;

pub use answer::{present, Answer, Follow};
pub use dispatch::{click, pick, run, Command, Pick};
