//! Proves the fake's sharded gateway against real serenity 0.12.5 clients, each running one
//! shard as a scaled-out bot process would: READY and GUILD_CREATE carry only the shard's guilds,
//! interactions reach only the guild's shard, a second IDENTIFY for a shard replaces that
//! shard's session only, and IDENTIFYs with shards Discord would not accept are closed with 4010
//! (seen through a bare websocket, which shows the close code).

use std::collections::BTreeSet;
use std::time::Duration;

use fake_discord::FakeDiscord;
use poise::serenity_prelude as serenity;
use serde_json::json;
use tokio::io::{AsyncReadExt as _, AsyncWriteExt as _};
use tokio::net::TcpStream;
use tokio::sync::mpsc;

const WAIT: Duration = Duration::from_secs(10);

/// What a probe client saw on its shard.
#[derive(Debug)]
enum Seen {
    /// READY: the shard the client runs, the `shard` field, and the guilds listed.
    Ready {
        shard: u32,
        field: Option<(u32, u32)>,
        guilds: BTreeSet<u64>,
    },
    /// GUILD_CREATE of this guild.
    Guild(u64),
}

/// An event handler that reports what it sees and answers every slash command with its name
/// and shard.
struct Probe {
    name: &'static str,
    seen: mpsc::UnboundedSender<Seen>,
}

#[serenity::async_trait]
impl serenity::EventHandler for Probe {
    async fn ready(&self, ctx: serenity::Context, ready: serenity::Ready) {
        let _ = self.seen.send(Seen::Ready {
            shard: ctx.shard_id.0,
            field: ready.shard.map(|s| (s.id.0, s.total)),
            guilds: ready.guilds.iter().map(|g| g.id.get()).collect(),
        });
    }

    async fn guild_create(
        &self,
        _ctx: serenity::Context,
        guild: serenity::Guild,
        _is_new: Option<bool>,
    ) {
        let _ = self.seen.send(Seen::Guild(guild.id.get()));
    }

    async fn interaction_create(&self, ctx: serenity::Context, interaction: serenity::Interaction) {
        let serenity::Interaction::Command(command) = interaction else {
            return;
        };
        let content = format!("{} on shard {}", self.name, ctx.shard_id.0);
        let reply = serenity::CreateInteractionResponse::Message(
            serenity::CreateInteractionResponseMessage::new().content(content),
        );
        if let Err(why) = command.create_response(&ctx.http, reply).await {
            eprintln!("probe {} could not answer: {why}", self.name);
        }
    }
}

fn http(fake: &FakeDiscord) -> serenity::Http {
    let http = serenity::HttpBuilder::new("shard-token")
        .proxy(fake.base_url())
        .ratelimiter_disabled(true)
        .build();
    http.set_application_id(serenity::ApplicationId::new(fake.application_id()));
    http
}

/// A client running `shard` of `total`; its shard manager, its task, and what it sees.
struct Client {
    manager: std::sync::Arc<serenity::ShardManager>,
    task: tokio::task::JoinHandle<()>,
    seen: mpsc::UnboundedReceiver<Seen>,
}

impl Client {
    async fn start(fake: &FakeDiscord, name: &'static str, shard: u32, total: u32) -> Client {
        let (tx, seen) = mpsc::unbounded_channel();
        let mut client = serenity::ClientBuilder::new_with_http(
            http(fake),
            serenity::GatewayIntents::non_privileged(),
        )
        .event_handler(Probe { name, seen: tx })
        .await
        .expect("build a probe client");
        let manager = client.shard_manager.clone();
        let task = tokio::spawn(async move {
            if let Err(why) = client.start_shard(shard, total).await {
                eprintln!("probe {name} stopped: {why}");
            }
        });
        Client {
            manager,
            task,
            seen,
        }
    }

    async fn next(&mut self) -> Seen {
        tokio::time::timeout(WAIT, self.seen.recv())
            .await
            .expect("the probe saw nothing in time")
            .expect("the probe's handler is gone")
    }

    /// READY and the GUILD_CREATEs of `guilds`, in any order: serenity runs each event's
    /// handler in a task of its own, so the order handlers report in is not the wire order.
    async fn expect_ready(&mut self, shard: u32, total: u32, guilds: &BTreeSet<u64>) {
        let mut ready = false;
        let mut created = BTreeSet::new();
        while !ready || created.len() < guilds.len() {
            match self.next().await {
                Seen::Ready {
                    shard: runs,
                    field,
                    guilds: listed,
                } => {
                    assert!(!ready, "a second READY on shard {shard}");
                    assert_eq!(runs, shard, "the client runs shard {shard}");
                    assert_eq!(field, Some((shard, total)), "READY's shard field");
                    assert_eq!(&listed, guilds, "READY lists the guilds of shard {shard}");
                    ready = true;
                }
                Seen::Guild(id) => {
                    assert!(
                        guilds.contains(&id),
                        "GUILD_CREATE of guild {id} reached shard {shard}, which does not serve it"
                    );
                    created.insert(id);
                }
            }
        }
    }

    /// Nothing more arrived than expected (events already handled are all that is checked).
    fn assert_quiet(&mut self) {
        if let Ok(extra) = self.seen.try_recv() {
            panic!("an unexpected event reached the probe: {extra:?}");
        }
    }

    async fn stop(self) {
        self.manager.shutdown_all().await;
        self.task.abort();
    }
}

/// Connects to the fake's gateway with a bare websocket, sends IDENTIFY with this `shard` field,
/// and returns the close code the fake ends the connection with.
async fn identify_raw(fake: &FakeDiscord, shard: &serde_json::Value) -> u16 {
    let exchange = async {
        let url = fake.gateway_url();
        let rest = url.strip_prefix("ws://").expect("a ws:// gateway URL");
        let (host, path) = rest.split_at(rest.find('/').unwrap_or(rest.len()));
        let mut socket = TcpStream::connect(host)
            .await
            .expect("connect to the gateway");
        let request = format!(
            "GET {path} HTTP/1.1\r\nHost: {host}\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n\
             Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\nSec-WebSocket-Version: 13\r\n\r\n"
        );
        socket
            .write_all(request.as_bytes())
            .await
            .expect("send the upgrade");
        let mut head = Vec::new();
        while !head.ends_with(b"\r\n\r\n") {
            head.push(socket.read_u8().await.expect("read the upgrade answer"));
        }
        let head = String::from_utf8_lossy(&head);
        assert!(head.starts_with("HTTP/1.1 101"), "not upgraded: {head}");
        let (opcode, hello) = read_frame(&mut socket).await;
        assert_eq!(opcode, 1, "HELLO is a text frame");
        let hello: serde_json::Value = serde_json::from_slice(&hello).expect("HELLO is JSON");
        assert_eq!(hello["op"], 10, "the gateway says HELLO first: {hello}");
        let identify = json!({
            "op": 2,
            "d": { "token": "Bot shard-token", "intents": 1, "properties": {}, "shard": shard },
        });
        write_masked_text(&mut socket, identify.to_string().as_bytes()).await;
        loop {
            let (opcode, payload) = read_frame(&mut socket).await;
            if opcode == 8 {
                return u16::from_be_bytes([payload[0], payload[1]]);
            }
        }
    };
    tokio::time::timeout(WAIT, exchange)
        .await
        .expect("the fake closed the connection in time")
}

/// Reads one unmasked server frame: its opcode and payload.
async fn read_frame(socket: &mut TcpStream) -> (u8, Vec<u8>) {
    let first = socket.read_u8().await.expect("read a frame");
    let len = match socket.read_u8().await.expect("read a frame length") & 0x7f {
        126 => u64::from(socket.read_u16().await.expect("read a 16-bit length")),
        127 => socket.read_u64().await.expect("read a 64-bit length"),
        short => u64::from(short),
    };
    let mut payload = vec![0; usize::try_from(len).expect("a frame that fits in memory")];
    socket
        .read_exact(&mut payload)
        .await
        .expect("read a frame's payload");
    (first & 0x0f, payload)
}

/// Writes one masked text frame, as a websocket client must.
async fn write_masked_text(socket: &mut TcpStream, payload: &[u8]) {
    let mask = [0x12, 0x34, 0x56, 0x78];
    let mut frame = vec![0x81];
    match u16::try_from(payload.len()) {
        Ok(len) if len < 126 => frame.push(0x80 | len as u8),
        Ok(len) => {
            frame.push(0x80 | 126);
            frame.extend(len.to_be_bytes());
        }
        Err(_) => panic!("an IDENTIFY this long is not a test's"),
    }
    frame.extend(mask);
    frame.extend(payload.iter().enumerate().map(|(i, b)| b ^ mask[i % 4]));
    socket.write_all(&frame).await.expect("send a frame");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn each_shard_gets_its_own_guilds_and_interactions() {
    tokio::time::timeout(Duration::from_secs(90), sharded())
        .await
        .expect("the sharded exchange took over 90 s");
}

async fn sharded() {
    let fake = FakeDiscord::start_sharded(2).await;
    fake.set_timeout(WAIT);
    assert_eq!(fake.shard_count(), 2);
    let bot_gateway = http(&fake)
        .get_bot_gateway()
        .await
        .expect("GET /gateway/bot");
    assert_eq!(bot_gateway.shards, 2, "the recommended shard count");

    let north = fake.guild_on_shard("north", 0);
    let south = fake.guild_on_shard("south", 1);
    assert_eq!((north >> 22) % 2, 0, "{north} lands on shard 0");
    assert_eq!((south >> 22) % 2, 1, "{south} lands on shard 1");
    assert_eq!(fake.guild_on_shard("north", 0), north, "ids are stable");
    let all = [fake.guild_id(), north, south];
    let on = |shard: u32| -> BTreeSet<u64> {
        all.iter()
            .copied()
            .filter(|g| fake.shard_of(*g) == shard)
            .collect()
    };

    let command = json!([{ "name": "where", "description": "Which shard answers" }]);
    http(&fake)
        .create_global_commands(&command)
        .await
        .expect("register /where");

    let mut zero = Client::start(&fake, "zero", 0, 2).await;
    let mut one = Client::start(&fake, "one", 1, 2).await;
    zero.expect_ready(0, 2, &on(0)).await;
    one.expect_ready(1, 2, &on(1)).await;
    fake.wait_ready(WAIT).await.expect("both shards ready");
    assert!(fake.shard_ready(0) && fake.shard_ready(1));
    assert_eq!(fake.identify_count(), 2);
    assert_eq!(
        (fake.shard_identify_count(0), fake.shard_identify_count(1)),
        (1, 1)
    );

    let alice = fake.user("alice");
    let where_ = |answer: &fake_discord::Answer| (answer.content.clone(), answer.shard);
    let in_north = fake.channel_in(north, "games");
    let in_south = fake.channel_in(south, "games");
    let answer = fake
        .slash(&alice, &in_north, "where", "", &[])
        .await
        .expect("/where in the north");
    assert_eq!(where_(&answer), ("zero on shard 0".to_owned(), 0));
    let answer = fake
        .slash(&alice, &in_south, "where", "", &[])
        .await
        .expect("/where in the south");
    assert_eq!(where_(&answer), ("one on shard 1".to_owned(), 1));
    let answer = fake
        .slash(&alice, &fake.dm_channel(&alice), "where", "", &[])
        .await
        .expect("/where in a DM");
    assert_eq!(
        where_(&answer),
        ("zero on shard 0".to_owned(), 0),
        "direct messages go to shard 0"
    );

    // A second client on shard 1 takes over that shard's session, and only that one.
    let mut newer = Client::start(&fake, "newer", 1, 2).await;
    newer.expect_ready(1, 2, &on(1)).await;
    assert_eq!(
        (fake.shard_identify_count(0), fake.shard_identify_count(1)),
        (1, 2)
    );
    let answer = fake
        .slash(&alice, &in_south, "where", "", &[])
        .await
        .expect("/where in the south again");
    assert_eq!(where_(&answer), ("newer on shard 1".to_owned(), 1));
    let answer = fake
        .slash(&alice, &in_north, "where", "", &[])
        .await
        .expect("/where in the north again");
    assert_eq!(where_(&answer), ("zero on shard 0".to_owned(), 0));

    // Shards Discord would not accept: a count other than the bot's, an id past the count, and
    // a malformed field. (serenity itself is no help here: after a 4010 its shard runner spins
    // on the closed socket until its next heartbeat is due.)
    for shard in [json!([0, 3]), json!([2, 2]), json!("zero")] {
        assert_eq!(
            identify_raw(&fake, &shard).await,
            4010,
            "an IDENTIFY with shard {shard} is closed with Invalid shard"
        );
    }
    assert_eq!(
        fake.refused_identifies(),
        [json!([0, 3]), json!([2, 2]), json!("zero")]
    );
    assert_eq!(
        fake.wait_refused_identifies(3, WAIT).await.map(|r| r.len()),
        Ok(3)
    );
    assert_eq!(
        (fake.shard_identify_count(0), fake.shard_identify_count(1)),
        (1, 2),
        "refused IDENTIFYs start no session"
    );
    let answer = fake
        .slash(&alice, &in_north, "where", "", &[])
        .await
        .expect("/where in the north after the refusals");
    assert_eq!(where_(&answer), ("zero on shard 0".to_owned(), 0));

    zero.assert_quiet();
    one.assert_quiet();
    newer.assert_quiet();
    for client in [zero, one, newer] {
        client.stop().await;
    }
}
