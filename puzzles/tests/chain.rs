//! The chain puzzle against an independent brute force: every pair of
//! squares is tried as a move through the rules crate's own check, each
//! legal one is played, and the distance still to go is measured on the
//! whole position with the rules crate's measure. The crate's scan (legal
//! move list, per-square distances) is not used to get the expected answer.

use halma::{Game, Move, Options, Position, Square, Variant};
use halma_puzzles::{
    chain_from_positions, generate_chain, is_worthwhile, self_play, ChainAnswer, ChainPuzzle,
    MIN_HOPS,
};

/// Every legal move of the player to move with its gain, found by trying
/// every (from, to) pair of squares on the board.
fn brute_force(pos: &Position, rules: &Options) -> Vec<(Move, i64)> {
    let seat = pos.to_move();
    let before = pos.distance_to_go(seat) as i64;
    let board: Vec<Square> = pos.variant().board().squares().collect();
    let mut out = Vec::new();
    for &from in &board {
        for &to in &board {
            let mv = Move { from, to };
            if pos.check_move(mv, rules).is_ok() {
                let after = pos.play_unchecked(mv).distance_to_go(seat) as i64;
                out.push((mv, before - after));
            }
        }
    }
    out
}

/// Checks the crate's verdict on `pos` against the brute force.
fn agrees(pos: &Position, rules: &Options) -> Option<ChainPuzzle> {
    let all = brute_force(pos, rules);
    let puzzle = ChainPuzzle::from_position(pos, rules);
    let Some(&top) = all.iter().map(|(_, g)| g).max() else {
        assert!(puzzle.is_none(), "no moves in {pos}");
        return None;
    };
    let at_top: Vec<Move> = all.iter().filter(|m| m.1 == top).map(|m| m.0).collect();
    if at_top.len() > 1 {
        assert!(puzzle.is_none(), "{pos}: tied {at_top:?}");
        return None;
    }
    let puzzle = puzzle.unwrap_or_else(|| panic!("{pos}: unique best {at_top:?} missed"));
    assert_eq!(puzzle.best(), at_top[0], "{pos}");
    assert_eq!(puzzle.gain() as i64, top, "{pos}");
    assert_eq!(puzzle.legal_moves(), all.len(), "{pos}");
    assert_eq!(puzzle.player(), pos.to_move());
    let second = all.iter().map(|m| m.1).filter(|&g| g < top).max();
    assert_eq!(puzzle.runner_up().map(i64::from), second, "{pos}");
    Some(puzzle)
}

#[test]
fn the_answer_is_the_unique_best_move_by_brute_force() {
    let mut found = 0;
    for variant in [
        Variant::Small,
        Variant::Star2,
        Variant::Ig10,
        Variant::Three,
    ] {
        let rules = Options::for_variant(variant);
        for seed in 0..2 {
            let game = self_play(variant, &rules, seed);
            // Every fifth position: the brute force tries every pair.
            for pos in game.iter().step_by(5) {
                found += agrees(pos, &rules).is_some() as usize;
            }
        }
    }
    assert!(found > 10, "only {found} puzzles among the positions");
}

#[test]
fn generated_puzzles_agree_with_the_brute_force_and_are_worthwhile() {
    for variant in [
        Variant::Small,
        Variant::Star2,
        Variant::Ig10,
        Variant::Standard,
    ] {
        let rules = Options::for_variant(variant);
        for seed in [1, 99] {
            let puzzle = generate_chain(variant, &rules, &[], seed)
                .unwrap_or_else(|| panic!("{variant}: nothing from seed {seed}"));
            assert!(is_worthwhile(&puzzle), "{variant} {seed}");
            let again = agrees(puzzle.position(), &rules).unwrap();
            assert_eq!(again, puzzle);
            assert_eq!(generate_chain(variant, &rules, &[], seed), Some(puzzle));
        }
    }
}

#[test]
fn the_answers_chain_plays_in_a_game_with_enough_hops() {
    let rules = Options::for_variant(Variant::Ig10);
    let puzzle = generate_chain(Variant::Ig10, &rules, &[], 5).unwrap();
    assert!(puzzle.hops() >= MIN_HOPS);
    let chain = puzzle.chain().to_vec();
    assert_eq!(chain.len(), puzzle.hops() + 1);
    assert_eq!(
        (chain[0], chain[chain.len() - 1]),
        (puzzle.best().from, puzzle.best().to)
    );
    let whole = halma::MoveText::from_squares(chain).unwrap();
    let mut game = Game::new(puzzle.position().clone(), rules);
    game.play(&whole).unwrap();
    // Each hop moves two squares along a line.
    for w in puzzle.chain().windows(2) {
        assert_eq!(w[0].distance(w[1]), 2, "{w:?}");
    }
}

#[test]
fn every_move_is_judged_and_illegal_ones_are_refused() {
    let rules = Options::for_variant(Variant::Small);
    let puzzle = generate_chain(Variant::Small, &rules, &[], 3).unwrap();
    let pos = puzzle.position();
    let mut solved = 0;
    for (mv, _) in brute_force(pos, &rules) {
        match puzzle.answer(&mv.into()).unwrap() {
            ChainAnswer::Solved => {
                assert_eq!(mv, puzzle.best());
                solved += 1;
            }
            ChainAnswer::Wrong { played, gain } => {
                assert_eq!(played, mv);
                assert!(gain < puzzle.gain());
            }
        }
    }
    assert_eq!(solved, 1);
    // Another player's piece, or an empty square: an error, not an answer.
    let theirs = pos
        .pieces(pos.next_seat(pos.to_move()))
        .squares()
        .next()
        .unwrap();
    let empty = pos
        .variant()
        .board()
        .squares()
        .find(|&s| pos.piece_at(s).is_none());
    let to = empty.unwrap();
    assert!(puzzle.answer(&Move { from: theirs, to }.into()).is_err());
}

#[test]
fn a_puzzle_from_given_positions_is_one_of_them() {
    let rules = Options::for_variant(Variant::Star2);
    let game = self_play(Variant::Star2, &rules, 11);
    let puzzle = generate_chain(Variant::Star2, &rules, &game, 4).unwrap();
    assert!(game.contains(puzzle.position()));
    assert_eq!(chain_from_positions(&game, &rules, 4), Some(puzzle.clone()));
    // Another seed may pick another position, but always one of these.
    for seed in 0..5 {
        let other = generate_chain(Variant::Star2, &rules, &game, seed).unwrap();
        assert!(game.contains(other.position()));
    }
    // Positions of another board are not used.
    let small = self_play(Variant::Small, &Options::for_variant(Variant::Small), 1);
    let from_star = generate_chain(Variant::Star2, &rules, &small, 4).unwrap();
    assert_eq!(from_star.position().variant(), Variant::Star2);
}
