//! The last step of every answer, written once: word it on the blocking pool, show it through
//! the front end's [`Medium`], settle it with [`Service::settle`], and remember the message
//! that shows it (a challenge's, a lobby's, a game's latest board) or call off what nobody
//! saw. Slash commands, clicks, the picker, the Activity, the console and the outbox's sender
//! all deliver through [`deliver`]; each medium only says how it shows a reply.

use super::{Answer, Follow, NameBook};
use crate::locale::Lang;
use crate::model::GameId;
use crate::present::{self, Names, Reply};
use crate::service::{Aftermath, Change, NoticeView, Outgoing, Service};
use std::future::Future;

/// Something a front end shows in one message: worded in a language, with what it leaves to
/// settle and what a front end must remember about its message.
pub trait Deliverable: Send + 'static {
    /// The message, in `lang`, with the names `names` knows on its pictures.
    fn present(&self, lang: Lang, names: Names<'_>) -> Reply;
    /// The held announcement to settle and the bot's turn to wake once it went out.
    fn aftermath(&self) -> Aftermath;
    /// What to remember about the message that shows it.
    fn follow(&self) -> Follow;
    /// The nonce of a channel post that shows it: every post of one announcement carries the
    /// same, so Discord keeps the first and returns it for a repeat.
    fn nonce(&self) -> Option<String> {
        self.aftermath().notice.map(super::nonce::of_key)
    }
}

impl Deliverable for Answer {
    fn present(&self, lang: Lang, names: Names<'_>) -> Reply {
        super::present(lang, self, names)
    }

    fn aftermath(&self) -> Aftermath {
        Change::aftermath(self)
    }

    fn follow(&self) -> Follow {
        Answer::follow(self)
    }
}

/// An announcement from the outbox, posted with its row's nonce. The outbox settles its own
/// rows, so it leaves nothing to settle here.
pub struct Announcement {
    view: NoticeView,
    nonce: String,
}

impl Announcement {
    /// What `outgoing` announces, `None` when it became moot.
    pub fn of(outgoing: Outgoing) -> Option<Announcement> {
        let nonce = super::nonce::of_row(&outgoing);
        outgoing.view.map(|view| Announcement { view, nonce })
    }

    /// What the row announces.
    pub fn view(&self) -> &NoticeView {
        &self.view
    }
}

impl Deliverable for Announcement {
    fn present(&self, lang: Lang, names: Names<'_>) -> Reply {
        match &self.view {
            NoticeView::Move(played) => present::move_played(lang, played, names),
            NoticeView::Ended(ended) => present::game_ended(lang, ended, names),
            NoticeView::Left(left) => present::player_left(lang, left, names),
            NoticeView::Reminder(reminder) => present::reminder(lang, reminder),
            NoticeView::ChallengeExpired(challenge) => present::challenge_closed(lang, challenge),
            NoticeView::LobbyExpired(lobby) => present::lobby_closed(lang, lobby),
            // Written in the member's language, whatever the server's.
            NoticeView::YourMove(turn) => present::your_move_dm(turn, names),
            NoticeView::Started(started) => present::game_started(lang, started, names),
            NoticeView::Tournament(view) => present::tournament_announcement(lang, view),
            NoticeView::TournamentRound(round) => present::tournament_round(lang, round),
            NoticeView::TournamentStandings(table) => present::tournament_standings(lang, table),
            NoticeView::TournamentEnded(table) => present::tournament_podium(lang, table),
            NoticeView::PuzzleDaily(daily) => present::daily_puzzle_announcement(lang, daily),
        }
    }

    fn aftermath(&self) -> Aftermath {
        Aftermath::default()
    }

    fn follow(&self) -> Follow {
        Follow::Nothing
    }

    fn nonce(&self) -> Option<String> {
        Some(self.nonce.clone())
    }
}

/// Where a front end shows a reply: a slash command's answer, a click's update or new message,
/// a channel post, the console. Only what differs between them lives here.
pub trait Medium: Send {
    /// The names to draw on board pictures.
    fn names(&self) -> NameBook;

    /// Shows `reply`; a channel post carries `nonce` (see [`Deliverable::nonce`]).
    fn show(
        &mut self,
        reply: Reply,
        nonce: Option<String>,
    ) -> impl Future<Output = anyhow::Result<()>> + Send;

    /// Whether [`Medium::show`] makes a new message (not an update of the clicked one, whose
    /// challenge or lobby is remembered already).
    fn is_new_message(&self) -> bool {
        true
    }

    /// The id of the message [`Medium::show`] made or changed, when there is one to point to.
    fn message(&mut self) -> impl Future<Output = anyhow::Result<Option<u64>>> + Send;

    /// Called before the reply is shown when it becomes `game`'s latest board. `true` when
    /// the medium keeps track of that message itself (a slash command's answer notes its
    /// token and learns the message later); otherwise the message's id is recorded after.
    fn board_ahead(&mut self, game: GameId) -> bool {
        let _ = game;
        false
    }

    /// The reply that was to be `game`'s latest board was not shown.
    fn board_unseen(&mut self, game: GameId) {
        let _ = game;
    }
}

/// Words `item` in `lang` (on the blocking pool: it may draw a board), shows it through
/// `medium`, settles it whatever happened ([`Service::settle`]), and remembers its message
/// as its [`Follow`] says; a challenge or lobby nobody saw is called off. Returns the follow
/// of what was shown.
pub async fn deliver<M: Medium, D: Deliverable>(
    service: &Service,
    medium: &mut M,
    lang: Lang,
    item: D,
) -> anyhow::Result<Follow> {
    let (after, nonce) = (item.aftermath(), item.nonce());
    let follow = match item.follow() {
        Follow::Challenge { .. } | Follow::Lobby { .. } if !medium.is_new_message() => {
            Follow::Nothing
        }
        follow => follow,
    };
    let names = medium.names();
    let worded = super::draw(service, &names, item, move |it, names| {
        it.present(lang, names)
    })
    .await;
    let reply = match worded {
        Ok(reply) => reply,
        Err(error) => {
            service.settle(after, false).await;
            return Err(error);
        }
    };
    let noted = match follow {
        Follow::Board(game) => medium.board_ahead(game),
        _ => false,
    };
    let shown = medium.show(reply, nonce).await;
    service.settle(after, shown.is_ok()).await;
    if let Err(error) = shown {
        unseen(service, medium, follow).await;
        return Err(error);
    }
    remember(service, medium, follow, noted).await?;
    Ok(follow)
}

/// Records the message that shows a challenge, a lobby or a game's latest board.
async fn remember<M: Medium>(
    service: &Service,
    medium: &mut M,
    follow: Follow,
    noted: bool,
) -> anyhow::Result<()> {
    match follow {
        Follow::Challenge { id, .. } => {
            if let Some(message) = medium.message().await? {
                service
                    .invitations()
                    .set_challenge_message(id, message)
                    .await?;
            }
        }
        Follow::Lobby { id, .. } => {
            if let Some(message) = medium.message().await? {
                service.invitations().set_lobby_message(id, message).await?;
            }
        }
        Follow::Board(game) if !noted => {
            // The answer went out: a link that cannot be recorded is logged, not an error.
            let recorded = match medium.message().await {
                Ok(Some(message)) => service
                    .set_board_message(game, message)
                    .await
                    .map_err(Into::into),
                Ok(None) => Ok(()),
                Err(error) => Err(error),
            };
            if let Err(error) = recorded {
                tracing::warn!(%game, error = format!("{error:#}"), "could not record the board message");
            }
        }
        Follow::Board(_) | Follow::Nothing => {}
    }
    Ok(())
}

/// Nobody saw the answer: a challenge is called off, a lobby closed, a board forgotten.
async fn unseen<M: Medium>(service: &Service, medium: &mut M, follow: Follow) {
    let undone = match follow {
        Follow::Challenge { id, challenger } => {
            service.invitations().withdraw(id, challenger).await.err()
        }
        Follow::Lobby { id, host } => service.invitations().leave_lobby(id, host).await.err(),
        Follow::Board(game) => {
            medium.board_unseen(game);
            None
        }
        Follow::Nothing => None,
    };
    if let Some(error) = undone {
        tracing::warn!(?follow, %error, "could not call off an answer nobody saw");
    }
}
