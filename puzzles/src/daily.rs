//! The daily puzzle: the same for everyone in a server on a given day. The
//! kind and board follow a rotation by date; the seed that picks the chain
//! position comes from the server and the date.

use chrono::{Datelike, NaiveDate};
use halma::Variant;
use halma_engine::rng::combine;
use std::fmt;
use std::str::FromStr;

/// The two kinds of puzzle.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum PuzzleKind {
    /// All pieces alone from the home camp into the opposite one, in as few
    /// moves as possible ([`crate::CrossingPuzzle`]).
    Crossing,
    /// The move that gains the most in a real position
    /// ([`crate::ChainPuzzle`]).
    Chain,
}

impl PuzzleKind {
    /// Both kinds.
    pub const ALL: [PuzzleKind; 2] = [PuzzleKind::Crossing, PuzzleKind::Chain];

    /// The kind's name in commands: `crossing`, `chain`.
    pub const fn name(self) -> &'static str {
        match self {
            PuzzleKind::Crossing => "crossing",
            PuzzleKind::Chain => "chain",
        }
    }
}

impl fmt::Display for PuzzleKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// The text named no kind of puzzle.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct UnknownKind(pub String);

impl fmt::Display for UnknownKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "unknown puzzle '{}' (choose one of: crossing, chain)",
            self.0
        )
    }
}

impl std::error::Error for UnknownKind {}

impl FromStr for PuzzleKind {
    type Err = UnknownKind;

    /// A kind by name, in any case, blanks around it ignored.
    ///
    /// ```
    /// use halma_puzzles::PuzzleKind;
    /// assert_eq!(" Chain ".parse(), Ok(PuzzleKind::Chain));
    /// assert!("knight".parse::<PuzzleKind>().is_err());
    /// ```
    fn from_str(s: &str) -> Result<PuzzleKind, UnknownKind> {
        let wanted = s.trim().to_ascii_lowercase();
        PuzzleKind::ALL
            .into_iter()
            .find(|k| k.name() == wanted)
            .ok_or_else(|| UnknownKind(s.trim().to_string()))
    }
}

/// The days' kinds and boards, in turn: each board comes once as a crossing
/// and once as a chain, small and large boards alternating.
pub const DAILY_ROTATION: [(PuzzleKind, Variant); 8] = [
    (PuzzleKind::Crossing, Variant::Star2),
    (PuzzleKind::Chain, Variant::Small),
    (PuzzleKind::Crossing, Variant::Ig10),
    (PuzzleKind::Chain, Variant::Star2),
    (PuzzleKind::Crossing, Variant::Small),
    (PuzzleKind::Chain, Variant::Standard),
    (PuzzleKind::Crossing, Variant::Standard),
    (PuzzleKind::Chain, Variant::Ig10),
];

/// A server's puzzle of the day.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct DailyPuzzle {
    /// The day.
    pub date: NaiveDate,
    /// Crossing or chain.
    pub kind: PuzzleKind,
    /// The board.
    pub variant: Variant,
    /// The seed to generate the chain puzzle from (a crossing needs none:
    /// there is one per board).
    pub seed: u64,
}

/// The seed of the daily puzzle of server `guild_id` on `date`: the same
/// for both on every run, different from day to day and server to server.
///
/// ```
/// use chrono::NaiveDate;
/// use halma_puzzles::daily_seed;
/// let day = NaiveDate::from_ymd_opt(2025, 3, 14).unwrap();
/// assert_eq!(daily_seed(42, day), daily_seed(42, day));
/// assert_ne!(daily_seed(42, day), daily_seed(43, day));
/// assert_ne!(daily_seed(42, day), daily_seed(42, day.succ_opt().unwrap()));
/// ```
pub fn daily_seed(guild_id: u64, date: NaiveDate) -> u64 {
    combine(guild_id, date.num_days_from_ce() as u64)
}

/// The daily puzzle of server `guild_id` on `date`: the kind and board of
/// the day in [`DAILY_ROTATION`] (the same in every server), and the seed
/// of [`daily_seed`].
///
/// ```
/// use chrono::NaiveDate;
/// use halma_puzzles::{daily_puzzle, DAILY_ROTATION};
/// let day = NaiveDate::from_ymd_opt(2025, 3, 14).unwrap();
/// let today = daily_puzzle(42, day);
/// assert_eq!(today.kind, daily_puzzle(7, day).kind);
/// let later = daily_puzzle(42, day + chrono::Days::new(DAILY_ROTATION.len() as u64));
/// assert_eq!((later.kind, later.variant), (today.kind, today.variant));
/// ```
pub fn daily_puzzle(guild_id: u64, date: NaiveDate) -> DailyPuzzle {
    let day = date
        .num_days_from_ce()
        .rem_euclid(DAILY_ROTATION.len() as i32) as usize;
    let (kind, variant) = DAILY_ROTATION[day];
    DailyPuzzle {
        date,
        kind,
        variant,
        seed: daily_seed(guild_id, date),
    }
}

/// The daily puzzle of server `guild_id` on `date` among the days of
/// [`DAILY_ROTATION`] whose kind is one of `kinds`: those days in turn, so
/// that a server offering crossings only still meets every board. The seed
/// is [`daily_seed`]'s. `None` when `kinds` is empty. With both kinds it is
/// [`daily_puzzle`].
///
/// ```
/// use chrono::NaiveDate;
/// use halma_puzzles::{daily_puzzle, daily_puzzle_among, PuzzleKind};
/// let day = NaiveDate::from_ymd_opt(2025, 3, 14).unwrap();
/// assert_eq!(daily_puzzle_among(&PuzzleKind::ALL, 42, day), Some(daily_puzzle(42, day)));
/// for offset in 0..8 {
///     let date = day + chrono::Days::new(offset);
///     let only = daily_puzzle_among(&[PuzzleKind::Crossing], 42, date).unwrap();
///     assert_eq!(only.kind, PuzzleKind::Crossing);
/// }
/// assert_eq!(daily_puzzle_among(&[], 42, day), None);
/// ```
pub fn daily_puzzle_among(
    kinds: &[PuzzleKind],
    guild_id: u64,
    date: NaiveDate,
) -> Option<DailyPuzzle> {
    let days: Vec<(PuzzleKind, Variant)> = DAILY_ROTATION
        .into_iter()
        .filter(|(kind, _)| kinds.contains(kind))
        .collect();
    if days.is_empty() {
        return None;
    }
    let day = date.num_days_from_ce().rem_euclid(days.len() as i32) as usize;
    let (kind, variant) = days[day];
    Some(DailyPuzzle {
        date,
        kind,
        variant,
        seed: daily_seed(guild_id, date),
    })
}
