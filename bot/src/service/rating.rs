//! Glicko-2 ratings per guild and variant, computed by the `skillratings` crate and written in
//! the transaction that ends the game.

use super::{corrupt, GameResult, Player, RatingChange, Service};
use crate::db::games::GameRecord;
use crate::db::ratings::InitialRating;
use crate::db::DbTx;
use crate::error::Result;
use chrono::{DateTime, Utc};
use skillratings::glicko2::{glicko2_rating_period, Glicko2Config, Glicko2Rating};
use skillratings::Outcomes;

/// The rating a player starts with in a variant: Glicko-2's defaults.
pub(super) fn initial_rating() -> InitialRating {
    let r = Glicko2Rating::new();
    InitialRating {
        rating: r.rating,
        deviation: r.deviation,
        volatility: r.volatility,
    }
}

/// How `me` did against `other`: winners beat everyone else; everyone else (and everyone in a
/// draw) drew with each other.
fn outcome(result: &GameResult, me: Player, other: Player) -> Outcomes {
    match (result.is_winner(me), result.is_winner(other)) {
        (true, false) => Outcomes::WIN,
        (false, true) => Outcomes::LOSS,
        _ => Outcomes::DRAW,
    }
}

/// The new ratings of `players` (with ratings `before`, in the same order) after a game: one
/// Glicko-2 rating period holding that game, each player meeting every other. With two
/// players this is the plain Glicko-2 update for one game.
pub(super) fn rate(
    players: &[Player],
    before: &[Glicko2Rating],
    result: &GameResult,
) -> Vec<Glicko2Rating> {
    let config = Glicko2Config::new();
    players
        .iter()
        .zip(before)
        .map(|(&me, mine)| {
            let results: Vec<(Glicko2Rating, Outcomes)> = players
                .iter()
                .zip(before)
                .filter(|(&other, _)| other != me)
                .map(|(&other, theirs)| (*theirs, outcome(result, me, other)))
                .collect();
            glicko2_rating_period(mine, &results, &config)
        })
        .collect()
}

impl Service {
    /// Updates the ratings and records of a game's players for `result`, inside `tx`.
    pub(super) async fn settle_ratings(
        &self,
        tx: &mut DbTx,
        game: &GameRecord,
        result: &GameResult,
        now: DateTime<Utc>,
    ) -> Result<Vec<RatingChange>> {
        // Games against the bot are not rated.
        if tx.has_ai_seat(game.id).await? {
            return Ok(Vec::new());
        }
        let users: Vec<u64> = game.players.iter().map(|p| p.user).collect();
        let mut rows = tx
            .lock_ratings(game.guild, game.variant, &users, initial_rating(), now)
            .await?;
        // Rows come back in user id order; line them up with the players.
        let mut ordered = Vec::with_capacity(game.players.len());
        for p in &game.players {
            let i = rows
                .iter()
                .position(|r| r.user == p.user)
                .ok_or_else(|| corrupt(format!("no rating row for user {}", p.user)))?;
            ordered.push(rows.swap_remove(i));
        }
        let before: Vec<Glicko2Rating> = ordered
            .iter()
            .map(|r| Glicko2Rating {
                rating: r.rating,
                deviation: r.deviation,
                volatility: r.volatility,
            })
            .collect();
        let after = rate(&game.players, &before, result);
        let mut changes = Vec::with_capacity(game.players.len());
        for ((player, mut row), new) in game.players.iter().zip(ordered).zip(after) {
            let old = row.rating;
            row.rating = new.rating;
            row.deviation = new.deviation;
            row.volatility = new.volatility;
            row.games += 1;
            match result {
                GameResult::Draw { .. } => row.draws += 1,
                GameResult::Win { .. } if result.is_winner(*player) => row.wins += 1,
                GameResult::Win { .. } => row.losses += 1,
            }
            row.updated_at = now;
            tx.update_rating(&row).await?;
            tx.set_rating_change(game.id, player.seat, old, new.rating)
                .await?;
            changes.push(RatingChange {
                player: *player,
                before: old,
                after: new.rating,
                deviation: new.deviation,
            });
        }
        Ok(changes)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::EndReason;
    use halma::Seat;
    use skillratings::glicko2::glicko2;

    #[test]
    fn two_players_get_the_plain_glicko2_update() {
        let a = Player {
            seat: Seat::A,
            user: 1,
        };
        let b = Player {
            seat: Seat::B,
            user: 2,
        };
        let before = [
            Glicko2Rating {
                rating: 1600.0,
                deviation: 120.0,
                volatility: 0.06,
            },
            Glicko2Rating::new(),
        ];
        let result = GameResult::Win {
            winners: vec![b],
            reason: EndReason::Completed,
        };
        let after = rate(&[a, b], &before, &result);
        let (a2, b2) = glicko2(
            &before[0],
            &before[1],
            &Outcomes::LOSS,
            &Glicko2Config::new(),
        );
        assert!((after[0].rating - a2.rating).abs() < 1e-9);
        assert!((after[1].rating - b2.rating).abs() < 1e-9);
        assert!(after[1].rating > 1500.0 && after[0].rating < 1600.0);
    }

    #[test]
    fn a_draw_between_equals_changes_no_rating() {
        let players = [
            Player {
                seat: Seat::A,
                user: 1,
            },
            Player {
                seat: Seat::B,
                user: 2,
            },
        ];
        let before = [Glicko2Rating::new(), Glicko2Rating::new()];
        let after = rate(
            &players,
            &before,
            &GameResult::Draw {
                reason: EndReason::Agreement,
            },
        );
        assert!((after[0].rating - 1500.0).abs() < 1e-9);
        assert!(after[0].deviation < 350.0);
    }
}
