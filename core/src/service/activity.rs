//! What the Activity (the board inside Discord) asks of a channel's game: who plays which seat
//! (one load per change, shared by everyone watching), the seats one member plays, and, when it
//! is their turn, every legal move with its chain, so that a click on a piece can show where it
//! may go.

use super::{Actor, GameStatus, Web};
use crate::db::games::GameRecord;
use crate::error::{Error, Result};
use halma::{Move, Seat, Square};

/// Who holds the seats of a game, for everyone's view of it in the Activity.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SeatTable {
    /// The token of the game's live page.
    pub web_token: String,
    /// Each seat still in play with its member.
    pub seats: Vec<(Seat, u64)>,
    /// The seats offering a draw.
    pub draw_offers: Vec<Seat>,
    /// Whether the game is still being played.
    pub active: bool,
}

impl SeatTable {
    fn of(game: &GameRecord) -> SeatTable {
        let active = game.status == GameStatus::Active;
        SeatTable {
            web_token: game.web_token.clone(),
            seats: game
                .players
                .iter()
                .filter(|p| !game.has_left(**p))
                .map(|p| (p.seat, p.user))
                .collect(),
            draw_offers: if active {
                game.draw_offers.clone()
            } else {
                Vec::new()
            },
            active,
        }
    }

    /// The game as `user` sees it: the seats they play.
    pub fn view_of(&self, user: u64) -> ActivityGame {
        ActivityGame {
            web_token: self.web_token.clone(),
            seats: self
                .seats
                .iter()
                .filter(|(_, u)| *u == user)
                .map(|(s, _)| *s)
                .collect(),
            draw_offers: self.draw_offers.clone(),
            active: self.active,
        }
    }
}

/// The channel's game as one member sees it in the Activity.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ActivityGame {
    /// The token of the game's live page: its snapshot comes from the pages' hub.
    pub web_token: String,
    /// The seats the member plays (empty for someone watching).
    pub seats: Vec<Seat>,
    /// The seats offering a draw.
    pub draw_offers: Vec<Seat>,
    /// Whether the game is still being played.
    pub active: bool,
}

/// One legal move, with a shortest chain of squares from its start to its end.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LegalMove {
    /// The piece's square.
    pub from: Square,
    /// Where it ends.
    pub to: Square,
    /// Every square it passes, `from` first and `to` last.
    pub path: Vec<Square>,
}

/// The moves of the player to move, in the position they are for.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LegalMoves {
    /// The token of the game's live page.
    pub web_token: String,
    /// The position string the moves are for.
    pub position: String,
    /// Every legal move, by start square, then end square.
    pub moves: Vec<LegalMove>,
}

impl Web<'_> {
    /// The channel's game (the one being played, or else the last one) with what `at` plays
    /// in it; `None` when the channel never had a game.
    #[tracing::instrument(skip_all)]
    pub async fn activity_game(self, at: Actor) -> Result<Option<ActivityGame>> {
        match self.service.current_or_last(at.place).await {
            Ok(game) => Ok(Some(SeatTable::of(&game).view_of(at.user))),
            Err(Error::User(_)) => Ok(None),
            Err(e) => Err(e),
        }
    }

    /// Who holds the seats of the game whose page token is `token`, if there is one.
    #[tracing::instrument(skip_all)]
    pub async fn seat_table(self, token: &str) -> Result<Option<SeatTable>> {
        Ok(self
            .service
            .db
            .game_by_token(token)
            .await?
            .map(|g| SeatTable::of(&g)))
    }

    /// Every legal move of `at` in the channel's game, when it is their turn; `None` otherwise
    /// (no game, the game is over, someone else is to move).
    #[tracing::instrument(skip_all)]
    pub async fn legal_moves(self, at: Actor) -> Result<Option<LegalMoves>> {
        let Some(game) = self.service.game_for_mover(at).await? else {
            return Ok(None);
        };
        let position = &game.position;
        let mut moves = Vec::new();
        position.for_each_destination(&game.options, |from, dests| {
            for to in dests.squares() {
                if let Some(path) = position.chain(Move { from, to }, &game.options) {
                    moves.push(LegalMove { from, to, path });
                }
            }
        });
        Ok(Some(LegalMoves {
            web_token: game.web_token.clone(),
            position: position.to_string(),
            moves,
        }))
    }
}
