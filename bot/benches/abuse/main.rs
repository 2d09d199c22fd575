//! Abuse benchmark: one member does everything at once that could slow, stall or flood the
//! bot, while two people play a game in another channel; the real `halma-bot` binary (the
//! release build `cargo bench` makes, or `--bot PATH`) against the fake Discord and a local
//! PostgreSQL.
//!
//! ```text
//! DATABASE_URL=postgres://... cargo bench -p halma-bot --bench abuse [-- --bot PATH \
//!     --channels 20 --replays 10 --replay-plies 300 --joins 30 --starts 10 --threads 20 \
//!     --pairs 3 --settle-secs 30 --pace off]
//! ```
//!
//! The run:
//!
//! 1. plays a game of `--replay-plies` random moves between two members (with the members'
//!    pace lifted for this set-up only), then restarts the bot in the configuration a user has:
//!    no `RUST_LOG`, the default pace (`--pace off` lifts it: a second row, never the headline);
//! 2. starts `--pairs` games between two people each, who then play a move every 2 s (within
//!    the members' pace) for the whole run;
//! 3. lets the attacker, all at once: fill a lobby of four with the bot and resign; challenge
//!    the bot at `hard` (the bot moving first) in `--channels` channels and abort each; ask for
//!    `--replays` replays of the long game; with an accomplice, storm a lobby with `--joins`
//!    Join clicks (from as many accounts) and `--starts` Start clicks; open `--threads` threads
//!    with `challenge thread:true`;
//! 4. waits a few seconds and reads what happened: the people's answer times and failures, the
//!    bot's searches (from `/metrics`, when the bot exports them), its CPU after the attack,
//!    the replays, database errors, threads, and boards posted by games with nobody left.

mod attack;
mod people;
mod report;

use std::time::Duration;

use anyhow::{bail, Context as _};
use bot_harness::fake_discord::FakeDiscord;
use bot_harness::{Binary, TestDb, World};

/// The settings the bot gets: what it needs to reach the database and the fake Discord, and
/// the address `/metrics` is read from.
const KEPT_SETTINGS: [&str; 5] = [
    "DISCORD_TOKEN",
    "DATABASE_URL",
    "DISCORD_GUILD_ID",
    "DISCORD_PROXY_URL",
    "METRICS_ADDR",
];

/// How long the fake waits for one answer before it counts as failed.
const ANSWER_TIMEOUT: Duration = Duration::from_secs(10);

/// What the run does; each flag is also read from the environment (`ABUSE_CHANNELS`, ...).
#[derive(Clone, Debug)]
pub struct Settings {
    /// The bot binary to run (default: the one this bench was built with).
    pub bot: Option<String>,
    /// Channels in which the attacker challenges the bot at `hard` and aborts.
    pub channels: usize,
    /// Replays the attacker asks for.
    pub replays: usize,
    /// Plies of the game the replays show.
    pub replay_plies: usize,
    /// Join clicks on the stormed lobby.
    pub joins: usize,
    /// Start clicks on the stormed lobby.
    pub starts: usize,
    /// Threads the attacker asks for.
    pub threads: usize,
    /// `default`, or `off` for a pace high enough never to refuse.
    pub pace: String,
    /// Seconds the people go on playing after the attack was sent.
    pub settle_secs: u64,
    /// Pairs of people playing while the attack goes on.
    pub pairs: usize,
}

impl Settings {
    fn from_env_and_args() -> anyhow::Result<Settings> {
        let mut s = Settings {
            bot: None,
            channels: 20,
            replays: 10,
            replay_plies: 300,
            joins: 30,
            starts: 10,
            threads: 20,
            pace: "default".into(),
            settle_secs: 30,
            pairs: 3,
        };
        let pairs = bot_harness::bench::setting_pairs("ABUSE")?;
        for (key, value) in pairs {
            let number = || value.parse::<usize>().with_context(|| format!("--{key}"));
            match key.as_str() {
                "bot" => s.bot = Some(value.clone()),
                "channels" => s.channels = number()?,
                "replays" => s.replays = number()?,
                "replay-plies" => s.replay_plies = number()?,
                "joins" => s.joins = number()?,
                "starts" => s.starts = number()?,
                "threads" => s.threads = number()?,
                "settle-secs" => s.settle_secs = number()? as u64,
                "pairs" => s.pairs = number()?,
                "pace" if value == "default" || value == "off" => s.pace = value.clone(),
                _ => bail!("unknown setting --{key} {value}"),
            }
        }
        Ok(s)
    }
}

fn main() -> anyhow::Result<()> {
    let settings = Settings::from_env_and_args()?;
    bot_harness::bench::run_with_database("abuse", run(settings))
}

/// A free port on loopback for the bot's `/metrics`.
fn free_port() -> anyhow::Result<u16> {
    Ok(std::net::TcpListener::bind("127.0.0.1:0")?
        .local_addr()?
        .port())
}

async fn run(settings: Settings) -> anyhow::Result<()> {
    println!("abuse bench: {settings:?}");
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
    let db = TestDb::create("abuse").await;
    let metrics = format!("127.0.0.1:{}", free_port()?);
    let mut world = World::prepare(
        &binary,
        "abuse",
        FakeDiscord::start().await,
        db,
        &[("METRICS_ADDR", &metrics)],
    );
    world.fake.set_timeout(ANSWER_TIMEOUT);
    let configured: Vec<(String, String)> = world
        .env
        .iter()
        .filter(|(k, _)| KEPT_SETTINGS.contains(&k.as_str()))
        .cloned()
        .collect();

    // The long game for the replays, played with the pace lifted (set-up, not measured).
    world.env = configured.clone();
    world
        .env
        .push(("MEMBER_ACTIONS_PER_MINUTE".into(), "100000".into()));
    world.spawn().await;
    println!("bot {exe}");
    let replay_room = world.channel("replay-room");
    let t = std::time::Instant::now();
    let plies = people::long_game(&world, &replay_room, settings.replay_plies).await?;
    println!(
        "set-up: a game of {plies} plies in {:.1} s",
        t.elapsed().as_secs_f64()
    );

    // The measured bot: the user's configuration.
    world.kill();
    world.env = configured;
    if settings.pace == "off" {
        world
            .env
            .push(("MEMBER_ACTIONS_PER_MINUTE".into(), "100000".into()));
    }
    world.spawn().await;
    let pid = world.bot.as_ref().map(|b| b.id()).context("the bot runs")?;
    println!(
        "measured bot: pid {pid}, pace {}, no RUST_LOG",
        if settings.pace == "off" {
            "lifted (not the default)"
        } else {
            "default"
        }
    );
    let world = std::sync::Arc::new(world);
    let report = attack::run(&world, &settings, &replay_room, &metrics, pid).await?;
    report.print();
    Ok(())
}
