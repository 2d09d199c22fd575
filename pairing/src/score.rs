//! Game results and points: the small values every other module counts with.

use std::fmt;
use std::ops::{Add, AddAssign};

/// A player, as the caller numbers them (the bot uses Discord user ids).
pub type PlayerId = u64;

/// How one game ended, seen from one of its two players.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Outcome {
    /// This player won.
    Win,
    /// Neither won.
    Draw,
    /// This player lost.
    Loss,
}

impl Outcome {
    /// The same game seen from the opponent's side.
    ///
    /// ```
    /// use halma_pairing::Outcome;
    /// assert_eq!(Outcome::Win.reversed(), Outcome::Loss);
    /// assert_eq!(Outcome::Draw.reversed(), Outcome::Draw);
    /// ```
    pub fn reversed(self) -> Outcome {
        match self {
            Outcome::Win => Outcome::Loss,
            Outcome::Draw => Outcome::Draw,
            Outcome::Loss => Outcome::Win,
        }
    }

    /// What the game is worth in a Swiss tournament: one point, a half, or nothing.
    ///
    /// ```
    /// use halma_pairing::{Outcome, Points};
    /// assert_eq!(Outcome::Draw.swiss_points(), Points::HALF);
    /// ```
    pub fn swiss_points(self) -> Points {
        match self {
            Outcome::Win => Points::ONE,
            Outcome::Draw => Points::HALF,
            Outcome::Loss => Points::ZERO,
        }
    }
}

/// A number of points, kept exact in quarters.
///
/// Swiss scores move in halves; Sonneborn–Berger adds half an opponent's score for a draw,
/// so quarters are the smallest step any count here needs. No floating point, so equal
/// scores compare equal.
///
/// ```
/// use halma_pairing::Points;
/// let p = Points::ONE + Points::ONE + Points::HALF;
/// assert_eq!(p.to_string(), "2½");
/// assert_eq!(p.halves(), 5);
/// assert_eq!(Points::from_quarters(9).to_string(), "2¼");
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Points(u32);

impl Points {
    /// No points.
    pub const ZERO: Points = Points(0);
    /// Half a point: a draw.
    pub const HALF: Points = Points(2);
    /// One point: a win or a bye.
    pub const ONE: Points = Points(4);

    /// Points from a number of quarter points.
    pub const fn from_quarters(quarters: u32) -> Points {
        Points(quarters)
    }

    /// Whole points.
    ///
    /// ```
    /// use halma_pairing::Points;
    /// assert_eq!(Points::whole(3), Points::from_quarters(12));
    /// ```
    pub const fn whole(points: u32) -> Points {
        Points(points * 4)
    }

    /// The number of quarter points.
    pub const fn quarters(self) -> u32 {
        self.0
    }

    /// The number of half points, rounded down.
    pub const fn halves(self) -> u32 {
        self.0 / 2
    }

    /// Half of these points (exact while they are a whole number of halves).
    pub const fn half(self) -> Points {
        Points(self.0 / 2)
    }

    /// The value as a float, for display or export.
    pub fn as_f64(self) -> f64 {
        f64::from(self.0) / 4.0
    }
}

impl Add for Points {
    type Output = Points;
    fn add(self, other: Points) -> Points {
        Points(self.0 + other.0)
    }
}

impl AddAssign for Points {
    fn add_assign(&mut self, other: Points) {
        self.0 += other.0;
    }
}

impl std::iter::Sum for Points {
    fn sum<I: Iterator<Item = Points>>(iter: I) -> Points {
        iter.fold(Points::ZERO, Add::add)
    }
}

impl fmt::Display for Points {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let whole = self.0 / 4;
        let fraction = match self.0 % 4 {
            1 => "¼",
            2 => "½",
            3 => "¾",
            _ => "",
        };
        if whole == 0 && !fraction.is_empty() {
            f.write_str(fraction)
        } else {
            write!(f, "{whole}{fraction}")
        }
    }
}
