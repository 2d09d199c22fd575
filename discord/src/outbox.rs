//! The outbox's Discord side: the sender that posts what waits in the outbox (time losses,
//! reminders, the bot's moves, answers that could not be delivered), sends the members' "your
//! move" DMs and closes expired challenges, and the bookkeeping after an interaction's answer,
//! which confirms its held announcement or hands it to the sender.

use super::media::{ChannelPost, DirectMessage, Edit};
use super::Data;
use halma_core::front::{self, Announcement};
use halma_core::locale::Lang;
use halma_core::ops::Shutdown;
use halma_core::service::{Challenge, Invitation, Lobby, NoticeView, Outgoing};
use poise::serenity_prelude as serenity;
use std::collections::HashSet;
use std::sync::Arc;
use std::time::Duration;

/// Announcements go to a channel, not to one user: they are written in the server's language
/// (its setting, else its Discord locale), English when that cannot be read.
pub(super) async fn server_lang(data: &Data, guild: u64) -> Lang {
    data.service
        .settings()
        .message_lang(guild)
        .await
        .unwrap_or_else(|e| {
            tracing::warn!(guild, error = %e, "could not read the server's language");
            Lang::En
        })
}

/// How many announcements one round takes.
const BATCH: u32 = 20;

/// How often the sender looks for due announcements when nobody wakes it: held answers and
/// backoffs come due on their own.
const POLL: Duration = Duration::from_secs(1);

/// Sends due announcements until `stop` asks to stop; [`halma_core::service::Service::wake_outbox`]
/// makes it look at once.
pub async fn run(http: Arc<serenity::Http>, data: Arc<Data>, mut stop: Shutdown) {
    loop {
        loop {
            match send_due(&http, &data).await {
                // A full batch: more may wait.
                Ok(n) if n >= BATCH as usize => continue,
                Ok(_) => break,
                Err(error) => {
                    tracing::error!(error = %error, "taking announcements from the outbox failed");
                    break;
                }
            }
        }
        tokio::select! {
            () = tokio::time::sleep(POLL) => {}
            () = data.service.outbox_woken() => {}
            () = stop.requested() => return,
        }
    }
}

/// Takes one batch and sends it in order; returns how many were taken. When a send to a
/// channel (or a member's DMs) fails, the rest of its batch waits too, so its messages keep
/// their order.
async fn send_due(http: &serenity::Http, data: &Arc<Data>) -> halma_core::error::Result<usize> {
    let batch = data.service.take_notices(BATCH).await?;
    let taken = batch.len();
    let mut stalled = HashSet::new();
    for outgoing in batch {
        let (id, attempts, channel) = (outgoing.id, outgoing.attempts, outgoing.channel);
        // Where it goes: the channel, or a member's DMs (the channel is then the game's).
        let dm = outgoing.view.as_ref().and_then(NoticeView::dm_to);
        let sent = if stalled.contains(&(channel, dm)) {
            Err(Failure::Later)
        } else {
            deliver(http, data, outgoing).await
        };
        let settled = match sent {
            Ok(()) => data.service.notice_sent(id).await,
            Err(Failure::Gone(why)) => {
                tracing::warn!(notice = %id, channel, %why, "dropping an announcement Discord will never take");
                data.service.notice_sent(id).await
            }
            Err(Failure::Closed(why)) => dms_closed(data, id, dm, &why).await,
            Err(Failure::Later) => data.service.notice_failed(id, attempts).await.map(drop),
            Err(Failure::Retry(why)) => {
                stalled.insert((channel, dm));
                tracing::warn!(notice = %id, channel, attempts, %why, "could not send an announcement; trying again later");
                data.service.notice_failed(id, attempts).await.map(drop)
            }
        };
        if let Err(error) = settled {
            tracing::error!(notice = %id, %error, "could not record an announcement's fate");
        }
    }
    Ok(taken)
}

/// Discord refused a direct message because the member does not take DMs from the bot: the
/// row is dropped (the channel's ping told them anyway) and DMs to them pause for
/// [`halma_core::service::DM_PAUSE`], so no retry storm follows.
async fn dms_closed(
    data: &Data,
    id: halma_core::db::outbox::NoticeId,
    dm: Option<u64>,
    why: &str,
) -> halma_core::error::Result<()> {
    if let Some(user) = dm {
        let until = data.service.settings().dms_refused(user).await?;
        tracing::info!(notice = %id, user, %until, %why, "the member's DMs are closed: pausing their DMs");
    }
    data.service.notice_sent(id).await
}

/// Discord's code for a message to a user who does not take messages from the bot (DMs
/// closed, no server in common, or the bot blocked).
const CANNOT_MESSAGE_USER: isize = 50007;

/// Why an announcement was not sent.
enum Failure {
    /// Try again after a backoff.
    Retry(String),
    /// Its channel has an earlier announcement waiting: after that one.
    Later,
    /// Discord refuses it for good (the channel or message is gone, no access).
    Gone(String),
    /// Discord does not let the bot message this member (code 50007).
    Closed(String),
}

impl From<anyhow::Error> for Failure {
    fn from(error: anyhow::Error) -> Failure {
        match error.downcast::<serenity::Error>() {
            Ok(error) => Failure::from(error),
            Err(other) => Failure::Retry(format!("{other:#}")),
        }
    }
}

impl From<serenity::Error> for Failure {
    fn from(error: serenity::Error) -> Failure {
        let (permanent, closed) = match &error {
            serenity::Error::Http(serenity::HttpError::UnsuccessfulRequest(response)) => {
                let status = response.status_code.as_u16();
                (
                    (400..500).contains(&status) && status != 429 && status != 408,
                    status == 403 && response.error.code == CANNOT_MESSAGE_USER,
                )
            }
            _ => (false, false),
        };
        if closed {
            Failure::Closed(error.to_string())
        } else if permanent {
            Failure::Gone(error.to_string())
        } else {
            Failure::Retry(error.to_string())
        }
    }
}

/// Presents and sends one announcement (nothing for a moot one) through the one delivery
/// ([`halma_core::front::deliver`]): a channel post with the row's nonce, a direct message with
/// it, or the closing edit of an expired invitation.
async fn deliver(
    http: &serenity::Http,
    data: &Arc<Data>,
    outgoing: Outgoing,
) -> Result<(), Failure> {
    let Some(guild) = outgoing.view.as_ref().map(NoticeView::guild) else {
        return Ok(());
    };
    if let Some(token) = &outgoing.answer_token {
        if answered(http, token).await? {
            tracing::info!(notice = %outgoing.id, "the interaction's answer showed it; not posting it again");
            return Ok(());
        }
    }
    let channel = outgoing.channel;
    // A DM is worded in the member's own language, the rest in the server's.
    let lang = match &outgoing.view {
        Some(NoticeView::YourMove(turn)) => turn.lang,
        _ => server_lang(data, guild).await,
    };
    // A tournament's round opens its threads and games before its pairings are posted.
    let outgoing = super::tournament_posts::open_round(http, data, outgoing).await?;
    let Some(item) = Announcement::of(outgoing) else {
        return Ok(());
    };
    // A tournament's announcement and standings are posted once, then edited.
    if let Some(kept) = super::tournament_posts::kept_message(item.view()) {
        return super::tournament_posts::show_kept(http, data, channel, lang, item, kept)
            .await
            .map_err(Failure::from);
    }
    let service = &data.service;
    let delivered = match item.view() {
        NoticeView::YourMove(turn) => {
            let mut dm = DirectMessage::new(http, data, turn.user);
            front::deliver(service, &mut dm, lang, item).await
        }
        // An invitation nobody answered: its message loses its buttons.
        NoticeView::ChallengeExpired(Invitation {
            challenge: Challenge { message, .. },
            ..
        })
        | NoticeView::LobbyExpired(Lobby { message, .. }) => {
            let Some(message) = *message else {
                return Ok(());
            };
            let mut closing = Edit {
                http,
                data,
                channel,
                message,
                closes: true,
            };
            front::deliver(service, &mut closing, lang, item).await
        }
        _ => {
            let mut post = ChannelPost::new(http, data, channel);
            front::deliver(service, &mut post, lang, item).await
        }
    };
    delivered.map(drop).map_err(Failure::from)
}

/// Whether the answer to the interaction with `token` showed its change: Discord has a public
/// answer. `false` when it has none (the answer was never delivered, or the token is older
/// than Discord's 15 minutes, after which posting is the safer mistake), and `false` when the
/// answer is ephemeral: a change is answered in public, so an ephemeral answer is the apology
/// of a command that failed after its change was saved.
async fn answered(http: &serenity::Http, token: &str) -> Result<bool, Failure> {
    match http.get_original_interaction_response(token).await {
        Ok(message) => Ok(shows_a_change(&message)),
        Err(serenity::Error::Http(serenity::HttpError::UnsuccessfulRequest(response)))
            if matches!(response.status_code.as_u16(), 401 | 404) =>
        {
            Ok(false)
        }
        Err(error) => Err(Failure::Retry(format!(
            "asking for the interaction's answer: {error}"
        ))),
    }
}

/// Whether an interaction's answer is one that shows a change: everyone sees it.
fn shows_a_change(answer: &serenity::Message) -> bool {
    !answer
        .flags
        .is_some_and(|f| f.contains(serenity::MessageFlags::EPHEMERAL))
}
