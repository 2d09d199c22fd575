//! The hub's tests: one load per game however many pages, order, lag, gaps, shutdown.

use super::*;
use halma::{Game, Options, Position, Seat, Variant};
use halma_snapshot::Player;
use std::sync::atomic::AtomicUsize;
use tokio::sync::Semaphore;

/// A source over fixed games that counts its loads; with a gate, loads wait for a permit.
struct Counting {
    games: HashMap<String, GameSnapshot>,
    loads: AtomicUsize,
    gate: Option<Arc<Semaphore>>,
}

impl Source for Arc<Counting> {
    async fn game(&self, token: &str) -> Option<GameSnapshot> {
        self.loads.fetch_add(1, Ordering::SeqCst);
        if let Some(gate) = &self.gate {
            let _permit = gate.acquire().await.ok()?;
        }
        self.games.get(token).cloned()
    }

    async fn server(&self, key: &str) -> Option<ServerSnapshot> {
        self.loads.fetch_add(1, Ordering::SeqCst);
        (key == "srv").then(|| ServerSnapshot {
            name: "A server".into(),
            leaderboards: Vec::new(),
            games: Vec::new(),
            tournaments: Vec::new(),
        })
    }
}

fn small_game(moves: &[&str]) -> GameSnapshot {
    let variant = Variant::Small;
    let mut game = Game::new(Position::start(variant), Options::for_variant(variant));
    for m in moves {
        game.play(&m.parse().expect("move text")).expect("legal");
    }
    let players = vec![Player::new(Seat::A, "Ana"), Player::new(Seat::B, "Bo")];
    GameSnapshot::from_game("Ana vs Bo", players, &game)
}

/// The update for the last of `moves`, played after the others.
fn ply_update(moves: &[&str]) -> Update {
    Update::Ply(small_game(moves).last_ply_update().expect("a ply"))
}

fn source(gate: Option<Arc<Semaphore>>) -> Arc<Counting> {
    Arc::new(Counting {
        games: HashMap::from([("g1".to_string(), small_game(&["g3-g4"]))]),
        loads: AtomicUsize::new(0),
        gate,
    })
}

fn hub(source: &Arc<Counting>, capacity: usize) -> Hub {
    let settings = HubSettings {
        capacity,
        ..HubSettings::default()
    };
    Hub::with_settings(source.clone(), settings)
}

fn plies_in(message: &Message) -> usize {
    let value: serde_json::Value = serde_json::from_str(&message.data).expect("json");
    value["plies"].as_array().map_or(0, Vec::len)
}

#[tokio::test]
async fn many_pages_share_one_load() {
    let gate = Arc::new(Semaphore::new(0));
    let src = source(Some(gate.clone()));
    let hub = hub(&src, 8);
    let pages: Vec<_> = (0..100)
        .map(|_| {
            let hub = hub.clone();
            tokio::spawn(async move { hub.subscribe("g1").await })
        })
        .collect();
    tokio::task::yield_now().await;
    gate.add_permits(1000);
    let mut seqs = Vec::new();
    for page in pages {
        let mut sub = page.await.expect("task").expect("a game");
        seqs.push(sub.next().await.expect("the snapshot").seq);
    }
    assert_eq!(src.loads.load(Ordering::SeqCst), 1);
    assert!(seqs.iter().all(|&s| s == seqs[0]));
    assert_eq!(hub.loaded_games(), 1);
}

#[tokio::test]
async fn pages_get_each_ply_and_new_pages_the_latest_game() {
    let src = source(None);
    let hub = hub(&src, 8);
    let mut sub = hub.subscribe("g1").await.expect("a game");
    let first = sub.next().await.expect("the snapshot");
    assert_eq!((first.kind, plies_in(&first)), (MessageKind::Snapshot, 1));
    hub.publish("g1", ply_update(&["g3-g4", "b6-b5"]));
    // The same ply again changes nothing.
    hub.publish("g1", ply_update(&["g3-g4", "b6-b5"]));
    hub.publish("g1", ply_update(&["g3-g4", "b6-b5", "g4-g5"]));
    let second = sub.next().await.expect("a move");
    assert_eq!(second.kind, MessageKind::Move);
    assert!(second.data.contains("\"number\":2"));
    let third = sub.next().await.expect("a move");
    assert!(third.data.contains("\"number\":3") && third.seq > second.seq);
    let mut late = hub.subscribe("g1").await.expect("a game");
    let snapshot = late.next().await.expect("the snapshot");
    assert_eq!((plies_in(&snapshot), snapshot.seq), (3, third.seq));
    assert_eq!(src.loads.load(Ordering::SeqCst), 1);
}

#[tokio::test]
async fn a_page_that_falls_behind_gets_a_fresh_snapshot() {
    let src = source(None);
    let hub = hub(&src, 2);
    let mut sub = hub.subscribe("g1").await.expect("a game");
    sub.next().await.expect("the snapshot");
    let moves = ["g3-g4", "b6-b5", "g4-g5", "b5-b4", "f2-f3", "c7-c6"];
    for n in 2..=moves.len() {
        hub.publish("g1", ply_update(&moves[..n]));
    }
    let caught_up = sub.next().await.expect("a snapshot");
    assert_eq!(caught_up.kind, MessageKind::Snapshot);
    assert_eq!(plies_in(&caught_up), moves.len());
}

#[tokio::test]
async fn unknown_games_are_not_kept() {
    let src = source(None);
    let hub = hub(&src, 8);
    assert!(hub.subscribe("nope").await.is_none());
    assert!(hub.peek("nope", |_| ()).await.is_none());
    assert!(hub.subscribe("nope").await.is_none());
    assert_eq!(
        src.loads.load(Ordering::SeqCst),
        1,
        "an unknown token is loaded once"
    );
    assert_eq!(hub.loaded_games(), 0);
    assert!(hub.games().is_empty(), "nothing kept for it");
    hub.forget_missing("nope");
    assert!(hub.peek("nope", |_| ()).await.is_none());
    assert_eq!(
        src.loads.load(Ordering::SeqCst),
        2,
        "asked again once forgotten"
    );
}

#[tokio::test]
async fn many_unknown_tokens_are_remembered_in_a_bounded_cache() {
    let src = source(None);
    let settings = HubSettings {
        missing: 16,
        ..HubSettings::default()
    };
    let hub = Hub::with_settings(src.clone(), settings);
    for n in 0..100 {
        assert!(hub.peek(&format!("t{n}"), |_| ()).await.is_none());
    }
    assert_eq!(hub.inner.missing_games.len(), 16);
    assert!(hub.peek("t99", |_| ()).await.is_none());
    assert_eq!(
        src.loads.load(Ordering::SeqCst),
        100,
        "the recent ones cost nothing"
    );
}

#[tokio::test]
async fn a_ply_published_while_loading_is_not_lost() {
    let gate = Arc::new(Semaphore::new(0));
    let src = source(Some(gate.clone()));
    let hub = hub(&src, 8);
    let page = tokio::spawn({
        let hub = hub.clone();
        async move { hub.subscribe("g1").await }
    });
    while src.loads.load(Ordering::SeqCst) == 0 {
        tokio::task::yield_now().await;
    }
    hub.publish("g1", ply_update(&["g3-g4", "b6-b5"]));
    gate.add_permits(1);
    let mut sub = page.await.expect("task").expect("a game");
    assert_eq!(plies_in(&sub.next().await.expect("the snapshot")), 2);
}

#[tokio::test]
async fn a_missing_ply_drops_the_game_and_pages_reload_it() {
    let src = source(None);
    let hub = hub(&src, 8);
    let mut sub = hub.subscribe("g1").await.expect("a game");
    sub.next().await.expect("the snapshot");
    hub.publish("g1", ply_update(&["g3-g4", "b6-b5", "g4-g5"]));
    assert!(sub.next().await.is_none());
    let mut again = hub.subscribe("g1").await.expect("a game");
    assert_eq!(plies_in(&again.next().await.expect("the snapshot")), 1);
    assert_eq!(src.loads.load(Ordering::SeqCst), 2);
}

#[tokio::test]
async fn a_reconnecting_page_that_missed_nothing_gets_no_snapshot() {
    let src = source(None);
    let hub = hub(&src, 8);
    let seen = hub.subscribe("g1").await.expect("a game").start_seq();
    let mut sub = hub.subscribe("g1").await.expect("a game");
    sub.resume_after(seen);
    hub.publish("g1", ply_update(&["g3-g4", "b6-b5"]));
    assert_eq!(sub.next().await.expect("a move").kind, MessageKind::Move);
}

#[tokio::test]
async fn closing_ends_every_feed() {
    let src = source(None);
    let hub = hub(&src, 8);
    let mut sub = hub.subscribe("g1").await.expect("a game");
    sub.next().await.expect("the snapshot");
    hub.close();
    assert!(sub.next().await.is_none());
}

#[tokio::test]
async fn server_pages_are_loaded_once_in_a_while() {
    let src = source(None);
    let hub = hub(&src, 8);
    for _ in 0..5 {
        assert_eq!(hub.server("srv").await.expect("a server").name, "A server");
        assert!(hub.server("other").await.is_none());
    }
    assert_eq!(src.loads.load(Ordering::SeqCst), 2);
    assert_eq!(
        hub.inner.servers.len(),
        1,
        "unknown keys are not kept among the pages"
    );
    hub.forget_server("srv");
    hub.server("srv").await.expect("a server");
    assert_eq!(src.loads.load(Ordering::SeqCst), 3);
    hub.forget_server("other");
    assert!(hub.server("other").await.is_none());
    assert_eq!(
        src.loads.load(Ordering::SeqCst),
        4,
        "a server turned on is seen at once"
    );
}

#[tokio::test]
async fn the_latest_snapshot_goes_out_as_a_ply_when_it_can() {
    let src = source(None);
    let hub = hub(&src, 8);
    assert!(!hub.watches("g1"));
    hub.publish_latest("g1", small_game(&["g3-g4", "b6-b5"]));
    assert_eq!(hub.loaded_games(), 0, "a game nobody watches is not kept");
    let mut sub = hub.subscribe("g1").await.expect("a known game");
    assert!(hub.watches("g1"));
    assert_eq!(hub.watched(), ["g1"]);
    sub.next().await.expect("the snapshot");
    hub.publish_latest("g1", small_game(&["g3-g4", "b6-b5"]));
    let next = sub.next().await.expect("a move");
    assert_eq!(next.kind, MessageKind::Move);
    // Two plies at once, or anything else that changed, go out whole.
    hub.publish_latest("g1", small_game(&["g3-g4", "b6-b5", "g4-g5", "b5-b4"]));
    let next = sub.next().await.expect("a snapshot");
    assert_eq!((next.kind, plies_in(&next)), (MessageKind::Snapshot, 4));
    assert_eq!(src.loads.load(Ordering::SeqCst), 1);
}
