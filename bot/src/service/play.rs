//! Playing a game: moves, resignation, draw offers and aborting.

use super::{
    corrupt, seat_letters, DrawReply, EndReason, GameEnded, GameResult, GameStatus, Loaded,
    MovePlayed, Player, Service,
};
use crate::db::games::{AfterMove, GameEnd};
use crate::db::moves::MoveRow;
use crate::error::{Result, UserError};
use chrono::{DateTime, TimeDelta, Utc};
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
fn result_of(game: &Loaded, outcome: &Outcome) -> Result<Option<GameResult>> {
    Ok(match outcome {
        Outcome::Ongoing => None,
        Outcome::Win { winners, reason } => Some(GameResult::Win {
            winners: winners
                .iter()
                .map(|&s| game.player_at(s))
                .collect::<Result<_>>()?,
            reason: match reason {
                WinReason::Completed => EndReason::Completed,
                WinReason::AntiSpoiling => EndReason::AntiSpoiling,
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
fn end_of<'a>(result: &GameResult, winners: &'a str, at: DateTime<Utc>) -> GameEnd<'a> {
    GameEnd {
        status: GameStatus::Finished.as_str(),
        winners: matches!(result, GameResult::Win { .. }).then_some(winners),
        reason: result.reason().as_str(),
        at,
    }
}

fn winner_letters(result: &GameResult) -> String {
    match result {
        GameResult::Win { winners, .. } => seat_letters(winners),
        GameResult::Draw { .. } => String::new(),
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
        let now = self.now();
        let (mut game, me) = self.active_for_player(guild, channel, user).await?;
        let to_move = game.to_move()?.ok_or(UserError::GameOver)?;
        if to_move != me {
            return Err(UserError::NotYourTurn {
                to_move: to_move.user,
            }
            .into());
        }
        if game.row.turn_deadline.is_some_and(|d| d <= now) {
            return Err(UserError::TimeUp.into());
        }
        let text = parse_move(from, to)?;
        let mut rules = self.replay(&game).await?;
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
        let position = rules.position().to_string();
        let ply = game.row.ply + 1;
        let deadline = result
            .is_none()
            .then(|| now + TimeDelta::seconds(game.row.turn_timeout_secs));
        let winners = result.as_ref().map(winner_letters).unwrap_or_default();
        let chain_text = MoveText::from_squares(chain.clone())
            .ok_or_else(|| corrupt("the rules returned a chain shorter than two squares"))?
            .to_string();

        let mut tx = self.db.begin().await?;
        let recorded = tx
            .record_move(
                game.row.id,
                game.row.version,
                &AfterMove {
                    position: &position,
                    ply,
                    turn_deadline: deadline,
                    end: result.as_ref().map(|r| end_of(r, &winners, now)),
                },
            )
            .await?;
        let move_row = MoveRow {
            game_id: game.row.id,
            ply,
            seat: me.seat.letter().to_string(),
            chain: chain_text,
            played_at: now,
        };
        if !recorded || !tx.insert_move(&move_row).await? {
            return Err(UserError::PositionChanged.into());
        }
        let ratings = match &result {
            Some(r) => self.settle_ratings(&mut tx, &game, r, now).await?,
            None => Vec::new(),
        };
        tx.commit().await?;
        crate::ops::move_played();

        // The row as the update left it.
        game.position = rules.position().clone();
        game.row.position = position;
        game.row.ply = ply;
        game.row.version += 1;
        game.row.turn_deadline = deadline;
        game.row.half_time_ping_sent = false;
        game.row.draw_offers.clear();
        if let Some(r) = &result {
            game.status = GameStatus::Finished;
            game.row.status = GameStatus::Finished.as_str().to_string();
            game.row.winners = matches!(r, GameResult::Win { .. }).then_some(winners);
            game.row.end_reason = Some(r.reason().as_str().to_string());
            game.row.finished_at = Some(now);
        }
        Ok(MovePlayed {
            game: game.view(Some(&move_row), now)?,
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
        game: &Loaded,
        result: GameResult,
        now: DateTime<Utc>,
    ) -> Result<Option<GameEnded>> {
        let winners = winner_letters(&result);
        let mut tx = self.db.begin().await?;
        if !tx
            .end_game(
                game.row.id,
                game.row.version,
                &end_of(&result, &winners, now),
            )
            .await?
        {
            return Ok(None);
        }
        let ratings = self.settle_ratings(&mut tx, game, &result, now).await?;
        tx.commit().await?;
        let mut game = game.clone();
        game.status = GameStatus::Finished;
        game.row.status = GameStatus::Finished.as_str().to_string();
        game.row.winners = matches!(result, GameResult::Win { .. }).then_some(winners);
        game.row.end_reason = Some(result.reason().as_str().to_string());
        game.row.finished_at = Some(now);
        game.row.turn_deadline = None;
        game.row.draw_offers.clear();
        game.row.version += 1;
        Ok(Some(GameEnded {
            game: self.view_of(&game, now).await?,
            ratings,
        }))
    }

    /// `user` resigns the channel's game; the other player wins. (With more than two players
    /// every other player would win; resigning from a 3–4 player game comes with those games.)
    #[tracing::instrument(skip_all)]
    pub async fn resign(&self, guild: u64, channel: u64, user: u64) -> Result<GameEnded> {
        let now = self.now();
        let (game, me) = self.active_for_player(guild, channel, user).await?;
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
    /// until the next move.
    #[tracing::instrument(skip_all)]
    pub async fn offer_draw(&self, guild: u64, channel: u64, user: u64) -> Result<DrawReply> {
        let now = self.now();
        let (mut game, me) = self.active_for_player(guild, channel, user).await?;
        let mut offers = game.players_in(&game.row.draw_offers)?;
        if offers.contains(&me) {
            return Err(UserError::DrawAlreadyOffered.into());
        }
        offers.push(me);
        let waiting_for: Vec<Player> = game
            .players
            .iter()
            .copied()
            .filter(|p| !offers.contains(p))
            .collect();
        if waiting_for.is_empty() {
            let result = GameResult::Draw {
                reason: EndReason::Agreement,
            };
            let ended = self
                .end_without_move(&game, result, now)
                .await?
                .ok_or(UserError::PositionChanged)?;
            return Ok(DrawReply::Agreed(ended));
        }
        let letters = seat_letters(&offers);
        let mut tx = self.db.begin().await?;
        if !tx
            .set_draw_offers(game.row.id, game.row.version, &letters)
            .await?
        {
            return Err(UserError::PositionChanged.into());
        }
        tx.commit().await?;
        game.row.draw_offers = letters;
        game.row.version += 1;
        Ok(DrawReply::Offered {
            game: self.view_of(&game, now).await?,
            by: me,
            waiting_for,
        })
    }

    /// Calls off the channel's game without a result or rating change. Moderators (users who
    /// may manage messages) always can; players only before the third ply.
    #[tracing::instrument(skip_all)]
    pub async fn abort(
        &self,
        guild: u64,
        channel: u64,
        user: u64,
        can_manage_messages: bool,
    ) -> Result<super::GameView> {
        let now = self.now();
        let mut game = self.current_or_last(guild, channel).await?;
        let player = game.player_of(user);
        if !can_manage_messages {
            if player.is_none() {
                return Err(UserError::NotAPlayer.into());
            }
            if game.status == GameStatus::Active && game.row.ply >= 2 {
                return Err(UserError::AbortTooLate.into());
            }
        }
        if game.status != GameStatus::Active {
            return Err(UserError::GameOver.into());
        }
        let end = GameEnd {
            status: GameStatus::Aborted.as_str(),
            winners: None,
            reason: EndReason::Aborted.as_str(),
            at: now,
        };
        let mut tx = self.db.begin().await?;
        if !tx.end_game(game.row.id, game.row.version, &end).await? {
            return Err(UserError::PositionChanged.into());
        }
        tx.commit().await?;
        game.status = GameStatus::Aborted;
        game.row.status = GameStatus::Aborted.as_str().to_string();
        game.row.end_reason = Some(EndReason::Aborted.as_str().to_string());
        game.row.finished_at = Some(now);
        game.row.turn_deadline = None;
        game.row.draw_offers.clear();
        game.row.version += 1;
        self.view_of(&game, now).await
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
