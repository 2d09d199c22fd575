//! What an announcement taken from the outbox says, ready to present: one [`NoticeView`] per
//! kind of row, read as the game or tournament is when the sender takes it.

use super::answer::NoticeKey;
use super::{GameEnded, Invitation, MovePlayed, PlayerLeft, Reminder};

/// What an announcement says, ready to present.
#[derive(Clone, Debug, PartialEq)]
pub enum NoticeView {
    /// A move.
    Move(MovePlayed),
    /// A game's end without a move.
    Ended(GameEnded),
    /// A player leaving a game of three or more.
    Left(PlayerLeft),
    /// A half-time reminder.
    Reminder(Reminder),
    /// An expired challenge whose message is to be closed (`message` is set).
    ChallengeExpired(Invitation),
    /// An expired lobby whose message is to be closed (`message` is set).
    LobbyExpired(crate::db::lobbies::Lobby),
    /// A direct message to the member to move (not a channel's announcement).
    YourMove(Box<super::TurnNotice>),
    /// A game started that no interaction answers (a tournament's pairing, in its thread).
    Started(super::GameStarted),
    /// A tournament's announcement, to post or (once posted) to edit.
    Tournament(super::TournamentView),
    /// A tournament round's pairings: threads to open, then the post.
    TournamentRound(super::RoundView),
    /// A tournament's standings, to post or (once posted) to edit.
    TournamentStandings(super::StandingsView),
    /// A finished tournament's podium.
    TournamentEnded(super::StandingsView),
    /// A server's daily puzzle, announced in its game channel.
    PuzzleDaily(super::DailyNotice),
}

impl NoticeView {
    /// The answer row's key, for an announcement an interaction's answer may have shown.
    pub fn key(&self) -> Option<NoticeKey> {
        match self {
            NoticeView::Move(played) => Some(played.notice()),
            NoticeView::Ended(ended) => Some(ended.notice()),
            NoticeView::Left(left) => Some(left.notice()),
            _ => None,
        }
    }

    /// The server the announcement is for (its messages are in that server's language).
    pub fn guild(&self) -> u64 {
        match self {
            NoticeView::Move(played) => played.game.guild,
            NoticeView::Ended(ended) => ended.game.guild,
            NoticeView::Left(left) => left.game.guild,
            NoticeView::Reminder(reminder) => reminder.game.guild,
            NoticeView::ChallengeExpired(expired) => expired.challenge.guild,
            NoticeView::LobbyExpired(lobby) => lobby.guild,
            NoticeView::Started(started) => started.game.guild,
            NoticeView::Tournament(view) => view.tournament.guild,
            NoticeView::TournamentRound(round) => round.tournament.guild,
            NoticeView::TournamentStandings(table) | NoticeView::TournamentEnded(table) => {
                table.tournament.guild
            }
            NoticeView::YourMove(turn) => turn.game.guild,
            NoticeView::PuzzleDaily(daily) => daily.guild,
        }
    }

    /// Which message an edit-or-post announcement shows: edits of one message taken in one
    /// batch show the same (they read the tournament when taken), so only the last is sent.
    pub fn edited_message(&self) -> Option<(&'static str, i64)> {
        match self {
            NoticeView::Tournament(t) => Some(("announcement", t.tournament.id.0)),
            NoticeView::TournamentStandings(t) => Some(("standings", t.tournament.id.0)),
            _ => None,
        }
    }

    /// The member a direct message goes to; `None` for a channel's announcement.
    pub fn dm_to(&self) -> Option<u64> {
        match self {
            NoticeView::YourMove(turn) => Some(turn.user),
            _ => None,
        }
    }
}
