//! Results, streaks, ratings and the daily choice: properties over random
//! inputs, each checked against a plain restatement of the rule.

use chrono::{Days, NaiveDate};
use halma_puzzles::{
    daily_puzzle, initial_rating, par_margin, rate, streaks, CrossingScore, Finish, Glicko2Rating,
    PuzzleKind, CROSSING_BOARDS, DAILY_ROTATION,
};
use proptest::prelude::*;
use std::collections::HashSet;

fn day(offset: u32) -> NaiveDate {
    NaiveDate::from_ymd_opt(2024, 1, 1).unwrap() + Days::new(offset as u64)
}

/// The run of consecutive solved days ending on `end`, counted backwards.
fn run_ending(solved: &HashSet<NaiveDate>, end: NaiveDate) -> u32 {
    let mut n = 0;
    let mut d = end;
    while solved.contains(&d) {
        n += 1;
        d = d.pred_opt().unwrap();
    }
    n
}

proptest! {
    #[test]
    fn streaks_match_counting_backwards_from_each_day(
        offsets in prop::collection::vec(0u32..60, 0..40),
        today in 0u32..70,
    ) {
        let days: Vec<NaiveDate> = offsets.iter().map(|&o| day(o)).collect();
        let today = day(today);
        let s = streaks(&days, today);
        let solved: HashSet<NaiveDate> = days.iter().copied().filter(|&d| d <= today).collect();
        let longest = solved.iter().map(|&d| run_ending(&solved, d)).max().unwrap_or(0);
        prop_assert_eq!(s.longest, longest);
        let current = if solved.contains(&today) {
            run_ending(&solved, today)
        } else {
            run_ending(&solved, today.pred_opt().unwrap())
        };
        prop_assert_eq!(s.current, current);
        prop_assert!(s.current <= s.longest);
    }

    #[test]
    fn streaks_ignore_order_and_repeats(
        offsets in prop::collection::vec(0u32..30, 0..20),
        today in 0u32..35,
    ) {
        let days: Vec<NaiveDate> = offsets.iter().map(|&o| day(o)).collect();
        let mut shuffled: Vec<NaiveDate> = days.iter().rev().copied().collect();
        shuffled.extend(days.iter().step_by(2));
        prop_assert_eq!(streaks(&days, day(today)), streaks(&shuffled, day(today)));
    }

    #[test]
    fn solving_today_extends_the_current_streak_by_one(
        offsets in prop::collection::vec(0u32..30, 0..20),
    ) {
        let today = day(30);
        let mut days: Vec<NaiveDate> = offsets.iter().map(|&o| day(o)).collect();
        let before = streaks(&days, today);
        days.push(today);
        let after = streaks(&days, today);
        prop_assert_eq!(after.current, before.current + 1);
        prop_assert!(after.longest >= before.longest);
    }

    #[test]
    fn a_win_raises_the_member_and_lowers_the_puzzle(
        member in 800.0f64..2500.0, member_rd in 40.0f64..350.0,
        puzzle in 800.0f64..2500.0, puzzle_rd in 40.0f64..350.0,
    ) {
        let m = Glicko2Rating { rating: member, deviation: member_rd, volatility: 0.06 };
        let p = Glicko2Rating { rating: puzzle, deviation: puzzle_rd, volatility: 0.06 };
        let won = rate(&m, &p, &Finish::Chain { solved: true });
        let lost = rate(&m, &p, &Finish::GaveUp);
        prop_assert!(won.member.rating > m.rating && won.puzzle.rating < p.rating);
        prop_assert!(lost.member.rating < m.rating && lost.puzzle.rating > p.rating);
        // The puzzle's side of the game is the member's, mirrored.
        let mirrored = rate(&p, &m, &Finish::GaveUp);
        prop_assert!((mirrored.puzzle.rating - won.member.rating).abs() < 1e-9);
        prop_assert!((mirrored.member.rating - won.puzzle.rating).abs() < 1e-9);
        // Beating a harder puzzle is worth more.
        let harder = Glicko2Rating { rating: puzzle + 100.0, ..p };
        let won_harder = rate(&m, &harder, &Finish::Chain { solved: true });
        prop_assert!(won_harder.member.rating > won.member.rating);
    }

    #[test]
    fn a_crossing_wins_exactly_within_the_margin(moves in 1usize..200, par in 1usize..120) {
        let finish = Finish::Crossing(CrossingScore { moves, par });
        prop_assert!(finish.is_solved());
        prop_assert_eq!(finish.is_win(), moves <= par + par_margin(par));
        if moves <= par {
            prop_assert!(finish.is_win());
        }
        prop_assert!(par_margin(par) >= 1 && par_margin(par) * 10 < par + 10);
    }
}

#[test]
fn only_wins_move_the_ratings_up_and_a_slow_crossing_is_a_loss() {
    let start = initial_rating();
    let slow = Finish::Crossing(CrossingScore { moves: 40, par: 27 });
    let quick = Finish::Crossing(CrossingScore { moves: 29, par: 27 });
    assert!(rate(&start, &start, &slow).member.rating < start.rating);
    assert!(rate(&start, &start, &quick).member.rating > start.rating);
    assert_eq!(
        rate(&start, &start, &Finish::Chain { solved: false }),
        rate(&start, &start, &Finish::GaveUp)
    );
}

#[test]
fn the_daily_puzzle_is_shared_by_a_server_and_rotates_by_date() {
    let mut seen = HashSet::new();
    for offset in 0..DAILY_ROTATION.len() as u32 {
        let d = day(offset);
        let here = daily_puzzle(1234, d);
        assert_eq!(
            here,
            daily_puzzle(1234, d),
            "the same for everyone that day"
        );
        let elsewhere = daily_puzzle(99, d);
        assert_eq!(
            (here.kind, here.variant),
            (elsewhere.kind, elsewhere.variant)
        );
        assert_ne!(here.seed, elsewhere.seed);
        assert_ne!(here.seed, daily_puzzle(1234, day(offset + 1)).seed);
        seen.insert((here.kind, here.variant));
    }
    assert_eq!(
        seen.len(),
        DAILY_ROTATION.len(),
        "a full turn shows every entry"
    );
    for variant in CROSSING_BOARDS {
        assert!(seen.contains(&(PuzzleKind::Crossing, variant)));
        assert!(seen.contains(&(PuzzleKind::Chain, variant)));
    }
}
