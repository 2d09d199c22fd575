//! A Swiss tournament's stored rows as the pairing crate sees them: each player with the
//! rounds counted so far (games, byes), for pairing the next round and for the standings; and
//! the one table of either format. Pure: no I/O.

use crate::db::tournament_games::Pairing;
use crate::db::tournament_players::Entrant;
use crate::error::{Error, Result};
use crate::model::PairingResult;
use halma_pairing::{Game, Outcome, Player, Points, Round};
use std::collections::{HashMap, HashSet};

/// One line of the standings.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct StandingRow {
    /// The place, from 1; shared by players level on points and every tiebreak.
    pub place: u32,
    /// The player.
    pub user: u64,
    /// Their name when they joined.
    pub name: String,
    /// Points: in a Swiss tournament a win or a bye is one, a draw a half; in an arena a win
    /// is two (four on a streak), a draw one.
    pub points: Points,
    /// Games counted (and a Swiss tournament's byes).
    pub games: u32,
    /// Whether they withdrew.
    pub withdrawn: bool,
    /// What the format ranks by besides points, and shows.
    pub extras: StandingExtras,
}

/// What a line of the standings shows besides points and games, by format.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum StandingExtras {
    /// A Swiss tournament's tiebreaks.
    Swiss {
        /// The sum of the opponents' points.
        buchholz: Points,
        /// Beaten opponents' points plus half of drawn opponents' points.
        sonneborn_berger: Points,
    },
    /// An arena's streak and queue.
    Arena {
        /// Wins since the last game not won: from two on, the next win counts double.
        streak: u32,
        /// What the results were worth as a rating (the tiebreak); `None` before a game.
        performance: Option<i32>,
        /// Whether they keep out of the queue for now.
        paused: bool,
    },
}

impl StandingRow {
    /// Whether the player is on a streak (an arena's 🔥): their next win counts double.
    pub fn on_fire(&self) -> bool {
        matches!(self.extras, StandingExtras::Arena { streak, .. } if streak >= 2)
    }
}

/// How a counted pairing ended for its first player.
pub(super) fn first_outcome(result: PairingResult) -> Outcome {
    match result {
        PairingResult::First => Outcome::Win,
        PairingResult::Second => Outcome::Loss,
        PairingResult::Draw => Outcome::Draw,
    }
}

/// The players of a tournament with every counted round, in joining order, and those who
/// withdrew. A pairing without a result yet (a game being played) is left out.
pub(super) fn field(entrants: &[Entrant], pairings: &[Pairing]) -> (Vec<Player>, HashSet<u64>) {
    let mut players: Vec<Player> = entrants
        .iter()
        .map(|e| Player::new(e.user, e.rating.unwrap_or(UNRATED)))
        .collect();
    let index: HashMap<u64, usize> = players.iter().enumerate().map(|(i, p)| (p.id, i)).collect();
    // By round, so that each player's rounds are in order.
    let mut counted: Vec<&Pairing> = pairings.iter().filter(|p| p.result.is_some()).collect();
    counted.sort_by_key(|p| (p.round, p.board));
    for pairing in counted {
        let Some(result) = pairing.result else {
            continue;
        };
        let first = index.get(&pairing.first).copied();
        match pairing.second {
            None => {
                if let Some(i) = first {
                    players[i].rounds.push(Round::Bye);
                }
            }
            Some(second) => {
                let outcome = first_outcome(result);
                if let Some(i) = first {
                    players[i].rounds.push(Round::Played(Game {
                        opponent: second,
                        moved_first: true,
                        outcome,
                    }));
                }
                if let Some(j) = index.get(&second) {
                    players[*j].rounds.push(Round::Played(Game {
                        opponent: pairing.first,
                        moved_first: false,
                        outcome: outcome.reversed(),
                    }));
                }
            }
        }
    }
    let withdrawn = entrants
        .iter()
        .filter(|e| e.withdrawn)
        .map(|e| e.user)
        .collect();
    (players, withdrawn)
}

/// The rating a player without one starts a tournament with (the initial ranking's default).
pub(super) const UNRATED: i32 = 1500;

/// The standings of a Swiss tournament from its rows, best first.
pub(super) fn standings(entrants: &[Entrant], pairings: &[Pairing]) -> Result<Vec<StandingRow>> {
    let (players, withdrawn) = field(entrants, pairings);
    let table = halma_pairing::standings(&players)
        .map_err(|e| Error::Corrupt(format!("a tournament's results do not add up: {e}")))?;
    let by_user: HashMap<u64, &Entrant> = entrants.iter().map(|e| (e.user, e)).collect();
    let rounds: HashMap<u64, u32> = players
        .iter()
        .map(|p| (p.id, p.rounds.len() as u32))
        .collect();
    Ok(table
        .into_iter()
        .map(|s| StandingRow {
            place: s.place as u32,
            user: s.id,
            name: by_user
                .get(&s.id)
                .map(|e| e.name.clone())
                .unwrap_or_default(),
            points: s.points,
            games: rounds.get(&s.id).copied().unwrap_or(0),
            withdrawn: withdrawn.contains(&s.id),
            extras: StandingExtras::Swiss {
                buchholz: s.buchholz,
                sonneborn_berger: s.sonneborn_berger,
            },
        })
        .collect())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::{PairingId, TournamentId};

    fn entrant(user: u64) -> Entrant {
        Entrant {
            user,
            name: format!("p{user}"),
            rating: None,
            withdrawn: false,
            bye_round: None,
            place: None,
            ready_at: None,
            paused: false,
        }
    }

    fn pairing(
        round: u32,
        first: u64,
        second: Option<u64>,
        result: Option<PairingResult>,
    ) -> Pairing {
        Pairing {
            id: PairingId(i64::from(round) * 100 + first as i64),
            tournament: TournamentId(1),
            round,
            board: 1,
            first,
            second,
            game: None,
            thread: None,
            result,
        }
    }

    #[test]
    fn counted_rounds_make_the_table_and_games_in_play_do_not() {
        let entrants = [entrant(1), entrant(2), entrant(3)];
        let pairings = [
            pairing(1, 1, Some(2), Some(PairingResult::Second)),
            pairing(1, 3, None, Some(PairingResult::First)),
            pairing(2, 3, Some(2), None),
        ];
        let table = standings(&entrants, &pairings).unwrap();
        let row = |user: u64| table.iter().find(|r| r.user == user).unwrap();
        assert_eq!(row(2).points, Points::ONE);
        assert_eq!(row(3).points, Points::ONE, "the bye is a win");
        assert_eq!(row(1).points, Points::ZERO);
        assert_eq!(row(3).games, 1, "the game being played is not counted yet");
        let buchholz = |user: u64| match row(user).extras {
            StandingExtras::Swiss { buchholz, .. } => buchholz,
            StandingExtras::Arena { .. } => panic!("a Swiss line"),
        };
        assert_eq!(buchholz(2), Points::ZERO);
        assert_eq!(buchholz(1), Points::ONE);
        assert_eq!(row(1).place, 3);
    }
}
