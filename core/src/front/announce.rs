//! What a web front end (the Activity) needs of the front end that holds the bot's
//! connection to Discord: the members' pace, their names, and the channel message that
//! answers what they did. The Discord front end implements it; the binary hands it over.

use super::Answer;
use crate::service::Actor;
use futures::future::BoxFuture;

/// What the Activity needs of the Discord front end, which has the bot's connection: the
/// members' pace, their names, and the channel message that answers what they did.
pub trait Announce: Send + Sync + 'static {
    /// Whether `user` may act now (the same pace as their commands and clicks), counting the
    /// action if so.
    fn allows(&self, user: u64) -> BoxFuture<'_, bool>;

    /// Shows `answer`, to what `at` did in the Activity, as the bot's message in `at`'s
    /// channel, and settles it ([`crate::service::Service::settle`]).
    fn announce(&self, at: Actor, answer: Answer) -> BoxFuture<'_, anyhow::Result<()>>;

    /// The bot's own user id (a member may challenge it).
    fn bot_id(&self) -> u64;

    /// The name Discord shows for `user`, for the list of who is in the Activity.
    fn user_name(&self, user: u64) -> BoxFuture<'_, Option<String>>;
}
