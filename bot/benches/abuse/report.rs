//! What the abuse run measured, and its printout.

use std::time::Duration;

use crate::people::Sample;

/// How the attacker's commands and clicks were answered.
#[derive(Clone, Debug, Default)]
pub struct Answers {
    /// Done as asked.
    pub done: usize,
    /// Refused with the members' pace ("slow down").
    pub slowed: usize,
    /// Refused for another reason (a limit, a rule).
    pub refused: usize,
    /// Failed: an apology, an error or no answer in time.
    pub failed: Vec<String>,
}

impl Answers {
    fn row(&self, what: &str) -> String {
        format!(
            "  {what:<34} {:>5} done {:>5} slowed {:>5} refused {:>5} failed",
            self.done,
            self.slowed,
            self.refused,
            self.failed.len()
        )
    }
}

/// One replay request.
#[derive(Clone, Debug)]
pub struct Replay {
    /// From the command to its complete answer.
    pub took: Duration,
    /// The GIF's size, when there was one.
    pub bytes: Option<usize>,
    /// The answer when it was not a GIF.
    pub refusal: Option<String>,
}

/// Everything one run found.
#[derive(Debug, Default)]
pub struct Report {
    /// How long sending the whole attack took.
    pub attack_secs: f64,
    /// The lobby filled with the bot and resigned.
    pub lobby: Answers,
    /// The challenges of the bot at `hard`, each aborted.
    pub bots: Answers,
    /// The replays.
    pub replays: Vec<Replay>,
    /// The lobby storm.
    pub storm: Answers,
    /// The thread challenges.
    pub threads: Answers,
    /// The people's answers.
    pub people: Vec<Sample>,
    /// The bot's CPU seconds while it settled after the attack.
    pub settle_cpu_secs: Option<f64>,
    /// How long it settled.
    pub settle_secs: u64,
    /// Threads the bot opened.
    pub threads_created: usize,
    /// Boards posted in the bots' lobby channel after the last person left.
    pub bot_only_boards: Option<usize>,
    /// From `/metrics`, when the bot exports them.
    pub searches_started: Option<f64>,
    /// Searches dropped from the queue or stopped.
    pub searches_cancelled: Option<f64>,
    /// Searches refused for want of room.
    pub searches_refused: Option<f64>,
    /// The most searches that waited at once.
    pub longest_queue: Option<f64>,
    /// Searches running at the end.
    pub searches_running: Option<f64>,
    /// Database errors the bot counted.
    pub database_errors: Option<f64>,
}

/// The nearest-rank percentile of sorted durations.
fn percentile(sorted: &[Duration], p: f64) -> Duration {
    if sorted.is_empty() {
        return Duration::ZERO;
    }
    let rank = ((p * sorted.len() as f64).ceil() as usize).clamp(1, sorted.len());
    sorted[rank - 1]
}

fn ms(d: Duration) -> String {
    format!("{:.0} ms", d.as_secs_f64() * 1000.0)
}

fn figure(value: Option<f64>) -> String {
    value.map_or("n/a (not exported)".into(), |v| format!("{v:.0}"))
}

impl Report {
    /// Prints the figures.
    pub fn print(&self) {
        let mut people: Vec<Duration> = self.people.iter().map(|s| s.took).collect();
        people.sort();
        let failed: Vec<&String> = self
            .people
            .iter()
            .filter_map(|s| s.failure.as_ref())
            .collect();
        println!(
            "\nattack sent in {:.1} s; the people played on for {} s after it",
            self.attack_secs, self.settle_secs
        );
        println!(
            "people's answers: {} moves, p50 {}, p99 {}, max {}, {} failed",
            people.len(),
            ms(percentile(&people, 0.5)),
            ms(percentile(&people, 0.99)),
            ms(people.last().copied().unwrap_or_default()),
            failed.len()
        );
        if let Some(first) = failed.first() {
            println!("  first failure: {first}");
        }
        println!("attacker's answers:");
        println!("{}", self.lobby.row("lobby of bots, resign"));
        println!("{}", self.bots.row("bot at hard + abort"));
        println!("{}", self.storm.row("lobby storm (joins, starts)"));
        println!("{}", self.threads.row("thread challenges"));
        for answers in [&self.lobby, &self.bots, &self.storm, &self.threads] {
            if let Some(first) = answers.failed.first() {
                println!("  a failure: {first}");
            }
        }
        let mut took: Vec<Duration> = self.replays.iter().map(|r| r.took).collect();
        took.sort();
        let gifs: Vec<usize> = self.replays.iter().filter_map(|r| r.bytes).collect();
        println!(
            "replays: {} asked, {} GIFs, time p50 {} max {}, largest {} KB, {} not drawn",
            self.replays.len(),
            gifs.len(),
            ms(percentile(&took, 0.5)),
            ms(took.last().copied().unwrap_or_default()),
            gifs.iter().max().copied().unwrap_or(0) / 1024,
            self.replays.iter().filter(|r| r.refusal.is_some()).count()
        );
        println!(
            "searches: started {}, cancelled {}, refused {}, longest queue {}, running at the end {}",
            figure(self.searches_started),
            figure(self.searches_cancelled),
            figure(self.searches_refused),
            figure(self.longest_queue),
            figure(self.searches_running)
        );
        println!(
            "bot CPU in the {} s after the attack: {}",
            self.settle_secs,
            self.settle_cpu_secs
                .map_or("n/a".into(), |s| format!("{s:.1} s"))
        );
        println!(
            "database errors: {}; threads created: {}; boards after the last person left: {}",
            figure(self.database_errors),
            self.threads_created,
            self.bot_only_boards
                .map_or("n/a (the lobby did not start)".into(), |n| n.to_string())
        );
    }
}
