//! Whole games through the service against a real PostgreSQL: challenge to win, resignation,
//! draws, time losses, concurrent moves, ratings, aborts and a restarted service.

mod common;

use chrono::TimeDelta;
use common::*;
use halma::{Game, Options, Outcome, Position, Seat, Variant};
use halma_core::service::{
    Abort, ChallengeRequest, ChallengeStatus, DrawOffer, EndReason, FirstMover, GameResult,
    GameStatus, MovePlayed, Player, Resignation,
};
use halma_core::{Error, Service, UserError};
use sqlx::PgPool;
use std::collections::HashSet;

/// The user sitting at `seat` of a game Alice started with `first`.
fn user_at(players: &[Player], seat: Seat) -> u64 {
    players
        .iter()
        .find(|p| p.seat == seat)
        .map(|p| p.user)
        .unwrap()
}

/// Plays greedy moves through the service until the game ends; returns the rules crate's
/// game played alongside, and the last reply.
async fn play_out(svc: &Service, variant: Variant, players: &[Player]) -> (Game, MovePlayed) {
    let mut rules = Game::new(Position::start(variant), Options::for_variant(variant));
    let mut seen = HashSet::new();
    loop {
        let pos = rules.position().clone();
        seen.insert(pos.clone());
        let mv = greedy(&pos, rules.options(), &seen);
        let user = user_at(players, pos.to_move());
        let reply = play_move(svc, user, mv)
            .await
            .expect("a legal move is played");
        rules.play(&mv.into()).unwrap();
        assert_eq!(reply.game.position, *rules.position());
        // The answer is worked out before the move is saved: it must show the game as stored.
        let stored = svc.board(HERE).await.expect("the game reads back");
        assert_eq!(
            reply.game, stored,
            "the answer differs from the stored game"
        );
        if rules.outcome().is_over() {
            return (rules, reply);
        }
        assert_eq!(
            reply.game.to_move.map(|p| p.seat),
            Some(rules.position().to_move())
        );
    }
}

/// `user` plays `text` (like `g3-g4`) in the test channel.
async fn play(svc: &Service, user: u64, text: &str) -> Result<MovePlayed, Error> {
    play_move(svc, user, text.parse().unwrap()).await
}

async fn move_plies(pool: &PgPool) -> Vec<i32> {
    sqlx::query_scalar("SELECT ply FROM moves ORDER BY ply")
        .fetch_all(pool)
        .await
        .unwrap()
}

#[sqlx::test(migrations = "../migrations")]
async fn a_small_game_from_challenge_to_win(pool: PgPool) {
    let (svc, clock) = service(&pool);
    let challenge = svc
        .invitations()
        .challenge(&request("small", FirstMover::Challenger))
        .await
        .unwrap();
    assert_eq!(challenge.status, ChallengeStatus::Pending);
    assert_eq!(challenge.expires_at, t0() + TimeDelta::minutes(10));
    assert_eq!(challenge.turn_timeout, TimeDelta::hours(24));
    clock.advance(TimeDelta::minutes(1));
    let started = svc
        .invitations()
        .accept(challenge.id, BOB)
        .await
        .unwrap()
        .started()
        .unwrap();
    assert_eq!(
        svc.invitations()
            .invitation(challenge.id)
            .await
            .unwrap()
            .challenge
            .status,
        ChallengeStatus::Accepted
    );
    let game = &started.game;
    assert_eq!(game.position, Position::start(Variant::Small));
    assert_eq!(
        game.players,
        vec![
            Player {
                seat: Seat::A,
                user: ALICE
            },
            Player {
                seat: Seat::B,
                user: BOB
            }
        ]
    );
    assert_eq!(
        game.to_move,
        Some(Player {
            seat: Seat::A,
            user: ALICE
        })
    );
    assert_eq!(
        game.turn_deadline,
        Some(clock_now(&clock) + TimeDelta::hours(24))
    );
    assert_eq!(game.channel, CHANNEL);

    let (rules, last) = play_out(&svc, Variant::Small, &game.players).await;
    let Outcome::Win { winners, .. } = rules.outcome() else {
        panic!("greedy small games are won, got {:?}", rules.outcome());
    };
    let winner = user_at(&game.players, winners[0]);
    let loser = if winner == ALICE { BOB } else { ALICE };
    let Some(GameResult::Win { winners: w, reason }) = &last.game.result else {
        panic!("the last move ends the game: {:?}", last.game.result);
    };
    assert_eq!(w[0].user, winner);
    assert_eq!(*reason, EndReason::Completed);
    assert_eq!(last.game.status, GameStatus::Finished);
    assert_eq!(last.game.to_move, None);
    assert_eq!(last.ratings.len(), 2);
    for change in &last.ratings {
        assert_eq!(change.before, 1500.0);
        if change.player.user == winner {
            assert!(change.after > 1500.0);
        } else {
            assert!(change.after < 1500.0);
        }
    }

    let plies = move_plies(&pool).await;
    assert_eq!(plies, (1..=plies.len() as i32).collect::<Vec<_>>());
    let history = svc.history(HERE).await.unwrap();
    assert_eq!(history.plies.len(), rules.plies().len());
    assert_eq!(history.plies[0].number, 1);
    assert_eq!(history.game.position, *rules.position());

    let board = svc.board(HERE).await.unwrap();
    assert_eq!(board.status, GameStatus::Finished);
    assert_eq!(board.last_move.map(|m| m.chain), Some(last.chain.clone()));

    let replay = svc.replay_data(HERE).await.unwrap();
    assert_eq!(replay.start, Position::start(Variant::Small));
    assert_eq!(replay.plies, rules.plies());

    let board = svc
        .leaderboard(GUILD, variant_of("small"), 10)
        .await
        .unwrap();
    let order: Vec<u64> = board.entries.iter().map(|e| e.user).collect();
    assert_eq!(order, vec![winner, loser]);
    assert_eq!(
        (
            board.entries[0].rank,
            board.entries[0].record.wins,
            board.entries[0].record.games
        ),
        (1, 1, 1)
    );
    assert_eq!(
        (board.entries[1].rank, board.entries[1].record.losses),
        (2, 1)
    );
    assert!(svc
        .leaderboard(GUILD, variant_of("ig10"), 10)
        .await
        .unwrap()
        .entries
        .is_empty());

    let stats = svc.stats(GUILD, loser).await.unwrap();
    assert_eq!(stats.variants.len(), 1);
    assert_eq!(
        (stats.variants[0].rank, stats.variants[0].record.losses),
        (2, 1)
    );
    assert!(stats.current_games.is_empty());

    // The channel is free again.
    start(&svc, "small", FirstMover::Opponent).await;
}

fn clock_now(clock: &halma_core::clock::ManualClock) -> chrono::DateTime<chrono::Utc> {
    use halma_core::clock::Clock;
    clock.now()
}

#[sqlx::test(migrations = "../migrations")]
async fn an_ig10_game_ends_as_the_rules_say_with_the_opponent_first(pool: PgPool) {
    let (svc, _clock) = service(&pool);
    let started = start(&svc, "ig10", FirstMover::Opponent).await;
    assert_eq!(started.game.to_move.map(|p| p.user), Some(BOB));
    assert_eq!(started.game.position, Position::start(Variant::Ig10));
    assert!(started.game.options.balance);
    let (rules, last) = play_out(&svc, Variant::Ig10, &started.game.players).await;
    match (rules.outcome(), last.game.result.unwrap()) {
        (Outcome::Draw { .. }, GameResult::Draw { reason }) => {
            assert_eq!(reason, EndReason::Balance)
        }
        (Outcome::Win { winners, .. }, GameResult::Win { winners: w, .. }) => {
            assert_eq!(w[0].seat, winners[0])
        }
        (a, b) => panic!("rules say {a:?}, service says {b:?}"),
    }
}

#[sqlx::test(migrations = "../migrations")]
async fn resigning_hands_the_game_to_the_opponent(pool: PgPool) {
    let (svc, _clock) = service(&pool);
    start(&svc, "standard", FirstMover::Challenger).await;
    play(&svc, ALICE, "l2-l3").await.unwrap();
    play(&svc, BOB, "e15-e14").await.unwrap();
    let Resignation::Ended(ended) = svc.resign(at(BOB)).await.unwrap() else {
        panic!("resigning a two-player game ends it");
    };
    assert_eq!(
        ended.game.result,
        Some(GameResult::Win {
            winners: vec![Player {
                seat: Seat::A,
                user: ALICE
            }],
            reason: EndReason::Resigned
        })
    );
    assert_eq!(ended.game.turn_deadline, None);
    let alice = ended
        .ratings
        .iter()
        .find(|r| r.player.user == ALICE)
        .unwrap();
    assert!(alice.after > alice.before);
    let stats = svc.stats(GUILD, BOB).await.unwrap();
    assert_eq!(stats.variants[0].variant, Variant::Standard);
    assert_eq!(
        (
            stats.variants[0].record.games,
            stats.variants[0].record.losses
        ),
        (1, 1)
    );
    // Nothing more happens in a finished game.
    let err = play_text(&svc, at(BOB), "e15", "e14").await.unwrap_err();
    assert!(matches!(err, Error::User(UserError::GameOver)), "{err:?}");
    let err = svc.resign(at(ALICE)).await.unwrap_err();
    assert!(matches!(err, Error::User(UserError::GameOver)), "{err:?}");
}

#[sqlx::test(migrations = "../migrations")]
async fn a_game_ended_before_everyone_moved_is_not_rated(pool: PgPool) {
    let (svc, _clock) = service(&pool);
    let ratings = |pool: PgPool| async move {
        let n: i64 = sqlx::query_scalar("SELECT COUNT(*) FROM ratings")
            .fetch_one(&pool)
            .await
            .unwrap();
        n
    };
    // An alt account resigns before its first move, once at ply 0 and once at ply 1.
    start(&svc, "small", FirstMover::Opponent).await;
    let Resignation::Ended(ended) = svc.resign(at(BOB)).await.unwrap() else {
        panic!("resigning a two-player game ends it");
    };
    assert!(ended.ratings.is_empty(), "{:?}", ended.ratings);
    assert!(matches!(
        ended.game.result,
        Some(GameResult::Win {
            reason: EndReason::Resigned,
            ..
        })
    ));
    start(&svc, "small", FirstMover::Challenger).await;
    play(&svc, ALICE, "g3-g4").await.unwrap();
    let Resignation::Ended(ended) = svc.resign(at(BOB)).await.unwrap() else {
        panic!("resigning a two-player game ends it");
    };
    assert!(ended.ratings.is_empty(), "{:?}", ended.ratings);
    let said = halma_core::present::game_ended(halma_core::locale::Lang::En, &ended, &|_, _| None);
    assert!(
        said.content
            .contains("Not rated: the game ended before every player had moved."),
        "{}",
        said.content
    );
    assert_eq!(ratings(pool.clone()).await, 0, "no rating row, no record");
    assert!(svc
        .leaderboard(GUILD, variant_of("small"), 10)
        .await
        .unwrap()
        .entries
        .is_empty());
    let stats = svc.stats(GUILD, ALICE).await.unwrap();
    assert!(stats.variants.is_empty(), "{:?}", stats.variants);

    // Once both have moved, a resignation is rated.
    start(&svc, "small", FirstMover::Challenger).await;
    play(&svc, ALICE, "g3-g4").await.unwrap();
    play(&svc, BOB, "b6-b5").await.unwrap();
    let Resignation::Ended(ended) = svc.resign(at(BOB)).await.unwrap() else {
        panic!("resigning a two-player game ends it");
    };
    assert_eq!(ended.ratings.len(), 2);
    assert_eq!(ratings(pool).await, 2);
    let said = halma_core::present::game_ended(halma_core::locale::Lang::En, &ended, &|_, _| None);
    assert!(!said.content.contains("Not rated"), "{}", said.content);
}

#[sqlx::test(migrations = "../migrations")]
async fn a_member_has_a_few_challenges_waiting_at_most(pool: PgPool) {
    let (svc, _clock) = service(&pool);
    let in_channel = |channel: u64| ChallengeRequest {
        challenger: Place::new(GUILD, channel).member(ALICE),
        ..request("small", FirstMover::Challenger)
    };
    let limit = halma_core::service::PENDING_CHALLENGES_PER_MEMBER;
    let mut first = None;
    for channel in 0..u64::from(limit) {
        let made = svc
            .invitations()
            .challenge(&in_channel(100 + channel))
            .await
            .unwrap();
        first.get_or_insert(made.id);
    }
    // One more, in yet another channel (a thread is one too): refused, nothing written.
    let before = snapshot(&pool).await;
    let err = svc
        .invitations()
        .challenge(&in_channel(200))
        .await
        .unwrap_err();
    assert_eq!(
        err.user(),
        Some(&UserError::TooManyChallenges { limit }),
        "{err:?}"
    );
    assert_eq!(snapshot(&pool).await, before);
    assert!(svc.invitations().may_challenge(GUILD, ALICE).await.is_err());
    // Bob is not held back by Alice's challenges.
    assert!(svc.invitations().may_challenge(GUILD, BOB).await.is_ok());
    // Once one is withdrawn, Alice may challenge again.
    svc.invitations()
        .withdraw(first.unwrap(), ALICE)
        .await
        .unwrap();
    svc.invitations().challenge(&in_channel(200)).await.unwrap();
}

#[sqlx::test(migrations = "../migrations")]
async fn members_and_servers_open_a_few_threads_an_hour(pool: PgPool) {
    use halma_core::service::{THREADS_PER_MEMBER, THREADS_PER_SERVER, THREAD_WINDOW};
    let (svc, clock) = service(&pool);
    // A member who opens threads and walks away (no challenge left waiting in them).
    for _ in 0..THREADS_PER_MEMBER {
        svc.open_thread(at(ALICE)).await.unwrap();
    }
    let err = svc.open_thread(at(ALICE)).await.unwrap_err();
    assert_eq!(
        err.user(),
        Some(&UserError::TooManyThreads {
            limit: THREADS_PER_MEMBER
        }),
        "{err:?}"
    );
    // Nobody else is held back by Alice, in her server or another.
    svc.open_thread(at(BOB)).await.unwrap();
    svc.open_thread(Place::new(GUILD + 1, CHANNEL).member(ALICE))
        .await
        .unwrap();
    // The server's members together reach the server's limit.
    let opened_in_guild = THREADS_PER_MEMBER + 1;
    for member in 0..THREADS_PER_SERVER - opened_in_guild {
        svc.open_thread(at(1_000 + u64::from(member)))
            .await
            .unwrap();
    }
    let err = svc.open_thread(at(CAROL)).await.unwrap_err();
    assert_eq!(
        err.user(),
        Some(&UserError::ServerThreadsFull {
            limit: THREADS_PER_SERVER
        }),
        "{err:?}"
    );
    // An hour later the old threads no longer count, and their rows are gone.
    clock.advance(THREAD_WINDOW + TimeDelta::seconds(1));
    svc.open_thread(at(ALICE)).await.unwrap();
    let rows: i64 = sqlx::query_scalar("SELECT count(*) FROM game_threads WHERE guild_id = $1")
        .bind(GUILD as i64)
        .fetch_one(&pool)
        .await
        .unwrap();
    assert_eq!(rows, 1);
}

#[sqlx::test(migrations = "../migrations")]
async fn every_new_game_has_a_ply_limit(pool: PgPool) {
    let (svc, _clock) = service(&pool);
    let game = start(&svc, "standard", FirstMover::Challenger).await;
    assert_eq!(game.game.options.ply_limit, Some(600));
    let stored: Option<i32> = sqlx::query_scalar("SELECT ply_limit FROM games WHERE id = $1")
        .bind(game.game.id.0)
        .fetch_one(&pool)
        .await
        .unwrap();
    assert_eq!(stored, Some(600));
    assert_eq!(halma_core::service::ply_limit(Variant::Four), 1200);
}

#[sqlx::test(migrations = "../migrations")]
async fn a_rematch_swaps_the_colours_and_follows_only_the_latest_game(pool: PgPool) {
    let (svc, _clock) = service(&pool);
    // A time per move that a text round trip ("1m") would change.
    let challenge = svc
        .invitations()
        .challenge(&ChallengeRequest {
            turn_timeout: Some(timeout("1m 30s")),
            ..request("small", FirstMover::Challenger)
        })
        .await
        .unwrap();
    let first = svc
        .invitations()
        .accept(challenge.id, BOB)
        .await
        .unwrap()
        .started()
        .unwrap()
        .game;
    assert_eq!(first.turn_timeout, TimeDelta::seconds(90));
    assert_eq!(user_at(&first.players, Seat::A), ALICE);
    let opening = greedy(&first.position, &first.options, &HashSet::new());
    play_move(&svc, ALICE, opening).await.unwrap();
    svc.resign(at(BOB)).await.unwrap();

    let err = svc
        .invitations()
        .rematch(at(CAROL), first.id)
        .await
        .unwrap_err();
    assert!(matches!(err, Error::User(UserError::NotAPlayer)), "{err:?}");
    // Bob asks; Alice had seat a, so this time Bob does.
    let invitation = svc
        .invitations()
        .rematch(at(BOB), first.id)
        .await
        .unwrap()
        .waiting()
        .unwrap();
    let challenge = invitation.challenge.clone();
    assert_eq!((challenge.challenger, invitation.opponent()), (BOB, ALICE));
    assert_eq!(challenge.variant, Variant::Small);
    assert_eq!(challenge.turn_timeout, first.turn_timeout);
    let second = svc
        .invitations()
        .accept(challenge.id, ALICE)
        .await
        .unwrap()
        .started()
        .unwrap()
        .game;
    assert_eq!(user_at(&second.players, Seat::A), BOB, "colours swapped");
    assert_eq!(second.to_move.map(|p| p.user), Some(BOB));

    // The first game is no longer the channel's latest: there is nothing to rematch.
    let before = snapshot(&pool).await;
    let err = svc
        .invitations()
        .rematch(at(ALICE), first.id)
        .await
        .unwrap_err();
    assert!(matches!(err, Error::User(UserError::NoGame)), "{err:?}");
    assert_eq!(
        snapshot(&pool).await,
        before,
        "a refused rematch changes nothing"
    );
}

#[sqlx::test(migrations = "../migrations")]
async fn a_draw_needs_both_offers_and_a_move_withdraws_an_offer(pool: PgPool) {
    let (svc, _clock) = service(&pool);
    start(&svc, "small", FirstMover::Challenger).await;
    let DrawOffer::Standing {
        by,
        waiting_for,
        game,
    } = svc.offer_draw(at(ALICE)).await.unwrap()
    else {
        panic!("one offer does not draw");
    };
    assert_eq!(by.user, ALICE);
    assert_eq!(
        waiting_for.iter().map(|p| p.user).collect::<Vec<_>>(),
        vec![BOB]
    );
    assert_eq!(game.draw_offers, vec![by]);
    // Alice moves: her offer lapses, so Bob's offer is a new one (after his own move, so
    // that everyone has moved and the draw is rated).
    play(&svc, ALICE, "g3-g4").await.unwrap();
    play(&svc, BOB, "b6-b5").await.unwrap();
    assert!(svc.board(HERE).await.unwrap().draw_offers.is_empty());
    assert!(matches!(
        svc.offer_draw(at(BOB)).await.unwrap(),
        DrawOffer::Standing { .. }
    ));
    let DrawOffer::Agreed(ended) = svc.offer_draw(at(ALICE)).await.unwrap() else {
        panic!("both offered");
    };
    assert_eq!(
        ended.game.result,
        Some(GameResult::Draw {
            reason: EndReason::Agreement
        })
    );
    assert_eq!(ended.ratings.len(), 2);
    let stats = svc.stats(GUILD, ALICE).await.unwrap();
    assert_eq!(
        (
            stats.variants[0].record.draws,
            stats.variants[0].record.games
        ),
        (1, 1)
    );
}

#[sqlx::test(migrations = "../migrations")]
async fn the_timer_reminds_at_half_time_and_the_player_to_move_loses_on_time(pool: PgPool) {
    let (svc, clock) = service(&pool);
    let challenge = svc
        .invitations()
        .challenge(&halma_core::service::ChallengeRequest {
            turn_timeout: Some(timeout("2h")),
            ..request("small", FirstMover::Challenger)
        })
        .await
        .unwrap();
    svc.invitations().accept(challenge.id, BOB).await.unwrap();
    play(&svc, ALICE, "g3-g4").await.unwrap();

    clock.advance(TimeDelta::minutes(59));
    assert_eq!(svc.tick().await.unwrap(), Default::default());
    clock.advance(TimeDelta::minutes(1));
    let report = svc.tick().await.unwrap();
    assert_eq!(report.reminders.len(), 1);
    assert_eq!(report.reminders[0].player.user, BOB);
    assert_eq!(report.reminders[0].time_left, TimeDelta::hours(1));
    assert!(report.timeouts.is_empty());
    // Each reminder once.
    assert!(svc.tick().await.unwrap().reminders.is_empty());

    // Past the deadline a move is refused and the tick ends the game, also from a new service
    // over the same database (a restarted bot).
    clock.advance(TimeDelta::hours(1));
    let before = snapshot(&pool).await;
    let err = play(&svc, BOB, "b6-b5").await.unwrap_err();
    assert!(matches!(err, Error::User(UserError::TimeUp)), "{err:?}");
    assert_eq!(snapshot(&pool).await, before);
    let (restarted, clock2) = service(&pool);
    clock2.set(clock_now(&clock));
    let report = restarted.tick().await.unwrap();
    assert_eq!(report.timeouts.len(), 1);
    let ended = &report.timeouts[0];
    assert_eq!(
        ended.game.result,
        Some(GameResult::Win {
            winners: vec![Player {
                seat: Seat::A,
                user: ALICE
            }],
            reason: EndReason::Timeout
        })
    );
    // Bob never moved: the game is not rated.
    assert!(ended.ratings.is_empty(), "{:?}", ended.ratings);
    assert!(restarted.tick().await.unwrap().timeouts.is_empty());
    let board = svc
        .leaderboard(GUILD, variant_of("small"), 5)
        .await
        .unwrap();
    assert!(board.entries.is_empty(), "{:?}", board.entries);
}

#[sqlx::test(migrations = "../migrations")]
async fn the_timer_expires_unanswered_challenges(pool: PgPool) {
    let (svc, clock) = service(&pool);
    let challenge = svc
        .invitations()
        .challenge(&request("small", FirstMover::Random))
        .await
        .unwrap();
    clock.advance(TimeDelta::minutes(10));
    let before = snapshot(&pool).await;
    let err = svc
        .invitations()
        .accept(challenge.id, BOB)
        .await
        .unwrap_err();
    assert!(
        matches!(err, Error::User(UserError::ChallengeExpired)),
        "{err:?}"
    );
    assert_eq!(snapshot(&pool).await, before);
    let report = svc.tick().await.unwrap();
    assert_eq!(report.expired_challenges.len(), 1);
    assert_eq!(
        report.expired_challenges[0].status,
        ChallengeStatus::Expired
    );
    assert!(svc.tick().await.unwrap().expired_challenges.is_empty());
    let err = svc
        .invitations()
        .accept(challenge.id, BOB)
        .await
        .unwrap_err();
    assert!(
        matches!(err, Error::User(UserError::ChallengeExpired)),
        "{err:?}"
    );
}

#[sqlx::test(migrations = "../migrations")]
async fn random_first_mover_still_starts_from_the_start_position(pool: PgPool) {
    let (svc, _clock) = service(&pool);
    let started = start(&svc, "small", FirstMover::Random).await;
    let first = started.game.to_move.unwrap();
    assert_eq!(first.seat, Seat::A);
    assert!(first.user == ALICE || first.user == BOB);
    assert_eq!(started.game.position, Position::start(Variant::Small));
}

#[sqlx::test(migrations = "../migrations")]
async fn of_two_concurrent_moves_exactly_one_applies(pool: PgPool) {
    let (svc, _clock) = service(&pool);
    start(&svc, "standard", FirstMover::Challenger).await;
    let mut rules = Game::new(
        Position::start(Variant::Standard),
        Options::for_variant(Variant::Standard),
    );
    for round in 0..12 {
        let pos = rules.position().clone();
        let user = if pos.to_move() == Seat::A { ALICE } else { BOB };
        let moves = pos.legal_moves(rules.options());
        let (m1, m2) = (
            moves[round % moves.len()],
            moves[(round * 7 + 3) % moves.len()],
        );
        let tasks = [m1, m2].map(|mv| {
            let svc = svc.clone();
            tokio::spawn(async move { play_move(&svc, user, mv).await.map(|r| r.chain) })
        });
        let mut applied = Vec::new();
        for (task, mv) in tasks.into_iter().zip([m1, m2]) {
            match task.await.unwrap() {
                Ok(_) => applied.push(mv),
                Err(Error::User(UserError::PositionChanged | UserError::NotYourTurn { .. })) => {}
                Err(e) => panic!("unexpected refusal {e:?}"),
            }
        }
        assert_eq!(applied.len(), 1, "round {round}: {applied:?}");
        rules.play(&applied[0].into()).unwrap();
        assert_eq!(svc.board(HERE).await.unwrap().position, *rules.position());
    }
    assert_eq!(move_plies(&pool).await, (1..=12).collect::<Vec<_>>());
}

#[sqlx::test(migrations = "../migrations")]
async fn a_restarted_service_continues_the_game(pool: PgPool) {
    let (svc, _clock) = service(&pool);
    start(&svc, "small", FirstMover::Challenger).await;
    play(&svc, ALICE, "g3-g4").await.unwrap();
    play(&svc, BOB, "b6-b5").await.unwrap();
    drop(svc);
    let (svc, _clock) = service(&pool);
    let board = svc.board(HERE).await.unwrap();
    assert_eq!(board.ply, 2);
    assert_eq!(board.to_move.map(|p| p.user), Some(ALICE));
    // The destination may repeat the start, as a chain would.
    let reply = play_text(&svc, at(ALICE), "h3", "h3 f5").await.unwrap();
    assert_eq!(reply.chain.len(), 2, "{:?}", reply.chain);
    let history = svc.history(HERE).await.unwrap();
    let texts: Vec<String> = history.plies.iter().map(|p| p.ply.to_string()).collect();
    assert_eq!(texts, ["g3-g4", "b6-b5", "h3-f5"]);
}

#[sqlx::test(migrations = "../migrations")]
async fn players_abort_only_early_and_moderators_any_time(pool: PgPool) {
    let (svc, _clock) = service(&pool);
    start(&svc, "small", FirstMover::Challenger).await;
    play(&svc, ALICE, "g3-g4").await.unwrap();
    let Abort::Aborted(id) = svc.abort(at(BOB), false).await.unwrap() else {
        panic!("aborted on time");
    };
    let aborted = svc.board(HERE).await.unwrap();
    assert_eq!(aborted.id, id);
    assert_eq!(aborted.status, GameStatus::Aborted);
    assert_eq!(aborted.result, None);

    start(&svc, "small", FirstMover::Challenger).await;
    play(&svc, ALICE, "g3-g4").await.unwrap();
    play(&svc, BOB, "b6-b5").await.unwrap();
    let before = snapshot(&pool).await;
    for (user, err) in [
        (ALICE, UserError::AbortTooLate),
        (CAROL, UserError::NotAPlayer),
    ] {
        let got = svc.abort(at(user), false).await.unwrap_err();
        assert_eq!(got.user(), Some(&err));
    }
    assert_eq!(snapshot(&pool).await, before);
    assert!(matches!(
        svc.abort(at(CAROL), true).await.unwrap(),
        Abort::Aborted(_)
    ));
    assert_eq!(svc.board(HERE).await.unwrap().status, GameStatus::Aborted);
    // Aborted games are not rated.
    assert!(svc
        .leaderboard(GUILD, variant_of("small"), 10)
        .await
        .unwrap()
        .entries
        .is_empty());
    let n: i64 = sqlx::query_scalar("SELECT COUNT(*) FROM ratings")
        .fetch_one(&pool)
        .await
        .unwrap();
    assert_eq!(n, 0);
}

#[sqlx::test(migrations = "../migrations")]
async fn autocomplete_offers_the_mover_pieces_and_destinations(pool: PgPool) {
    let (svc, _clock) = service(&pool);
    let started = start(&svc, "small", FirstMover::Challenger).await;
    let opts = Options::for_variant(Variant::Small);
    let mut rules = Game::new(Position::start(Variant::Small), opts);
    let mut seen = HashSet::new();
    let mut via_seen = false;
    for _ in 0..40 {
        let pos = rules.position().clone();
        let mover = user_at(&started.game.players, pos.to_move());
        let other = if mover == ALICE { BOB } else { ALICE };
        let mut movable = Vec::new();
        pos.for_each_destination(&opts, |from, _| movable.push(from.to_string()));
        let from = svc.complete_from(at(mover), "").await.unwrap();
        let values: Vec<String> = from.iter().map(|c| c.value.clone()).collect();
        assert_eq!(values, movable);
        let prefix = &movable[0][..1];
        let filtered = svc
            .complete_from(at(mover), &prefix.to_uppercase())
            .await
            .unwrap();
        assert!(!filtered.is_empty() && filtered.iter().all(|c| c.value.starts_with(prefix)));
        // Only the player to move is offered anything.
        assert!(svc.complete_from(at(other), "").await.unwrap().is_empty());
        assert!(svc
            .complete_to(at(other), &movable[0], "")
            .await
            .unwrap()
            .is_empty());
        assert!(svc.complete_from(at(CAROL), "").await.unwrap().is_empty());
        assert!(svc
            .complete_from(Place::new(GUILD, 1).member(mover), "")
            .await
            .unwrap()
            .is_empty());
        for from in &movable {
            let sq = from.parse().unwrap();
            let to = svc.complete_to(at(mover), from, "").await.unwrap();
            let dests = pos.destinations(sq, &opts);
            assert_eq!(to.len(), dests.count().min(25) as usize);
            for choice in &to {
                let chain = pos
                    .chain(
                        halma::Move {
                            from: sq,
                            to: choice.value.parse().unwrap(),
                        },
                        &opts,
                    )
                    .unwrap();
                if chain.len() > 2 {
                    let via: Vec<String> = chain[1..chain.len() - 1]
                        .iter()
                        .map(|s| s.to_string())
                        .collect();
                    assert_eq!(
                        choice.name,
                        format!("{} (via {})", choice.value, via.join(", "))
                    );
                    via_seen = true;
                } else {
                    assert_eq!(choice.name, choice.value);
                }
            }
        }
        assert!(svc
            .complete_to(at(mover), "zz", "")
            .await
            .unwrap()
            .is_empty());
        seen.insert(pos.clone());
        let mv = greedy(&pos, &opts, &seen);
        play_move(&svc, mover, mv).await.unwrap();
        rules.play(&mv.into()).unwrap();
    }
    assert!(via_seen, "no multi-hop chain came up");
}

#[sqlx::test(migrations = "../migrations")]
async fn a_game_with_broken_data_does_not_stop_the_timer_for_others(pool: PgPool) {
    let (svc, clock) = service(&pool);
    let broken = start(&svc, "small", FirstMover::Challenger).await;
    let other = svc
        .invitations()
        .challenge(&halma_core::service::ChallengeRequest {
            challenger: Place::new(GUILD, 77).member(ALICE),
            ..request("small", FirstMover::Challenger)
        })
        .await
        .unwrap();
    let other = svc
        .invitations()
        .accept(other.id, BOB)
        .await
        .unwrap()
        .started()
        .unwrap();
    sqlx::query("UPDATE games SET position = 'small 8/8 a' WHERE id = $1")
        .bind(broken.game.id.0)
        .execute(&pool)
        .await
        .unwrap();
    clock.advance(TimeDelta::hours(25));
    let report = svc.tick().await.unwrap();
    let ended: Vec<_> = report.timeouts.iter().map(|e| e.game.id).collect();
    assert_eq!(ended, vec![other.game.id]);
}

/// Plays the first `n` moves of a greedy small game in the test channel.
async fn play_greedy(svc: &Service, started: &halma_core::service::GameStarted, n: usize) {
    let moves = greedy_game(
        Position::start(Variant::Small),
        Options::for_variant(Variant::Small),
        400,
    );
    for mv in moves.into_iter().take(n) {
        let view = svc.board(HERE).await.unwrap();
        let seat = view.to_move.expect("someone to move").seat;
        play_move(svc, user_at(&started.game.players, seat), mv)
            .await
            .unwrap();
    }
}

#[sqlx::test(migrations = "../migrations")]
async fn moves_go_on_from_the_stored_snapshot_and_the_audit_replays_them(pool: PgPool) {
    let (svc, _clock) = service(&pool);
    let started = start(&svc, "small", FirstMover::Challenger).await;
    let id = started.game.id;
    play_greedy(&svc, &started, 12).await;
    let (turns, ply): (Option<i32>, i32) =
        sqlx::query_as("SELECT turns, ply FROM games WHERE id = $1")
            .bind(id.0)
            .fetch_one(&pool)
            .await
            .unwrap();
    assert_eq!((turns, ply), (Some(12), 12));
    svc.verify(id)
        .await
        .expect("the moves replay to the stored position");

    // A stored move that no longer matches the position is caught by the audit, not by play.
    sqlx::query("UPDATE moves SET chain = 'a1-a2' WHERE game_id = $1 AND ply = 3")
        .bind(id.0)
        .execute(&pool)
        .await
        .unwrap();
    let err = svc.verify(id).await.unwrap_err();
    assert!(matches!(err, Error::Corrupt(_)), "{err:?}");
    let view = svc.board(HERE).await.unwrap();
    let mv = view.position.legal_moves(&view.options)[0];
    let mover = view.to_move.unwrap().user;
    play_move(&svc, mover, mv)
        .await
        .expect("play reads the snapshot, not the move list");
}

#[sqlx::test(migrations = "../migrations")]
async fn a_game_stored_without_a_snapshot_is_replayed_once_and_gets_one(pool: PgPool) {
    let (svc, _clock) = service(&pool);
    let started = start(&svc, "small", FirstMover::Challenger).await;
    let id = started.game.id;
    play_greedy(&svc, &started, 5).await;
    // As stored before the snapshot columns existed.
    sqlx::query("UPDATE games SET turns = NULL WHERE id = $1")
        .bind(id.0)
        .execute(&pool)
        .await
        .unwrap();
    let view = svc.board(HERE).await.unwrap();
    let mv = view.position.legal_moves(&view.options)[0];
    play_move(&svc, view.to_move.unwrap().user, mv)
        .await
        .unwrap();
    let turns: Option<i32> = sqlx::query_scalar("SELECT turns FROM games WHERE id = $1")
        .bind(id.0)
        .fetch_one(&pool)
        .await
        .unwrap();
    assert_eq!(turns, Some(6));
    svc.verify(id).await.unwrap();
}

#[sqlx::test(migrations = "../migrations")]
async fn nobody_loses_on_time_for_our_downtime(pool: PgPool) {
    let (svc, clock) = service(&pool);
    let grace = TimeDelta::minutes(1);
    let challenge = svc
        .invitations()
        .challenge(&halma_core::service::ChallengeRequest {
            turn_timeout: Some(timeout("2h")),
            ..request("small", FirstMover::Challenger)
        })
        .await
        .unwrap();
    svc.invitations().accept(challenge.id, BOB).await.unwrap();
    assert_eq!(svc.beat(grace).await.unwrap(), None, "the first beat ever");

    // The bot runs: beats every few seconds, nothing moves.
    clock.advance(TimeDelta::seconds(15));
    assert_eq!(svc.beat(grace).await.unwrap(), None);
    let deadline = svc.board(HERE).await.unwrap().turn_deadline.unwrap();

    // No bot runs for three hours, past Alice's deadline; a restarted bot (a new service over
    // the same database) beats first: the deadline moves by the outage, nobody loses.
    let (restarted, clock2) = service(&pool);
    clock2.set(clock_now(&clock) + TimeDelta::hours(3));
    assert_eq!(
        restarted.beat(grace).await.unwrap(),
        Some(TimeDelta::hours(3))
    );
    let report = restarted.tick().await.unwrap();
    assert!(report.timeouts.is_empty(), "{report:?}");
    let view = restarted.board(HERE).await.unwrap();
    assert_eq!(view.turn_deadline, Some(deadline + TimeDelta::hours(3)));
    assert_eq!(
        view.time_left,
        Some(TimeDelta::minutes(120) - TimeDelta::seconds(15))
    );
    play(&restarted, ALICE, "g3-g4")
        .await
        .expect("Alice still has her time");

    // A quick restart (under the grace) changes nothing, and while a bot runs, time runs as
    // usual: Bob loses on time at his deadline, two hours after Alice's move.
    let (quick, clock3) = service(&pool);
    clock3.set(clock_now(&clock2) + TimeDelta::seconds(40));
    assert_eq!(quick.beat(grace).await.unwrap(), None);
    for _ in 0..143 {
        clock3.advance(TimeDelta::seconds(50));
        assert_eq!(quick.beat(grace).await.unwrap(), None);
        assert!(quick.tick().await.unwrap().timeouts.is_empty());
    }
    // 40 s + 143 × 50 s after Alice's move; her move gave Bob two hours.
    clock3.advance(TimeDelta::seconds(10));
    assert_eq!(quick.beat(grace).await.unwrap(), None);
    let report = quick.tick().await.unwrap();
    assert_eq!(report.timeouts.len(), 1);
    assert_eq!(
        report.timeouts[0].game.result.as_ref().unwrap().reason(),
        EndReason::Timeout
    );
}

#[sqlx::test(migrations = "../migrations")]
async fn the_audit_visits_every_active_game_in_turn_and_skips_a_broken_one(pool: PgPool) {
    use halma_core::service::GameId;
    let (svc, _clock) = service(&pool);
    assert_eq!(svc.audit_next(GameId(0)).await.unwrap(), None);
    let first = start(&svc, "small", FirstMover::Challenger).await.game.id;
    let other = svc
        .invitations()
        .challenge(&ChallengeRequest {
            challenger: Place::new(GUILD, 78).member(ALICE),
            ..request("small", FirstMover::Challenger)
        })
        .await
        .unwrap();
    let second = svc
        .invitations()
        .accept(other.id, BOB)
        .await
        .unwrap()
        .started()
        .unwrap()
        .game
        .id;
    assert_eq!(svc.audit_next(GameId(0)).await.unwrap(), Some(first));
    assert_eq!(svc.audit_next(first).await.unwrap(), Some(second));
    assert_eq!(
        svc.audit_next(second).await.unwrap(),
        Some(first),
        "round again"
    );
    // A game whose stored moves no longer replay is reported, not a stop for the others.
    play(&svc, ALICE, "g3-g4").await.unwrap();
    sqlx::query("UPDATE moves SET chain = 'a1-a2' WHERE game_id = $1")
        .bind(first.0)
        .execute(&pool)
        .await
        .unwrap();
    assert!(svc.verify(first).await.is_err());
    assert_eq!(svc.audit_next(second).await.unwrap(), Some(first));
    assert_eq!(svc.audit_next(first).await.unwrap(), Some(second));
}

/// Checks that `ended` is a time loss of Alice (to move at the start) won by Bob.
fn assert_alice_lost_on_time(ended: &halma_core::service::GameEnded) {
    match &ended.game.result {
        Some(GameResult::Win { winners, reason }) => {
            assert_eq!(*reason, EndReason::Timeout);
            assert_eq!(winners.iter().map(|p| p.user).collect::<Vec<_>>(), [BOB]);
        }
        other => panic!("expected a time loss, got {other:?}"),
    }
}

#[sqlx::test(migrations = "../migrations")]
async fn time_comes_before_resigning_drawing_and_aborting(pool: PgPool) {
    let (svc, clock) = service(&pool);
    // Alice is to move and her time runs out; the timer has not looked yet.
    start(&svc, "small", FirstMover::Challenger).await;
    clock.advance(TimeDelta::hours(25));
    let Resignation::Ended(ended) = svc.resign(at(BOB)).await.unwrap() else {
        panic!("a two-player game ends on time");
    };
    assert_alice_lost_on_time(&ended);

    start(&svc, "small", FirstMover::Challenger).await;
    clock.advance(TimeDelta::hours(25));
    let DrawOffer::LostOnTime(ended) = svc.offer_draw(at(ALICE)).await.unwrap() else {
        panic!("a draw offer after the time ran out");
    };
    assert_alice_lost_on_time(&ended);

    let game = start(&svc, "small", FirstMover::Challenger).await;
    svc.offer_draw(at(ALICE)).await.unwrap();
    clock.advance(TimeDelta::hours(25));
    let DrawOffer::LostOnTime(ended) = svc.accept_draw(at(BOB), game.game.id).await.unwrap() else {
        panic!("a draw accepted after the time ran out");
    };
    assert_alice_lost_on_time(&ended);

    start(&svc, "small", FirstMover::Challenger).await;
    clock.advance(TimeDelta::hours(25));
    let Abort::LostOnTime(ended) = svc.abort(at(ALICE), false).await.unwrap() else {
        panic!("aborted after the time ran out");
    };
    assert_alice_lost_on_time(&ended);

    // Every game ended once, on time, unrated (nobody had moved); the timer finds nothing
    // left to do.
    assert!(svc.tick().await.unwrap().timeouts.is_empty());
    let reasons: Vec<String> = sqlx::query_scalar("SELECT end_reason FROM games ORDER BY id")
        .fetch_all(&pool)
        .await
        .unwrap();
    assert_eq!(reasons, ["timeout"; 4]);
    let rated: i64 = sqlx::query_scalar("SELECT COUNT(*) FROM ratings")
        .fetch_one(&pool)
        .await
        .unwrap();
    assert_eq!(rated, 0);
}

#[sqlx::test(migrations = "../migrations")]
async fn a_moderator_aborts_a_game_whose_data_is_broken(pool: PgPool) {
    let (svc, _clock) = service(&pool);
    let broken = start(&svc, "small", FirstMover::Challenger).await;
    sqlx::query("UPDATE games SET position = 'small 8/8 a' WHERE id = $1")
        .bind(broken.game.id.0)
        .execute(&pool)
        .await
        .unwrap();
    assert!(matches!(svc.board(HERE).await, Err(Error::Corrupt(_))));
    // A player cannot tell whether they may abort a game that does not load; a moderator can.
    assert!(matches!(
        svc.abort(at(ALICE), false).await,
        Err(Error::Corrupt(_))
    ));
    assert_eq!(
        svc.abort(at(CAROL), true).await.unwrap(),
        Abort::Aborted(broken.game.id)
    );
    let status: String = sqlx::query_scalar("SELECT status FROM games WHERE id = $1")
        .bind(broken.game.id.0)
        .fetch_one(&pool)
        .await
        .unwrap();
    assert_eq!(status, "aborted");
    // Nothing is left to abort, and the channel hosts a new game.
    assert!(matches!(
        svc.abort(at(CAROL), true).await,
        Err(Error::User(UserError::GameOver)) | Err(Error::Corrupt(_))
    ));
    let next = start(&svc, "small", FirstMover::Challenger).await;
    assert_eq!(svc.board(HERE).await.unwrap().id, next.game.id);
}
