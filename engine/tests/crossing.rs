//! The crossing solver: every crossing it returns replays move by move in
//! a rules-crate `Game` and ends with the whole target camp full, with the
//! camp rule and without it, on the square boards and the star. Budgets are
//! small node counts, so the tests are quick and reproducible; how short
//! the crossings get with time is for `halma solve crossing` to show.

use halma::{Game, MoveText, Outcome, Seat, Variant};
use halma_engine::crossing::{self, Crossing};
use halma_engine::{Limits, Stop};

/// Solves with a node budget and checks the answer in a fresh game.
fn solved(variant: Variant, camp_rule: bool, nodes: u64) -> Crossing {
    let found = crossing::solve(variant, camp_rule, Limits::nodes(nodes), &Stop::new())
        .unwrap_or_else(|| panic!("{variant}: no crossing within {nodes} nodes"));
    assert_eq!(found.start, crossing::start(variant));
    assert_eq!(found.rules.camp_rule, camp_rule);
    let mut game = Game::new(found.start.clone(), found.rules);
    for (i, mv) in found.moves.iter().enumerate() {
        assert!(
            !game.outcome().is_over(),
            "{variant}: over before move {}",
            i + 1
        );
        // Through the notation, as `halma play` would read it.
        let text: MoveText = mv.to_string().parse().expect("the notation reads back");
        let chain = game
            .play(&text)
            .unwrap_or_else(|e| panic!("{variant}: move {} ({mv}): {e}", i + 1));
        assert_eq!(
            chain.len(),
            mv.squares().len(),
            "{variant}: {mv} is a shortest chain"
        );
    }
    let end = game.position();
    assert!(end.has_completed(Seat::A), "{variant}: {end}");
    assert_eq!(end.pieces(Seat::A), variant.target_camp(Seat::A));
    assert!(matches!(game.outcome(), Outcome::Win { winners, .. } if winners == &[Seat::A]));
    assert!(found.moves.len() >= crossing::shortest(variant));
    found
}

#[test]
fn small_boards_are_crossed_with_and_without_the_camp_rule() {
    for variant in [Variant::Small, Variant::Ig10] {
        for camp_rule in [true, false] {
            solved(variant, camp_rule, 400_000);
        }
    }
}

#[test]
fn the_standard_board_is_crossed() {
    solved(Variant::Standard, true, 1_500_000);
}

#[test]
fn the_star_is_crossed_with_and_without_the_camp_rule() {
    for camp_rule in [true, false] {
        solved(Variant::Star2, camp_rule, 400_000);
    }
    // Any star variant: its first seat crosses from S to N alone.
    let found = solved(Variant::Star6, true, 400_000);
    assert_eq!(found.start, crossing::start(Variant::Star6));
}

#[test]
fn a_stopped_search_and_a_spent_budget_find_nothing() {
    let stop = Stop::new();
    stop.stop();
    let big = Limits::nodes(u64::MAX);
    // The flag is read every 1024 positions: the first pass cannot end.
    assert!(crossing::solve(Variant::Star2, true, big, &stop).is_none());
    assert!(crossing::solve(Variant::Star2, true, Limits::nodes(500), &Stop::new()).is_none());
}

#[test]
fn more_budget_never_gives_a_longer_crossing() {
    let short = solved(Variant::Small, true, 150_000);
    let long = solved(Variant::Small, true, 1_500_000);
    assert!(long.moves.len() <= short.moves.len());
}
