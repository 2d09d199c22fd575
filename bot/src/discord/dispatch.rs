//! A slash command's answer through the shared dispatch ([`crate::front`]): the command's
//! typed request goes to the service, the answer is worded on the blocking pool and sent, and
//! then settled; the message that shows it is remembered as its [`Follow`] says.

use super::reply::{actor, answer, as_answer, lang, say};
use super::{Context, Error};
use crate::front::{self, Answer, Command, Follow};
use crate::service::Answered;

/// Answers the slash command with what the service makes of `command`. Once the answer went
/// out, delivered or not, the service settles it ([`crate::service::Service::answered`]). A
/// challenge or lobby nobody saw is called off, so that it does not hold the channel.
pub(super) async fn dispatch(ctx: Context<'_>, command: Command) -> Result<(), Error> {
    let data = ctx.data();
    let service = &data.service;
    let result = as_answer(ctx, front::run(service, actor(ctx), command)).await;
    let Some(answered) = answer(ctx, result).await? else {
        return Ok(());
    };
    let (after, follow) = (answered.aftermath(), answered.follow());
    let lang = lang(ctx);
    let reply = super::present_blocking(data, answered, move |a: &Answer, names| {
        front::present(lang, a, names)
    })
    .await;
    let reply = match reply {
        Ok(reply) => reply,
        Err(e) => {
            service.answered(after, false).await;
            return Err(e);
        }
    };
    // The answer is the game's latest board; its message id is asked for later, if ever.
    // Noted before it is sent, so that whoever sees the answer finds it noted.
    if let (Follow::Board(game), poise::Context::Application(app)) = (follow, ctx) {
        data.boards.note(game, &app.interaction.token);
    }
    let said = say(ctx, &reply).await;
    service.answered(after, said.is_ok()).await;
    let handle = match said {
        Ok(handle) => handle,
        Err(e) => {
            unseen(data, follow).await;
            return Err(e);
        }
    };
    match follow {
        Follow::Challenge { id, .. } => {
            // The message id lets the timer close the challenge when it expires.
            let message = handle.message().await?;
            service.set_challenge_message(id, message.id.get()).await?;
        }
        Follow::Lobby { id, .. } => {
            let message = handle.message().await?;
            service.set_lobby_message(id, message.id.get()).await?;
            // The language of the game's reminders, unless the server chose one.
            super::settings::note_guild_locale(ctx).await;
        }
        Follow::Board(_) | Follow::Nothing => {}
    }
    Ok(())
}

/// Nobody saw the answer: a challenge is called off, a lobby closed, a board forgotten.
pub(super) async fn unseen(data: &super::Data, follow: Follow) {
    let undone = match follow {
        Follow::Challenge { id, challenger } => data.service.withdraw(id, challenger).await.err(),
        Follow::Lobby { id, host } => data.service.leave_lobby(id, host).await.err(),
        Follow::Board(game) => {
            data.boards.forget(game);
            None
        }
        Follow::Nothing => None,
    };
    if let Some(error) = undone {
        tracing::warn!(?follow, %error, "could not call off an answer nobody saw");
    }
}
