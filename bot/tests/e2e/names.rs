//! Names that survive a restart, in headless Chromium: two members play, the bot is killed and
//! started again, and the game's watch page still names them as they go by in the server (a
//! server nickname before the global name), from what the bot kept in the database; a member
//! who takes a new nickname is shown with it after their next interaction.
//!
//! Needs Debian's `chromium` and `chromium-driver`, like the web crate's browser tests.

use std::collections::HashSet;
use std::time::Duration;

use browser_test::Browser;
use halma::{Options, Position, Variant};
use serde_json::Value;

use crate::support::{free_addr, E2e};

/// How long the first snapshot may take to show (a cold browser on a busy machine).
const LOAD: Duration = Duration::from_secs(30);

/// The players' names the page shows, in seat order.
async fn shown_names(browser: &Browser) -> Vec<String> {
    let names = browser
        .js(
            "return Array.from(document.querySelectorAll('#players [data-player] .name')) \
                    .map((n) => n.textContent);",
        )
        .await
        .expect("the players");
    match names {
        Value::Array(names) => names
            .iter()
            .map(|n| n.as_str().unwrap_or_default().to_owned())
            .collect(),
        other => panic!("not a list of names: {other}"),
    }
}

/// Opens `url` afresh and waits for ply `ply`; the names it shows then.
async fn load(browser: &Browser, url: &str, ply: usize) -> Vec<String> {
    browser.client.goto(url).await.expect("the game page");
    browser.wait_ply(ply, LOAD).await.expect("the game's plies");
    shown_names(browser).await
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_watch_page_names_the_players_after_a_restart() {
    let web = free_addr();
    let public = format!("http://{web}");
    let mut e = E2e::start_with(
        "names",
        &[("WEB_ADDR", web.as_str()), ("PUBLIC_URL", public.as_str())],
    )
    .await;
    let alice = e.user("alice");
    // Bob goes by a nickname in the server: it comes before his global name ("bob").
    let bob = e.user("bob").with_nick("Bobby Tables");
    e.fake.add_user(&bob);
    let channel = e.channel("names");

    let challenge = e.challenge(&alice, &bob, &channel, "small").await;
    let started = e.click(&bob, &challenge, "Accept").await;
    let url = started
        .button("Watch")
        .and_then(|b| b.url.clone())
        .expect("the board links its page");
    let moves = ["g3-g4", "b6-b5"];
    e.move_(&alice, &channel, "g3", "g4").await;
    e.move_(&bob, &channel, "b6", "b5").await;

    // A new process knows nobody's name from memory.
    e.restart().await;
    let browser = Browser::start(1000, 800)
        .await
        .unwrap_or_else(|e| panic!("the names test needs a browser: {e}"));
    assert_eq!(load(&browser, &url, 2).await, ["alice", "Bobby Tables"]);

    // Alice takes a nickname; her next move is made under it, and the page names her so.
    let alice = alice.with_nick("Queen Alice");
    e.fake.add_user(&alice);
    let variant = Variant::Small;
    let options = Options::for_variant(variant);
    let mut game = halma::Game::new(Position::start(variant), options);
    for m in moves {
        game.play(&m.parse().expect("move text")).expect("legal");
    }
    let mv = crate::common::greedy(game.position(), &options, &HashSet::new());
    let played = e
        .move_(&alice, &channel, &mv.from.to_string(), &mv.to.to_string())
        .await;
    assert!(!played.ephemeral, "the move was played: {played:?}");
    // Once the open page shows the move, the page's latest snapshot was made after it.
    browser
        .wait_ply(3, LOAD)
        .await
        .expect("the move reaches the open page");
    assert_eq!(
        load(&browser, &url, 3).await,
        ["Queen Alice", "Bobby Tables"]
    );
    browser.close().await;
}
