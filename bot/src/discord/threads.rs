//! Games in threads: `challenge thread:true` opens a public thread named after the players in
//! the channel and makes the challenge there, so the game's boards do not flood the channel.
//! Threads are ordinary channels to the rest of the bot (Discord sends their ids).

use super::commands::{answer, say};
use super::{lang_of, send, Context, Error};
use crate::present;
use crate::service::ChallengeRequest;
use poise::serenity_prelude as serenity;

/// Discord's limit on a thread's name.
const THREAD_NAME_LIMIT: usize = 100;

/// "alice vs bob", cut to fit a thread's name.
fn thread_name(challenger: &str, opponent: &str) -> String {
    let name = format!("{challenger} vs {opponent}");
    if name.chars().count() <= THREAD_NAME_LIMIT {
        return name;
    }
    let mut cut: String = name.chars().take(THREAD_NAME_LIMIT - 1).collect();
    cut.push('…');
    cut
}

/// Opens a public thread for the challenge of `request` (whose channel is the thread's parent)
/// and makes the challenge in it; the command's answer links the thread. A refused challenge
/// removes the thread again and is answered like any refusal.
pub(super) async fn challenge_in_thread(
    ctx: Context<'_>,
    mut request: ChallengeRequest<'_>,
    opponent: &serenity::User,
) -> Result<(), Error> {
    let http = ctx.http();
    let name = thread_name(ctx.author().display_name(), opponent.display_name());
    let thread = ctx
        .channel_id()
        .create_thread(
            ctx.serenity_context(),
            serenity::CreateThread::new(name)
                .kind(serenity::ChannelType::PublicThread)
                .auto_archive_duration(serenity::AutoArchiveDuration::OneWeek),
        )
        .await?;
    request.channel = thread.id.get();
    let service = &ctx.data().service;
    let challenged = service.challenge(&request).await;
    let refused = challenged.is_err();
    if refused {
        // No game will be played in it.
        if let Err(e) = thread.id.delete(http).await {
            tracing::warn!(thread = %thread.id, error = %e, "could not remove an unused thread");
        }
    }
    let Some(view) = answer(ctx, challenged).await? else {
        return Ok(());
    };
    let lang = lang_of(ctx.locale());
    let posted = thread
        .id
        .send_message(
            http,
            send::channel_message(&present::challenge_sent(lang, &view)),
        )
        .await?;
    service
        .set_challenge_message(view.id, posted.id.get())
        .await?;
    say(ctx, &present::thread_opened(lang, thread.id.get())).await?;
    super::settings::note_guild_locale(ctx).await;
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn thread_names_fit() {
        assert_eq!(thread_name("alice", "bob"), "alice vs bob");
        let long = thread_name(&"x".repeat(90), &"y".repeat(90));
        assert_eq!(long.chars().count(), THREAD_NAME_LIMIT);
        assert!(long.ends_with('…'));
    }
}
