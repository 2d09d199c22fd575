//! After a change is answered. A change that a member's command or click made (a move, a
//! resignation, a game's start, ...) may hold an announcement in the outbox for its answer, and
//! may leave the bot to move. Every front end sends its answer and then calls
//! [`Service::settle`] with the change's [`Aftermath`], delivered or not: the announcement is
//! settled and the bot is woken from this one place, in that order, so the bot's move never
//! comes before the answer it follows. Changes nobody answers (the timer, the bot's own moves)
//! wake the workers at once.

use super::{
    Abort, Accepted, DrawOffer, GameEnded, GameId, GameStarted, GameView, LobbyUpdate, MovePlayed,
    PickerStep, PlayerLeft, Resignation, Service,
};
use halma::Seat;
use std::collections::HashSet;
use std::sync::Mutex;
use tokio::sync::Notify;

/// Names the outbox row of an answer, for [`Service::settle`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum NoticeKey {
    /// A move, by its ply.
    Move {
        /// The game.
        game: GameId,
        /// The move's ply.
        ply: u32,
    },
    /// A game's end without a move.
    Ended {
        /// The game.
        game: GameId,
    },
    /// A player leaving a game of three or more, after move `ply`.
    Left {
        /// The game.
        game: GameId,
        /// Moves played when they left.
        ply: u32,
        /// Who left: two players can leave after the same move.
        seat: Seat,
    },
}

impl NoticeKey {
    /// The game, the stored kind, the ply and the seat that name the row.
    pub fn parts(self) -> (GameId, &'static str, Option<u32>, Option<Seat>) {
        match self {
            NoticeKey::Move { game, ply } => (game, "move", Some(ply), None),
            NoticeKey::Ended { game } => (game, "ended", None, None),
            NoticeKey::Left { game, ply, seat } => (game, "left", Some(ply), Some(seat)),
        }
    }
}

/// What is left to do once a change's answer went out (or failed).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Aftermath {
    /// The announcement the change holds for its answer.
    pub notice: Option<NoticeKey>,
    /// The game in which the bot is to move after the change.
    pub bot_turn: Option<GameId>,
}

/// The game, when the bot holds the seat to move in it.
fn bot_turn(game: &GameView) -> Option<GameId> {
    game.to_move
        .filter(|p| game.bots.contains(p))
        .map(|_| game.id)
}

/// A change a front end answers: what it leaves to do after the answer.
pub trait Change {
    /// The announcement to settle and the bot's turn to wake, once the answer went out.
    fn aftermath(&self) -> Aftermath;
}

impl Change for MovePlayed {
    fn aftermath(&self) -> Aftermath {
        Aftermath {
            notice: Some(self.notice()),
            bot_turn: bot_turn(&self.game),
        }
    }
}

impl Change for GameEnded {
    fn aftermath(&self) -> Aftermath {
        Aftermath {
            notice: Some(self.notice()),
            bot_turn: None,
        }
    }
}

impl Change for PlayerLeft {
    fn aftermath(&self) -> Aftermath {
        Aftermath {
            notice: Some(self.notice()),
            bot_turn: bot_turn(&self.game),
        }
    }
}

impl Change for Resignation {
    fn aftermath(&self) -> Aftermath {
        match self {
            Resignation::Ended(ended) => ended.aftermath(),
            Resignation::Left(left) => left.aftermath(),
        }
    }
}

impl Change for DrawOffer {
    fn aftermath(&self) -> Aftermath {
        match self {
            DrawOffer::Standing { .. } => Aftermath::default(),
            DrawOffer::Agreed(ended) | DrawOffer::LostOnTime(ended) => ended.aftermath(),
            DrawOffer::PlayerLeft(left) => left.aftermath(),
        }
    }
}

impl Change for Abort {
    fn aftermath(&self) -> Aftermath {
        match self {
            Abort::Aborted(_) => Aftermath::default(),
            Abort::LostOnTime(ended) => ended.aftermath(),
            Abort::PlayerLeft(left) => left.aftermath(),
        }
    }
}

impl Change for GameStarted {
    fn aftermath(&self) -> Aftermath {
        Aftermath {
            notice: None,
            bot_turn: bot_turn(&self.game),
        }
    }
}

impl Change for Accepted {
    fn aftermath(&self) -> Aftermath {
        match self {
            Accepted::Started(started) => started.aftermath(),
            Accepted::Waiting(_) => Aftermath::default(),
        }
    }
}

impl Change for LobbyUpdate {
    fn aftermath(&self) -> Aftermath {
        match self {
            LobbyUpdate::Started(started) => started.aftermath(),
            LobbyUpdate::Open(_) | LobbyUpdate::Closed(_) => Aftermath::default(),
        }
    }
}

impl Change for PickerStep {
    fn aftermath(&self) -> Aftermath {
        match self {
            PickerStep::Played(played) => played.aftermath(),
            _ => Aftermath::default(),
        }
    }
}

/// The workers' doorbells: the outbox's sender, the worker that plays the bot's moves with
/// the games to look at, and the arena worker. Bounded: a game waits here once however often
/// it is woken.
#[derive(Default)]
pub(super) struct Wakers {
    outbox: Notify,
    bot: Notify,
    bot_games: Mutex<HashSet<GameId>>,
    arena: Notify,
}

impl Service {
    /// After the answer to a change went out (`delivered`) or failed: its held announcement
    /// goes (delivered) or is handed to the outbox's sender, and the bot is woken when it is to
    /// move. Errors are logged: an announcement then waits out its hold and is posted, at worst,
    /// twice.
    pub async fn settle(&self, after: Aftermath, delivered: bool) {
        if let Some(key) = after.notice {
            let done = if delivered {
                self.answer_delivered(key).await
            } else {
                let handed = self.answer_failed(key).await;
                self.wake_outbox();
                handed
            };
            match done {
                Ok(true) => {}
                Ok(false) => {
                    tracing::warn!(?key, delivered, "an answer's announcement was sent already")
                }
                Err(error) => tracing::error!(
                    ?key, delivered, %error, "could not settle an answer's announcement"
                ),
            }
        }
        if let Some(game) = after.bot_turn {
            self.wake_bot(game);
        }
    }

    /// Asks the outbox's sender to look for due announcements now.
    pub fn wake_outbox(&self) {
        self.wakers.outbox.notify_one();
    }

    /// Waits until something is due in the outbox (see [`Service::wake_outbox`]).
    pub async fn outbox_woken(&self) {
        self.wakers.outbox.notified().await;
    }

    /// Asks the arena worker to look at the running arenas now (a game of one ended, a player
    /// came back, one started).
    pub(super) fn wake_arena(&self) {
        self.wakers.arena.notify_one();
    }

    /// Waits until the arenas may have something to do (see [`super::Tournaments::pair_at`]).
    pub async fn arena_woken(&self) {
        self.wakers.arena.notified().await;
    }

    /// Asks the worker that plays the bot's moves to look at `game`.
    pub(super) fn wake_bot(&self, game: GameId) {
        if let Ok(mut games) = self.wakers.bot_games.lock() {
            games.insert(game);
        }
        self.wakers.bot.notify_one();
    }

    /// Waits until the bot may be to move somewhere, and takes the games to look at.
    pub async fn bot_woken(&self) -> Vec<GameId> {
        loop {
            let games: Vec<GameId> = match self.wakers.bot_games.lock() {
                Ok(mut games) => games.drain().collect(),
                Err(_) => Vec::new(),
            };
            if !games.is_empty() {
                return games;
            }
            self.wakers.bot.notified().await;
        }
    }
}
