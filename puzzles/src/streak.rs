//! Streaks: runs of consecutive days on which a member solved the daily
//! puzzle.

use chrono::NaiveDate;

/// A member's streaks of consecutive days solved.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Streaks {
    /// The run still alive: the days up to today, or up to yesterday while
    /// today's puzzle is still open; 0 once a day was missed.
    pub current: u32,
    /// The longest run ever.
    pub longest: u32,
}

/// The streaks of a member who solved on `days` (in any order, repeats
/// allowed), seen on `today`. Days after `today` are not counted yet.
///
/// ```
/// use chrono::NaiveDate;
/// use halma_puzzles::streaks;
/// let d = |day| NaiveDate::from_ymd_opt(2025, 3, day).unwrap();
/// let solved = [d(1), d(2), d(3), d(10), d(11)];
/// let s = streaks(&solved, d(12));
/// assert_eq!((s.current, s.longest), (2, 3));
/// assert_eq!(streaks(&solved, d(13)).current, 0);
/// ```
pub fn streaks(days: &[NaiveDate], today: NaiveDate) -> Streaks {
    let mut sorted: Vec<NaiveDate> = days.iter().copied().filter(|&d| d <= today).collect();
    sorted.sort_unstable();
    sorted.dedup();
    let mut longest = 0;
    let mut run = 0;
    let mut previous: Option<NaiveDate> = None;
    for &day in &sorted {
        run = match previous {
            Some(p) if p.succ_opt() == Some(day) => run + 1,
            _ => 1,
        };
        longest = longest.max(run);
        previous = Some(day);
    }
    // `run` is the run ending on the last day solved; it is alive if that
    // day is today or yesterday.
    let alive = previous.is_some_and(|last| last == today || last.succ_opt() == Some(today));
    Streaks {
        current: if alive { run } else { 0 },
        longest,
    }
}
