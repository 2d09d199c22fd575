//! Live pages benchmark: many open pages of one game while its players move. The real
//! `halma-bot` binary (the release build `cargo bench` makes, or `--bot PATH`) serves the
//! pages (`WEB_ADDR`) against the fake Discord and a local PostgreSQL, in the configuration a
//! user has (no `RUST_LOG`, default settings).
//!
//! ```text
//! DATABASE_URL=postgres://... cargo bench -p halma-bot --bench pages [-- --bot PATH \
//!     --pages 1000 --moves 20 --gap-ms 500]
//! ```
//!
//! The run opens `--pages` event streams (`/game/<token>/events`, each its own connection, as
//! a browser tab is), waits until each has its first snapshot, then plays `--moves` moves with
//! `/halma move` through the fake Discord, `--gap-ms` apart. It prints how long each move took
//! to reach every open page, counted from the moment the command was sent (so it includes
//! the bot's answer to the command), and the bot's memory before and with the pages open.
//!
//! With `--activity on` the pages are Activities instead (the board inside Discord): each is an
//! Activity session of one of the members in the instance (signed in through the fake
//! Discord's OAuth2, four sessions a member at most, as the bot allows) reading
//! `/api/activity/events`, and the moves are clicks: `POST /api/activity/move`.

use std::sync::Arc;
use std::time::{Duration, Instant};

use anyhow::{bail, Context as _};
use bot_harness::fake_discord::FakeDiscord;
use bot_harness::{Binary, TestDb, World};
use tokio::sync::Mutex;

/// What the run does; each flag is also read from the environment (`PAGES_PAGES`, ...).
#[derive(Clone, Debug)]
struct Settings {
    /// The bot binary to run (default: the one this bench was built with).
    bot: Option<String>,
    /// Open pages of the game.
    pages: usize,
    /// Moves played while they are open.
    moves: usize,
    /// Milliseconds between two moves.
    gap_ms: u64,
    /// Whether the pages are Activities and the moves their clicks.
    activity: bool,
}

impl Settings {
    fn from_env_and_args() -> anyhow::Result<Settings> {
        let mut s = Settings {
            bot: None,
            pages: 1000,
            moves: 20,
            gap_ms: 500,
            activity: false,
        };
        let pairs = bot_harness::bench::setting_pairs("PAGES")?;
        for (key, value) in pairs {
            let number = || value.parse::<u64>().with_context(|| format!("--{key}"));
            match key.as_str() {
                "bot" => s.bot = Some(value.clone()),
                "pages" => s.pages = number()? as usize,
                "moves" => s.moves = number()? as usize,
                "gap-ms" => s.gap_ms = number()?,
                "activity" => s.activity = value == "on",
                _ => bail!("unknown setting --{key} {value}"),
            }
        }
        Ok(s)
    }
}

fn main() -> anyhow::Result<()> {
    let settings = Settings::from_env_and_args()?;
    bot_harness::bench::run_with_database("pages", run(settings))
}

/// A free loopback address for the pages.
fn free_addr() -> anyhow::Result<String> {
    Ok(std::net::TcpListener::bind("127.0.0.1:0")?
        .local_addr()?
        .to_string())
}

/// One open page: reads its event stream and notes when each event after the first
/// snapshot arrived, measured from `start`.
/// Event streams the bench opens from one loopback address: below the bot's cap per client.
const STREAMS_PER_ADDRESS: usize = 12;

/// A client of the viewers at loopback address number `index` (127.0.1.1, 127.0.1.2, …).
fn viewer_client(index: usize) -> anyhow::Result<reqwest::Client> {
    let [high, low] = u16::try_from(index + 257)?.to_be_bytes();
    Ok(reqwest::Client::builder()
        .pool_max_idle_per_host(0)
        .local_address(std::net::IpAddr::from([127, 0, high, low]))
        .build()?)
}

async fn page(
    client: reqwest::Client,
    url: String,
    start: Instant,
    ready: Arc<tokio::sync::Barrier>,
    arrivals: Arc<Mutex<Vec<Vec<Duration>>>>,
    expected: usize,
) -> anyhow::Result<()> {
    let mut response = client.get(&url).send().await?.error_for_status()?;
    let mut buffer = String::new();
    let mut seen = 0usize;
    let mut mine = Vec::with_capacity(expected);
    let mut waited = false;
    while mine.len() < expected {
        let Some(chunk) = response.chunk().await? else {
            bail!("the stream ended after {} events", seen);
        };
        buffer.push_str(&String::from_utf8_lossy(&chunk));
        // An event ends at a blank line; keep-alive comments start with ':'.
        while let Some(end) = buffer.find("\n\n") {
            let event: String = buffer.drain(..end + 2).collect();
            if event.lines().all(|l| l.starts_with(':') || l.is_empty()) {
                continue;
            }
            seen += 1;
            if seen == 1 {
                continue;
            }
            mine.push(start.elapsed());
        }
        if seen >= 1 && !waited {
            waited = true;
            ready.wait().await;
        }
    }
    arrivals.lock().await.push(mine);
    Ok(())
}

async fn run(settings: Settings) -> anyhow::Result<()> {
    println!("pages bench: {settings:?}");
    println!(
        "machine: {} cores, load average {} at start",
        std::thread::available_parallelism().map_or(0, |n| n.get()),
        bot_harness::procfs::load_average()
    );
    let exe = settings
        .bot
        .clone()
        .unwrap_or_else(|| env!("CARGO_BIN_EXE_halma-bot").to_string());
    let binary = Binary::new(&exe, env!("CARGO_TARGET_TMPDIR"));
    let web = free_addr()?;
    let fake = FakeDiscord::start().await;
    let (client_id, secret) = (fake.application_id().to_string(), fake.client_secret());
    let discord = fake.base_url();
    let mut env = vec![("WEB_ADDR", web.as_str())];
    if settings.activity {
        env.push(("DISCORD_CLIENT_ID", client_id.as_str()));
        env.push(("DISCORD_CLIENT_SECRET", secret.as_str()));
        env.push(("ACTIVITY_DISCORD_URL", discord.as_str()));
        // The bench signs its viewers in from one address before it measures anything.
        env.push(("ACTIVITY_SIGN_INS_PER_MINUTE", "100000"));
    }
    let mut world = World::prepare(&binary, "pages", fake, TestDb::create("pages").await, &env);
    // As a user runs it: no RUST_LOG (the harness sets one for the tests' logs) and the
    // members' default pace.
    world
        .env
        .retain(|(k, _)| k != "RUST_LOG" && k != "MEMBER_ACTIONS_PER_MINUTE");
    world.spawn().await;
    let pid = world.bot.as_ref().map(|b| b.id()).context("the bot runs")?;
    let (alice, bob) = (world.user("alice"), world.user("bob"));
    let channel = world.channel("watched");
    let challenge = world.challenge(&alice, &bob, &channel, "small").await;
    world.click(&bob, &challenge, "Accept").await;
    let token: String = sqlx::query_scalar("SELECT web_token FROM games")
        .fetch_one(&world.db.pool)
        .await
        .context("the game's token")?;
    let rss_before = bot_harness::procfs::status_kb(pid, "VmRSS");

    let client = reqwest::Client::builder()
        .pool_max_idle_per_host(0)
        .build()?;
    // Each page's stream: the game's page, or an Activity session's.
    let (urls, clickers) = if settings.activity {
        let sessions = activity_sessions(&world, &web, &channel, settings.pages).await?;
        let mut urls = Vec::with_capacity(sessions.len());
        for key in &sessions {
            let ticket: serde_json::Value = client
                .post(format!("http://{web}/api/activity/stream"))
                .json(&serde_json::json!({ "session": key }))
                .send()
                .await?
                .error_for_status()?
                .json()
                .await?;
            let ticket = ticket["ticket"].as_str().context("a stream ticket")?;
            urls.push(format!("http://{web}/api/activity/events?ticket={ticket}"));
        }
        // Alice's and Bob's first sessions click the moves.
        let clickers = Some((sessions[0].clone(), sessions[1].clone()));
        (urls, clickers)
    } else {
        let url = format!("http://{web}/game/{token}/events");
        (vec![url; settings.pages], None)
    };
    let start = Instant::now();
    let ready = Arc::new(tokio::sync::Barrier::new(urls.len() + 1));
    let arrivals = Arc::new(Mutex::new(Vec::with_capacity(settings.pages)));
    let mut tasks = tokio::task::JoinSet::new();
    // Viewers come from many addresses, as people do: each loopback address opens no more
    // event streams than the bot allows one client.
    let mut clients: Vec<reqwest::Client> = Vec::new();
    for (i, url) in urls.iter().enumerate() {
        let index = i / STREAMS_PER_ADDRESS;
        if clients.len() <= index {
            clients.push(viewer_client(index)?);
        }
        tasks.spawn(page(
            clients[index].clone(),
            url.clone(),
            start,
            ready.clone(),
            arrivals.clone(),
            settings.moves,
        ));
    }
    let opened = Instant::now();
    ready.wait().await;
    println!(
        "{} pages open with their first snapshot in {:.2} s",
        settings.pages,
        opened.elapsed().as_secs_f64()
    );
    let rss_open = bot_harness::procfs::status_kb(pid, "VmRSS");

    let mut sent = Vec::with_capacity(settings.moves);
    let mut answered = Vec::with_capacity(settings.moves);
    // Random legal moves of the game, mirrored by the rules here (alice moves first).
    let variant = halma::Variant::Small;
    let mut game = halma::Game::new(
        halma::Position::start(variant),
        halma::Options::for_variant(variant),
    );
    let mut rng = bot_harness::random_moves::Rng(7);
    for i in 0..settings.moves {
        let (mv, from, to) =
            bot_harness::random_moves::random_move(&game, &mut rng).context("no legal move")?;
        let player = if i % 2 == 0 { &alice } else { &bob };
        sent.push(start.elapsed());
        match &clickers {
            Some((alices, bobs)) => {
                let session = if i % 2 == 0 { alices } else { bobs };
                let body = serde_json::json!({ "session": session, "from": from, "to": to });
                let clicked = client
                    .post(format!("http://{web}/api/activity/move"))
                    .json(&body)
                    .send()
                    .await?;
                answered.push(start.elapsed());
                if !clicked.status().is_success() {
                    bail!("click {from}-{to} was refused: {}", clicked.text().await?);
                }
            }
            None => {
                let answer = world.move_(player, &channel, &from, &to).await;
                answered.push(start.elapsed());
                if answer.ephemeral {
                    bail!("move {from}-{to} was refused: {}", answer.content);
                }
            }
        }
        game.play(&halma::MoveText::from(mv))
            .map_err(|e| anyhow::anyhow!("mirror: {e}"))?;
        tokio::time::sleep(Duration::from_millis(settings.gap_ms)).await;
    }
    while let Some(done) = tasks.join_next().await {
        done??;
    }
    let rss_after = bot_harness::procfs::status_kb(pid, "VmRSS");
    let peak = bot_harness::procfs::status_kb(pid, "VmHWM");

    let arrivals = arrivals.lock().await;
    let mut delivery: Vec<f64> = Vec::new();
    let mut after_answer: Vec<f64> = Vec::new();
    for page in arrivals.iter() {
        for (k, at) in page.iter().enumerate() {
            delivery.push((*at - sent[k]).as_secs_f64() * 1000.0);
            after_answer.push(at.as_secs_f64() * 1000.0 - answered[k].as_secs_f64() * 1000.0);
        }
    }
    let answers: Vec<f64> = sent
        .iter()
        .zip(&answered)
        .map(|(s, a)| (*a - *s).as_secs_f64() * 1000.0)
        .collect();
    println!();
    // An Activity's move is a click, answered once its message is posted in the channel.
    let (act, page) = if settings.activity {
        ("click", "Activity")
    } else {
        ("command", "page")
    };
    println!(
        "| what | n | p50 ms | p99 ms | max ms |\n|---|---|---|---|---|\n{}\n{}\n{}",
        row(
            &format!("{act} sent -> every {page} has the move"),
            &mut delivery
        ),
        row(
            &format!("{act}'s answer -> every {page} has the move"),
            &mut after_answer
        ),
        row(&format!("{act} sent -> its answer"), &mut answers.clone()),
    );
    println!();
    println!(
        "bot memory (VmRSS, MB): {} before the pages, {} with {} open, {} after {} moves; peak {}",
        bot_harness::procfs::mb(rss_before),
        bot_harness::procfs::mb(rss_open),
        settings.pages,
        bot_harness::procfs::mb(rss_after),
        settings.moves,
        bot_harness::procfs::mb(peak)
    );
    world.kill();
    Ok(())
}

/// Signs `pages` Activity sessions in, through the fake Discord's OAuth2, for the members of one
/// instance in `channel`: Alice and Bob (the players) and as many watchers as it takes at as
/// many sessions a member as a member may stream at once. Alice's first session comes first,
/// then Bob's.
async fn activity_sessions(
    world: &World,
    web: &str,
    channel: &bot_harness::fake_discord::TestChannel,
    pages: usize,
) -> anyhow::Result<Vec<String>> {
    let per_member = halma_activity::SESSIONS_PER_MEMBER.min(halma_activity::STREAMS_PER_MEMBER);
    let mut members = vec![world.user("alice"), world.user("bob")];
    while members.len() * per_member < pages.max(2) {
        members.push(world.user(&format!("watcher{}", members.len())));
    }
    world
        .fake
        .add_activity_instance(bot_harness::fake_discord::TestInstance {
            id: "bench".into(),
            guild: world.fake.guild_id(),
            channel: channel.id,
            users: members.iter().map(|m| m.id).collect(),
        });
    let client = reqwest::Client::new();
    let mut sessions = Vec::with_capacity(pages);
    for i in 0..pages.max(2) {
        // Round the members: Alice first, then Bob, then the watchers.
        let member = &members[i % members.len()];
        let code = format!("bench-{i}");
        world.fake.add_oauth_code(&code, member);
        let token: serde_json::Value = client
            .post(format!("http://{web}/api/token"))
            .json(&serde_json::json!({ "code": code }))
            .send()
            .await?
            .error_for_status()?
            .json()
            .await?;
        let access = token["access_token"].as_str().context("an access token")?;
        let opened: serde_json::Value = client
            .post(format!("http://{web}/api/activity/session"))
            .bearer_auth(access)
            .json(&serde_json::json!({ "instance_id": "bench" }))
            .send()
            .await?
            .error_for_status()?
            .json()
            .await?;
        sessions.push(opened["session"].as_str().context("a session")?.to_owned());
    }
    sessions.truncate(pages.max(2));
    Ok(sessions)
}

/// A table row of percentiles of `values` (sorted in place).
fn row(what: &str, values: &mut [f64]) -> String {
    values.sort_by(f64::total_cmp);
    let at = |q: f64| {
        if values.is_empty() {
            return f64::NAN;
        }
        values[((values.len() - 1) as f64 * q).round() as usize]
    };
    format!(
        "| {what} | {} | {:.1} | {:.1} | {:.1} |",
        values.len(),
        at(0.5),
        at(0.99),
        at(1.0)
    )
}
