//! Ratings per guild and variant, computed by the `skillratings` crate and written in the
//! transaction that ends the game: Glicko-2 for two players, Weng-Lin (OpenSkill) for games of
//! three or more players and for team games, from the final ranking.

use super::play::places;
use super::{corrupt, GameResult, Player, RatingChange, Service};
use crate::db::games::GameRecord;
use crate::db::ratings::{InitialRating, Rating};
use crate::db::DbTx;
use crate::error::Result;
use crate::model::RatingSystem;
use chrono::{DateTime, Utc};
use halma::Variant;
use skillratings::glicko2::{glicko2_rating_period, Glicko2Config, Glicko2Rating};
use skillratings::weng_lin::{weng_lin_multi_team, WengLinConfig, WengLinRating};
use skillratings::{MultiTeamOutcome, Outcomes};

/// Weng-Lin's defaults (mu 25, sigma 25/3, beta 25/6) times this factor, so that its ratings
/// start at 1500 and read like the Glicko-2 ones. The model does not change with the scale:
/// every update scales by the same factor.
const WENG_LIN_SCALE: f64 = 60.0;

/// Weng-Lin's settings on the bot's scale.
fn weng_lin_config() -> WengLinConfig {
    let default = WengLinConfig::new();
    WengLinConfig {
        beta: default.beta * WENG_LIN_SCALE,
        ..default
    }
}

/// The rating a player starts with in `variant`: the defaults of its system.
pub(super) fn initial_rating(variant: Variant) -> InitialRating {
    match RatingSystem::of(variant) {
        RatingSystem::Glicko2 => {
            let r = Glicko2Rating::new();
            InitialRating {
                system: RatingSystem::Glicko2,
                rating: r.rating,
                deviation: r.deviation,
                volatility: Some(r.volatility),
            }
        }
        RatingSystem::WengLin => {
            let r = WengLinRating::new();
            InitialRating {
                system: RatingSystem::WengLin,
                rating: r.rating * WENG_LIN_SCALE,
                deviation: r.uncertainty * WENG_LIN_SCALE,
                volatility: None,
            }
        }
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

/// The new Weng-Lin ratings of `players` (with ratings `before`, in the same order) after a
/// game of `variant` that ended in `places` (best first, ties sharing a place): every player
/// is a team of one, except in team variants, where partners form a team.
pub(super) fn rate_weng_lin(
    variant: Variant,
    players: &[Player],
    before: &[WengLinRating],
    places: &[Vec<Player>],
) -> Vec<WengLinRating> {
    let place_of = |p: &Player| {
        places
            .iter()
            .position(|place| place.contains(p))
            .unwrap_or(places.len())
            + 1
    };
    // Each team: indexes into `players`.
    let mut teams: Vec<Vec<usize>> = Vec::new();
    for (i, p) in players.iter().enumerate() {
        let partner = variant.partner(p.seat);
        match teams
            .iter_mut()
            .find(|team| partner.is_some_and(|s| players[team[0]].seat == s))
        {
            Some(team) => team.push(i),
            None => teams.push(vec![i]),
        }
    }
    let ratings: Vec<Vec<WengLinRating>> = teams
        .iter()
        .map(|team| team.iter().map(|&i| before[i]).collect())
        .collect();
    let ranked: Vec<(&[WengLinRating], MultiTeamOutcome)> = teams
        .iter()
        .zip(&ratings)
        .map(|(team, r)| {
            let best = team.iter().map(|&i| place_of(&players[i])).min();
            (r.as_slice(), MultiTeamOutcome::new(best.unwrap_or(1)))
        })
        .collect();
    let updated = weng_lin_multi_team(&ranked, &weng_lin_config());
    let mut after = before.to_vec();
    for (team, new) in teams.iter().zip(updated) {
        for (&i, rating) in team.iter().zip(new) {
            after[i] = rating;
        }
    }
    after
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
        // Every end of a game with a result passes here: a tournament's game counts for its
        // tournament in the same transaction, rated or not.
        let winners: Vec<u64> = match result {
            GameResult::Win { winners, .. } => winners.iter().map(|p| p.user).collect(),
            GameResult::Draw { .. } => Vec::new(),
        };
        self.tournaments()
            .count_for_tournament(tx, game.id, &winners, now)
            .await?;
        // Games against the bot are not rated, nor games that end before every player moved.
        if !game.everyone_has_moved() || tx.has_ai_seat(game.id).await? {
            return Ok(Vec::new());
        }
        let users: Vec<u64> = game.players.iter().map(|p| p.user).collect();
        let mut rows = tx
            .lock_ratings(
                game.guild,
                game.variant,
                &users,
                initial_rating(game.variant),
                now,
            )
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
        let after: Vec<(f64, f64, Option<f64>)> = match RatingSystem::of(game.variant) {
            RatingSystem::Glicko2 => {
                let before: Vec<Glicko2Rating> = ordered.iter().map(glicko2_of).collect();
                rate(&game.players, &before, result)
                    .into_iter()
                    .map(|r| (r.rating, r.deviation, Some(r.volatility)))
                    .collect()
            }
            RatingSystem::WengLin => {
                let before: Vec<WengLinRating> = ordered
                    .iter()
                    .map(|r| WengLinRating {
                        rating: r.rating,
                        uncertainty: r.deviation,
                    })
                    .collect();
                let left = game.players_at(&game.left_seats())?;
                let places = places(
                    game.variant,
                    &game.position,
                    &game.players,
                    Some(result),
                    &left,
                );
                rate_weng_lin(game.variant, &game.players, &before, &places)
                    .into_iter()
                    .map(|r| (r.rating, r.uncertainty, None))
                    .collect()
            }
        };
        let mut changes = Vec::with_capacity(game.players.len());
        for ((player, mut row), (rating, deviation, volatility)) in
            game.players.iter().zip(ordered).zip(after)
        {
            let old = row.rating;
            row.rating = rating;
            row.deviation = deviation;
            row.volatility = volatility;
            row.games += 1;
            match result {
                // A player who left a drawn game of three or more lost it.
                GameResult::Draw { .. } if game.has_left(*player) => row.losses += 1,
                GameResult::Draw { .. } => row.draws += 1,
                GameResult::Win { .. } if result.is_winner(*player) => row.wins += 1,
                GameResult::Win { .. } => row.losses += 1,
            }
            row.updated_at = now;
            tx.update_rating(&row).await?;
            tx.set_rating_change(game.id, player.seat, old, rating)
                .await?;
            changes.push(RatingChange {
                player: *player,
                before: old,
                after: rating,
                deviation,
            });
        }
        Ok(changes)
    }
}

/// A stored Glicko-2 rating (a row without a volatility gets the default one).
fn glicko2_of(row: &Rating) -> Glicko2Rating {
    Glicko2Rating {
        rating: row.rating,
        deviation: row.deviation,
        volatility: row
            .volatility
            .unwrap_or_else(|| Glicko2Rating::new().volatility),
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

    fn players(n: u8) -> Vec<Player> {
        (0..n)
            .map(|i| Player {
                seat: Seat::new(i).unwrap(),
                user: u64::from(i) + 1,
            })
            .collect()
    }

    fn initial_weng_lin(variant: Variant) -> WengLinRating {
        let r = initial_rating(variant);
        assert_eq!(r.system, RatingSystem::WengLin);
        assert_eq!(r.volatility, None);
        WengLinRating {
            rating: r.rating,
            uncertainty: r.deviation,
        }
    }

    #[test]
    fn weng_lin_is_the_library_update_on_the_glicko_scale() {
        let four = players(4);
        let start = initial_weng_lin(Variant::Four);
        assert_eq!(start.rating, 1500.0);
        let places: Vec<Vec<Player>> = [2, 0, 3, 1].iter().map(|&i| vec![four[i]]).collect();
        let after = rate_weng_lin(Variant::Four, &four, &[start; 4], &places);
        // The same game on the library's own scale, scaled up.
        let plain = WengLinRating::new();
        let ranked: Vec<(&[WengLinRating], MultiTeamOutcome)> = [2, 4, 1, 3]
            .iter()
            .map(|&rank| (std::slice::from_ref(&plain), MultiTeamOutcome::new(rank)))
            .collect();
        let expected = weng_lin_multi_team(&ranked, &WengLinConfig::new());
        for (mine, theirs) in after.iter().zip(&expected) {
            assert!((mine.rating - theirs[0].rating * WENG_LIN_SCALE).abs() < 1e-6);
            assert!((mine.uncertainty - theirs[0].uncertainty * WENG_LIN_SCALE).abs() < 1e-6);
        }
        // First place gains most, last place loses most.
        assert!(after[2].rating > after[0].rating && after[0].rating > after[3].rating);
        assert!(after[3].rating > after[1].rating && after[1].rating < 1500.0);
    }

    #[test]
    fn partners_are_rated_as_a_team() {
        let four = players(4);
        let start = initial_weng_lin(Variant::FourTeams);
        let places = vec![vec![four[2], four[3]], vec![four[0], four[1]]];
        let after = rate_weng_lin(Variant::FourTeams, &four, &[start; 4], &places);
        assert!((after[0].rating - after[1].rating).abs() < 1e-9);
        assert!((after[2].rating - after[3].rating).abs() < 1e-9);
        assert!(after[2].rating > 1500.0 && after[0].rating < 1500.0);
        // Shared places are ties: a drawn team game changes no mu.
        let drawn = rate_weng_lin(
            Variant::FourTeams,
            &four,
            &[start; 4],
            std::slice::from_ref(&four),
        );
        assert!(drawn.iter().all(|r| (r.rating - 1500.0).abs() < 1e-9));
    }
}
