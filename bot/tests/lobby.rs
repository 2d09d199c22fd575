//! Games of three and four from their start, against a real PostgreSQL: invitations that every
//! member must accept, open lobbies (join, leave, start, the bot filling seats), expiry, the
//! refusals (each checked to change nothing), and clicks racing each other on real
//! connections.

mod common;

use chrono::TimeDelta;
use common::*;
use halma::{Options, Position, Seat, Variant};
use halma_core::service::{
    Accepted, ChallengeRequest, ChallengeStatus, EndReason, FirstMover, GameResult, GameStarted,
    GameStatus, Invitation, LobbyId, LobbyRequest, LobbyStatus, LobbyUpdate, LobbyView, Opponent,
    Player, Resignation,
};
use halma_core::{Error, Service, UserError};
use halma_engine::Level;
use sqlx::PgPool;
use std::collections::HashSet;
use std::future::Future;

const DAVE: u64 = 444_444_444_444_444_444;
const ERIN: u64 = 555_555_555_555_555_555;
/// The bot's own user id.
const BOT: u64 = 999_999_999_999_999_999;

/// This bot, named as an opponent.
fn the_bot() -> Opponent {
    Opponent {
        user: BOT,
        is_bot: true,
        is_me: true,
    }
}

/// Alice invites Bob and `others` to `variant`, Alice moving first.
async fn invite(svc: &Service, variant: &str, others: &[Opponent]) -> Result<Invitation, Error> {
    svc.invitations()
        .challenge_group(&also(&request(variant, FirstMover::Challenger), others))
        .await
}

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

fn waiting(accepted: Accepted) -> Invitation {
    match accepted {
        Accepted::Waiting(invitation) => invitation,
        Accepted::Started(s) => panic!("started too early: {s:?}"),
    }
}

fn started(accepted: Accepted) -> GameStarted {
    accepted.started().expect("everyone has accepted")
}

fn open(update: LobbyUpdate) -> LobbyView {
    match update {
        LobbyUpdate::Open(view) => view,
        other => panic!("expected an open lobby, got {other:?}"),
    }
}

fn lobby_started(update: LobbyUpdate) -> GameStarted {
    match update {
        LobbyUpdate::Started(started) => *started,
        other => panic!("expected a started game, got {other:?}"),
    }
}

/// Alice opens a lobby for `variant` in the test channel; its id.
async fn open_test_lobby(svc: &Service, variant: &str) -> LobbyId {
    svc.invitations()
        .open_lobby(&lobby_request(variant))
        .await
        .expect("the lobby opens")
        .lobby
        .id
}

fn users(view: &LobbyView) -> Vec<u64> {
    view.members.iter().map(|m| m.user).collect()
}

fn seated(players: &[Player]) -> Vec<(Seat, u64)> {
    let mut seats: Vec<(Seat, u64)> = players.iter().map(|p| (p.seat, p.user)).collect();
    seats.sort();
    seats
}

async fn games_in_channel(pool: &PgPool) -> i64 {
    sqlx::query_scalar("SELECT COUNT(*) FROM games WHERE channel_id = $1")
        .bind(CHANNEL as i64)
        .fetch_one(pool)
        .await
        .unwrap()
}

#[sqlx::test(migrations = "../migrations")]
async fn an_invitation_to_four_starts_when_everyone_has_accepted(pool: PgPool) {
    let (svc, _clock) = service(&pool);
    let invitation = invite(&svc, "four-teams", &[person(CAROL), person(DAVE)])
        .await
        .unwrap();
    let accepted = |i: &Invitation| -> Vec<u64> {
        i.players
            .iter()
            .filter(|p| p.accepted)
            .map(|p| p.user)
            .collect()
    };
    assert_eq!(accepted(&invitation), [ALICE]);
    assert_eq!(invitation.players.len(), 4);
    let id = invitation.challenge.id;

    let after_bob = waiting(svc.invitations().accept(id, BOB).await.unwrap());
    assert_eq!(accepted(&after_bob), [ALICE, BOB]);
    refused(
        &pool,
        UserError::AlreadyAccepted,
        svc.invitations().accept(id, BOB),
    )
    .await;
    refused(
        &pool,
        UserError::NotInvited,
        svc.invitations().accept(id, ERIN),
    )
    .await;
    refused(
        &pool,
        UserError::NotInvited,
        svc.invitations().accept(id, ALICE),
    )
    .await;
    refused(
        &pool,
        UserError::NotInvited,
        svc.invitations().decline(id, ERIN),
    )
    .await;
    assert_eq!(
        svc.invitations().invitation(id).await.unwrap().players,
        after_bob.players,
        "the stored invitation says who accepted"
    );

    let after_dave = waiting(svc.invitations().accept(id, DAVE).await.unwrap());
    assert_eq!(accepted(&after_dave), [ALICE, BOB, DAVE]);
    let game = started(svc.invitations().accept(id, CAROL).await.unwrap());
    assert!(game.bots.is_empty());
    let view = &game.game;
    assert_eq!(view.variant, Variant::FourTeams);
    assert_eq!(view.position, Position::start(Variant::FourTeams));
    // Named order, the challenger first: Alice and Bob partner against Carol and Dave.
    assert_eq!(
        seated(&view.players),
        [
            (Seat::A, ALICE),
            (Seat::B, BOB),
            (Seat::C, CAROL),
            (Seat::D, DAVE)
        ]
    );
    assert_eq!(view.to_move.map(|p| p.user), Some(ALICE));
    let challenge = svc.invitations().invitation(id).await.unwrap().challenge;
    assert_eq!(challenge.status, ChallengeStatus::Accepted);
    assert_eq!(challenge.game, Some(view.id));
    refused(
        &pool,
        UserError::ChallengeAccepted,
        svc.invitations().decline(id, DAVE),
    )
    .await;

    // Moves go round the four seats.
    let options = Options::for_variant(Variant::FourTeams);
    let mut seen = HashSet::new();
    for user in [ALICE, BOB, CAROL, DAVE, ALICE] {
        let board = svc.board(HERE).await.unwrap();
        assert_eq!(board.to_move.map(|p| p.user), Some(user));
        seen.insert(board.position.clone());
        let mv = greedy(&board.position, &options, &seen);
        play_move(&svc, user, mv).await.unwrap();
    }
}

#[sqlx::test(migrations = "../migrations")]
async fn the_first_mover_rotates_or_draws_the_named_order(pool: PgPool) {
    let (svc, _clock) = service(&pool);
    let three = ChallengeRequest {
        first: FirstMover::Opponent,
        ..request("three", FirstMover::Opponent)
    };
    let id = svc
        .invitations()
        .challenge_group(&also(&three, &[person(CAROL)]))
        .await
        .unwrap()
        .challenge
        .id;
    svc.invitations().accept(id, CAROL).await.unwrap();
    let game = started(svc.invitations().accept(id, BOB).await.unwrap());
    // The challenged opponent moves first; the challenger takes the last seat.
    assert_eq!(
        seated(&game.game.players),
        [(Seat::A, BOB), (Seat::B, CAROL), (Seat::C, ALICE)]
    );
}

#[sqlx::test(migrations = "../migrations")]
async fn one_decline_calls_the_game_off(pool: PgPool) {
    let (svc, _clock) = service(&pool);
    let id = invite(&svc, "three", &[person(CAROL)])
        .await
        .unwrap()
        .challenge
        .id;
    waiting(svc.invitations().accept(id, BOB).await.unwrap());
    let declined = svc.invitations().decline(id, CAROL).await.unwrap();
    assert_eq!(declined.challenge.status, ChallengeStatus::Declined);
    refused(
        &pool,
        UserError::ChallengeDeclined,
        svc.invitations().accept(id, CAROL),
    )
    .await;
    refused(
        &pool,
        UserError::ChallengeDeclined,
        svc.invitations().decline(id, BOB),
    )
    .await;
    assert_eq!(games_in_channel(&pool).await, 0);
}

#[sqlx::test(migrations = "../migrations")]
async fn an_invitation_expires_like_a_challenge(pool: PgPool) {
    let (svc, clock) = service(&pool);
    let id = invite(&svc, "three", &[person(CAROL)])
        .await
        .unwrap()
        .challenge
        .id;
    waiting(svc.invitations().accept(id, BOB).await.unwrap());
    clock.advance(TimeDelta::minutes(10));
    refused(
        &pool,
        UserError::ChallengeExpired,
        svc.invitations().accept(id, CAROL),
    )
    .await;
    let report = svc.tick().await.unwrap();
    assert_eq!(report.expired_challenges.len(), 1);
    assert_eq!(report.expired_challenges[0].id, id);
    assert_eq!(
        report.expired_challenges[0].status,
        ChallengeStatus::Expired
    );
    assert_eq!(games_in_channel(&pool).await, 0);
}

#[sqlx::test(migrations = "../migrations")]
async fn invitations_that_do_not_fit_are_refused(pool: PgPool) {
    let (svc, _clock) = service(&pool);
    let cases: Vec<(&str, Vec<Opponent>, UserError)> = vec![
        (
            "four-teams",
            vec![],
            UserError::WrongOpponentCount {
                variant: Variant::FourTeams,
                needed: 3,
            },
        ),
        (
            "three",
            vec![person(CAROL), person(DAVE)],
            UserError::WrongOpponentCount {
                variant: Variant::Three,
                needed: 2,
            },
        ),
        (
            "standard",
            vec![person(CAROL)],
            UserError::WrongOpponentCount {
                variant: Variant::Standard,
                needed: 1,
            },
        ),
        (
            "four",
            vec![person(CAROL), person(BOB)],
            UserError::DuplicateOpponent { user: BOB },
        ),
        ("three", vec![person(ALICE)], UserError::ChallengeYourself),
        (
            "three",
            vec![Opponent {
                user: DAVE,
                is_bot: true,
                is_me: false,
            }],
            UserError::ChallengeBot,
        ),
    ];
    for (variant, others, want) in cases {
        refused(&pool, want, invite(&svc, variant, &others)).await;
    }
    let leveled = ChallengeRequest {
        level: Some(halma_engine::Level::Hard),
        ..request("three", FirstMover::Random)
    };
    refused(
        &pool,
        UserError::LevelNeedsBot,
        svc.invitations()
            .challenge_group(&also(&leveled, &[person(CAROL)])),
    )
    .await;
    // A pending invitation holds the challenger's next one, as for two players.
    invite(&svc, "three", &[person(CAROL)]).await.unwrap();
    refused(
        &pool,
        UserError::ChallengePending { opponent: BOB },
        invite(&svc, "four", &[person(CAROL), person(DAVE)]),
    )
    .await;
}

#[sqlx::test(migrations = "../migrations")]
async fn the_bot_accepts_an_invitation_at_once_and_plays_its_seat(pool: PgPool) {
    let (svc, _clock) = service(&pool);
    let leveled = ChallengeRequest {
        level: Some(halma_engine::Level::Easy),
        ..request("three", FirstMover::Challenger)
    };
    let invitation = svc
        .invitations()
        .challenge_group(&also(&leveled, &[the_bot()]))
        .await
        .unwrap();
    let bot = invitation.players.iter().find(|p| p.user == BOT).unwrap();
    assert!(bot.accepted);
    assert_eq!(bot.ai_level, Some(Level::Easy));
    let game = started(
        svc.invitations()
            .accept(invitation.challenge.id, BOB)
            .await
            .unwrap(),
    );
    // The bot was named third: it plays seat c.
    let bot_seat = Player {
        seat: Seat::C,
        user: BOT,
    };
    assert_eq!(game.bots, [(bot_seat, Level::Easy)]);
    let id = game.game.id;

    assert!(
        svc.searches().ai_turn(id).await.unwrap().is_none(),
        "Alice is to move"
    );
    let options = Options::for_variant(Variant::Three);
    let seen = HashSet::new();
    for user in [ALICE, BOB] {
        let board = svc.board(HERE).await.unwrap();
        play_move(&svc, user, greedy(&board.position, &options, &seen))
            .await
            .unwrap();
    }
    let played = svc
        .searches()
        .ai_turn(id)
        .await
        .unwrap()
        .expect("the bot moves");
    assert_eq!(played.mover, bot_seat);
    assert_eq!(played.game.to_move.map(|p| p.user), Some(ALICE));
    // A game with the bot is not rated: nobody has a rating row yet, and none will be made.
    svc.resign(at(ALICE)).await.unwrap();
}

#[sqlx::test(migrations = "../migrations")]
async fn a_lobby_fills_in_joining_order_and_starts_when_full(pool: PgPool) {
    let (svc, _clock) = service(&pool);
    let view = svc
        .invitations()
        .open_lobby(&LobbyRequest {
            variant: None,
            ..lobby_request("four")
        })
        .await
        .unwrap();
    assert_eq!(view.lobby.variant, Variant::Four, "four by default");
    assert_eq!(view.lobby.expires_at, t0() + TimeDelta::minutes(30));
    assert_eq!(users(&view), [ALICE]);
    let id = view.lobby.id;

    assert_eq!(
        users(&open(svc.invitations().join_lobby(id, BOB).await.unwrap())),
        [ALICE, BOB]
    );
    refused(
        &pool,
        UserError::AlreadyInLobby,
        svc.invitations().join_lobby(id, BOB),
    )
    .await;
    refused(
        &pool,
        UserError::AlreadyInLobby,
        svc.invitations().join_lobby(id, ALICE),
    )
    .await;
    assert_eq!(
        users(&open(
            svc.invitations().join_lobby(id, CAROL).await.unwrap()
        )),
        [ALICE, BOB, CAROL]
    );
    assert_eq!(
        users(&open(
            svc.invitations().leave_lobby(id, CAROL).await.unwrap()
        )),
        [ALICE, BOB]
    );
    refused(
        &pool,
        UserError::NotInLobby,
        svc.invitations().leave_lobby(id, CAROL),
    )
    .await;
    refused(
        &pool,
        UserError::NotHost { host: ALICE },
        svc.invitations().start_lobby(id, BOB),
    )
    .await;
    refused(
        &pool,
        UserError::LobbyNotFull {
            variant: Variant::Four,
            joined: 2,
        },
        svc.invitations().start_lobby(id, ALICE),
    )
    .await;
    open(svc.invitations().join_lobby(id, DAVE).await.unwrap());
    let game = lobby_started(svc.invitations().join_lobby(id, CAROL).await.unwrap());
    assert_eq!(
        seated(&game.game.players),
        [
            (Seat::A, ALICE),
            (Seat::B, BOB),
            (Seat::C, DAVE),
            (Seat::D, CAROL)
        ]
    );
    assert_eq!(game.game.to_move.map(|p| p.user), Some(ALICE));
    refused(
        &pool,
        UserError::LobbyStarted,
        svc.invitations().join_lobby(id, ERIN),
    )
    .await;
    refused(
        &pool,
        UserError::LobbyStarted,
        svc.invitations().start_lobby(id, ALICE),
    )
    .await;
    refused(
        &pool,
        UserError::LobbyStarted,
        svc.invitations().leave_lobby(id, BOB),
    )
    .await;
    let status: String = sqlx::query_scalar("SELECT status FROM lobbies WHERE id = $1")
        .bind(id.0)
        .fetch_one(&pool)
        .await
        .unwrap();
    assert_eq!(status, "started");
}

#[sqlx::test(migrations = "../migrations")]
async fn lobby_refusals_change_nothing(pool: PgPool) {
    let (svc, _clock) = service(&pool);
    let id = open_test_lobby(&svc, "three").await;
    refused(
        &pool,
        UserError::LobbyOpen { host: ALICE },
        svc.invitations().open_lobby(&LobbyRequest {
            host: at(BOB),
            ..lobby_request("four")
        }),
    )
    .await;
    refused(
        &pool,
        UserError::NoSuchLobby,
        svc.invitations().join_lobby(LobbyId(id.0 + 99), BOB),
    )
    .await;
    refused(
        &pool,
        UserError::NotHost { host: ALICE },
        svc.invitations().add_bot_to_lobby(id, BOB, BOT),
    )
    .await;
    refused(
        &pool,
        UserError::TimeoutOutOfRange { text: "5s".into() },
        svc.invitations().open_lobby(&LobbyRequest {
            host: Place::new(GUILD, 7).member(ALICE),
            turn_timeout: Some(TimeDelta::seconds(5)),
            ..lobby_request("four")
        }),
    )
    .await;
    // The bot fills seats only in games of three or four.
    let small = svc
        .invitations()
        .open_lobby(&LobbyRequest {
            host: Place::new(GUILD, 7).member(ALICE),
            ..lobby_request("small")
        })
        .await
        .unwrap()
        .lobby
        .id;
    refused(
        &pool,
        UserError::AiNeedsSeveralPlayers,
        svc.invitations().add_bot_to_lobby(small, ALICE, BOT),
    )
    .await;
    // A two-player lobby starts with its second player.
    let game = lobby_started(svc.invitations().join_lobby(small, BOB).await.unwrap());
    assert_eq!(game.game.variant, Variant::Small);

    // The host leaving closes the lobby, and a new one may be opened.
    open(svc.invitations().join_lobby(id, BOB).await.unwrap());
    match svc.invitations().leave_lobby(id, ALICE).await.unwrap() {
        LobbyUpdate::Closed(view) => assert_eq!(view.lobby.status, LobbyStatus::Closed),
        other => panic!("the host's leave closes the lobby: {other:?}"),
    }
    refused(
        &pool,
        UserError::LobbyClosed,
        svc.invitations().join_lobby(id, CAROL),
    )
    .await;
    svc.invitations()
        .open_lobby(&LobbyRequest {
            host: at(BOB),
            ..lobby_request("four")
        })
        .await
        .unwrap();
}

#[sqlx::test(migrations = "../migrations")]
async fn a_full_lobby_waits_for_the_channel_and_the_host_starts_it(pool: PgPool) {
    let (svc, _clock) = service(&pool);
    start(&svc, "small", FirstMover::Challenger).await;
    // A lobby may gather players while the channel's game goes on.
    let id = open_test_lobby(&svc, "three").await;
    open(svc.invitations().join_lobby(id, CAROL).await.unwrap());
    let full = open(svc.invitations().join_lobby(id, DAVE).await.unwrap());
    assert_eq!(users(&full), [ALICE, CAROL, DAVE]);
    refused(
        &pool,
        UserError::LobbyFull,
        svc.invitations().join_lobby(id, ERIN),
    )
    .await;
    refused(
        &pool,
        UserError::ChannelBusy,
        svc.invitations().start_lobby(id, ALICE),
    )
    .await;
    svc.resign(at(BOB)).await.unwrap();
    refused(
        &pool,
        UserError::NotHost { host: ALICE },
        svc.invitations().start_lobby(id, CAROL),
    )
    .await;
    let game = lobby_started(svc.invitations().start_lobby(id, ALICE).await.unwrap());
    assert_eq!(
        seated(&game.game.players),
        [(Seat::A, ALICE), (Seat::B, CAROL), (Seat::C, DAVE)]
    );
}

#[sqlx::test(migrations = "../migrations")]
async fn a_lobby_expires_after_thirty_minutes(pool: PgPool) {
    let (svc, clock) = service(&pool);
    let id = open_test_lobby(&svc, "four").await;
    open(svc.invitations().join_lobby(id, BOB).await.unwrap());
    clock.advance(TimeDelta::minutes(29));
    assert!(svc.tick().await.unwrap().expired_lobbies.is_empty());
    clock.advance(TimeDelta::minutes(1));
    refused(
        &pool,
        UserError::LobbyClosed,
        svc.invitations().join_lobby(id, CAROL),
    )
    .await;
    let report = svc.tick().await.unwrap();
    assert_eq!(report.expired_lobbies.len(), 1);
    assert_eq!(report.expired_lobbies[0].status, LobbyStatus::Expired);
    assert!(svc.tick().await.unwrap().expired_lobbies.is_empty());
}

#[sqlx::test(migrations = "../migrations")]
async fn random_seats_keep_every_member(pool: PgPool) {
    let (svc, _clock) = service(&pool);
    let id = svc
        .invitations()
        .open_lobby(&LobbyRequest {
            random_seats: true,
            ..lobby_request("three")
        })
        .await
        .unwrap()
        .lobby
        .id;
    open(svc.invitations().join_lobby(id, BOB).await.unwrap());
    let game = lobby_started(svc.invitations().join_lobby(id, CAROL).await.unwrap());
    let mut players: Vec<u64> = game.game.players.iter().map(|p| p.user).collect();
    players.sort();
    assert_eq!(players, [ALICE, BOB, CAROL]);
}

/// Alice opens a lobby of four and fills its three other seats with the bot.
async fn filled_with_the_bot(svc: &Service) -> GameStarted {
    let id = open_test_lobby(svc, "four").await;
    for _ in 0..2 {
        open(
            svc.invitations()
                .add_bot_to_lobby(id, ALICE, BOT)
                .await
                .unwrap(),
        );
    }
    lobby_started(
        svc.invitations()
            .add_bot_to_lobby(id, ALICE, BOT)
            .await
            .unwrap(),
    )
}

#[sqlx::test(migrations = "../migrations")]
async fn the_bot_fills_several_seats_and_plays_each_in_turn(pool: PgPool) {
    let (svc, _clock) = service(&pool);
    let game = filled_with_the_bot(&svc).await;
    let bot_seats: Vec<Seat> = game.bots.iter().map(|(p, _)| p.seat).collect();
    assert_eq!(bot_seats, [Seat::B, Seat::C, Seat::D]);
    assert!(game.bots.iter().all(|(_, l)| *l == Level::Easy));
    let id = game.game.id;

    let board = svc.board(HERE).await.unwrap();
    let options = Options::for_variant(Variant::Four);
    play_move(
        &svc,
        ALICE,
        greedy(&board.position, &options, &HashSet::new()),
    )
    .await
    .unwrap();
    for seat in [Seat::B, Seat::C, Seat::D] {
        let played = svc
            .searches()
            .ai_turn(id)
            .await
            .unwrap()
            .expect("the bot moves");
        assert_eq!(played.mover.seat, seat);
    }
    assert!(
        svc.searches().ai_turn(id).await.unwrap().is_none(),
        "Alice is to move"
    );
    assert_eq!(
        svc.board(HERE).await.unwrap().to_move.map(|p| p.user),
        Some(ALICE)
    );
}

#[sqlx::test(migrations = "../migrations")]
async fn a_game_ends_at_once_when_only_the_bot_is_left(pool: PgPool) {
    let (svc, clock) = service(&pool);
    // Alice fills a lobby of four with the bot and resigns: the bot does not play on alone.
    let game = filled_with_the_bot(&svc).await.game;
    let Resignation::Left(left) = svc.resign(at(ALICE)).await.unwrap() else {
        panic!("in a game of four a resigning player leaves");
    };
    assert_eq!(
        left.game.result,
        Some(GameResult::Draw {
            reason: EndReason::NoPeopleLeft
        })
    );
    assert_eq!(left.game.status, GameStatus::Finished);
    let said = halma_core::present::resignation(
        halma_core::locale::Lang::En,
        &Resignation::Left(left.clone()),
        &|_, _| None,
    );
    assert!(
        said.content.contains("Nobody but the bot is left"),
        "{}",
        said.content
    );
    assert!(
        svc.searches().ai_turn(game.id).await.unwrap().is_none(),
        "the bot has nothing to play"
    );
    let moves: i64 = sqlx::query_scalar("SELECT COUNT(*) FROM moves")
        .fetch_one(&pool)
        .await
        .unwrap();
    assert_eq!(moves, 0);

    // The same when the last person runs out of time, with one other person gone before.
    let id = open_test_lobby(&svc, "four").await;
    open(svc.invitations().join_lobby(id, BOB).await.unwrap());
    open(
        svc.invitations()
            .add_bot_to_lobby(id, ALICE, BOT)
            .await
            .unwrap(),
    );
    let game = lobby_started(
        svc.invitations()
            .add_bot_to_lobby(id, ALICE, BOT)
            .await
            .unwrap(),
    )
    .game;
    let bob_seat = game.players.iter().find(|p| p.user == BOB).unwrap().seat;
    assert!(matches!(
        svc.resign(at(BOB)).await.unwrap(),
        Resignation::Left(l) if l.game.result.is_none() && l.player.seat == bob_seat
    ));
    clock.advance(TimeDelta::days(2));
    let report = svc.tick().await.unwrap();
    let ended: Vec<_> = report
        .timeouts
        .iter()
        .map(|t| t.game.result.clone())
        .chain(report.departures.iter().map(|d| d.game.result.clone()))
        .collect();
    assert_eq!(
        ended,
        [Some(GameResult::Draw {
            reason: EndReason::NoPeopleLeft
        })],
        "{report:?}"
    );
}

#[sqlx::test(migrations = "../migrations")]
async fn of_two_members_joining_for_the_last_seat_one_gets_it(pool: PgPool) {
    let (svc, _clock) = service(&pool);
    let id = open_test_lobby(&svc, "three").await;
    open(svc.invitations().join_lobby(id, BOB).await.unwrap());
    let (carol, dave) = tokio::join!(
        svc.invitations().join_lobby(id, CAROL),
        svc.invitations().join_lobby(id, DAVE)
    );
    let results = [carol, dave];
    let winners: Vec<&GameStarted> = results
        .iter()
        .filter_map(|r| match r {
            Ok(LobbyUpdate::Started(s)) => Some(s.as_ref()),
            _ => None,
        })
        .collect();
    assert_eq!(winners.len(), 1, "{results:?}");
    let loser = results.iter().find(|r| r.is_err()).expect("one is refused");
    assert_eq!(
        loser.as_ref().unwrap_err().user(),
        Some(&UserError::LobbyStarted)
    );
    assert_eq!(games_in_channel(&pool).await, 1);
    assert_eq!(winners[0].game.players.len(), 3);
}

#[sqlx::test(migrations = "../migrations")]
async fn a_start_clicked_twice_starts_one_game(pool: PgPool) {
    let (svc, _clock) = service(&pool);
    start(&svc, "small", FirstMover::Challenger).await;
    let id = open_test_lobby(&svc, "three").await;
    open(svc.invitations().join_lobby(id, CAROL).await.unwrap());
    open(svc.invitations().join_lobby(id, DAVE).await.unwrap());
    svc.resign(at(BOB)).await.unwrap();
    let (first, second) = tokio::join!(
        svc.invitations().start_lobby(id, ALICE),
        svc.invitations().start_lobby(id, ALICE)
    );
    let results = [first, second];
    assert_eq!(
        results
            .iter()
            .filter(|r| matches!(r, Ok(LobbyUpdate::Started(_))))
            .count(),
        1,
        "{results:?}"
    );
    assert!(results
        .iter()
        .any(|r| r.as_ref().err().and_then(Error::user) == Some(&UserError::LobbyStarted)));
    // The small game and the lobby's game.
    assert_eq!(games_in_channel(&pool).await, 2);
}

#[sqlx::test(migrations = "../migrations")]
async fn a_leave_while_the_lobby_fills_sees_the_lobby_as_it_then_is(pool: PgPool) {
    for _ in 0..3 {
        // Lobbies refer to their games: they go first.
        sqlx::query("DELETE FROM lobbies")
            .execute(&pool)
            .await
            .unwrap();
        sqlx::query("DELETE FROM games")
            .execute(&pool)
            .await
            .unwrap();
        let (svc, _clock) = service(&pool);
        let id = open_test_lobby(&svc, "four").await;
        open(svc.invitations().join_lobby(id, BOB).await.unwrap());
        open(svc.invitations().join_lobby(id, CAROL).await.unwrap());
        let (leave, join) = tokio::join!(
            svc.invitations().leave_lobby(id, BOB),
            svc.invitations().join_lobby(id, DAVE)
        );
        match (&leave, &join) {
            // Bob left first: Dave takes his place, and the lobby waits for a fourth.
            (Ok(LobbyUpdate::Open(_)), Ok(LobbyUpdate::Open(view))) => {
                assert_eq!(users(view), [ALICE, CAROL, DAVE]);
                assert_eq!(games_in_channel(&pool).await, 0);
            }
            // Dave's join filled the lobby first: the game started with Bob in it.
            (Err(e), Ok(LobbyUpdate::Started(game))) => {
                assert_eq!(e.user(), Some(&UserError::LobbyStarted));
                assert!(game.game.players.iter().any(|p| p.user == BOB));
                assert_eq!(games_in_channel(&pool).await, 1);
            }
            other => panic!("an impossible outcome: {other:?}"),
        }
    }
}

#[sqlx::test(migrations = "../migrations")]
async fn a_decline_while_another_accepts_calls_the_game_off(pool: PgPool) {
    let (svc, _clock) = service(&pool);
    let id = invite(&svc, "three", &[person(CAROL)])
        .await
        .unwrap()
        .challenge
        .id;
    let (accept, decline) = tokio::join!(
        svc.invitations().accept(id, BOB),
        svc.invitations().decline(id, CAROL)
    );
    assert!(decline.is_ok(), "{decline:?}");
    match accept {
        Ok(Accepted::Waiting(_)) => {}
        Err(e) => assert_eq!(e.user(), Some(&UserError::ChallengeDeclined)),
        other => panic!("an impossible outcome: {other:?}"),
    }
    assert_eq!(
        svc.invitations()
            .invitation(id)
            .await
            .unwrap()
            .challenge
            .status,
        ChallengeStatus::Declined
    );
    assert_eq!(games_in_channel(&pool).await, 0);
}

#[sqlx::test(migrations = "../migrations")]
async fn the_last_two_accepting_at_once_start_one_game(pool: PgPool) {
    let (svc, _clock) = service(&pool);
    let id = invite(&svc, "four", &[person(CAROL), person(DAVE)])
        .await
        .unwrap()
        .challenge
        .id;
    waiting(svc.invitations().accept(id, BOB).await.unwrap());
    let (carol, dave) = tokio::join!(
        svc.invitations().accept(id, CAROL),
        svc.invitations().accept(id, DAVE)
    );
    let results = [carol.unwrap(), dave.unwrap()];
    assert_eq!(
        results
            .iter()
            .filter(|r| matches!(r, Accepted::Started(_)))
            .count(),
        1,
        "{results:?}"
    );
    assert_eq!(games_in_channel(&pool).await, 1);
}

/// How many pending challenges and open lobbies `channel` has.
async fn gatherings_in(pool: &PgPool, channel: u64) -> i64 {
    sqlx::query_scalar(
        "SELECT (SELECT COUNT(*) FROM challenges WHERE channel_id = $1 AND status = 'pending')
              + (SELECT COUNT(*) FROM lobbies WHERE channel_id = $1 AND status = 'open')",
    )
    .bind(channel as i64)
    .fetch_one(pool)
    .await
    .unwrap()
}

#[sqlx::test(migrations = "../migrations")]
async fn a_pending_challenge_and_an_open_lobby_hold_each_other_off(pool: PgPool) {
    let (svc, _clock) = service(&pool);
    let invitation = invite(&svc, "three", &[person(CAROL)]).await.unwrap();
    // Someone else's lobby waits for the invitation's answers; so does the challenger's own.
    refused(
        &pool,
        UserError::ChallengeInChannel { challenger: ALICE },
        svc.invitations().open_lobby(&LobbyRequest {
            host: at(DAVE),
            ..lobby_request("four")
        }),
    )
    .await;
    refused(
        &pool,
        UserError::ChallengePending { opponent: BOB },
        svc.invitations().open_lobby(&lobby_request("four")),
    )
    .await;
    // As does another member's challenge; another channel (a thread) is free.
    refused(
        &pool,
        UserError::ChallengeInChannel { challenger: ALICE },
        svc.invitations().challenge(&ChallengeRequest {
            challenger: at(DAVE),
            opponents: vec![person(ERIN)],
            ..request("small", FirstMover::Challenger)
        }),
    )
    .await;
    svc.invitations()
        .open_lobby(&LobbyRequest {
            host: Place::new(GUILD, 7).member(ALICE),
            ..lobby_request("four")
        })
        .await
        .unwrap();

    // Once declined, the channel may gather again: a lobby, which then holds off challenges.
    svc.invitations()
        .decline(invitation.challenge.id, CAROL)
        .await
        .unwrap();
    svc.invitations()
        .open_lobby(&LobbyRequest {
            host: at(DAVE),
            ..lobby_request("four")
        })
        .await
        .unwrap();
    refused(
        &pool,
        UserError::LobbyOpen { host: DAVE },
        invite(&svc, "three", &[person(CAROL)]),
    )
    .await;
    refused(
        &pool,
        UserError::LobbyOpen { host: DAVE },
        svc.invitations()
            .challenge(&request("small", FirstMover::Challenger)),
    )
    .await;
    assert_eq!(gatherings_in(&pool, CHANNEL).await, 1);
}

/// Lobbies and challenges opened in one channel at the same moment, on separate connections:
/// every round leaves exactly one of them, and the other is refused saying which one is there.
/// Each round plays in a server of its own, so that the challenges left waiting stay within a
/// member's limit.
#[sqlx::test(migrations = "../migrations")]
async fn a_lobby_and_a_challenge_at_the_same_moment_leave_one(pool: PgPool) {
    let (svc, _clock) = service(&pool);
    for round in 0..12u64 {
        let channel = 1_000 + round;
        let guild = 10_000 + round;
        let lobby = LobbyRequest {
            host: Place::new(guild, channel).member(CAROL),
            ..lobby_request("four")
        };
        let challenge = ChallengeRequest {
            challenger: Place::new(guild, channel).member(ALICE),
            ..request("three", FirstMover::Challenger)
        };
        let challenge = also(&challenge, &[person(DAVE)]);
        let (opened, invited) = tokio::join!(
            svc.invitations().open_lobby(&lobby),
            svc.invitations().challenge_group(&challenge)
        );
        match (&opened, &invited) {
            (Ok(_), Err(e)) => assert_eq!(e.user(), Some(&UserError::LobbyOpen { host: CAROL })),
            (Err(e), Ok(_)) => assert_eq!(
                e.user(),
                Some(&UserError::ChallengeInChannel { challenger: ALICE })
            ),
            other => panic!("round {round}: {other:?}"),
        }
        assert_eq!(gatherings_in(&pool, channel).await, 1, "round {round}");
    }
    // Two members challenging in one channel at the same moment: one challenge.
    for round in 0..12u64 {
        let channel = 2_000 + round;
        let guild = 20_000 + round;
        let alices = ChallengeRequest {
            challenger: Place::new(guild, channel).member(ALICE),
            ..request("small", FirstMover::Challenger)
        };
        let carols = ChallengeRequest {
            challenger: Place::new(guild, channel).member(CAROL),
            opponents: vec![person(DAVE)],
            ..request("small", FirstMover::Challenger)
        };
        let (a, c) = tokio::join!(
            svc.invitations().challenge(&alices),
            svc.invitations().challenge(&carols)
        );
        match (&a, &c) {
            (Ok(_), Err(e)) => assert_eq!(
                e.user(),
                Some(&UserError::ChallengeInChannel { challenger: ALICE })
            ),
            (Err(e), Ok(_)) => assert_eq!(
                e.user(),
                Some(&UserError::ChallengeInChannel { challenger: CAROL })
            ),
            other => panic!("round {round}: {other:?}"),
        }
        assert_eq!(gatherings_in(&pool, channel).await, 1, "round {round}");
    }
}
