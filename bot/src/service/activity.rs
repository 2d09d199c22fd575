//! What the Activity (the board inside Discord) asks of a channel's game for one member: the
//! game's page token with the seats they play, and, when it is their turn, every legal move
//! with its chain, so that a click on a piece can show where it may go.

use super::{Actor, GameStatus, Service};
use crate::error::{Error, Result};
use halma::{Move, Seat, Square};

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

impl Service {
    /// The channel's game (the one being played, or else the last one) with what `at` plays
    /// in it; `None` when the channel never had a game.
    #[tracing::instrument(skip_all)]
    pub async fn activity_game(&self, at: Actor) -> Result<Option<ActivityGame>> {
        let game = match self.current_or_last(at.place).await {
            Ok(game) => game,
            Err(Error::User(_)) => return Ok(None),
            Err(e) => return Err(e),
        };
        let active = game.status == GameStatus::Active;
        let seats = game
            .players
            .iter()
            .filter(|p| p.user == at.user && !game.has_left(**p))
            .map(|p| p.seat)
            .collect();
        Ok(Some(ActivityGame {
            web_token: game.web_token.clone(),
            seats,
            draw_offers: if active {
                game.draw_offers.clone()
            } else {
                Vec::new()
            },
            active,
        }))
    }

    /// Every legal move of `at` in the channel's game, when it is their turn; `None` otherwise
    /// (no game, the game is over, someone else is to move).
    #[tracing::instrument(skip_all)]
    pub async fn legal_moves(&self, at: Actor) -> Result<Option<LegalMoves>> {
        let Some(game) = self.game_for_mover(at).await? else {
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
