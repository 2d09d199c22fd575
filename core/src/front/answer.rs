//! What the service answered a command or a click, worded once for every front end.

use crate::locale::Lang;
use crate::model::{ChallengeId, GameId, LobbyId};
use crate::present::{self, Names, Reply};
use crate::service::{
    Abort, Aftermath, Change, DrawOffer, GameStarted, GameView, Hint, History, Invitation,
    Leaderboard, LobbyUpdate, LobbyView, MovePlayed, NotifySetting, PuzzleAnswer, Resignation,
    Stats, TournamentAnswer,
};

/// The service's answer to a [`super::Command`] or a click.
#[derive(Clone, Debug)]
pub enum Answer {
    /// A game started (against the bot at once, or everyone accepted).
    Started(Box<GameStarted>),
    /// An invitation waits for answers.
    Invited(Invitation),
    /// A lobby opened.
    Lobby(LobbyView),
    /// A click changed a lobby (or filled it: the game started).
    LobbyChanged(Box<LobbyUpdate>),
    /// A move was played.
    Moved(Box<MovePlayed>),
    /// The channel's game.
    Board(Box<GameView>),
    /// The game's moves.
    History(History),
    /// A suggested move.
    Hint(Box<Hint>),
    /// A resignation.
    Resigned(Resignation),
    /// A draw offered, accepted or overtaken by the clock.
    Draw(DrawOffer),
    /// An abort by `by`.
    Aborted {
        /// Who asked.
        by: u64,
        /// What happened.
        abort: Abort,
    },
    /// A challenge declined by `by`.
    Declined {
        /// The challenge with everyone it named.
        challenge: Invitation,
        /// Who declined.
        by: u64,
    },
    /// A challenge withdrawn.
    Withdrawn(Invitation),
    /// A server's best players.
    Leaderboard(Leaderboard),
    /// A member's ratings and games.
    Stats(Stats),
    /// How to play.
    Rules,
    /// A member's DM setting (`/halma notify`).
    Notify(NotifySetting),
    /// A tournament command's answer.
    Tournament(Box<TournamentAnswer>),
    /// A puzzle command's answer (or a move in a puzzle): only its member sees it.
    Puzzle(Box<PuzzleAnswer>),
}

/// What a front end that shows an answer in a message of its own must remember about that
/// message.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Follow {
    /// Nothing.
    Nothing,
    /// The message shows a challenge (its buttons close when it expires); nobody saw it, the
    /// challenger's withdrawal calls it off.
    Challenge {
        /// The challenge.
        id: ChallengeId,
        /// Who made it.
        challenger: u64,
    },
    /// The message shows a lobby; nobody saw it, the host's leaving closes it.
    Lobby {
        /// The lobby.
        id: LobbyId,
        /// Who opened it.
        host: u64,
    },
    /// The message is the game's latest board.
    Board(GameId),
}

impl Answer {
    /// What a front end must remember about the message that shows this answer.
    pub fn follow(&self) -> Follow {
        match self {
            Answer::Invited(invitation) => Follow::Challenge {
                id: invitation.challenge.id,
                challenger: invitation.challenge.challenger,
            },
            Answer::Lobby(view) => Follow::Lobby {
                id: view.lobby.id,
                host: view.lobby.host,
            },
            Answer::Started(started) => Follow::Board(started.game.id),
            Answer::Moved(played) => Follow::Board(played.game.id),
            Answer::LobbyChanged(update) => match update.as_ref() {
                LobbyUpdate::Started(started) => Follow::Board(started.game.id),
                _ => Follow::Nothing,
            },
            _ => Follow::Nothing,
        }
    }
}

impl Change for Answer {
    fn aftermath(&self) -> Aftermath {
        match self {
            Answer::Started(started) => started.aftermath(),
            Answer::LobbyChanged(update) => update.aftermath(),
            Answer::Moved(played) => played.aftermath(),
            Answer::Resigned(resignation) => resignation.aftermath(),
            Answer::Draw(offer) => offer.aftermath(),
            Answer::Aborted { abort, .. } => abort.aftermath(),
            _ => Aftermath::default(),
        }
    }
}

/// The message of an answer, in `lang`, with the names `names` knows on its board pictures.
pub fn present(lang: Lang, answer: &Answer, names: Names<'_>) -> Reply {
    match answer {
        Answer::Started(started) => present::game_started(lang, started, names),
        Answer::Invited(invitation) => present::invitation(lang, invitation),
        Answer::Lobby(view) => present::lobby(lang, view),
        Answer::LobbyChanged(update) => present::lobby_update(lang, update, names),
        Answer::Moved(played) => present::move_played(lang, played, names),
        Answer::Board(game) => present::board(lang, game, names),
        Answer::History(history) => present::history(lang, history),
        Answer::Hint(hint) => present::hint(lang, hint, names),
        Answer::Resigned(resignation) => present::resignation(lang, resignation, names),
        Answer::Draw(offer) => present::draw(lang, offer, names),
        Answer::Aborted { by, abort } => present::abort(lang, *by, abort, names),
        Answer::Declined { challenge, by } => present::challenge_declined(lang, challenge, *by),
        Answer::Withdrawn(challenge) => present::challenge_closed(lang, challenge),
        Answer::Leaderboard(board) => present::leaderboard(lang, board),
        Answer::Stats(stats) => present::stats(lang, stats),
        Answer::Rules => present::rules(lang),
        Answer::Notify(setting) => present::notify_setting(lang, setting),
        Answer::Tournament(answer) => present::tournament_answer(lang, answer),
        Answer::Puzzle(answer) => present::puzzle_answer(lang, answer),
    }
}
