//! The attacker's moves, all sent at once, and what the run reads afterwards.

use std::sync::Arc;
use std::time::{Duration, Instant};

use anyhow::Context as _;
use bot_harness::abuse::{self, Answered};
use bot_harness::fake_discord::{TestChannel, TestUser};
use bot_harness::{World, APOLOGY};

use crate::people::People;
use crate::report::{Answers, Replay, Report};
use crate::Settings;
use bot_harness::procfs::cpu_ticks;

/// Sorts the attacker's answers by how they ended.
fn tally(answers: &mut Answers, results: Vec<Answered>) {
    for result in results {
        match result {
            Err(e) => answers.failed.push(e.to_string()),
            Ok(a) if a.content.contains(APOLOGY) => answers.failed.push(a.content),
            Ok(a) if a.ephemeral && a.content.starts_with("Slow down") => answers.slowed += 1,
            Ok(a) if a.ephemeral => answers.refused += 1,
            Ok(_) => answers.done += 1,
        }
    }
}

/// Asks for the replay of the game in `channel`.
async fn replay(world: &World, mallory: &TestUser, channel: &TestChannel) -> Replay {
    let sent = Instant::now();
    let answer = world
        .fake
        .slash(mallory, channel, "halma", "replay", &[])
        .await;
    let took = sent.elapsed();
    let gif = answer.as_ref().ok().and_then(|a| {
        a.files
            .iter()
            .find(|f| f.filename.ends_with(".gif"))
            .map(|f| f.bytes.len())
    });
    let refusal = match &answer {
        Ok(a) if gif.is_none() => Some(a.content.clone()),
        Err(e) => Some(e.to_string()),
        Ok(_) => None,
    };
    Replay {
        took,
        bytes: gif,
        refusal,
    }
}

/// The value of metric `name` (with `label`, e.g. `event="started"`) in a Prometheus text.
fn metric(text: &str, name: &str, label: Option<&str>) -> Option<f64> {
    text.lines().find_map(|line| {
        let rest = line.strip_prefix(name)?;
        let rest = match label {
            Some(label) => rest.strip_prefix(&format!("{{{label}}}"))?,
            None => rest,
        };
        rest.strip_prefix(' ')?.trim().parse().ok()
    })
}

/// Everything at once, while the people play; then what it did.
pub async fn run(
    world: &Arc<World>,
    settings: &Settings,
    replay_room: &TestChannel,
    metrics_addr: &str,
    pid: u32,
) -> anyhow::Result<Report> {
    let mallory = world.user("mallory");
    let people = People::start(world, settings.pairs)
        .await
        .context("the people's games")?;
    let began = Instant::now();
    let lobby_channel = world.channel("lobby-bots");
    let storm_channel = world.channel("storm");
    let thread_channel = world.channel("threads");
    let mut report = Report::default();
    // The attacker's accomplice hosts the stormed lobby, and their sock puppets join.
    let accomplice = world.user("accomplice");
    let (lobby, bots, replays, storm_answers, thread_answers) = tokio::join!(
        abuse::lobby_of_bots(world, &mallory, &lobby_channel),
        futures::future::join_all((0..settings.channels).map(|i| {
            let channel = world.channel(&format!("bot-{i}"));
            let mallory = &mallory;
            async move { abuse::bot_and_abort(world, mallory, &channel, "standard").await }
        })),
        futures::future::join_all((0..settings.replays).map(|_| replay(
            world,
            &mallory,
            replay_room
        ))),
        abuse::storm(
            world,
            &accomplice,
            &storm_channel,
            settings.joins,
            settings.starts,
        ),
        abuse::thread_challenges(world, &mallory, &thread_channel, settings.threads),
    );
    report.attack_secs = began.elapsed().as_secs_f64();
    tally(&mut report.lobby, lobby.answers);
    tally(&mut report.bots, bots.into_iter().flatten().collect());
    report.replays = replays;
    tally(&mut report.storm, storm_answers);
    tally(&mut report.threads, thread_answers);

    // The attack is over; the people play on while the bot settles.
    let cpu_before = cpu_ticks(pid, false);
    tokio::time::sleep(Duration::from_secs(settings.settle_secs)).await;
    let cpu_after = cpu_ticks(pid, false);
    report.settle_cpu_secs = cpu_before
        .zip(cpu_after)
        .map(|(a, b)| b.saturating_sub(a) as f64 / bot_harness::procfs::TICKS_PER_SEC);
    report.settle_secs = settings.settle_secs;
    report.people = people.stop().await;

    report.threads_created = world.fake.threads_of(&thread_channel).len();
    report.bot_only_boards = lobby.before_resign.map(|after| {
        world
            .fake
            .channel_messages(&lobby_channel)
            .iter()
            .filter(|m| m.id > after && m.interaction_id.is_none())
            .filter(|m| m.files.iter().any(|f| f.filename.ends_with(".png")))
            .count()
    });
    let text = reqwest::get(format!("http://{metrics_addr}/metrics"))
        .await
        .ok()
        .map(|r| r.text());
    let text = match text {
        Some(body) => body.await.unwrap_or_default(),
        None => String::new(),
    };
    // A counter appears with its first count: absent from a bot that exports others, it is 0.
    let exported = !text.is_empty();
    let count =
        |name: &str, label: Option<&str>| metric(&text, name, label).or(exported.then_some(0.0));
    let searches = |event: &str| {
        text.contains("halma_searches_running")
            .then(|| count("halma_searches_total", Some(&format!("event=\"{event}\""))))
            .flatten()
    };
    report.searches_started = searches("started");
    report.searches_cancelled = searches("cancelled");
    report.searches_refused = searches("refused");
    report.longest_queue = metric(&text, "halma_search_queue_longest", None);
    report.searches_running = metric(&text, "halma_searches_running", None);
    report.database_errors = count("halma_database_errors_total", None);
    Ok(report)
}
