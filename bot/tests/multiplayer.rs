//! Games of three and four players and team games while they are played, through the service
//! against a real PostgreSQL: whole greedy games, automatic passes, players leaving by
//! resignation and by time, a team's loss, draws among the players left, Weng-Lin ratings and
//! the refusals that change nothing. Games are seated through the database layer
//! (`start_multi`), since how these games start is built elsewhere.

mod common;

use chrono::TimeDelta;
use common::*;
use halma::{Game, Options, Outcome, Ply, Position, Seat, Variant};
use halma_core::locale::Lang;
use halma_core::present;
use halma_core::service::{
    Abort, DrawOffer, EndReason, GameResult, GameStatus, MovePlayed, Player, PlayerLeft,
    Resignation,
};
use halma_core::{Error, Service, UserError};
use sqlx::PgPool;
use std::collections::HashSet;

/// The users of a game of four, in seat order.
const FOUR: [u64; 4] = [ALICE, BOB, CAROL, DAVE];
/// The users of a game of three, in seat order.
const THREE: [u64; 3] = [ALICE, BOB, CAROL];

fn player(seat: Seat, user: u64) -> Player {
    Player { seat, user }
}

/// The user at `seat`.
fn user_at(players: &[Player], seat: Seat) -> u64 {
    players.iter().find(|p| p.seat == seat).unwrap().user
}

/// Names nobody: the pictures show "Player A" and so on.
fn no_names(_: u64, _: u64) -> Option<String> {
    None
}

/// `user` plays `text` (like `p1-p2`) in the test channel.
async fn play(svc: &Service, user: u64, text: &str) -> Result<MovePlayed, Error> {
    play_move(svc, user, text.parse().unwrap()).await
}

/// `user` plays the greedy move of the current position, which must be theirs.
async fn play_greedy(svc: &Service, user: u64) -> MovePlayed {
    let game = svc.board(HERE).await.unwrap();
    let mv = greedy(&game.position, &game.options, &HashSet::new());
    play_move(svc, user, mv).await.expect("a greedy move")
}

fn refused(result: Result<impl std::fmt::Debug, Error>) -> UserError {
    match result {
        Err(Error::User(e)) => e,
        other => panic!("expected a refusal, got {other:?}"),
    }
}

/// Plays greedy moves through the service until the game ends, checking every answer against
/// the rules crate played alongside (position, passes, player to move). Returns that game and
/// the last answer.
async fn play_out(svc: &Service, variant: Variant, players: &[Player]) -> (Game, MovePlayed) {
    let mut rules = Game::new(Position::start(variant), Options::for_variant(variant));
    let mut seen = HashSet::new();
    loop {
        assert!(rules.plies().len() < 2_000, "the greedy game does not end");
        let pos = rules.position().clone();
        seen.insert(pos.clone());
        let mv = greedy(&pos, rules.options(), &seen);
        let before = rules.plies().len();
        rules.play(&mv.into()).unwrap();
        let reply = play_move(svc, user_at(players, pos.to_move()), mv)
            .await
            .expect("a legal move is played");
        assert_eq!(reply.game.position, *rules.position());
        let passes: Vec<Seat> = rules.plies()[before + 1..].iter().map(Ply::seat).collect();
        let passed: Vec<Seat> = reply.passed.iter().map(|p| p.seat).collect();
        assert_eq!(passed, passes, "passes after ply {before}");
        // The answer is worked out before the move is saved: it must show the game as stored.
        let stored = svc.board(HERE).await.expect("the game reads back");
        assert_eq!(reply.game, stored, "after ply {before}");
        if rules.outcome().is_over() {
            return (rules, reply);
        }
        assert_eq!(
            reply.game.to_move.map(|p| p.seat),
            Some(rules.position().to_move())
        );
        // Every answer pings the player to move.
        let reply_text = present::move_played(Lang::En, &reply, &no_names);
        assert_eq!(reply_text.pings, vec![reply.game.to_move.unwrap().user]);
    }
}

/// A stored Weng-Lin row: user, mu, sigma, games, wins, losses, draws.
type WengLinRow = (i64, f64, f64, i32, i32, i32, i32);

/// A stored rating row as read: a Weng-Lin row's columns with the volatility and system.
type StoredRow = (i64, f64, f64, Option<f64>, String, i32, i32, i32, i32);

/// The stored Weng-Lin rows of `variant`, by user; they have no volatility.
async fn weng_lin_rows(pool: &PgPool, variant: &str) -> Vec<WengLinRow> {
    let rows: Vec<StoredRow> = sqlx::query_as(
        "SELECT user_id, rating, deviation, volatility, system, games, wins, losses, draws
         FROM ratings WHERE variant = $1 ORDER BY user_id",
    )
    .bind(variant)
    .fetch_all(pool)
    .await
    .unwrap();
    rows.into_iter()
        .map(
            |(user, mu, sigma, volatility, system, games, wins, losses, draws)| {
                assert_eq!(system, "weng_lin");
                assert_eq!(volatility, None);
                (user, mu, sigma, games, wins, losses, draws)
            },
        )
        .collect()
}

/// After-ratings by user from a game's rating changes; every change starts at 1500.
fn after_by_user(changes: &[halma_core::service::RatingChange], user: u64) -> f64 {
    let change = changes.iter().find(|c| c.player.user == user).unwrap();
    assert_eq!(change.before, 1500.0);
    change.after
}

/// Checks a whole greedy game of `variant`: its end, ranking, announcement, ratings, history,
/// replay and leaderboard.
async fn whole_game(pool: PgPool, variant: Variant) {
    let (svc, _clock) = service(&pool);
    let users = &FOUR[..variant.players()];
    let game = start_multi(&pool, variant, users).await;
    assert_eq!(game.players.len(), variant.players());
    assert_eq!(game.to_move, Some(player(Seat::A, ALICE)));
    // Autocomplete offers the pieces of the player to move, and nothing to anyone else.
    assert!(!svc.complete_from(at(ALICE), "").await.unwrap().is_empty());
    for other in &users[1..] {
        assert!(svc.complete_from(at(*other), "").await.unwrap().is_empty());
    }

    let (rules, last) = play_out(&svc, variant, &game.players).await;
    let Outcome::Win { winners, .. } = rules.outcome() else {
        panic!("greedy games are won, got {:?}", rules.outcome());
    };
    let winners: Vec<Player> = winners
        .iter()
        .map(|&s| player(s, user_at(&game.players, s)))
        .collect();
    assert_eq!(
        last.game.result,
        Some(GameResult::Win {
            winners: winners.clone(),
            reason: EndReason::Completed
        })
    );
    assert_eq!(last.game.status, GameStatus::Finished);
    assert_eq!(last.game.to_move, None);

    // The ranking follows the rules' standings: winners first (a team shares its place).
    let ranking = last.game.ranking();
    let flat: Vec<Seat> = ranking.iter().flatten().map(|p| p.seat).collect();
    assert_eq!(flat, rules.standings());
    assert_eq!(ranking[0], winners);
    let announced = present::move_played(Lang::En, &last, &no_names).content;
    let first = format!("Final ranking: 1. <@{}>", winners[0].user);
    assert!(announced.contains(&first), "{announced}");
    assert!(announced.chars().count() <= present::MESSAGE_LIMIT);

    // Weng-Lin: every winner up, every player of the last place down; stored as mu/sigma.
    assert_eq!(last.ratings.len(), variant.players());
    for w in &winners {
        assert!(after_by_user(&last.ratings, w.user) > 1500.0, "{last:?}");
    }
    for p in ranking.last().unwrap() {
        assert!(after_by_user(&last.ratings, p.user) < 1500.0, "{last:?}");
    }
    let rows = weng_lin_rows(&pool, variant.name()).await;
    assert_eq!(rows.len(), variant.players());
    for (user, mu, sigma, games, wins, losses, draws) in rows {
        let won = winners.iter().any(|w| w.user as i64 == user);
        assert_eq!(
            (games, wins, losses, draws),
            (1, won as i32, !won as i32, 0)
        );
        assert!(sigma < 500.0, "a game makes the rating surer: {sigma}");
        if won {
            assert!(mu > 1500.0);
        }
    }
    let board = svc.leaderboard(GUILD, variant, 10).await.unwrap();
    assert_eq!(board.entries.len(), variant.players());
    assert!(winners.iter().any(|w| w.user == board.entries[0].user));
    let stats = svc.stats(GUILD, ALICE).await.unwrap();
    assert_eq!(stats.variants.len(), 1);
    assert_eq!(stats.variants[0].variant, variant);

    // History, with the position string naming the variant as written; replay data.
    let history = svc.history(HERE).await.unwrap();
    assert_eq!(history.plies.len(), rules.plies().len());
    let written = present::history(Lang::En, &history);
    let position = format!("{} ", variant.name());
    let shown = written.content.clone()
        + &written
            .files
            .iter()
            .map(|f| String::from_utf8_lossy(&f.bytes).into_owned())
            .collect::<String>();
    assert!(shown.contains(&position), "{shown}");
    let replay = svc.replay_data(HERE).await.unwrap();
    assert_eq!(replay.plies, rules.plies());
    svc.verify(last.game.id).await.unwrap();
}

#[sqlx::test(migrations = "../migrations")]
async fn a_whole_game_of_three_is_won_and_rated(pool: PgPool) {
    whole_game(pool, Variant::Three).await;
}

#[sqlx::test(migrations = "../migrations")]
async fn a_whole_game_of_four_is_won_and_rated(pool: PgPool) {
    whole_game(pool, Variant::Four).await;
}

#[sqlx::test(migrations = "../migrations")]
async fn a_whole_team_game_is_won_by_both_partners(pool: PgPool) {
    // Greedy team games have partners who completed and pass until the other is done:
    // `play_out` checks every pass against the rules.
    whole_game(pool, Variant::FourTeams).await;
}

#[sqlx::test(migrations = "../migrations")]
async fn a_player_without_a_move_passes_and_the_channel_is_told(pool: PgPool) {
    // b's only piece on a1 is walled in by a's pieces: no step, and every hop lands on a piece.
    let start: Position = "three 16/16/16/16/16/16/16/16/7c8/16/16/16/16/a1a13/aa14/baa12a a"
        .parse()
        .unwrap();
    start_multi_from(&pool, &start, &THREE, TimeDelta::hours(1)).await;
    let (svc, clock) = service(&pool);
    clock.advance(TimeDelta::minutes(5));
    let played = play(&svc, ALICE, "p1-p2").await.unwrap();
    assert_eq!(played.passed, vec![player(Seat::B, BOB)]);
    assert_eq!(played.game.to_move, Some(player(Seat::C, CAROL)));
    assert_eq!(
        played.game.turn_deadline,
        Some(t0() + TimeDelta::minutes(5) + TimeDelta::hours(1))
    );
    let reply = present::move_played(Lang::En, &played, &no_names);
    assert!(
        reply
            .content
            .contains(&format!("<@{BOB}> has no move and passes.")),
        "{}",
        reply.content
    );
    assert_eq!(reply.pings, vec![CAROL]);
    // Bob cannot move out of turn; the pass is in the history and the game replays.
    let before = snapshot(&pool).await;
    assert_eq!(
        refused(play(&svc, BOB, "a1-a2").await),
        UserError::NotYourTurn { to_move: CAROL }
    );
    assert_eq!(snapshot(&pool).await, before);
    let history = svc.history(HERE).await.unwrap();
    assert_eq!(history.plies[1].ply, Ply::Pass { seat: Seat::B });
    svc.verify(played.game.id).await.unwrap();
}

/// The left-over answer of a resignation in a game of three or four.
fn left(resignation: Resignation) -> PlayerLeft {
    match resignation {
        Resignation::Left(left) => left,
        other => panic!("expected the player to leave, got {other:?}"),
    }
}

#[sqlx::test(migrations = "../migrations")]
async fn a_player_who_resigns_from_three_leaves_and_the_last_one_wins(pool: PgPool) {
    let game = start_multi(&pool, Variant::Three, &THREE).await;
    let (svc, clock) = service(&pool);
    // A first round, so that everyone has moved and the game is rated.
    round(&svc, &THREE).await;
    play_greedy(&svc, ALICE).await;
    let bobs_deadline = svc.board(HERE).await.unwrap().turn_deadline;
    clock.advance(TimeDelta::minutes(10));

    // Carol resigns while Bob is to move: her pieces leave, Bob keeps his turn and deadline.
    let carol_left = left(svc.resign(at(CAROL)).await.unwrap());
    assert_eq!(carol_left.player, player(Seat::C, CAROL));
    assert_eq!(carol_left.reason, EndReason::Resigned);
    assert_eq!(carol_left.game.status, GameStatus::Active);
    assert_eq!(carol_left.game.result, None);
    assert!(carol_left.ratings.is_empty());
    assert_eq!(carol_left.game.left, vec![player(Seat::C, CAROL)]);
    assert!(!carol_left.game.position.in_play(Seat::C));
    assert_eq!(carol_left.game.to_move, Some(player(Seat::B, BOB)));
    assert_eq!(carol_left.game.turn_deadline, bobs_deadline);
    let reply = present::resignation(Lang::En, &Resignation::Left(carol_left.clone()), &no_names);
    assert!(
        reply.content.contains("resigned and leaves the game"),
        "{}",
        reply.content
    );
    assert_eq!(reply.pings, vec![BOB]);
    // The board picture shows her as gone.
    let mut unmarked = carol_left.game.clone();
    unmarked.left.clear();
    assert_ne!(
        present::board_png(&carol_left.game, &no_names),
        present::board_png(&unmarked, &no_names)
    );

    // Carol can no longer act; nothing changes.
    let before = snapshot(&pool).await;
    assert_eq!(
        refused(play(&svc, CAROL, "a16-b15").await),
        UserError::LeftGame
    );
    assert_eq!(refused(svc.resign(at(CAROL)).await), UserError::LeftGame);
    assert_eq!(
        refused(svc.offer_draw(at(CAROL)).await),
        UserError::LeftGame
    );
    assert_eq!(
        refused(svc.abort(at(CAROL), false).await),
        UserError::LeftGame
    );
    assert_eq!(snapshot(&pool).await, before);

    // Turn order skips her: Bob, then Alice.
    let played = play_greedy(&svc, BOB).await;
    assert_eq!(played.game.to_move, Some(player(Seat::A, ALICE)));
    // The stored moves and the departure replay to the stored position; the history says so.
    svc.verify(game.id).await.unwrap();
    let history = svc.history(HERE).await.unwrap();
    assert_eq!(history.departures, vec![(4, player(Seat::C, CAROL))]);
    let written = present::history(Lang::En, &history).content;
    assert!(
        written.contains("4. a ") && written.contains("c left the game\n5. b "),
        "{written}"
    );
    assert!(written.contains("three "), "{written}");
    svc.replay_data(HERE).await.unwrap();

    // Alice resigns too: Bob is the last player and wins; everyone is rated.
    let alice_left = left(svc.resign(at(ALICE)).await.unwrap());
    assert_eq!(
        alice_left.game.result,
        Some(GameResult::Win {
            winners: vec![player(Seat::B, BOB)],
            reason: EndReason::LastPlayer
        })
    );
    assert_eq!(alice_left.game.status, GameStatus::Finished);
    assert_eq!(
        alice_left.game.ranking(),
        vec![
            vec![player(Seat::B, BOB)],
            vec![player(Seat::A, ALICE)],
            vec![player(Seat::C, CAROL)]
        ]
    );
    let bob = after_by_user(&alice_left.ratings, BOB);
    let alice = after_by_user(&alice_left.ratings, ALICE);
    let carol = after_by_user(&alice_left.ratings, CAROL);
    // Alice beat Carol and lost to Bob: she stays where she was.
    assert!(bob > 1500.0 && carol < 1500.0, "{alice_left:?}");
    assert!(bob > alice && alice > carol, "{alice_left:?}");
    let announced = present::player_left(Lang::En, &alice_left, &no_names).content;
    assert!(
        announced.contains(&format!(
            "Final ranking: 1. <@{BOB}> · 2. <@{ALICE}> · 3. <@{CAROL}>"
        )),
        "{announced}"
    );
    let rows = weng_lin_rows(&pool, "three").await;
    assert_eq!(rows.len(), 3);
    svc.verify(game.id).await.unwrap();
    assert_eq!(refused(svc.resign(at(BOB)).await), UserError::GameOver);
}

#[sqlx::test(migrations = "../migrations")]
async fn players_who_run_out_of_time_leave_a_game_of_four_one_by_one(pool: PgPool) {
    let game = start_multi_from(
        &pool,
        &Position::start(Variant::Four),
        &FOUR,
        TimeDelta::hours(1),
    )
    .await;
    let (svc, clock) = service(&pool);
    // A first round, so that everyone has moved and the game is rated.
    round(&svc, &FOUR).await;
    play_greedy(&svc, ALICE).await;

    // Bob is reminded at half time, then leaves on time; Carol gets a fresh hour.
    clock.advance(TimeDelta::minutes(30));
    let report = svc.tick().await.unwrap();
    assert_eq!(report.reminders.len(), 1);
    assert_eq!(report.reminders[0].player, player(Seat::B, BOB));
    clock.advance(TimeDelta::minutes(30));
    let before = snapshot(&pool).await;
    assert_eq!(refused(play_greedy_as(&svc, BOB).await), UserError::TimeUp);
    assert_eq!(snapshot(&pool).await, before);
    let report = svc.tick().await.unwrap();
    assert!(report.timeouts.is_empty());
    assert_eq!(report.departures.len(), 1);
    let bob_left = &report.departures[0];
    assert_eq!(bob_left.player, player(Seat::B, BOB));
    assert_eq!(bob_left.reason, EndReason::Timeout);
    assert_eq!(bob_left.game.to_move, Some(player(Seat::C, CAROL)));
    assert_eq!(
        bob_left.game.turn_deadline,
        Some(t0() + TimeDelta::hours(2))
    );
    assert!(!bob_left.game.position.in_play(Seat::B));
    let reply = present::player_left(Lang::En, bob_left, &no_names);
    assert!(reply
        .content
        .contains("ran out of time and leaves the game"));
    assert_eq!(reply.pings, vec![CAROL]);
    assert!(svc.tick().await.unwrap().departures.is_empty());

    // Carol's reminder and time are her own.
    clock.advance(TimeDelta::minutes(30));
    let report = svc.tick().await.unwrap();
    assert_eq!(report.reminders.len(), 1);
    assert_eq!(report.reminders[0].player, player(Seat::C, CAROL));
    play_greedy(&svc, CAROL).await;
    clock.advance(TimeDelta::hours(1));
    let report = svc.tick().await.unwrap();
    assert_eq!(report.departures.len(), 1);
    assert_eq!(report.departures[0].player, player(Seat::D, DAVE));
    assert_eq!(
        report.departures[0].game.to_move,
        Some(player(Seat::A, ALICE))
    );
    svc.verify(game.id).await.unwrap();

    // Alice's time runs out too and Carol offers a draw: time comes first, so Alice leaves,
    // Carol is the last player and wins; the offer is not made.
    clock.advance(TimeDelta::hours(1));
    let offer = svc.offer_draw(at(CAROL)).await.unwrap();
    let DrawOffer::PlayerLeft(alice_left) = offer else {
        panic!("expected Alice to leave on time, got {offer:?}");
    };
    assert_eq!(alice_left.player, player(Seat::A, ALICE));
    assert_eq!(
        alice_left.game.result,
        Some(GameResult::Win {
            winners: vec![player(Seat::C, CAROL)],
            reason: EndReason::LastPlayer
        })
    );
    assert_eq!(
        alice_left.game.left,
        vec![
            player(Seat::B, BOB),
            player(Seat::D, DAVE),
            player(Seat::A, ALICE)
        ]
    );
    // The later a player left, the better their place and rating.
    let carol = after_by_user(&alice_left.ratings, CAROL);
    let alice = after_by_user(&alice_left.ratings, ALICE);
    let dave = after_by_user(&alice_left.ratings, DAVE);
    let bob = after_by_user(&alice_left.ratings, BOB);
    assert!(
        carol > alice && alice > dave && dave > bob,
        "{alice_left:?}"
    );
    assert!(carol > 1500.0 && bob < 1500.0, "{alice_left:?}");
    svc.verify(game.id).await.unwrap();
    let history = svc.history(HERE).await.unwrap();
    let order: Vec<Seat> = history.departures.iter().map(|(_, p)| p.seat).collect();
    assert_eq!(order, vec![Seat::B, Seat::D, Seat::A]);
}

/// Each of `users` plays a greedy move, in turn order.
async fn round(svc: &Service, users: &[u64]) {
    for &user in users {
        play_greedy(svc, user).await;
    }
}

/// `user` tries the greedy move of the position, whoever is to move.
async fn play_greedy_as(svc: &Service, user: u64) -> Result<MovePlayed, Error> {
    let game = svc.board(HERE).await.unwrap();
    let mv = greedy(&game.position, &game.options, &HashSet::new());
    play_move(svc, user, mv).await
}

#[sqlx::test(migrations = "../migrations")]
async fn one_partner_resigning_loses_the_team_game(pool: PgPool) {
    let game = start_multi(&pool, Variant::FourTeams, &FOUR).await;
    let (svc, _clock) = service(&pool);
    // A first round, so that everyone has moved and the game is rated.
    round(&svc, &FOUR).await;
    play_greedy(&svc, ALICE).await;
    // Bob, Alice's partner, resigns while not to move: the other team wins at once.
    let resigned = svc.resign(at(BOB)).await.unwrap();
    let Resignation::Ended(ended) = &resigned else {
        panic!("a team game ends, got {resigned:?}");
    };
    let winners = vec![player(Seat::C, CAROL), player(Seat::D, DAVE)];
    assert_eq!(
        ended.game.result,
        Some(GameResult::Win {
            winners: winners.clone(),
            reason: EndReason::Resigned
        })
    );
    assert!(ended.game.left.is_empty());
    assert_eq!(
        ended.game.ranking(),
        vec![winners, vec![player(Seat::A, ALICE), player(Seat::B, BOB)]]
    );
    for (user, up) in [(ALICE, false), (BOB, false), (CAROL, true), (DAVE, true)] {
        assert_eq!(after_by_user(&ended.ratings, user) > 1500.0, up, "{user}");
    }
    let reply = present::resignation(Lang::En, &resigned, &no_names).content;
    assert!(
        reply.contains(&format!(
            "The team of <@{ALICE}> and <@{BOB}> resigned. <@{CAROL}> and <@{DAVE}> win."
        )),
        "{reply}"
    );
    assert_eq!(weng_lin_rows(&pool, "four-teams").await.len(), 4);
    svc.verify(game.id).await.unwrap();
}

#[sqlx::test(migrations = "../migrations")]
async fn a_partner_out_of_time_loses_the_team_game(pool: PgPool) {
    start_multi_from(
        &pool,
        &Position::start(Variant::FourTeams),
        &FOUR,
        TimeDelta::hours(1),
    )
    .await;
    let (svc, clock) = service(&pool);
    play_greedy(&svc, ALICE).await;
    play_greedy(&svc, BOB).await;
    clock.advance(TimeDelta::hours(1));
    let report = svc.tick().await.unwrap();
    assert!(report.departures.is_empty());
    assert_eq!(report.timeouts.len(), 1);
    assert_eq!(
        report.timeouts[0].game.result,
        Some(GameResult::Win {
            winners: vec![player(Seat::A, ALICE), player(Seat::B, BOB)],
            reason: EndReason::Timeout
        })
    );
    let content = present::game_ended(Lang::En, &report.timeouts[0], &no_names).content;
    assert!(
        content.contains(&format!(
            "The team of <@{CAROL}> and <@{DAVE}> ran out of time."
        )),
        "{content}"
    );
}

#[sqlx::test(migrations = "../migrations")]
async fn a_draw_needs_the_offer_of_every_player_still_in_the_game(pool: PgPool) {
    start_multi(&pool, Variant::Three, &THREE).await;
    let (svc, _clock) = service(&pool);
    // A first round, so that everyone has moved and the game is rated.
    round(&svc, &THREE).await;
    play_greedy(&svc, ALICE).await;
    left(svc.resign(at(CAROL)).await.unwrap());

    let offer = svc.offer_draw(at(ALICE)).await.unwrap();
    let DrawOffer::Standing { waiting_for, .. } = &offer else {
        panic!("one offer is not a draw: {offer:?}");
    };
    // Carol left: only Bob's offer is missing.
    assert_eq!(waiting_for, &vec![player(Seat::B, BOB)]);
    assert_eq!(present::draw(Lang::En, &offer, &no_names).pings, vec![BOB]);
    let offer = svc.offer_draw(at(BOB)).await.unwrap();
    let DrawOffer::Agreed(ended) = &offer else {
        panic!("every player left in the game offered: {offer:?}");
    };
    assert_eq!(
        ended.game.result,
        Some(GameResult::Draw {
            reason: EndReason::Agreement
        })
    );
    // Alice and Bob share the first place above Carol, who left.
    assert_eq!(
        ended.game.ranking(),
        vec![
            vec![player(Seat::A, ALICE), player(Seat::B, BOB)],
            vec![player(Seat::C, CAROL)]
        ]
    );
    let alice = after_by_user(&ended.ratings, ALICE);
    let bob = after_by_user(&ended.ratings, BOB);
    let carol = after_by_user(&ended.ratings, CAROL);
    assert!((alice - bob).abs() < 1e-9 && alice > 1500.0 && carol < 1500.0);
    let rows = weng_lin_rows(&pool, "three").await;
    let records: Vec<(i32, i32, i32)> = rows.iter().map(|r| (r.4, r.5, r.6)).collect();
    // Alice, Bob (draws), Carol (a loss), in user id order.
    assert_eq!(records, vec![(0, 0, 1), (0, 0, 1), (0, 1, 0)]);
}

#[sqlx::test(migrations = "../migrations")]
async fn a_draw_of_four_needs_four_offers(pool: PgPool) {
    start_multi(&pool, Variant::Four, &FOUR).await;
    let (svc, _clock) = service(&pool);
    for (i, user) in FOUR[..3].iter().enumerate() {
        let offer = svc.offer_draw(at(*user)).await.unwrap();
        let shown = present::draw(Lang::En, &offer, &no_names).content;
        let DrawOffer::Standing { waiting_for, .. } = offer else {
            panic!("{offer:?}");
        };
        assert_eq!(waiting_for.len(), 3 - i);
        // The offer names everyone still to offer, not "your opponent".
        if i == 0 {
            assert!(
                shown.contains("every player still in the game")
                    && shown.contains(&format!("<@{BOB}>, <@{CAROL}> and <@{DAVE}>")),
                "{shown}"
            );
        }
    }
    let before = snapshot(&pool).await;
    let again = refused(svc.offer_draw(at(BOB)).await);
    assert_eq!(again, UserError::DrawAlreadyOffered { players: 4 });
    for lang in [Lang::En, Lang::Hr] {
        let two = present::refusal_text(lang, &UserError::DrawAlreadyOffered { players: 2 });
        let said = present::refusal_text(lang, &again);
        assert_ne!(
            said, two,
            "{lang:?}: a game of four is worded for every player"
        );
    }
    let said = present::refusal_text(Lang::En, &again);
    assert!(
        !said.contains("your opponent") && said.contains("every other player"),
        "{said}"
    );
    assert_eq!(snapshot(&pool).await, before);
    let offer = svc.offer_draw(at(DAVE)).await.unwrap();
    assert!(matches!(offer, DrawOffer::Agreed(_)), "{offer:?}");
}

#[sqlx::test(migrations = "../migrations")]
async fn players_abort_only_in_the_first_round_and_aborts_are_not_rated(pool: PgPool) {
    start_multi(&pool, Variant::Three, &THREE).await;
    let (svc, _clock) = service(&pool);
    play_greedy(&svc, ALICE).await;
    play_greedy(&svc, BOB).await;
    play_greedy(&svc, CAROL).await;
    // Everyone has moved: too late for players, not for a moderator.
    let before = snapshot(&pool).await;
    assert_eq!(
        refused(svc.abort(at(CAROL), false).await),
        UserError::AbortTooLate
    );
    assert_eq!(snapshot(&pool).await, before);
    let aborted = svc.abort(at(ERIN), true).await.unwrap();
    assert!(matches!(aborted, Abort::Aborted(_)), "{aborted:?}");
    let ratings: i64 = sqlx::query_scalar("SELECT count(*) FROM ratings")
        .fetch_one(&pool)
        .await
        .unwrap();
    assert_eq!(ratings, 0);
}

#[sqlx::test(migrations = "../migrations")]
async fn a_player_may_abort_before_the_round_is_over(pool: PgPool) {
    start_multi(&pool, Variant::Four, &FOUR).await;
    let (svc, _clock) = service(&pool);
    play_greedy(&svc, ALICE).await;
    play_greedy(&svc, BOB).await;
    play_greedy(&svc, CAROL).await;
    // Dave has not moved yet: the first round is not over.
    let aborted = svc.abort(at(ALICE), false).await.unwrap();
    assert!(matches!(aborted, Abort::Aborted(_)), "{aborted:?}");
    assert_eq!(svc.board(HERE).await.unwrap().status, GameStatus::Aborted);
}

#[sqlx::test(migrations = "../migrations")]
async fn refusals_in_a_game_of_four_change_nothing(pool: PgPool) {
    start_multi(&pool, Variant::Four, &FOUR).await;
    let (svc, _clock) = service(&pool);
    let before = snapshot(&pool).await;
    // Not your turn: Alice is to move.
    let board = svc.board(HERE).await.unwrap();
    let mv = greedy(&board.position, &board.options, &HashSet::new());
    for user in [BOB, CAROL, DAVE] {
        assert_eq!(
            refused(play_move(&svc, user, mv).await),
            UserError::NotYourTurn { to_move: ALICE }
        );
    }
    // Not a player.
    assert_eq!(
        refused(play_move(&svc, ERIN, mv).await),
        UserError::NotAPlayer
    );
    assert_eq!(refused(svc.resign(at(ERIN)).await), UserError::NotAPlayer);
    assert_eq!(
        refused(svc.offer_draw(at(ERIN)).await),
        UserError::NotAPlayer
    );
    assert_eq!(
        refused(svc.abort(at(ERIN), false).await),
        UserError::NotAPlayer
    );
    // Moving another player's piece.
    assert!(matches!(
        refused(play(&svc, ALICE, "a1-b3").await),
        UserError::Illegal { .. }
    ));
    assert_eq!(snapshot(&pool).await, before);

    // A player who left cannot move even when the rest of the round has passed.
    left(svc.resign(at(BOB)).await.unwrap());
    play_greedy(&svc, ALICE).await;
    let before = snapshot(&pool).await;
    let board = svc.board(HERE).await.unwrap();
    assert_eq!(board.to_move, Some(player(Seat::C, CAROL)));
    let mv = greedy(&board.position, &board.options, &HashSet::new());
    assert_eq!(refused(play_move(&svc, BOB, mv).await), UserError::LeftGame);
    assert_eq!(snapshot(&pool).await, before);
}

/// The rules crate and the service agree on a three-player game with a departure in the middle
/// when replayed from the stored moves (what `/halma replay` animates).
#[sqlx::test(migrations = "../migrations")]
async fn replay_data_of_a_game_with_a_departure_matches_the_rules(pool: PgPool) {
    start_multi(&pool, Variant::Three, &THREE).await;
    let (svc, _clock) = service(&pool);
    play_greedy(&svc, ALICE).await;
    play_greedy(&svc, BOB).await;
    left(svc.resign(at(BOB)).await.unwrap());
    play_greedy(&svc, CAROL).await;
    let mut rules = Game::new(
        Position::start(Variant::Three),
        Options::for_variant(Variant::Three),
    );
    let history = svc.history(HERE).await.unwrap();
    for (i, ply) in history.plies.iter().enumerate() {
        if i == 2 {
            rules.remove_player(Seat::B).unwrap();
        }
        let Ply::Move { chain, .. } = &ply.ply else {
            panic!("no passes here");
        };
        rules
            .play(&halma::MoveText::from_squares(chain.clone()).unwrap())
            .unwrap();
    }
    let replay = svc.replay_data(HERE).await.unwrap();
    assert_eq!(replay.plies, rules.plies());
    assert_eq!(replay.game.position, *rules.position());
    assert_eq!(replay.game.left, vec![player(Seat::B, BOB)]);
    assert_eq!(replay.departures, vec![(2, Seat::B)]);
    let gif = present::replay(Lang::En, &replay, &no_names);
    assert_eq!(&gif.files[0].bytes[..6], b"GIF89a");

    // The GIF's frames: Bob's pieces are on the board until he leaves after ply 2, and gone
    // from that frame on.
    use image::AnimationDecoder;
    let decoder = image::codecs::gif::GifDecoder::new(std::io::Cursor::new(&gif.files[0].bytes))
        .expect("a GIF");
    let frames = decoder.into_frames().collect_frames().expect("frames");
    assert_eq!(frames.len(), rules.plies().len() + 1);
    let variant = Variant::Three;
    let side = {
        let a1 = halma_render::square_centre(variant, "a1".parse().unwrap()).unwrap();
        let b1 = halma_render::square_centre(variant, "b1".parse().unwrap()).unwrap();
        b1.0 - a1.0
    };
    // A point of the piece on `s` (above its letter) in `frame`.
    let piece = |frame: &image::Frame, s: halma::Square| -> [u8; 3] {
        let (x, y) = halma_render::square_centre(variant, s).unwrap();
        let p = frame.buffer().get_pixel(x, y - side * 27 / 100).0;
        [p[0], p[1], p[2]]
    };
    let bob = halma_render::seat_colour(Seat::B);
    let mut at_departure = Game::new(
        Position::start(Variant::Three),
        Options::for_variant(Variant::Three),
    );
    for ply in &rules.plies()[..2] {
        let Ply::Move { chain, .. } = ply else {
            panic!("no passes here");
        };
        at_departure
            .play(&halma::MoveText::from_squares(chain.clone()).unwrap())
            .unwrap();
    }
    let squares: Vec<halma::Square> = at_departure.position().pieces(Seat::B).squares().collect();
    assert_eq!(squares.len(), 13);
    for s in Position::start(variant).pieces(Seat::B).squares() {
        assert_eq!(piece(&frames[1], s), bob, "Bob on {s} before he left");
    }
    for (i, frame) in frames.iter().enumerate().skip(2) {
        for &s in &squares {
            assert_ne!(
                piece(frame, s),
                bob,
                "Bob on {s} in frame {i}, after he left"
            );
        }
    }
}
