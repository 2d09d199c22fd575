//! The crossing puzzle: its setup on every board, attempts checked move by
//! move as in a game, and the par the solver finds, replayed through the
//! rules crate. Solver budgets are smoke-sized node counts: quick and the
//! same on every run; how short the crossings get is the CLI's business.

use halma::{Game, IllegalMove, Move, MoveText, Outcome, Position, Seat, Variant};
use halma_puzzles::{compute_par, CrossingPuzzle, Limits, ParError, Stop, CROSSING_BOARDS};

/// The par of `variant` with a small node budget.
fn par_moves(variant: Variant) -> Vec<MoveText> {
    let nodes = if variant == Variant::Standard {
        1_500_000
    } else {
        200_000
    };
    compute_par(variant, Limits::nodes(nodes), &Stop::new())
        .unwrap_or_else(|e| panic!("{variant}: {e}"))
        .moves
}

#[test]
fn each_board_starts_with_the_first_seat_alone_in_its_camp() {
    for variant in CROSSING_BOARDS {
        let puzzle = CrossingPuzzle::new(variant).unwrap();
        let start = puzzle.start();
        assert_eq!(start.variant(), variant);
        assert_eq!(start.to_move(), Seat::A);
        assert_eq!(
            start.pieces(Seat::A),
            variant.home_camp(Seat::A),
            "{variant}"
        );
        assert_eq!(start.occupied(), variant.home_camp(Seat::A), "{variant}");
        assert_eq!(puzzle.target(), variant.target_camp(Seat::A));
        assert_eq!(
            puzzle.target().count(),
            variant.home_camp(Seat::A).count(),
            "{variant}: as many target squares as pieces"
        );
        assert!(puzzle.rules().camp_rule && !puzzle.rules().balance);
    }
    assert_eq!(
        CrossingPuzzle::new(Variant::Star2)
            .unwrap()
            .start()
            .pieces(Seat::A)
            .count(),
        10
    );
    for variant in [Variant::Three, Variant::Four, Variant::Star6] {
        assert!(CrossingPuzzle::new(variant).is_err(), "{variant}");
        assert_eq!(
            compute_par(variant, Limits::nodes(10), &Stop::new()),
            Err(ParError::NotACrossingBoard(variant))
        );
    }
}

#[test]
fn every_par_replays_in_a_game_and_fills_the_target_camp() {
    for variant in CROSSING_BOARDS {
        let moves = par_moves(variant);
        let puzzle = CrossingPuzzle::new(variant).unwrap();
        // Through a game of the rules crate, read back from the notation.
        let mut game = Game::new(puzzle.start().clone(), puzzle.rules());
        for (i, mv) in moves.iter().enumerate() {
            assert!(
                !game.outcome().is_over(),
                "{variant}: over before {}",
                i + 1
            );
            let text: MoveText = mv.to_string().parse().unwrap();
            game.play(&text)
                .unwrap_or_else(|e| panic!("{variant}: move {} ({mv}): {e}", i + 1));
        }
        assert_eq!(
            game.position().pieces(Seat::A),
            puzzle.target(),
            "{variant}"
        );
        assert!(matches!(game.outcome(), Outcome::Win { winners, .. } if winners == &[Seat::A]));
        // And as a player's attempt.
        let attempt = puzzle.replay(&moves).unwrap();
        assert!(attempt.is_complete());
        assert_eq!(attempt.moves(), moves.len());
        assert_eq!(attempt.pieces_home(), puzzle.target().count());
        assert!(moves.len() >= variant.home_camp(Seat::A).count() as usize);
    }
}

#[test]
fn an_attempt_counts_only_legal_moves_and_ends_when_the_camp_is_full() {
    let puzzle = CrossingPuzzle::new(Variant::Small).unwrap();
    let moves = par_moves(Variant::Small);
    let mut attempt = puzzle.attempt();
    for (i, mv) in moves.iter().enumerate() {
        assert!(!attempt.is_complete(), "complete before move {}", i + 1);
        // A move onto an occupied square, or from an empty one, never counts.
        let pos = attempt.position().clone();
        let from = pos.pieces(Seat::A).squares().next().unwrap();
        let other = pos.pieces(Seat::A).squares().nth(1).unwrap();
        let onto_own = MoveText::from(Move { from, to: other });
        assert!(matches!(
            attempt.play(&onto_own),
            Err(IllegalMove::Occupied(_))
        ));
        assert_eq!(attempt.moves(), i);
        assert_eq!(attempt.position(), &pos);
        let chain = attempt.play(mv).unwrap();
        assert_eq!(chain.as_slice(), attempt.last_chain().unwrap());
        assert_eq!(attempt.moves(), i + 1);
    }
    assert!(attempt.is_complete());
    // The full camp leaves no move at all; any text is refused as over.
    assert!(attempt.position().legal_moves(&puzzle.rules()).is_empty());
    assert_eq!(attempt.play(&moves[0]), Err(IllegalMove::GameOver));
    assert_eq!(attempt.moves(), moves.len());
}

#[test]
fn a_piece_in_the_target_camp_may_not_leave_it() {
    let variant = Variant::Ig10;
    let puzzle = CrossingPuzzle::new(variant).unwrap();
    let moves = par_moves(variant);
    let mut attempt = puzzle.attempt();
    let mut refused = 0;
    for mv in &moves {
        let pos: Position = attempt.position().clone();
        let target = puzzle.target();
        // Every move out of the camp: legal without the camp rule, refused
        // in the puzzle.
        let free = halma::Options {
            camp_rule: false,
            ..puzzle.rules()
        };
        for from in (pos.pieces(Seat::A) & target).squares() {
            for to in pos.destinations(from, &free).squares() {
                if target.contains(to) {
                    continue;
                }
                let mut tried = attempt.clone();
                assert!(
                    matches!(
                        tried.play(&Move { from, to }.into()),
                        Err(IllegalMove::LeavesTargetCamp { .. })
                    ),
                    "{from}-{to} in {pos}"
                );
                refused += 1;
            }
        }
        attempt.play(mv).unwrap();
    }
    assert!(refused > 0, "the par never had a piece that could step out");
}

#[test]
fn a_stored_attempt_comes_back_the_same() {
    let puzzle = CrossingPuzzle::new(Variant::Star2).unwrap();
    let moves = par_moves(Variant::Star2);
    let mut attempt = puzzle.attempt();
    for mv in &moves[..moves.len() / 2] {
        // By its ends only: the attempt writes the whole chain back.
        attempt.play(&mv.ends().into()).unwrap();
    }
    let stored = attempt.played();
    assert_eq!(stored.len(), moves.len() / 2);
    let back = puzzle.replay(&stored).unwrap();
    assert_eq!(back.position(), attempt.position());
    assert_eq!(back.moves(), attempt.moves());
    // A stored list with a bad move says which.
    let mut broken = stored.clone();
    broken.insert(1, broken[0].clone());
    assert_eq!(puzzle.replay(&broken).unwrap_err().0, 1);
}
