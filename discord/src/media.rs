//! How Discord shows a reply, one [`Medium`] per way: a slash command's answer, a click's
//! update of its message or new message, a channel post, a direct message, and the edit that
//! closes an expired invitation. [`halma_core::front::deliver`] does the rest.

use super::{send, Context, Data};
use anyhow::Context as _;
use halma_core::front::{Medium, NameBook};
use halma_core::model::GameId;
use halma_core::present::Reply;
use poise::serenity_prelude as serenity;

/// The names the bot knows, for board pictures.
fn names(data: &Data) -> NameBook {
    data.name_book()
}

/// The answer to a slash command. Its board's message id is learnt later, and only when
/// needed, from the interaction's token (see [`super::boards`]).
pub(super) struct SlashAnswer<'a> {
    ctx: Context<'a>,
    handle: Option<poise::ReplyHandle<'a>>,
}

impl<'a> SlashAnswer<'a> {
    pub(super) fn new(ctx: Context<'a>) -> SlashAnswer<'a> {
        SlashAnswer { ctx, handle: None }
    }
}

impl Medium for SlashAnswer<'_> {
    fn names(&self) -> NameBook {
        names(self.ctx.data())
    }

    async fn show(&mut self, reply: Reply, _nonce: Option<String>) -> anyhow::Result<()> {
        self.handle = Some(self.ctx.send(send::create_reply(&reply)).await?);
        Ok(())
    }

    async fn message(&mut self) -> anyhow::Result<Option<u64>> {
        match &self.handle {
            Some(handle) => Ok(Some(handle.message().await?.id.get())),
            None => Ok(None),
        }
    }

    fn board_ahead(&mut self, game: GameId) -> bool {
        // Noted before it is sent, so that whoever sees the answer finds it noted.
        match self.ctx {
            poise::Context::Application(app) => {
                self.ctx.data().boards.note(game, &app.interaction.token);
                true
            }
            poise::Context::Prefix(_) => false,
        }
    }

    fn board_unseen(&mut self, game: GameId) {
        self.ctx.data().boards.forget(game);
    }
}

/// The answer to a click: an update of the clicked message (`in_place`), or a new message.
pub(super) struct ClickAnswer<'a> {
    pub(super) http: &'a serenity::Http,
    pub(super) click: &'a serenity::ComponentInteraction,
    pub(super) data: &'a Data,
    pub(super) in_place: bool,
}

impl Medium for ClickAnswer<'_> {
    fn names(&self) -> NameBook {
        names(self.data)
    }

    async fn show(&mut self, reply: Reply, _nonce: Option<String>) -> anyhow::Result<()> {
        let message = send::response_message(&reply);
        let response = match self.in_place {
            true => serenity::CreateInteractionResponse::UpdateMessage(message),
            false => serenity::CreateInteractionResponse::Message(message),
        };
        self.click.create_response(self.http, response).await?;
        Ok(())
    }

    fn is_new_message(&self) -> bool {
        !self.in_place
    }

    async fn message(&mut self) -> anyhow::Result<Option<u64>> {
        if self.in_place {
            return Ok(Some(self.click.message.id.get()));
        }
        let message = self.click.get_response(self.http).await?;
        Ok(Some(message.id.get()))
    }

    fn board_ahead(&mut self, game: GameId) -> bool {
        // This message is the game's board now: an older answer's is not worth asking for.
        self.data.boards.forget(game);
        false
    }
}

/// A new message in a channel: the Activity's answers, a move played through the picker, the
/// outbox's announcements. It carries the announcement's nonce, so that a repeat of the post
/// (a bot killed before it settled the first) shows the message once.
pub(super) struct ChannelPost<'a> {
    http: &'a serenity::Http,
    data: &'a Data,
    channel: serenity::ChannelId,
    posted: Option<u64>,
}

impl<'a> ChannelPost<'a> {
    pub(super) fn new(http: &'a serenity::Http, data: &'a Data, channel: u64) -> ChannelPost<'a> {
        ChannelPost {
            http,
            data,
            channel: serenity::ChannelId::new(channel),
            posted: None,
        }
    }
}

impl Medium for ChannelPost<'_> {
    fn names(&self) -> NameBook {
        names(self.data)
    }

    async fn show(&mut self, reply: Reply, nonce: Option<String>) -> anyhow::Result<()> {
        self.posted = Some(post(self.http, self.channel, &reply, nonce).await?);
        Ok(())
    }

    async fn message(&mut self) -> anyhow::Result<Option<u64>> {
        Ok(self.posted)
    }

    fn board_ahead(&mut self, game: GameId) -> bool {
        self.data.boards.forget(game);
        false
    }
}

/// Posts `reply` in `channel`, with `nonce` enforced when there is one; the new message's id.
async fn post(
    http: &serenity::Http,
    channel: serenity::ChannelId,
    reply: &Reply,
    nonce: Option<String>,
) -> anyhow::Result<u64> {
    let mut message = send::channel_message(reply);
    if let Some(nonce) = nonce {
        message = message
            .nonce(serenity::Nonce::String(nonce))
            .enforce_nonce(true);
    }
    Ok(channel.send_message(http, message).await?.id.get())
}

/// A direct message to a member (the outbox's "your move" notices): their DM channel is
/// opened (`POST /users/@me/channels`, which gives the same channel every time), then the
/// message is posted there with the row's nonce, so that a repeat after a restart shows it
/// once.
pub(super) struct DirectMessage<'a> {
    http: &'a serenity::Http,
    data: &'a Data,
    user: serenity::UserId,
    posted: Option<u64>,
}

impl<'a> DirectMessage<'a> {
    pub(super) fn new(http: &'a serenity::Http, data: &'a Data, user: u64) -> DirectMessage<'a> {
        DirectMessage {
            http,
            data,
            user: serenity::UserId::new(user),
            posted: None,
        }
    }
}

impl Medium for DirectMessage<'_> {
    fn names(&self) -> NameBook {
        names(self.data)
    }

    async fn show(&mut self, reply: Reply, nonce: Option<String>) -> anyhow::Result<()> {
        let channel = self.user.create_dm_channel(self.http).await?;
        self.posted = Some(post(self.http, channel.id, &reply, nonce).await?);
        Ok(())
    }

    async fn message(&mut self) -> anyhow::Result<Option<u64>> {
        Ok(self.posted)
    }
}

/// An edit of one of the bot's messages: one it keeps up to date (a tournament's announcement
/// and standings: text and buttons replaced by the reply's), or one it closes (an expired
/// challenge or lobby: text replaced, buttons gone).
pub(super) struct Edit<'a> {
    pub(super) http: &'a serenity::Http,
    pub(super) data: &'a Data,
    pub(super) channel: u64,
    pub(super) message: u64,
    /// Whether the edit closes the message.
    pub(super) closes: bool,
}

impl Medium for Edit<'_> {
    fn names(&self) -> NameBook {
        names(self.data)
    }

    async fn show(&mut self, reply: Reply, _nonce: Option<String>) -> anyhow::Result<()> {
        serenity::ChannelId::new(self.channel)
            .edit_message(
                self.http,
                serenity::MessageId::new(self.message),
                if self.closes {
                    send::closing_edit(&reply)
                } else {
                    send::message_edit(&reply)
                },
            )
            .await
            .context("editing one of the bot's messages")?;
        Ok(())
    }

    fn is_new_message(&self) -> bool {
        false
    }

    async fn message(&mut self) -> anyhow::Result<Option<u64>> {
        Ok(Some(self.message))
    }
}
