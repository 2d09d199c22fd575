//! Answering a command or a click: the place and member it names (a thread with its parent
//! channel), running a service call as its answer, and sending the reply, the refusal of a
//! user's mistake, or what a service result presents.

use super::{lang_of, send, Context, Error};
use halma_core::error::UserError;
use halma_core::locale::Lang;
use halma_core::present::{self, Reply};
use halma_core::service::{Actor, Place};
use poise::serenity_prelude as serenity;

pub(super) fn lang(ctx: Context<'_>) -> Lang {
    lang_of(ctx.locale())
}

pub(super) fn guild(ctx: Context<'_>) -> u64 {
    // Every command is guild_only, so poise has checked there is a guild.
    ctx.guild_id().map(|g| g.get()).unwrap_or_default()
}

/// Sends a reply to the command.
pub(super) async fn say<'a>(
    ctx: Context<'a>,
    reply: &Reply,
) -> Result<poise::ReplyHandle<'a>, Error> {
    Ok(ctx.send(send::create_reply(reply)).await?)
}

/// The value of a service call; a user error is answered with an ephemeral refusal (and
/// `None`), anything else goes to `on_error`.
pub(super) async fn unless_refused<T>(
    ctx: Context<'_>,
    result: halma_core::error::Result<T>,
) -> Result<Option<T>, Error> {
    match result {
        Ok(value) => Ok(Some(value)),
        Err(halma_core::error::Error::User(e)) => {
            refuse(ctx, &e).await?;
            Ok(None)
        }
        Err(e) => Err(e.into()),
    }
}

pub(super) async fn refuse(ctx: Context<'_>, error: &UserError) -> Result<(), Error> {
    tracing::debug!(user = %ctx.author().id, refusal = ?error, "refused");
    super::tracking::command_refused(ctx).await;
    say(ctx, &present::refusal(lang(ctx), error)).await?;
    Ok(())
}

/// Where the command was typed (with the thread's parent channel when it was in a thread).
pub(super) fn place(ctx: Context<'_>) -> Place {
    Place::new(guild(ctx), ctx.channel_id().get()).in_thread_of(parent(ctx))
}

/// The member who typed the command, where they typed it.
pub(super) fn actor(ctx: Context<'_>) -> Actor {
    place(ctx).member(ctx.author().id.get())
}

/// Sends what `show` makes of a service result (made on the blocking pool, see
/// [`super::present_blocking`]), or the refusal for a user error.
pub(super) async fn respond<T: Send + 'static>(
    ctx: Context<'_>,
    result: halma_core::error::Result<T>,
    show: impl Fn(Lang, &T, present::Names<'_>) -> Reply + Send + 'static,
) -> Result<(), Error> {
    if let Some(value) = unless_refused(ctx, result).await? {
        let lang = lang(ctx);
        let reply =
            super::present_blocking(ctx.data(), value, move |v, names| show(lang, v, names))
                .await?;
        say(ctx, &reply).await?;
    }
    Ok(())
}

/// The channel a thread (or forum post) belongs to, `None` for any other channel. Discord
/// sends it with every interaction.
pub(super) fn parent_of(channel: Option<&serenity::PartialChannel>) -> Option<u64> {
    let channel = channel?;
    let is_thread = matches!(
        channel.kind,
        serenity::ChannelType::PublicThread
            | serenity::ChannelType::PrivateThread
            | serenity::ChannelType::NewsThread
    );
    is_thread.then_some(channel.parent_id?.get())
}

/// The parent of the command's channel when it is a thread.
pub(super) fn parent(ctx: Context<'_>) -> Option<u64> {
    match ctx {
        poise::Context::Application(app) => parent_of(app.interaction.channel.as_ref()),
        poise::Context::Prefix(_) => None,
    }
}

/// The member who clicked, where (with the thread's parent when the click was in a thread).
pub(super) fn clicker(click: &serenity::ComponentInteraction) -> Actor {
    let guild = click.guild_id.map(|g| g.get()).unwrap_or_default();
    Place::new(guild, click.channel_id.get())
        .in_thread_of(parent_of(click.channel.as_ref()))
        .member(click.user.id.get())
}
