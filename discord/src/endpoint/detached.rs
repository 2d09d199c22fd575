//! A serenity [`Context`](serenity::Context) for a process with no gateway connection.
//!
//! Every handler of this bot takes a serenity `Context` (poise hands it to commands and
//! event handlers), and serenity 0.12 makes one only around a shard: its `ShardMessenger` is
//! made from a `ShardRunner`, which is made from a `Shard`, which opens a WebSocket. In endpoint
//! mode nothing the handlers do speaks to the gateway (they answer through HTTP), so the
//! messenger here belongs to a shard that opened a WebSocket to this process itself, on
//! loopback, and was never started: nothing is ever sent on it. Everything the handlers use
//! from the context — HTTP, the (empty) cache, the data map — is the client's own.

use anyhow::Context as _;
use poise::serenity_prelude as serenity;
use std::sync::Arc;
use std::time::Duration;

/// How long the loopback WebSocket may take to open.
const OPEN_TIMEOUT: Duration = Duration::from_secs(5);

/// A context over `client`'s HTTP, cache and data, for handlers run without a gateway.
pub(super) async fn context(client: &serenity::Client) -> anyhow::Result<serenity::Context> {
    let listener = tokio::net::TcpListener::bind((std::net::Ipv4Addr::LOCALHOST, 0))
        .await
        .context("listening on loopback for the detached shard")?;
    let addr = listener.local_addr()?;
    // The other end of the socket: it answers the opening handshake and is then dropped.
    let answer = tokio::spawn(async move {
        let (stream, _) = listener.accept().await?;
        tokio_tungstenite::accept_async(stream)
            .await
            .map(drop)
            .map_err(std::io::Error::other)
    });
    let url = Arc::new(tokio::sync::Mutex::new(format!("ws://{addr}")));
    // Shard 0 of 1 (serenity makes this only from JSON outside its own crate).
    let info: serenity::ShardInfo = serde_json::from_value(serde_json::json!([0, 1]))?;
    let opened = serenity::Shard::new(url, "", info, serenity::GatewayIntents::empty(), None);
    let shard = tokio::time::timeout(OPEN_TIMEOUT, opened)
        .await
        .context("the detached shard's socket did not open in time")?
        .context("opening the detached shard's socket")?;
    answer
        .await
        .context("the detached shard's listener stopped")?
        .context("answering the detached shard's socket")?;
    let runner = serenity::ShardRunner::new(serenity::ShardRunnerOptions {
        data: client.data.clone(),
        event_handlers: Vec::new(),
        raw_event_handlers: Vec::new(),
        framework: None,
        manager: client.shard_manager.clone(),
        shard,
        cache: client.cache.clone(),
        http: client.http.clone(),
    });
    Ok(serenity::Context {
        data: client.data.clone(),
        shard: serenity::ShardMessenger::new(&runner),
        shard_id: serenity::ShardId(0),
        http: client.http.clone(),
        cache: client.cache.clone(),
    })
}
