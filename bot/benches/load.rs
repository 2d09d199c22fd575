//! Load benchmark: the real `halma-bot` binary (the release build `cargo bench` makes) against
//! the fake Discord and a PostgreSQL on the same machine, driven open loop with `/halma move`.
//!
//! ```text
//! DATABASE_URL=postgres://... cargo bench -p halma-bot --bench load [-- --channels 200 \
//!     --rates 50,100,200,300,400 --secs 10 --memory-games 1000 --profile-rate 100]
//! ```
//!
//! Every flag is also an environment variable: `--channels` is `LOAD_CHANNELS`, and so on (see
//! [`Settings`]). The run:
//!
//! 1. starts the bot and plays challenges + accepts until every channel has a `standard` game;
//! 2. for each rate, sends moves at fixed intervals (each send its own task, whatever the
//!    replies do) for the step's duration, cycling over the channels, always the player to
//!    move's legal move (a random one, mirrored with the rules crate, so games go on; a game
//!    that ends is replaced). It stops stepping up when p99 passes 1 s or anything fails;
//! 3. profiles the bot at one fixed rate (`perf record -e cpu-clock`, when perf works here);
//! 4. tops the games up to `--memory-games` active ones, plays a move in each, reads the RSS;
//! 5. times the parts of a move directly: the service call (PostgreSQL), its reads, the reply
//!    with the board PNG, and the PNG alone.
//!
//! Latency is measured around [`fake_discord::FakeDiscord::slash`]: from the call (the fake
//! builds the interaction and dispatches INTERACTION_CREATE at once) until it returns with the
//! complete answer (after the fake has parsed the multipart callback). The fake's share of that
//! shows as the bench process's CPU per move in the table.

#[path = "../tests/common/mod.rs"]
mod common;
#[allow(dead_code, unused_imports)]
#[path = "../tests/e2e/support.rs"]
mod support;

use std::fmt::Write as _;
use std::process::{Command, Stdio};
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex, MutexGuard};
use std::time::Duration;

use anyhow::{bail, Context as _};
use fake_discord::{Answer, FakeError, TestChannel, TestUser};
use halma::{Game, Move, MoveText, Options, Position, Square, Variant};
use halma_bot::clock::SystemClock;
use halma_bot::locale::Lang;
use halma_bot::service::{ChallengeRequest, FirstMover};
use halma_bot::{present, Db, Service};
use serde_json::json;
use support::{E2e, TestDb, APOLOGY};
use tokio::task::JoinSet;
use tokio::time::Instant;

/// A latency above which the bench stops stepping the rate up.
const GIVE_UP_P99: Duration = Duration::from_secs(1);
/// How long the fake waits for one answer before it counts as an error.
const ANSWER_TIMEOUT: Duration = Duration::from_secs(10);
/// How many games are set up at once.
const SETUP_PARALLEL: usize = 8;
/// Linux reports process CPU time in ticks of this many per second (`getconf CLK_TCK`).
const TICKS_PER_SEC: f64 = 100.0;

/// What to run; each from a flag or its environment variable.
#[derive(Clone, Debug)]
struct Settings {
    /// `--channels` / `LOAD_CHANNELS`: channels with a game during the rate steps.
    channels: usize,
    /// `--rates` / `LOAD_RATES`: moves per second of each step, in order.
    rates: Vec<f64>,
    /// `--secs` / `LOAD_SECS`: seconds per step.
    secs: f64,
    /// `--memory-games` / `LOAD_MEMORY_GAMES`: active games for the memory figure (0: skip).
    memory_games: usize,
    /// `--profile-rate` / `LOAD_PROFILE_RATE`: moves per second while perf samples (0: skip).
    profile_rate: f64,
    /// `--profile-secs` / `LOAD_PROFILE_SECS`: seconds of the profile.
    profile_secs: f64,
    /// `--service-moves` / `LOAD_SERVICE_MOVES`: moves of the direct service timing (0: skip).
    service_moves: usize,
    /// `--long-plies` / `LOAD_LONG_PLIES`: length of the game timed ply by ply.
    long_plies: usize,
    /// `--seed` / `LOAD_SEED`: the random moves' seed.
    seed: u64,
    /// `--bot-log` / `LOAD_BOT_LOG`: the bot's `RUST_LOG`.
    bot_log: String,
}

impl Settings {
    fn from_env_and_args() -> anyhow::Result<Settings> {
        let mut values: Vec<(String, String)> = Vec::new();
        for (key, value) in std::env::vars() {
            if let Some(name) = key.strip_prefix("LOAD_") {
                values.push((name.to_ascii_lowercase().replace('_', "-"), value));
            }
        }
        let mut args = std::env::args().skip(1);
        while let Some(arg) = args.next() {
            // `cargo bench` passes `--bench`; a filter word is of no use here.
            if arg == "--bench" || !arg.starts_with("--") {
                continue;
            }
            let flag = &arg[2..];
            let (name, value) = match flag.split_once('=') {
                Some((name, value)) => (name.to_string(), value.to_string()),
                None => {
                    let value = args
                        .next()
                        .with_context(|| format!("--{flag} needs a value"))?;
                    (flag.to_string(), value)
                }
            };
            values.push((name, value));
        }
        let mut s = Settings {
            channels: 200,
            rates: vec![50.0, 100.0, 200.0, 300.0, 400.0],
            secs: 10.0,
            memory_games: 1000,
            profile_rate: 100.0,
            profile_secs: 8.0,
            service_moves: 400,
            long_plies: 400,
            seed: 0x5EED_1234_ABCD_0001,
            bot_log: "warn".to_string(),
        };
        for (name, value) in values {
            let bad = || format!("bad value {value:?} for --{name}");
            match name.as_str() {
                "channels" => s.channels = value.parse().with_context(bad)?,
                "rates" => {
                    s.rates = value
                        .split(',')
                        .map(|r| r.trim().parse::<f64>())
                        .collect::<Result<_, _>>()
                        .with_context(bad)?
                }
                "secs" => s.secs = value.parse().with_context(bad)?,
                "memory-games" => s.memory_games = value.parse().with_context(bad)?,
                "profile-rate" => s.profile_rate = value.parse().with_context(bad)?,
                "profile-secs" => s.profile_secs = value.parse().with_context(bad)?,
                "service-moves" => s.service_moves = value.parse().with_context(bad)?,
                "long-plies" => s.long_plies = value.parse().with_context(bad)?,
                "seed" => s.seed = value.parse().with_context(bad)?,
                "bot-log" => s.bot_log = value,
                other => bail!("unknown setting --{other} (LOAD_{})", other.to_uppercase()),
            }
        }
        if s.channels == 0 || s.rates.iter().any(|r| *r <= 0.0) || s.secs <= 0.0 {
            bail!("channels, rates and secs must be positive: {s:?}");
        }
        Ok(s)
    }
}

/// SplitMix64: enough randomness to pick moves, reproducible from the seed.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }
}

/// A random legal move for the player to move, with the text `/halma move` takes for it.
fn random_move(game: &Game, rng: &mut Rng) -> Option<(Move, String, String)> {
    let moves = game.position().legal_moves(game.options());
    if moves.is_empty() {
        return None;
    }
    let mv = moves[rng.below(moves.len())];
    let chain = game.position().chain(mv, game.options())?;
    let to: Vec<String> = chain[1..].iter().map(Square::to_string).collect();
    Some((mv, mv.from.to_string(), to.join(" ")))
}

/// A new game of `standard`, as the bot starts it.
fn standard_game() -> Game {
    Game::new(
        Position::start(Variant::Standard),
        Options::for_variant(Variant::Standard),
    )
}

fn lock<T>(mutex: &Mutex<T>) -> MutexGuard<'_, T> {
    mutex
        .lock()
        .unwrap_or_else(|poisoned| poisoned.into_inner())
}

// ---------------------------------------------------------------------------------------------
// Processes: memory and CPU time from /proc.

/// A field of `/proc/<pid>/status` in kB (`VmRSS`, `VmHWM`).
fn status_kb(pid: u32, field: &str) -> Option<u64> {
    let status = std::fs::read_to_string(format!("/proc/{pid}/status")).ok()?;
    status.lines().find_map(|line| {
        let rest = line.strip_prefix(field)?.strip_prefix(':')?;
        rest.trim().trim_end_matches("kB").trim().parse().ok()
    })
}

fn mb(kb: Option<u64>) -> String {
    kb.map_or("n/a".to_string(), |kb| format!("{:.1}", kb as f64 / 1024.0))
}

/// The fields of `/proc/<pid>/stat` after the command name: state, ppid, ...
fn stat_fields(pid: u32) -> Option<Vec<u64>> {
    let stat = std::fs::read_to_string(format!("/proc/{pid}/stat")).ok()?;
    let after = &stat[stat.rfind(')')? + 1..];
    // Field 3 (the state) is a letter; keep positions by mapping it to 0.
    Some(
        after
            .split_whitespace()
            .map(|f| f.parse().unwrap_or(0))
            .collect(),
    )
}

fn comm(pid: u32) -> Option<String> {
    std::fs::read_to_string(format!("/proc/{pid}/comm"))
        .ok()
        .map(|c| c.trim().to_string())
}

/// CPU ticks (user + system) of a process; with its reaped children's when `children`.
fn cpu_ticks(pid: u32, children: bool) -> Option<u64> {
    let f = stat_fields(pid)?;
    // utime, stime, cutime, cstime are fields 14-17, here 11-14.
    let own = f.get(11)? + f.get(12)?;
    Some(if children {
        own + f.get(13)? + f.get(14)?
    } else {
        own
    })
}

fn all_pids() -> Vec<u32> {
    std::fs::read_dir("/proc")
        .map(|dir| {
            dir.filter_map(|e| e.ok()?.file_name().to_str()?.parse().ok())
                .collect()
        })
        .unwrap_or_default()
}

fn children_of(parent: u32) -> Vec<u32> {
    all_pids()
        .into_iter()
        .filter(|&pid| stat_fields(pid).and_then(|f| f.get(1).copied()) == Some(u64::from(parent)))
        .collect()
}

/// The bot process this bench spawned.
fn bot_pid() -> anyhow::Result<u32> {
    children_of(std::process::id())
        .into_iter()
        .find(|&pid| comm(pid).as_deref() == Some("halma-bot"))
        .context("no halma-bot child process")
}

/// The processes whose CPU time a phase reports.
#[derive(Clone, Copy)]
struct Pids {
    bot: u32,
    bench: u32,
    /// The postmaster: its backends are its children.
    postgres: Option<u32>,
}

/// CPU ticks of the bot, this process (load generator and fake Discord) and PostgreSQL.
#[derive(Clone, Copy, Default)]
struct Cpu {
    bot: u64,
    bench: u64,
    postgres: Option<u64>,
}

impl Pids {
    fn cpu(&self) -> Cpu {
        let postgres = self.postgres.and_then(|pm| {
            let own = cpu_ticks(pm, true)?;
            Some(
                own + children_of(pm)
                    .into_iter()
                    .filter_map(|c| cpu_ticks(c, false))
                    .sum::<u64>(),
            )
        });
        Cpu {
            bot: cpu_ticks(self.bot, false).unwrap_or(0),
            bench: cpu_ticks(self.bench, false).unwrap_or(0),
            postgres,
        }
    }
}

/// The postmaster of the server at `url` (from its data directory), when this user may read it.
async fn postmaster_pid(pool: &sqlx::PgPool) -> Option<u32> {
    let dir: String = sqlx::query_scalar("SELECT current_setting('data_directory')")
        .fetch_one(pool)
        .await
        .ok()?;
    let pidfile = std::fs::read_to_string(format!("{dir}/postmaster.pid")).ok()?;
    pidfile.lines().next()?.trim().parse().ok()
}

fn load_average() -> String {
    std::fs::read_to_string("/proc/loadavg")
        .map(|l| l.split_whitespace().take(3).collect::<Vec<_>>().join(" "))
        .unwrap_or_else(|_| "n/a".to_string())
}

// ---------------------------------------------------------------------------------------------
// Games in channels.

/// One channel with its game, mirrored with the rules crate.
struct Lane {
    channel: TestChannel,
    /// Seat a (the challenger, who moves first), then seat b.
    seats: [TestUser; 2],
    game: Game,
    /// A move is in flight (or a new game is being set up).
    busy: bool,
    /// Something went wrong here; the mirror may be off, so no more moves.
    dead: bool,
}

/// A move chosen for a lane.
struct Job {
    lane: usize,
    user: TestUser,
    channel: TestChannel,
    text: MoveText,
    from: String,
    to: String,
}

/// Challenges seat b to a `standard` game in the lane's channel as seat a, and accepts.
async fn start_game(e: &E2e, channel: &TestChannel, seats: &[TestUser; 2]) -> anyhow::Result<()> {
    let challenge = e
        .fake
        .slash(
            &seats[0],
            channel,
            "halma",
            "challenge",
            &[
                ("opponent", seats[1].option_value()),
                ("variant", json!("standard")),
                ("first", json!("me")),
            ],
        )
        .await
        .with_context(|| format!("challenge in #{}", channel.name))?;
    let message = match (challenge.ephemeral, challenge.message_id) {
        (false, Some(message)) => message,
        _ => bail!(
            "the challenge in #{} was refused: {challenge:?}",
            channel.name
        ),
    };
    e.wait_challenge_recorded(message).await;
    let started = e
        .fake
        .click(&seats[1], &challenge, "Accept")
        .await
        .with_context(|| format!("accept in #{}", channel.name))?;
    if started.ephemeral || started.callback_type != 7 {
        bail!("accepting in #{} failed: {started:?}", channel.name);
    }
    Ok(())
}

/// Adds lanes with a started game until there are `total`, a few set up at once.
async fn add_lanes(
    e: &Arc<E2e>,
    lanes: &mut Vec<Arc<Mutex<Lane>>>,
    total: usize,
) -> anyhow::Result<()> {
    let mut set: JoinSet<anyhow::Result<Lane>> = JoinSet::new();
    let mut next = lanes.len();
    let mut added = Vec::new();
    while next < total || !set.is_empty() {
        while next < total && set.len() < SETUP_PARALLEL {
            let e = e.clone();
            let channel = e.channel(&format!("load-{next}"));
            let seats = [
                e.user(&format!("load{next}a")),
                e.user(&format!("load{next}b")),
            ];
            set.spawn(async move {
                start_game(&e, &channel, &seats).await?;
                Ok(Lane {
                    channel,
                    seats,
                    game: standard_game(),
                    busy: false,
                    dead: false,
                })
            });
            next += 1;
        }
        if let Some(joined) = set.join_next().await {
            added.push(joined.context("a setup task panicked")??);
        }
    }
    // Keep the channel order stable (setups finish in any order).
    added.sort_by_key(|l: &Lane| {
        l.channel
            .name
            .trim_start_matches("load-")
            .parse::<usize>()
            .unwrap_or(0)
    });
    lanes.extend(added.into_iter().map(|l| Arc::new(Mutex::new(l))));
    Ok(())
}

/// How one move went.
#[derive(Clone, Debug)]
enum Outcome {
    Played,
    Refused(String),
    Failed(String),
}

/// One move sent.
struct Sample {
    intended: Instant,
    sent: Instant,
    done: Instant,
    outcome: Outcome,
}

/// Whether an answer to a move is the public board a move gets.
fn judge(result: &Result<Answer, FakeError>) -> Outcome {
    let answer = match result {
        Ok(answer) => answer,
        Err(e) => return Outcome::Failed(e.to_string()),
    };
    let boards = answer
        .files
        .iter()
        .filter(|f| f.filename.ends_with(".png"))
        .count();
    if answer.ephemeral {
        Outcome::Refused(answer.content.clone())
    } else if answer.content.contains(APOLOGY) || answer.callback_type != 4 || boards != 1 {
        Outcome::Failed(format!(
            "callback type {}, {boards} board images: {:?}",
            answer.callback_type, answer.content
        ))
    } else {
        Outcome::Played
    }
}

/// Picks the next idle lane after `cursor` and its move; `None` when every lane is busy.
fn pick(lanes: &[Arc<Mutex<Lane>>], cursor: &mut usize, rng: &mut Rng) -> Option<Job> {
    for _ in 0..lanes.len() {
        let index = *cursor;
        *cursor = (*cursor + 1) % lanes.len();
        let mut lane = lock(&lanes[index]);
        if lane.busy || lane.dead || lane.game.outcome().is_over() {
            continue;
        }
        let Some((mv, from, to)) = random_move(&lane.game, rng) else {
            continue;
        };
        lane.busy = true;
        let mover = lane.game.position().to_move().index();
        return Some(Job {
            lane: index,
            user: lane.seats[mover].clone(),
            channel: lane.channel.clone(),
            text: MoveText::from(mv),
            from,
            to,
        });
    }
    None
}

/// Sends one move, mirrors it, and starts a new game when it ended one.
async fn send_move(
    e: Arc<E2e>,
    lane: Arc<Mutex<Lane>>,
    job: Job,
    intended: Instant,
    samples: Arc<Mutex<Vec<Sample>>>,
    restarts: Arc<AtomicU64>,
) {
    let sent = Instant::now();
    let result = e
        .fake
        .slash(
            &job.user,
            &job.channel,
            "halma",
            "move",
            &[("from", json!(job.from)), ("to", json!(job.to))],
        )
        .await;
    let done = Instant::now();
    let mut outcome = judge(&result);
    let restart = {
        let mut lane = lock(&lane);
        match &outcome {
            Outcome::Played => match lane.game.play(&job.text) {
                Ok(_) => {}
                Err(err) => {
                    outcome = Outcome::Failed(format!("the mirror refused {}: {err}", job.text));
                    lane.dead = true;
                }
            },
            _ => lane.dead = true,
        }
        let over = !lane.dead && lane.game.outcome().is_over();
        if !over {
            lane.busy = false;
        }
        over.then(|| (lane.channel.clone(), lane.seats.clone()))
    };
    lock(&samples).push(Sample {
        intended,
        sent,
        done,
        outcome,
    });
    if let Some((channel, seats)) = restart {
        restarts.fetch_add(1, Ordering::Relaxed);
        let started = start_game(&e, &channel, &seats).await;
        let mut lane = lock(&lane);
        match started {
            Ok(()) => {
                lane.game = standard_game();
            }
            Err(err) => {
                eprintln!("lane {}: no new game: {err:#}", job.lane);
                lane.dead = true;
            }
        }
        lane.busy = false;
    }
}

/// What one open-loop run measured.
struct Step {
    label: String,
    rate: f64,
    sent: usize,
    played: usize,
    refused: usize,
    failed: usize,
    /// Sends that found every channel busy with a move in flight.
    skipped: u64,
    restarts: u64,
    /// From `slash()` to its return, over answered moves.
    p50: Duration,
    p90: Duration,
    p99: Duration,
    max: Duration,
    /// How late sends left against their schedule (the load generator's own delay).
    lag_p99: Duration,
    /// Moves answered per second, from the first scheduled send to the last answer.
    achieved: f64,
    cpu: (Cpu, Cpu),
    rss_kb: Option<u64>,
    load: String,
    first_problem: Option<String>,
}

impl Step {
    fn overloaded(&self) -> bool {
        self.p99 > GIVE_UP_P99 || self.refused + self.failed > 0 || self.skipped > 0
    }

    /// CPU milliseconds per answered move of a tick difference.
    fn per_move(&self, ticks: Option<u64>) -> String {
        match ticks {
            Some(t) if self.played > 0 => {
                format!(
                    "{:.2}",
                    t as f64 * 1000.0 / TICKS_PER_SEC / self.played as f64
                )
            }
            _ => "n/a".to_string(),
        }
    }

    fn row(&self) -> String {
        let (before, after) = self.cpu;
        let pg = match (before.postgres, after.postgres) {
            (Some(b), Some(a)) => Some(a.saturating_sub(b)),
            _ => None,
        };
        format!(
            "{:<9} {:>6.0} {:>6} {:>6} {:>4} {:>4} {:>4} {:>7} {:>7} {:>7} {:>7} {:>7} {:>8.1} {:>7} {:>7} {:>7} {:>7}  {}",
            self.label,
            self.rate,
            self.sent,
            self.played,
            self.refused,
            self.failed,
            self.skipped,
            ms(self.p50),
            ms(self.p90),
            ms(self.p99),
            ms(self.max),
            ms(self.lag_p99),
            self.achieved,
            self.per_move(Some(after.bot.saturating_sub(before.bot))),
            self.per_move(Some(after.bench.saturating_sub(before.bench))),
            self.per_move(pg),
            mb(self.rss_kb),
            self.load,
        )
    }
}

/// The columns of [`Step::row`].
fn step_header() -> String {
    format!(
        "{:<9} {:>6} {:>6} {:>6} {:>4} {:>4} {:>4} {:>7} {:>7} {:>7} {:>7} {:>7} {:>8} {:>7} {:>7} {:>7} {:>7}  {}",
        "step", "rate/s", "sent", "ok", "ref", "err", "skip", "p50 ms", "p90 ms", "p99 ms",
        "max ms", "lag99", "done/s", "bot cpu", "bench", "pg cpu", "RSS MB", "load avg"
    )
}

/// What the columns mean.
const LEGEND: &str = "\
ok / ref / err: moves answered with the board / refused / failed or timed out. skip: scheduled
sends that found every channel with a move still in flight (the bot is behind). p50-max: from
the slash() call to the complete answer. lag99: p99 of how late the generator sent. done/s:
boards per second from the first scheduled send to the last answer. bot cpu, bench (the load
generator and the fake Discord), pg cpu (postmaster and backends): CPU ms per answered move.
RSS MB: the bot's VmRSS after the step. load avg: /proc/loadavg after the step.";

fn ms(d: Duration) -> String {
    format!("{:.1}", d.as_secs_f64() * 1000.0)
}

/// The nearest-rank percentile of sorted durations.
fn percentile(sorted: &[Duration], p: f64) -> Duration {
    if sorted.is_empty() {
        return Duration::ZERO;
    }
    let rank = ((p * sorted.len() as f64).ceil() as usize).clamp(1, sorted.len());
    sorted[rank - 1]
}

/// Sends `count` moves at `rate` per second over `lanes`, open loop, and waits for the answers.
#[allow(clippy::too_many_arguments)]
async fn run_step(
    label: &str,
    e: &Arc<E2e>,
    lanes: &[Arc<Mutex<Lane>>],
    rate: f64,
    count: usize,
    rng: &mut Rng,
    pids: Pids,
) -> Step {
    let samples = Arc::new(Mutex::new(Vec::with_capacity(count)));
    let restarts = Arc::new(AtomicU64::new(0));
    let mut skipped = 0;
    let mut cursor = 0;
    let mut tasks = JoinSet::new();
    let interval = Duration::from_secs_f64(1.0 / rate);
    let cpu_before = pids.cpu();
    let start = Instant::now() + Duration::from_millis(20);
    for i in 0..count {
        let intended = start + interval.mul_f64(i as f64);
        tokio::time::sleep_until(intended).await;
        match pick(lanes, &mut cursor, rng) {
            Some(job) => {
                let lane = lanes[job.lane].clone();
                tasks.spawn(send_move(
                    e.clone(),
                    lane,
                    job,
                    intended,
                    samples.clone(),
                    restarts.clone(),
                ));
            }
            None => skipped += 1,
        }
    }
    while let Some(joined) = tasks.join_next().await {
        if let Err(err) = joined {
            eprintln!("a move task panicked: {err}");
        }
    }
    let cpu_after = pids.cpu();
    let samples = std::mem::take(&mut *lock(&samples));
    let mut answered: Vec<Duration> = samples
        .iter()
        .filter(|s| !matches!(s.outcome, Outcome::Failed(_)))
        .map(|s| s.done - s.sent)
        .collect();
    answered.sort();
    let mut lags: Vec<Duration> = samples.iter().map(|s| s.sent - s.intended).collect();
    lags.sort();
    let played = samples
        .iter()
        .filter(|s| matches!(s.outcome, Outcome::Played))
        .count();
    let refused = samples
        .iter()
        .filter(|s| matches!(s.outcome, Outcome::Refused(_)))
        .count();
    let failed = samples
        .iter()
        .filter(|s| matches!(s.outcome, Outcome::Failed(_)))
        .count();
    let last = samples.iter().map(|s| s.done).max().unwrap_or(start);
    let span = (last - start).as_secs_f64().max(1e-9);
    let first_problem = samples.iter().find_map(|s| match &s.outcome {
        Outcome::Played => None,
        Outcome::Refused(text) => Some(format!("refused: {text}")),
        Outcome::Failed(text) => Some(format!("failed: {text}")),
    });
    Step {
        label: label.to_string(),
        rate,
        sent: samples.len(),
        played,
        refused,
        failed,
        skipped,
        restarts: restarts.load(Ordering::Relaxed),
        p50: percentile(&answered, 0.50),
        p90: percentile(&answered, 0.90),
        p99: percentile(&answered, 0.99),
        max: answered.last().copied().unwrap_or_default(),
        lag_p99: percentile(&lags, 0.99),
        achieved: played as f64 / span,
        cpu: (cpu_before, cpu_after),
        rss_kb: status_kb(pids.bot, "VmRSS"),
        load: load_average(),
        first_problem,
    }
}

// ---------------------------------------------------------------------------------------------
// The profile.

/// Whether `perf` can sample here (hardware counters often cannot; the cpu-clock timer can).
fn perf_works() -> bool {
    Command::new("perf")
        .args(["stat", "-e", "cpu-clock", "true"])
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .status()
        .is_ok_and(|s| s.success())
}

/// Categories of sampled symbols, first match wins: a name, then parts of symbol names.
const CATEGORIES: &[(&str, &str)] = &[
    (
        "board render + PNG encoding",
        "halma_render png:: zlib_rs fdeflate miniz flate2::mem::Compress crc32fast adler ab_glyph \
         ttf_parser",
    ),
    ("sqlx / PostgreSQL client", "sqlx postgres"),
    ("rules (replay, move checks)", "halma::"),
    ("JSON (serde)", "serde_json serde::"),
    ("gateway websocket", "tungstenite Decompress inflate"),
    (
        "HTTP client (reqwest/hyper, multipart)",
        "hyper reqwest h2:: http:: mime multipart url:: rustls",
    ),
    ("serenity / poise", "serenity poise"),
    ("tracing", "tracing"),
    ("tokio runtime", "tokio mio::"),
    (
        "allocation / memset / memcpy (libc)",
        "malloc free realloc calloc memcpy memmove memset _int_ memcmp unlink_chunk",
    ),
    ("formatting", "fmt::"),
];

/// Where a sampled symbol's time goes.
fn category(dso: &str, symbol: &str) -> &'static str {
    if dso.starts_with("[kernel") {
        return "kernel (syscalls, network, scheduling)";
    }
    CATEGORIES
        .iter()
        .find(|(_, needles)| needles.split_whitespace().any(|n| symbol.contains(n)))
        .map_or("other", |(name, _)| name)
}

/// Samples the bot with `perf record` while moves run at `rate`; returns the report.
async fn profile(
    e: &Arc<E2e>,
    lanes: &[Arc<Mutex<Lane>>],
    settings: &Settings,
    rng: &mut Rng,
    pids: Pids,
) -> anyhow::Result<(Step, String)> {
    let data = std::env::temp_dir().join(format!("halma-load-{}.perf", std::process::id()));
    let secs = settings.profile_secs;
    let mut perf = tokio::process::Command::new("perf")
        .args(["record", "-e", "cpu-clock", "-F", "499", "-p"])
        .arg(pids.bot.to_string())
        .arg("-o")
        .arg(&data)
        .args(["--", "sleep"])
        .arg(format!("{secs}"))
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .context("starting perf record")?;
    // Give perf a moment to attach before the moves start.
    tokio::time::sleep(Duration::from_millis(300)).await;
    let count = ((secs - 0.6).max(1.0) * settings.profile_rate) as usize;
    let step = run_step("profile", e, lanes, settings.profile_rate, count, rng, pids).await;
    let status = perf.wait().await.context("waiting for perf")?;
    if !status.success() {
        bail!("perf record failed: {status}");
    }
    let report = Command::new("perf")
        .args([
            "report",
            "--stdio",
            "--no-children",
            "--sort",
            "dso,sym",
            "-i",
        ])
        .arg(&data)
        .stderr(Stdio::null())
        .output()
        .context("running perf report")?;
    let _ = std::fs::remove_file(&data);
    let text = String::from_utf8_lossy(&report.stdout);
    let mut by_category: Vec<(&'static str, f64)> = Vec::new();
    let mut top = Vec::new();
    let mut total_samples = String::new();
    for line in text.lines() {
        if line.starts_with("# Samples:") {
            total_samples = line.trim_start_matches("# ").to_string();
        }
        let line = line.trim();
        let Some((pct, rest)) = line.split_once('%') else {
            continue;
        };
        let Ok(pct) = pct.trim().parse::<f64>() else {
            continue;
        };
        let mut parts = rest.split_whitespace();
        let dso = parts.next().unwrap_or("");
        let symbol = parts.collect::<Vec<_>>().join(" ");
        let cat = category(dso, &symbol);
        match by_category.iter_mut().find(|(c, _)| *c == cat) {
            Some((_, sum)) => *sum += pct,
            None => by_category.push((cat, pct)),
        }
        if top.len() < 25 {
            let shown: String = symbol.chars().take(110).collect();
            top.push(format!("  {pct:>6.2}%  {dso:<16} {shown}"));
        }
    }
    by_category.sort_by(|a, b| b.1.total_cmp(&a.1));
    let (before, after) = step.cpu;
    let bot_ms = after.bot.saturating_sub(before.bot) as f64 * 1000.0
        / TICKS_PER_SEC
        / step.played.max(1) as f64;
    let mut out = String::new();
    let _ = writeln!(
        out,
        "perf record -e cpu-clock -F 499 on the bot ({total_samples}) at {} moves/s; the bot \
         used {bot_ms:.2} ms of CPU per move; by category (% of samples, ms per move):",
        settings.profile_rate
    );
    for (cat, pct) in &by_category {
        let _ = writeln!(
            out,
            "  {pct:>6.2}%  {:>5.2} ms  {cat}",
            bot_ms * pct / 100.0
        );
    }
    let _ = writeln!(out, "top symbols:");
    for line in top {
        let _ = writeln!(out, "{line}");
    }
    Ok((step, out))
}

// ---------------------------------------------------------------------------------------------
// The parts of a move, timed directly through the library.

fn median_ms(mut v: Vec<Duration>) -> String {
    v.sort();
    format!(
        "p50 {} ms, p90 {} ms, p99 {} ms (n={})",
        ms(percentile(&v, 0.5)),
        ms(percentile(&v, 0.9)),
        ms(percentile(&v, 0.99)),
        v.len()
    )
}

/// A game played through the service directly.
struct ServiceGame {
    channel: u64,
    users: [u64; 2],
    game: Game,
}

const GUILD: u64 = 910_000_000_000_000_001;

async fn service_game(service: &Service, index: u64) -> anyhow::Result<ServiceGame> {
    let channel = 920_000_000_000_000_000 + index;
    let users = [
        930_000_000_000_000_000 + 2 * index,
        930_000_000_000_000_001 + 2 * index,
    ];
    let challenge = service
        .challenge(&ChallengeRequest {
            guild: GUILD,
            channel,
            challenger: users[0],
            opponent: users[1],
            opponent_is_bot: false,
            opponent_is_me: false,
            level: None,
            variant: Some("standard"),
            first: FirstMover::Challenger,
            anti_spoiling: false,
            turn_timeout: None,
        })
        .await
        .map_err(|e| anyhow::anyhow!("challenge: {e}"))?;
    service
        .accept(challenge.id, users[1])
        .await
        .map_err(|e| anyhow::anyhow!("accept: {e}"))?;
    Ok(ServiceGame {
        channel,
        users,
        game: standard_game(),
    })
}

/// Plays one random move of `g` through the service; the service call's time and the result.
async fn service_move(
    service: &Service,
    g: &mut ServiceGame,
    rng: &mut Rng,
) -> anyhow::Result<(Duration, halma_bot::service::MovePlayed)> {
    let (mv, from, to) = random_move(&g.game, rng).context("no legal move")?;
    let user = g.users[g.game.position().to_move().index()];
    let t = Instant::now();
    let played = service
        .play(GUILD, g.channel, user, &from, &to)
        .await
        .map_err(|e| anyhow::anyhow!("play {from} {to}: {e}"))?;
    let took = t.elapsed();
    g.game
        .play(&MoveText::from(mv))
        .map_err(|e| anyhow::anyhow!("mirror: {e}"))?;
    Ok((took, played))
}

async fn service_bench(settings: &Settings, rng: &mut Rng) -> anyhow::Result<String> {
    let mut out = String::new();
    let test_db = TestDb::create("load_service").await;
    let db = Db::connect(&test_db.url, 10).await?;
    db.migrate().await?;
    let service = Service::new(db.clone(), Arc::new(SystemClock));
    let names = |_: u64| Some("player".to_string());

    // Sequential moves over 10 games: the reads the service makes, the whole call, the reply.
    let mut games = Vec::new();
    for i in 0..10 {
        games.push(service_game(&service, i).await?);
    }
    let (mut reads, mut plays, mut replies, mut sizes) = (vec![], vec![], vec![], 0usize);
    for i in 0..settings.service_moves {
        let g = &mut games[i % 10];
        let t = Instant::now();
        let game = db
            .current_or_last_game(g.channel)
            .await?
            .context("the game row")?;
        db.last_move(game.id, game.ply).await?;
        reads.push(t.elapsed());
        let (took, played) = service_move(&service, g, rng).await?;
        plays.push(took);
        let t = Instant::now();
        let reply = present::move_played(Lang::En, &played, &names);
        replies.push(t.elapsed());
        sizes += reply.files.iter().map(|f| f.bytes.len()).sum::<usize>();
    }
    let n = settings.service_moves.max(1);
    let _ = writeln!(
        out,
        "one at a time ({n} moves over 10 games, plies 0-{}):",
        n / 10
    );
    let _ = writeln!(
        out,
        "  Service::play (reads + replay + write transaction): {}",
        median_ms(plays)
    );
    let _ = writeln!(
        out,
        "  the same three reads alone (game row, seats, moves):  {}",
        median_ms(reads)
    );
    let _ = writeln!(
        out,
        "  present::move_played (text + board PNG):             {}  ({} B per PNG)",
        median_ms(replies),
        sizes / n
    );

    // The same, eight games at once (the bot's pool has 10 connections).
    for with_reply in [false, true] {
        let per_task = (settings.service_moves / 8).max(1);
        let started = Instant::now();
        let mut set = JoinSet::new();
        for k in 0..8 {
            let service = service.clone();
            let mut g = service_game(&service, 100 + k + if with_reply { 10 } else { 0 }).await?;
            let mut rng = Rng(rng.next());
            set.spawn(async move {
                let mut times = Vec::new();
                for _ in 0..per_task {
                    let t = Instant::now();
                    let (_, played) = service_move(&service, &mut g, &mut rng).await?;
                    if with_reply {
                        let names = |_: u64| Some("player".to_string());
                        std::hint::black_box(present::move_played(Lang::En, &played, &names));
                    }
                    times.push(t.elapsed());
                }
                anyhow::Ok(times)
            });
        }
        let mut times = Vec::new();
        while let Some(joined) = set.join_next().await {
            times.extend(joined??);
        }
        let rate = times.len() as f64 / started.elapsed().as_secs_f64();
        let _ = writeln!(
            out,
            "8 games at once, {}: {rate:.0} moves/s, {}",
            if with_reply {
                "Service::play + move_played on the async workers"
            } else {
                "Service::play only"
            },
            median_ms(times)
        );
    }

    // How the call grows with the game: it reads and replays every move so far.
    if settings.long_plies > 0 {
        let mut g = service_game(&service, 500).await?;
        let mut per_ply = Vec::new();
        for _ in 0..settings.long_plies {
            if g.game.outcome().is_over() {
                break;
            }
            per_ply.push(service_move(&service, &mut g, rng).await?.0);
        }
        let bucket = (per_ply.len() / 4).max(1);
        let _ = write!(out, "Service::play by ply (one game):");
        for (i, chunk) in per_ply.chunks(bucket).enumerate() {
            let mut c = chunk.to_vec();
            c.sort();
            let _ = write!(
                out,
                "  plies {}-{}: p50 {} ms",
                i * bucket + 1,
                i * bucket + c.len(),
                ms(percentile(&c, 0.5))
            );
        }
        let _ = writeln!(out);
    }

    // The board alone, on positions of a random game.
    let mut game = standard_game();
    let mut renders = Vec::new();
    let mut bytes = 0;
    for _ in 0..200 {
        let Some((mv, _, _)) = random_move(&game, rng) else {
            break;
        };
        let chain = game
            .play(&MoveText::from(mv))
            .map_err(|e| anyhow::anyhow!("{e}"))?;
        let options = halma_render::BoardOptions {
            last_move: chain,
            names: vec!["alice".into(), "bob".into()],
            ..halma_render::BoardOptions::default()
        };
        let t = Instant::now();
        let png = halma_render::board_png(game.position(), &options);
        renders.push(t.elapsed());
        bytes += png.len();
    }
    let _ = writeln!(
        out,
        "halma_render::board_png alone (standard): {}  ({} B)",
        median_ms(renders.clone()),
        bytes / renders.len().max(1)
    );
    drop(test_db);
    Ok(out)
}

// ---------------------------------------------------------------------------------------------

fn main() -> anyhow::Result<()> {
    let settings = Settings::from_env_and_args()?;
    if std::env::var("DATABASE_URL").map_or(true, |u| u.trim().is_empty()) {
        bail!(
            "DATABASE_URL is not set: start a server with `scripts/postgres.sh start /tmp/load-pg` \
             and export the DATABASE_URL it prints"
        );
    }
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()?;
    runtime.block_on(run(settings))
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

    let db = TestDb::create("load").await;
    let postgres = postmaster_pid(&db.pool).await;
    let e = E2e::start_on("load", db, &[("RUST_LOG", settings.bot_log.as_str())]).await;
    e.fake.set_timeout(ANSWER_TIMEOUT);
    let e = Arc::new(e);
    let pids = Pids {
        bot: bot_pid()?,
        bench: std::process::id(),
        postgres,
    };
    let rss_ready = status_kb(pids.bot, "VmRSS");
    println!(
        "bot ready (pid {}), RSS {} MB; postgres {}",
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
        if perf_works() {
            match profile(&e, &lanes, &settings, &mut rng, pids).await {
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
    }
    let hwm = status_kb(pids.bot, "VmHWM");
    drop(e);

    let service_report = if settings.service_moves > 0 {
        Some(service_bench(&settings, &mut rng).await?)
    } else {
        None
    };

    // The summary.
    println!("\n==================== summary ====================");
    println!("{LEGEND}\n{}", step_header());
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
        "bot RSS: ready {} MB, {} games {} MB, after the rate steps {} MB{}, peak (VmHWM) {} MB",
        mb(rss_ready),
        settings.channels,
        mb(rss_games),
        mb(rss_end),
        rss_many.map_or(String::new(), |(n, kb)| format!(
            ", {n} active games (a move in each) {} MB",
            mb(kb)
        )),
        mb(hwm)
    );
    println!("\ngoals:");
    let at_100 = steps
        .iter()
        .find(|s| (s.rate - 100.0).abs() < 0.5 && s.label.ends_with("/s"));
    match at_100 {
        Some(s) => println!(
            "  p99 <= 50 ms at 100 moves/s: {} (p99 {} ms)",
            if s.p99 <= Duration::from_millis(50) && !s.overloaded() {
                "met"
            } else {
                "NOT met"
            },
            ms(s.p99)
        ),
        None => println!("  p99 <= 50 ms at 100 moves/s: not measured"),
    }
    let sustained = steps
        .iter()
        .filter(|s| s.label.ends_with("/s"))
        .filter(|s| s.p99 <= Duration::from_millis(200) && !s.overloaded())
        .map(|s| s.achieved)
        .fold(0.0, f64::max);
    println!(
        "  >= 300 moves/s before p99 passes 200 ms: {} (best achieved with p99 <= 200 ms: {sustained:.0}/s)",
        if sustained >= 295.0 { "met" } else { "NOT met" }
    );
    match rss_many {
        Some((n, Some(kb))) => println!(
            "  bot memory <= 100 MB with {n} active games: {} ({} MB)",
            if kb <= 100 * 1024 { "met" } else { "NOT met" },
            mb(Some(kb))
        ),
        _ => println!("  bot memory with many active games: not measured"),
    }
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
