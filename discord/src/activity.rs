//! The Activity's side of the Discord front end: what a member does in the Activity is
//! answered with the bot's message in the channel, as their command would have been, and
//! counts against the same pace.

use super::media::ChannelPost;
use super::{outbox, Data};
use anyhow::Context as _;
use futures::future::BoxFuture;
use halma_core::front::Announce;
use halma_core::front::{self, Answer};
use halma_core::service::Actor;
use poise::serenity_prelude as serenity;
use std::sync::Arc;

/// Posts the Activity's answers with the bot's connection.
pub(super) struct Announcer {
    pub(super) http: Arc<serenity::Http>,
    pub(super) data: Arc<Data>,
    pub(super) bot: u64,
}

impl Announce for Announcer {
    fn allows(&self, user: u64) -> BoxFuture<'_, bool> {
        Box::pin(self.data.pace.allows(user))
    }

    fn announce(&self, at: Actor, answer: Answer) -> BoxFuture<'_, anyhow::Result<()>> {
        Box::pin(announce(&self.http, &self.data, at, answer))
    }

    fn bot_id(&self) -> u64 {
        self.bot
    }

    fn user_name(&self, user: u64) -> BoxFuture<'_, Option<String>> {
        Box::pin(async move {
            match self.http.get_user(serenity::UserId::new(user)).await {
                Ok(found) => {
                    self.data.remember(&found);
                    self.data.name_of(user)
                }
                Err(error) => {
                    tracing::debug!(user, %error, "could not learn a name for the Activity");
                    None
                }
            }
        })
    }
}

/// Delivers `answer` as a post in `at`'s channel, in the server's language, with the
/// announcement's nonce like every channel post ([`halma_core::front::deliver`]).
async fn announce(
    http: &serenity::Http,
    data: &Arc<Data>,
    at: Actor,
    answer: Answer,
) -> anyhow::Result<()> {
    let lang = outbox::server_lang(data, at.guild()).await;
    let mut post = ChannelPost::new(http, data, at.channel());
    front::deliver(&data.service, &mut post, lang, answer)
        .await
        .context("posting an Activity answer")?;
    Ok(())
}
