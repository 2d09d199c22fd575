//! Ending a game without a move: resignation, draw offers and aborting. Each settles a time
//! loss first when the player to move has run out of time.

use super::outbox::Delivery;
use super::play::{others_win, players_leave, TimeLoss};
use super::{
    Abort, Actor, DrawOffer, EndReason, GameId, GameResult, GameStatus, Place, Player, Resignation,
    Service,
};
use crate::db::games::{GameEnd, GameRecord};
use crate::error::{Error, Result, UserError};
use chrono::{DateTime, Utc};

impl Service {
    /// `user` resigns the channel's game. In a two-player game the opponent wins; in a team
    /// game the other team wins; in a game of three or more the user leaves it and the others
    /// play on (when one is left, they win). When the player to move has run out of time, that
    /// is settled instead.
    #[tracing::instrument(skip_all)]
    pub async fn resign(&self, at: Actor) -> Result<Resignation> {
        self.resign_by(at, Delivery::Answer(None)).await
    }

    /// [`Service::resign`], its announcement shown by `delivery`.
    pub(super) async fn resign_by(&self, at: Actor, delivery: Delivery<'_>) -> Result<Resignation> {
        let now = self.now();
        let (game, me) = self.active_for_player(at).await?;
        if let Some(loss) = self.time_first(&game, now, delivery).await? {
            return Ok(match loss {
                TimeLoss::Ended(ended) => Resignation::Ended(ended),
                TimeLoss::Left(left) => Resignation::Left(left),
            });
        }
        if players_leave(game.variant) {
            let left = self
                .leave(&game, me, EndReason::Resigned, now, delivery)
                .await?
                .ok_or(UserError::PositionChanged)?;
            return Ok(Resignation::Left(left));
        }
        let result = GameResult::Win {
            winners: others_win(&game, me),
            reason: EndReason::Resigned,
        };
        let ended = self
            .end_without_move(&game, result, now, delivery)
            .await?
            .ok_or(UserError::PositionChanged)?;
        Ok(Resignation::Ended(ended))
    }

    /// `user` offers a draw; when every player still in the game has offered, the game is
    /// drawn. The offer stands until the next move (or a player leaving). When the player to
    /// move has run out of time, that is settled instead.
    #[tracing::instrument(skip_all)]
    pub async fn offer_draw(&self, at: Actor) -> Result<DrawOffer> {
        self.offer_draw_by(at, None, Delivery::Answer(None)).await
    }

    /// `user` clicks the Accept draw button of game `id`: an offer like [`Service::offer_draw`],
    /// refused with [`UserError::OldButton`] when `id` is not the channel's current game (a
    /// button left over from an earlier game must not act on the next one).
    #[tracing::instrument(skip_all, fields(game = %id))]
    pub async fn accept_draw(&self, at: Actor, id: GameId) -> Result<DrawOffer> {
        self.offer_draw_by(at, Some(id), Delivery::Answer(None))
            .await
    }

    /// `at`'s draw offer in the channel's game, which must be game `button` when the offer is
    /// a click on its Accept draw button; its announcement shown by `delivery`.
    pub(super) async fn offer_draw_by(
        &self,
        at: Actor,
        button: Option<GameId>,
        delivery: Delivery<'_>,
    ) -> Result<DrawOffer> {
        let (game, me) = self.active_for_player(at).await?;
        if button.is_some_and(|id| id != game.id) {
            return Err(UserError::OldButton.into());
        }
        self.offer_draw_in(game, me, delivery).await
    }

    /// Adds `me`'s offer to `game`, drawing it when everyone has offered.
    async fn offer_draw_in(
        &self,
        game: GameRecord,
        me: Player,
        delivery: Delivery<'_>,
    ) -> Result<DrawOffer> {
        let now = self.now();
        match self.time_first(&game, now, delivery).await? {
            Some(TimeLoss::Ended(ended)) => return Ok(DrawOffer::LostOnTime(ended)),
            Some(TimeLoss::Left(left)) => return Ok(DrawOffer::PlayerLeft(left)),
            None => {}
        }
        let mut offers = game.draw_offers.clone();
        if offers.contains(&me.seat) {
            let players = game.players.iter().filter(|p| !game.has_left(**p)).count();
            return Err(UserError::DrawAlreadyOffered { players }.into());
        }
        offers.push(me.seat);
        let waiting_for: Vec<Player> = game
            .players
            .iter()
            .copied()
            .filter(|p| !offers.contains(&p.seat) && !game.has_left(*p))
            .collect();
        if waiting_for.is_empty() {
            let result = GameResult::Draw {
                reason: EndReason::Agreement,
            };
            let ended = self
                .end_without_move(&game, result, now, delivery)
                .await?
                .ok_or(UserError::PositionChanged)?;
            return Ok(DrawOffer::Agreed(ended));
        }
        let last = self.db.last_move(game.id, game.ply).await?;
        let mut tx = self.db.begin().await?;
        let Some(updated) = tx.set_draw_offers(game.id, game.version, &offers).await? else {
            return Err(UserError::PositionChanged.into());
        };
        let view = updated.view(last.as_ref(), now)?;
        tx.commit().await?;
        Ok(DrawOffer::Standing {
            game: view,
            by: me,
            waiting_for,
        })
    }

    /// Calls off the channel's game without a result or rating change. Moderators (users who
    /// may manage messages) always can; players only in the first round, before every player
    /// has moved once. When the player to move has run out of time, that is settled instead. A moderator can also call off
    /// a game whose stored data is broken, so that it never blocks its channel.
    #[tracing::instrument(skip_all)]
    pub async fn abort(&self, at: Actor, can_manage_messages: bool) -> Result<Abort> {
        self.abort_by(at, can_manage_messages, Delivery::Answer(None))
            .await
    }

    /// [`Service::abort`], a time loss it finds shown by `delivery`.
    pub(super) async fn abort_by(
        &self,
        at: Actor,
        can_manage_messages: bool,
        delivery: Delivery<'_>,
    ) -> Result<Abort> {
        let now = self.now();
        let game = match self.current_or_last(at.place).await {
            Err(Error::Corrupt(what)) if can_manage_messages => {
                tracing::warn!(%what, "a moderator aborts a game whose stored data is broken");
                return self.abort_broken(at.place, now).await;
            }
            other => other?,
        };
        let player = game.player_of(at.user);
        if !can_manage_messages && player.is_none() {
            return Err(UserError::NotAPlayer.into());
        }
        if game.status != GameStatus::Active {
            return Err(UserError::GameOver.into());
        }
        if !can_manage_messages && player.is_some_and(|p| game.has_left(p)) {
            return Err(UserError::LeftGame.into());
        }
        match self.time_first(&game, now, delivery).await? {
            Some(TimeLoss::Ended(ended)) => return Ok(Abort::LostOnTime(Box::new(ended))),
            Some(TimeLoss::Left(left)) => return Ok(Abort::PlayerLeft(Box::new(left))),
            None => {}
        }
        if !can_manage_messages && game.everyone_has_moved() {
            return Err(UserError::AbortTooLate.into());
        }
        // A tournament's game is played out: only a moderator calls it off, as a draw.
        if !can_manage_messages && self.db.is_tournament_game(game.id).await? {
            return Err(UserError::TournamentGameAbort.into());
        }
        let mut tx = self.db.begin().await?;
        let Some(aborted) = tx.end_game(game.id, game.version, &aborted_at(now)).await? else {
            return Err(UserError::PositionChanged.into());
        };
        self.tournaments()
            .count_for_tournament(&mut tx, aborted.id, &[], now)
            .await?;
        tx.commit().await?;
        self.ai.searches.cancel(aborted.id);
        Ok(Abort::Aborted(aborted.id))
    }

    /// Calls off the channel's active game without reading more of it than its id and
    /// version: its position or seats may not parse.
    async fn abort_broken(&self, at: Place, now: DateTime<Utc>) -> Result<Abort> {
        let (id, version) = self
            .db
            .active_game_stamp(at.guild, at.channel)
            .await?
            .ok_or(UserError::GameOver)?;
        let mut tx = self.db.begin().await?;
        if !tx.abort_game(id, version, &aborted_at(now)).await? {
            return Err(UserError::PositionChanged.into());
        }
        self.tournaments()
            .count_for_tournament(&mut tx, id, &[], now)
            .await?;
        tx.commit().await?;
        self.ai.searches.cancel(id);
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
