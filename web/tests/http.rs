//! The router over HTTP, without a browser: status codes, security headers, escaping, the
//! event stream's first event and its resumption, and the page's weight.

mod support;

use halma::Variant;
use halma_web::{Hub, Player};
use std::time::Duration;
use support::{snapshot, Memory, Server, STANDARD_MOVES};

/// The default policy: no site may frame the pages.
const POLICY: &str = "default-src 'none'; script-src 'self'; style-src 'self'; \
                      img-src 'self' data:; connect-src 'self'; base-uri 'none'; form-action 'none'; \
                      frame-ancestors 'none'";

fn serve() -> (Server, Hub) {
    let memory = Memory::default();
    memory.with_game("std", snapshot(Variant::Standard, &STANDARD_MOVES));
    let mut evil = snapshot(Variant::Small, &[]);
    evil.players[0] = Player::new(halma::Seat::A, "<script>alert(1)</script>");
    memory.with_game("evil", evil);
    memory
        .servers
        .lock()
        .expect("servers")
        .insert("srv".into(), support::server("<b>Board & games</b>", "std"));
    let hub = Hub::new(memory);
    (Server::start(hub.clone(), 0), hub)
}

fn assert_secure(response: &reqwest::Response) {
    let headers = response.headers();
    let url = response.url().to_string();
    assert_eq!(headers["content-security-policy"], POLICY, "{url}");
    assert_eq!(headers["x-content-type-options"], "nosniff", "{url}");
    assert_eq!(headers["referrer-policy"], "no-referrer", "{url}");
}

#[tokio::test]
async fn pages_assets_and_misses_carry_the_security_headers() {
    let (server, _hub) = serve();
    let paths = [
        ("/game/std", 200, "text/html"),
        ("/game/nope", 404, "text/html"),
        ("/game/bad%20token", 404, "text/html"),
        ("/game/nope/events", 404, "text/html"),
        ("/server/srv", 200, "text/html"),
        ("/server/nope", 404, "text/html"),
        ("/assets/game.js", 200, "text/javascript"),
        ("/assets/game.css", 200, "text/css"),
        ("/assets/nope.js", 404, "text/plain"),
    ];
    for (path, status, kind) in paths {
        let response = reqwest::get(server.url(path)).await.expect("a response");
        assert_eq!(response.status().as_u16(), status, "{path}");
        assert_secure(&response);
        let content_type = response.headers()["content-type"].to_str().expect("ascii");
        assert!(content_type.starts_with(kind), "{path}: {content_type}");
    }
    let missing = reqwest::get(server.url("/game/nope"))
        .await
        .expect("a response");
    assert!(missing.text().await.expect("text").contains("Not found"));
}

#[tokio::test]
async fn names_are_escaped_on_the_server() {
    let (server, _hub) = serve();
    let page = reqwest::get(server.url("/game/evil"))
        .await
        .expect("a response");
    let text = page.text().await.expect("text");
    assert!(!text.contains("<script>alert(1)"), "{text}");
    assert!(text.contains("&lt;script&gt;alert(1)&lt;/script&gt;"));
    let page = reqwest::get(server.url("/server/srv"))
        .await
        .expect("a response");
    let text = page.text().await.expect("text");
    assert!(text.contains("&lt;b&gt;Board &amp; games&lt;/b&gt;"));
    assert!(text.contains("href=\"../game/std?lang=en\""));
}

/// Reads the event stream until `count` events have come; returns their raw text.
async fn read_events(mut response: reqwest::Response, count: usize) -> String {
    let mut text = String::new();
    while text.matches("\n\n").count() < count {
        let chunk = tokio::time::timeout(Duration::from_secs(5), response.chunk())
            .await
            .expect("an event in time")
            .expect("the stream")
            .expect("more of the stream");
        text.push_str(&String::from_utf8_lossy(&chunk));
    }
    text
}

fn event_id(events: &str) -> String {
    events
        .lines()
        .find_map(|l| l.strip_prefix("id: ").or_else(|| l.strip_prefix("id:")))
        .expect("an id")
        .trim()
        .to_string()
}

#[tokio::test]
async fn the_event_stream_starts_with_the_snapshot_and_resumes_where_it_left() {
    let (server, hub) = serve();
    let response = reqwest::get(server.url("/game/std/events"))
        .await
        .expect("events");
    assert_eq!(response.status(), 200);
    assert_secure(&response);
    assert!(response.headers()["content-type"]
        .to_str()
        .is_ok_and(|t| t.starts_with("text/event-stream")));
    let first = read_events(response, 1).await;
    assert!(first.contains("event: snapshot") || first.contains("event:snapshot"));
    assert!(first.contains("\"variant\":\"standard\""));
    let id = event_id(&first);

    // A page that reconnects having missed nothing is sent the next move, not the game.
    let client = reqwest::Client::new();
    let resumed = client
        .get(server.url("/game/std/events"))
        .header("last-event-id", &id)
        .send()
        .await
        .expect("events");
    let next = snapshot(
        Variant::Standard,
        &[&STANDARD_MOVES[..], &["e14-e13"]].concat(),
    );
    let update = next.last_ply_update().expect("a ply");
    // Publish once the resumed stream is open: the hub already holds the game.
    hub.publish("std", halma_web::Update::Ply(update));
    let text = read_events(resumed, 1).await;
    assert!(
        text.contains("event: move") || text.contains("event:move"),
        "{text}"
    );
    assert!(text.contains("\"number\":6"));

    // An id from another run of the server gets the whole game.
    let stale = client
        .get(server.url("/game/std/events"))
        .header("last-event-id", "1-1")
        .send()
        .await
        .expect("events");
    let text = read_events(stale, 1).await;
    assert!(text.contains("event: snapshot"), "{text}");
    assert!(text.contains("[\"e14\",\"e13\"]"), "{text}");
}

#[tokio::test]
async fn the_whole_page_weighs_under_150_kb() {
    let (server, _hub) = serve();
    let mut total = 0;
    for path in ["/game/std", "/assets/game.js", "/assets/game.css"] {
        let body = reqwest::get(server.url(path))
            .await
            .expect("a response")
            .bytes()
            .await
            .expect("a body");
        total += body.len();
    }
    let events = reqwest::get(server.url("/game/std/events"))
        .await
        .expect("events");
    total += read_events(events, 1).await.len();
    println!("the standard game's page: {total} bytes with its first event");
    assert!(total <= 150 * 1024, "{total} bytes");
}
