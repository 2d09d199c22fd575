//! The connection pool cannot deadlock: no service path waits for a second connection while it
//! holds one. Each test runs the service over a pool of one connection with a short acquire
//! timeout, so a path that asks the pool for more than it holds fails at once with a pool
//! timeout instead of passing by luck; the storm test sends many clicks at a lobby through a
//! pool of two.

mod common;

use common::*;
use halma::Variant;
use halma_core::clock::ManualClock;
use halma_core::service::{FirstMover, LobbyUpdate};
use halma_core::{Db, Error, Service};
use sqlx::postgres::PgPoolOptions;
use sqlx::PgPool;
use std::collections::HashSet;
use std::sync::Arc;
use std::time::Duration;

const FRANK: u64 = 666_666_666_666_666_666;

/// A service over a pool of `size` connections to the test database, which gives up on a
/// connection after a second.
async fn service_with_pool(pool: &PgPool, size: u32) -> Service {
    let small = PgPoolOptions::new()
        .max_connections(size)
        .acquire_timeout(Duration::from_secs(1))
        .connect_with((*pool.connect_options()).clone())
        .await
        .expect("connect a small pool");
    Service::new(Db::new(small), Arc::new(ManualClock::new(t0())))
}

/// An answer is either done or a refusal; a database error (a pool timeout) is the bug.
fn not_internal<T: std::fmt::Debug>(what: &str, result: &Result<T, Error>) {
    if let Err(e) = result {
        assert!(
            matches!(e, Error::User(_)),
            "{what} failed inside the bot: {e:?}"
        );
    }
}

#[sqlx::test(migrations = "../migrations")]
async fn a_two_player_game_needs_one_connection_at_a_time(pool: PgPool) {
    let svc = service_with_pool(&pool, 1).await;
    let started = start(&svc, "small", FirstMover::Challenger).await;
    // A whole game's worth of moves, greedily, then the end.
    let mut position = started.game.position.clone();
    let options = started.game.options;
    let mut seen = HashSet::new();
    for _ in 0..6 {
        seen.insert(position.clone());
        let mv = common::greedy(&position, &options, &seen);
        let user = if position.to_move() == halma::Seat::A {
            ALICE
        } else {
            BOB
        };
        let played = play_move(&svc, user, mv).await.expect("a move");
        position = played.game.position.clone();
    }
    svc.resign(at(BOB)).await.expect("resign");
}

#[sqlx::test(migrations = "../migrations")]
async fn the_last_acceptance_starts_a_game_on_one_connection(pool: PgPool) {
    let svc = service_with_pool(&pool, 1).await;
    let invitation = svc
        .invitations()
        .challenge_group(&also(
            &request("three", FirstMover::Challenger),
            &[person(CAROL)],
        ))
        .await
        .expect("an invitation to three");
    let id = invitation.challenge.id;
    svc.invitations()
        .accept(id, BOB)
        .await
        .expect("Bob accepts");
    let started = svc
        .invitations()
        .accept(id, CAROL)
        .await
        .expect("Carol's acceptance starts the game")
        .started()
        .expect("everyone has accepted");
    assert_eq!(started.game.variant, Variant::Three);
}

#[sqlx::test(migrations = "../migrations")]
async fn a_lobby_fills_and_starts_on_one_connection(pool: PgPool) {
    let svc = service_with_pool(&pool, 1).await;
    let lobby = svc
        .invitations()
        .open_lobby(&lobby_request("four"))
        .await
        .expect("a lobby of four");
    let id = lobby.lobby.id;
    svc.invitations()
        .join_lobby(id, BOB)
        .await
        .expect("Bob joins");
    svc.invitations()
        .join_lobby(id, CAROL)
        .await
        .expect("Carol joins");
    match svc
        .invitations()
        .join_lobby(id, DAVE)
        .await
        .expect("Dave joins")
    {
        LobbyUpdate::Started(started) => assert_eq!(started.game.variant, Variant::Four),
        other => panic!("the fourth member should start the game, got {other:?}"),
    }
}

/// Many quick Join and Start clicks on one lobby, through a pool of two: every click gets an
/// answer or a refusal, none a pool timeout, and exactly one game starts.
#[sqlx::test(migrations = "../migrations")]
async fn a_storm_of_clicks_on_a_lobby_drains_no_pool(pool: PgPool) {
    let svc = Arc::new(service_with_pool(&pool, 2).await);
    let lobby = svc
        .invitations()
        .open_lobby(&lobby_request("four"))
        .await
        .expect("a lobby of four");
    let id = lobby.lobby.id;
    let mut clicks = tokio::task::JoinSet::new();
    for round in 0..3 {
        for user in [BOB, CAROL, DAVE, ERIN, FRANK] {
            let svc = svc.clone();
            clicks.spawn(async move {
                (
                    format!("join {user} #{round}"),
                    svc.invitations().join_lobby(id, user).await,
                )
            });
        }
        let svc = svc.clone();
        clicks.spawn(async move {
            (
                format!("start #{round}"),
                svc.invitations().start_lobby(id, ALICE).await,
            )
        });
    }
    let mut starts = 0;
    while let Some(click) = clicks.join_next().await {
        let (what, result) = click.expect("a click's task");
        not_internal(&what, &result);
        starts += matches!(result, Ok(LobbyUpdate::Started(_))) as usize;
    }
    assert_eq!(starts, 1, "one click starts the game");
    let games: i64 = sqlx::query_scalar("SELECT COUNT(*) FROM games")
        .fetch_one(&pool)
        .await
        .expect("count games");
    assert_eq!(games, 1);
}
