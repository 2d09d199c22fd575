//! The Activity's side of the Discord front end: what a member does in the Activity is
//! answered with the bot's message in the channel, as their command would have been, and
//! counts against the same pace.

use super::{dispatch, outbox, present_blocking, send, Data};
use crate::activity::Announce;
use crate::front::{self, Answer, Follow};
use crate::service::{Actor, Answered};
use anyhow::Context as _;
use futures::future::BoxFuture;
use poise::serenity_prelude as serenity;
use std::sync::Arc;

/// Posts the Activity's answers with the bot's connection.
pub(super) struct Announcer {
    pub(super) http: Arc<serenity::Http>,
    pub(super) data: Arc<Data>,
    pub(super) bot: u64,
}

impl Announce for Announcer {
    fn allows(&self, user: u64) -> bool {
        self.data.pace.allows(user)
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

/// Words `answer` in the server's language, posts it in `at`'s channel, settles it, and
/// remembers the message as its [`Follow`] says. An answer that cannot be posted is handed to
/// the outbox (a move, an ending) or called off (a challenge nobody saw).
async fn announce(
    http: &serenity::Http,
    data: &Arc<Data>,
    at: Actor,
    answer: Answer,
) -> anyhow::Result<()> {
    let (after, follow) = (answer.aftermath(), answer.follow());
    let lang = outbox::server_lang(data, at.guild()).await;
    let reply = match present_blocking(data, answer, move |a: &Answer, names| {
        front::present(lang, a, names)
    })
    .await
    {
        Ok(reply) => reply,
        Err(e) => {
            data.service.answered(after, false).await;
            return Err(e);
        }
    };
    let channel = serenity::ChannelId::new(at.channel());
    let posted = channel
        .send_message(http, send::channel_message(&reply))
        .await;
    data.service.answered(after, posted.is_ok()).await;
    let message = match posted {
        Ok(message) => message,
        Err(e) => {
            dispatch::unseen(data, follow).await;
            return Err(e).context("posting an Activity answer");
        }
    };
    let service = &data.service;
    match follow {
        Follow::Challenge { id, .. } => service.set_challenge_message(id, message.id.get()).await?,
        Follow::Lobby { id, .. } => service.set_lobby_message(id, message.id.get()).await?,
        Follow::Board(game) => service.set_board_message(game, message.id.get()).await?,
        Follow::Nothing => {}
    }
    Ok(())
}
