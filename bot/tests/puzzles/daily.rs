//! The daily puzzle: the same for everyone in a server on a day, made by whoever asks first,
//! announced once in the server's game channel; the day's leaderboard, streaks and ratings
//! checked against what the members did and the test's own Glicko-2.

use super::*;
use halma_core::clock::Clock;
use halma_core::locale::Lang;
use halma_core::present;
use halma_core::service::{DailyRow, NoticeView, SettingsChange};
use halma_puzzles::Glicko2Rating;

/// The server's game channel in these tests.
const GAMES: u64 = CHANNEL + 7;

/// Only daily crossings, so that each day's board follows the crossing boards' turn.
const CROSSINGS: DailyPuzzles = DailyPuzzles::Only(PuzzleKind::Crossing);

/// Makes [`GAMES`] the server's game channel.
async fn set_game_channel(svc: &Service) {
    let change = SettingsChange {
        allow_channel: Some(GAMES),
        ..SettingsChange::default()
    };
    svc.settings().apply(GUILD, true, &change).await.unwrap();
}

/// The day's leaderboard of the test guild.
async fn leaderboard(svc: &Service) -> halma_core::service::DailyBoard {
    match puzzle(svc, CAROL, PuzzleCommand::Leaderboard)
        .await
        .unwrap()
    {
        PuzzleAnswer::Leaderboard(board) => board,
        other => panic!("not a leaderboard: {other:?}"),
    }
}

#[sqlx::test(migrations = "../migrations")]
async fn the_daily_is_the_same_for_everyone_that_day_and_announced_once(pool: PgPool) {
    let (svc, clock) = puzzle_service(&pool, CROSSINGS);
    clock.set(day_of(CROSSINGS, PuzzleKind::Crossing, Variant::Star2));
    set_game_channel(&svc).await;
    // Its par is not known yet: refused, nothing made.
    let early = puzzle(&svc, ALICE, PuzzleCommand::Daily).await;
    assert!(
        matches!(early, Err(Error::User(UserError::ParNotReady))),
        "{early:?}"
    );
    assert!(drain(&svc).await.is_empty());
    store_par(&svc, Variant::Star2).await;

    let alice = view(puzzle(&svc, ALICE, PuzzleCommand::Daily).await.unwrap());
    let bob = view(puzzle(&svc, BOB, PuzzleCommand::Daily).await.unwrap());
    assert_eq!(alice.puzzle, bob.puzzle, "one daily puzzle for the server");
    assert_ne!(alice.attempt, bob.attempt);
    assert_eq!(alice.position, bob.position);
    assert_eq!(
        (alice.kind, alice.variant),
        (PuzzleKind::Crossing, Variant::Star2)
    );
    assert_eq!(alice.day, Some(clock.now().date_naive()));
    let again = puzzle(&svc, ALICE, PuzzleCommand::Daily).await.unwrap();
    assert!(
        matches!(&again, PuzzleAnswer::Shown(v) if v.attempt == alice.attempt),
        "{again:?}"
    );
    // Another server has a daily puzzle of its own, and no game channel to announce it in.
    let elsewhere = svc
        .puzzles()
        .daily(Place::new(GUILD + 1, CHANNEL).member(ALICE))
        .await
        .unwrap();
    assert_ne!(view(elsewhere).puzzle, alice.puzzle);

    let sent = drain(&svc).await;
    let announced: Vec<_> = sent
        .iter()
        .filter_map(|o| match &o.view {
            Some(NoticeView::PuzzleDaily(daily)) => Some((o.channel, daily.clone())),
            _ => None,
        })
        .collect();
    assert_eq!(announced.len(), 1, "announced once: {sent:?}");
    let (channel, daily) = &announced[0];
    assert_eq!((*channel, daily.puzzle), (GAMES, alice.puzzle));
    assert_eq!(daily.par, alice.par);
    let words = present::daily_puzzle_announcement(Lang::En, daily);
    assert!(words.content.contains("/halma puzzle daily"), "{words:?}");
    assert!(!words.ephemeral);
    assert!(drain(&svc).await.is_empty(), "nothing more to announce");

    // The next day has a puzzle of its own, on the next crossing board.
    clock.advance(chrono::TimeDelta::days(1));
    let next = CROSSINGS.of_day(GUILD, clock.now().date_naive()).unwrap();
    store_par(&svc, next.variant).await;
    let giveup = puzzle(&svc, BOB, PuzzleCommand::GiveUp).await.unwrap();
    assert_eq!(view(giveup).status, AttemptStatus::GaveUp);
    let tomorrow = view(puzzle(&svc, BOB, PuzzleCommand::Daily).await.unwrap());
    assert_ne!(tomorrow.puzzle, alice.puzzle);
    assert_eq!(tomorrow.variant, next.variant);
    // Alice's yesterday's puzzle is still open: finish it first.
    let busy = puzzle(&svc, ALICE, PuzzleCommand::Daily).await;
    assert!(
        matches!(busy, Err(Error::User(UserError::PuzzleOpen))),
        "{busy:?}"
    );
}

/// The rating after each finish, counted by the test: the members against the puzzle, one
/// Glicko-2 game each, in the order they finished.
struct Count {
    puzzle: Glicko2Rating,
}

impl Count {
    fn finish(&mut self, member: Glicko2Rating, finish: Finish) -> Glicko2Rating {
        let rated = rate(&member, &self.puzzle, &finish);
        self.puzzle = rated.puzzle;
        rated.member
    }
}

#[sqlx::test(migrations = "../migrations")]
async fn the_leaderboard_and_ratings_agree_with_the_moves_made(pool: PgPool) {
    let (svc, clock) = puzzle_service(&pool, CROSSINGS);
    clock.set(day_of(CROSSINGS, PuzzleKind::Crossing, Variant::Star2));
    assert_eq!(leaderboard(&svc).await.puzzle, None, "nobody asked yet");
    store_par(&svc, Variant::Star2).await;
    let moves = own_par(Variant::Star2);
    let par = moves.len() as u32;
    let mut count = Count {
        puzzle: initial_rating(),
    };

    // Alice crosses at the par; Bob plays two moves and gives up; Carol only looks.
    puzzle(&svc, ALICE, PuzzleCommand::Daily).await.unwrap();
    let alice = play_all(&svc, ALICE, &moves).await;
    let alice_rating = count.finish(
        initial_rating(),
        Finish::Crossing(CrossingScore {
            moves: moves.len(),
            par: moves.len(),
        }),
    );
    let outcome = alice.outcome.unwrap();
    assert!((outcome.rating_after - alice_rating.rating).abs() < 1e-9);
    let streaks = outcome.streaks.expect("a daily's streaks");
    assert_eq!((streaks.current, streaks.longest), (1, 1));
    puzzle(&svc, BOB, PuzzleCommand::Daily).await.unwrap();
    play_all(&svc, BOB, &moves[..2]).await;
    puzzle(&svc, BOB, PuzzleCommand::GiveUp).await.unwrap();
    let bob_rating = count.finish(initial_rating(), Finish::GaveUp);
    puzzle(&svc, CAROL, PuzzleCommand::Daily).await.unwrap();

    let board = leaderboard(&svc).await;
    assert_eq!(
        board.puzzle,
        Some((PuzzleKind::Crossing, Variant::Star2, Some(par)))
    );
    let rows: Vec<(u64, AttemptStatus, u32, i64, u32)> = board
        .rows
        .iter()
        .map(|r: &DailyRow| (r.user, r.status, r.moves, r.rating.round() as i64, r.streak))
        .collect();
    assert_eq!(
        rows,
        [
            (
                ALICE,
                AttemptStatus::Solved,
                par,
                alice_rating.rating.round() as i64,
                1
            ),
            (
                BOB,
                AttemptStatus::GaveUp,
                2,
                bob_rating.rating.round() as i64,
                0
            ),
        ],
        "Carol has not finished"
    );
    let shown = present::puzzle_answer(Lang::En, &PuzzleAnswer::Leaderboard(board.clone()));
    let first = shown.content.lines().nth(1).unwrap_or_default().to_string();
    assert_eq!(
        first,
        format!(
            "1. <@{ALICE}>: {par} moves · rating {} · streak 1 day",
            alice_rating.rating.round()
        )
    );
    assert!(
        shown.pings.is_empty(),
        "the board names members without pinging them"
    );
    let puzzle_rating: f64 = sqlx::query_scalar("SELECT rating FROM puzzles WHERE guild_id = $1")
        .bind(GUILD as i64)
        .fetch_one(&pool)
        .await
        .unwrap();
    assert!((puzzle_rating - count.puzzle.rating).abs() < 1e-9);

    // The next day Alice solves again: two days in a row.
    puzzle(&svc, CAROL, PuzzleCommand::GiveUp).await.unwrap();
    clock.advance(chrono::TimeDelta::days(1));
    let next = CROSSINGS.of_day(GUILD, clock.now().date_naive()).unwrap();
    store_par(&svc, next.variant).await;
    puzzle(&svc, ALICE, PuzzleCommand::Daily).await.unwrap();
    let second = play_all(&svc, ALICE, &own_par(next.variant)).await;
    let streaks = second.outcome.unwrap().streaks.unwrap();
    assert_eq!((streaks.current, streaks.longest), (2, 2));
    let board = leaderboard(&svc).await;
    assert_eq!(board.rows.len(), 1);
    assert_eq!((board.rows[0].user, board.rows[0].streak), (ALICE, 2));
    // A day missed breaks the streak.
    clock.advance(chrono::TimeDelta::days(2));
    let streak = svc.puzzles().streaks_now(GUILD, ALICE).await.unwrap();
    assert_eq!((streak.current, streak.longest), (0, 2));
}
