//! One open-loop run at a fixed rate, and its row in the table.

use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex};
use std::time::Duration;

use bot_harness::World;
use tokio::task::JoinSet;
use tokio::time::Instant;

use bot_harness::lanes::{pick, send_move, Lane, Outcome};
use bot_harness::procfs::{load_average, mb, status_kb, Cpu, Pids, TICKS_PER_SEC};
use bot_harness::random_moves::{lock, Rng};

/// A latency above which the bench stops stepping the rate up.
pub const GIVE_UP_P99: Duration = Duration::from_secs(1);

/// What one open-loop run measured.
pub struct Step {
    pub label: String,
    pub rate: f64,
    pub sent: usize,
    pub played: usize,
    pub refused: usize,
    pub failed: usize,
    /// Sends that found every channel busy with a move in flight.
    pub skipped: u64,
    pub restarts: u64,
    /// From `slash()` to its return, over answered moves.
    pub p50: Duration,
    pub p90: Duration,
    pub p99: Duration,
    pub max: Duration,
    /// How late sends left against their schedule (the load generator's own delay).
    pub lag_p99: Duration,
    /// Moves answered per second, from the first scheduled send to the last answer.
    pub achieved: f64,
    pub cpu: (Cpu, Cpu),
    pub rss_kb: Option<u64>,
    pub load: String,
    pub first_problem: Option<String>,
}

impl Step {
    pub fn overloaded(&self) -> bool {
        self.p99 > GIVE_UP_P99 || self.refused + self.failed > 0 || self.skipped > 0
    }

    /// The bot's CPU ticks over the step.
    pub fn bot_ticks(&self) -> u64 {
        let (before, after) = self.cpu;
        after.bot.saturating_sub(before.bot)
    }

    /// The bot's CPU milliseconds per answered move; `None` when no move was answered.
    pub fn bot_ms_per_move(&self) -> Option<f64> {
        (self.played > 0)
            .then(|| self.bot_ticks() as f64 * 1000.0 / TICKS_PER_SEC / self.played as f64)
    }

    /// CPU milliseconds per answered move of a tick difference.
    pub fn per_move(&self, ticks: Option<u64>) -> String {
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

    pub fn row(&self) -> String {
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
pub fn step_header() -> String {
    format!(
        "{:<9} {:>6} {:>6} {:>6} {:>4} {:>4} {:>4} {:>7} {:>7} {:>7} {:>7} {:>7} {:>8} {:>7} {:>7} {:>7} {:>7}  {}",
        "step", "rate/s", "sent", "ok", "ref", "err", "skip", "p50 ms", "p90 ms", "p99 ms",
        "max ms", "lag99", "done/s", "bot cpu", "bench", "pg cpu", "RSS MB", "load avg"
    )
}

/// What the columns mean.
pub const LEGEND: &str = "\
ok / ref / err: moves answered with the board / refused / failed or timed out. skip: scheduled
sends that found every channel with a move still in flight (the bot is behind). p50-max: from
the slash() call to the complete answer. lag99: p99 of how late the generator sent. done/s:
boards per second from the first scheduled send to the last answer. bot cpu, bench (the load
generator and the fake Discord), pg cpu (postmaster and backends): CPU ms per answered move.
RSS MB: the bot's VmRSS after the step. load avg: /proc/loadavg after the step.";

pub fn ms(d: Duration) -> String {
    format!("{:.1}", d.as_secs_f64() * 1000.0)
}

/// The nearest-rank percentile of sorted durations.
pub fn percentile(sorted: &[Duration], p: f64) -> Duration {
    if sorted.is_empty() {
        return Duration::ZERO;
    }
    let rank = ((p * sorted.len() as f64).ceil() as usize).clamp(1, sorted.len());
    sorted[rank - 1]
}

/// Sends `count` moves at `rate` per second over `lanes`, open loop, and waits for the answers.
#[allow(clippy::too_many_arguments)]
pub async fn run_step(
    label: &str,
    e: &Arc<World>,
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
