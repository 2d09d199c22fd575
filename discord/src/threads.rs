//! Games in threads: `challenge thread:true` opens a public thread named after the players in
//! the channel and makes the challenge there, so the game's boards do not flood the channel.
//! Threads are ordinary channels to the rest of the bot (Discord sends their ids), except
//! that a server's list of game channels admits a thread when it admits its parent.

use super::reply::{say, unless_refused};
use super::{lang_of, send, Context, Error};
use halma_core::present;
use halma_core::service::{ChallengeRequest, Place};
use poise::serenity_prelude as serenity;

/// Discord's limit on a thread's name.
const THREAD_NAME_LIMIT: usize = 100;

/// "alice vs bob" (or "alice vs bob vs carol"), cut to fit a thread's name.
fn thread_name(players: &[&str]) -> String {
    let name = players.join(" vs ");
    if name.chars().count() <= THREAD_NAME_LIMIT {
        return name;
    }
    let mut cut: String = name.chars().take(THREAD_NAME_LIMIT - 1).collect();
    cut.push('…');
    cut
}

/// Opens a public thread for the challenge of `request` (whose channel is the thread's parent)
/// and invites its opponents (the members `named`) in it; the command's answer links the
/// thread. A refused challenge removes the thread again and is answered like any refusal.
pub(super) async fn challenge_in_thread(
    ctx: Context<'_>,
    mut request: ChallengeRequest,
    named: &[serenity::User],
) -> Result<(), Error> {
    let http = ctx.http();
    let service = &ctx.data().service;
    // A thread is a channel of its own: the member's limits of waiting challenges and of
    // threads are checked (and the thread counted) before one is made.
    let allowed = service.open_thread(request.challenger).await;
    if unless_refused(ctx, allowed).await?.is_none() {
        return Ok(());
    }
    let mut names = vec![ctx.author().display_name()];
    names.extend(named.iter().map(|user| user.display_name()));
    let thread = ctx
        .channel_id()
        .create_thread(
            ctx.serenity_context(),
            serenity::CreateThread::new(thread_name(&names))
                .kind(serenity::ChannelType::PublicThread)
                .auto_archive_duration(serenity::AutoArchiveDuration::OneWeek),
        )
        .await?;
    let parent = request.challenger.place;
    request.challenger.place =
        Place::new(parent.guild, thread.id.get()).in_thread_of(Some(parent.channel));
    let invited = service.invitations().challenge_group(&request).await;
    if invited.is_err() {
        // No game will be played in it.
        if let Err(e) = thread.id.delete(http).await {
            tracing::warn!(thread = %thread.id, error = %e, "could not remove an unused thread");
        }
    }
    let Some(invitation) = unless_refused(ctx, invited).await? else {
        return Ok(());
    };
    let lang = lang_of(ctx.locale());
    let posted = thread
        .id
        .send_message(
            http,
            send::channel_message(&present::invitation(lang, &invitation)),
        )
        .await?;
    service
        .invitations()
        .set_challenge_message(invitation.challenge.id, posted.id.get())
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
        assert_eq!(thread_name(&["alice", "bob"]), "alice vs bob");
        assert_eq!(
            thread_name(&["alice", "bob", "carol"]),
            "alice vs bob vs carol"
        );
        let (x, y) = ("x".repeat(90), "y".repeat(90));
        let long = thread_name(&[&x, &y]);
        assert_eq!(long.chars().count(), THREAD_NAME_LIMIT);
        assert!(long.ends_with('…'));
    }
}
