//! Puzzles through the service against a real PostgreSQL: a crossing played to the end (its
//! par computed by the service first), chain puzzles answered right and wrong, giving up, the
//! daily puzzle (the same for everyone in a server on a day, announced once), the day's
//! leaderboard and the ratings checked against the test's own Glicko-2, and refusals and
//! concurrent moves (in `daily.rs` and `refusals.rs`).

#[path = "../common/mod.rs"]
mod common;
mod daily;
mod local;
mod refusals;

use chrono::{DateTime, Days, Utc};
use common::*;
use halma::{Game, MoveText, Options, Position, Variant};
use halma_core::clock::ManualClock;
use halma_core::service::{
    AttemptStatus, DailyPuzzles, FirstMover, GameStatus, PuzzleAnswer, PuzzleCommand, PuzzleKind,
    PuzzleSettings, PuzzleView, Service,
};
use halma_core::{Db, Error, UserError};
use halma_engine::{Limits, Stop};
use halma_puzzles::{compute_par, initial_rating, rate, ChainPuzzle, CrossingScore, Finish};
use sqlx::PgPool;
use std::sync::Arc;

/// The solver's budget in these tests: small, so the pars are quick and the same every run.
const BUDGET: u64 = 200_000;

/// A service whose puzzles use [`BUDGET`] and give `daily` puzzles, with its clock.
fn puzzle_service(pool: &PgPool, daily: DailyPuzzles) -> (Service, Arc<ManualClock>) {
    let clock = Arc::new(ManualClock::new(t0()));
    let settings = PuzzleSettings {
        par_nodes: BUDGET,
        daily,
    };
    let svc = Service::new(Db::new(pool.clone()), clock.clone()).with_puzzle_settings(settings);
    (svc, clock)
}

/// The par of `variant` as the test's own solver finds it with [`BUDGET`].
fn own_par(variant: Variant) -> Vec<MoveText> {
    compute_par(variant, Limits::nodes(BUDGET), &Stop::new())
        .expect("a par within the budget")
        .moves
}

/// Has the service compute and store the par of `variant`.
async fn store_par(svc: &Service, variant: Variant) {
    assert!(
        svc.puzzles()
            .compute_par(variant, &Stop::new())
            .await
            .unwrap(),
        "the par of {variant} is stored"
    );
}

/// `user` runs `/halma puzzle …`.
async fn puzzle(svc: &Service, user: u64, command: PuzzleCommand) -> Result<PuzzleAnswer, Error> {
    svc.puzzles().run(at(user), &command).await
}

/// The view of a started or shown puzzle.
fn view(answer: PuzzleAnswer) -> PuzzleView {
    match answer {
        PuzzleAnswer::Started(v)
        | PuzzleAnswer::Shown(v)
        | PuzzleAnswer::Moved(v)
        | PuzzleAnswer::GaveUp(v) => v,
        PuzzleAnswer::Leaderboard(board) => panic!("a leaderboard, not a puzzle: {board:?}"),
    }
}

/// `user` starts a puzzle of `kind` on `variant`.
async fn start(svc: &Service, user: u64, kind: PuzzleKind, variant: Variant) -> PuzzleView {
    let command = PuzzleCommand::Start {
        kind: Some(kind),
        variant: Some(variant),
    };
    view(puzzle(svc, user, command).await.expect("a start"))
}

/// `user` plays each of `moves` in their open puzzle; the view after the last.
async fn play_all(svc: &Service, user: u64, moves: &[MoveText]) -> PuzzleView {
    let mut last = None;
    for (i, mv) in moves.iter().enumerate() {
        let played = svc
            .puzzles()
            .play(at(user), mv)
            .await
            .unwrap_or_else(|e| panic!("move {} ({mv}): {e}", i + 1));
        assert_eq!(played.moves as usize, i + 1);
        last = Some(played);
    }
    last.expect("some moves")
}

/// The first day from [`t0`] on whose daily puzzle, as `daily` gives them, is `variant`'s
/// `kind`, at noon.
fn day_of(daily: DailyPuzzles, kind: PuzzleKind, variant: Variant) -> DateTime<Utc> {
    (0..64)
        .map(|n| t0() + Days::new(n))
        .find(|day| {
            daily
                .of_day(GUILD, day.date_naive())
                .is_some_and(|p| p.kind == kind && p.variant == variant)
        })
        .expect("the rotation comes round")
}

/// The stored puzzle rating of `user`.
async fn stored_rating(pool: &PgPool, user: u64) -> f64 {
    sqlx::query_scalar("SELECT rating FROM puzzle_ratings WHERE guild_id = $1 AND user_id = $2")
        .bind(GUILD as i64)
        .bind(user as i64)
        .fetch_one(pool)
        .await
        .expect("a puzzle rating")
}

#[sqlx::test(migrations = "../migrations")]
async fn a_crossing_waits_for_its_par_and_is_played_to_the_end(pool: PgPool) {
    let (svc, _clock) = puzzle_service(&pool, DailyPuzzles::Both);
    // No par yet: refused, and nothing is written but the wish for it.
    let before = snapshot(&pool).await;
    let early = puzzle(
        &svc,
        ALICE,
        PuzzleCommand::Start {
            kind: Some(PuzzleKind::Crossing),
            variant: Some(Variant::Small),
        },
    )
    .await;
    assert!(
        matches!(early, Err(Error::User(UserError::ParNotReady))),
        "{early:?}"
    );
    assert_eq!(snapshot(&pool).await, before);
    assert!(svc
        .puzzles()
        .missing_pars()
        .await
        .unwrap()
        .contains(&Variant::Small));

    store_par(&svc, Variant::Small).await;
    assert!(!svc
        .puzzles()
        .missing_pars()
        .await
        .unwrap()
        .contains(&Variant::Small));
    let moves = own_par(Variant::Small);
    let started = start(&svc, ALICE, PuzzleKind::Crossing, Variant::Small).await;
    assert_eq!(
        started.par,
        Some(moves.len() as u32),
        "the stored par is the solver's"
    );
    assert_eq!((started.moves, started.status), (0, AttemptStatus::Open));
    assert_eq!(started.home, (0, 10));
    // `/halma move` offers the puzzle's pieces and destinations, in a channel without a game.
    let first = moves[0].squares();
    let from = first[0].to_string();
    let offered = svc.complete_from(at(ALICE), "").await.unwrap();
    assert!(offered.iter().any(|c| c.value == from), "{offered:?}");
    let to = first[first.len() - 1].to_string();
    let offered = svc.complete_to(at(ALICE), &from, "").await.unwrap();
    assert!(offered.iter().any(|c| c.value == to), "{offered:?}");
    assert!(svc.complete_from(at(BOB), "").await.unwrap().is_empty());

    let (last, rest) = moves.split_last().unwrap();
    let before_last = play_all(&svc, ALICE, rest).await;
    assert!(before_last.is_open() && before_last.outcome.is_none());
    let board = svc.puzzles().board(at(ALICE)).await.unwrap();
    assert_eq!(
        board.position, before_last.position,
        "the board shows the moves so far"
    );
    let done = svc.puzzles().play(at(ALICE), last).await.unwrap();
    assert_eq!(done.status, AttemptStatus::Solved);
    assert_eq!(done.home, (10, 10));
    let outcome = done.outcome.expect("an outcome");
    let finish = Finish::Crossing(CrossingScore {
        moves: moves.len(),
        par: moves.len(),
    });
    assert_eq!(outcome.finish, finish);
    let rated = rate(&initial_rating(), &initial_rating(), &finish);
    assert_eq!(outcome.rating_before, initial_rating().rating);
    assert!((outcome.rating_after - rated.member.rating).abs() < 1e-9);
    assert!((stored_rating(&pool, ALICE).await - rated.member.rating).abs() < 1e-9);
    // Over: no open puzzle, no more moves.
    let after = svc.puzzles().play(at(ALICE), last).await;
    assert!(
        matches!(after, Err(Error::User(UserError::NoOpenPuzzle))),
        "{after:?}"
    );
    // The same board's crossing again is the same puzzle, rated from where it stands.
    let again = start(&svc, ALICE, PuzzleKind::Crossing, Variant::Small).await;
    assert_eq!(again.puzzle, started.puzzle);
    assert_ne!(again.attempt, started.attempt);
}

#[sqlx::test(migrations = "../migrations")]
async fn a_chain_puzzle_answered_right_and_wrong(pool: PgPool) {
    let (svc, _clock) = puzzle_service(&pool, DailyPuzzles::Both);
    let alice = start(&svc, ALICE, PuzzleKind::Chain, Variant::Star2).await;
    let bob = start(&svc, BOB, PuzzleKind::Chain, Variant::Star2).await;
    for puzzle in [&alice, &bob] {
        assert_eq!((puzzle.kind, puzzle.moves), (PuzzleKind::Chain, 0));
        assert!(puzzle.par.is_none() && puzzle.is_open());
    }
    // The answer, found by the test from the position shown.
    let solve = |v: &PuzzleView| ChainPuzzle::from_position(&v.position, &v.options).unwrap();
    let best = solve(&alice);
    let right = MoveText::from_squares(best.chain().to_vec()).unwrap();
    let solved = svc.puzzles().play(at(ALICE), &right).await.unwrap();
    assert_eq!(solved.status, AttemptStatus::Solved);
    let outcome = solved.outcome.unwrap();
    assert_eq!(outcome.finish, Finish::Chain { solved: true });
    assert_eq!(outcome.gains, Some((best.gain(), best.gain())));
    assert!(outcome.rating_after > outcome.rating_before);

    // Bob plays another legal move: not solved, and the best one is shown.
    let his = solve(&bob);
    let other = bob
        .position
        .legal_moves(&bob.options)
        .into_iter()
        .find(|mv| *mv != his.best())
        .expect("another move");
    let wrong = svc.puzzles().play(at(BOB), &other.into()).await.unwrap();
    assert_eq!(wrong.status, AttemptStatus::Failed);
    let outcome = wrong.outcome.unwrap();
    assert_eq!(outcome.finish, Finish::Chain { solved: false });
    assert_eq!(outcome.best.as_deref(), Some(his.chain()));
    assert_eq!(
        outcome.gains,
        Some((his.gain(), halma_puzzles::gain(&bob.position, other)))
    );
    assert!(outcome.rating_after < outcome.rating_before);
    let rated = rate(
        &initial_rating(),
        &initial_rating(),
        &Finish::Chain { solved: false },
    );
    assert!((stored_rating(&pool, BOB).await - rated.member.rating).abs() < 1e-9);
}

#[sqlx::test(migrations = "../migrations")]
async fn a_chain_puzzle_comes_from_the_servers_finished_games(pool: PgPool) {
    let (svc, _clock) = puzzle_service(&pool, DailyPuzzles::Both);
    // Alice and Bob play a whole game on the small board.
    let started = common::start(&svc, "small", FirstMover::Challenger).await;
    let rules = Options::for_variant(Variant::Small);
    let mut game = Game::new(Position::start(Variant::Small), rules);
    let mut seen = Vec::new();
    for mv in greedy_game(Position::start(Variant::Small), rules, 400) {
        seen.push(game.position().clone());
        let seat = game.position().to_move();
        let player = started
            .game
            .players
            .iter()
            .find(|p| p.seat == seat)
            .unwrap();
        play_move(&svc, player.user, mv).await.unwrap();
        game.play(&mv.into()).unwrap();
    }
    assert_eq!(svc.board(HERE).await.unwrap().status, GameStatus::Finished);
    // Carol's chain puzzle on that board is one of the game's positions.
    let chain = start(&svc, CAROL, PuzzleKind::Chain, Variant::Small).await;
    assert!(
        seen.contains(&chain.position),
        "{} is not a position of the game",
        chain.position
    );
    let puzzle = ChainPuzzle::from_position(&chain.position, &chain.options).unwrap();
    assert!(puzzle.hops() >= halma_puzzles::MIN_HOPS, "{puzzle:?}");
}

#[sqlx::test(migrations = "../migrations")]
async fn giving_up_ends_the_puzzle_as_a_loss(pool: PgPool) {
    let (svc, _clock) = puzzle_service(&pool, DailyPuzzles::Both);
    store_par(&svc, Variant::Star2).await;
    // The default puzzle: a crossing on the star with 10 pieces.
    let started = view(
        puzzle(
            &svc,
            ALICE,
            PuzzleCommand::Start {
                kind: None,
                variant: None,
            },
        )
        .await
        .unwrap(),
    );
    assert_eq!(
        (started.kind, started.variant),
        (PuzzleKind::Crossing, Variant::Star2)
    );
    let first = own_par(Variant::Star2)[0].clone();
    play_all(&svc, ALICE, &[first]).await;
    let gave_up = view(puzzle(&svc, ALICE, PuzzleCommand::GiveUp).await.unwrap());
    assert_eq!((gave_up.status, gave_up.moves), (AttemptStatus::GaveUp, 1));
    let outcome = gave_up.outcome.unwrap();
    assert_eq!(outcome.finish, Finish::GaveUp);
    let rated = rate(&initial_rating(), &initial_rating(), &Finish::GaveUp);
    assert!((outcome.rating_after - rated.member.rating).abs() < 1e-9);
    for refused in [PuzzleCommand::Board, PuzzleCommand::GiveUp] {
        let answer = puzzle(&svc, ALICE, refused).await;
        assert!(
            matches!(answer, Err(Error::User(UserError::NoOpenPuzzle))),
            "{answer:?}"
        );
    }
}
