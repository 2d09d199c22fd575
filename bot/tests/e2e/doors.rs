//! The real bot's web doors under hostile traffic, all on loopback: half-sent requests are
//! cut off after the header timeout while pages and `/healthz` answer; a client past its
//! connection cap is closed at once while another address is served; a flood of made-up game
//! tokens costs the database next to nothing; a client's event streams past the cap end the
//! oldest; pages forbid framing.

use std::net::SocketAddr;
use std::time::{Duration, Instant};

use futures::future::join_all;
use sqlx::{Connection, PgConnection};
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::{TcpSocket, TcpStream};

use crate::support::{free_addr, scrape_metrics, E2e};

/// How long anything the test waits for may take on a busy machine.
const SOON: Duration = Duration::from_secs(20);

/// A TCP connection to `addr` from the loopback address `from` (any 127.0.0.x works).
async fn connect_from(from: &str, addr: &str) -> TcpStream {
    let socket = TcpSocket::new_v4().expect("a socket");
    socket
        .bind(format!("{from}:0").parse().expect("an address"))
        .expect("a loopback address");
    let addr: SocketAddr = addr.parse().expect("the bot's address");
    socket.connect(addr).await.expect("the bot accepts")
}

/// Reads until the bot closes the connection (an end or a reset); what it sent.
async fn until_closed(stream: &mut TcpStream) -> Vec<u8> {
    let mut out = Vec::new();
    let _ = stream.read_to_end(&mut out).await;
    out
}

/// Starts a game between two users and returns the bot's world and the game's web token.
async fn with_a_game(label: &str, extra: &[(&str, &str)]) -> (E2e, String, String, String) {
    let web = free_addr();
    let mut env = vec![("WEB_ADDR", web.as_str())];
    env.extend_from_slice(extra);
    let (e, ops) = E2e::start_with_ops(label, &env).await;
    let (alice, bob) = (e.user("alice"), e.user("bob"));
    let channel = e.channel("doors");
    let challenge = e.challenge(&alice, &bob, &channel, "small").await;
    e.click(&bob, &challenge, "Accept").await;
    let token: String = sqlx::query_scalar("SELECT web_token FROM games")
        .fetch_one(&e.db.pool)
        .await
        .expect("the game's token");
    (e, web, ops, token)
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn half_sent_requests_are_cut_off_while_pages_and_health_answer() {
    let timeout = Duration::from_secs(2);
    let (e, web, ops, token) =
        with_a_game("doors_half_sent", &[("WEB_HEADER_TIMEOUT_SECS", "2")]).await;
    // 300 connections from ten addresses (within the per-client cap), each a request line
    // and one header, then nothing.
    let mut held = Vec::new();
    for n in 0..300 {
        let mut stream = connect_from(&format!("127.0.0.{}", 1 + n % 10), &web).await;
        stream
            .write_all(b"GET /game/x HTTP/1.1\r\nHost: a\r\n")
            .await
            .expect("half a request");
        held.push(stream);
    }
    let sent = Instant::now();
    let health = reqwest::get(format!("http://{ops}/healthz"))
        .await
        .expect("/healthz answers meanwhile");
    assert_eq!(health.status(), 200);
    let page = reqwest::get(format!("http://{web}/game/{token}"))
        .await
        .expect("the game page answers meanwhile");
    assert_eq!(page.status(), 200);
    let policy = page.headers()["content-security-policy"]
        .to_str()
        .expect("a policy")
        .to_string();
    assert!(policy.contains("frame-ancestors 'none'"), "{policy}");
    let deadline = 5 * timeout;
    let closed = join_all(held.iter_mut().map(|stream| async {
        let cut = tokio::time::timeout(deadline, until_closed(stream)).await;
        (cut.is_ok(), sent.elapsed())
    }))
    .await;
    let open = closed.iter().filter(|(cut, _)| !cut).count();
    assert_eq!(
        open, 0,
        "{open} half-sent connections outlived {deadline:?}"
    );
    let last = closed.iter().map(|(_, at)| *at).max().unwrap_or_default();
    println!("300 half-sent connections were all closed {last:?} after the last was sent");
    assert!(last >= timeout, "cut before the header timeout: {last:?}");
    drop(e);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_client_past_its_connection_cap_is_closed_while_another_is_served() {
    let web = free_addr();
    let (e, ops) = E2e::start_with_ops(
        "doors_client_cap",
        &[
            ("WEB_ADDR", web.as_str()),
            ("WEB_MAX_CONNECTIONS_PER_CLIENT", "4"),
            ("WEB_HEADER_TIMEOUT_SECS", "60"),
        ],
    )
    .await;
    let mut held = Vec::new();
    for _ in 0..4 {
        held.push(connect_from("127.0.0.1", &web).await);
    }
    // The bot counts a connection when it accepts it: a request answered on the last one
    // shows that all four are counted.
    let last = held.last_mut().expect("four connections");
    last.write_all(b"GET /game/nothing-here HTTP/1.1\r\nHost: a\r\n\r\n")
        .await
        .expect("a request");
    let mut answer = [0u8; 12];
    last.read_exact(&mut answer).await.expect("an answer");
    assert_eq!(&answer, b"HTTP/1.1 404");
    let mut fifth = connect_from("127.0.0.1", &web).await;
    let _ = fifth
        .write_all(b"GET /game/nothing-here HTTP/1.1\r\nHost: a\r\n\r\n")
        .await;
    let refused = tokio::time::timeout(SOON, until_closed(&mut fifth))
        .await
        .expect("the fifth connection is closed at once");
    assert!(refused.is_empty(), "it got no answer");
    let mut other = connect_from("127.0.0.2", &web).await;
    other
        .write_all(b"GET /game/nothing-here HTTP/1.1\r\nHost: a\r\nConnection: close\r\n\r\n")
        .await
        .expect("a request");
    let served = tokio::time::timeout(SOON, until_closed(&mut other))
        .await
        .expect("another address is served");
    assert!(served.starts_with(b"HTTP/1.1 404"), "{served:?}");
    let metrics = scrape_metrics(&ops).await;
    assert!(
        metrics.contains("halma_web_refused_connections_total{cap=\"client\"} 1"),
        "{metrics}"
    );
    drop(e);
}

/// Transactions committed in the test's database so far, with every other connection's
/// counted: a backend reports its counts when it ends (an idle one only every few seconds),
/// so they are all ended first, waiting for each to be gone; the bot's pool connects anew
/// when it needs to. Two transactions of this connection's own each time.
async fn committed(conn: &mut PgConnection) -> i64 {
    let ended: Option<bool> = sqlx::query_scalar(
        "SELECT bool_and(pg_terminate_backend(pid, 20000)) FROM pg_stat_activity \
         WHERE datname = current_database() AND pid <> pg_backend_pid()",
    )
    .fetch_one(&mut *conn)
    .await
    .expect("ending the other connections");
    assert_ne!(ended, Some(false), "a connection did not end");
    sqlx::query_scalar(
        "SELECT xact_commit FROM pg_stat_database WHERE datname = current_database()",
    )
    .fetch_one(&mut *conn)
    .await
    .expect("the count")
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn made_up_game_tokens_cost_the_database_next_to_nothing() {
    let web = free_addr();
    // 8 a minute: a burst of 2, then one every 7.5 s.
    let (e, ops) = E2e::start_with_ops(
        "doors_tokens",
        &[
            ("WEB_ADDR", web.as_str()),
            ("WEB_PAGE_REQUESTS_PER_MINUTE", "8"),
        ],
    )
    .await;
    let mut conn = PgConnection::connect(&bot_harness::with_database(
        &bot_harness::database::server_url(),
        &e.db.name,
    ))
    .await
    .expect("a connection of the test's own");
    let before = committed(&mut conn).await;
    let client = reqwest::Client::new();
    let (mut not_found, mut limited) = (0, 0);
    for n in 0..200 {
        let url = format!("http://{web}/game/made-up-{n:016x}");
        let status = client.get(&url).send().await.expect("an answer").status();
        match status.as_u16() {
            404 => not_found += 1,
            429 => limited += 1,
            other => panic!("{url}: {other}"),
        }
    }
    let after = committed(&mut conn).await;
    let cost = after - before;
    println!(
        "200 made-up tokens: {not_found} not found, {limited} limited, {cost} transactions \
         (the test's own and the bot's reconnections included)"
    );
    assert!(not_found >= 2, "the burst is let through");
    assert!(limited >= 190, "{limited}");
    // The Activity's texts for a locale are worded on request: the same limit holds them.
    let texts = client
        .get(format!("http://{web}/activity/texts?locale=de"))
        .send()
        .await
        .expect("an answer");
    assert_eq!(
        texts.status().as_u16(),
        429,
        "the texts share the pages' limit"
    );
    limited += 1;
    assert!(cost <= 20, "{cost} transactions for 200 made-up tokens");
    let metrics = scrape_metrics(&ops).await;
    assert!(
        metrics.contains(&format!(
            "halma_web_rate_limited_total{{limit=\"pages\"}} {limited}"
        )),
        "{metrics}"
    );
    drop(e);
}

/// Reads `response`'s body until `want` shows, or it ends (`false`).
async fn read_until(response: &mut reqwest::Response, want: &str) -> bool {
    let mut seen = String::new();
    while let Ok(Some(chunk)) = response.chunk().await {
        seen.push_str(&String::from_utf8_lossy(&chunk));
        if seen.contains(want) {
            return true;
        }
    }
    false
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_clients_event_streams_past_the_cap_end_the_oldest() {
    let cap = halma_web::PageSettings::default().streams_per_client;
    let (e, web, _ops, token) = with_a_game("doors_streams", &[]).await;
    let client = reqwest::Client::new();
    let url = format!("http://{web}/game/{token}/events");
    let mut streams = Vec::new();
    for _ in 0..=cap {
        let mut stream = client.get(&url).send().await.expect("a stream");
        assert_eq!(stream.status(), 200);
        // Each has its place before the next opens.
        assert!(read_until(&mut stream, "event: snapshot").await);
        streams.push(stream);
    }
    let first = &mut streams[0];
    let ended = tokio::time::timeout(SOON, read_until(first, "never sent")).await;
    assert_eq!(ended, Ok(false), "the oldest stream ends");
    // Another address has its own streams.
    let other = reqwest::Client::builder()
        .local_address("127.0.0.2".parse::<std::net::IpAddr>().ok())
        .build()
        .expect("a client");
    let mut stream = other.get(&url).send().await.expect("a stream");
    assert!(read_until(&mut stream, "event: snapshot").await);
    drop(e);
}
