//! Games against the bot through the service: a whole game, no ratings, the record per level
//! (once per game, against the bot's opposing seats), a rematch that starts at once, hints and
//! their limit, and a restarted service that finds the game waiting for the bot.

mod common;

use chrono::TimeDelta;
use common::*;
use halma::{Position, Seat, Variant};
use halma_core::service::{
    optional, parse_level, Accepted, AiRecord, AiSettings, ChallengeRequest, FirstMover, GameId,
    GameStarted, GameStatus, LobbyRequest, LobbyUpdate, Resignation, SearchLimits, HINTS_PER_GAME,
};
use halma_core::{Db, Error, Service, UserError};
use halma_engine::Level;
use sqlx::PgPool;
use std::collections::HashSet;
use std::sync::Arc;

/// The bot's user id in these tests.
const BOT: u64 = 444_444_444_444_444_444;

/// Small and fixed: the bot's moves do not depend on the machine.
const BUDGET: u64 = 2_000;

fn ai_service(pool: &PgPool) -> Service {
    service(pool)
        .0
        .with_ai_settings(AiSettings::deterministic(BUDGET))
}

/// Alice challenges the bot to `variant` at `level` (blank for the default).
fn bot_request(variant: &str, first: FirstMover, level: &str) -> ChallengeRequest {
    ChallengeRequest {
        opponents: vec![this_bot(BOT)],
        level: optional(Some(level), parse_level).expect("a level"),
        ..request(variant, first)
    }
}

async fn start_vs_bot(svc: &Service, first: FirstMover, level: &str) -> GameStarted {
    svc.invitations()
        .challenge_ai(&bot_request("small", first, level))
        .await
        .expect("a game against the bot starts at once")
}

async fn rated_rows(pool: &PgPool) -> i64 {
    sqlx::query_scalar("SELECT count(*) FROM ratings")
        .fetch_one(pool)
        .await
        .unwrap()
}

#[sqlx::test(migrations = "../migrations")]
async fn a_whole_small_game_against_the_bot(pool: PgPool) {
    let svc = ai_service(&pool);
    let started = start_vs_bot(&svc, FirstMover::Challenger, "easy").await;
    assert_eq!(started.bots.len(), 1);
    assert_eq!(started.bots[0].1, Level::Easy);
    assert_eq!(started.bots[0].0.user, BOT);
    assert_eq!(started.game.bots, [started.bots[0].0]);
    assert_eq!(started.game.to_move.map(|p| p.user), Some(ALICE));
    let id = started.game.id;
    // It is Alice's turn: the bot has nothing to do.
    assert!(svc.searches().ai_turn(id).await.unwrap().is_none());
    let mut seen = HashSet::new();
    let mut bot_moves = 0;
    for _ in 0..600 {
        let game = svc.board(HERE).await.unwrap();
        if game.status != GameStatus::Active {
            break;
        }
        seen.insert(game.position.clone());
        let mover = game.to_move.expect("an active game has a player to move");
        if mover.user == BOT {
            let played = svc
                .searches()
                .ai_turn(id)
                .await
                .unwrap()
                .expect("the bot moves");
            assert_eq!(played.mover.user, BOT);
            bot_moves += 1;
        } else {
            let mv = greedy(&game.position, &game.options, &seen);
            play_move(&svc, ALICE, mv).await.expect("Alice's move");
        }
    }
    let game = svc.board(HERE).await.unwrap();
    assert_eq!(game.status, GameStatus::Finished, "the game ended");
    assert!(bot_moves > 5, "the bot played ({bot_moves} moves)");
    svc.verify(id)
        .await
        .expect("the moves replay to the stored position");
    // Not rated, but counted in Alice's record against the easy level.
    assert_eq!(rated_rows(&pool).await, 0);
    let stats = svc.stats(GUILD, ALICE).await.unwrap();
    assert!(stats.variants.is_empty());
    assert_eq!(stats.ai_records.len(), 1);
    let record = stats.ai_records[0];
    assert_eq!(record.level, Level::Easy);
    assert_eq!(record.wins + record.losses + record.draws, 1);
}

#[sqlx::test(migrations = "../migrations")]
async fn games_against_the_bot_are_not_rated(pool: PgPool) {
    let svc = ai_service(&pool);
    start_vs_bot(&svc, FirstMover::Challenger, "hard").await;
    let Resignation::Ended(ended) = svc.resign(at(ALICE)).await.unwrap() else {
        panic!("resigning a two-player game ends it");
    };
    assert!(ended.ratings.is_empty(), "no rating changes: {ended:?}");
    assert_eq!(rated_rows(&pool).await, 0);
    let changed: i64 = sqlx::query_scalar(
        "SELECT count(*) FROM game_seats WHERE rating_before IS NOT NULL OR rating_after IS NOT NULL",
    )
    .fetch_one(&pool)
    .await
    .unwrap();
    assert_eq!(changed, 0);
    let stats = svc.stats(GUILD, ALICE).await.unwrap();
    assert_eq!(stats.ai_records.len(), 1);
    assert_eq!(
        (stats.ai_records[0].level, stats.ai_records[0].losses),
        (Level::Hard, 1)
    );
    // A game between people in which both have moved is still rated.
    start(&svc, "small", FirstMover::Challenger).await;
    play_text(&svc, at(ALICE), "g3", "g4").await.unwrap();
    play_text(&svc, at(BOB), "b6", "b5").await.unwrap();
    let Resignation::Ended(ended) = svc.resign(at(BOB)).await.unwrap() else {
        panic!("resigning a two-player game ends it");
    };
    assert_eq!(ended.ratings.len(), 2);
}

#[sqlx::test(migrations = "../migrations")]
async fn challenging_the_bot_is_checked(pool: PgPool) {
    let svc = ai_service(&pool);
    let before = snapshot(&pool).await;
    let refused = |r: Result<GameStarted, Error>| r.unwrap_err().user().cloned();
    assert_eq!(
        refused(
            svc.invitations()
                .challenge_ai(&bot_request("three", FirstMover::Challenger, "easy"))
                .await
        ),
        Some(UserError::WrongOpponentCount {
            variant: Variant::Three,
            needed: 2
        })
    );
    // Another bot cannot play, nor can a level be given for a person.
    let other_bot = ChallengeRequest {
        opponents: vec![Opponent {
            user: BOB,
            is_bot: true,
            is_me: false,
        }],
        ..request("small", FirstMover::Challenger)
    };
    assert_eq!(
        svc.invitations()
            .challenge(&other_bot)
            .await
            .unwrap_err()
            .user(),
        Some(&UserError::ChallengeBot)
    );
    let leveled = ChallengeRequest {
        level: Some(halma_engine::Level::Easy),
        ..request("small", FirstMover::Challenger)
    };
    assert_eq!(
        svc.invitations()
            .challenge(&leveled)
            .await
            .unwrap_err()
            .user(),
        Some(&UserError::LevelNeedsBot)
    );
    assert_eq!(snapshot(&pool).await, before, "refusals change nothing");
    // The default level, and a busy channel.
    let started = svc
        .invitations()
        .challenge_ai(&ChallengeRequest {
            level: None,
            ..bot_request("small", FirstMover::Challenger, "")
        })
        .await
        .unwrap();
    assert_eq!(started.bots[0].1, halma_core::service::DEFAULT_LEVEL);
    assert_eq!(
        refused(
            svc.invitations()
                .challenge_ai(&bot_request("small", FirstMover::Challenger, "easy"))
                .await
        ),
        Some(UserError::ChannelBusy)
    );
}

#[sqlx::test(migrations = "../migrations")]
async fn hints_are_limited_per_game_and_player(pool: PgPool) {
    let svc = ai_service(&pool);
    let started = start_vs_bot(&svc, FirstMover::Challenger, "easy").await;
    let id = started.game.id;
    let start = Position::start(halma::Variant::Small);
    for left in (0..HINTS_PER_GAME).rev() {
        let hint = svc.searches().hint(at(ALICE)).await.expect("a hint");
        assert_eq!(hint.hints_left, left);
        let mv = halma::Move {
            from: hint.chain[0],
            to: *hint.chain.last().unwrap(),
        };
        assert!(
            start.check_move(mv, &started.game.options).is_ok(),
            "the hint {mv} is legal"
        );
    }
    assert_eq!(
        svc.searches().hint(at(ALICE)).await.unwrap_err().user(),
        Some(&UserError::NoHintsLeft {
            limit: HINTS_PER_GAME
        })
    );
    // Hints are for the player to move, in their own game.
    let mv = greedy(&start, &started.game.options, &HashSet::new());
    play_move(&svc, ALICE, mv).await.unwrap();
    assert_eq!(
        svc.searches().hint(at(ALICE)).await.unwrap_err().user(),
        Some(&UserError::NotYourTurn { to_move: BOT })
    );
    assert_eq!(
        svc.searches().hint(at(CAROL)).await.unwrap_err().user(),
        Some(&UserError::NotAPlayer)
    );
    let history = svc.history(HERE).await.unwrap();
    assert_eq!(
        history
            .hints
            .iter()
            .map(|(p, n)| (p.user, *n))
            .collect::<Vec<_>>(),
        [(ALICE, HINTS_PER_GAME), (BOT, 0)]
    );
    assert!(svc.searches().ai_turn(id).await.unwrap().is_some());
}

#[sqlx::test(migrations = "../migrations")]
async fn a_restarted_service_finds_the_game_waiting_for_the_bot(pool: PgPool) {
    let id: GameId = {
        let svc = ai_service(&pool);
        let started = start_vs_bot(&svc, FirstMover::Opponent, "medium").await;
        assert_eq!(started.game.to_move, Some(started.bots[0].0));
        started.game.id
        // The service goes away before the bot has moved, as in a crash.
    };
    let clock = Arc::new(halma_core::clock::ManualClock::new(t0()));
    let svc = Service::new(Db::new(pool.clone()), clock)
        .with_ai_settings(AiSettings::deterministic(BUDGET));
    assert_eq!(svc.searches().active_ai_games().await.unwrap(), [id]);
    let played = svc
        .searches()
        .ai_turn(id)
        .await
        .unwrap()
        .expect("the bot moves");
    assert_eq!(played.mover.user, BOT);
    assert_eq!(played.game.to_move.map(|p| p.user), Some(ALICE));
    assert!(
        svc.searches().ai_turn(id).await.unwrap().is_none(),
        "one move only"
    );
}

/// The user at `seat` of a game's players.
fn user_at(players: &[halma_core::service::Player], seat: Seat) -> u64 {
    players
        .iter()
        .find(|p| p.seat == seat)
        .map(|p| p.user)
        .expect("the seat is taken")
}

#[sqlx::test(migrations = "../migrations")]
async fn a_rematch_against_the_bot_starts_at_once_with_the_seats_rotated(pool: PgPool) {
    let svc = ai_service(&pool);
    let first = svc
        .invitations()
        .challenge_ai(&ChallengeRequest {
            anti_spoiling: true,
            turn_timeout: Some(timeout("2h")),
            ..bot_request("small", FirstMover::Challenger, "hard")
        })
        .await
        .unwrap();
    assert_eq!(user_at(&first.game.players, Seat::A), ALICE);
    svc.resign(at(ALICE)).await.unwrap();

    // Nobody is left to ask: no invitation for the bot to accept, the game starts.
    let Accepted::Started(second) = svc
        .invitations()
        .rematch(at(ALICE), first.game.id)
        .await
        .unwrap()
    else {
        panic!("a rematch against the bot starts at once");
    };
    let game = &second.game;
    assert_ne!(game.id, first.game.id);
    assert_eq!(game.status, GameStatus::Active);
    assert_eq!(game.variant, Variant::Small);
    assert!(game.options.anti_spoiling, "the same options");
    assert_eq!(
        game.turn_timeout,
        TimeDelta::hours(2),
        "the same time per move"
    );
    assert_eq!(user_at(&game.players, Seat::A), BOT, "the seats rotated");
    assert_eq!(user_at(&game.players, Seat::B), ALICE);
    assert_eq!(second.bots.len(), 1);
    assert_eq!(second.bots[0].0.seat, Seat::A);
    assert_eq!(second.bots[0].1, Level::Hard, "the same level");
    let challenges: i64 = sqlx::query_scalar("SELECT count(*) FROM challenges")
        .fetch_one(&pool)
        .await
        .unwrap();
    assert_eq!(challenges, 0, "no invitation was stored");
    // The bot holds seat a now: it moves first.
    assert_eq!(svc.searches().active_ai_games().await.unwrap(), [game.id]);
    let played = svc
        .searches()
        .ai_turn(game.id)
        .await
        .unwrap()
        .expect("the bot moves");
    assert_eq!(played.mover.user, BOT);
    assert_eq!(played.game.to_move.map(|p| p.user), Some(ALICE));

    // A second click on the old game's button finds a newer game in the channel.
    assert_eq!(
        svc.invitations()
            .rematch(at(ALICE), first.game.id)
            .await
            .unwrap_err()
            .user(),
        Some(&UserError::NoGame)
    );
    // And a rematch of that one gives Alice seat a again: the bot waits for her.
    svc.resign(at(ALICE)).await.unwrap();
    let third = svc
        .invitations()
        .rematch(at(ALICE), game.id)
        .await
        .unwrap()
        .started()
        .expect("starts at once");
    assert_eq!(user_at(&third.game.players, Seat::A), ALICE);
    assert_eq!(third.game.to_move.map(|p| p.user), Some(ALICE));
    assert!(svc
        .searches()
        .ai_turn(third.game.id)
        .await
        .unwrap()
        .is_none());
    assert_eq!(
        rated_rows(&pool).await,
        0,
        "games against the bot stay unrated"
    );
}

/// Alice opens a lobby for `variant` at `level`; then, in this order, `joining` take the next
/// seats (this bot, `BOT`, for each seat it fills), and the game starts with the last.
async fn lobby_game(svc: &Service, variant: &str, level: &str, joining: &[u64]) -> GameStarted {
    let id = svc
        .invitations()
        .open_lobby(&LobbyRequest {
            level: optional(Some(level), parse_level).expect("a level"),
            ..lobby_request(variant)
        })
        .await
        .unwrap()
        .lobby
        .id;
    let mut last = None;
    for &user in joining {
        last = Some(if user == BOT {
            svc.invitations()
                .add_bot_to_lobby(id, ALICE, BOT)
                .await
                .unwrap()
        } else {
            svc.invitations().join_lobby(id, user).await.unwrap()
        });
    }
    match last {
        Some(LobbyUpdate::Started(started)) => *started,
        other => panic!("expected the game to start, got {other:?}"),
    }
}

#[sqlx::test(migrations = "../migrations")]
async fn a_rematch_of_a_game_of_four_with_two_bot_seats_invites_the_people(pool: PgPool) {
    let svc = ai_service(&pool);
    let first = lobby_game(&svc, "four", "easy", &[BOB, BOT, BOT]).await;
    svc.abort(at(ALICE), false).await.unwrap();
    let Accepted::Waiting(invitation) = svc
        .invitations()
        .rematch(at(ALICE), first.game.id)
        .await
        .unwrap()
    else {
        panic!("Bob has to accept the rematch");
    };
    let Accepted::Started(started) = svc
        .invitations()
        .accept(invitation.challenge.id, BOB)
        .await
        .unwrap()
    else {
        panic!("Bob's acceptance starts the rematch");
    };
    let bot_seats: Vec<Seat> = started.bots.iter().map(|(p, _)| p.seat).collect();
    assert_eq!(bot_seats.len(), 2, "{bot_seats:?}");
    let mut people: Vec<u64> = started
        .game
        .players
        .iter()
        .map(|p| p.user)
        .filter(|u| *u != BOT)
        .collect();
    people.sort_unstable();
    assert_eq!(people, [ALICE.min(BOB), ALICE.max(BOB)]);
}

#[sqlx::test(migrations = "../migrations")]
async fn a_member_gets_one_search_at_a_time_and_an_ended_game_stops_its_search(pool: PgPool) {
    // No clock and an endless node budget: the bot's search at hard runs until it is stopped.
    let svc = service(&pool).0.with_ai_settings(AiSettings {
        limits: SearchLimits {
            per_member: 1,
            per_server: 4,
            in_all: 8,
        },
        ..AiSettings::deterministic(1 << 40)
    });
    let vs_bot = start_vs_bot(&svc, FirstMover::Opponent, "hard")
        .await
        .game
        .id;
    let thinking = {
        let svc = svc.clone();
        tokio::spawn(async move { svc.searches().ai_turn(vs_bot).await })
    };
    while svc.searches().stats().started == 0 {
        tokio::task::yield_now().await;
    }
    // Alice's hint in another game would be her second search at once: refused, not counted.
    const OTHER: u64 = CHANNEL + 1;
    let challenge = svc
        .invitations()
        .challenge(&ChallengeRequest {
            challenger: Place::new(GUILD, OTHER).member(ALICE),
            ..request("small", FirstMover::Challenger)
        })
        .await
        .unwrap();
    svc.invitations().accept(challenge.id, BOB).await.unwrap();
    let busy = svc
        .searches()
        .hint(Place::new(GUILD, OTHER).member(ALICE))
        .await
        .unwrap_err();
    assert_eq!(busy.user(), Some(&UserError::BotBusy), "{busy:?}");
    let used: i64 = sqlx::query_scalar("SELECT COALESCE(SUM(hints_used), 0) FROM game_seats")
        .fetch_one(&pool)
        .await
        .unwrap();
    assert_eq!(used, 0);
    // Alice aborts the game against the bot: its search stops and the bot plays nothing.
    svc.abort(at(ALICE), false).await.unwrap();
    let stopped = thinking.await.unwrap().unwrap_err();
    assert_eq!(
        stopped.user(),
        Some(&UserError::PositionChanged),
        "{stopped:?}"
    );
    let stats = svc.searches().stats();
    assert_eq!((stats.started, stats.cancelled, stats.refused), (1, 1, 1));
    let moves: i64 = sqlx::query_scalar("SELECT COUNT(*) FROM moves")
        .fetch_one(&pool)
        .await
        .unwrap();
    assert_eq!(moves, 0);
    // With the search gone, Alice may search again.
    assert!(svc
        .searches()
        .hint(Place::new(GUILD, OTHER).member(ALICE))
        .await
        .is_ok());
}

#[sqlx::test(migrations = "../migrations")]
async fn hints_asked_at_once_are_counted_before_any_search(pool: PgPool) {
    let svc = ai_service(&pool);
    start(&svc, "small", FirstMover::Challenger).await;
    for _ in 1..HINTS_PER_GAME {
        svc.searches().hint(at(ALICE)).await.unwrap();
    }
    // One hint left and four asked at once: one search, one hint, three refusals.
    let asking: Vec<_> = (0..4)
        .map(|_| {
            let svc = svc.clone();
            tokio::spawn(async move { svc.searches().hint(at(ALICE)).await })
        })
        .collect();
    let mut asked = Vec::new();
    for ask in asking {
        asked.push(ask.await.unwrap());
    }
    let given = asked.iter().filter(|r| r.is_ok()).count();
    let refused: Vec<_> = asked.iter().filter_map(|r| r.as_ref().err()).collect();
    assert_eq!(given, 1, "{asked:?}");
    assert!(
        refused.iter().all(|e| e.user()
            == Some(&UserError::NoHintsLeft {
                limit: HINTS_PER_GAME
            })),
        "{refused:?}"
    );
    assert_eq!(svc.searches().stats().started, u64::from(HINTS_PER_GAME));
}

fn record(level: Level, wins: u32, losses: u32, draws: u32) -> AiRecord {
    AiRecord {
        level,
        wins,
        losses,
        draws,
    }
}

#[sqlx::test(migrations = "../migrations")]
async fn a_game_against_several_bot_seats_counts_once(pool: PgPool) {
    let svc = ai_service(&pool);
    // Alice and Bob (seats a and b, partners) against the bot in seats c and d.
    let game = lobby_game(&svc, "four-teams", "hard", &[BOB, BOT, BOT]).await;
    assert_eq!(game.bots.len(), 2);
    assert_eq!(user_at(&game.game.players, Seat::B), BOB);
    // The team game ends when one of a team resigns.
    svc.resign(at(ALICE)).await.unwrap();
    assert_eq!(svc.board(HERE).await.unwrap().status, GameStatus::Finished);
    for person in [ALICE, BOB] {
        let stats = svc.stats(GUILD, person).await.unwrap();
        assert_eq!(stats.ai_records, [record(Level::Hard, 0, 1, 0)], "{person}");
    }
    assert!(svc.stats(GUILD, BOT).await.unwrap().ai_records.is_empty());
}

#[sqlx::test(migrations = "../migrations")]
async fn the_record_counts_against_the_level_of_the_bots_opponent_seat(pool: PgPool) {
    let svc = ai_service(&pool);
    // Partners a+b and c+d: Alice with the bot against Bob with the bot.
    let game = lobby_game(&svc, "four-teams", "easy", &[BOT, BOB, BOT]).await;
    assert_eq!(user_at(&game.game.players, Seat::C), BOB);
    // The bot's seats may play at different levels (the table keeps one per seat): Bob's
    // partner plays hard, Alice's easy.
    sqlx::query("UPDATE game_seats SET ai_level = 'hard' WHERE game_id = $1 AND seat = 'd'")
        .bind(game.game.id.0)
        .execute(&pool)
        .await
        .unwrap();
    svc.resign(at(BOB)).await.unwrap();
    // Alice beat the hard seat; Bob lost to the easy one.
    let alice = svc.stats(GUILD, ALICE).await.unwrap();
    assert_eq!(alice.ai_records, [record(Level::Hard, 1, 0, 0)]);
    let bob = svc.stats(GUILD, BOB).await.unwrap();
    assert_eq!(bob.ai_records, [record(Level::Easy, 0, 1, 0)]);

    // Alice with the bot against Bob and Carol: for Alice the bot was only a partner, so the
    // game is not in her record against the bot; for Carol it was an opponent.
    lobby_game(&svc, "four-teams", "medium", &[BOT, BOB, CAROL]).await;
    svc.resign(at(BOB)).await.unwrap();
    let alice = svc.stats(GUILD, ALICE).await.unwrap();
    assert_eq!(alice.ai_records, [record(Level::Hard, 1, 0, 0)]);
    let carol = svc.stats(GUILD, CAROL).await.unwrap();
    assert_eq!(carol.ai_records, [record(Level::Medium, 0, 1, 0)]);
}

#[sqlx::test(migrations = "../migrations")]
async fn no_message_asks_the_bot_to_move(pool: PgPool) {
    use halma_core::locale::Lang;
    use halma_core::present;
    let svc = ai_service(&pool);
    let bot = format!("<@{BOT}>");
    // The bot moves first: the start says it is thinking, and pings nobody.
    let started = start_vs_bot(&svc, FirstMover::Opponent, "easy").await;
    let said = present::game_started(Lang::En, &started, &|_, _| None);
    assert!(said.content.contains("thinking"), "{}", said.content);
    assert!(said.pings.is_empty() && said.buttons.is_empty(), "{said:?}");
    // The bot's move asks Alice to move; Alice's move says the bot is thinking.
    let played = svc
        .searches()
        .ai_turn(started.game.id)
        .await
        .unwrap()
        .expect("the bot moves");
    let said = present::move_played(Lang::En, &played, &|_, _| None);
    assert_eq!(said.pings, [ALICE], "{}", said.content);
    assert_eq!(said.buttons.len(), 1, "Alice's Move button");
    let options = played.game.options;
    let mv = greedy(&played.game.position, &options, &HashSet::new());
    let played = play_move(&svc, ALICE, mv).await.unwrap();
    let said = present::move_played(Lang::En, &played, &|_, _| None);
    assert!(
        said.content.contains(&format!("{bot} is thinking")),
        "{}",
        said.content
    );
    assert!(!said.content.contains("your move"), "{}", said.content);
    assert!(said.pings.is_empty() && said.buttons.is_empty(), "{said:?}");
    // The board as /halma board shows it offers no Move button for the bot's turn.
    let board = svc.board(HERE).await.unwrap();
    assert_eq!(board.bots.len(), 1);
    let said = present::board(Lang::En, &board, &|_, _| None);
    assert!(said.buttons.is_empty(), "{said:?}");
}

#[sqlx::test(migrations = "../migrations")]
async fn two_processes_never_think_for_the_same_game(pool: PgPool) {
    // Two services on one database, as two processes of a fleet.
    let first = ai_service(&pool);
    let second = ai_service(&pool);
    let started = start_vs_bot(&first, FirstMover::Opponent, "medium").await;
    let id = started.game.id;
    let db = Db::new(pool.clone());
    // The first holds the game's search, as while it thinks: the second leaves it alone.
    assert!(db
        .hold_search(id, 0, std::time::Duration::from_secs(60))
        .await
        .unwrap());
    assert!(!db
        .hold_search(id, 0, std::time::Duration::from_secs(60))
        .await
        .unwrap());
    assert!(second.searches().ai_turn(id).await.unwrap().is_none());
    let ply: i32 = sqlx::query_scalar("SELECT ply FROM games WHERE id = $1")
        .bind(id.0)
        .fetch_one(&pool)
        .await
        .unwrap();
    assert_eq!(ply, 0, "nobody moved for the bot");
    // A hold that ran out (its process died) is taken over.
    db.release_search(id, 0).await.unwrap();
    assert!(db
        .hold_search(id, 0, std::time::Duration::ZERO)
        .await
        .unwrap());
    let played = second
        .searches()
        .ai_turn(id)
        .await
        .unwrap()
        .expect("the bot moves once the hold ran out");
    assert_eq!(played.mover.user, BOT);
    // The move let go of the game.
    let held: i64 = sqlx::query_scalar("SELECT count(*) FROM game_searches")
        .fetch_one(&pool)
        .await
        .unwrap();
    assert_eq!(held, 0);
    assert!(
        first.searches().ai_turn(id).await.unwrap().is_none(),
        "one move only"
    );
}
