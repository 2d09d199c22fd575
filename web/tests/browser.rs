//! The game page in a real headless Chromium: the board shows the snapshot, live updates
//! arrive without a reload, the controls step through the game, names stay text, every
//! variant draws its board, the page recovers after a server restart, and the board can be
//! followed by keyboard and screen reader (named squares, a live log of the moves).
//!
//! These tests need Debian's `chromium` and `chromium-driver`; without them they fail and
//! say so (`./test` installs them).

mod support;

use browser_test::fantoccini::key::Key;
use browser_test::fantoccini::Locator;
use browser_test::Browser;
use halma::{Position, Seat, Variant};
use halma_web::{Hub, Player, Reason, Status, Update};
use serde_json::Value;
use std::collections::HashMap;
use std::time::Duration;
use support::{
    pieces, play, snapshot, square_names, Memory, Server, FOUR_MOVES, STANDARD_MOVES, STAR6_MOVES,
};

/// How long the first snapshot may take to show (a cold browser on a busy machine).
const LOAD: Duration = Duration::from_secs(30);

async fn browser() -> Browser {
    Browser::start(1200, 900)
        .await
        .unwrap_or_else(|e| panic!("the browser tests need a browser: {e}"))
}

/// Waits until the board shows ply `ply`.
async fn wait_ply(browser: &Browser, ply: usize, timeout: Duration) -> Duration {
    browser.wait_ply(ply, timeout).await.expect("the ply")
}

/// What the board shows: square name -> seat letter of the piece on it.
async fn board_pieces(browser: &Browser) -> HashMap<String, char> {
    browser.board_pieces().await.expect("pieces")
}

async fn data_ply(browser: &Browser) -> String {
    let value = browser
        .js("return document.getElementById('board').getAttribute('data-ply');")
        .await
        .expect("data-ply");
    value.as_str().unwrap_or_default().to_string()
}

/// Presses `key` on the page's body.
async fn press(browser: &Browser, key: Key) {
    let body = browser
        .client
        .find(Locator::Css("body"))
        .await
        .expect("body");
    body.send_keys(&key.to_string()).await.expect("a key press");
}

#[tokio::test]
async fn the_board_shows_the_game_and_steps_through_it() {
    let game = play(Variant::Standard, &STANDARD_MOVES);
    let memory = Memory::default();
    memory.with_game("std", snapshot(Variant::Standard, &STANDARD_MOVES));
    let server = Server::start(Hub::new(memory), 0);
    let browser = browser().await;
    browser
        .client
        .goto(&server.url("/game/std"))
        .await
        .expect("goto");
    wait_ply(&browser, 5, LOAD).await;
    assert_eq!(board_pieces(&browser).await, pieces(game.position()));
    browser
        .screenshot("standard-2p")
        .await
        .expect("a screenshot");

    // On a phone the controls stay large enough to touch.
    browser
        .client
        .set_window_size(390, 844)
        .await
        .expect("a phone's size");
    let heights = browser
        .js(
            "return [...document.querySelectorAll('.nav button, .nav input')] \
                 .map((b) => b.getBoundingClientRect().height);",
        )
        .await
        .expect("heights");
    let heights: Vec<f64> = heights
        .as_array()
        .map(|a| a.iter().filter_map(Value::as_f64).collect())
        .unwrap_or_default();
    assert_eq!(heights.len(), 5);
    assert!(heights.iter().all(|&h| h >= 40.0), "{heights:?}");
    let width = browser
        .js("return document.documentElement.scrollWidth <= window.innerWidth;")
        .await
        .expect("width");
    assert_eq!(width, Value::Bool(true), "the page is wider than the phone");
    browser
        .screenshot("standard-2p-phone")
        .await
        .expect("a screenshot");

    // Back one ply with the button: the last move (o5-m3) is undone.
    let prev = browser
        .client
        .find(Locator::Id("prev"))
        .await
        .expect("prev");
    prev.click().await.expect("click");
    assert_eq!(data_ply(&browser).await, "4");
    let shown = board_pieces(&browser).await;
    assert_eq!((shown.get("o5"), shown.get("m3")), (Some(&'a'), None));

    // The arrow keys.
    press(&browser, Key::Left).await;
    assert_eq!(data_ply(&browser).await, "3");
    press(&browser, Key::Right).await;
    press(&browser, Key::Right).await;
    assert_eq!(data_ply(&browser).await, "5");
    assert_eq!(board_pieces(&browser).await, pieces(game.position()));

    // The slider: to the start, where the pieces are the start position's.
    let slider = browser
        .client
        .find(Locator::Id("slider"))
        .await
        .expect("slider");
    slider
        .send_keys(&Key::Home.to_string())
        .await
        .expect("home");
    assert_eq!(data_ply(&browser).await, "0");
    let start = Position::start(Variant::Standard);
    assert_eq!(board_pieces(&browser).await, pieces(&start));
    slider
        .send_keys(&Key::Right.to_string())
        .await
        .expect("right");
    assert_eq!(data_ply(&browser).await, "1");

    // The move list: ply 3.
    let third = browser
        .client
        .find(Locator::Css("#moves [data-to='3']"))
        .await
        .expect("ply 3");
    third.click().await.expect("click");
    assert_eq!(data_ply(&browser).await, "3");
    browser.close().await;
}

#[tokio::test]
async fn a_published_move_shows_without_a_reload_within_a_second() {
    let memory = Memory::default();
    memory.with_game("live", snapshot(Variant::Standard, &STANDARD_MOVES));
    let hub = Hub::new(memory);
    let server = Server::start(hub.clone(), 0);
    let browser = browser().await;
    browser
        .client
        .goto(&server.url("/game/live"))
        .await
        .expect("goto");
    wait_ply(&browser, 5, LOAD).await;
    browser
        .js("window.sameDocument = true; return true;")
        .await
        .expect("a mark");

    let moves = [&STANDARD_MOVES[..], &["e14-e13"]].concat();
    let next = snapshot(Variant::Standard, &moves);
    hub.publish("live", Update::Ply(next.last_ply_update().expect("a ply")));
    let took = wait_ply(&browser, 6, Duration::from_secs(1)).await;
    println!("the move showed after {took:?}");
    let shown = board_pieces(&browser).await;
    assert_eq!((shown.get("e13"), shown.get("e14")), (Some(&'b'), None));
    assert_eq!(shown, pieces(play(Variant::Standard, &moves).position()));
    let same = browser
        .js("return window.sameDocument === true;")
        .await
        .expect("the mark");
    assert_eq!(same, Value::Bool(true), "the page was reloaded");
    browser.close().await;
}

#[tokio::test]
async fn a_finished_game_stays_viewable() {
    let game = play(Variant::Small, &["g3-g4", "b6-b5"]);
    let mut finished = snapshot(Variant::Small, &["g3-g4", "b6-b5"]).with_deadline(Some(1));
    finished.set_status(Status::aborted(Some(Reason::Agreement)), game.position());
    let memory = Memory::default();
    memory.with_game("done", finished);
    let server = Server::start(Hub::new(memory), 0);
    let browser = browser().await;
    browser
        .client
        .goto(&server.url("/game/done"))
        .await
        .expect("goto");
    wait_ply(&browser, 2, LOAD).await;
    let page = browser
        .js("return [document.getElementById('status').textContent, \
                     document.getElementById('clock').hidden];")
        .await
        .expect("the page");
    assert_eq!(page, serde_json::json!(["Aborted (by agreement)", true]));
    press(&browser, Key::Home).await;
    assert_eq!(data_ply(&browser).await, "0");
    press(&browser, Key::End).await;
    assert_eq!(data_ply(&browser).await, "2");
    browser.close().await;
}

#[tokio::test]
async fn an_unknown_game_is_not_found() {
    let server = Server::start(Hub::new(Memory::default()), 0);
    let response = reqwest::get(server.url("/game/nothing-here"))
        .await
        .expect("a response");
    assert_eq!(response.status(), 404);
    let browser = browser().await;
    browser
        .client
        .goto(&server.url("/game/nothing-here"))
        .await
        .expect("goto");
    let heading = browser.client.find(Locator::Css("h1")).await.expect("h1");
    assert_eq!(heading.text().await.expect("text"), "Not found");
    browser.close().await;
}

#[tokio::test]
async fn a_name_that_is_a_script_shows_as_text() {
    let evil = "<script>alert(1)</script>";
    let mut game = snapshot(Variant::Small, &["g3-g4"]);
    game.title = format!("{evil} vs Bo");
    game.players[0] = Player::new(Seat::A, evil);
    let memory = Memory::default();
    memory.with_game("evil", game);
    let server = Server::start(Hub::new(memory), 0);
    let browser = browser().await;
    browser
        .client
        .goto(&server.url("/game/evil"))
        .await
        .expect("goto");
    wait_ply(&browser, 1, LOAD).await;
    // An alert would be open now; WebDriver says when there is none.
    assert!(
        browser.client.get_alert_text().await.is_err(),
        "an alert ran"
    );
    let found = browser
        .js(
            "return { name: document.querySelector('[data-player=\"a\"] .name').textContent, \
                      title: document.getElementById('title').textContent, \
                      info: document.getElementById('plyinfo').textContent, \
                      scripts: document.scripts.length };",
        )
        .await
        .expect("the page");
    assert_eq!(found["name"], evil);
    assert_eq!(found["title"], format!("{evil} vs Bo"));
    assert!(found["info"].as_str().is_some_and(|t| t.contains(evil)));
    assert_eq!(found["scripts"], 1, "only the page's own script");
    browser.close().await;
}

#[tokio::test]
async fn every_variant_draws_its_board_and_pieces() {
    let cases: [(Variant, &[&str], usize, usize); 10] = [
        (Variant::Standard, &[], 256, 38),
        (Variant::Three, &[], 256, 39),
        (Variant::Four, &FOUR_MOVES, 256, 52),
        (Variant::FourTeams, &[], 256, 52),
        (Variant::Ig10, &[], 100, 30),
        (Variant::Small, &[], 64, 20),
        (Variant::Star2, &[], 121, 20),
        (Variant::Star3, &[], 121, 30),
        (Variant::Star4, &[], 121, 40),
        (Variant::Star6, &STAR6_MOVES, 121, 60),
    ];
    let memory = Memory::default();
    for (variant, moves, _, _) in cases {
        memory.with_game(variant.name(), snapshot(variant, moves));
    }
    let server = Server::start(Hub::new(memory), 0);
    let browser = browser().await;
    for (variant, moves, squares, pieces_count) in cases {
        browser
            .client
            .goto(&server.url(&format!("/game/{}", variant.name())))
            .await
            .expect("goto");
        wait_ply(&browser, moves.len(), LOAD).await;
        let counts = browser
            .js(
                "return [document.querySelectorAll('[data-square]').length, \
                         document.querySelectorAll('[data-square] [data-seat]').length];",
            )
            .await
            .expect("counts");
        assert_eq!(
            counts,
            serde_json::json!([squares, pieces_count]),
            "{variant}"
        );
        assert_eq!(
            board_pieces(&browser).await,
            pieces(play(variant, moves).position()),
            "{variant}"
        );
        if matches!(variant, Variant::Star6 | Variant::Four) {
            browser
                .screenshot(variant.name())
                .await
                .expect("a screenshot");
        }
    }
    browser.close().await;
}

#[tokio::test]
async fn the_page_shows_the_fresh_game_after_a_server_restart() {
    let memory = Memory::default();
    memory.with_game("again", snapshot(Variant::Small, &["g3-g4"]));
    let server = Server::start(Hub::new(memory.clone()), 0);
    let port = server.addr.port();
    let browser = browser().await;
    browser
        .client
        .goto(&server.url("/game/again"))
        .await
        .expect("goto");
    wait_ply(&browser, 1, LOAD).await;

    // The game goes on while the server is down; the new server loads it afresh.
    server.stop();
    memory.with_game(
        "again",
        snapshot(Variant::Small, &["g3-g4", "b6-b5", "g4-g5"]),
    );
    let _server = Server::start(Hub::new(memory), port);
    let took = wait_ply(&browser, 3, Duration::from_secs(10)).await;
    println!("the page caught up {took:?} after the restart");
    assert_eq!(
        board_pieces(&browser).await,
        pieces(play(Variant::Small, &["g3-g4", "b6-b5", "g4-g5"]).position())
    );
    browser.close().await;
}

/// The focused square and its name; none when the focus is off the board.
async fn focused(browser: &Browser) -> Option<(String, String)> {
    browser.focused_square().await.expect("the focus")
}

/// Presses `keys` on whatever has the focus.
async fn keys(browser: &Browser, keys: &[Key]) {
    browser.press(keys).await.expect("key presses");
}

/// Whether the board's focus ring is shown, on the square `name`.
async fn ring_on(browser: &Browser, name: &str) -> bool {
    let script = format!(
        "const ring = document.querySelector('#board .focus-ring'); \
         const cell = document.querySelector(\"[data-square='{name}']\"); \
         if (!ring || !cell || getComputedStyle(ring).display === 'none') return false; \
         const a = ring.getBoundingClientRect(), b = cell.getBoundingClientRect(); \
         return Math.abs((a.left + a.right) - (b.left + b.right)) < 2 && \
                Math.abs((a.top + a.bottom) - (b.top + b.bottom)) < 2;"
    );
    browser.js(&script).await.expect("the ring") == Value::Bool(true)
}

#[tokio::test]
async fn the_board_is_one_tab_stop_named_square_by_square_and_its_moves_are_announced() {
    let moves = ["g3-g4", "b6-b5"];
    let memory = Memory::default();
    memory.with_game("keys", snapshot(Variant::Small, &moves));
    let hub = Hub::new(memory);
    let server = Server::start(hub.clone(), 0);
    let browser = browser().await;
    browser
        .client
        .goto(&server.url("/game/keys"))
        .await
        .expect("goto");
    wait_ply(&browser, 2, LOAD).await;
    let board = browser
        .js("const b = document.getElementById('board'); \
             return [b.getAttribute('role'), b.getAttribute('aria-readonly'), \
                     document.getElementById(b.getAttribute('aria-describedby')).textContent];")
        .await
        .expect("the board");
    assert_eq!(
        board,
        serde_json::json!([
            "grid",
            "true",
            "The arrow keys move over the board; each square says what stands on it."
        ])
    );
    let game = play(Variant::Small, &moves);
    assert_eq!(
        browser.square_names().await.expect("names"),
        square_names(game.position(), |_| None)
    );

    // The first Tab lands on the board's first square, with the ring on it; the arrows go
    // from square to square and leave the plies alone.
    assert_eq!(focused(&browser).await, None);
    keys(&browser, &[Key::Tab]).await;
    assert_eq!(
        focused(&browser).await,
        Some(("a8".into(), "a8, blue piece".into()))
    );
    assert!(ring_on(&browser, "a8").await, "the focus ring shows");
    keys(&browser, &browser_test::arrows("a8", "g4")).await;
    assert_eq!(
        focused(&browser).await,
        Some(("g4".into(), "g4, orange piece".into()))
    );
    assert!(ring_on(&browser, "g4").await);
    assert_eq!(
        data_ply(&browser).await,
        "2",
        "the arrows moved on the board"
    );
    keys(&browser, &[Key::Right, Key::Right]).await;
    assert_eq!(
        focused(&browser).await.map(|f| f.0),
        Some("h4".into()),
        "h is the last file"
    );
    keys(&browser, &[Key::Home]).await;
    assert_eq!(focused(&browser).await.map(|f| f.0), Some("a4".into()));
    keys(&browser, &[Key::End, Key::Left]).await;
    assert_eq!(focused(&browser).await.map(|f| f.0), Some("g4".into()));

    // One tab stop: the next Tab leaves the board for the first button; back comes the square.
    keys(&browser, &[Key::Tab]).await;
    assert_eq!(focused(&browser).await, None);
    let id = browser
        .js("return document.activeElement.id;")
        .await
        .expect("the focus");
    assert_eq!(id, "first");
    assert!(!ring_on(&browser, "g4").await, "no ring off the board");
    browser
        .press_with(Key::Shift, &[Key::Tab])
        .await
        .expect("shift tab");
    assert_eq!(focused(&browser).await.map(|f| f.0), Some("g4".into()));

    // A move from the stream is announced, and the names follow it.
    let announced_before = browser.announcements().await.expect("the log");
    assert!(
        announced_before.is_empty(),
        "the opening position is not announced"
    );
    let next = [&moves[..], &["g4-g5"]].concat();
    let after = snapshot(Variant::Small, &next);
    hub.publish("keys", Update::Ply(after.last_ply_update().expect("a ply")));
    browser
        .wait_announced("Player A: g4-g5", Duration::from_secs(10))
        .await
        .expect("the move announced");
    wait_ply(&browser, 3, Duration::from_secs(10)).await;
    assert_eq!(
        focused(&browser).await,
        Some(("g4".into(), "g4, empty".into()))
    );
    let position = play(Variant::Small, &next);
    assert_eq!(
        browser.square_names().await.expect("names"),
        square_names(position.position(), |_| None)
    );

    // So is the end of the game.
    let mut ended = after.clone();
    ended.set_status(
        Status::aborted(Some(Reason::Agreement)),
        position.position(),
    );
    hub.publish("keys", Update::Snapshot(ended));
    browser
        .wait_announced("Aborted (by agreement)", Duration::from_secs(10))
        .await
        .expect("the result announced");
    assert_eq!(
        browser.announcements().await.expect("the log"),
        ["Player A: g4-g5", "Aborted (by agreement)"]
    );
    let log = browser
        .js("const l = document.getElementById('announcements'); \
             return [l.getAttribute('role'), l.getAttribute('aria-live')];")
        .await
        .expect("the log");
    assert_eq!(log, serde_json::json!(["log", "polite"]));
    browser.close().await;
}

#[tokio::test]
async fn on_the_star_the_arrows_go_to_neighbouring_holes() {
    let memory = Memory::default();
    memory.with_game("star", snapshot(Variant::Star6, &STAR6_MOVES));
    let server = Server::start(Hub::new(memory), 0);
    let browser = browser().await;
    browser
        .client
        .goto(&server.url("/game/star"))
        .await
        .expect("goto");
    wait_ply(&browser, STAR6_MOVES.len(), LOAD).await;
    let game = play(Variant::Star6, &STAR6_MOVES);
    assert_eq!(
        browser.square_names().await.expect("names"),
        square_names(game.position(), |_| None)
    );
    // The tip first; down and down again keeps in line with it, eight rows down to the centre,
    // and Home and End go to the ends of the row there.
    keys(&browser, &[Key::Tab]).await;
    assert_eq!(focused(&browser).await.map(|f| f.0), Some("e17".into()));
    assert!(ring_on(&browser, "e17").await);
    let mut path = Vec::new();
    for _ in 0..8 {
        keys(&browser, &[Key::Down]).await;
        path.push(focused(&browser).await.expect("on the board").0);
    }
    assert_eq!(
        path,
        ["e16", "f15", "f14", "g13", "g12", "h11", "h10", "i9"]
    );
    keys(&browser, &[Key::Home]).await;
    let west = focused(&browser).await.expect("on the board").0;
    keys(&browser, &[Key::End]).await;
    let east = focused(&browser).await.expect("on the board").0;
    assert_eq!((west.as_str(), east.as_str()), ("e9", "m9"));

    // Back to the tip (Ctrl+Home): past the point's edge the focus stays; up from g15 goes
    // to its one upper neighbour, f16.
    browser
        .press_with(Key::Control, &[Key::Home])
        .await
        .expect("ctrl home");
    assert_eq!(focused(&browser).await.map(|f| f.0), Some("e17".into()));
    let mut path = Vec::new();
    for key in [
        Key::Down,
        Key::Down,
        Key::Right,
        Key::Right,
        Key::Up,
        Key::Left,
        Key::Up,
    ] {
        keys(&browser, &[key]).await;
        path.push(focused(&browser).await.expect("on the board").0);
    }
    assert_eq!(path, ["e16", "f15", "g15", "g15", "f16", "e16", "e17"]);
    browser.close().await;
}
