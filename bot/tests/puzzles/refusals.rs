//! What the puzzles refuse, each refusal checked to change nothing; the limits; and concurrent
//! moves on one attempt, of which only one applies.

use super::*;
use halma_core::service::{PuzzleStamp, PuzzleStep, PUZZLE_STARTS_PER_MINUTE};

/// Runs `command` for `user` and checks it is refused with `expected`, changing nothing.
async fn refused(
    pool: &PgPool,
    svc: &Service,
    user: u64,
    command: PuzzleCommand,
    expected: UserError,
) {
    let before = snapshot(pool).await;
    match puzzle(svc, user, command.clone()).await {
        Err(Error::User(e)) => assert_eq!(e, expected, "{command:?}"),
        other => panic!("{command:?} was not refused: {other:?}"),
    }
    assert_eq!(
        snapshot(pool).await,
        before,
        "{command:?} changed something"
    );
}

#[sqlx::test(migrations = "../migrations")]
async fn refusals_change_nothing(pool: PgPool) {
    let (svc, clock) = puzzle_service(&pool, DailyPuzzles::Off);
    store_par(&svc, Variant::Small).await;
    refused(
        &pool,
        &svc,
        ALICE,
        PuzzleCommand::Board,
        UserError::NoOpenPuzzle,
    )
    .await;
    refused(
        &pool,
        &svc,
        ALICE,
        PuzzleCommand::GiveUp,
        UserError::NoOpenPuzzle,
    )
    .await;
    for no_daily in [PuzzleCommand::Daily, PuzzleCommand::Leaderboard] {
        refused(&pool, &svc, ALICE, no_daily, UserError::NoDailyPuzzle).await;
    }
    let four = PuzzleCommand::Start {
        kind: Some(PuzzleKind::Crossing),
        variant: Some(Variant::Four),
    };
    let no_board = UserError::NoPuzzleBoard {
        variant: Variant::Four,
    };
    refused(&pool, &svc, ALICE, four, no_board).await;
    let small = PuzzleCommand::Start {
        kind: Some(PuzzleKind::Crossing),
        variant: Some(Variant::Small),
    };
    let started = view(puzzle(&svc, ALICE, small.clone()).await.unwrap());
    refused(&pool, &svc, ALICE, small.clone(), UserError::PuzzleOpen).await;
    let chain = PuzzleCommand::Start {
        kind: Some(PuzzleKind::Chain),
        variant: Some(Variant::Small),
    };
    refused(&pool, &svc, ALICE, chain, UserError::PuzzleOpen).await;

    // An illegal move (a hop over nothing) and a piece not there: refused, nothing changes.
    for (text, what) in [
        ("h3-f5", "a hop over nothing"),
        ("d4-d5", "an empty square"),
    ] {
        let before = snapshot(&pool).await;
        let mv: MoveText = text.parse().unwrap();
        let answer = svc.puzzles().play(at(ALICE), &mv).await;
        assert!(
            matches!(answer, Err(Error::User(UserError::Illegal { .. }))),
            "{what}: {answer:?}"
        );
        assert_eq!(snapshot(&pool).await, before, "{what} changed something");
    }
    let board = svc.puzzles().board(at(ALICE)).await.unwrap();
    assert_eq!((board.moves, board.position), (0, started.position));

    // Starts are counted per minute: give up and start again, until the limit.
    puzzle(&svc, ALICE, PuzzleCommand::GiveUp).await.unwrap();
    for _ in 1..PUZZLE_STARTS_PER_MINUTE {
        puzzle(&svc, ALICE, small.clone()).await.unwrap();
        puzzle(&svc, ALICE, PuzzleCommand::GiveUp).await.unwrap();
    }
    let limit = UserError::TooManyPuzzles {
        limit: PUZZLE_STARTS_PER_MINUTE,
    };
    refused(&pool, &svc, ALICE, small.clone(), limit).await;
    // Another member is not held back, and a minute later neither is Alice.
    puzzle(&svc, BOB, small.clone()).await.unwrap();
    clock.advance(chrono::TimeDelta::minutes(1));
    puzzle(&svc, ALICE, small).await.unwrap();
}

#[sqlx::test(migrations = "../migrations")]
async fn of_two_concurrent_moves_on_one_attempt_only_one_applies(pool: PgPool) {
    let (svc, _clock) = puzzle_service(&pool, DailyPuzzles::Both);
    store_par(&svc, Variant::Small).await;
    let started = start(&svc, ALICE, PuzzleKind::Crossing, Variant::Small).await;
    // Two pickers shown for the same position, each picking a move at once: one applies,
    // the other finds the position changed.
    let mut ply = 0;
    for round in 0..6 {
        let current = svc.puzzles().board(at(ALICE)).await.unwrap();
        let moves = current.position.legal_moves(&current.options);
        let (m1, m2) = (
            moves[round % moves.len()],
            moves[(round * 5 + 3) % moves.len()],
        );
        assert_ne!(m1, m2);
        let stamp = PuzzleStamp {
            attempt: started.attempt,
            ply,
        };
        let tasks = [m1, m2].map(|mv| {
            let svc = svc.clone();
            tokio::spawn(async move {
                svc.puzzles()
                    .pick_destination(at(ALICE), stamp, mv.from, mv.to)
                    .await
            })
        });
        let mut played = 0;
        for task in tasks {
            match task.await.unwrap().unwrap() {
                PuzzleStep::Played(_) => played += 1,
                PuzzleStep::Stale(Some(_)) => {}
                other => panic!("round {round}: {other:?}"),
            }
        }
        assert_eq!(played, 1, "round {round}");
        ply += 1;
        let stored: i32 = sqlx::query_scalar("SELECT ply FROM puzzle_attempts WHERE id = $1")
            .bind(started.attempt.0)
            .fetch_one(&pool)
            .await
            .unwrap();
        assert_eq!(stored as u32, ply);
    }

    // A chain puzzle takes one answer: of two at once, one is counted.
    let chain = start(&svc, BOB, PuzzleKind::Chain, Variant::Small).await;
    let moves = chain.position.legal_moves(&chain.options);
    let tasks = [moves[0], moves[moves.len() - 1]].map(|mv| {
        let svc = svc.clone();
        tokio::spawn(async move { svc.puzzles().play(at(BOB), &mv.into()).await })
    });
    let mut answered = 0;
    for task in tasks {
        match task.await.unwrap() {
            Ok(_) => answered += 1,
            Err(Error::User(UserError::PositionChanged | UserError::NoOpenPuzzle)) => {}
            Err(e) => panic!("{e}"),
        }
    }
    assert_eq!(answered, 1);
    let attempts: i64 = sqlx::query_scalar(
        "SELECT count(*) FROM puzzle_attempts WHERE user_id = $1 AND ply = 1 AND status <> 'open'",
    )
    .bind(BOB as i64)
    .fetch_one(&pool)
    .await
    .unwrap();
    assert_eq!(attempts, 1);
    let rated: i32 = sqlx::query_scalar("SELECT attempts FROM puzzle_ratings WHERE user_id = $1")
        .bind(BOB as i64)
        .fetch_one(&pool)
        .await
        .unwrap();
    assert_eq!(rated, 1, "rated once");
}

#[sqlx::test(migrations = "../migrations")]
async fn a_par_is_computed_once_and_a_stopped_search_gives_its_board_back(pool: PgPool) {
    // Two processes want the same par at once: one claims and computes it, the other leaves
    // it to the first.
    let (first, _) = puzzle_service(&pool, DailyPuzzles::Off);
    let (second, _) = puzzle_service(&pool, DailyPuzzles::Off);
    let tasks = [first.clone(), second.clone()].map(|svc| {
        tokio::spawn(async move {
            svc.puzzles()
                .compute_par(Variant::Small, &Stop::new())
                .await
                .unwrap()
        })
    });
    let mut stored = 0;
    for task in tasks {
        stored += usize::from(task.await.unwrap());
    }
    assert_eq!(stored, 1, "one of them stored it");
    assert!(!first
        .puzzles()
        .missing_pars()
        .await
        .unwrap()
        .contains(&Variant::Small));
    assert!(
        !second
            .puzzles()
            .compute_par(Variant::Small, &Stop::new())
            .await
            .unwrap(),
        "a stored par is not computed again"
    );

    // Shutting down stops the search; its board is given back at once, not held for the lease.
    let stop = Stop::new();
    stop.stop();
    assert!(!first
        .puzzles()
        .compute_par(Variant::Ig10, &stop)
        .await
        .unwrap());
    let (par, claimed): (Option<i32>, Option<chrono::DateTime<chrono::Utc>>) =
        sqlx::query_as("SELECT par, claimed_until FROM crossing_pars WHERE variant = 'ig10'")
            .fetch_one(&pool)
            .await
            .unwrap();
    assert_eq!((par, claimed), (None, None));
    assert!(second
        .puzzles()
        .compute_par(Variant::Ig10, &Stop::new())
        .await
        .unwrap());
}
