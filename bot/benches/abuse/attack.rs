//! The attacker's moves, all sent at once, and what the run reads afterwards.

use std::sync::Arc;
use std::time::{Duration, Instant};

use anyhow::Context as _;
use bot_harness::fake_discord::{Answer, FakeError, TestChannel, TestUser};
use bot_harness::{World, APOLOGY};
use serde_json::{json, Value};

use crate::people::People;
use crate::procfs::cpu_ticks;
use crate::report::{Answers, Replay, Report};
use crate::Settings;

/// The attacker's answers, sorted by how they ended.
async fn tally(
    answers: &mut Answers,
    what: impl std::future::Future<Output = Result<Answer, FakeError>>,
) -> Option<Answer> {
    match what.await {
        Err(e) => {
            answers.failed.push(e.to_string());
            None
        }
        Ok(a) if a.content.contains(APOLOGY) => {
            answers.failed.push(a.content.clone());
            None
        }
        Ok(a) if a.ephemeral => {
            if a.content.starts_with("Slow down") {
                answers.slowed += 1;
            } else {
                answers.refused += 1;
            }
            None
        }
        Ok(a) => {
            answers.done += 1;
            Some(a)
        }
    }
}

/// Whether the bot stores a game in `channel`.
async fn has_game(world: &World, channel: &TestChannel) -> bool {
    sqlx::query_scalar::<_, i64>("SELECT count(*) FROM games WHERE channel_id = $1")
        .bind(channel.id as i64)
        .fetch_one(&world.db.pool)
        .await
        .is_ok_and(|n| n > 0)
}

/// Opens a lobby of four in `channel`, fills it with the bot and resigns: the bot's seats are
/// all that is left. Returns the id of the last message before the resignation.
async fn lobby_of_bots(
    world: &World,
    mallory: &TestUser,
    channel: &TestChannel,
    answers: &mut Answers,
) -> Option<u64> {
    let open = world.fake.slash(mallory, channel, "halma", "open", &[]);
    let lobby = tally(answers, open).await?;
    for _ in 0..3 {
        let label = lobby
            .button_labels()
            .into_iter()
            .find(|l| l.starts_with("Add AI"))?;
        let added = world.fake.click(mallory, &lobby, &label);
        tally(answers, added).await;
    }
    if !has_game(world, channel).await {
        let start = world.fake.click(mallory, &lobby, "Start");
        tally(answers, start).await;
    }
    let before = last_message(world, channel);
    let resign = world.fake.slash(mallory, channel, "halma", "resign", &[]);
    tally(answers, resign).await?;
    Some(before)
}

/// The newest message id in `channel`.
fn last_message(world: &World, channel: &TestChannel) -> u64 {
    world
        .fake
        .channel_messages(channel)
        .iter()
        .map(|m| m.id)
        .max()
        .unwrap_or(0)
}

/// Challenges the bot at `hard`, the bot moving first, in `channel`, and aborts.
async fn bot_and_abort(
    world: &World,
    mallory: &TestUser,
    channel: &TestChannel,
    answers: &mut Answers,
) {
    let bot = world.fake.bot_user();
    world.fake.add_user(&bot);
    let options = [
        ("opponent", bot.option_value()),
        ("variant", json!("standard")),
        ("first", json!("opponent")),
        ("level", json!("hard")),
    ];
    let challenge = world
        .fake
        .slash(mallory, channel, "halma", "challenge", &options);
    if tally(answers, challenge).await.is_some() {
        let abort = world.fake.slash(mallory, channel, "halma", "abort", &[]);
        tally(answers, abort).await;
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

/// A lobby opened by `host`, then `joins` Join clicks by as many other accounts and `starts`
/// Start clicks by the host, all at once.
async fn storm(
    world: &World,
    host: &TestUser,
    channel: &TestChannel,
    joins: usize,
    starts: usize,
    answers: &mut Answers,
) {
    let open = world.fake.slash(host, channel, "halma", "open", &[]);
    let Some(lobby) = tally(answers, open).await else {
        return;
    };
    let joiners: Vec<TestUser> = (0..joins)
        .map(|i| world.user(&format!("sock-{i}")))
        .collect();
    let clicks = joiners
        .iter()
        .map(|u| (u, "Join"))
        .chain(std::iter::repeat_n((host, "Start"), starts));
    let results = futures::future::join_all(
        clicks.map(|(user, label)| world.fake.click(user, &lobby, label)),
    )
    .await;
    for result in results {
        tally(answers, async { result }).await;
    }
}

/// Asks for `n` games in threads of their own, against as many opponents.
async fn threads(
    world: &World,
    mallory: &TestUser,
    channel: &TestChannel,
    n: usize,
    answers: &mut Answers,
) {
    let asks = (0..n).map(|i| {
        let opponent = world.user(&format!("victim-{i}"));
        let options: [(&str, Value); 3] = [
            ("opponent", opponent.option_value()),
            ("variant", json!("standard")),
            ("thread", json!(true)),
        ];
        async move {
            world
                .fake
                .slash(mallory, channel, "halma", "challenge", &options)
                .await
        }
    });
    for result in futures::future::join_all(asks).await {
        tally(answers, async { result }).await;
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
    let (lobby, bots, replays, storm_answers, thread_answers) = tokio::join!(
        async {
            let mut answers = Answers::default();
            let before = lobby_of_bots(world, &mallory, &lobby_channel, &mut answers).await;
            (answers, before)
        },
        async {
            let mut answers = Answers::default();
            let channels: Vec<TestChannel> = (0..settings.channels)
                .map(|i| world.channel(&format!("bot-{i}")))
                .collect();
            let mut all = Vec::new();
            for channel in &channels {
                all.push(async {
                    let mut mine = Answers::default();
                    bot_and_abort(world, &mallory, channel, &mut mine).await;
                    mine
                });
            }
            for mine in futures::future::join_all(all).await {
                answers.add(&mine);
            }
            answers
        },
        futures::future::join_all((0..settings.replays).map(|_| replay(
            world,
            &mallory,
            replay_room
        ))),
        async {
            let mut answers = Answers::default();
            // The attacker's accomplice hosts it, and their sock puppets join.
            storm(
                world,
                &world.user("accomplice"),
                &storm_channel,
                settings.joins,
                settings.starts,
                &mut answers,
            )
            .await;
            answers
        },
        async {
            let mut answers = Answers::default();
            threads(
                world,
                &mallory,
                &thread_channel,
                settings.threads,
                &mut answers,
            )
            .await;
            answers
        },
    );
    report.attack_secs = began.elapsed().as_secs_f64();
    let (lobby_answers, resigned_after) = lobby;
    report.lobby = lobby_answers;
    report.bots = bots;
    report.replays = replays;
    report.storm = storm_answers;
    report.threads = thread_answers;

    // The attack is over; the people play on while the bot settles.
    let cpu_before = cpu_ticks(pid, false);
    tokio::time::sleep(Duration::from_secs(settings.settle_secs)).await;
    let cpu_after = cpu_ticks(pid, false);
    report.settle_cpu_secs = cpu_before
        .zip(cpu_after)
        .map(|(a, b)| b.saturating_sub(a) as f64 / crate::procfs::TICKS_PER_SEC);
    report.settle_secs = settings.settle_secs;
    report.people = people.stop().await;

    report.threads_created = world.fake.threads_of(&thread_channel).len();
    report.bot_only_boards = resigned_after.map(|after| {
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
