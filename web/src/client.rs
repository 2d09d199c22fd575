//! Who a request comes from: the client address that [`serve`](fn@crate::serve) resolves for
//! every request (the peer, or behind a trusted proxy the last address of `X-Forwarded-For`
//! that is not a trusted proxy itself), and the network a limit counts it under.

use axum::extract::ConnectInfo;
use axum::http::{Extensions, HeaderMap};
use std::net::{IpAddr, SocketAddr};

/// The client a request comes from, as [`serve`](fn@crate::serve) resolved it: in every request's extensions
/// (`axum::Extension<ClientAddr>` reads it).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct ClientAddr(pub IpAddr);

/// The client of a request from `peer` with `headers`: the peer itself unless it is a
/// trusted proxy; then the last address of `X-Forwarded-For` that is not a trusted proxy
/// (the one the outermost trusted proxy saw), or the peer if the header names none.
pub fn client_addr(peer: IpAddr, headers: &HeaderMap, trusted: &[IpAddr]) -> IpAddr {
    if !trusted.contains(&peer) {
        return peer;
    }
    let hops: Vec<&str> = headers
        .get_all("x-forwarded-for")
        .iter()
        .filter_map(|v| v.to_str().ok())
        .flat_map(|v| v.split(','))
        .map(str::trim)
        .collect();
    for hop in hops.iter().rev() {
        match hop.parse::<IpAddr>() {
            Ok(ip) if trusted.contains(&ip) => continue,
            Ok(ip) => return ip,
            // A hop we cannot read: what came before it cannot be trusted either.
            Err(_) => return peer,
        }
    }
    peer
}

/// The address a limit counts `client` under: itself, or for IPv6 its /64 network.
pub(crate) fn network(client: IpAddr) -> IpAddr {
    match client {
        IpAddr::V4(_) => client,
        IpAddr::V6(v6) => match v6.to_ipv4_mapped() {
            Some(v4) => IpAddr::V4(v4),
            None => IpAddr::V6((u128::from(v6) & !((1u128 << 64) - 1)).into()),
        },
    }
}

/// The client of a request with `extensions`: its [`ClientAddr`], else the peer of axum's
/// `ConnectInfo`.
pub(crate) fn client_of(extensions: &Extensions) -> Option<IpAddr> {
    extensions.get::<ClientAddr>().map(|c| c.0).or_else(|| {
        extensions
            .get::<ConnectInfo<SocketAddr>>()
            .map(|c| c.0.ip())
    })
}
