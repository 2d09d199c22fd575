//! Load benchmark: the real `halma-bot` binary (the release build `cargo bench` makes) against
//! the fake Discord and a PostgreSQL on the same machine, driven open loop with `/halma move`.
//!
//! ```text
//! DATABASE_URL=postgres://... cargo bench -p halma-bot --bench load [-- --channels 200 \
//!     --rates 50,100,200,300,400 --secs 10 --memory-games 1000 --profile-rate 100 \
//!     --compare-log warn]
//! ```
//!
//! Every flag is also an environment variable: `--channels` is `LOAD_CHANNELS`, and so on (see
//! [`settings::Settings`]). The bot runs in the configuration a user has: no `RUST_LOG`, the
//! default `LOG_FORMAT`, the default timer interval; only the token, the database and the
//! fake Discord's address are set. The run:
//!
//! 1. starts the bot and plays challenges + accepts until every channel has a `standard` game;
//! 2. for each rate, sends moves at fixed intervals (each send its own task, whatever the
//!    replies do) for the step's duration, cycling over the channels, always the player to
//!    move's legal move (a random one, mirrored with the rules crate, so games go on; a game
//!    that ends is replaced). It stops stepping up when p99 passes 1 s or anything fails;
//! 3. profiles the bot at one fixed rate (`perf record -e cpu-clock`, when perf works here);
//! 4. tops the games up to `--memory-games` active ones, plays a move in each, reads the RSS,
//!    and reads it again after a few idle seconds;
//! 5. with `--compare-log`, restarts the bot with that `RUST_LOG` and runs one more step at the
//!    profile rate: a second row, never the headline;
//! 6. times the parts of a move directly: the service call (PostgreSQL), its reads, the reply
//!    with the board PNG, and the PNG alone.
//!
//! Latency is measured around [`bot_harness::fake_discord::FakeDiscord::slash`]: from the call
//! (the fake builds the interaction and dispatches INTERACTION_CREATE at once) until it returns
//! with the complete answer (after the fake has parsed the multipart callback). The fake's
//! share of that shows as the bench process's CPU per move in the table.

mod profile;
mod service;
mod settings;
mod step;

use std::sync::Arc;
use std::time::Duration;

use anyhow::Context as _;
use bot_harness::fake_discord::FakeDiscord;
use bot_harness::{Binary, Bot, TestDb, World};
use tokio::time::Instant;

use bot_harness::lanes::add_lanes;
use bot_harness::procfs::{load_average, mb, postmaster_pid, status_kb, Pids};
use bot_harness::random_moves::Rng;
use settings::Settings;
use step::{ms, run_step, step_header, Step, GIVE_UP_P99, LEGEND};

/// How long the fake waits for one answer before it counts as an error.
const ANSWER_TIMEOUT: Duration = Duration::from_secs(10);
/// The settings the bot gets: what it needs to reach the database and the fake Discord.
const KEPT_SETTINGS: [&str; 4] = [
    "DISCORD_TOKEN",
    "DATABASE_URL",
    "DISCORD_GUILD_ID",
    "DISCORD_PROXY_URL",
];
/// How long the bot idles before the memory it keeps after the load is read.
const IDLE_BEFORE_RSS: Duration = Duration::from_secs(5);

fn main() -> anyhow::Result<()> {
    let settings = Settings::from_env_and_args()?;
    bot_harness::bench::run_with_database("load", run(settings))
}

/// Sets the bot's `RUST_LOG` to `level`, or leaves it unset as a user does; the members' pace
/// stays at its default too.
fn set_log(world: &mut World, level: Option<&str>) {
    world
        .env
        .retain(|(k, _)| k != "RUST_LOG" && k != "MEMBER_ACTIONS_PER_MINUTE");
    if let Some(level) = level {
        world.env.push(("RUST_LOG".into(), level.into()));
    }
}

/// The running bot's pid.
fn bot_pid(world: &World) -> anyhow::Result<u32> {
    world
        .bot
        .as_ref()
        .map(Bot::id)
        .context("the bot is not running")
}

async fn run(settings: Settings) -> anyhow::Result<()> {
    let began = Instant::now();
    let mut rng = Rng(settings.seed);
    println!("load bench: {settings:?}");
    println!(
        "machine: {} cores, load average {} at start",
        std::thread::available_parallelism().map_or(0, |n| n.get()),
        load_average()
    );

    let binary = Binary::new(env!("CARGO_BIN_EXE_halma-bot"), env!("CARGO_TARGET_TMPDIR"));
    let db = TestDb::create("load").await;
    let postgres = postmaster_pid(&db.pool).await;
    let mut world = World::prepare(&binary, "load", FakeDiscord::start().await, db, &[]);
    world
        .env
        .retain(|(k, _)| KEPT_SETTINGS.contains(&k.as_str()));
    set_log(&mut world, settings.bot_log.as_deref());
    world.spawn().await;
    world.fake.set_timeout(ANSWER_TIMEOUT);
    let configuration = match &settings.bot_log {
        None => "the default configuration (no RUST_LOG, LOG_FORMAT unset)".to_string(),
        Some(level) => format!("RUST_LOG={level} (not the default configuration)"),
    };
    let mut pids = Pids {
        bot: bot_pid(&world)?,
        bench: std::process::id(),
        postgres,
    };
    let mut e = Arc::new(world);
    let rss_ready = status_kb(pids.bot, "VmRSS");
    println!(
        "bot ready (pid {}) in {configuration}, RSS {} MB; postgres {}",
        pids.bot,
        mb(rss_ready),
        pids.postgres.map_or(
            "not readable (no CPU figures for it)".to_string(),
            |p| format!("postmaster pid {p}")
        )
    );

    let mut lanes = Vec::new();
    let t = Instant::now();
    add_lanes(&e, &mut lanes, settings.channels).await?;
    let rss_games = status_kb(pids.bot, "VmRSS");
    println!(
        "{} games started in {:.1} s; bot RSS {} MB",
        lanes.len(),
        t.elapsed().as_secs_f64(),
        mb(rss_games)
    );

    println!("\n{}", step_header());
    let mut steps: Vec<Step> = Vec::new();
    for &rate in &settings.rates {
        let count = (rate * settings.secs).round() as usize;
        let step = run_step(
            &format!("{rate}/s"),
            &e,
            &lanes,
            rate,
            count,
            &mut rng,
            pids,
        )
        .await;
        println!("{}", step.row());
        let stop = step.overloaded();
        if let Some(problem) = &step.first_problem {
            println!("  first problem: {problem}");
        }
        steps.push(step);
        if stop {
            println!("  (stopping: p99 over {GIVE_UP_P99:?}, or refusals/errors/skipped sends)");
            break;
        }
        tokio::time::sleep(Duration::from_secs(1)).await;
    }
    let rss_end = status_kb(pids.bot, "VmRSS");

    let mut profile_report = None;
    if settings.profile_rate > 0.0 {
        if profile::perf_works() {
            match profile::profile(&e, &lanes, &settings, &mut rng, pids).await {
                Ok((step, report)) => {
                    println!("{}", step.row());
                    steps.push(step);
                    profile_report = Some(report);
                }
                Err(err) => println!("profile skipped: {err:#}"),
            }
        } else {
            println!("profile skipped: `perf stat -e cpu-clock true` does not work here");
        }
    }

    let mut rss_many = None;
    let mut rss_after = None;
    if settings.memory_games > lanes.len() {
        let t = Instant::now();
        add_lanes(&e, &mut lanes, settings.memory_games).await?;
        println!(
            "topped up to {} games in {:.1} s",
            lanes.len(),
            t.elapsed().as_secs_f64()
        );
        let rate = settings.rates.first().copied().unwrap_or(100.0).max(100.0);
        let step = run_step(
            &format!("{}g", lanes.len()),
            &e,
            &lanes,
            rate,
            lanes.len(),
            &mut rng,
            pids,
        )
        .await;
        println!("{}", step.row());
        steps.push(step);
        rss_many = Some((lanes.len(), status_kb(pids.bot, "VmRSS")));
        tokio::time::sleep(IDLE_BEFORE_RSS).await;
        rss_after = status_kb(pids.bot, "VmRSS");
    }
    let hwm = status_kb(pids.bot, "VmHWM");

    if let Some(level) = &settings.compare_log {
        let world = Arc::get_mut(&mut e).context("a move task still holds the world")?;
        world.kill();
        set_log(world, Some(level));
        world.spawn().await;
        pids.bot = bot_pid(world)?;
        // The profile's rate, or 100 moves/s when no profile ran.
        let rate = if settings.profile_rate > 0.0 {
            settings.profile_rate
        } else {
            100.0
        };
        let count = (rate * settings.secs).round() as usize;
        let step = run_step(
            &format!("{rate}/s {level}"),
            &e,
            &lanes,
            rate,
            count,
            &mut rng,
            pids,
        )
        .await;
        println!("{}  <- RUST_LOG={level}, for comparison only", step.row());
        steps.push(step);
    }
    drop(e);

    let service_report = if settings.service_moves > 0 {
        Some(service::service_bench(&settings, &mut rng).await?)
    } else {
        None
    };

    // The summary.
    println!("\n==================== summary ====================");
    let at_rate = |rate: f64| {
        steps
            .iter()
            .find(|s| (s.rate - rate).abs() < 0.5 && s.label == format!("{rate}/s"))
    };
    let headline = at_rate(100.0).or_else(|| steps.iter().find(|s| s.label == "profile"));
    match headline {
        Some(s) => println!(
            "headline: the bot used {} ms of CPU per move at {} moves/s in {configuration}; \
             p50 {} ms, p99 {} ms",
            s.per_move(Some(s.bot_ticks())),
            s.rate,
            ms(s.p50),
            ms(s.p99)
        ),
        None => println!("headline: no step at 100 moves/s was run"),
    }
    println!("\n{LEGEND}\n{}", step_header());
    for step in &steps {
        println!("{}", step.row());
    }
    let total = |f: fn(&Step) -> usize| steps.iter().map(f).sum::<usize>();
    println!(
        "refusals: {}, errors: {}, skipped sends: {}, games restarted: {}",
        total(|s| s.refused),
        total(|s| s.failed),
        steps.iter().map(|s| s.skipped).sum::<u64>(),
        steps.iter().map(|s| s.restarts).sum::<u64>()
    );
    println!(
        "bot RSS: ready {} MB, {} games {} MB, after the rate steps {} MB{}{}, peak (VmHWM) {} MB",
        mb(rss_ready),
        settings.channels,
        mb(rss_games),
        mb(rss_end),
        rss_many.map_or(String::new(), |(n, kb)| format!(
            ", {n} active games (a move in each) {} MB",
            mb(kb)
        )),
        rss_after.map_or(String::new(), |kb| format!(
            ", {} s after the load stopped {} MB",
            IDLE_BEFORE_RSS.as_secs(),
            mb(Some(kb))
        )),
        mb(hwm)
    );
    println!("\ngoals (issue 11):");
    let verdict = |met: bool| if met { "met" } else { "NOT met" };
    match at_rate(100.0) {
        Some(s) => {
            let cpu = s.bot_ms_per_move();
            println!(
                "  bot CPU per move <= 1.5 ms at 100 moves/s: {} ({})",
                verdict(cpu.is_some_and(|c| c <= 1.5)),
                cpu.map_or("n/a".into(), |c| format!("{c:.2} ms"))
            );
            println!(
                "  p99 <= 20 ms at 100 moves/s: {} (p99 {} ms)",
                verdict(s.p99 <= Duration::from_millis(20) && !s.overloaded()),
                ms(s.p99)
            );
        }
        None => println!("  CPU per move and p99 at 100 moves/s: not measured"),
    }
    let sustained = steps
        .iter()
        .filter(|s| s.label == format!("{}/s", s.rate))
        .filter(|s| s.p99 <= Duration::from_millis(200) && !s.overloaded())
        .map(|s| s.achieved)
        .fold(0.0, f64::max);
    println!(
        "  >= 600 moves/s with p99 <= 200 ms: {} (best achieved with p99 <= 200 ms: {sustained:.0}/s)",
        verdict(sustained >= 595.0)
    );
    if let Some(report) = profile_report {
        println!("\n{report}");
    }
    if let Some(report) = service_report {
        println!("direct timings (library, same PostgreSQL):\n{report}");
    }
    println!(
        "load average at the end: {}; the whole bench took {:.0} s",
        load_average(),
        began.elapsed().as_secs_f64()
    );
    Ok(())
}
