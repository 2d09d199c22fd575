//! `/halma replay` bounded: replays of games played through the service against a real
//! PostgreSQL, drawn on the replays' own thread, shared between concurrent requests, kept in a
//! bounded cache, refused politely when too many wait, and never waiting for the blocking pool.
//! No test depends on timing: the drawer is held with `Replays::pause` where it matters.

mod common;

use common::*;
use halma::{Game, Options, Position, Seat, Variant};
use halma_core::locale::Lang;
use halma_core::present;
use halma_core::replays::{PendingReplay, ReplayLimits, Replays};
use halma_core::service::{FirstMover, Player, ReplayData};
use halma_core::{Service, UserError};
use halma_render::{ReplayOptions, MAX_REPLAY_BYTES};
use image::AnimationDecoder;
use sqlx::PgPool;
use std::collections::HashSet;
use std::sync::Arc;

/// A Small game between Alice and Bob, played greedily through the service; `snapshots` gets
/// the replay data after each of the first `plies` plies.
async fn played(svc: &Service, plies: usize) -> Vec<ReplayData> {
    let started = start(svc, "small", FirstMover::Challenger).await;
    let players: Vec<Player> = started.game.players.clone();
    let variant = Variant::Small;
    let mut rules = Game::new(Position::start(variant), Options::for_variant(variant));
    let mut seen = HashSet::new();
    let mut snapshots = Vec::new();
    for _ in 0..plies {
        let pos = rules.position().clone();
        seen.insert(pos.clone());
        let mv = greedy(&pos, rules.options(), &seen);
        let user = seat_user(&players, pos.to_move());
        play_move(svc, user, mv).await.expect("a legal move");
        rules.play(&mv.into()).expect("legal");
        snapshots.push(svc.replay_data(HERE).await.expect("replay data"));
    }
    snapshots
}

fn seat_user(players: &[Player], seat: Seat) -> u64 {
    players
        .iter()
        .find(|p| p.seat == seat)
        .map(|p| p.user)
        .expect("a player at the seat")
}

/// How the bot draws `data`: the present layer's options, no names known.
fn options(data: &ReplayData) -> ReplayOptions {
    present::replay_options(data, &|_, _| None, MAX_REPLAY_BYTES)
}

/// The same options with other names in the header: another key for the same game and ply.
fn named(data: &ReplayData, name: &str) -> ReplayOptions {
    ReplayOptions {
        names: vec![name.to_string(), "Bob".to_string()],
        ..options(data)
    }
}

fn frames(gif: &[u8]) -> usize {
    image::codecs::gif::GifDecoder::new(std::io::Cursor::new(gif))
        .expect("a GIF")
        .into_frames()
        .count()
}

#[sqlx::test(migrations = "../migrations")]
async fn concurrent_requests_for_a_replay_share_one_drawing_and_later_ones_are_kept(pool: PgPool) {
    let (svc, _) = service(&pool);
    let data = played(&svc, 4).await.pop().expect("four plies");
    let replays = Replays::new(ReplayLimits::default()).expect("a thread");
    // A replay takes one core at most: the others stay for boards.
    assert!(options(&data).one_thread);

    // Held back, the first request is waiting to be drawn when the others come.
    let paused = replays.pause();
    let first = replays.draw(&data, options(&data)).expect("admitted");
    let second = replays.draw(&data, options(&data)).expect("admitted");
    let third = replays.draw(&data, options(&data)).expect("admitted");
    assert!(matches!(second, PendingReplay::Drawing(_)));
    drop(paused);
    let (first, second, third) = tokio::join!(first.wait(), second.wait(), third.wait());
    let (first, second, third) = (first.unwrap(), second.unwrap(), third.unwrap());
    assert_eq!(replays.drawn(), 1, "one drawing for three requests");
    assert!(Arc::ptr_eq(&first, &second) && Arc::ptr_eq(&first, &third));
    assert_eq!(frames(&first.gif), 5, "the start and four plies");

    // Asked again at the same ply: kept, not drawn.
    let again = replays.draw(&data, options(&data)).expect("admitted");
    assert!(matches!(again, PendingReplay::Kept(_)));
    assert!(Arc::ptr_eq(&again.wait().await.unwrap(), &first));
    assert_eq!(replays.drawn(), 1);
    assert_eq!(replays.kept(), (1, first.gif.len()));

    // The message carries the kept GIF, and says nothing about dropped frames.
    let reply = present::replay_message(Lang::En, &data, &first);
    assert_eq!(reply.files.len(), 1);
    assert_eq!(reply.files[0].bytes, first.gif);
    assert_eq!(reply.content.lines().count(), 1, "{}", reply.content);

    // A replay that dropped frames says how many positions it shows, in every language.
    let sampled = halma_render::Replay {
        gif: first.gif.clone(),
        frames: 3,
        plies: 4,
    };
    for lang in Lang::ALL {
        let reply = present::replay_message(lang, &data, &sampled);
        let lines: Vec<&str> = reply.content.lines().collect();
        assert_eq!(lines.len(), 2, "{lang:?}: {}", reply.content);
        assert!(lines[1].contains('3'), "{lang:?}: {}", reply.content);
    }
}

#[sqlx::test(migrations = "../migrations")]
async fn a_full_replay_queue_refuses_new_drawings_but_not_shared_ones(pool: PgPool) {
    let (svc, _) = service(&pool);
    let snapshots = played(&svc, 3).await;
    let limits = ReplayLimits {
        queue: 2,
        ..ReplayLimits::default()
    };
    let replays = Replays::new(limits).expect("a thread");

    let paused = replays.pause();
    let one = replays.draw(&snapshots[0], options(&snapshots[0]));
    let two = replays.draw(&snapshots[1], options(&snapshots[1]));
    let three = replays.draw(&snapshots[2], options(&snapshots[2]));
    assert_eq!(three.err(), Some(UserError::ReplaysBusy));
    // A request for a replay already waiting joins it: it adds nothing to the queue.
    let one_again = replays.draw(&snapshots[0], options(&snapshots[0]));
    drop(paused);
    let (one, two, one_again) = (one.unwrap(), two.unwrap(), one_again.unwrap());
    let (one, two, one_again) = tokio::join!(one.wait(), two.wait(), one_again.wait());
    assert!(Arc::ptr_eq(&one.unwrap(), &one_again.unwrap()));
    assert_eq!(frames(&two.unwrap().gif), 3);
    assert_eq!(replays.drawn(), 2);

    // With the queue drawn, the refused request gets its turn.
    let three = replays.draw(&snapshots[2], options(&snapshots[2]));
    let three = three.expect("room again").wait().await.unwrap();
    assert_eq!(frames(&three.gif), 4);

    // The refusal is ephemeral and in every language.
    for lang in Lang::ALL {
        let refusal = present::refusal(lang, &UserError::ReplaysBusy);
        assert!(refusal.ephemeral);
        assert!(!refusal.content.is_empty());
        assert!(refusal.files.is_empty());
    }
}

#[sqlx::test(migrations = "../migrations")]
async fn the_replay_cache_is_bounded_in_entries_and_bytes(pool: PgPool) {
    let (svc, _) = service(&pool);
    let snapshots = played(&svc, 3).await;
    let data = &snapshots[2];
    let limits = ReplayLimits {
        entries: 2,
        ..ReplayLimits::default()
    };
    let replays = Replays::new(limits).expect("a thread");
    let draw = |options: ReplayOptions, data: &ReplayData| {
        let pending = replays.draw(data, options).expect("admitted");
        async move { pending.wait().await.expect("drawn") }
    };
    let ann = draw(named(data, "Ann"), data).await;
    draw(named(data, "Amy"), data).await;
    // Ann's is used again, so Amy's is the least recently used when a third comes.
    draw(named(data, "Ann"), data).await;
    draw(named(data, "Ada"), data).await;
    assert_eq!(replays.drawn(), 3);
    assert_eq!(replays.kept().0, 2);
    assert!(Arc::ptr_eq(&draw(named(data, "Ann"), data).await, &ann));
    assert_eq!(replays.drawn(), 3, "Ann's was kept");
    draw(named(data, "Amy"), data).await;
    assert_eq!(replays.drawn(), 4, "Amy's was dropped and drawn again");

    // A later ply of a game replaces its earlier ones.
    let fresh = Replays::new(ReplayLimits::default()).expect("a thread");
    for data in &snapshots {
        fresh
            .draw(data, options(data))
            .expect("admitted")
            .wait()
            .await
            .expect("drawn");
    }
    assert_eq!(fresh.drawn(), 3);
    assert_eq!(fresh.kept().0, 1, "only the latest ply is kept");

    // A replay bigger than the byte limit is drawn and handed over, but not kept.
    let size = ann.gif.len();
    let small = Replays::new(ReplayLimits {
        bytes: size - 1,
        ..ReplayLimits::default()
    })
    .expect("a thread");
    let drawn = small
        .draw(data, named(data, "Ann"))
        .expect("admitted")
        .wait()
        .await
        .expect("drawn");
    assert_eq!(drawn.gif, ann.gif);
    assert_eq!(small.kept(), (0, 0));
}

#[sqlx::test(migrations = "../migrations")]
async fn a_replay_is_drawn_while_every_blocking_thread_is_busy(pool: PgPool) {
    let (svc, _) = service(&pool);
    let data = played(&svc, 2).await.pop().expect("two plies");
    let replays = Replays::new(ReplayLimits::default()).expect("a thread");
    // A runtime whose one blocking thread is taken (as by boards being drawn) until the
    // replay is done: a replay drawn on the blocking pool would wait for ever.
    let drawn = std::thread::spawn(move || {
        let runtime = tokio::runtime::Builder::new_current_thread()
            .max_blocking_threads(1)
            .build()
            .expect("a runtime");
        runtime.block_on(async {
            let (release, held) = std::sync::mpsc::channel::<()>();
            let busy = tokio::task::spawn_blocking(move || held.recv());
            let drawn = replays
                .draw(&data, options(&data))
                .expect("admitted")
                .wait()
                .await;
            release.send(()).expect("the blocking task waits");
            busy.await.expect("joined").expect("released");
            drawn
        })
    })
    .join()
    .expect("the test thread");
    assert_eq!(frames(&drawn.expect("drawn").gif), 3);
}

/// The `replay_gifs` rows: (held by a drawing, kept with a GIF).
async fn fleet_rows(pool: &PgPool) -> (i64, i64) {
    sqlx::query_as(
        "SELECT count(*) FILTER (WHERE gif IS NULL), count(*) FILTER (WHERE gif IS NOT NULL)
         FROM replay_gifs",
    )
    .fetch_one(pool)
    .await
    .expect("count the fleet's replays")
}

/// A drawer of one process of a fleet on `svc`'s database.
fn fleet_drawer(svc: &Service) -> Replays {
    Replays::new(ReplayLimits::default())
        .expect("a thread")
        .shared_by(svc)
}

/// Waits until the fleet's table has `rows` ([`fleet_rows`]): a hold taken, a GIF kept (the
/// process keeps it after handing it to its own requests).
async fn until_rows(pool: &PgPool, rows: (i64, i64)) {
    for _ in 0..1000 {
        if fleet_rows(pool).await == rows {
            return;
        }
        tokio::time::sleep(std::time::Duration::from_millis(10)).await;
    }
    panic!(
        "the fleet's replays are {:?}, not {rows:?}",
        fleet_rows(pool).await
    );
}

#[sqlx::test(migrations = "../migrations")]
async fn a_fleet_draws_each_replay_once_and_any_process_sends_it(pool: PgPool) {
    let (svc, _) = service(&pool);
    let snapshots = played(&svc, 5).await;
    let (data, later) = (&snapshots[3], &snapshots[4]);
    let one = fleet_drawer(&svc);
    let two = fleet_drawer(&svc);

    let drawn = one.draw(data, options(data)).expect("admitted");
    let drawn = drawn.wait().await.expect("drawn");
    // Kept for the fleet once the drawing is done: the other process sends that GIF.
    until_rows(&pool, (0, 1)).await;
    let taken = two.draw(data, options(data)).expect("admitted");
    let taken = taken.wait().await.expect("taken from the fleet");
    assert_eq!((one.drawn(), two.drawn()), (1, 0));
    assert_eq!(taken.gif, drawn.gif);
    assert_eq!((taken.frames, taken.plies), (drawn.frames, drawn.plies));
    assert_eq!(frames(&taken.gif), 5);
    // And keeps it itself from then on.
    let again = two.draw(data, options(data)).expect("admitted");
    assert!(matches!(again, PendingReplay::Kept(_)));

    // Another name in the header is another replay: drawn again, kept beside the first.
    let renamed = two.draw(data, named(data, "Alicia")).expect("admitted");
    renamed.wait().await.expect("drawn");
    assert_eq!(two.drawn(), 1);
    until_rows(&pool, (0, 2)).await;

    // A later ply replaces the game's older replays in the fleet's table.
    let next = one.draw(later, options(later)).expect("admitted");
    next.wait().await.expect("drawn");
    until_rows(&pool, (0, 1)).await;
    let plies: Vec<i32> = sqlx::query_scalar("SELECT plies FROM replay_gifs")
        .fetch_all(&pool)
        .await
        .expect("the kept plies");
    assert_eq!(plies, [5]);
}

#[sqlx::test(migrations = "../migrations")]
async fn a_replay_another_process_draws_is_waited_for_not_drawn_again(pool: PgPool) {
    let (svc, _) = service(&pool);
    let data = played(&svc, 3).await.pop().expect("three plies");
    let one = fleet_drawer(&svc);
    let two = fleet_drawer(&svc);

    // The first process holds the replay, its drawing held back.
    let paused = one.pause();
    let first = one.draw(&data, options(&data)).expect("admitted");
    until_rows(&pool, (1, 0)).await;
    // The second is asked meanwhile: it waits for the first's drawing.
    let second = two.draw(&data, options(&data)).expect("admitted");
    drop(paused);
    let (first, second) = tokio::join!(first.wait(), second.wait());
    let (first, second) = (first.expect("drawn"), second.expect("taken"));
    assert_eq!(
        (one.drawn(), two.drawn()),
        (1, 0),
        "drawn once in the fleet"
    );
    assert_eq!(first.gif, second.gif);
}

#[sqlx::test(migrations = "../migrations")]
async fn a_dead_processs_hold_runs_out_and_the_next_request_draws(pool: PgPool) {
    let (svc, _) = service(&pool);
    let data = played(&svc, 2).await.pop().expect("two plies");
    let replays = fleet_drawer(&svc);

    // A process took the hold, then died before keeping anything; its hold has run out.
    let paused = replays.pause();
    let pending = replays.draw(&data, options(&data)).expect("admitted");
    until_rows(&pool, (1, 0)).await;
    drop(paused);
    let drawn = pending.wait().await.expect("drawn");
    until_rows(&pool, (0, 1)).await;
    sqlx::query("UPDATE replay_gifs SET gif = NULL, frames = NULL, held_until = now() - interval '1 second'")
        .execute(&pool)
        .await
        .expect("a dead hold");
    let fresh = fleet_drawer(&svc);
    let again = fresh.draw(&data, options(&data)).expect("admitted");
    assert_eq!(again.wait().await.expect("drawn").gif, drawn.gif);
    assert_eq!(fresh.drawn(), 1, "the next request drew it");
}
