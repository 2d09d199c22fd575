//! A tournament's messages as the outbox's sender shows them: a round's threads and games
//! opened before its pairings are posted, and the announcement and standings posted once and
//! edited after that (their message ids kept in the database).
//!
//! A tournament's threads are the bot's own work: they are not counted against the threads a
//! member or a server may open for challenges (`service::threads`), nor against anyone's pace.

use super::media::{ChannelPost, Edit};
use super::Data;
use halma_core::front::{self, Announcement};
use halma_core::locale::Lang;
use halma_core::model::TournamentId;
use halma_core::service::{NoticeView, Outgoing, RoundView, TournamentMessage};
use poise::serenity_prelude as serenity;
use std::sync::Arc;

/// Discord's limit on a thread's name.
const THREAD_NAME_LIMIT: usize = 100;

/// `R2 · alice vs bob` (round two of a Swiss tournament) or `A · alice vs bob` (an arena's
/// game: `round`, the arena's wave, means nothing to the players), cut to fit a thread's name.
pub(super) fn pairing_thread_name(round: Option<u32>, first: &str, second: &str) -> String {
    let name = match round {
        Some(round) => format!("R{round} · {first} vs {second}"),
        None => format!("A · {first} vs {second}"),
    };
    if name.chars().count() <= THREAD_NAME_LIMIT {
        return name;
    }
    let mut cut: String = name.chars().take(THREAD_NAME_LIMIT - 1).collect();
    cut.push('…');
    cut
}

/// Before a round's pairings are posted, opens a thread in the tournament's channel and a
/// game in it for each pairing that has none yet, then reads the round again (with its
/// threads). Any other announcement passes as it is. A failure leaves the row for a later
/// try, which opens only the pairings still without a game.
pub(super) async fn open_round(
    http: &serenity::Http,
    data: &Arc<Data>,
    mut outgoing: Outgoing,
) -> anyhow::Result<Outgoing> {
    let Some(NoticeView::TournamentRound(round)) = &outgoing.view else {
        return Ok(outgoing);
    };
    if round.unopened().next().is_none() {
        return Ok(outgoing);
    }
    open_threads(http, data, round).await?;
    let service = &data.service;
    let fresh = service
        .tournaments()
        .round_view(round.tournament.id, round.round)
        .await?;
    outgoing.view = fresh.map(NoticeView::TournamentRound);
    Ok(outgoing)
}

/// Opens a thread and its game for each pairing of `round` that has none.
async fn open_threads(
    http: &serenity::Http,
    data: &Arc<Data>,
    round: &RoundView,
) -> anyhow::Result<()> {
    let channel = serenity::ChannelId::new(round.tournament.channel);
    for pairing in round.unopened() {
        let Some(second) = pairing.second else {
            continue;
        };
        let name = pairing_thread_name(
            (!round.tournament.is_arena()).then_some(round.round),
            &round.name_of(pairing.first),
            &round.name_of(second),
        );
        let thread = channel
            .create_thread(
                http,
                serenity::CreateThread::new(name)
                    .kind(serenity::ChannelType::PublicThread)
                    .auto_archive_duration(serenity::AutoArchiveDuration::OneWeek),
            )
            .await?;
        let opened = data
            .service
            .tournaments()
            .open_pairing(pairing.id, thread.id.get())
            .await;
        if !matches!(opened, Ok(Some(_))) {
            // Not needed (opened by another process, or no game to play), or not saved.
            if let Err(e) = thread.id.delete(http).await {
                tracing::warn!(thread = %thread.id, error = %e, "could not remove an unused thread");
            }
        }
        opened?;
    }
    Ok(())
}

/// The message an announcement of a tournament keeps showing (its announcement, its
/// standings), and whether it has been posted yet: `None` for any other announcement.
pub(super) fn kept_message(
    view: &NoticeView,
) -> Option<(TournamentId, TournamentMessage, Option<u64>)> {
    match view {
        NoticeView::Tournament(t) => Some((
            t.tournament.id,
            TournamentMessage::Announcement,
            t.tournament.announcement,
        )),
        NoticeView::TournamentStandings(t) => Some((
            t.tournament.id,
            TournamentMessage::Standings,
            t.tournament.standings,
        )),
        _ => None,
    }
}

/// Shows a tournament's announcement or standings: an edit of its message once posted, else
/// a post whose message id is then kept.
pub(super) async fn show_kept(
    http: &serenity::Http,
    data: &Arc<Data>,
    channel: u64,
    lang: Lang,
    item: Announcement,
    (tournament, which, message): (TournamentId, TournamentMessage, Option<u64>),
) -> anyhow::Result<()> {
    let service = &data.service;
    if let Some(message) = message {
        let mut edit = Edit {
            http,
            data,
            channel,
            message,
            closes: false,
        };
        front::deliver(service, &mut edit, lang, item).await?;
        return Ok(());
    }
    let mut post = ChannelPost::new(http, data, channel);
    front::deliver(service, &mut post, lang, item).await?;
    if let Some(message) = front::Medium::message(&mut post).await? {
        service
            .tournaments()
            .set_message(tournament, which, message)
            .await?;
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn pairing_threads_are_named_by_round_and_players_and_fit() {
        assert_eq!(
            pairing_thread_name(Some(2), "alice", "bob"),
            "R2 · alice vs bob"
        );
        assert_eq!(
            pairing_thread_name(None, "alice", "bob"),
            "A · alice vs bob"
        );
        let long = pairing_thread_name(Some(12), &"x".repeat(90), &"y".repeat(90));
        assert_eq!(long.chars().count(), THREAD_NAME_LIMIT);
        assert!(long.starts_with("R12 · xxx") && long.ends_with('…'));
    }
}
