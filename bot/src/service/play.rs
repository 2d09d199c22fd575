//! Playing a game: moves, resignation, draw offers and aborting.

use super::{
    corrupt, Abort, DrawOffer, EndReason, GameEnded, GameId, GameResult, GameStatus, MovePlayed,
    Player, Service,
};
use crate::db::games::{AfterMove, GameEnd, GameRecord};
use crate::db::moves::MoveRecord;
use crate::error::{Error, Result, UserError};
use chrono::{DateTime, Utc};
use halma::{DrawReason, MoveText, Outcome, Ply, Square, WinReason};

/// Reads a move from its start square and its destination: one square (`g12`) or the rest of a
/// chain (`g10 g12 e14`; the start may be repeated in front).
pub fn parse_move(from: &str, to: &str) -> Result<MoveText, UserError> {
    let start: Square = from
        .parse()
        .map_err(|error| UserError::BadSquare { error })?;
    let parts: Vec<&str> = to
        .split(['-', ' ', ','])
        .filter(|p| !p.is_empty())
        .collect();
    if parts.is_empty() {
        return Err(UserError::MissingDestination);
    }
    let mut squares = vec![start];
    for (i, part) in parts.iter().enumerate() {
        let sq: Square = part
            .parse()
            .map_err(|error| UserError::BadSquare { error })?;
        if i == 0 && sq == start && parts.len() > 1 {
            continue;
        }
        squares.push(sq);
    }
    MoveText::from_squares(squares).ok_or(UserError::MissingDestination)
}

/// The result a rules-crate outcome means, for the game's players.
fn result_of(game: &GameRecord, outcome: &Outcome) -> Result<Option<GameResult>> {
    Ok(match outcome {
        Outcome::Ongoing => None,
        Outcome::Win { winners, reason } => Some(GameResult::Win {
            winners: game.players_at(winners)?,
            reason: match reason {
                WinReason::Completed => EndReason::Completed,
                WinReason::AntiSpoiling => EndReason::AntiSpoiling,
                WinReason::LastPlayer => EndReason::LastPlayer,
            },
        }),
        Outcome::Draw { reason } => Some(GameResult::Draw {
            reason: match reason {
                DrawReason::Balance => EndReason::Balance,
                DrawReason::PlyLimit => EndReason::PlyLimit,
                DrawReason::NoMoves => EndReason::NoMoves,
            },
        }),
    })
}

/// What the `games` row records about a result.
fn end_of(result: &GameResult, at: DateTime<Utc>) -> GameEnd {
    GameEnd {
        status: GameStatus::Finished,
        winners: result.winner_seats(),
        reason: result.reason(),
        at,
    }
}

impl Service {
    /// `user` moves in the channel's game from the square `from` to `to` (a square, or the rest
    /// of a hop chain). Refuses when there is no game, the user does not play in it, it is not
    /// their turn, the game is over, their time ran out, the text is not a move or the move is
    /// illegal; a concurrent change of the game makes it [`UserError::PositionChanged`]. A move
    /// withdraws any draw offer.
    #[tracing::instrument(skip_all)]
    pub async fn play(
        &self,
        guild: u64,
        channel: u64,
        user: u64,
        from: &str,
        to: &str,
    ) -> Result<MovePlayed> {
        self.play_expecting(guild, channel, user, from, to, None)
            .await
    }

    /// [`Service::play`], refused with [`UserError::PositionChanged`] unless the game is still
    /// at `expected` (the move picker's stamp) when it is read for the move.
    pub(super) async fn play_expecting(
        &self,
        guild: u64,
        channel: u64,
        user: u64,
        from: &str,
        to: &str,
        expected: Option<super::PickerStamp>,
    ) -> Result<MovePlayed> {
        let now = self.now();
        let (game, me) = self.game_on_turn(guild, channel, user, now).await?;
        if expected.is_some_and(|e| e.game != game.id || e.ply != game.ply) {
            return Err(UserError::PositionChanged.into());
        }
        let text = parse_move(from, to)?;
        let mut rules = self.rules_of(&game).await?;
        let plies_before = rules.plies().len();
        let chain = rules.play_as(me.seat, &text).map_err(UserError::Illegal)?;
        let passed = rules.plies()[plies_before + 1..]
            .iter()
            .filter_map(|p| match p {
                Ply::Pass { seat } => Some(game.player_at(*seat)),
                Ply::Move { .. } => None,
            })
            .collect::<Result<Vec<_>>>()?;
        let result = result_of(&game, rules.outcome())?;
        let end = result.as_ref().map(|r| end_of(r, now));
        let played = MoveRecord {
            game: game.id,
            ply: game.ply + 1,
            seat: me.seat,
            chain: MoveText::from_squares(chain.clone())
                .ok_or_else(|| corrupt("the rules returned a chain shorter than two squares"))?,
            played_at: now,
        };

        let mut tx = self.db.begin().await?;
        let after = AfterMove {
            snapshot: &rules.snapshot(),
            ply: played.ply,
            turn_deadline: result.is_none().then(|| now + game.turn_timeout),
            end: end.as_ref(),
        };
        let Some(updated) = tx.record_move(game.id, game.version, &after).await? else {
            return Err(UserError::PositionChanged.into());
        };
        if !tx.insert_move(&played).await? {
            return Err(UserError::PositionChanged.into());
        }
        let ratings = match &result {
            Some(r) => self.settle_ratings(&mut tx, &updated, r, now).await?,
            None => Vec::new(),
        };
        tx.commit().await?;
        crate::ops::move_played();
        Ok(MovePlayed {
            game: updated.view(Some(&played), now)?,
            mover: me,
            chain,
            passed,
            ratings,
        })
    }

    /// Ends an active game with `result` (not by a move) and updates the ratings, unless the
    /// game changed since it was read (then `None`).
    pub(super) async fn end_without_move(
        &self,
        game: &GameRecord,
        result: GameResult,
        now: DateTime<Utc>,
    ) -> Result<Option<GameEnded>> {
        // Read before the change (which adds no move), so that the answer needs no read after
        // the commit: a saved end is never reported as failed.
        let last = self.db.last_move(game.id, game.ply).await?;
        let mut tx = self.db.begin().await?;
        let Some(ended) = tx
            .end_game(game.id, game.version, &end_of(&result, now))
            .await?
        else {
            return Ok(None);
        };
        let ratings = self.settle_ratings(&mut tx, &ended, &result, now).await?;
        tx.commit().await?;
        Ok(Some(GameEnded {
            game: ended.view(last.as_ref(), now)?,
            ratings,
        }))
    }

    /// When the player to move of `game` has run out of time, ends the game on time (as the
    /// timer would) and returns that end: time comes before any other action on the game.
    /// `None` when there is time left.
    async fn time_first(&self, game: &GameRecord, now: DateTime<Utc>) -> Result<Option<GameEnded>> {
        if game.turn_deadline.is_none_or(|d| d > now) {
            return Ok(None);
        }
        let ended = self
            .lose_on_time(game, now)
            .await?
            .ok_or(UserError::PositionChanged)?;
        Ok(Some(ended))
    }

    /// `user` resigns the channel's game; the other player wins. When the player to move has
    /// run out of time, the game ends on time instead. (With more than two players
    /// every other player would win; resigning from a 3–4 player game comes with those games.)
    #[tracing::instrument(skip_all)]
    pub async fn resign(&self, guild: u64, channel: u64, user: u64) -> Result<GameEnded> {
        let now = self.now();
        let (game, me) = self.active_for_player(guild, channel, user).await?;
        if let Some(ended) = self.time_first(&game, now).await? {
            return Ok(ended);
        }
        let winners: Vec<Player> = game.players.iter().copied().filter(|p| *p != me).collect();
        let result = GameResult::Win {
            winners,
            reason: EndReason::Resigned,
        };
        self.end_without_move(&game, result, now)
            .await?
            .ok_or_else(|| UserError::PositionChanged.into())
    }

    /// `user` offers a draw; when every player has offered, the game is drawn. The offer stands
    /// until the next move. When the player to move has run out of time, the game ends on time
    /// instead.
    #[tracing::instrument(skip_all)]
    pub async fn offer_draw(&self, guild: u64, channel: u64, user: u64) -> Result<DrawOffer> {
        let (game, me) = self.active_for_player(guild, channel, user).await?;
        self.offer_draw_in(game, me).await
    }

    /// `user` clicks the Accept draw button of game `id`: an offer like [`Service::offer_draw`],
    /// refused with [`UserError::OldButton`] when `id` is not the channel's current game (a
    /// button left over from an earlier game must not act on the next one).
    #[tracing::instrument(skip_all, fields(game = %id))]
    pub async fn accept_draw(
        &self,
        guild: u64,
        channel: u64,
        user: u64,
        id: GameId,
    ) -> Result<DrawOffer> {
        let (game, me) = self.active_for_player(guild, channel, user).await?;
        if game.id != id {
            return Err(UserError::OldButton.into());
        }
        self.offer_draw_in(game, me).await
    }

    /// Adds `me`'s offer to `game`, drawing it when everyone has offered.
    async fn offer_draw_in(&self, game: GameRecord, me: Player) -> Result<DrawOffer> {
        let now = self.now();
        if let Some(ended) = self.time_first(&game, now).await? {
            return Ok(DrawOffer::LostOnTime(ended));
        }
        let mut offers = game.draw_offers.clone();
        if offers.contains(&me.seat) {
            return Err(UserError::DrawAlreadyOffered.into());
        }
        offers.push(me.seat);
        let waiting_for: Vec<Player> = game
            .players
            .iter()
            .copied()
            .filter(|p| !offers.contains(&p.seat))
            .collect();
        if waiting_for.is_empty() {
            let result = GameResult::Draw {
                reason: EndReason::Agreement,
            };
            let ended = self
                .end_without_move(&game, result, now)
                .await?
                .ok_or(UserError::PositionChanged)?;
            return Ok(DrawOffer::Agreed(ended));
        }
        let last = self.db.last_move(game.id, game.ply).await?;
        let mut tx = self.db.begin().await?;
        let Some(updated) = tx.set_draw_offers(game.id, game.version, &offers).await? else {
            return Err(UserError::PositionChanged.into());
        };
        tx.commit().await?;
        Ok(DrawOffer::Standing {
            game: updated.view(last.as_ref(), now)?,
            by: me,
            waiting_for,
        })
    }

    /// Calls off the channel's game without a result or rating change. Moderators (users who
    /// may manage messages) always can; players only before the third ply. When the player to
    /// move has run out of time, the game ends on time instead. A moderator can also call off
    /// a game whose stored data is broken, so that it never blocks its channel.
    #[tracing::instrument(skip_all)]
    pub async fn abort(
        &self,
        guild: u64,
        channel: u64,
        user: u64,
        can_manage_messages: bool,
    ) -> Result<Abort> {
        let now = self.now();
        let game = match self.current_or_last(guild, channel).await {
            Err(Error::Corrupt(what)) if can_manage_messages => {
                tracing::warn!(%what, "a moderator aborts a game whose stored data is broken");
                return self.abort_broken(guild, channel, now).await;
            }
            other => other?,
        };
        if !can_manage_messages && game.player_of(user).is_none() {
            return Err(UserError::NotAPlayer.into());
        }
        if game.status != GameStatus::Active {
            return Err(UserError::GameOver.into());
        }
        if let Some(ended) = self.time_first(&game, now).await? {
            return Ok(Abort::LostOnTime(Box::new(ended)));
        }
        if !can_manage_messages && game.ply >= 2 {
            return Err(UserError::AbortTooLate.into());
        }
        let mut tx = self.db.begin().await?;
        let Some(aborted) = tx.end_game(game.id, game.version, &aborted_at(now)).await? else {
            return Err(UserError::PositionChanged.into());
        };
        tx.commit().await?;
        Ok(Abort::Aborted(aborted.id))
    }

    /// Calls off the channel's active game without reading more of it than its id and
    /// version: its position or seats may not parse.
    async fn abort_broken(&self, guild: u64, channel: u64, now: DateTime<Utc>) -> Result<Abort> {
        let (id, version) = self
            .db
            .active_game_stamp(guild, channel)
            .await?
            .ok_or(UserError::GameOver)?;
        let mut tx = self.db.begin().await?;
        if !tx.abort_game(id, version, &aborted_at(now)).await? {
            return Err(UserError::PositionChanged.into());
        }
        tx.commit().await?;
        Ok(Abort::Aborted(id))
    }
}

/// What the `games` row records about an abort.
fn aborted_at(at: DateTime<Utc>) -> GameEnd {
    GameEnd {
        status: GameStatus::Aborted,
        winners: Vec::new(),
        reason: EndReason::Aborted,
        at,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use halma::ParseSquareError;

    #[test]
    fn moves_parse_from_a_square_and_a_destination_or_chain() {
        assert_eq!(parse_move("e12", "g10").unwrap().to_string(), "e12-g10");
        assert_eq!(
            parse_move("E12", " g10 G12-e14 ").unwrap().to_string(),
            "e12-g10-g12-e14"
        );
        assert_eq!(parse_move("e12", "e12 g10").unwrap().to_string(), "e12-g10");
        assert_eq!(parse_move("e12", " "), Err(UserError::MissingDestination));
        assert_eq!(
            parse_move("x1", "g10"),
            Err(UserError::BadSquare {
                error: ParseSquareError::BadFile("x1".into())
            })
        );
        assert_eq!(
            parse_move("e12", "g10 g99"),
            Err(UserError::BadSquare {
                error: ParseSquareError::BadRank("g99".into())
            })
        );
    }
}
