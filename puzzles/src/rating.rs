//! Puzzle ratings: each member and each puzzle has a Glicko-2 rating, and
//! every finished attempt is a game between the two, both updated, as the
//! puzzle sites rate their puzzles. The `skillratings` crate does the
//! arithmetic, as it does for the bot's game ratings.

use crate::score::Finish;
use skillratings::glicko2::{glicko2, Glicko2Config};
use skillratings::Outcomes;

pub use skillratings::glicko2::Glicko2Rating;

/// Both ratings after an attempt.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct RatingUpdate {
    /// The member's new rating.
    pub member: Glicko2Rating,
    /// The puzzle's new rating.
    pub puzzle: Glicko2Rating,
}

/// The rating a new member, and a new puzzle, start with: 1500, deviation
/// 350, volatility 0.06.
pub fn initial_rating() -> Glicko2Rating {
    Glicko2Rating::new()
}

/// Rates one attempt: a win for the member when `finish` is one
/// ([`Finish::is_win`]), a win for the puzzle otherwise. Each side's
/// rating moves by the other's rating, as one Glicko-2 game.
///
/// ```
/// use halma_puzzles::{initial_rating, rate, Finish};
/// let start = initial_rating();
/// let won = rate(&start, &start, &Finish::Chain { solved: true });
/// assert!(won.member.rating > start.rating && won.puzzle.rating < start.rating);
/// let lost = rate(&start, &start, &Finish::GaveUp);
/// assert!(lost.member.rating < start.rating && lost.puzzle.rating > start.rating);
/// ```
pub fn rate(member: &Glicko2Rating, puzzle: &Glicko2Rating, finish: &Finish) -> RatingUpdate {
    let outcome = if finish.is_win() {
        Outcomes::WIN
    } else {
        Outcomes::LOSS
    };
    let (member, puzzle) = glicko2(member, puzzle, &outcome, &Glicko2Config::new());
    RatingUpdate { member, puzzle }
}
