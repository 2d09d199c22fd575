//! Stern-Halma (the star) through the service against a real PostgreSQL: games of three and
//! six challenged and accepted, played to the end with greedy moves and rated with Weng-Lin;
//! players leaving a game of six one by one (five departures); a pass; a lobby of six filled
//! with two of the bot's seats; `star2` against the bot with autocomplete, the move picker and
//! a hint; and the `no_parking` option: stored with a game, chosen in a challenge or a lobby
//! (and kept by a rematch), refused on the square boards; refusals in the star's words (holes
//! and points), a name past the end of a rank refused with that rank's holes.

mod common;

use chrono::TimeDelta;
use common::*;
use halma::{Game, IllegalMove, Move, Options, Outcome, Ply, Position, Seat, Variant};
use halma_core::locale::Lang;
use halma_core::present;
use halma_core::service::{
    EndReason, FirstMover, GameResult, GameStatus, GameView, LobbyUpdate, MovePlayed, Player,
    PlayerLeft, RatingChange, Resignation,
};
use halma_core::{Error, Service, UserError};
use sqlx::PgPool;
use std::collections::HashSet;

/// A sixth player, for games of six.
const FRANK: u64 = 666_666_666_666_666_666;
/// The bot's user id in these tests.
const BOT: u64 = 999_999_999_999_999_999;
/// The users of a game of six, in seat order when the challenger moves first.
const SIX: [u64; 6] = [ALICE, BOB, CAROL, DAVE, ERIN, FRANK];

fn player(seat: Seat, user: u64) -> Player {
    Player { seat, user }
}

fn refused(result: Result<impl std::fmt::Debug, Error>) -> UserError {
    match result {
        Err(Error::User(e)) => e,
        other => panic!("expected a refusal, got {other:?}"),
    }
}

fn left(resignation: Resignation) -> PlayerLeft {
    match resignation {
        Resignation::Left(left) => left,
        other => panic!("expected the player to leave, got {other:?}"),
    }
}

/// Names nobody: the pictures show "Player A" and so on.
fn no_names(_: u64, _: u64) -> Option<String> {
    None
}

/// Alice challenges `users[1..]` to `variant`, moving first; everyone accepts in turn and the
/// game starts with the users in seat order.
async fn challenge_and_start(svc: &Service, variant: Variant, users: &[u64]) -> GameView {
    let mut req = request(variant.name(), FirstMover::Challenger);
    req.opponents = users[1..].iter().map(|&u| person(u)).collect();
    let invitation = svc
        .invitations()
        .challenge_group(&req)
        .await
        .expect("the challenge");
    let mut started = None;
    for &user in &users[1..] {
        let accepted = svc
            .invitations()
            .accept(invitation.challenge.id, user)
            .await
            .expect("accept");
        started = accepted.started();
    }
    let game = started.expect("the last acceptance starts the game").game;
    let seated: Vec<u64> = game.players.iter().map(|p| p.user).collect();
    assert_eq!(
        seated, users,
        "seats in the order named, the challenger first"
    );
    assert_eq!(game.variant, variant);
    game
}

/// The rating change of `user`; every change starts at Weng-Lin's 1500 on the bot's scale.
fn after(changes: &[RatingChange], user: u64) -> f64 {
    let change = changes.iter().find(|c| c.player.user == user).unwrap();
    assert_eq!(change.before, 1500.0);
    change.after
}

/// Plays greedy moves until the game ends, each checked against `rules` played alongside;
/// returns the last answer.
async fn play_out(svc: &Service, rules: &mut Game, users: &[u64]) -> MovePlayed {
    let mut seen = HashSet::new();
    loop {
        assert!(rules.plies().len() < 2_000, "the greedy game does not end");
        let pos = rules.position().clone();
        seen.insert(pos.clone());
        let mv = greedy(&pos, rules.options(), &seen);
        rules.play(&mv.into()).unwrap();
        let reply = play_move(svc, users[pos.to_move().index()], mv)
            .await
            .expect("a legal move is played");
        assert_eq!(reply.game.position, *rules.position());
        if rules.outcome().is_over() {
            return reply;
        }
        assert_eq!(
            reply.game.to_move.map(|p| p.seat),
            Some(rules.position().to_move())
        );
    }
}

/// The stored ratings of `variant`: user, system, games, wins, losses.
async fn rating_rows(pool: &PgPool, variant: &str) -> Vec<(i64, String, i32, i32, i32)> {
    sqlx::query_as(
        "SELECT user_id, system, games, wins, losses FROM ratings
         WHERE variant = $1 ORDER BY user_id",
    )
    .bind(variant)
    .fetch_all(pool)
    .await
    .unwrap()
}

#[sqlx::test(migrations = "../migrations")]
async fn a_star3_challenge_is_played_to_the_end_and_rated_with_weng_lin(pool: PgPool) {
    let (svc, _clock) = service(&pool);
    let users = [ALICE, BOB, CAROL];
    // Two opponents are needed: one is refused, and nothing is written.
    let before = snapshot(&pool).await;
    assert_eq!(
        refused(
            svc.invitations()
                .challenge_group(&request("star3", FirstMover::Challenger))
                .await
        ),
        UserError::WrongOpponentCount {
            variant: Variant::Star3,
            needed: 2
        }
    );
    assert_eq!(snapshot(&pool).await, before);

    let game = challenge_and_start(&svc, Variant::Star3, &users).await;
    assert_eq!(game.position, Position::start(Variant::Star3));
    let start = present::game_started(
        Lang::En,
        &halma_core::service::GameStarted {
            game: game.clone(),
            bots: Vec::new(),
        },
        &no_names,
    );
    assert!(start.content.contains("star3"), "{}", start.content);

    let mut rules = Game::new(Position::start(Variant::Star3), game.options);
    let last = play_out(&svc, &mut rules, &users).await;
    let Outcome::Win { winners, .. } = rules.outcome() else {
        panic!("greedy games are won, got {:?}", rules.outcome());
    };
    assert_eq!(winners.len(), 1);
    let winner = player(winners[0], users[winners[0].index()]);
    assert_eq!(
        last.game.result,
        Some(GameResult::Win {
            winners: vec![winner],
            reason: EndReason::Completed
        })
    );
    let ranking = last.game.ranking();
    let flat: Vec<Seat> = ranking.iter().flatten().map(|p| p.seat).collect();
    assert_eq!(flat, rules.standings());

    // Weng-Lin: the winner up, the last place down, one game each, stored as Weng-Lin.
    assert_eq!(last.ratings.len(), 3);
    assert!(after(&last.ratings, winner.user) > 1500.0, "{last:?}");
    for p in ranking.last().unwrap() {
        assert!(after(&last.ratings, p.user) < 1500.0, "{last:?}");
    }
    let rows = rating_rows(&pool, "star3").await;
    assert_eq!(rows.len(), 3);
    for (user, system, games, wins, losses) in rows {
        assert_eq!(system, "weng_lin");
        let won = user == winner.user as i64;
        assert_eq!((games, wins, losses), (1, won as i32, !won as i32));
    }
    let board = svc.leaderboard(GUILD, Variant::Star3, 10).await.unwrap();
    assert_eq!(board.entries.len(), 3);
    assert_eq!(board.entries[0].user, winner.user);
    let stats = svc.stats(GUILD, ALICE).await.unwrap();
    assert_eq!(stats.variants.len(), 1);
    assert_eq!(stats.variants[0].variant, Variant::Star3);
    let history = svc.history(HERE).await.unwrap();
    assert_eq!(history.plies.len(), rules.plies().len());
    svc.verify(last.game.id).await.unwrap();
}

#[sqlx::test(migrations = "../migrations")]
async fn a_star6_game_goes_on_without_a_player_who_resigns_and_is_rated(pool: PgPool) {
    let (svc, _clock) = service(&pool);
    // star6 needs five opponents: four are refused.
    let mut four = request("star6", FirstMover::Challenger);
    four.opponents = SIX[1..5].iter().map(|&u| person(u)).collect();
    assert_eq!(
        refused(svc.invitations().challenge_group(&four).await),
        UserError::WrongOpponentCount {
            variant: Variant::Star6,
            needed: 5
        }
    );
    let game = challenge_and_start(&svc, Variant::Star6, &SIX).await;
    assert_eq!(
        game.players.iter().map(|p| p.seat).collect::<Vec<_>>(),
        Variant::Star6.seats().collect::<Vec<_>>()
    );
    let mut rules = Game::new(Position::start(Variant::Star6), game.options);
    let mut seen = HashSet::new();
    // A first round, so that everyone has moved.
    for _ in 0..6 {
        let pos = rules.position().clone();
        seen.insert(pos.clone());
        let mv = greedy(&pos, rules.options(), &seen);
        rules.play(&mv.into()).unwrap();
        play_move(&svc, SIX[pos.to_move().index()], mv)
            .await
            .expect("a greedy move");
    }
    // Dave (seat d, at N) resigns out of turn: his pieces leave, Alice keeps her turn.
    let dave = left(svc.resign(at(DAVE)).await.unwrap());
    rules.remove_player(Seat::D).unwrap();
    assert_eq!(dave.player, player(Seat::D, DAVE));
    assert_eq!(dave.game.status, GameStatus::Active);
    assert!(!dave.game.position.in_play(Seat::D));
    assert_eq!(dave.game.position, *rules.position());
    assert_eq!(dave.game.to_move, Some(player(Seat::A, ALICE)));
    assert_eq!(
        refused(svc.resign(at(DAVE)).await),
        UserError::LeftGame,
        "Dave left"
    );
    let reply = present::resignation(Lang::En, &Resignation::Left(dave.clone()), &no_names);
    assert!(
        reply.content.contains("resigned and leaves the game"),
        "{}",
        reply.content
    );

    // The five others play on to the end; turn order skips Dave.
    let last = play_out(&svc, &mut rules, &SIX).await;
    assert!(
        rules.plies()[6..].iter().all(|p| p.seat() != Seat::D),
        "Dave has no ply after leaving"
    );
    let Outcome::Win { winners, .. } = rules.outcome() else {
        panic!("greedy games are won, got {:?}", rules.outcome());
    };
    let winner = player(winners[0], SIX[winners[0].index()]);
    assert_eq!(last.game.status, GameStatus::Finished);
    let ranking = last.game.ranking();
    assert_eq!(ranking[0], vec![winner]);
    assert_eq!(
        ranking.last().unwrap(),
        &vec![player(Seat::D, DAVE)],
        "who left comes last"
    );
    // Weng-Lin over six: the winner up, Dave down.
    assert_eq!(last.ratings.len(), 6);
    assert!(after(&last.ratings, winner.user) > 1500.0, "{last:?}");
    assert!(after(&last.ratings, DAVE) < 1500.0, "{last:?}");
    let rows = rating_rows(&pool, "star6").await;
    assert_eq!(rows.len(), 6);
    assert!(rows.iter().all(|r| r.1 == "weng_lin" && r.2 == 1));
    let announced = present::move_played(Lang::En, &last, &no_names).content;
    assert!(
        announced.contains(&format!("Final ranking: 1. <@{}>", winner.user)),
        "{announced}"
    );
    assert!(announced.chars().count() <= present::MESSAGE_LIMIT);
    let history = svc.history(HERE).await.unwrap();
    assert_eq!(history.departures, vec![(6, player(Seat::D, DAVE))]);
    // A long history is sent as a file.
    let written = present::history(Lang::En, &history);
    let shown = written.content.clone()
        + &written
            .files
            .iter()
            .map(|f| String::from_utf8_lossy(&f.bytes).into_owned())
            .collect::<String>();
    assert!(shown.contains("d left the game"), "{shown}");
    assert!(shown.contains("star6 "), "the position names the variant");
    svc.verify(last.game.id).await.unwrap();
    svc.replay_data(HERE).await.unwrap();
}

#[sqlx::test(migrations = "../migrations")]
async fn five_players_leave_a_star6_game_and_the_last_one_wins(pool: PgPool) {
    let (svc, _clock) = service(&pool);
    let game = challenge_and_start(&svc, Variant::Star6, &SIX).await;
    let mut rules = Game::new(Position::start(Variant::Star6), game.options);
    for _ in 0..6 {
        let pos = rules.position().clone();
        let mv = greedy(&pos, rules.options(), &HashSet::new());
        rules.play(&mv.into()).unwrap();
        play_move(&svc, SIX[pos.to_move().index()], mv)
            .await
            .expect("a greedy move");
    }
    // Five leave one after another, the player to move among them; the last one wins.
    let leaving = [FRANK, ALICE, CAROL, BOB, DAVE];
    let mut last = None;
    for (i, &user) in leaving.iter().enumerate() {
        let gone = left(svc.resign(at(user)).await.unwrap());
        let expected_status = if i == 4 {
            GameStatus::Finished
        } else {
            GameStatus::Active
        };
        assert_eq!(gone.game.status, expected_status, "after {} left", i + 1);
        assert_eq!(gone.game.left.len(), i + 1);
        last = Some(gone);
    }
    let last = last.unwrap();
    assert_eq!(
        last.game.result,
        Some(GameResult::Win {
            winners: vec![player(Seat::E, ERIN)],
            reason: EndReason::LastPlayer
        })
    );
    // Later leavers rank above earlier ones; Weng-Lin follows the ranking.
    let order: Vec<u64> = last
        .game
        .ranking()
        .iter()
        .flatten()
        .map(|p| p.user)
        .collect();
    assert_eq!(order, [ERIN, DAVE, BOB, CAROL, ALICE, FRANK]);
    let ratings: Vec<f64> = order.iter().map(|&u| after(&last.ratings, u)).collect();
    assert!(ratings.windows(2).all(|w| w[0] > w[1]), "{ratings:?}");
    let stored: String = sqlx::query_scalar("SELECT left_seats FROM games WHERE id = $1")
        .bind(last.game.id.0)
        .fetch_one(&pool)
        .await
        .unwrap();
    assert_eq!(stored, "facbd", "five departures are stored, in order");
    svc.verify(last.game.id).await.unwrap();
}

#[sqlx::test(migrations = "../migrations")]
async fn a_star3_player_without_a_move_passes(pool: PgPool) {
    // b's only piece on a13, NW's tip, is walled in by a's pieces on b13 and b12, and the
    // holes behind them (c13, c11) are taken too: no step and no hop.
    let start: Position = "star3 1/2/3/4/baa10/a11/a10/10/4c4/10/11/12/13/3a/3/2/1 a"
        .parse()
        .unwrap();
    start_multi_from(&pool, &start, &[ALICE, BOB, CAROL], TimeDelta::hours(1)).await;
    let (svc, _clock) = service(&pool);
    let played = play_text(&svc, at(ALICE), "m4", "m5").await.unwrap();
    assert_eq!(played.passed, vec![player(Seat::B, BOB)]);
    assert_eq!(played.game.to_move, Some(player(Seat::C, CAROL)));
    let reply = present::move_played(Lang::En, &played, &no_names);
    assert!(
        reply
            .content
            .contains(&format!("<@{BOB}> has no move and passes.")),
        "{}",
        reply.content
    );
    let history = svc.history(HERE).await.unwrap();
    assert_eq!(history.plies[1].ply, Ply::Pass { seat: Seat::B });
    svc.verify(played.game.id).await.unwrap();
}

#[sqlx::test(migrations = "../migrations")]
async fn a_star6_lobby_takes_six_seats_two_of_them_the_bots(pool: PgPool) {
    let (svc, _clock) = service(&pool);
    let mut asked = lobby_request("star6");
    asked.anti_spoiling = true;
    let view = svc
        .invitations()
        .open_lobby(&asked)
        .await
        .expect("the lobby opens");
    let shown = present::lobby(Lang::En, &view).content;
    assert!(
        shown.contains("star6") && shown.contains("(1/6)"),
        "{shown}"
    );
    assert!(
        shown.contains("a full target point holding your pieces also wins"),
        "the star's words: {shown}"
    );
    let id = view.lobby.id;
    for user in [BOB, CAROL, DAVE] {
        match svc.invitations().join_lobby(id, user).await.unwrap() {
            LobbyUpdate::Open(view) => assert!(view.members.len() <= 4),
            other => panic!("the lobby is not full yet: {other:?}"),
        }
    }
    match svc
        .invitations()
        .add_bot_to_lobby(id, ALICE, BOT)
        .await
        .unwrap()
    {
        LobbyUpdate::Open(view) => assert_eq!(view.members.len(), 5),
        other => panic!("one seat is left: {other:?}"),
    }
    let started = match svc
        .invitations()
        .add_bot_to_lobby(id, ALICE, BOT)
        .await
        .unwrap()
    {
        LobbyUpdate::Started(started) => *started,
        other => panic!("the sixth seat starts the game: {other:?}"),
    };
    let users: Vec<u64> = started.game.players.iter().map(|p| p.user).collect();
    assert_eq!(users, [ALICE, BOB, CAROL, DAVE, BOT, BOT]);
    assert_eq!(
        started.game.bots,
        vec![player(Seat::E, BOT), player(Seat::F, BOT)]
    );
    let shown = present::game_started(Lang::En, &started, &no_names).content;
    assert!(
        shown.contains("E (yellow)") && shown.contains("F (red)"),
        "{shown}"
    );
    // Nobody else gets in once it started.
    assert_eq!(
        refused(svc.invitations().join_lobby(id, ERIN).await),
        UserError::LobbyStarted
    );
}

#[sqlx::test(migrations = "../migrations")]
async fn a_game_stores_no_parking_and_its_rules_apply(pool: PgPool) {
    use halma_core::db::games::NewGame;
    use halma_core::Db;
    let mut options = Options::for_variant(Variant::Star2);
    options.no_parking = true;
    // a's one piece on i5, next to h5 in the SW point; b's on e17.
    let start: Position = "star2 b/2/3/4/13/12/11/10/9/10/11/12/4a8/4/3/2/1 a"
        .parse()
        .unwrap();
    let players = [player(Seat::A, ALICE), player(Seat::B, BOB)];
    let db = Db::new(pool.clone());
    let mut tx = db.begin().await.unwrap();
    let game = tx
        .insert_game(&NewGame {
            guild: GUILD,
            channel: CHANNEL,
            options,
            start: &start,
            turns: 0,
            players: &players,
            turn_timeout: TimeDelta::hours(1),
            turn_deadline: t0() + TimeDelta::hours(1),
            created_at: t0(),
        })
        .await
        .unwrap()
        .unwrap();
    tx.commit().await.unwrap();
    assert!(game.options.no_parking);
    let (svc, _clock) = service(&pool);
    assert!(svc.board(HERE).await.unwrap().options.no_parking);
    // A step into the SW point, neither a's home nor target, is refused; one within the
    // hexagon is played.
    let before = snapshot(&pool).await;
    let refusal = refused(play_text(&svc, at(ALICE), "i5", "h5").await);
    assert!(
        matches!(
            refusal,
            UserError::Illegal {
                error: IllegalMove::EndsInForeignPoint(_),
                ..
            }
        ),
        "{refusal:?}"
    );
    assert_eq!(snapshot(&pool).await, before);
    play_text(&svc, at(ALICE), "i5", "i6").await.unwrap();
}

/// A move of the player to move that ends in a foreign point: legal unless `no_parking` is on.
fn a_parking_move(position: &Position) -> Option<Move> {
    let parking_allowed = Options::for_variant(position.variant());
    let foreign = position.variant().foreign_points(position.to_move());
    position
        .legal_moves(&parking_allowed)
        .into_iter()
        .find(|mv| foreign.contains(mv.to))
}

/// Plays greedy moves in the channel's game (seated as `users`, in seat order) until the
/// player to move could park a piece; checks that the game refuses it and nothing is written.
async fn parking_is_refused(pool: &PgPool, svc: &Service, users: &[u64]) {
    let mut seen = HashSet::new();
    for _ in 0..60 {
        let game = svc.board(HERE).await.unwrap();
        assert!(game.options.no_parking, "the game plays with no_parking");
        let position = game.position.clone();
        let mover = users[position.to_move().index()];
        if let Some(parking) = a_parking_move(&position) {
            let before = snapshot(pool).await;
            let refusal = refused(play_move(svc, mover, parking).await);
            assert!(
                matches!(
                    refusal,
                    UserError::Illegal {
                        error: IllegalMove::EndsInForeignPoint(_),
                        ..
                    }
                ),
                "{parking}: {refusal:?}"
            );
            assert_eq!(snapshot(pool).await, before, "a refusal writes nothing");
            return;
        }
        seen.insert(position.clone());
        let mv = greedy(&position, &game.options, &seen);
        play_move(svc, mover, mv).await.expect("a greedy move");
    }
    panic!("nobody could park in 60 plies");
}

#[sqlx::test(migrations = "../migrations")]
async fn a_challenge_with_no_parking_starts_a_game_that_refuses_parking_and_its_rematch_keeps_it(
    pool: PgPool,
) {
    let (svc, _clock) = service(&pool);
    let mut asked = request("star2", FirstMover::Challenger);
    asked.no_parking = true;
    let invitation = svc
        .invitations()
        .challenge_group(&asked)
        .await
        .expect("the challenge");
    let challenge = &invitation.challenge;
    assert!(challenge.no_parking);
    let shown = present::challenge_sent(Lang::En, &invitation).content;
    assert!(shown.contains("No parking is on"), "{shown}");
    let started = svc
        .invitations()
        .accept(challenge.id, BOB)
        .await
        .unwrap()
        .started()
        .expect("two players start at once");
    assert!(started.game.options.no_parking);
    parking_is_refused(&pool, &svc, &[ALICE, BOB]).await;

    // The rematch asks for the same options; the seats swap.
    svc.resign(at(ALICE)).await.unwrap();
    let invitation = svc
        .invitations()
        .rematch(at(BOB), started.game.id)
        .await
        .unwrap()
        .waiting()
        .expect("Alice has to accept the rematch");
    assert!(invitation.challenge.no_parking);
    let rematch = svc
        .invitations()
        .accept(invitation.challenge.id, ALICE)
        .await
        .unwrap()
        .started()
        .expect("the rematch starts");
    assert!(rematch.game.options.no_parking);
    assert_eq!(rematch.game.to_move.map(|p| p.user), Some(BOB));
    parking_is_refused(&pool, &svc, &[BOB, ALICE]).await;
}

#[sqlx::test(migrations = "../migrations")]
async fn a_lobby_with_no_parking_starts_a_game_that_refuses_parking(pool: PgPool) {
    let (svc, _clock) = service(&pool);
    let mut asked = lobby_request("star3");
    asked.no_parking = true;
    let view = svc
        .invitations()
        .open_lobby(&asked)
        .await
        .expect("the lobby opens");
    assert!(view.lobby.no_parking);
    let shown = present::lobby(Lang::En, &view).content;
    assert!(shown.contains("No parking is on"), "{shown}");
    svc.invitations()
        .join_lobby(view.lobby.id, BOB)
        .await
        .unwrap();
    let started = match svc
        .invitations()
        .join_lobby(view.lobby.id, CAROL)
        .await
        .unwrap()
    {
        LobbyUpdate::Started(started) => *started,
        other => panic!("the third seat starts the game: {other:?}"),
    };
    assert!(started.game.options.no_parking);
    parking_is_refused(&pool, &svc, &[ALICE, BOB, CAROL]).await;
}

#[sqlx::test(migrations = "../migrations")]
async fn no_parking_on_a_square_board_is_refused_and_nothing_is_stored(pool: PgPool) {
    let (svc, _clock) = service(&pool);
    let before = snapshot(&pool).await;
    let mut challenge = request("small", FirstMover::Challenger);
    challenge.no_parking = true;
    let small = UserError::NoParkingOffTheStar {
        variant: Variant::Small,
    };
    assert_eq!(
        refused(svc.invitations().challenge_group(&challenge).await),
        small
    );
    challenge.opponents = vec![this_bot(BOT)];
    assert_eq!(
        refused(svc.invitations().challenge_ai(&challenge).await),
        small
    );
    let mut lobby = lobby_request("four");
    lobby.no_parking = true;
    assert_eq!(
        refused(svc.invitations().open_lobby(&lobby).await),
        UserError::NoParkingOffTheStar {
            variant: Variant::Four
        }
    );
    assert_eq!(snapshot(&pool).await, before);
    // Told only to the member who asked, with the variants it is an option of.
    let reply = present::refusal(Lang::En, &small);
    assert!(reply.ephemeral);
    assert!(
        reply.content.contains("small") && reply.content.contains("`star2`"),
        "{}",
        reply.content
    );
}

/// What `lang` says to `refusal`, checked to come from the message `key`.
fn said(lang: Lang, refusal: &UserError, key: &str) -> String {
    assert_eq!(present::refusal_key(refusal), key, "{refusal:?}");
    present::refusal_text(lang, refusal)
}

#[sqlx::test(migrations = "../migrations")]
async fn a_star_games_refusals_speak_of_holes_and_points(pool: PgPool) {
    // a's one piece on e14, in its target point N; b's on m1.
    let start: Position = "star2 1/2/3/a3/13/12/11/10/9/10/11/12/13/4/3/2/b a"
        .parse()
        .unwrap();
    start_multi_from(&pool, &start, &[ALICE, BOB], TimeDelta::hours(1)).await;
    let (svc, _clock) = service(&pool);
    let before = snapshot(&pool).await;
    let leaving = refused(play_text(&svc, at(ALICE), "e14", "e13").await);
    let text = said(Lang::En, &leaving, "illegal.leaves_target_point");
    assert_eq!(
        text,
        "A piece in its target point may not leave it (e14 to e13)."
    );
    let staying = refused(play_text(&svc, at(ALICE), "e14", "e14").await);
    let text = said(Lang::En, &staying, "illegal.same_square_star");
    assert_eq!(text, "A move must end in another hole than e14.");
    for lang in Lang::ALL {
        for refusal in [&leaving, &staying] {
            let text = present::refusal_text(lang, refusal);
            assert!(!text.contains('{'), "{lang:?}: {text}");
        }
    }
    assert!(!said(Lang::De, &leaving, "illegal.leaves_target_point").contains("camp"));
    assert_eq!(snapshot(&pool).await, before, "refusals write nothing");
}

#[sqlx::test(migrations = "../migrations")]
async fn a_square_boards_refusals_keep_their_squares_and_camps(pool: PgPool) {
    let (svc, _clock) = service(&pool);
    start(&svc, "small", FirstMover::Challenger).await;
    let staying = refused(play_text(&svc, at(ALICE), "h1", "h1").await);
    assert_eq!(
        said(Lang::En, &staying, "illegal.same_square"),
        "A move must end on another square than h1."
    );
    // A name past the end of the 8×8 board, typed or a square of a larger board.
    let typed = refused(svc.read_move(HERE, "h1", "Q6").await);
    assert_eq!(
        said(Lang::En, &typed, "illegal.off_board"),
        "q6 is not on this board: its files run from a to h and its ranks from 1 to 8."
    );
    let off = refused(play_text(&svc, at(ALICE), "g3", "i9").await);
    assert_eq!(
        said(Lang::En, &off, "illegal.off_board"),
        "i9 is not on this board: its files run from a to h and its ranks from 1 to 8."
    );
}

#[sqlx::test(migrations = "../migrations")]
async fn a_name_past_the_end_of_a_star_rank_is_refused_with_that_ranks_holes(pool: PgPool) {
    let (svc, _clock) = service(&pool);
    // No game here yet: a name off every board is refused as no square.
    assert_eq!(
        refused(svc.read_move(HERE, "m4", "q6").await),
        UserError::BadSquare {
            error: halma::ParseSquareError::BadFile("q6".into())
        }
    );
    challenge_and_start(&svc, Variant::Star2, &[ALICE, BOB]).await;
    let before = snapshot(&pool).await;
    // q6 is on no board (rank 6 of the star stops at p6); n9 is a square, but rank 9 of the
    // star stops at m9; a17 is on no board (rank 17 is e17 alone).
    let q6 = refused(svc.read_move(HERE, "m4", "Q6").await);
    assert_eq!(
        q6,
        UserError::OffBoard {
            name: "q6".into(),
            rank: 5,
            variant: Variant::Star2
        }
    );
    assert_eq!(
        said(Lang::En, &q6, "illegal.off_board_star"),
        "q6 is not a hole of the star: rank 6 runs from e6 to p6."
    );
    let n9 = refused(play_text(&svc, at(ALICE), "m4", "n9").await);
    assert_eq!(
        said(Lang::En, &n9, "illegal.off_board_star"),
        "n9 is not a hole of the star: rank 9 runs from e9 to m9."
    );
    let a17 = refused(svc.read_move(HERE, "a17", "e16").await);
    assert_eq!(
        said(Lang::En, &a17, "illegal.off_board_star"),
        "a17 is not a hole of the star: rank 17 runs from e17 to e17."
    );
    let d4 = refused(play_text(&svc, at(ALICE), "d4", "e5").await);
    assert_eq!(
        said(Lang::Hr, &d4, "illegal.off_board_star"),
        "d4 nije rupa zvijezde: redak 4 ide od j4 do m4."
    );
    assert_eq!(snapshot(&pool).await, before, "refusals write nothing");
}

#[sqlx::test(migrations = "../migrations")]
async fn star2_against_the_bot_with_autocomplete_the_picker_and_a_hint(pool: PgPool) {
    use halma_core::service::{AiSettings, PickerStep};
    let (svc, _clock) = service(&pool);
    let svc = svc.with_ai_settings(AiSettings::deterministic(2_000));
    let mut req = request("star2", FirstMover::Challenger);
    req.opponents = vec![this_bot(BOT)];
    req.level = Some(halma_engine::Level::Easy);
    let started = svc
        .invitations()
        .challenge_ai(&req)
        .await
        .expect("star2 against the bot");
    assert_eq!(started.game.variant, Variant::Star2);
    assert_eq!(started.bots.len(), 1);
    let game = started.game.id;
    let home = Variant::Star2.home_camp(Seat::A);

    // Autocomplete offers Alice's pieces that can move, and where one of them goes.
    let from = svc.complete_from(at(ALICE), "").await.unwrap();
    assert!(!from.is_empty());
    for choice in &from {
        let sq: halma::Square = choice.value.parse().unwrap();
        assert!(home.contains(sq), "{} is not a's", choice.value);
    }
    let to = svc
        .complete_to(at(ALICE), &from[0].value, "")
        .await
        .unwrap();
    assert!(!to.is_empty());

    // The picker: Alice's movable pieces, then a piece's destinations, then the move.
    let pieces = svc.open_picker(at(ALICE), game).await.unwrap();
    assert!(!pieces.pieces.is_empty() && pieces.pieces.len() <= 10);
    let piece = pieces.pieces[0].from;
    let PickerStep::Destinations(dests) = svc
        .pick_piece(at(ALICE), pieces.stamp, piece)
        .await
        .unwrap()
    else {
        panic!("a movable piece has destinations");
    };
    let PickerStep::Played(played) = svc
        .pick_destination(at(ALICE), dests.stamp, piece, dests.destinations[0].to)
        .await
        .unwrap()
    else {
        panic!("the picked move is played");
    };
    assert_eq!(played.game.ply, 1);
    assert!(played.game.bots.iter().any(|p| p.seat == Seat::B));

    // The bot answers on the star; then a hint for Alice is a legal move of hers.
    let answered = svc
        .searches()
        .ai_turn(game)
        .await
        .unwrap()
        .expect("the bot is to move");
    assert_eq!(answered.game.ply, 2);
    assert_eq!(answered.game.to_move.map(|p| p.user), Some(ALICE));
    let hint = svc.searches().hint(at(ALICE)).await.expect("a hint");
    let mv = halma::MoveText::from_squares(hint.chain.clone()).expect("a chain");
    let mut rules = Game::new(answered.game.position.clone(), answered.game.options);
    rules.play(&mv).expect("the hint is legal");
    svc.play(at(ALICE), &mv).await.expect("the hint is played");
    svc.verify(game).await.unwrap();
}
