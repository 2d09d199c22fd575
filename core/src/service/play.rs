//! Playing a game: moves, and what every way of ending or leaving a game shares (the result,
//! the final places, a player leaving, a time loss settled first). In games of three or more a
//! player who resigns or runs out of time leaves and the others play on; in two-player and
//! team games that loses the game. Resignations, draws and aborts are in [`super::ending`].

use super::outbox::{seat_ratings, Delivery};
use super::views::RatingChange;
use super::Actor;
use super::{
    corrupt, EndReason, GameEnded, GameResult, GameStatus, GameView, MovePlayed, Player,
    PlayerLeft, Service,
};
use crate::db::games::{AfterDeparture, AfterMove, Departure, GameEnd, GameRecord};
use crate::db::moves::MoveRecord;
use crate::db::outbox::Announcement;
use crate::error::{Result, UserError};
use chrono::{DateTime, Utc};
use halma::{DrawReason, MoveText, Outcome, Ply, Position, Seat, Square, Variant, WinReason};
use std::cmp::Reverse;

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

/// Whether a player who resigns or runs out of time in `variant` leaves the game and the others
/// play on (`three`, `four`, `star3`, `star4`, `star6`), rather than losing it (two players,
/// and teams: a partner's loss is the team's).
pub(super) fn players_leave(variant: Variant) -> bool {
    variant.players() > 2 && variant.partner(Seat::A).is_none()
}

/// The winners when `loser` loses a two-player or team game outright (resigned, or out of
/// time): everyone outside the loser's team.
pub(super) fn others_win(game: &GameRecord, loser: Player) -> Vec<Player> {
    let partner = game.variant.partner(loser.seat);
    game.players
        .iter()
        .copied()
        .filter(|p| p.seat != loser.seat && Some(p.seat) != partner)
        .collect()
}

/// The players of `plies` that passed, in order.
fn passes(game: &GameRecord, plies: &[Ply]) -> Result<Vec<Player>> {
    plies
        .iter()
        .filter_map(|p| match p {
            Ply::Pass { seat } => Some(game.player_at(*seat)),
            Ply::Move { .. } => None,
        })
        .collect()
}

/// The places of a game, best first; players sharing a place tie. The winners come first (a
/// team shares its place); in a game of three or more the others follow by pieces in their
/// target camp (more first), then by distance still to go (less first), and players who left
/// come last, the last to leave highest. In a draw everyone still playing shares the first
/// place. Used for the final ranking and for Weng-Lin ratings.
pub(super) fn places(
    variant: Variant,
    position: &Position,
    players: &[Player],
    result: Option<&GameResult>,
    left: &[Player],
) -> Vec<Vec<Player>> {
    let winners: Vec<Player> = match result {
        Some(GameResult::Win { winners, .. }) => winners.clone(),
        _ => Vec::new(),
    };
    let mut places = Vec::new();
    if !winners.is_empty() {
        places.push(winners.clone());
    }
    let mut rest: Vec<Player> = players
        .iter()
        .copied()
        .filter(|p| !winners.contains(p) && !left.contains(p))
        .collect();
    let drawn = matches!(result, Some(GameResult::Draw { .. }));
    let teams = variant.partner(Seat::A).is_some();
    if drawn || teams {
        // Drawn players, and the losing team, share a place.
        if !rest.is_empty() {
            places.push(rest);
        }
    } else {
        let key = |p: &Player| {
            (
                Reverse(position.pieces_home(p.seat)),
                position.distance_to_go(p.seat),
            )
        };
        rest.sort_by_key(|p| (key(p), p.seat));
        for p in rest {
            match places.last_mut() {
                Some(place)
                    if !place.iter().any(|q| winners.contains(q)) && key(&place[0]) == key(&p) =>
                {
                    place.push(p)
                }
                _ => places.push(vec![p]),
            }
        }
    }
    places.extend(left.iter().rev().map(|&p| vec![p]));
    places
}

impl GameView {
    /// The game's places, best first (see the rules' ranking: winners, then by pieces home and
    /// distance to go, then the players who left, last leaver first); players sharing a place
    /// tie. Meant for finished games; for a game in progress it is the standing so far.
    pub fn ranking(&self) -> Vec<Vec<Player>> {
        places(
            self.variant,
            &self.position,
            &self.players,
            self.result.as_ref(),
            &self.left,
        )
    }
}

/// What a player's running out of time did: lost the game (two players, teams) or left it
/// (three or more players).
pub(super) enum TimeLoss {
    /// The game ended.
    Ended(GameEnded),
    /// The player left; the others play on (or the last one won).
    Left(PlayerLeft),
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
    /// `at.user` plays `text` in the channel's game (its start square and its destination, or
    /// a whole hop chain; front ends read typed text with [`parse_move`]). Refuses when there
    /// is no game, the user does not play in it, it is not their turn, the game is over, their
    /// time ran out or the move is illegal; a concurrent change of the game makes it
    /// [`UserError::PositionChanged`]. A move withdraws any draw offer.
    ///
    /// The move's announcement waits in the outbox while the answer is delivered: confirm it
    /// with [`Service::answer_delivered`], or hand it to the channel with
    /// [`Service::answer_failed`] (see [`MovePlayed::notice`]).
    #[tracing::instrument(skip_all)]
    pub async fn play(&self, at: Actor, text: &MoveText) -> Result<MovePlayed> {
        self.play_for(at, text, Delivery::Answer(None), None).await
    }

    /// [`Service::play`] with its announcement shown by `delivery`, and refused
    /// with [`UserError::PositionChanged`] unless the game is still at `expected` (the move
    /// picker's stamp) when it is read for the move.
    pub(super) async fn play_for(
        &self,
        at: Actor,
        text: &MoveText,
        delivery: Delivery<'_>,
        expected: Option<super::PickerStamp>,
    ) -> Result<MovePlayed> {
        let now = self.now();
        let (game, me) = self.game_on_turn(at, now).await?;
        if expected.is_some_and(|e| e.game != game.id || e.ply != game.ply) {
            return Err(UserError::PositionChanged.into());
        }
        let mut rules = self.rules_of(&game).await?;
        let plies_before = rules.plies().len();
        let chain = rules
            .play_as(me.seat, text)
            .map_err(|error| UserError::Illegal {
                error,
                variant: game.variant,
            })?;
        let passed = passes(&game, &rules.plies()[plies_before + 1..])?;
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

        let after = AfterMove {
            snapshot: &rules.snapshot(),
            ply: played.ply,
            turn_deadline: result.is_none().then(|| now + game.turn_timeout),
            end: end.as_ref(),
        };
        let updated = game.after_move(&after);
        let announcement = |ratings: &[RatingChange]| Announcement::Move {
            game: game.id,
            ply: played.ply,
            version: updated.version,
            seat: me.seat,
            chain: played.chain.clone(),
            passed: passed.iter().map(|p| p.seat).collect(),
            ratings: seat_ratings(ratings),
        };
        // Everything that can fail happens before the move is saved: a saved move is never
        // reported as failed.
        let view = updated.view(Some(&played), now)?;
        let ratings = match &result {
            // Nearly every move: one statement saves it with its announcement.
            None => {
                let notice = self.notice(updated.channel, &announcement(&[]), delivery, now)?;
                let dm = self.turn_dm(&updated, false, now)?;
                if !self
                    .db
                    .save_move(game.version, &after, &played, Some(&notice), dm.as_ref())
                    .await?
                {
                    return Err(UserError::PositionChanged.into());
                }
                if dm.is_some() {
                    self.wake_outbox();
                }
                Vec::new()
            }
            // The last move: the ratings and the announcement that shows them go with it.
            Some(r) => {
                let mut tx = self.db.begin().await?;
                if !tx.save_move(game.version, &after, &played, None).await? {
                    return Err(UserError::PositionChanged.into());
                }
                let ratings = self.settle_ratings(&mut tx, &updated, r, now).await?;
                self.announce(
                    &mut tx,
                    updated.channel,
                    &announcement(&ratings),
                    delivery,
                    now,
                )
                .await?;
                tx.commit().await?;
                ratings
            }
        };
        crate::ops::move_played();
        Ok(MovePlayed {
            game: view,
            mover: me,
            chain,
            passed,
            ratings,
        })
    }

    /// Ends an active game with `result` (not by a move) and updates the ratings, unless the
    /// game changed since it was read (then `None`). The end's announcement is shown by
    /// `delivery`.
    pub(super) async fn end_without_move(
        &self,
        game: &GameRecord,
        result: GameResult,
        now: DateTime<Utc>,
        delivery: Delivery<'_>,
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
        let announcement = Announcement::Ended {
            game: ended.id,
            ratings: seat_ratings(&ratings),
        };
        self.announce(&mut tx, ended.channel, &announcement, delivery, now)
            .await?;
        let view = ended.view(last.as_ref(), now)?;
        tx.commit().await?;
        self.ai.searches.cancel(ended.id);
        Ok(Some(GameEnded {
            game: view,
            ratings,
        }))
    }

    /// When the player to move of `game` has run out of time, settles that first (as the timer
    /// would): the game ends on time, or in a game of three or more the player leaves it. Time
    /// comes before any other action on the game. `None` when there is time left.
    pub(super) async fn time_first(
        &self,
        game: &GameRecord,
        now: DateTime<Utc>,
        delivery: Delivery<'_>,
    ) -> Result<Option<TimeLoss>> {
        if game.turn_deadline.is_none_or(|d| d > now) {
            return Ok(None);
        }
        let loss = self
            .lose_on_time(game, now, delivery)
            .await?
            .ok_or(UserError::PositionChanged)?;
        Ok(Some(loss))
    }

    /// `player` leaves `game`, a game of three or more, for `reason` (resigned, or out of
    /// time): their pieces leave the board and the others play on, passing for whoever cannot
    /// move; when one player is left, that player wins and the ratings are updated. The player
    /// to move keeps their deadline unless the turn passed on. `None` if the game changed since
    /// it was read.
    pub(super) async fn leave(
        &self,
        game: &GameRecord,
        player: Player,
        reason: EndReason,
        now: DateTime<Utc>,
        delivery: Delivery<'_>,
    ) -> Result<Option<PlayerLeft>> {
        let mut rules = self.rules_of(game).await?;
        let to_move_before = rules.position().to_move();
        let plies_before = rules.plies().len();
        rules.remove_player(player.seat).map_err(|e| {
            corrupt(format!(
                "game {}: {} cannot leave: {e}",
                game.id, player.seat
            ))
        })?;
        let passed = passes(game, &rules.plies()[plies_before..])?;
        let mut result = result_of(game, rules.outcome())?;
        if result.is_none() && self.only_bots_left(game, rules.position()).await? {
            // Bot seats would otherwise play each other as fast as they search, posting
            // boards nobody is waiting for.
            result = Some(GameResult::Draw {
                reason: EndReason::NoPeopleLeft,
            });
        }
        let end = result.as_ref().map(|r| end_of(r, now));
        let same_turn = rules.position().to_move() == to_move_before && passed.is_empty();
        let (turn_deadline, half_time_ping_sent) = match &result {
            Some(_) => (None, false),
            None if same_turn => (game.turn_deadline, game.half_time_ping_sent),
            None => (Some(now + game.turn_timeout), false),
        };
        // Read before the change (which adds no move), so that the answer needs no read after
        // the commit.
        let last = self.db.last_move(game.id, game.ply).await?;
        let mut tx = self.db.begin().await?;
        let after = AfterDeparture {
            departure: Departure {
                seat: player.seat,
                after_ply: game.ply,
            },
            snapshot: &rules.snapshot(),
            turn_deadline,
            half_time_ping_sent,
            end: end.as_ref(),
        };
        let Some(updated) = tx.record_departure(game.id, game.version, &after).await? else {
            return Ok(None);
        };
        let ratings = match &result {
            Some(r) => self.settle_ratings(&mut tx, &updated, r, now).await?,
            None => Vec::new(),
        };
        let announcement = Announcement::Left {
            game: updated.id,
            ply: updated.ply,
            seat: player.seat,
            resigned: reason == EndReason::Resigned,
            passed: passed.iter().map(|p| p.seat).collect(),
            ratings: seat_ratings(&ratings),
        };
        self.announce(&mut tx, updated.channel, &announcement, delivery, now)
            .await?;
        if !same_turn {
            self.announce_turn_dm(&mut tx, &updated, false, now).await?;
        }
        let left = PlayerLeft {
            game: updated.view(last.as_ref(), now)?,
            player,
            reason,
            passed,
            ratings,
        };
        tx.commit().await?;
        // A search of the position before the departure is no longer worth finishing.
        self.ai.searches.cancel(updated.id);
        Ok(Some(left))
    }

    /// Whether every seat still in play in `position` is the bot's.
    async fn only_bots_left(&self, game: &GameRecord, position: &halma::Position) -> Result<bool> {
        let bots = self.db.ai_seats(game.id).await?;
        if bots.is_empty() {
            return Ok(false);
        }
        Ok(position
            .seats_in_play()
            .all(|seat| bots.iter().any(|(bot, _)| *bot == seat)))
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
