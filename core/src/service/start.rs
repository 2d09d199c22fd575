//! Starting a game: the one place where players take their seats, for challenges everyone
//! accepted, full lobbies and games against the bot alike.

use super::{corrupt, GameStarted, Player, Service};
use crate::db::games::NewGame;
use crate::db::DbTx;
use crate::error::{Result, UserError};
use chrono::{DateTime, TimeDelta, Utc};
use halma::{Options, Position, Variant};
use halma_engine::Level;
use std::hash::{BuildHasher, Hasher};

/// Someone taking a seat: a person, or the bot at a level.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) struct Seated {
    /// The Discord user (the bot's own id for a seat it plays).
    pub user: u64,
    /// The bot's level, for a seat the bot plays.
    pub ai_level: Option<Level>,
}

/// What a new game is played with, besides its players.
#[derive(Clone, Copy, Debug)]
pub(super) struct Terms {
    pub guild: u64,
    pub channel: u64,
    pub variant: Variant,
    pub anti_spoiling: bool,
    /// Only ever on for the star (see [`super::challenge::terms_as_asked`]).
    pub no_parking: bool,
    pub turn_timeout: TimeDelta,
}

/// A number below `bound` (at least 1) from std's per-process random hash keys, so that no
/// random-number crate is needed. Fair enough for seats: nothing depends on it being secret.
pub(super) fn random_below(bound: usize) -> usize {
    let bits = std::collections::hash_map::RandomState::new()
        .build_hasher()
        .finish();
    (bits % bound.max(1) as u64) as usize
}

/// Puts `items` in a random order (Fisher–Yates).
pub(super) fn shuffle<T>(items: &mut [T]) {
    for i in (1..items.len()).rev() {
        items.swap(i, random_below(i + 1));
    }
}

impl Service {
    /// Starts a game with `seated` (in seat order) in a transaction of its own, for a game
    /// nobody has to accept: against the bot alone. Refused with [`UserError::ChannelBusy`]
    /// when the channel has an active game, seen before or found by the insert.
    pub(super) async fn start_at_once(
        &self,
        terms: &Terms,
        seated: &[Seated],
    ) -> Result<GameStarted> {
        if self.db.channel_is_busy(terms.channel).await? {
            return Err(UserError::ChannelBusy.into());
        }
        let now = self.now();
        let mut tx = self.db.begin().await?;
        let started = self
            .start_game(&mut tx, terms, seated, now)
            .await?
            // Another game started in the channel since we looked.
            .ok_or(UserError::ChannelBusy)?;
        tx.commit().await?;
        Ok(started)
    }

    /// Starts a game in `tx` with `seated` in seat order (the first takes seat `a` and moves
    /// first), makes the bot's seats the bot's, and keeps the names seen of its people. `None`
    /// when the channel has an active game; the transaction cannot go on then (drop it). The
    /// caller commits.
    pub(super) async fn start_game(
        &self,
        tx: &mut DbTx,
        terms: &Terms,
        seated: &[Seated],
        now: DateTime<Utc>,
    ) -> Result<Option<GameStarted>> {
        let variant = terms.variant;
        if seated.len() != variant.players() {
            return Err(corrupt(format!(
                "{} players for a game of {}",
                seated.len(),
                variant.name()
            )));
        }
        let players: Vec<Player> = variant
            .seats()
            .zip(seated)
            .map(|(seat, s)| Player { seat, user: s.user })
            .collect();
        let mut options = Options::for_variant(variant);
        options.anti_spoiling = terms.anti_spoiling;
        options.no_parking = terms.no_parking;
        options.ply_limit = Some(super::ply_limit(variant));
        let rules = halma::Game::new(Position::start(variant), options);
        let Some(mut game) = tx
            .insert_game(&NewGame {
                guild: terms.guild,
                channel: terms.channel,
                options,
                start: rules.start(),
                turns: rules.ply_count(),
                players: &players,
                turn_timeout: terms.turn_timeout,
                turn_deadline: now + terms.turn_timeout,
                created_at: now,
            })
            .await?
        else {
            return Ok(None);
        };
        // The names seen of the members seated are kept now that they play, in the game's
        // transaction (a name seen before they were invited was not: see `saw_name`).
        let people: Vec<u64> = seated
            .iter()
            .filter(|s| s.ai_level.is_none())
            .map(|s| s.user)
            .collect();
        let names = self.names_to_keep(terms.guild, &people);
        if !names.is_empty() {
            tx.keep_member_names(terms.guild, &names, now).await?;
        }
        let mut bots = Vec::new();
        for (player, s) in players.iter().zip(seated) {
            if let Some(level) = s.ai_level {
                tx.set_ai_level(game.id, player.seat, level).await?;
                bots.push((*player, level));
            }
        }
        // The row was read back before its seats got their levels.
        game.bots = bots.iter().map(|&(player, _)| player.seat).collect();
        self.announce_turn_dm(tx, &game, false, now).await?;
        let mut view = game.view(None, now)?;
        view.bots = bots.iter().map(|&(player, _)| player).collect();
        Ok(Some(GameStarted { game: view, bots }))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_shuffle_keeps_every_item_and_sometimes_moves_them() {
        let mut moved = false;
        for _ in 0..200 {
            let mut items = [1, 2, 3, 4];
            shuffle(&mut items);
            let mut sorted = items;
            sorted.sort();
            assert_eq!(sorted, [1, 2, 3, 4]);
            moved |= items != [1, 2, 3, 4];
        }
        assert!(moved, "200 shuffles all left the order alone");
        assert!((0..100).all(|_| random_below(3) < 3));
    }
}
