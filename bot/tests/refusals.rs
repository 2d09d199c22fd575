//! Every refusal of the service, each checked to leave the database exactly as it was.

mod common;

use chrono::TimeDelta;
use common::*;
use halma::{IllegalMove, ParseSquareError, Seat, Variant};
use halma_core::present;
use halma_core::service::{parse_variant, ChallengeId, ChallengeRequest, FirstMover};
use halma_core::{Error, Service, UserError};
use sqlx::PgPool;
use std::future::Future;

/// Runs `call`, expects the refusal `want`, and checks that nothing in the database changed.
async fn refused<T: std::fmt::Debug>(
    pool: &PgPool,
    want: UserError,
    call: impl Future<Output = Result<T, Error>>,
) {
    let before = snapshot(pool).await;
    match call.await {
        Err(Error::User(got)) => assert_eq!(got, want),
        other => panic!("expected {want:?}, got {other:?}"),
    }
    assert_eq!(
        snapshot(pool).await,
        before,
        "a refusal changed the database ({want:?})"
    );
}

fn with(f: impl FnOnce(&mut ChallengeRequest)) -> ChallengeRequest {
    let mut req = request("small", FirstMover::Challenger);
    f(&mut req);
    req
}

#[sqlx::test(migrations = "../migrations")]
async fn challenges_are_refused_with_reasons(pool: PgPool) {
    let (svc, _clock) = service(&pool);
    let cases: Vec<(ChallengeRequest, UserError)> = vec![
        (
            with(|r| r.opponents = vec![person(ALICE)]),
            UserError::ChallengeYourself,
        ),
        (
            with(|r| r.opponents[0].is_bot = true),
            UserError::ChallengeBot,
        ),
        (
            with(|r| r.variant = Some(Variant::Four)),
            UserError::WrongOpponentCount {
                variant: Variant::Four,
                needed: 3,
            },
        ),
        (
            with(|r| r.turn_timeout = Some(TimeDelta::seconds(30))),
            UserError::TimeoutOutOfRange { text: "30s".into() },
        ),
        (
            with(|r| r.turn_timeout = Some(TimeDelta::days(8))),
            UserError::TimeoutOutOfRange {
                text: "691200s".into(),
            },
        ),
    ];
    for (req, want) in cases {
        refused(&pool, want, svc.invitations().challenge(&req)).await;
    }
    // Accepted forms.
    for t in ["1m", "10m", "12h", "3d", "7d"] {
        let c = svc
            .invitations()
            .challenge(&with(|r| r.turn_timeout = Some(timeout(t))))
            .await
            .unwrap();
        // One pending challenge per challenger and channel: the next one waits for this.
        refused(
            &pool,
            UserError::ChallengePending { opponent: BOB },
            svc.invitations()
                .challenge(&with(|r| r.turn_timeout = Some(timeout(t)))),
        )
        .await;
        svc.invitations().withdraw(c.id, ALICE).await.unwrap();
    }
    start(&svc, "small", FirstMover::Challenger).await;
    refused(
        &pool,
        UserError::ChannelBusy,
        svc.invitations()
            .challenge(&request("ig10", FirstMover::Random)),
    )
    .await;
}

#[sqlx::test(migrations = "../migrations")]
async fn answers_to_challenges_are_refused_with_reasons(pool: PgPool) {
    let (svc, clock) = service(&pool);
    let c = svc
        .invitations()
        .challenge(&request("small", FirstMover::Challenger))
        .await
        .unwrap();
    refused(
        &pool,
        UserError::NoSuchChallenge,
        svc.invitations().accept(ChallengeId(c.id.0 + 1000), BOB),
    )
    .await;
    refused(
        &pool,
        UserError::NotChallenged { opponent: BOB },
        svc.invitations().accept(c.id, ALICE),
    )
    .await;
    refused(
        &pool,
        UserError::NotChallenged { opponent: BOB },
        svc.invitations().accept(c.id, CAROL),
    )
    .await;
    refused(
        &pool,
        UserError::NotChallenged { opponent: BOB },
        svc.invitations().decline(c.id, ALICE),
    )
    .await;
    refused(
        &pool,
        UserError::NotChallenger { challenger: ALICE },
        svc.invitations().withdraw(c.id, BOB),
    )
    .await;

    // Another member's challenge waits until this one is answered.
    refused(
        &pool,
        UserError::ChallengeInChannel { challenger: ALICE },
        svc.invitations().challenge(&ChallengeRequest {
            challenger: at(CAROL),
            ..request("ig10", FirstMover::Random)
        }),
    )
    .await;
    // A pending challenge cannot be accepted once a game started in the channel (a game
    // against the bot starts at once, without waiting for it).
    svc.invitations()
        .challenge_ai(&ChallengeRequest {
            challenger: at(CAROL),
            opponents: vec![this_bot(DAVE)],
            level: Some(halma_engine::Level::Easy),
            ..request("small", FirstMover::Challenger)
        })
        .await
        .unwrap();
    refused(
        &pool,
        UserError::ChannelBusy,
        svc.invitations().accept(c.id, BOB),
    )
    .await;
    svc.abort(at(CAROL), true).await.unwrap();
    svc.invitations().accept(c.id, BOB).await.unwrap();
    refused(
        &pool,
        UserError::ChallengeAccepted,
        svc.invitations().accept(c.id, BOB),
    )
    .await;
    refused(
        &pool,
        UserError::ChallengeAccepted,
        svc.invitations().withdraw(c.id, ALICE),
    )
    .await;

    let declined = svc
        .invitations()
        .challenge(&ChallengeRequest {
            challenger: Place::new(GUILD, 7).member(ALICE),
            ..request("small", FirstMover::Random)
        })
        .await
        .unwrap();
    assert_eq!(
        svc.invitations()
            .decline(declined.id, BOB)
            .await
            .unwrap()
            .challenge
            .status,
        halma_core::service::ChallengeStatus::Declined
    );
    refused(
        &pool,
        UserError::ChallengeDeclined,
        svc.invitations().accept(declined.id, BOB),
    )
    .await;
    let withdrawn = svc
        .invitations()
        .challenge(&ChallengeRequest {
            challenger: Place::new(GUILD, 7).member(ALICE),
            ..request("small", FirstMover::Random)
        })
        .await
        .unwrap();
    svc.invitations()
        .withdraw(withdrawn.id, ALICE)
        .await
        .unwrap();
    refused(
        &pool,
        UserError::ChallengeWithdrawn,
        svc.invitations().accept(withdrawn.id, BOB),
    )
    .await;
    let late = svc
        .invitations()
        .challenge(&ChallengeRequest {
            challenger: Place::new(GUILD, 7).member(ALICE),
            ..request("small", FirstMover::Random)
        })
        .await
        .unwrap();
    clock.advance(TimeDelta::minutes(11));
    refused(
        &pool,
        UserError::ChallengeExpired,
        svc.invitations().accept(late.id, BOB),
    )
    .await;
    refused(
        &pool,
        UserError::ChallengeExpired,
        svc.invitations().withdraw(late.id, ALICE),
    )
    .await;
}

async fn refused_move(
    pool: &PgPool,
    svc: &Service,
    user: u64,
    from: &str,
    to: &str,
    want: UserError,
) {
    refused(pool, want, play_text(svc, at(user), from, to)).await;
}

#[sqlx::test(migrations = "../migrations")]
async fn moves_are_refused_with_reasons(pool: PgPool) {
    let (svc, _clock) = service(&pool);
    refused_move(&pool, &svc, ALICE, "g3", "g4", UserError::NoGame).await;
    start(&svc, "small", FirstMover::Challenger).await;
    let sq = |s: &str| s.parse().unwrap();
    refused(
        &pool,
        UserError::NoGame,
        play_text(&svc, Place::new(GUILD, 12345).member(ALICE), "g3", "g4"),
    )
    .await;
    refused(
        &pool,
        UserError::NoGame,
        play_text(
            &svc,
            Place::new(GUILD + 1, CHANNEL).member(ALICE),
            "g3",
            "g4",
        ),
    )
    .await;
    refused_move(&pool, &svc, CAROL, "g3", "g4", UserError::NotAPlayer).await;
    refused_move(
        &pool,
        &svc,
        BOB,
        "b6",
        "b5",
        UserError::NotYourTurn { to_move: ALICE },
    )
    .await;
    let illegal = |error| UserError::Illegal {
        error,
        variant: Variant::Small,
    };
    let cases = [
        (
            "z3",
            "g4",
            UserError::BadSquare {
                error: ParseSquareError::BadFile("z3".into()),
            },
        ),
        (
            "g3",
            "g0",
            UserError::BadSquare {
                error: ParseSquareError::BadRank("g0".into()),
            },
        ),
        ("g3", " ", UserError::MissingDestination),
        ("h1", "h2", illegal(IllegalMove::Occupied(sq("h2")))),
        (
            "g3",
            "g6",
            illegal(IllegalMove::Unreachable {
                from: sq("g3"),
                to: sq("g6"),
            }),
        ),
        (
            "a8",
            "a7",
            illegal(IllegalMove::NotYourPiece {
                square: sq("a8"),
                owner: Seat::B,
            }),
        ),
        ("d4", "d5", illegal(IllegalMove::EmptySquare(sq("d4")))),
        ("g3", "i9", illegal(IllegalMove::OffBoard(sq("i9")))),
        (
            "h2",
            "f4 f6",
            illegal(IllegalMove::NothingToHopOver {
                from: sq("f4"),
                over: sq("f5"),
            }),
        ),
    ];
    for (from, to, want) in cases {
        refused_move(&pool, &svc, ALICE, from, to, want).await;
    }

    refused(&pool, UserError::NotAPlayer, svc.resign(at(CAROL))).await;
    refused(&pool, UserError::NotAPlayer, svc.offer_draw(at(CAROL))).await;
    svc.offer_draw(at(ALICE)).await.unwrap();
    refused(
        &pool,
        UserError::DrawAlreadyOffered { players: 2 },
        svc.offer_draw(at(ALICE)),
    )
    .await;

    svc.resign(at(ALICE)).await.unwrap();
    refused_move(&pool, &svc, BOB, "b6", "b5", UserError::GameOver).await;
    refused(&pool, UserError::GameOver, svc.offer_draw(at(BOB))).await;
    refused(&pool, UserError::GameOver, svc.abort(at(BOB), true)).await;
    refused(&pool, UserError::NoGame, svc.board(Place::new(GUILD, 4242))).await;
    refused(
        &pool,
        UserError::UnknownVariant { text: "go".into() },
        async { svc.leaderboard(GUILD, parse_variant("go")?, 10).await },
    )
    .await;
}

#[sqlx::test(migrations = "../migrations")]
async fn an_old_accept_draw_button_does_not_act_on_the_next_game(pool: PgPool) {
    let (svc, _clock) = service(&pool);
    let first = start(&svc, "small", FirstMover::Challenger).await;
    svc.offer_draw(at(ALICE)).await.unwrap();
    svc.resign(at(ALICE)).await.unwrap();
    // The old button, clicked once its game is over and before another starts.
    refused(
        &pool,
        UserError::GameOver,
        svc.accept_draw(at(BOB), first.game.id),
    )
    .await;
    let second = start(&svc, "small", FirstMover::Challenger).await;
    svc.offer_draw(at(ALICE)).await.unwrap();
    refused(
        &pool,
        UserError::OldButton,
        svc.accept_draw(at(BOB), first.game.id),
    )
    .await;
    // The current game's button still works.
    let agreed = svc.accept_draw(at(BOB), second.game.id).await.unwrap();
    assert!(matches!(
        agreed,
        halma_core::service::DrawOffer::Agreed(ref ended) if ended.game.id == second.game.id
    ));
}

#[test]
fn every_user_error_has_a_text_in_both_languages() {
    use halma_core::locale::{text, Lang};
    let sq = |s: &str| s.parse().unwrap();
    let mut errors = vec![
        UserError::ChallengeYourself,
        UserError::ChallengeBot,
        UserError::ChannelBusy,
        UserError::UnknownVariant { text: "x".into() },
        UserError::NoParkingOffTheStar {
            variant: Variant::Four,
        },
        UserError::BadTimeout { text: "x".into() },
        UserError::TimeoutOutOfRange { text: "x".into() },
        UserError::BadDmSwitch { text: "x".into() },
        UserError::NoSuchChallenge,
        UserError::NotChallenged { opponent: 1 },
        UserError::NotChallenger { challenger: 1 },
        UserError::ChallengeExpired,
        UserError::ChallengeAccepted,
        UserError::ChallengeDeclined,
        UserError::ChallengeWithdrawn,
        UserError::NoGame,
        UserError::NotAPlayer,
        UserError::NotYourTurn { to_move: 1 },
        UserError::GameOver,
        UserError::TimeUp,
        UserError::BadSquare {
            error: ParseSquareError::Empty,
        },
        UserError::BadSquare {
            error: ParseSquareError::BadFile("x".into()),
        },
        UserError::BadSquare {
            error: ParseSquareError::BadRank("x".into()),
        },
        UserError::MissingDestination,
        UserError::PositionChanged,
        UserError::AbortTooLate,
        UserError::DrawAlreadyOffered { players: 2 },
        UserError::DrawAlreadyOffered { players: 3 },
        UserError::UnknownButton,
        UserError::OldButton,
        UserError::ChallengePending { opponent: 1 },
        UserError::ChallengeInChannel { challenger: 1 },
        UserError::LeftGame,
        UserError::ReplaysBusy,
        UserError::BotBusy,
        UserError::SlowDown,
        UserError::TooManyChallenges { limit: 3 },
        UserError::ServerChallengesFull { limit: 25 },
        UserError::TooManyThreads { limit: 5 },
        UserError::ServerThreadsFull { limit: 30 },
        UserError::OffBoard {
            name: "q6".into(),
            rank: 5,
            variant: Variant::Star2,
        },
        UserError::OffBoard {
            name: "q6".into(),
            rank: 5,
            variant: Variant::Small,
        },
    ];
    // Every rule a move can break, in the words of a square board and of the star.
    let illegal = [
        IllegalMove::GameOver,
        IllegalMove::NotYourTurn {
            seat: Seat::A,
            to_move: Seat::B,
        },
        IllegalMove::OffBoard(sq("a9")),
        IllegalMove::EmptySquare(sq("a1")),
        IllegalMove::NotYourPiece {
            square: sq("a1"),
            owner: Seat::B,
        },
        IllegalMove::SameSquare(sq("a1")),
        IllegalMove::Occupied(sq("a1")),
        IllegalMove::Unreachable {
            from: sq("a1"),
            to: sq("a3"),
        },
        IllegalMove::LeavesTargetCamp {
            from: sq("a1"),
            to: sq("a3"),
        },
        IllegalMove::NotAHop {
            from: sq("a1"),
            to: sq("a4"),
        },
        IllegalMove::NothingToHopOver {
            from: sq("a1"),
            over: sq("a2"),
        },
        IllegalMove::Revisits(sq("a1")),
        IllegalMove::CannotPass,
    ];
    for variant in [Variant::Small, Variant::Star2] {
        errors.extend(illegal.iter().map(|error| UserError::Illegal {
            error: error.clone(),
            variant,
        }));
    }
    for e in errors {
        for lang in Lang::ALL {
            assert!(
                lang.template(present::refusal_key(&e)).is_some(),
                "{} missing in {lang:?}",
                present::refusal_key(&e)
            );
            let msg = present::refusal_text(lang, &e);
            assert!(!msg.contains('{'), "unfilled placeholder in {msg}");
        }
    }
    assert!(Lang::En.template("error.internal").is_some());
    let _ = text(Lang::Hr, "error.internal", &[]);
}

#[sqlx::test(migrations = "../migrations")]
async fn one_pending_challenge_per_channel(pool: PgPool) {
    let (svc, _clock) = service(&pool);
    let first = svc
        .invitations()
        .challenge(&request("small", FirstMover::Challenger))
        .await
        .unwrap();
    refused(
        &pool,
        UserError::ChallengePending { opponent: BOB },
        svc.invitations().challenge(&ChallengeRequest {
            opponents: vec![person(CAROL)],
            ..request("ig10", FirstMover::Random)
        }),
    )
    .await;
    // Another challenger waits too: the channel gathers players for one game at a time.
    refused(
        &pool,
        UserError::ChallengeInChannel { challenger: ALICE },
        svc.invitations().challenge(&ChallengeRequest {
            challenger: at(CAROL),
            ..request("small", FirstMover::Challenger)
        }),
    )
    .await;
    // Another channel is not held up.
    svc.invitations()
        .challenge(&ChallengeRequest {
            challenger: Place::new(GUILD, 7).member(ALICE),
            ..request("small", FirstMover::Challenger)
        })
        .await
        .unwrap();
    // Once answered, the next challenge may be made.
    svc.invitations().accept(first.id, BOB).await.unwrap();
    svc.resign(at(ALICE)).await.unwrap();
    let game = svc.board(HERE).await.unwrap().id;

    // A Rematch clicked twice, one after the other and at the same moment, makes one challenge;
    // the other player's Rematch meanwhile is told to answer it.
    let bobs = svc
        .invitations()
        .rematch(at(BOB), game)
        .await
        .unwrap()
        .waiting()
        .expect("a rematch between people is an invitation");
    refused(
        &pool,
        UserError::ChallengePending { opponent: ALICE },
        svc.invitations().rematch(at(BOB), game),
    )
    .await;
    refused(
        &pool,
        UserError::ChallengeInChannel { challenger: BOB },
        svc.invitations().rematch(at(ALICE), game),
    )
    .await;
    svc.invitations()
        .withdraw(bobs.challenge.id, BOB)
        .await
        .unwrap();
    let (a, b) = tokio::join!(
        svc.invitations().rematch(at(ALICE), game),
        svc.invitations().rematch(at(ALICE), game)
    );
    assert_eq!(
        [&a, &b].iter().filter(|r| r.is_ok()).count(),
        1,
        "{a:?} {b:?}"
    );
    for r in [a, b] {
        if let Err(e) = r {
            assert_eq!(
                e.user(),
                Some(&UserError::ChallengePending { opponent: BOB })
            );
        }
    }
    let pending: i64 = sqlx::query_scalar(
        "SELECT COUNT(*) FROM challenges WHERE status = 'pending' AND channel_id = $1",
    )
    .bind(CHANNEL as i64)
    .fetch_one(&pool)
    .await
    .unwrap();
    // Alice's rematch only.
    assert_eq!(pending, 1);
}
