//! A slash command's answer through the shared dispatch and delivery ([`halma_core::front`]).

use super::media::SlashAnswer;
use super::reply::{actor, lang, unless_refused};
use super::{Context, Error};
use halma_core::front::{self, Command, Follow};

/// Answers the slash command with what the service makes of `command`, delivered as its answer
/// ([`front::deliver`]).
pub(super) async fn dispatch(ctx: Context<'_>, command: Command) -> Result<(), Error> {
    let token = match ctx {
        poise::Context::Application(app) => Some(app.interaction.token.as_str()),
        poise::Context::Prefix(_) => None,
    };
    let service = &ctx.data().service;
    let result = front::run(service, actor(ctx), command, token).await;
    let Some(answered) = unless_refused(ctx, result).await? else {
        return Ok(());
    };
    let mut medium = SlashAnswer::new(ctx);
    let follow = front::deliver(service, &mut medium, lang(ctx), answered).await?;
    if let Follow::Lobby { .. } = follow {
        // The language of the game's reminders, unless the server chose one.
        super::settings::note_guild_locale(ctx).await;
    }
    Ok(())
}
