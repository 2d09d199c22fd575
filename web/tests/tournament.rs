//! A tournament's page: its table in the reader's language, not found for unknown tokens, a
//! `changed` event on its stream after each change the hub is told of, and, in a real headless
//! Chromium, the table updated in place (no reload) after a change.
//!
//! The browser test needs Debian's `chromium` and `chromium-driver` (`./test` installs them).

mod support;

use browser_test::Browser;
use halma_web::Hub;
use serde_json::Value;
use std::time::Duration;
use support::{Memory, Server};

fn serve() -> (Server, Hub, Memory) {
    let memory = Memory::default();
    memory
        .tournaments
        .lock()
        .expect("tournaments")
        .insert("fri".into(), support::tournament("Ana", 2));
    memory
        .servers
        .lock()
        .expect("servers")
        .insert("srv".into(), support::server("Board games", "std"));
    let hub = Hub::new(memory.clone());
    (Server::start(hub.clone(), 0), hub, memory)
}

async fn get(server: &Server, path: &str, language: &str) -> (u16, String) {
    let response = reqwest::Client::new()
        .get(server.url(path))
        .header("accept-language", language)
        .send()
        .await
        .expect("a response");
    let status = response.status().as_u16();
    (status, response.text().await.expect("text"))
}

#[tokio::test]
async fn the_page_shows_the_table_in_the_readers_language() {
    let (server, _hub, _memory) = serve();
    let (status, page) = get(&server, "/tournament/fri", "pl").await;
    assert_eq!(status, 200);
    assert!(page.contains("<html lang=\"pl\">"));
    assert!(page.contains("<h1>Friday &lt;Swiss&gt;</h1>"), "{page}");
    assert!(page.contains("Runda 2 z 3."), "{page}");
    assert!(page.contains("<td>1</td><td>Ana</td><td>1</td><td>1</td><td>½</td><td>1</td>"));
    let (status, missing) = get(&server, "/tournament/nope", "en").await;
    assert_eq!(status, 404);
    assert!(missing.contains("There is no such tournament page."));
    let (status, _) = get(&server, "/tournament/nope/events", "en").await;
    assert_eq!(status, 404);
    let (_, listing) = get(&server, "/server/srv", "en").await;
    assert!(
        listing.contains("href=\"../tournament/fri?lang=en\">Friday &lt;Swiss&gt;</a>"),
        "{listing}"
    );
}

#[tokio::test]
async fn a_change_is_announced_on_the_stream_and_the_page_is_loaded_anew() {
    let (server, hub, memory) = serve();
    let mut events = reqwest::get(server.url("/tournament/fri/events"))
        .await
        .expect("events");
    assert_eq!(events.status().as_u16(), 200);
    // Read the page first: the hub keeps it until told of a change.
    let (_, before) = get(&server, "/tournament/fri", "en").await;
    assert!(before.contains("<td>Ana</td>"));
    memory
        .tournaments
        .lock()
        .expect("tournaments")
        .insert("fri".into(), support::tournament("Dee", 3));
    let (_, kept) = get(&server, "/tournament/fri", "en").await;
    assert!(kept.contains("<td>Ana</td>"), "kept until told");
    hub.tournament_changed("fri");
    let mut text = String::new();
    while !text.contains("event: changed") {
        let chunk = tokio::time::timeout(Duration::from_secs(5), events.chunk())
            .await
            .expect("an event in time")
            .expect("the stream")
            .expect("more of the stream");
        text.push_str(&String::from_utf8_lossy(&chunk));
    }
    let (_, after) = get(&server, "/tournament/fri", "en").await;
    assert!(after.contains("<td>Dee</td>"), "{after}");
    assert!(after.contains("Round 3 of 3."));
}

#[tokio::test]
async fn the_table_updates_in_place_after_a_change() {
    let (server, hub, memory) = serve();
    let browser = Browser::start(1000, 800)
        .await
        .unwrap_or_else(|e| panic!("the browser tests need a browser: {e}"));
    browser
        .client
        .goto(&server.url("/tournament/fri?lang=de"))
        .await
        .expect("goto");
    let leader = "const c = document.querySelector('#tournament tbody tr td:nth-child(2)'); \
                  return c ? c.textContent : null;";
    assert_eq!(browser.js(leader).await.expect("the leader"), "Ana");
    // The stream is open once the page is live: then a change cannot be missed.
    browser
        .wait_for(
            "return document.readyState === 'complete' && window.halmaLive === true;",
            Duration::from_secs(30),
        )
        .await
        .expect("the page follows its stream");
    browser
        .js("window.sameDocument = true; return true;")
        .await
        .expect("a mark");
    memory
        .tournaments
        .lock()
        .expect("tournaments")
        .insert("fri".into(), support::tournament("Dee", 3));
    hub.tournament_changed("fri");
    let took = browser
        .wait_for(
            "const c = document.querySelector('#tournament tbody tr td:nth-child(2)'); \
             return c !== null && c.textContent === 'Dee';",
            Duration::from_secs(10),
        )
        .await
        .expect("the new table");
    println!("the change showed after {took:?}");
    let status = browser
        .js("return document.querySelector('#tournament .status:nth-of-type(2)').textContent;")
        .await
        .expect("the status");
    assert_eq!(status, Value::String("Runde 3 von 3.".into()));
    let same = browser
        .js("return window.sameDocument === true;")
        .await
        .expect("the mark");
    assert_eq!(same, Value::Bool(true), "the page was reloaded");
    // On a phone the table fits the screen's width (it scrolls sideways rather than squeeze).
    browser
        .client
        .set_window_size(390, 700)
        .await
        .expect("a phone's size");
    let fits = browser
        .js("return document.documentElement.scrollWidth <= window.innerWidth;")
        .await
        .expect("the width");
    assert_eq!(
        fits,
        Value::Bool(true),
        "the page scrolls sideways on a phone"
    );
    browser
        .screenshot("tournament-page")
        .await
        .expect("a screenshot");
    browser.close().await;
}
