//! The hardened server's tests: client addresses, caps, and real connections on loopback.

use super::*;
use axum::http::{HeaderMap, HeaderValue};
use axum::routing::get;
use axum::Extension;
use std::time::Instant;
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::TcpStream;

fn ip(text: &str) -> IpAddr {
    text.parse().unwrap()
}

fn forwarded(values: &[&str]) -> HeaderMap {
    let mut headers = HeaderMap::new();
    for value in values {
        headers.append("x-forwarded-for", HeaderValue::from_str(value).unwrap());
    }
    headers
}

#[test]
fn without_trusted_proxies_the_peer_is_the_client() {
    let headers = forwarded(&["203.0.113.7"]);
    assert_eq!(client_addr(ip("10.0.0.1"), &headers, &[]), ip("10.0.0.1"));
    let other = [ip("10.0.0.2")];
    assert_eq!(
        client_addr(ip("10.0.0.1"), &headers, &other),
        ip("10.0.0.1")
    );
}

#[test]
fn behind_a_trusted_proxy_the_last_untrusted_hop_is_the_client() {
    let proxies = [ip("10.0.0.1"), ip("10.0.0.2")];
    let peer = ip("10.0.0.1");
    // A client may write anything first; only what the proxies appended counts.
    let headers = forwarded(&["1.2.3.4, 203.0.113.7"]);
    assert_eq!(client_addr(peer, &headers, &proxies), ip("203.0.113.7"));
    let chain = forwarded(&["1.2.3.4", "203.0.113.7, 10.0.0.2"]);
    assert_eq!(client_addr(peer, &chain, &proxies), ip("203.0.113.7"));
    assert_eq!(client_addr(peer, &HeaderMap::new(), &proxies), peer);
    let garbled = forwarded(&["203.0.113.7, nonsense"]);
    assert_eq!(client_addr(peer, &garbled, &proxies), peer);
    let v6 = forwarded(&["2001:db8::5"]);
    assert_eq!(client_addr(peer, &v6, &proxies), ip("2001:db8::5"));
}

#[test]
fn connections_past_a_cap_are_refused_and_closing_one_makes_room() {
    let settings = ServeSettings {
        max_connections: 3,
        max_connections_per_client: 2,
        ..ServeSettings::default()
    };
    let doorman = Doorman::new(&settings);
    let (a, b) = (Some(ip("10.0.0.1")), Some(ip("10.0.0.2")));
    let first = doorman.admit(a).unwrap();
    let _second = doorman.admit(a).unwrap();
    assert_eq!(doorman.admit(a).err(), Some(Cap::Client));
    let third = doorman.admit(b).unwrap();
    assert_eq!(doorman.admit(b).err(), Some(Cap::Total));
    assert_eq!(doorman.admit(None).err(), Some(Cap::Total));
    drop(first);
    let _again = doorman.admit(a).unwrap();
    drop(third);
    assert_eq!(
        doorman.open().per_client.len(),
        1,
        "released clients are forgotten"
    );
    assert_eq!(doorman.open().total, 2);
}

/// Serves a router that answers with the client address, on a free loopback port.
async fn start(settings: ServeSettings) -> std::net::SocketAddr {
    let listener = TcpListener::bind("127.0.0.1:0").await.unwrap();
    let addr = listener.local_addr().unwrap();
    let app =
        Router::new()
            .route(
                "/who",
                get(
                    |Extension(ClientAddr(client)): Extension<ClientAddr>| async move {
                        client.to_string()
                    },
                ),
            )
            .route("/slow", get(std::future::pending::<&'static str>));
    tokio::spawn(serve(listener, app, settings));
    addr
}

/// Reads until the server closes the connection; what it sent.
async fn read_to_close(stream: &mut TcpStream) -> String {
    let mut out = Vec::new();
    let _ = stream.read_to_end(&mut out).await;
    String::from_utf8_lossy(&out).into_owned()
}

#[tokio::test]
async fn half_sent_and_idle_connections_are_closed_after_the_header_timeout() {
    let timeout = Duration::from_millis(300);
    let addr = start(ServeSettings {
        header_timeout: timeout,
        ..ServeSettings::default()
    })
    .await;
    let started = Instant::now();
    let mut half = TcpStream::connect(addr).await.unwrap();
    half.write_all(b"GET /who HTTP/1.1\r\nHost: a\r\n")
        .await
        .unwrap();
    let mut idle = TcpStream::connect(addr).await.unwrap();
    idle.write_all(b"GET /who HTTP/1.1\r\nHost: a\r\n\r\n")
        .await
        .unwrap();
    let deadline = Duration::from_secs(20);
    let cut = tokio::time::timeout(deadline, read_to_close(&mut half)).await;
    assert!(cut.is_ok(), "a half-sent request holds its connection");
    assert!(started.elapsed() >= timeout, "cut before the timeout");
    let answered = tokio::time::timeout(deadline, read_to_close(&mut idle))
        .await
        .expect("an idle kept-alive connection is closed");
    assert!(answered.starts_with("HTTP/1.1 200"), "{answered}");
    assert!(answered.ends_with("127.0.0.1"), "{answered}");
}

#[tokio::test]
async fn big_headers_are_refused_and_slow_handlers_time_out() {
    let addr = start(ServeSettings {
        max_header_bytes: 8 * 1024,
        request_timeout: Duration::from_millis(200),
        ..ServeSettings::default()
    })
    .await;
    let mut big = TcpStream::connect(addr).await.unwrap();
    let filler = "x".repeat(10 * 1024);
    let request = format!("GET /who HTTP/1.1\r\nHost: a\r\nX-Filler: {filler}\r\n\r\n");
    big.write_all(request.as_bytes()).await.unwrap();
    assert!(read_to_close(&mut big).await.starts_with("HTTP/1.1 431"));
    let mut slow = TcpStream::connect(addr).await.unwrap();
    slow.write_all(b"GET /slow HTTP/1.1\r\nHost: a\r\nConnection: close\r\n\r\n")
        .await
        .unwrap();
    assert!(read_to_close(&mut slow).await.starts_with("HTTP/1.1 503"));
}

#[tokio::test]
async fn a_client_past_its_cap_is_closed_at_once_while_others_are_served() {
    let addr = start(ServeSettings {
        max_connections_per_client: 2,
        ..ServeSettings::default()
    })
    .await;
    let _held: Vec<TcpStream> = vec![
        TcpStream::connect(addr).await.unwrap(),
        TcpStream::connect(addr).await.unwrap(),
    ];
    let mut third = TcpStream::connect(addr).await.unwrap();
    // The refused connection is closed without an answer, whatever it sends.
    let _ = third
        .write_all(b"GET /who HTTP/1.1\r\nHost: a\r\n\r\n")
        .await;
    assert_eq!(read_to_close(&mut third).await, "");
    let socket = tokio::net::TcpSocket::new_v4().unwrap();
    socket.bind("127.0.0.2:0".parse().unwrap()).unwrap();
    let mut other = socket.connect(addr).await.unwrap();
    other
        .write_all(b"GET /who HTTP/1.1\r\nHost: a\r\nConnection: close\r\n\r\n")
        .await
        .unwrap();
    let answer = read_to_close(&mut other).await;
    assert!(answer.ends_with("127.0.0.2"), "{answer}");
}
