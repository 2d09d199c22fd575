//! The table of a Swiss tournament: points, then three tiebreaks.
//!
//! 1. **Points**: a win or a bye is one, a draw a half.
//! 2. **Buchholz**: the sum of the points of every opponent met. A bye has no opponent and
//!    adds nothing (it still counts in the player's own points). A withdrawn opponent counts
//!    with the points they had when they left.
//! 3. **Sonneborn–Berger**: the points of every opponent beaten plus half the points of
//!    every opponent drawn with. A bye adds nothing.
//! 4. **Direct encounter**: among players still level on all of the above, the points each
//!    scored in the games between them; applied only when every one of them has played
//!    every other (else it would favour whoever happened to meet the others).
//!
//! Players level on all four share a place; the list then keeps the initial ranking order.

use std::cmp::Reverse;

use crate::score::{Outcome, PlayerId, Points};
use crate::tournament::{Field, Player, TournamentError};

/// One line of the table.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Standing {
    /// The player.
    pub id: PlayerId,
    /// The place, from 1; equal for players level on points and every tiebreak.
    pub place: usize,
    /// Points scored.
    pub points: Points,
    /// The sum of the opponents' points.
    pub buchholz: Points,
    /// Beaten opponents' points plus half of drawn opponents' points.
    pub sonneborn_berger: Points,
    /// Points scored against the others level on the tiebreaks above, when all met
    /// each other; zero otherwise.
    pub direct_encounter: Points,
}

impl Standing {
    fn key(&self) -> (Points, Points, Points, Points) {
        (
            self.points,
            self.buchholz,
            self.sonneborn_berger,
            self.direct_encounter,
        )
    }
}

/// The standings of a Swiss tournament, best first. Withdrawn players are listed too.
///
/// ```
/// use halma_pairing::{standings, Game, Outcome, Player, Points, Round};
/// let game = |opponent, outcome| Round::Played(Game { opponent, moved_first: true, outcome });
/// let players = [
///     Player::new(1, 1500).with_round(game(2, Outcome::Loss)),
///     Player::new(2, 1400).with_round(game(1, Outcome::Win)),
/// ];
/// let table = standings(&players).unwrap();
/// assert_eq!((table[0].id, table[0].points, table[0].place), (2, Points::ONE, 1));
/// assert_eq!(table[1].buchholz, Points::ONE);
/// ```
pub fn standings(players: &[Player]) -> Result<Vec<Standing>, TournamentError> {
    let field = Field::new(players)?;
    let opponent = |id: PlayerId| field.index[&id];
    let mut table: Vec<(usize, Standing)> = players
        .iter()
        .enumerate()
        .map(|(i, p)| {
            let mut buchholz = Points::ZERO;
            let mut sonneborn_berger = Points::ZERO;
            for game in p.games() {
                let theirs = field.points[opponent(game.opponent)];
                buchholz += theirs;
                sonneborn_berger += match game.outcome {
                    Outcome::Win => theirs,
                    Outcome::Draw => theirs.half(),
                    Outcome::Loss => Points::ZERO,
                };
            }
            let standing = Standing {
                id: p.id,
                place: 0,
                points: field.points[i],
                buchholz,
                sonneborn_berger,
                direct_encounter: Points::ZERO,
            };
            (i, standing)
        })
        .collect();
    table.sort_by_key(|(i, s)| (Reverse(s.key()), field.initial_key(*i)));

    let mut start = 0;
    while start < table.len() {
        let key = table[start].1.key();
        let end = start
            + table[start..]
                .iter()
                .take_while(|(_, s)| s.key() == key)
                .count();
        if end - start > 1 {
            settle_by_direct_encounter(&field, &mut table[start..end]);
        }
        start = end;
    }

    for k in 0..table.len() {
        table[k].1.place = if k > 0 && table[k - 1].1.key() == table[k].1.key() {
            table[k - 1].1.place
        } else {
            k + 1
        };
    }
    Ok(table.into_iter().map(|(_, s)| s).collect())
}

/// Orders players level on points, Buchholz and Sonneborn–Berger by their games against
/// each other, if every one of them met every other.
fn settle_by_direct_encounter(field: &Field<'_>, tied: &mut [(usize, Standing)]) {
    let everyone_met = tied
        .iter()
        .enumerate()
        .all(|(x, (a, _))| tied[x + 1..].iter().all(|(b, _)| field.met(*a, *b)));
    if !everyone_met {
        return;
    }
    let ids: Vec<PlayerId> = tied.iter().map(|(i, _)| field.players[*i].id).collect();
    for (i, standing) in tied.iter_mut() {
        standing.direct_encounter = field.players[*i]
            .games()
            .filter(|g| ids.contains(&g.opponent))
            .map(|g| g.outcome.swiss_points())
            .sum();
    }
    tied.sort_by_key(|(i, s)| (Reverse(s.direct_encounter), field.initial_key(*i)));
}
