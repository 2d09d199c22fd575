//! The live pages' data through the service against a real PostgreSQL: every game has its own
//! token, a game is found by it, its snapshot replays what was played, and every committed
//! change reaches the open pages through the one change feed.

mod common;

use common::*;
use halma::{Position, Variant};
use halma_activity::pages::{follow_changes, Pages};
use halma_core::service::{FirstMover, SettingsChange};
use halma_core::Db;
use halma_web::{MessageKind, Reason, State};
use sqlx::PgPool;
use std::sync::Arc;

/// Alice goes by "Alice" in the test server, as a front end would say after her interaction;
/// Bob's name is not known.
async fn name_alice(svc: &halma_core::Service) {
    let seen = svc.saw_name(GUILD, ALICE, "Alice");
    svc.keep_names(seen.as_slice())
        .await
        .expect("keep the name");
}

/// Every channel is public.
fn everyone(_channel: u64) -> bool {
    true
}

#[sqlx::test(migrations = "../migrations")]
async fn every_game_has_an_unguessable_token(pool: PgPool) {
    let (svc, _clock) = service(&pool);
    let first = start(&svc, "small", FirstMover::Challenger).await.game;
    svc.abort(at(ALICE), false).await.expect("abort");
    let second = start(&svc, "small", FirstMover::Challenger).await.game;
    for token in [&first.web_token, &second.web_token] {
        assert!(token.len() >= 22, "{token}");
        assert!(
            token
                .bytes()
                .all(|b| b.is_ascii_alphanumeric() || b == b'-' || b == b'_'),
            "{token}"
        );
    }
    assert_ne!(first.web_token, second.web_token);
    let found = Db::new(pool.clone())
        .game_by_token(&second.web_token)
        .await
        .expect("read")
        .expect("the game");
    assert_eq!(found.id, second.id);
}

#[sqlx::test(migrations = "../migrations")]
async fn a_played_game_replays_on_its_page(pool: PgPool) {
    let (svc, _clock) = service(&pool);
    let game = start(&svc, "small", FirstMover::Challenger).await.game;
    name_alice(&svc).await;
    play_text(&svc, at(ALICE), "g3", "g4")
        .await
        .expect("a move");
    let last = play_text(&svc, at(BOB), "b6", "b5").await.expect("a move");
    let page = svc
        .web()
        .game_page(&game.web_token)
        .await
        .expect("loads")
        .expect("the game's page");
    assert_eq!(page.variant, "small");
    // The page names the players, and Bob (whose name is not known) by his seat, in its
    // reader's language.
    assert_eq!(page.title, "");
    assert_eq!(page.players[0].name.as_deref(), Some("Alice"));
    assert_eq!(page.players[1].name, None);
    assert_eq!(page.start, Position::start(Variant::Small).to_string());
    assert_eq!(page.plies.len(), 2);
    assert_eq!(page.plies[0].path, ["g3", "g4"]);
    assert_eq!(page.plies[1].seat, 'b');
    assert_eq!(page.plies[1].position, last.game.position.to_string());
    assert_eq!(page.to_move, Some('a'));
    assert_eq!(page.status.state, State::Playing);
    assert_eq!(
        page.deadline_ms,
        last.game.turn_deadline.map(|d| d.timestamp_millis())
    );

    svc.resign(at(BOB)).await.expect("resign");
    let page = svc
        .web()
        .game_page(&game.web_token)
        .await
        .expect("loads")
        .expect("the game's page");
    assert_eq!(page.status.state, State::Won);
    assert_eq!(page.status.winners, ['a']);
    assert_eq!(page.status.reason, Some(Reason::Resigned));
    assert_eq!((page.to_move, page.deadline_ms), (None, None));
}

#[sqlx::test(migrations = "../migrations")]
async fn an_unknown_token_has_no_page(pool: PgPool) {
    let (svc, _clock) = service(&pool);
    start(&svc, "small", FirstMover::Challenger).await;
    let page = svc
        .web()
        .game_page("AAAAAAAAAAAAAAAAAAAAAA")
        .await
        .expect("loads");
    assert!(page.is_none());
}

/// The next message of `sub`, within a second.
async fn within_a_second(sub: &mut halma_web::Subscription) -> std::sync::Arc<halma_web::Message> {
    tokio::time::timeout(std::time::Duration::from_secs(1), sub.next())
        .await
        .expect("a message within a second")
        .expect("the feed is open")
}

#[sqlx::test(migrations = "../migrations")]
async fn every_committed_change_reaches_open_pages(pool: PgPool) {
    let (svc, _clock) = service(&pool);
    let sight = Arc::new(halma_core::sight::Sight::default());
    sight.set(Arc::new(halma_core::sight::Everything));
    let pages = Pages::new(svc.clone(), sight);
    let hub = halma_web::Hub::new(pages.clone());
    let feed = tokio::spawn(follow_changes(
        Db::new(pool.clone()),
        hub.clone(),
        pages,
        None,
    ));
    let game = start(&svc, "small", FirstMover::Challenger).await.game;
    name_alice(&svc).await;
    let mut sub = hub.subscribe(&game.web_token).await.expect("the page");
    let first = within_a_second(&mut sub).await;
    assert_eq!(first.kind, MessageKind::Snapshot);
    assert!(
        first.data.contains("\"name\":\"Alice\"") && first.data.contains("\"name\":null"),
        "{}",
        first.data
    );
    // Let the feed start listening before the first change.
    tokio::time::sleep(std::time::Duration::from_millis(300)).await;

    let played = std::time::Instant::now();
    play_text(&svc, at(ALICE), "g3", "g4")
        .await
        .expect("a move");
    let moved = within_a_second(&mut sub).await;
    let delivery = played.elapsed();
    assert_eq!(moved.kind, MessageKind::Move);
    assert!(moved.data.contains("\"g4\""), "{}", moved.data);
    eprintln!("a move reached the open page {delivery:?} after it was played");

    // A game's end without a move goes out as a whole snapshot.
    svc.resign(at(BOB)).await.expect("resign");
    let ended = within_a_second(&mut sub).await;
    assert_eq!(ended.kind, MessageKind::Snapshot);
    assert!(ended.data.contains("\"won\""), "{}", ended.data);
    assert!(
        ended.data.contains("\"reason\":\"resigned\""),
        "{}",
        ended.data
    );
    feed.abort();
}

#[sqlx::test(migrations = "../migrations")]
async fn a_server_page_only_after_web_on(pool: PgPool) {
    let (svc, _clock) = service(&pool);
    let game = start(&svc, "small", FirstMover::Challenger).await.game;
    name_alice(&svc).await;
    assert!(svc
        .web()
        .server_page(GUILD, &everyone)
        .await
        .expect("loads")
        .is_none());
    let web_on = SettingsChange {
        web_pages: Some(true),
        ..SettingsChange::default()
    };
    assert!(
        svc.settings().apply(GUILD, false, &web_on).await.is_err(),
        "Manage Server only"
    );
    assert!(svc
        .web()
        .server_page(GUILD, &everyone)
        .await
        .expect("loads")
        .is_none());
    let shown = svc
        .settings()
        .apply(GUILD, true, &web_on)
        .await
        .expect("web:on");
    assert!(shown.web_pages);
    let page = svc
        .web()
        .server_page(GUILD, &everyone)
        .await
        .expect("loads")
        .expect("the server's page");
    assert_eq!(page.games.len(), 1);
    assert_eq!(page.games[0].token, game.web_token);
    let players: Vec<Option<&str>> = page.games[0]
        .players
        .iter()
        .map(|p| p.name.as_deref())
        .collect();
    assert_eq!(players, [Some("Alice"), None]);
    assert!(page.leaderboards.is_empty(), "no rated game yet");
    // A game in a channel not everyone can see is not listed.
    let hidden = svc
        .web()
        .server_page(GUILD, &|channel| channel != game.channel)
        .await
        .expect("loads")
        .expect("the server's page");
    assert!(
        hidden.games.is_empty(),
        "a private channel's game is hidden"
    );

    play_text(&svc, at(ALICE), "g3", "g4")
        .await
        .expect("a move");
    play_text(&svc, at(BOB), "b6", "b5").await.expect("a move");
    svc.resign(at(BOB)).await.expect("resign");
    let page = svc
        .web()
        .server_page(GUILD, &everyone)
        .await
        .expect("loads")
        .expect("the server's page");
    assert!(page.games.is_empty());
    assert_eq!(page.leaderboards.len(), 1);
    assert_eq!(page.leaderboards[0].variant, "small");
    assert_eq!(page.leaderboards[0].rows[0].name.as_deref(), Some("Alice"));
    // A member with no name kept is neither named nor shown by their id.
    let shown: Vec<Option<&str>> = page.leaderboards[0]
        .rows
        .iter()
        .map(|r| r.name.as_deref())
        .collect();
    assert_eq!(shown.len(), 2, "{shown:?}");
    assert!(shown.contains(&None), "{shown:?}");
    assert!(
        !shown.iter().flatten().any(|n| n.contains(&BOB.to_string())),
        "{shown:?}"
    );
    assert!(svc
        .web()
        .server_page(GUILD + 1, &everyone)
        .await
        .expect("loads")
        .is_none());

    let web_off = SettingsChange {
        web_pages: Some(false),
        ..SettingsChange::default()
    };
    svc.settings()
        .apply(GUILD, true, &web_off)
        .await
        .expect("web:off");
    assert!(svc
        .web()
        .server_page(GUILD, &everyone)
        .await
        .expect("loads")
        .is_none());
}
