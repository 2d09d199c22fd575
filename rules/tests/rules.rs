//! Rule-book situations: the camp rule, chains, passes and every kind of
//! game end, each set up as a position string.

use halma::{
    DrawReason, Game, IllegalMove, MoveText, Options, Outcome, Ply, Position, Seat, Square,
    WinReason,
};

fn pos(s: &str) -> Position {
    s.parse().unwrap_or_else(|e| panic!("{s}: {e}"))
}

fn sq(s: &str) -> Square {
    s.parse().expect("square")
}

fn text(s: &str) -> MoveText {
    s.parse().expect("move text")
}

fn win(seats: &[Seat], reason: WinReason) -> Outcome {
    Outcome::Win {
        winners: seats.to_vec(),
        reason,
    }
}

#[test]
fn a_piece_in_its_target_camp_cannot_step_out() {
    let p = pos("small 8/1a6/8/8/8/8/8/7b a");
    let on = Options::default_for(&p);
    assert_eq!(
        p.check_move("b7-c6".parse().unwrap(), &on),
        Err(IllegalMove::LeavesTargetCamp {
            from: sq("b7"),
            to: sq("c6")
        })
    );
    assert!(p.check_move("b7-b6".parse().unwrap(), &on).is_ok());
    let mut off = on;
    off.camp_rule = false;
    assert!(p.check_move("b7-c6".parse().unwrap(), &off).is_ok());
    assert_eq!(p.legal_moves(&on).len(), 7);
    assert_eq!(p.legal_moves(&off).len(), 8);
}

#[test]
fn a_chain_may_not_hop_through_the_target_camp_and_out() {
    // c4 hops over b5 into a6 (a's target camp), then over b6 out to c6.
    let p = pos("small 8/8/1b6/1b6/2a5/8/8/7b a");
    let on = Options::default_for(&p);
    let leaves = Err(IllegalMove::LeavesTargetCamp {
        from: sq("a6"),
        to: sq("c6"),
    });
    assert_eq!(p.check_move("c4-c6".parse().unwrap(), &on), leaves);
    assert_eq!(
        p.check_text(&text("c4-a6-c6"), &on).map(|r| r.0),
        leaves.map(|()| "c4-c6".parse().unwrap())
    );
    assert!(p.check_move("c4-a6".parse().unwrap(), &on).is_ok());
    let mut off = on;
    off.camp_rule = false;
    assert_eq!(
        p.chain("c4-c6".parse().unwrap(), &off),
        Some(vec![sq("c4"), sq("a6"), sq("c6")])
    );
}

#[test]
fn long_chains_are_found_and_checked_hop_by_hop() {
    // a1 hops over b2, d4 and e6 to e7.
    let p = pos("standard 16/16/16/16/16/16/16/16/16/16/4b11/16/3b12/16/1b14/a15 a");
    let opts = Options::default_for(&p);
    let chain = p.chain("a1-e7".parse().unwrap(), &opts).expect("reachable");
    assert_eq!(chain.first(), Some(&sq("a1")));
    assert_eq!(chain.last(), Some(&sq("e7")));
    assert_eq!(chain, ["a1", "c3", "e5", "e7"].map(sq));
    let written = MoveText::from_squares(chain.clone()).expect("two or more squares");
    assert_eq!(p.check_text(&written, &opts).map(|r| r.1), Ok(chain));
    assert_eq!(
        p.check_text(&text("a1-c3-a5"), &opts),
        Err(IllegalMove::NothingToHopOver {
            from: sq("c3"),
            over: sq("b4")
        })
    );
    assert_eq!(
        p.check_text(&text("a1-c3-a1"), &opts),
        Err(IllegalMove::SameSquare(sq("a1")))
    );
    assert_eq!(
        p.check_text(&text("a1-c3-f3"), &opts),
        Err(IllegalMove::NotAHop {
            from: sq("c3"),
            to: sq("f3")
        })
    );
}

#[test]
fn illegal_moves_say_why() {
    let p = halma::Position::start(halma::Variant::Small);
    let opts = Options::default_for(&p);
    let check = |s: &str| p.check_move(s.parse().unwrap(), &opts);
    assert_eq!(check("d4-d5"), Err(IllegalMove::EmptySquare(sq("d4"))));
    assert_eq!(check("i1-i2"), Err(IllegalMove::OffBoard(sq("i1"))));
    assert_eq!(check("h1-h2"), Err(IllegalMove::Occupied(sq("h2"))));
    assert_eq!(
        check("h4-h8"),
        Err(IllegalMove::Unreachable {
            from: sq("h4"),
            to: sq("h8")
        })
    );
    assert_eq!(
        check("a8-a7"),
        Err(IllegalMove::NotYourPiece {
            square: sq("a8"),
            owner: Seat::B
        })
    );
    let mut game = Game::new(p.clone(), opts);
    assert_eq!(
        game.play_as(Seat::B, &text("a8-a7")),
        Err(IllegalMove::NotYourTurn {
            seat: Seat::B,
            to_move: Seat::A
        })
    );
}

#[test]
fn a_player_without_moves_passes() {
    let p = pos("small 8/8/8/8/8/5b1b/6bb/5bba a");
    let opts = Options::default_for(&p);
    assert!(p.legal_moves(&opts).is_empty());
    assert_eq!(halma::perft(&p, &opts, 1), 1);
    let game = Game::new(p, opts);
    assert_eq!(game.plies(), &[Ply::Pass { seat: Seat::A }]);
    assert_eq!(game.position().to_move(), Seat::B);
    assert_eq!(game.outcome(), &Outcome::Ongoing);
}

#[test]
fn completing_the_target_camp_wins() {
    let p = pos("small aaa5/aa6/a7/1a6/8/8/6b1/4bbbb a");
    let mut game = Game::new(p, Options::for_variant(halma::Variant::Small));
    game.play(&text("b5-a5")).expect("legal");
    assert_eq!(game.outcome(), &win(&[Seat::A], WinReason::Completed));
    assert_eq!(game.play(&text("g2-g3")), Err(IllegalMove::GameOver));
}

const TEAMS_ONE_STEP: &str = "four-teams a10b4/16/16/16/16/16/16/7d8/7c8/16/16/16/16/16/16/16 b";

#[test]
fn a_team_wins_when_both_partners_complete() {
    let p = pos(TEAMS_ONE_STEP);
    let mut game = Game::new(p, Options::default_for(&pos(TEAMS_ONE_STEP)));
    game.play(&text("l16-m16")).expect("legal");
    assert_eq!(
        game.outcome(),
        &win(&[Seat::A, Seat::B], WinReason::Completed)
    );
}

#[test]
fn one_partner_completing_is_not_enough() {
    let p = pos("four-teams 4a6b4/16/16/16/16/16/16/7d8/7c8/16/16/16/16/16/16/16 b");
    let mut game = Game::new(p.clone(), Options::default_for(&p));
    game.play(&text("l16-m16")).expect("legal");
    assert_eq!(game.outcome(), &Outcome::Ongoing);
    assert_eq!(game.position().to_move(), Seat::C);
}

#[test]
fn in_four_the_first_to_complete_wins_and_the_rest_are_ranked() {
    let s = TEAMS_ONE_STEP.replacen("four-teams", "four", 1);
    let p = pos(&s);
    let mut game = Game::new(p.clone(), Options::default_for(&p));
    game.play(&text("l16-m16")).expect("legal");
    assert_eq!(game.outcome(), &win(&[Seat::B], WinReason::Completed));
    let standings = game.standings();
    assert_eq!(standings[0], Seat::B);
    // a has its one piece home already; c and d have none.
    assert_eq!(standings[1], Seat::A);
    assert_eq!(standings.len(), 4);
}

const IG10_RACE: &str = "ig10 10/10/10/10/1a8/8b1/10/10/10/10 a";

#[test]
fn ig10_second_player_completing_in_the_extra_turn_draws() {
    let p = pos(IG10_RACE);
    let mut game = Game::new(p.clone(), Options::default_for(&p));
    game.play(&text("b6-a6")).expect("legal");
    assert_eq!(game.outcome(), &Outcome::Ongoing, "b gets one more turn");
    game.play(&text("i5-j5")).expect("legal");
    assert_eq!(
        game.outcome(),
        &Outcome::Draw {
            reason: DrawReason::Balance
        }
    );
}

#[test]
fn ig10_first_player_wins_if_the_extra_turn_does_not_complete() {
    let p = pos(IG10_RACE);
    let mut game = Game::new(p.clone(), Options::default_for(&p));
    game.play(&text("b6-a6")).expect("legal");
    game.play(&text("i5-h5")).expect("legal");
    assert_eq!(game.outcome(), &win(&[Seat::A], WinReason::Completed));
}

#[test]
fn without_balance_completion_wins_at_once() {
    let p = pos(IG10_RACE);
    let mut opts = Options::default_for(&p);
    opts.balance = false;
    let mut game = Game::new(p, opts);
    game.play(&text("b6-a6")).expect("legal");
    assert_eq!(game.outcome(), &win(&[Seat::A], WinReason::Completed));
}

#[test]
fn anti_spoiling_wins_with_a_full_target_camp() {
    let p = pos("small bbbb4/bbb5/ba6/8/1a6/8/7a/8 a");
    let mut on = Options::default_for(&p);
    on.anti_spoiling = true;
    let mut game = Game::new(p.clone(), on);
    game.play(&text("b4-a5")).expect("legal");
    assert_eq!(game.outcome(), &win(&[Seat::A], WinReason::AntiSpoiling));

    let mut game = Game::new(p.clone(), Options::default_for(&p));
    game.play(&text("b4-a5")).expect("legal");
    assert_eq!(game.outcome(), &Outcome::Ongoing);
}

#[test]
fn the_ply_limit_draws() {
    let p = halma::Position::start(halma::Variant::Standard);
    let mut opts = Options::default_for(&p);
    opts.set("ply_limit", "2").expect("valid");
    let mut game = Game::new(p, opts);
    game.play(&text("l2-k3")).expect("legal");
    assert_eq!(game.outcome(), &Outcome::Ongoing);
    game.play(&text("e15-f14")).expect("legal");
    assert_eq!(
        game.outcome(),
        &Outcome::Draw {
            reason: DrawReason::PlyLimit
        }
    );
}

#[test]
fn a_resumed_game_keeps_the_balancing_extra_turn() {
    let p = pos(IG10_RACE);
    let opts = Options::default_for(&p);
    let mut game = Game::new(p, opts);
    game.play(&text("b6-a6")).expect("legal");
    let snapshot = game.snapshot();
    assert_eq!(snapshot.balance_pending, Some(Seat::A));

    let mut drawn = Game::resume(snapshot.clone(), opts);
    drawn.play(&text("i5-j5")).expect("legal");
    assert_eq!(
        drawn.outcome(),
        &Outcome::Draw {
            reason: DrawReason::Balance
        }
    );
    let mut won = Game::resume(snapshot, opts);
    won.play(&text("i5-h5")).expect("legal");
    assert_eq!(won.outcome(), &win(&[Seat::A], WinReason::Completed));
}

#[test]
fn a_resumed_game_counts_the_plies_before_it_for_the_limit() {
    let p = halma::Position::start(halma::Variant::Standard);
    let mut opts = Options::default_for(&p);
    opts.set("ply_limit", "2").expect("valid");
    let mut game = Game::new(p, opts);
    game.play(&text("l2-k3")).expect("legal");
    let mut resumed = Game::resume(game.snapshot(), opts);
    assert_eq!(resumed.ply_count(), 1);
    resumed.play(&text("e15-f14")).expect("legal");
    assert_eq!(
        resumed.outcome(),
        &Outcome::Draw {
            reason: DrawReason::PlyLimit
        }
    );
}

#[test]
fn a_removed_player_leaves_the_board_and_the_turn_order() {
    let opts = Options::for_variant(halma::Variant::Four);
    let mut game = Game::new(halma::Position::start(halma::Variant::Four), opts);
    game.play(&text("o4-n5")).expect("a steps out");
    assert_eq!(game.position().to_move(), Seat::B);
    // b leaves on its own turn: its pieces go, c is next, and b never comes round again.
    game.remove_player(Seat::B).expect("four goes on without b");
    let pos = game.position();
    assert!(pos.pieces(Seat::B).is_empty());
    assert_eq!(pos.to_move(), Seat::C);
    assert_eq!(pos.next_seat(Seat::D), Seat::A);
    assert_eq!(pos.next_seat(Seat::A), Seat::C);
    assert!(
        !pos.has_completed(Seat::B),
        "nobody completes by having no pieces"
    );
    assert_eq!(game.outcome(), &Outcome::Ongoing);
    // Stored and read back, the position keeps the removal.
    assert_eq!(pos.to_string().parse::<halma::Position>().as_ref(), Ok(pos));
    assert_eq!(
        game.remove_player(Seat::B),
        Err(IllegalMove::CannotRemove(Seat::B))
    );
    game.remove_player(Seat::D).expect("d leaves");
    game.remove_player(Seat::C).expect("c leaves");
    assert_eq!(game.outcome(), &win(&[Seat::A], WinReason::LastPlayer));
    assert_eq!(game.standings()[0], Seat::A);
    assert_eq!(game.remove_player(Seat::A), Err(IllegalMove::GameOver));
}

#[test]
fn only_three_and_four_go_on_without_a_player() {
    for variant in [
        halma::Variant::Standard,
        halma::Variant::Small,
        halma::Variant::Ig10,
        halma::Variant::FourTeams,
    ] {
        let mut game = Game::new(
            halma::Position::start(variant),
            Options::for_variant(variant),
        );
        assert_eq!(
            game.remove_player(Seat::A),
            Err(IllegalMove::CannotRemove(Seat::A)),
            "{variant}"
        );
    }
    // Nor does a position string: a player without pieces is refused outside three and four,
    // and the player to move must have pieces. The one exception is a solitaire (the player to
    // move alone on the board, `Position::solitaire`), a puzzle rather than a game of two.
    let no_b = "small 8/8/8/8/8/6a1/5aa1/4aaaa b";
    assert!(no_b.parse::<halma::Position>().is_err());
    let b_at_home = "small bbbb4/bbb5/bb6/b7/8/6a1/5aa1/8 a";
    assert!(b_at_home.parse::<halma::Position>().is_ok());
    let solitaire = "small 8/8/8/8/8/6a1/5aa1/4aaaa a";
    assert!(solitaire.parse::<halma::Position>().is_ok());
    let three_without_a = halma::Position::start(halma::Variant::Three)
        .without(Seat::A)
        .expect("three goes on");
    let text = three_without_a.to_string();
    assert!(text.ends_with(" b"), "{text}");
    assert!(text.replace(" b", " a").parse::<halma::Position>().is_err());
}
