//! Fleet benchmark: moves per second and answer times with one, two and three `halma-bot`
//! processes in endpoint mode (the release build `cargo bench` makes) behind a real nginx, on
//! one PostgreSQL, against the fake Discord, all on this machine; and the memory of each
//! process.
//!
//! ```text
//! DATABASE_URL=postgres://... cargo bench -p halma-bot --bench fleet [-- --sizes 1,2,3 \
//!     --channels 120 --rates 40,80,160 --secs 10]
//! ```
//!
//! Every flag is also an environment variable (`FLEET_SIZES`, …). The processes run in the
//! configuration a user has: no `RUST_LOG`, the default pace and settings; only the token, the
//! database, the fake Discord's address and the endpoint's address and key are set. For each
//! size the run starts a fresh database and fleet, sets up a `standard` game per channel (each
//! with its own two members, who act well within the default pace), then sends random legal
//! moves open loop at each rate (each send its own task), and stops stepping up when p99 passes
//! one second or anything fails. An answer's time runs from when the move was due to be sent
//! until the fake has the complete answer (the board PNG included) through nginx.

use std::sync::atomic::AtomicU64;
use std::sync::{Arc, Mutex};
use std::time::Duration;

use anyhow::Context as _;
use bot_harness::fake_discord::FakeDiscord;
use bot_harness::lanes::{add_lanes, pick, send_move, Outcome, Sample};
use bot_harness::procfs::{load_average, mb, status_kb};
use bot_harness::random_moves::{lock, Rng};
use bot_harness::{Binary, Bot, Fleet, TestDb, World};
use tokio::task::JoinSet;
use tokio::time::Instant;

/// The settings the processes keep from the harness's: what they need to reach the database
/// and the fake Discord.
const KEPT_SETTINGS: [&str; 4] = [
    "DISCORD_TOKEN",
    "DATABASE_URL",
    "DISCORD_GUILD_ID",
    "DISCORD_PROXY_URL",
];
/// Past this p99 a rate is more than the fleet serves: no higher rate is tried.
const GIVE_UP_P99: Duration = Duration::from_secs(1);
/// How long the fake waits for one answer before it counts as failed.
const ANSWER_TIMEOUT: Duration = Duration::from_secs(10);

#[derive(Debug)]
struct Settings {
    sizes: Vec<usize>,
    channels: usize,
    rates: Vec<f64>,
    secs: f64,
    seed: u64,
}

impl Settings {
    fn read() -> anyhow::Result<Settings> {
        let mut settings = Settings {
            sizes: vec![1, 2, 3],
            channels: 120,
            rates: vec![40.0, 80.0, 160.0],
            secs: 10.0,
            seed: 7,
        };
        for (name, value) in bot_harness::bench::setting_pairs("FLEET")? {
            let list = |v: &str| -> anyhow::Result<Vec<f64>> {
                v.split(',')
                    .map(|x| x.trim().parse::<f64>().context("a number"))
                    .collect()
            };
            match name.as_str() {
                "sizes" => settings.sizes = list(&value)?.into_iter().map(|n| n as usize).collect(),
                "channels" => settings.channels = value.parse()?,
                "rates" => settings.rates = list(&value)?,
                "secs" => settings.secs = value.parse()?,
                "seed" => settings.seed = value.parse()?,
                other => anyhow::bail!("unknown setting --{other}"),
            }
        }
        Ok(settings)
    }
}

fn main() -> anyhow::Result<()> {
    let settings = Settings::read()?;
    bot_harness::bench::run_with_database("fleet", run(settings))
}

/// One rate's figures.
struct Row {
    size: usize,
    rate: f64,
    played: usize,
    refused: usize,
    failed: usize,
    skipped: usize,
    achieved: f64,
    p50: Duration,
    p99: Duration,
    first_problem: Option<String>,
}

impl Row {
    fn print(&self) {
        println!(
            "{:>9} {:>7.0} {:>8} {:>9.1} {:>8.0} {:>8.0} {:>8} {:>7} {:>8}",
            self.size,
            self.rate,
            self.played,
            self.achieved,
            self.p50.as_secs_f64() * 1000.0,
            self.p99.as_secs_f64() * 1000.0,
            self.refused,
            self.failed,
            self.skipped
        );
        if let Some(problem) = &self.first_problem {
            println!("          first problem: {problem}");
        }
    }

    fn overloaded(&self) -> bool {
        self.p99 > GIVE_UP_P99 || self.failed > 0 || self.refused > 0 || self.skipped > 0
    }
}

async fn run(settings: Settings) -> anyhow::Result<()> {
    println!("fleet bench: {settings:?}");
    println!(
        "machine: {} cores, load average {} at start; processes in the default configuration \
         (no RUST_LOG, default pace)",
        std::thread::available_parallelism().map_or(0, |n| n.get()),
        load_average()
    );
    let binary = Binary::new(env!("CARGO_BIN_EXE_halma-bot"), env!("CARGO_TARGET_TMPDIR"));
    let mut rng = Rng(settings.seed);
    let mut rows = Vec::new();
    println!(
        "\n{:>9} {:>7} {:>8} {:>9} {:>8} {:>8} {:>8} {:>7} {:>8}",
        "processes",
        "rate/s",
        "played",
        "moves/s",
        "p50 ms",
        "p99 ms",
        "refused",
        "failed",
        "skipped"
    );
    for &size in &settings.sizes {
        let db = TestDb::create(&format!("fleet{size}")).await;
        let mut world = World::prepare(&binary, "fleet", FakeDiscord::start().await, db, &[]);
        world
            .env
            .retain(|(k, _)| KEPT_SETTINGS.contains(&k.as_str()));
        world.fake.set_timeout(ANSWER_TIMEOUT);
        let fleet = Fleet::start(&world, size, &[]).await;
        let world = Arc::new(world);
        let mut lanes = Vec::new();
        add_lanes(&world, &mut lanes, settings.channels).await?;
        for &rate in &settings.rates {
            let row = step(&world, &lanes, size, rate, settings.secs, &mut rng).await;
            row.print();
            let stop = row.overloaded();
            rows.push(row);
            if stop {
                break;
            }
            tokio::time::sleep(Duration::from_secs(1)).await;
        }
        let rss: Vec<String> = fleet
            .members
            .iter()
            .map(|m| {
                mb(m.bot
                    .as_ref()
                    .map(Bot::id)
                    .and_then(|p| status_kb(p, "VmRSS")))
            })
            .collect();
        println!(
            "          RSS per process after the load: {} MB",
            rss.join(", ")
        );
        drop(fleet);
    }
    // The headline: the best rate each size served within the limits, as a ratio to one.
    let best = |size: usize| {
        rows.iter()
            .filter(|r| r.size == size && !r.overloaded())
            .map(|r| r.achieved)
            .fold(0.0, f64::max)
    };
    if let Some(&first) = settings.sizes.first() {
        let base = best(first);
        for &size in &settings.sizes {
            println!(
                "{size} process(es): {:.1} moves/s served within p99 {} ms ({:.2}x of {first})",
                best(size),
                GIVE_UP_P99.as_millis(),
                if base > 0.0 { best(size) / base } else { 0.0 }
            );
        }
    }
    Ok(())
}

/// Sends `rate` moves a second for `secs` seconds, open loop, and measures them.
async fn step(
    world: &Arc<World>,
    lanes: &[Arc<Mutex<bot_harness::lanes::Lane>>],
    size: usize,
    rate: f64,
    secs: f64,
    rng: &mut Rng,
) -> Row {
    let count = (rate * secs).round() as usize;
    let interval = Duration::from_secs_f64(1.0 / rate);
    let samples = Arc::new(Mutex::new(Vec::<Sample>::new()));
    let restarts = Arc::new(AtomicU64::new(0));
    let mut tasks = JoinSet::new();
    let mut cursor = 0;
    let mut skipped = 0;
    let mut due = Instant::now();
    for _ in 0..count {
        due += interval;
        tokio::time::sleep_until(due).await;
        match pick(lanes, &mut cursor, rng) {
            Some(job) => {
                let lane = lanes[job.lane].clone();
                tasks.spawn(send_move(
                    world.clone(),
                    lane,
                    job,
                    due,
                    samples.clone(),
                    restarts.clone(),
                ));
            }
            None => skipped += 1,
        }
    }
    while tasks.join_next().await.is_some() {}
    let samples = std::mem::take(&mut *lock(&samples));
    let mut times: Vec<Duration> = samples
        .iter()
        .filter(|s| matches!(s.outcome, Outcome::Played))
        .map(|s| s.done - s.intended)
        .collect();
    times.sort();
    let at = |q: f64| {
        times
            .get(((times.len() as f64 * q).ceil() as usize).saturating_sub(1))
            .copied()
            .unwrap_or_default()
    };
    let span = match (
        samples.iter().map(|s| s.intended).min(),
        samples.iter().map(|s| s.done).max(),
    ) {
        (Some(first), Some(last)) => (last - first).as_secs_f64(),
        _ => 0.0,
    };
    let first_problem = samples.iter().find_map(|s| match &s.outcome {
        Outcome::Played => None,
        Outcome::Refused(why) | Outcome::Failed(why) => Some(why.clone()),
    });
    Row {
        size,
        rate,
        played: times.len(),
        refused: samples
            .iter()
            .filter(|s| matches!(s.outcome, Outcome::Refused(_)))
            .count(),
        failed: samples
            .iter()
            .filter(|s| matches!(s.outcome, Outcome::Failed(_)))
            .count(),
        skipped,
        achieved: if span > 0.0 {
            times.len() as f64 / span
        } else {
            0.0
        },
        p50: at(0.5),
        p99: at(0.99),
        first_problem,
    }
}
