//! What a click names: the ids written into buttons and select menus (`halma:<verb>:<id>`,
//! the picker's steps with the position they were shown for), read back when a member clicks,
//! also after a restart. The presentation writes them; the front ends read them and hand them
//! to the shared dispatch ([`crate::front`]).

mod picker;
mod puzzle;

pub(crate) use picker::MORE_PREFIX;
pub use picker::{Picked, PickerId};
pub use puzzle::PuzzlePickerId;

use crate::model::{AttemptId, ChallengeId, GameId, LobbyId, TournamentId};

/// What a button click asks for, written into the button's id as `halma:<verb>:<id>`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Action {
    /// Accept challenge N.
    Accept(ChallengeId),
    /// Decline challenge N.
    Decline(ChallengeId),
    /// Withdraw challenge N.
    Withdraw(ChallengeId),
    /// Accept the draw offered in game N (by offering one too).
    AcceptDraw(GameId),
    /// Challenge the same players again after game N, colours swapped.
    Rematch(GameId),
    /// Open the move picker of game N (for the player to move).
    Pick(GameId),
    /// Join lobby N.
    Join(LobbyId),
    /// Leave lobby N (the host closes it).
    Leave(LobbyId),
    /// Start the game of lobby N (its host).
    Start(LobbyId),
    /// Add the bot to lobby N (its host).
    AddBot(LobbyId),
    /// Join tournament N (before its start).
    JoinTournament(TournamentId),
    /// Leave tournament N (before its start).
    LeaveTournament(TournamentId),
    /// Open the move picker of puzzle attempt N (its member's).
    PuzzleMove(AttemptId),
}

impl Action {
    /// The id written into the button.
    pub fn custom_id(self) -> String {
        let (verb, id) = match self {
            Action::Accept(id) => ("accept", id.0),
            Action::Decline(id) => ("decline", id.0),
            Action::Withdraw(id) => ("withdraw", id.0),
            Action::AcceptDraw(id) => ("draw", id.0),
            Action::Rematch(id) => ("rematch", id.0),
            Action::Pick(id) => ("move", id.0),
            Action::Join(id) => ("join", id.0),
            Action::Leave(id) => ("leave", id.0),
            Action::Start(id) => ("start", id.0),
            Action::AddBot(id) => ("addbot", id.0),
            Action::JoinTournament(id) => ("tjoin", id.0),
            Action::LeaveTournament(id) => ("tleave", id.0),
            Action::PuzzleMove(id) => ("zm", id.0),
        };
        format!("halma:{verb}:{id}")
    }

    /// Reads a button id; `None` for ids this bot did not write.
    ///
    /// ```
    /// use halma_core::model::{ChallengeId, GameId};
    /// use halma_core::clicks::Action;
    /// assert_eq!(Action::parse("halma:accept:42"), Some(Action::Accept(ChallengeId(42))));
    /// let rematch = Action::Rematch(GameId(7));
    /// assert_eq!(Action::parse(&rematch.custom_id()), Some(rematch));
    /// assert_eq!(Action::parse("halma:accept:x"), None);
    /// ```
    pub fn parse(custom_id: &str) -> Option<Action> {
        let mut parts = custom_id.split(':');
        if parts.next()? != "halma" {
            return None;
        }
        let verb = parts.next()?;
        let id: i64 = parts.next()?.parse().ok()?;
        if parts.next().is_some() {
            return None;
        }
        Some(match verb {
            "accept" => Action::Accept(ChallengeId(id)),
            "decline" => Action::Decline(ChallengeId(id)),
            "withdraw" => Action::Withdraw(ChallengeId(id)),
            "draw" => Action::AcceptDraw(GameId(id)),
            "rematch" => Action::Rematch(GameId(id)),
            "move" => Action::Pick(GameId(id)),
            "join" => Action::Join(LobbyId(id)),
            "leave" => Action::Leave(LobbyId(id)),
            "start" => Action::Start(LobbyId(id)),
            "addbot" => Action::AddBot(LobbyId(id)),
            "tjoin" => Action::JoinTournament(TournamentId(id)),
            "tleave" => Action::LeaveTournament(TournamentId(id)),
            "zm" => Action::PuzzleMove(AttemptId(id)),
            _ => return None,
        })
    }
}
