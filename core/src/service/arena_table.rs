//! An arena's stored rows as the pairing crate sees them: each player's games in the order
//! they were played, for the queue (scores, last opponents) and for the table (points,
//! streaks, performance); who moves first in a new game; and when the next pairing is due.
//! Pure: no I/O.

use super::tournament_table::{first_outcome, StandingExtras, StandingRow, UNRATED};
use crate::db::tournament_games::Pairing;
use crate::db::tournament_players::Entrant;
use chrono::{DateTime, TimeDelta, Utc};
use halma_pairing::{ArenaEntry, ArenaGame, ArenaScore, Outcome, Points, Waiting};
use std::collections::HashMap;

/// An arena's games (pairings of two), oldest first: its waves are numbered `round` in the
/// order they were paired, and a player has one game at a time, so this is the order in
/// which each player played theirs.
fn in_order(pairings: &[Pairing]) -> Vec<&Pairing> {
    let mut games: Vec<&Pairing> = pairings.iter().filter(|p| p.second.is_some()).collect();
    games.sort_by_key(|p| (p.round, p.board));
    games
}

/// Each player's counted results, oldest first, with the opponent's rating at the start.
fn results(entrants: &[Entrant], pairings: &[Pairing]) -> HashMap<u64, Vec<ArenaGame>> {
    let rating = |user: u64| {
        entrants
            .iter()
            .find(|e| e.user == user)
            .and_then(|e| e.rating)
            .unwrap_or(UNRATED)
    };
    let mut games: HashMap<u64, Vec<ArenaGame>> = HashMap::new();
    for pairing in in_order(pairings) {
        let (Some(second), Some(result)) = (pairing.second, pairing.result) else {
            continue;
        };
        let outcome = first_outcome(result);
        for (me, them, outcome) in [
            (pairing.first, second, outcome),
            (second, pairing.first, outcome.reversed()),
        ] {
            games.entry(me).or_default().push(ArenaGame {
                opponent_rating: rating(them),
                outcome,
            });
        }
    }
    games
}

/// The players free to be paired: not withdrawn, not paused, and waiting since `cutoff` or
/// longer; longest waiting first (then in joining order), with their scores and last
/// opponents.
pub(super) fn queue(
    entrants: &[Entrant],
    pairings: &[Pairing],
    cutoff: DateTime<Utc>,
) -> Vec<Waiting> {
    let results = results(entrants, pairings);
    let games = in_order(pairings);
    let mut free: Vec<(DateTime<Utc>, Waiting)> = entrants
        .iter()
        .filter(|e| !e.withdrawn && !e.paused)
        .filter_map(|e| Some((e.ready_at.filter(|at| *at <= cutoff)?, e.user)))
        .map(|(since, user)| {
            let outcomes: Vec<Outcome> = results
                .get(&user)
                .map(|g| g.iter().map(|g| g.outcome).collect())
                .unwrap_or_default();
            let last_opponent = games.iter().rev().find_map(|p| match p.second {
                Some(second) if p.first == user => Some(second),
                Some(second) if second == user => Some(p.first),
                _ => None,
            });
            let waiting = Waiting {
                id: user,
                score: ArenaScore::of(&outcomes).points,
                last_opponent,
                paused: false,
            };
            (since, waiting)
        })
        .collect();
    // Stable: players free since the same moment stay in joining order.
    free.sort_by_key(|(since, _)| *since);
    free.into_iter().map(|(_, waiting)| waiting).collect()
}

/// Who moves first when `a` (the longer waiting) meets `b`: the one who has moved first less
/// often in this arena, else `a`. Returns (first, second).
pub(super) fn first_mover(a: u64, b: u64, pairings: &[Pairing]) -> (u64, u64) {
    let balance = |user: u64| -> i64 {
        pairings
            .iter()
            .filter(|p| p.second.is_some())
            .map(|p| match p.second {
                _ if p.first == user => 1,
                Some(second) if second == user => -1,
                _ => 0,
            })
            .sum()
    };
    if balance(b) < balance(a) {
        (b, a)
    } else {
        (a, b)
    }
}

/// The arena's table, best first: points, then performance (see
/// [`halma_pairing::arena_standings`]).
pub(super) fn standings(entrants: &[Entrant], pairings: &[Pairing]) -> Vec<StandingRow> {
    let mut results = results(entrants, pairings);
    let entries: Vec<ArenaEntry> = entrants
        .iter()
        .map(|e| ArenaEntry {
            id: e.user,
            games: results.remove(&e.user).unwrap_or_default(),
        })
        .collect();
    let by_user: HashMap<u64, &Entrant> = entrants.iter().map(|e| (e.user, e)).collect();
    halma_pairing::arena_standings(&entries)
        .into_iter()
        .map(|s| {
            let entrant = by_user.get(&s.id);
            StandingRow {
                place: s.place as u32,
                user: s.id,
                name: entrant.map(|e| e.name.clone()).unwrap_or_default(),
                points: Points::whole(s.score.points),
                games: s.score.games,
                withdrawn: entrant.is_some_and(|e| e.withdrawn),
                extras: StandingExtras::Arena {
                    streak: s.score.streak,
                    performance: s.performance,
                    paused: entrant.is_some_and(|e| e.paused),
                },
            }
        })
        .collect()
}

/// Whether a pass at `cutoff` should hold back a game between `a` and `b` of its queue: they
/// just played each other, and another player is free but has not waited long enough to be in
/// the queue yet. Paired once that player has waited, they meet someone new; with nobody else
/// free, they meet again.
pub(super) fn held_back(
    a: &Waiting,
    b: &Waiting,
    entrants: &[Entrant],
    cutoff: DateTime<Utc>,
) -> bool {
    let rematch = a.last_opponent == Some(b.id) || b.last_opponent == Some(a.id);
    rematch
        && entrants
            .iter()
            .any(|e| !e.withdrawn && !e.paused && e.ready_at.is_some_and(|at| at > cutoff))
}

/// When an arena that ends at `ends` next has something to do after `now`: the next moment a
/// free player has waited `wait` while another has too (before its last call, `last_call`
/// before the end), else its end. `None` once it ended: it then waits for its last games, whose
/// ends wake the worker.
pub(super) fn next_due(
    entrants: &[Entrant],
    ends: DateTime<Utc>,
    wait: TimeDelta,
    last_call: TimeDelta,
    now: DateTime<Utc>,
) -> Option<DateTime<Utc>> {
    if now >= ends {
        return None;
    }
    let mut due: Vec<DateTime<Utc>> = entrants
        .iter()
        .filter(|e| !e.withdrawn && !e.paused)
        .filter_map(|e| e.ready_at)
        .map(|at| at + wait)
        .collect();
    due.sort_unstable();
    // The first to have waited pairs with nobody until a second has.
    let pairing = due
        .iter()
        .skip(1)
        .find(|at| **at > now)
        .filter(|at| **at < ends - last_call);
    Some(pairing.map_or(ends, |at| (*at).min(ends)))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::{PairingId, PairingResult, TournamentId};
    use chrono::TimeZone;

    fn at(secs: i64) -> DateTime<Utc> {
        Utc.with_ymd_and_hms(2026, 12, 7, 20, 0, 0).unwrap() + TimeDelta::seconds(secs)
    }

    fn entrant(user: u64, ready: Option<i64>) -> Entrant {
        Entrant {
            user,
            name: format!("p{user}"),
            rating: Some(1500 + user as i32),
            withdrawn: false,
            bye_round: None,
            place: None,
            ready_at: ready.map(at),
            paused: false,
        }
    }

    fn game(round: u32, first: u64, second: u64, result: Option<PairingResult>) -> Pairing {
        Pairing {
            id: PairingId(i64::from(round) * 100 + first as i64),
            tournament: TournamentId(1),
            round,
            board: 1,
            first,
            second: Some(second),
            game: None,
            thread: None,
            result,
        }
    }

    #[test]
    fn the_queue_holds_the_free_players_who_waited_longest_first_with_their_scores() {
        let mut entrants = vec![
            entrant(1, Some(20)),
            entrant(2, Some(10)),
            entrant(3, None),
            entrant(4, Some(10)),
            entrant(5, Some(5)),
            entrant(6, Some(29)),
            entrant(7, None),
        ];
        entrants[4].paused = true;
        let pairings = [
            game(1, 1, 2, Some(PairingResult::First)),
            game(1, 3, 4, Some(PairingResult::Draw)),
            game(2, 3, 1, Some(PairingResult::Draw)),
            game(3, 3, 7, None),
        ];
        let queue = queue(&entrants, &pairings, at(25));
        let ids: Vec<u64> = queue.iter().map(|w| w.id).collect();
        // 3 and 7 play, 5 paused, 6 free too lately; 2 and 4 tie on time and keep joining
        // order.
        assert_eq!(ids, [2, 4, 1]);
        assert_eq!((queue[0].score, queue[0].last_opponent), (0, Some(1)));
        assert_eq!((queue[1].score, queue[1].last_opponent), (1, Some(3)));
        assert_eq!((queue[2].score, queue[2].last_opponent), (3, Some(3)));
    }

    #[test]
    fn wins_in_a_row_count_double_and_the_table_shows_the_streak() {
        let entrants = [entrant(1, Some(0)), entrant(2, Some(0)), entrant(3, None)];
        let pairings = [
            game(1, 1, 2, Some(PairingResult::First)),
            game(2, 2, 1, Some(PairingResult::Second)),
            game(3, 1, 3, Some(PairingResult::First)),
            game(4, 3, 1, None),
        ];
        let table = standings(&entrants, &pairings);
        let row = |user: u64| table.iter().find(|r| r.user == user).unwrap();
        assert_eq!(row(1).points, Points::whole(2 + 2 + 4));
        assert_eq!(row(1).games, 3, "the game being played is not counted yet");
        assert!(row(1).on_fire());
        assert_eq!(row(1).place, 1);
        assert_eq!(row(2).points, Points::ZERO);
        assert!(!row(3).on_fire());
        assert!(matches!(
            row(1).extras,
            StandingExtras::Arena {
                streak: 3,
                performance: Some(_),
                paused: false
            }
        ));
    }

    #[test]
    fn the_first_move_goes_to_who_had_it_less() {
        let pairings = [
            game(1, 1, 2, Some(PairingResult::First)),
            game(2, 1, 3, Some(PairingResult::First)),
        ];
        assert_eq!(first_mover(1, 2, &pairings), (2, 1));
        assert_eq!(
            first_mover(2, 3, &pairings),
            (2, 3),
            "level: the longer waiting"
        );
        assert_eq!(first_mover(4, 5, &[]), (4, 5));
    }

    #[test]
    fn the_next_pairing_is_due_when_two_have_waited_and_never_in_the_last_call() {
        let wait = TimeDelta::seconds(5);
        let last_call = TimeDelta::seconds(60);
        let ends = at(600);
        let entrants = [entrant(1, Some(10)), entrant(2, None), entrant(3, Some(12))];
        assert_eq!(
            next_due(&entrants, ends, wait, last_call, at(11)),
            Some(at(17))
        );
        let alone = [entrant(1, Some(10)), entrant(2, None)];
        assert_eq!(next_due(&alone, ends, wait, last_call, at(11)), Some(ends));
        let late = [entrant(1, Some(536)), entrant(3, Some(537))];
        assert_eq!(
            next_due(&late, ends, wait, last_call, at(537)),
            Some(ends),
            "no pairing in the last minute: only the end is due"
        );
        assert_eq!(next_due(&entrants, ends, wait, last_call, ends), None);
        // Two have waited but were held back: the next is when a third has waited.
        let held = [
            entrant(1, Some(10)),
            entrant(2, Some(10)),
            entrant(3, Some(13)),
        ];
        assert_eq!(next_due(&held, ends, wait, last_call, at(15)), Some(at(18)));
    }

    #[test]
    fn a_rematch_waits_while_someone_else_is_free() {
        let entrants = [
            entrant(1, Some(10)),
            entrant(2, Some(10)),
            entrant(3, Some(13)),
        ];
        let pairings = [game(1, 1, 2, Some(PairingResult::First))];
        let queue = queue(&entrants, &pairings, at(10));
        assert_eq!(queue.len(), 2);
        assert!(
            held_back(&queue[0], &queue[1], &entrants, at(10)),
            "3 is free too"
        );
        assert!(
            !held_back(&queue[0], &queue[1], &entrants[..2], at(10)),
            "nobody else"
        );
        let fresh = [Waiting::new(1, 0), Waiting::new(2, 0)];
        assert!(
            !held_back(&fresh[0], &fresh[1], &entrants, at(10)),
            "not a rematch"
        );
    }
}
