//! Properties checked on positions reached by random play: notation round
//! trips, agreement of move generation with a naive reference, valid hop
//! chains, and parsers that never panic.

mod common;

use halma::{Game, MoveText, Options, Position, Square, Variant};
use proptest::prelude::*;
use std::collections::BTreeSet;

/// A variant, options and a position reached from its start by random
/// legal moves (the choices index into the sorted move list).
fn position() -> impl Strategy<Value = (Position, Options)> {
    (
        prop::sample::select(Variant::SQUARE.to_vec()),
        any::<bool>(),
        prop::collection::vec(any::<prop::sample::Index>(), 0..120),
    )
        .prop_map(|(variant, camp_rule, choices)| {
            let mut opts = Options::for_variant(variant);
            opts.camp_rule = camp_rule;
            let mut pos = Position::start(variant);
            for choice in choices {
                let moves = pos.legal_moves(&opts);
                if moves.is_empty() {
                    pos = pos.passed();
                    continue;
                }
                pos = pos.play_unchecked(moves[choice.index(moves.len())]);
            }
            (pos, opts)
        })
}

/// Destinations of the piece on `from` computed the slow, obvious way: the
/// eight steps, then every hop chain explored depth-first.
fn reference_destinations(pos: &Position, from: Square, opts: &Options) -> BTreeSet<Square> {
    let variant = pos.variant();
    let target = variant.target_camp(pos.to_move());
    let confined = |sq: Square| opts.camp_rule && target.contains(sq);
    // The moving piece has left its start square.
    let empty = |sq: Square| sq == from || (variant.contains(sq) && pos.piece_at(sq).is_none());
    let mut found = BTreeSet::new();
    for df in -1..=1i8 {
        for dr in -1..=1i8 {
            if let Some(to) = from.offset(df, dr) {
                let allowed = !confined(from) || confined(to);
                if to != from && variant.contains(to) && pos.piece_at(to).is_none() && allowed {
                    found.insert(to);
                }
            }
        }
    }
    fn hop(
        at: Square,
        seen: &mut Vec<Square>,
        found: &mut BTreeSet<Square>,
        occupied: &dyn Fn(Square) -> bool,
        empty: &dyn Fn(Square) -> bool,
        confined: &dyn Fn(Square) -> bool,
    ) {
        for df in -1..=1i8 {
            for dr in -1..=1i8 {
                let (Some(over), Some(land)) = (at.offset(df, dr), at.offset(2 * df, 2 * dr))
                else {
                    continue;
                };
                if (df, dr) == (0, 0) || !occupied(over) || !empty(land) || seen.contains(&land) {
                    continue;
                }
                if confined(at) && !confined(land) {
                    continue;
                }
                seen.push(land);
                found.insert(land);
                hop(land, seen, found, occupied, empty, confined);
                seen.pop();
            }
        }
    }
    let occupied = |sq: Square| sq != from && pos.piece_at(sq).is_some();
    hop(
        from,
        &mut vec![from],
        &mut found,
        &occupied,
        &empty,
        &confined,
    );
    found.remove(&from);
    found
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(48))]

    #[test]
    fn position_strings_round_trip((pos, _) in position()) {
        let text = pos.to_string();
        let again: Position = text.parse().expect("a printed position parses");
        prop_assert_eq!(&again, &pos);
        prop_assert_eq!(again.to_string(), text);
    }

    #[test]
    fn every_piece_count_is_kept((pos, _) in position()) {
        let v = pos.variant();
        for seat in v.seats() {
            prop_assert_eq!(pos.pieces(seat).count(), v.pieces_per_player());
        }
        prop_assert!(pos.occupied().is_subset(v.board()));
    }

    #[test]
    fn generated_moves_match_the_reference((pos, opts) in position()) {
        let mut generated = BTreeSet::new();
        for mv in pos.legal_moves(&opts) {
            prop_assert!(generated.insert((mv.from, mv.to)), "duplicate move {}", mv);
        }
        let mut reference = BTreeSet::new();
        for from in pos.pieces(pos.to_move()).squares() {
            for to in reference_destinations(&pos, from, &opts) {
                reference.insert((from, to));
            }
        }
        prop_assert_eq!(generated, reference);
    }

    #[test]
    fn moves_into_a_reused_buffer_match_the_list((pos, opts) in position()) {
        // A buffer holding another position's moves is cleared, not appended to.
        let mut buffer = Position::start(pos.variant()).legal_moves(&opts);
        pos.legal_moves_into(&opts, &mut buffer);
        prop_assert_eq!(&buffer, &pos.legal_moves(&opts));
        let passed = pos.passed();
        passed.legal_moves_into(&opts, &mut buffer);
        prop_assert_eq!(&buffer, &passed.legal_moves(&opts));
    }

    #[test]
    fn every_legal_move_applies_and_every_other_pair_is_refused((pos, opts) in position()) {
        common::legal_moves_apply_and_others_are_refused(&pos, &opts)?;
    }

    #[test]
    fn chains_are_valid_hop_by_hop((pos, opts) in position()) {
        for mv in pos.legal_moves(&opts) {
            let chain = pos.chain(mv, &opts).expect("a legal move has a chain");
            prop_assert_eq!(chain.first(), Some(&mv.from));
            prop_assert_eq!(chain.last(), Some(&mv.to));
            if chain.len() > 2 || mv.from.distance(mv.to) > 1 {
                for w in chain.windows(2) {
                    let df = w[1].file() as i8 - w[0].file() as i8;
                    let dr = w[1].rank() as i8 - w[0].rank() as i8;
                    prop_assert!(df.abs() % 2 == 0 && dr.abs() % 2 == 0 && (df, dr) != (0, 0));
                    prop_assert!(df == 0 || dr == 0 || df.abs() == dr.abs());
                    let over = w[0].offset(df / 2, dr / 2).expect("between two squares");
                    prop_assert!(over != mv.from && pos.piece_at(over).is_some());
                }
                let written = MoveText::from_squares(chain.clone()).expect("two or more");
                let checked = pos.check_text(&written, &opts).map(|r| r.0);
                prop_assert_eq!(checked, Ok(mv));
            }
        }
    }

    #[test]
    fn games_replayed_from_their_moves_agree((pos, opts) in position()) {
        // Replaying the printed chains of a short game reproduces it.
        let mut game = Game::new(pos.clone(), opts);
        let mut texts = Vec::new();
        for _ in 0..6 {
            if game.outcome().is_over() {
                break;
            }
            let mv = game.position().legal_moves(&opts)[0];
            let chain = game.play(&mv.into()).expect("generated moves are legal");
            texts.push(MoveText::from_squares(chain).expect("two or more"));
        }
        let replayed = Game::replay(pos, opts, &texts).expect("replays");
        prop_assert_eq!(replayed.position(), game.position());
    }

    #[test]
    fn a_game_resumed_from_any_snapshot_goes_on_alike(
        (pos, mut opts) in position(),
        limit in prop::option::of(1u32..12),
        picks in prop::collection::vec(any::<prop::sample::Index>(), 1..10),
    ) {
        // Stopping after every ply and resuming from the snapshot gives the same positions,
        // passes, snapshots and outcome as playing straight through.
        opts.ply_limit = limit;
        let mut straight = Game::new(pos.clone(), opts);
        let mut resumed = Game::new(pos, opts);
        for pick in picks {
            if straight.outcome().is_over() {
                break;
            }
            resumed = Game::resume(resumed.snapshot(), opts);
            let moves = straight.position().legal_moves(&opts);
            let mv = moves[pick.index(moves.len())];
            straight.play(&mv.into()).expect("generated moves are legal");
            resumed.play(&mv.into()).expect("the same move is legal after resuming");
            prop_assert_eq!(resumed.snapshot(), straight.snapshot());
            prop_assert_eq!(resumed.outcome(), straight.outcome());
        }
    }

    #[test]
    fn move_texts_round_trip(squares in prop::collection::vec(0u8..=255, 2..8)) {
        let squares: Vec<Square> = squares.into_iter().map(Square::from_index).collect();
        let text = MoveText::from_squares(squares.clone()).expect("two or more");
        let printed = text.to_string();
        let again: MoveText = printed.parse().expect("printed text parses");
        prop_assert_eq!(again.squares(), &squares[..]);
        let spaced: MoveText = printed.replace('-', " ").to_uppercase().parse().expect("parses");
        prop_assert_eq!(spaced, text);
    }

    #[test]
    fn parsers_never_panic(s in "\\PC{0,80}") {
        let _ = s.parse::<Square>();
        let _ = s.parse::<MoveText>();
        let _ = s.parse::<halma::Move>();
        let _ = s.parse::<Position>();
        let _ = s.parse::<Variant>();
        let _ = Options::for_variant(Variant::Standard).set_pair(&s);
    }

    #[test]
    fn position_parser_never_panics_on_near_misses(
        (pos, _) in position(),
        cut in any::<prop::sample::Index>(),
        junk in "[a-e0-9/ ]{0,4}",
    ) {
        let text = pos.to_string();
        let at = cut.index(text.len());
        let mangled = format!("{}{}{}", &text[..at], junk, &text[at..]);
        if let Ok(p) = mangled.parse::<Position>() {
            prop_assert_eq!(p.to_string().parse::<Position>().ok(), Some(p));
        }
    }
}
