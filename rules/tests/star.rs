//! The star (Stern-Halma): the rule book's examples, game ends, and
//! properties on positions reached by random play (move generation against a
//! slow reference, position strings, chains, the star's symmetries).

mod common;

use halma::{
    perft, DrawReason, Game, IllegalMove, MoveText, Options, Outcome, Point, Position, Seat,
    Square, Variant, WinReason,
};
use proptest::prelude::*;
use std::collections::BTreeSet;

fn pos(s: &str) -> Position {
    s.parse().unwrap_or_else(|e| panic!("{s}: {e}"))
}

fn sq(s: &str) -> Square {
    s.parse().unwrap()
}

fn text(s: &str) -> MoveText {
    s.parse().unwrap()
}

fn moves(p: &Position, opts: &Options) -> Vec<String> {
    let mut names: Vec<String> = p.legal_moves(opts).iter().map(|m| m.to_string()).collect();
    names.sort();
    names
}

fn opts_with(p: &Position, pairs: &[&str]) -> Options {
    let mut opts = Options::default_for(p);
    for pair in pairs {
        opts.set_pair(pair).unwrap();
    }
    opts
}

// ---------------------------------------------------------------------------
// The rule book's examples.

#[test]
fn the_camp_rule_holds_per_hop() {
    let p = pos("star2 1/2/3/1b2/6bb5/5a6/11/10/9/10/11/12/13/4/3/2/1 a");
    let opts = opts_with(&p, &[]);
    assert_eq!(
        moves(&p, &opts),
        ["g12-e14", "g12-f12", "g12-f13", "g12-g11", "g12-g14", "g12-h11", "g12-h12"]
    );
    // The chain enters N and hops on inside it, but may not leave it again.
    assert!(p.check_text(&text("g12-g14-e14"), &opts).is_ok());
    assert_eq!(
        p.check_text(&text("g12-g14-i12"), &opts),
        Err(IllegalMove::LeavesTargetCamp {
            from: sq("g14"),
            to: sq("i12")
        })
    );
    assert_eq!(
        p.check_move("g12-i12".parse().unwrap(), &opts),
        Err(IllegalMove::LeavesTargetCamp {
            from: sq("g14"),
            to: sq("i12")
        })
    );
    let off = opts_with(&p, &["camp_rule=off"]);
    assert!(moves(&p, &off).contains(&"g12-i12".to_string()));
    assert_eq!(moves(&p, &off).len(), 8);
}

#[test]
fn no_parking_keeps_moves_out_of_foreign_points() {
    let p = pos("star2 1/2/3/4/8b4/12/11/10/9/10/11/12/3ba8/4/3/2/1 a");
    let opts = opts_with(&p, &[]);
    assert_eq!(
        moves(&p, &opts),
        ["i5-g5", "i5-h6", "i5-i6", "i5-j4", "i5-j5"]
    );
    let strict = opts_with(&p, &["no_parking=on"]);
    assert_eq!(moves(&p, &strict), ["i5-h6", "i5-i6", "i5-j4", "i5-j5"]);
    assert_eq!(
        p.check_move("i5-g5".parse().unwrap(), &strict),
        Err(IllegalMove::EndsInForeignPoint(sq("g5")))
    );
    assert_eq!(
        p.check_text(&text("i5-g5"), &strict),
        Err(IllegalMove::EndsInForeignPoint(sq("g5")))
    );
    // b stands in SW, a foreign point for it, and may leave it; from i13 it
    // may step into its home N but not into NE.
    let b = p.with_to_move(Seat::B).unwrap();
    let b_moves = moves(&b, &strict);
    assert!(b_moves.iter().any(|m| m.starts_with("h5-")));
    assert!(b_moves.contains(&"i13-h14".to_string()));
    assert!(!b_moves.contains(&"i13-j13".to_string()));
    assert!(moves(&b, &opts).contains(&"i13-j13".to_string()));
    assert_eq!(
        Variant::Star2.foreign_points(Seat::B),
        Variant::Star2.board()
            & !Variant::Star2.home_camp(Seat::B)
            & !Variant::Star2.target_camp(Seat::B)
            & (Variant::Star6.home_camp(Seat::B)
                | Variant::Star6.home_camp(Seat::C)
                | Variant::Star6.home_camp(Seat::E)
                | Variant::Star6.home_camp(Seat::F))
    );
}

#[test]
fn holes_are_named_on_the_sheared_grid() {
    let start = Position::start(Variant::Star6);
    let opts = Options::for_variant(Variant::Star6);
    assert_eq!(start.piece_at(sq("m1")), Some(Seat::A));
    assert_eq!(start.piece_at(sq("e17")), Some(Seat::D));
    assert_eq!(start.piece_at(sq("a13")), Some(Seat::C));
    assert_eq!(start.piece_at(sq("i9")), None);
    assert_eq!(
        start.check_move("a1-a2".parse().unwrap(), &opts),
        Err(IllegalMove::OffBoard(sq("a1")))
    );
    assert_eq!(
        start.check_move("j4-j10".parse().unwrap(), &opts),
        Err(IllegalMove::Unreachable {
            from: sq("j4"),
            to: sq("j10")
        })
    );
    // j5 is a neighbour of j4, i5 (file -1, rank +1) too, k5 is not.
    assert!(start.check_move("j4-j5".parse().unwrap(), &opts).is_ok());
    assert!(start.check_move("j4-i5".parse().unwrap(), &opts).is_ok());
    assert!(start.check_move("j4-k5".parse().unwrap(), &opts).is_err());
    // A hop from the start: k3 over k4 to k5.
    let (mv, chain) = start.check_text(&text("K3 k5"), &opts).unwrap();
    assert_eq!(mv.to_string(), "k3-k5");
    assert_eq!(chain, [sq("k3"), sq("k5")]);
    assert_eq!(
        start.check_text(&text("k3-k4-k5"), &opts),
        Err(IllegalMove::NotAHop {
            from: sq("k3"),
            to: sq("k4")
        })
    );
    assert_eq!(Variant::Star6.home_point(Seat::D), Some(Point::N));
    assert_eq!(Variant::Star6.distance(sq("i9"), sq("j10")), 2);
    assert_eq!(Variant::Star6.distance(sq("m1"), sq("e17")), 16);
}

// ---------------------------------------------------------------------------
// Game ends.

/// a needs one step (h13-h14) to fill N; b waits at home in S.
const A_ONE_STEP: &str = "star2 a/aa/aaa/aaa1/7a5/12/11/10/9/10/11/12/13/bbbb/bbb/bb/b a";
/// As above, and b too is one step (j5-j4) from filling S.
const BOTH_ONE_STEP: &str = "star2 a/aa/aaa/aaa1/7a5/12/11/10/9/10/11/12/5b7/1bbb/bbb/bb/b a";

#[test]
fn filling_the_target_point_wins() {
    let p = pos(A_ONE_STEP);
    let mut game = Game::new(p.clone(), Options::default_for(&p));
    game.play(&text("h13-h14")).unwrap();
    assert_eq!(
        game.outcome(),
        &Outcome::Win {
            winners: vec![Seat::A],
            reason: WinReason::Completed
        }
    );
}

#[test]
fn star2_balance_gives_the_second_player_an_extra_turn() {
    let p = pos(BOTH_ONE_STEP);
    let mut opts = Options::default_for(&p);
    assert!(!opts.balance);
    opts.balance = true;
    let mut game = Game::new(p.clone(), opts);
    game.play(&text("h13-h14")).unwrap();
    assert!(!game.outcome().is_over());
    game.play(&text("j5-j4")).unwrap();
    assert_eq!(
        game.outcome(),
        &Outcome::Draw {
            reason: DrawReason::Balance
        }
    );
    let mut game = Game::new(p, opts);
    game.play(&text("h13-h14")).unwrap();
    game.play(&text("j5-i6")).unwrap();
    assert_eq!(
        game.outcome(),
        &Outcome::Win {
            winners: vec![Seat::A],
            reason: WinReason::Completed
        }
    );
}

#[test]
fn anti_spoiling_wins_with_a_full_target_point() {
    // b never left N; a fills the rest of it.
    let p = pos("star2 b/bb/bbb/bbb1/7a5/12/11/10/9/10/11/12/13/aaaa/aaa/aa/1 a");
    let mut opts = Options::default_for(&p);
    let mut game = Game::new(p.clone(), opts);
    game.play(&text("h13-h14")).unwrap();
    assert!(!game.outcome().is_over());
    opts.anti_spoiling = true;
    let mut game = Game::new(p, opts);
    game.play(&text("h13-h14")).unwrap();
    assert_eq!(
        game.outcome(),
        &Outcome::Win {
            winners: vec![Seat::A],
            reason: WinReason::AntiSpoiling
        }
    );
}

#[test]
fn the_ply_limit_draws_on_the_star() {
    let start = Position::start(Variant::Star4);
    let mut opts = Options::for_variant(Variant::Star4);
    opts.ply_limit = Some(2);
    let mut game = Game::new(start, opts);
    game.play(&text("j4-j5")).unwrap();
    assert!(!game.outcome().is_over());
    let mv = game.position().legal_moves(&opts)[0];
    game.play(&mv.into()).unwrap();
    assert_eq!(
        game.outcome(),
        &Outcome::Draw {
            reason: DrawReason::PlyLimit
        }
    );
}

#[test]
fn a_player_without_moves_passes() {
    // a's only piece sits on the tip m1, boxed in by b's pieces with
    // nothing free to hop to.
    let p = pos("star2 1/2/3/4/13/12/11/10/9/10/11/12/13/1bbb/bbb/bb/a a");
    let opts = Options::default_for(&p);
    assert!(p.legal_moves(&opts).is_empty());
    assert_eq!(perft(&p, &opts, 1), 1);
    let game = Game::new(p, opts);
    assert_eq!(game.position().to_move(), Seat::B);
    assert!(matches!(
        game.plies()[0],
        halma::Ply::Pass { seat: Seat::A }
    ));
}

#[test]
fn a_player_who_leaves_takes_their_pieces_off_the_star() {
    let start = Position::start(Variant::Star6);
    let opts = Options::for_variant(Variant::Star6);
    let mut game = Game::new(start, opts);
    game.remove_player(Seat::A).unwrap();
    let p = game.position().clone();
    assert!(!p.in_play(Seat::A));
    assert!(p.pieces(Seat::A).is_empty());
    assert_eq!(p.to_move(), Seat::B);
    assert_eq!(p.next_seat(Seat::F), Seat::B);
    assert_eq!(p.to_string().parse::<Position>(), Ok(p.clone()));
    // a's home (d's target) no longer blocks d.
    assert!((p.occupied() & Variant::Star6.target_camp(Seat::D)).is_empty());
    assert_eq!(
        game.remove_player(Seat::A),
        Err(IllegalMove::CannotRemove(Seat::A))
    );
    for seat in [Seat::B, Seat::C, Seat::D, Seat::E] {
        assert!(!game.outcome().is_over());
        game.remove_player(seat).unwrap();
    }
    assert_eq!(
        game.outcome(),
        &Outcome::Win {
            winners: vec![Seat::F],
            reason: WinReason::LastPlayer
        }
    );
    // Two players cannot go on without one.
    assert!(Position::start(Variant::Star2).without(Seat::A).is_none());
    assert!(Position::start(Variant::Star3).without(Seat::C).is_some());
}

#[test]
fn the_others_are_ranked_by_pieces_home_then_distance() {
    // star3: a fills N with h13-h14. b (NW -> SE) has one piece in SE, c
    // (NE -> SW) none in SW, so b ranks before c even though c is nearer.
    let p = pos("star3 a/aa/aaa/aaa1/b6a5/12/11/10/cc7/10/11/12/12b/4/3/2/1 a");
    assert_eq!(p.pieces_home(Seat::B), 1);
    assert_eq!(p.pieces_home(Seat::C), 0);
    let mut game = Game::new(p.clone(), Options::for_variant(Variant::Star3));
    game.play(&text("h13-h14")).unwrap();
    assert_eq!(
        game.outcome(),
        &Outcome::Win {
            winners: vec![Seat::A],
            reason: WinReason::Completed
        }
    );
    assert_eq!(game.standings(), [Seat::A, Seat::B, Seat::C]);
    assert_eq!(
        (p.distance_to_go(Seat::B), p.distance_to_go(Seat::C)),
        (13, 1 + 2)
    );
    // Distances go along the star's lines: b's piece on e5 is 13 steps from
    // NE (m10 is the nearest hole), where a king on the grid would need 8.
    let q = pos("star6 1/2/3/4/13/12/11/10/9/10/11/12/b12/4/3/2/a a");
    assert_eq!(q.distance_to_go(Seat::B), 13);
    assert_eq!(sq("e5").distance(sq("m10")), 8);
}

// ---------------------------------------------------------------------------
// Properties.

/// A star variant, options and a position reached from its start by random
/// legal moves (the choices index into the move list), with random removals
/// of players in games of three or more.
fn star_position() -> impl Strategy<Value = (Position, Options)> {
    (
        prop::sample::select(Variant::STAR.to_vec()),
        any::<bool>(),
        any::<bool>(),
        prop::collection::vec(any::<prop::sample::Index>(), 0..160),
        prop::option::of(any::<prop::sample::Index>()),
    )
        .prop_map(|(variant, camp_rule, no_parking, choices, removal)| {
            let mut opts = Options::for_variant(variant);
            opts.camp_rule = camp_rule;
            opts.no_parking = no_parking;
            let mut pos = Position::start(variant);
            if let Some(r) = removal {
                let seat = Seat::new(r.index(variant.players()) as u8).unwrap();
                if let Some(p) = pos.without(seat) {
                    pos = p;
                }
            }
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

/// The six directions of the star's lines.
const LINES: [(i8, i8); 6] = [(1, 0), (-1, 0), (0, 1), (0, -1), (1, -1), (-1, 1)];

/// Destinations of the piece on `from` the slow, obvious way: the six
/// steps, then every hop chain explored depth-first; then the parking ban
/// on where the move ends.
fn reference_destinations(pos: &Position, from: Square, opts: &Options) -> BTreeSet<Square> {
    let variant = pos.variant();
    let seat = pos.to_move();
    let target = variant.target_camp(seat);
    let foreign = variant.foreign_points(seat);
    let confined = |sq: Square| opts.camp_rule && target.contains(sq);
    let on = |sq: Option<Square>| sq.filter(|&s| variant.contains(s));
    let empty = |sq: Square| sq == from || pos.piece_at(sq).is_none();
    let occupied = |sq: Square| sq != from && pos.piece_at(sq).is_some();
    let mut found = BTreeSet::new();
    for (df, dr) in LINES {
        if let Some(to) = on(from.offset(df, dr)) {
            if pos.piece_at(to).is_none() && (!confined(from) || confined(to)) {
                found.insert(to);
            }
        }
    }
    let mut stack = vec![(from, vec![from])];
    while let Some((at, path)) = stack.pop() {
        for (df, dr) in LINES {
            let (Some(over), Some(land)) = (on(at.offset(df, dr)), on(at.offset(2 * df, 2 * dr)))
            else {
                continue;
            };
            if !occupied(over) || !empty(land) || path.contains(&land) {
                continue;
            }
            if confined(at) && !confined(land) {
                continue;
            }
            found.insert(land);
            let mut longer = path.clone();
            longer.push(land);
            stack.push((land, longer));
        }
    }
    found.remove(&from);
    if opts.no_parking {
        found.retain(|&sq| !foreign.contains(sq));
    }
    found
}

/// A position string written square by square from the public API, for
/// positions built in the tests.
fn write_position(
    variant: Variant,
    piece_at: impl Fn(Square) -> Option<Seat>,
    to_move: Seat,
) -> String {
    let mut ranks = Vec::new();
    for rank in (0..17u8).rev() {
        let mut out = String::new();
        let mut empty = 0;
        for file in 0..17u8 {
            let Some(sq) = Square::new(file, rank).filter(|&s| variant.contains(s)) else {
                continue;
            };
            match piece_at(sq) {
                Some(seat) => {
                    if empty > 0 {
                        out.push_str(&empty.to_string());
                        empty = 0;
                    }
                    out.push(seat.letter());
                }
                None => empty += 1,
            }
        }
        if empty > 0 {
            out.push_str(&empty.to_string());
        }
        ranks.push(out);
    }
    format!(
        "{} {} {}",
        variant.name(),
        ranks.join("/"),
        to_move.letter()
    )
}

/// One of the star's twelve symmetries: `turns` sixths of a full turn,
/// after a mirror image if `mirror`.
#[derive(Clone, Copy, Debug)]
struct Symmetry {
    turns: u8,
    mirror: bool,
}

impl Symmetry {
    fn all() -> impl Iterator<Item = Symmetry> {
        (0..12).map(|i| Symmetry {
            turns: i % 6,
            mirror: i >= 6,
        })
    }

    /// The image of a hole, through cube coordinates x, y, z (x + y + z = 0).
    fn square(self, sq: Square) -> Square {
        let (mut x, mut y) = (sq.file() as i32 - 8, sq.rank() as i32 - 8);
        if self.mirror {
            (x, y) = (y, x);
        }
        for _ in 0..self.turns {
            let z = -x - y;
            (x, y) = (-z, -x);
        }
        Square::new((x + 8) as u8, (y + 8) as u8).expect("a hole's image is a hole")
    }

    /// The image of a point.
    fn point(self, p: Point) -> Point {
        let v = Variant::Star6;
        let seat = Seat::new(p.index() as u8).unwrap();
        let some_hole = v.home_camp(seat).squares().next().unwrap();
        let image = self.square(some_hole);
        Point::ALL
            .into_iter()
            .find(|q| {
                v.home_camp(Seat::new(q.index() as u8).unwrap())
                    .contains(image)
            })
            .unwrap()
    }

    /// The seat that plays from the image of `seat`'s home, if the variant
    /// has one there.
    fn seat(self, variant: Variant, seat: Seat) -> Option<Seat> {
        let image = self.point(variant.home_point(seat)?);
        variant
            .seats()
            .find(|&s| variant.home_point(s) == Some(image))
    }

    /// The position turned or mirrored, with the seats moved along; `None`
    /// if the symmetry does not map the variant's seats onto its seats.
    fn position(self, pos: &Position) -> Option<Position> {
        let variant = pos.variant();
        let seats: Vec<Seat> = variant
            .seats()
            .map(|s| self.seat(variant, s))
            .collect::<Option<_>>()?;
        let inverse = |sq: Square| {
            variant
                .board()
                .squares()
                .find(|&t| self.square(t) == sq)
                .expect("the symmetry is a bijection")
        };
        let piece_at = |sq: Square| pos.piece_at(inverse(sq)).map(|s| seats[s.index()]);
        let text = write_position(variant, piece_at, seats[pos.to_move().index()]);
        Some(text.parse().expect("an image of a position is a position"))
    }

    /// Whether the symmetry keeps the turn order: rotations do; a mirror
    /// image reverses it, which matters only with three or more players.
    fn keeps_turn_order(self, variant: Variant) -> bool {
        !self.mirror || variant.players() == 2
    }
}

#[test]
fn the_symmetries_of_the_star_keep_perft_counts() {
    // The rule book says the twelve symmetries keep the counts; a mirror
    // image reverses the turn order (S, SW, NW, ... becomes S, SE, NE, ...),
    // so with three or more players only the six rotations keep them beyond
    // depth 1. Reflections are checked at depth 1 there, at every depth for
    // star2.
    let positions = [
        Position::start(Variant::Star2),
        Position::start(Variant::Star3),
        Position::start(Variant::Star4),
        Position::start(Variant::Star6),
        pos("star2 1/bb/3/a2a/5b7/12/4ba1b3/7b2/4a4/9a/4b3b2/6b1a3/8a4/aa2/3/a1/b a"),
        pos("star3 1/2/1a1/2a1/1b1b4b1c2/b4a3c1c/2b8/4aa1a2/3cc1c2/cb1c6/3c4a1b/1c5b1b2/6a2b3/4/3/aa/1 a"),
        pos("star6 d/ad/a2/a1a1/ff1f3dbb1ee/2cc3a1b1b/3f1dea1e1/cc1ff1d1cb/2d4c1/3a1f1ead/4c2bdcc/2e1eb1e1e2/1b1bbfc1f1e1f/2a1/d2/ad/1 a"),
    ];
    for p in &positions {
        let variant = p.variant();
        for no_parking in [false, true] {
            let mut opts = Options::for_variant(variant);
            opts.no_parking = no_parking;
            let depth = if p == &Position::start(variant) { 3 } else { 2 };
            let counts: Vec<u64> = (1..=depth).map(|d| perft(p, &opts, d)).collect();
            let mut images = 0;
            for sym in Symmetry::all() {
                let Some(image) = sym.position(p) else {
                    continue;
                };
                images += 1;
                let depth = if sym.keeps_turn_order(variant) {
                    depth
                } else {
                    1
                };
                for d in 1..=depth {
                    assert_eq!(
                        perft(&image, &opts, d),
                        counts[d as usize - 1],
                        "{p} under {sym:?} at depth {d} (no_parking {no_parking})"
                    );
                }
            }
            // Each variant's seats are mapped onto themselves by: star2 and
            // star4 four symmetries, star3 six, star6 all twelve.
            let expected = match variant {
                Variant::Star3 => 6,
                Variant::Star6 => 12,
                _ => 4,
            };
            assert_eq!(images, expected, "{variant}");
        }
    }
}

#[test]
fn the_start_counts_do_not_depend_on_who_moves_first() {
    for variant in [Variant::Star2, Variant::Star3, Variant::Star6] {
        let start = Position::start(variant);
        let opts = Options::for_variant(variant);
        let counts: Vec<u64> = (1..=3).map(|d| perft(&start, &opts, d)).collect();
        for seat in variant.seats() {
            let p = start.with_to_move(seat).unwrap();
            let again: Vec<u64> = (1..=3).map(|d| perft(&p, &opts, d)).collect();
            assert_eq!(again, counts, "{variant} with {seat} to move");
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    #[test]
    fn star_position_strings_round_trip((pos, _) in star_position()) {
        let text = pos.to_string();
        let again: Position = text.parse().expect("a printed position parses");
        prop_assert_eq!(&again, &pos);
        prop_assert_eq!(again.to_string(), text);
        let v = pos.variant();
        prop_assert!(pos.occupied().is_subset(v.board()));
        for seat in v.seats() {
            let n = pos.pieces(seat).count();
            prop_assert!(n == 10 || (n == 0 && v.players() > 2), "{} has {}", seat, n);
        }
    }

    #[test]
    fn star_moves_match_the_reference((pos, opts) in star_position()) {
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
        prop_assert_eq!(&generated, &reference);
        prop_assert_eq!(pos.count_moves(&opts), generated.len() as u64);
        prop_assert_eq!(pos.has_moves(&opts), !generated.is_empty());
    }

    #[test]
    fn star_legal_moves_apply_and_every_other_pair_is_refused((pos, opts) in star_position()) {
        common::legal_moves_apply_and_others_are_refused(&pos, &opts)?;
    }

    #[test]
    fn star_chains_are_valid_hop_by_hop((pos, opts) in star_position()) {
        for mv in pos.legal_moves(&opts) {
            let chain = pos.chain(mv, &opts).expect("a legal move has a chain");
            prop_assert_eq!(chain.first(), Some(&mv.from));
            prop_assert_eq!(chain.last(), Some(&mv.to));
            if chain.len() > 2 || pos.variant().distance(mv.from, mv.to) > 1 {
                for w in chain.windows(2) {
                    let df = w[1].file() as i8 - w[0].file() as i8;
                    let dr = w[1].rank() as i8 - w[0].rank() as i8;
                    prop_assert!(LINES.contains(&(df / 2, dr / 2)) && df % 2 == 0 && dr % 2 == 0);
                    let over = w[0].offset(df / 2, dr / 2).expect("between two holes");
                    prop_assert!(over != mv.from && pos.piece_at(over).is_some());
                }
                let written = MoveText::from_squares(chain.clone()).expect("two or more");
                prop_assert_eq!(pos.check_text(&written, &opts).map(|r| r.0), Ok(mv));
            }
        }
    }

    #[test]
    fn star_games_resume_and_replay_alike(
        (pos, mut opts) in star_position(),
        limit in prop::option::of(1u32..12),
        picks in prop::collection::vec(any::<prop::sample::Index>(), 1..10),
    ) {
        opts.ply_limit = limit;
        let mut straight = Game::new(pos.clone(), opts);
        let mut resumed = Game::new(pos.clone(), opts);
        let mut texts = Vec::new();
        for pick in picks {
            if straight.outcome().is_over() {
                break;
            }
            resumed = Game::resume(resumed.snapshot(), opts);
            let moves = straight.position().legal_moves(&opts);
            let mv = moves[pick.index(moves.len())];
            let chain = straight.play(&mv.into()).expect("generated moves are legal");
            resumed.play(&mv.into()).expect("the same move is legal after resuming");
            texts.push(MoveText::from_squares(chain).expect("two or more"));
            prop_assert_eq!(resumed.snapshot(), straight.snapshot());
            prop_assert_eq!(resumed.outcome(), straight.outcome());
        }
        let replayed = Game::replay(pos, opts, &texts).expect("replays");
        prop_assert_eq!(replayed.position(), straight.position());
    }

    #[test]
    fn star_position_parser_never_panics_on_near_misses(
        (pos, _) in star_position(),
        cut in any::<prop::sample::Index>(),
        junk in "[a-g0-9/ ]{0,4}",
    ) {
        let text = pos.to_string();
        let at = cut.index(text.len());
        let mangled = format!("{}{}{}", &text[..at], junk, &text[at..]);
        if let Ok(p) = mangled.parse::<Position>() {
            prop_assert_eq!(p.to_string().parse::<Position>().ok(), Some(p));
        }
    }
}
