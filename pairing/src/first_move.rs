//! Who moves first: each player's wish from their past games, and the decision for a pair.
//!
//! The first move plays the part that the white pieces play in chess, so the rules follow
//! the Dutch system's colour rules: nobody moves first (or second) three games in a row,
//! and nobody's count of first moves drifts more than two from their count of second moves,
//! when that can be avoided; a player one game off balance wishes strongly to even it out;
//! a balanced player wishes mildly to alternate. Byes do not count as games.

use crate::tournament::Player;

/// What a player's past games say about their next first move.
///
/// ```
/// use halma_pairing::{FirstMoveWish, Game, Outcome, Player, Round};
/// let game = |first| Round::Played(Game { opponent: 2, moved_first: first, outcome: Outcome::Draw });
/// let p = Player::new(1, 1500).with_round(game(true)).with_round(game(true));
/// let wish = FirstMoveWish::of(&p);
/// assert!(wish.must_not_move_first);
/// assert_eq!(wish.balance, 2);
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct FirstMoveWish {
    /// First moves minus second moves so far.
    pub balance: i32,
    /// Moving first would make three in a row or a balance above two.
    pub must_not_move_first: bool,
    /// Moving second would make three in a row or a balance below minus two.
    pub must_not_move_second: bool,
    /// The wish, if any: `Some(true)` to move first next.
    pub wants_first: Option<bool>,
    /// Whether the wish is strong (balance off by one) rather than mild (alternation).
    pub strong: bool,
}

impl FirstMoveWish {
    /// Reads the wish from a player's games so far.
    pub fn of(player: &Player) -> FirstMoveWish {
        let firsts: Vec<bool> = player.games().map(|g| g.moved_first).collect();
        let balance = firsts.iter().map(|&f| if f { 1 } else { -1 }).sum::<i32>();
        let last_two = match firsts.as_slice() {
            [.., a, b] if a == b => Some(*a),
            _ => None,
        };
        let (wants_first, strong) = match balance {
            b if b > 0 => (Some(false), b == 1),
            b if b < 0 => (Some(true), b == -1),
            _ => (firsts.last().map(|&last| !last), false),
        };
        FirstMoveWish {
            balance,
            must_not_move_first: balance >= 2 || last_two == Some(true),
            must_not_move_second: balance <= -2 || last_two == Some(false),
            wants_first,
            strong,
        }
    }

    /// What moving first (or second) costs this player: broken rules, then an unmet
    /// strong wish, then an unmet mild wish.
    pub(crate) fn cost(&self, first: bool) -> Cost {
        let forbidden = if first {
            self.must_not_move_first
        } else {
            self.must_not_move_second
        };
        let unmet = self.wants_first.is_some_and(|w| w != first);
        Cost {
            hard: u64::from(forbidden),
            strong: u64::from(unmet && self.strong),
            mild: u64::from(unmet && !self.strong),
        }
    }
}

/// The first-move price of a pairing, summed over players; compared field by field.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, PartialOrd, Ord)]
pub(crate) struct Cost {
    /// Broken rules: three in a row, or a balance beyond two.
    pub hard: u64,
    /// Unmet strong wishes.
    pub strong: u64,
    /// Unmet mild wishes.
    pub mild: u64,
}

impl Cost {
    fn plus(self, other: Cost) -> Cost {
        Cost {
            hard: self.hard + other.hard,
            strong: self.strong + other.strong,
            mild: self.mild + other.mild,
        }
    }
}

/// Decides whether `higher` (the better-ranked of the two) moves first, and what that costs.
///
/// The cheaper choice wins; on a tie the higher-ranked player's wish is met, else the
/// lower-ranked player's, and with no wish at all (the first round) `default_first`.
pub(crate) fn decide(
    higher: &FirstMoveWish,
    lower: &FirstMoveWish,
    default_first: bool,
) -> (bool, Cost) {
    let price = |higher_first: bool| higher.cost(higher_first).plus(lower.cost(!higher_first));
    let (if_first, if_second) = (price(true), price(false));
    let higher_first = if if_first != if_second {
        if_first < if_second
    } else if let Some(w) = higher.wants_first {
        w
    } else if let Some(w) = lower.wants_first {
        !w
    } else {
        default_first
    };
    (
        higher_first,
        if higher_first { if_first } else { if_second },
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::score::Outcome;
    use crate::tournament::{Game, Round};

    fn with_firsts(firsts: &[bool]) -> FirstMoveWish {
        let mut p = Player::new(1, 1500);
        for &f in firsts {
            p = p.with_round(Round::Played(Game {
                opponent: 2,
                moved_first: f,
                outcome: Outcome::Loss,
            }));
        }
        FirstMoveWish::of(&p)
    }

    #[test]
    fn a_new_player_has_no_wish() {
        assert_eq!(with_firsts(&[]), FirstMoveWish::default());
    }

    #[test]
    fn one_game_off_balance_is_a_strong_wish_to_even_out() {
        let w = with_firsts(&[true]);
        assert_eq!((w.wants_first, w.strong), (Some(false), true));
        assert!(!w.must_not_move_first);
    }

    #[test]
    fn balanced_players_wish_mildly_to_alternate() {
        let w = with_firsts(&[true, false]);
        assert_eq!((w.wants_first, w.strong), (Some(true), false));
    }

    #[test]
    fn two_in_a_row_forbid_a_third_even_when_balanced() {
        let w = with_firsts(&[true, false, false, true, true, false, false]);
        assert_eq!(w.balance, -1);
        assert!(w.must_not_move_second && !w.must_not_move_first);
    }

    #[test]
    fn byes_do_not_count_as_games() {
        let p = Player::new(1, 1500)
            .with_round(Round::Played(Game {
                opponent: 2,
                moved_first: true,
                outcome: Outcome::Win,
            }))
            .with_round(Round::Bye);
        assert_eq!(FirstMoveWish::of(&p), with_firsts(&[true]));
    }

    #[test]
    fn on_equal_wishes_the_higher_ranked_player_wins() {
        let both = with_firsts(&[false]);
        assert!(decide(&both, &both, false).0);
        let (higher_first, cost) = decide(&with_firsts(&[true]), &both, true);
        assert!(!higher_first);
        assert_eq!(cost, Cost::default());
    }

    #[test]
    fn a_strong_wish_beats_a_mild_one_and_rules_beat_wishes() {
        let mild_first = with_firsts(&[true, false]);
        let strong_first = with_firsts(&[false]);
        assert!(!decide(&mild_first, &strong_first, true).0);
        let must_second = with_firsts(&[true, true]);
        let (higher_first, cost) = decide(&strong_first, &must_second, true);
        assert!(higher_first);
        assert_eq!(cost.hard, 0);
    }

    #[test]
    fn with_no_wish_the_default_decides() {
        let none = with_firsts(&[]);
        assert!(decide(&none, &none, true).0);
        assert!(!decide(&none, &none, false).0);
    }
}
