//! The move picker: a move chosen in menus instead of typed. The Move button opens a list of
//! the pieces that can move, a piece opens its destinations, and a destination plays the move
//! through the same path as `/halma move` ([`Service::play`]).
//!
//! Every step carries the [`PickerStamp`] of the position it was shown for. A step taken on
//! another position (a move was played in between, or another game started) is not acted on:
//! it is [`PickerStep::Stale`], with a fresh list of pieces when the user may still move.

use super::{Actor, GameId, GameStatus, GameView, MovePlayed, Service};
use crate::db::games::GameRecord;
use crate::error::{Error, Result, UserError};
use chrono::{DateTime, Utc};
use halma::{Move, Options, Position, Square};

/// The position a picker was shown for: the game and how many moves it had.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct PickerStamp {
    /// The game.
    pub game: GameId,
    /// Moves played in it when the picker was shown.
    pub ply: u32,
}

/// A piece that can move, in the list of pieces.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct PieceChoice {
    /// Where it stands.
    pub from: Square,
    /// How many squares it can move to.
    pub destinations: u32,
}

/// The first step: the mover's pieces that can move.
#[derive(Clone, Debug, PartialEq)]
pub struct PiecePicker {
    /// The game as it stands.
    pub game: GameView,
    /// The position the list is for.
    pub stamp: PickerStamp,
    /// The pieces that can move, in board order (from the top rank down, left to right).
    pub pieces: Vec<PieceChoice>,
}

/// A square a piece can move to, with a shortest way there.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct DestinationChoice {
    /// Where the piece goes.
    pub to: Square,
    /// A shortest chain from the piece's square to `to`: the start, then every landing square.
    pub chain: Vec<Square>,
}

/// The second step: where one piece can go.
#[derive(Clone, Debug, PartialEq)]
pub struct DestinationPicker {
    /// The game as it stands.
    pub game: GameView,
    /// The position the list is for.
    pub stamp: PickerStamp,
    /// The piece's square.
    pub from: Square,
    /// Its destinations, most progress towards the target camp first.
    pub destinations: Vec<DestinationChoice>,
}

/// What a step of the picker led to.
#[derive(Clone, Debug, PartialEq)]
pub enum PickerStep {
    /// The list of pieces (after Back).
    Pieces(PiecePicker),
    /// A piece's destinations.
    Destinations(DestinationPicker),
    /// The move was played.
    Played(MovePlayed),
    /// The picker was shown for another position; a fresh list of pieces when the user may
    /// still move.
    Stale(Option<PiecePicker>),
}

/// How far `sq` is from the nearest square of the camp the player to move in `position` is
/// heading for.
fn distance_to_target(position: &Position, sq: Square) -> u32 {
    let target = position.variant().target_camp(position.to_move());
    target
        .squares()
        .map(|t| u32::from(sq.distance(t)))
        .min()
        .unwrap_or(0)
}

/// The pieces of the player to move in `position` that can move under `options`, in board
/// order (from the top rank down, left to right).
pub(super) fn pieces_in(position: &Position, options: &Options) -> Vec<PieceChoice> {
    let mut pieces = Vec::new();
    position.for_each_destination(options, |from, destinations| {
        pieces.push(PieceChoice {
            from,
            destinations: destinations.count(),
        });
    });
    pieces.sort_by_key(|p| (std::cmp::Reverse(p.from.rank()), p.from.file()));
    pieces
}

/// Where the piece on `from` can go in `position` under `options`, most progress first
/// (nearest to the target camp, then by square), each with a shortest chain.
pub(super) fn destinations_in(
    position: &Position,
    options: &Options,
    from: Square,
) -> Vec<DestinationChoice> {
    let mut targets: Vec<Square> = position.destinations(from, options).squares().collect();
    targets.sort_by_key(|&to| (distance_to_target(position, to), to));
    targets
        .into_iter()
        .filter_map(|to| {
            let chain = position.chain(Move { from, to }, options)?;
            Some(DestinationChoice { to, chain })
        })
        .collect()
}

/// The pieces of the player to move that can move.
fn pieces_of(game: &GameRecord) -> Vec<PieceChoice> {
    pieces_in(&game.position, &game.options)
}

/// Where the piece on `from` can go in `game`, most progress first.
fn destinations_of(game: &GameRecord, from: Square) -> Vec<DestinationChoice> {
    destinations_in(&game.position, &game.options, from)
}

fn stamp_of(game: &GameRecord) -> PickerStamp {
    PickerStamp {
        game: game.id,
        ply: game.ply,
    }
}

impl Service {
    /// `user` clicks the Move button of game `id`: the list of their pieces that can move.
    /// Refuses with [`UserError::OldButton`] when `id` is no longer the channel's game, and
    /// like a move does when the user does not play in it, it is not their turn, the game is
    /// over or their time ran out.
    #[tracing::instrument(skip_all, fields(game = %id))]
    pub async fn open_picker(&self, at: Actor, id: GameId) -> Result<PiecePicker> {
        let current = self.current_or_last(at.place).await?;
        if current.id != id {
            return Err(UserError::OldButton.into());
        }
        let now = self.now();
        let (game, _) = self.game_on_turn(at, now).await?;
        self.piece_picker(&game, now).await
    }

    /// `user` picks the piece on `from` in a picker shown for `stamp`: its destinations.
    #[tracing::instrument(skip_all, fields(game = %stamp.game))]
    pub async fn pick_piece(
        &self,
        at: Actor,
        stamp: PickerStamp,
        from: Square,
    ) -> Result<PickerStep> {
        let now = self.now();
        let Some(game) = self.game_at(at, stamp, now).await? else {
            return self.stale(at).await;
        };
        let destinations = destinations_of(&game, from);
        if destinations.is_empty() {
            // Not a piece of theirs that can move: the menu was for another position.
            return self.stale(at).await;
        }
        Ok(PickerStep::Destinations(DestinationPicker {
            game: self.view_of(&game, now).await?,
            stamp,
            from,
            destinations,
        }))
    }

    /// `user` goes back from a piece's destinations to the list of pieces.
    #[tracing::instrument(skip_all, fields(game = %stamp.game))]
    pub async fn picker_back(&self, at: Actor, stamp: PickerStamp) -> Result<PickerStep> {
        let now = self.now();
        match self.game_at(at, stamp, now).await? {
            Some(game) => Ok(PickerStep::Pieces(self.piece_picker(&game, now).await?)),
            None => self.stale(at).await,
        }
    }

    /// `user` picks the destination `to` of the piece on `from`: the move is played exactly as
    /// `/halma move from to` would play it ([`Service::play`]), provided the position is still
    /// the one of `stamp` when the move is written.
    #[tracing::instrument(skip_all, fields(game = %stamp.game))]
    pub async fn pick_destination(
        &self,
        at: Actor,
        stamp: PickerStamp,
        from: Square,
        to: Square,
    ) -> Result<PickerStep> {
        self.pick_destination_by(at, stamp, (from, to), super::outbox::Delivery::Answer(None))
            .await
    }

    /// [`Service::pick_destination`] of the move `from` → `to`, its announcement shown by
    /// `delivery`.
    pub(super) async fn pick_destination_by(
        &self,
        at: Actor,
        stamp: PickerStamp,
        (from, to): (Square, Square),
        delivery: super::outbox::Delivery<'_>,
    ) -> Result<PickerStep> {
        let now = self.now();
        if self.game_at(at, stamp, now).await?.is_none() {
            return self.stale(at).await;
        }
        // From the piece to the chosen landing square: the rules find the hop chain.
        let text = halma::MoveText::from_squares(vec![from, to])
            .ok_or_else(|| super::corrupt("a picked move without its two squares"))?;
        let played = self.play_for(at, &text, delivery, Some(stamp)).await;
        match played {
            Ok(played) => Ok(PickerStep::Played(played)),
            Err(Error::User(UserError::PositionChanged)) => self.stale(at).await,
            Err(e) => Err(e),
        }
    }

    /// The channel's game for a picker step of `user`: `None` when the picker was shown for
    /// another position; refusals as for a move otherwise.
    async fn game_at(
        &self,
        at: Actor,
        stamp: PickerStamp,
        now: DateTime<Utc>,
    ) -> Result<Option<GameRecord>> {
        let current = self.current_or_last(at.place).await?;
        if stamp_of(&current) != stamp || current.status != GameStatus::Active {
            return Ok(None);
        }
        let (game, _) = self.game_on_turn(at, now).await?;
        Ok((stamp_of(&game) == stamp).then_some(game))
    }

    async fn piece_picker(&self, game: &GameRecord, now: DateTime<Utc>) -> Result<PiecePicker> {
        Ok(PiecePicker {
            game: self.view_of(game, now).await?,
            stamp: stamp_of(game),
            pieces: pieces_of(game),
        })
    }

    /// A stale step: with a fresh list of pieces when `user` may move in the channel now.
    async fn stale(&self, at: Actor) -> Result<PickerStep> {
        let now = self.now();
        let fresh = match self.game_on_turn(at, now).await {
            Ok((game, _)) => Some(self.piece_picker(&game, now).await?),
            Err(Error::User(_)) => None,
            Err(e) => return Err(e),
        };
        Ok(PickerStep::Stale(fresh))
    }
}
