//! The people: two members who play a game of random legal moves, mirrored with the rules
//! crate, timing each answer.

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};

use anyhow::{bail, Context as _};
use bot_harness::fake_discord::{Answer, TestChannel, TestUser};
use bot_harness::{World, APOLOGY};
use serde_json::json;

use bot_harness::random_moves::{random_move, standard_game, Rng};

/// How long a person looks at the board between two moves: brisk, and within the members'
/// default pace (each of two players then acts about 14 times a minute).
const THINK: Duration = Duration::from_secs(2);

/// One answer to a person: how long it took and whether it was the move's public board.
#[derive(Clone, Debug)]
pub struct Sample {
    /// From sending the command to its complete answer.
    pub took: Duration,
    /// What went wrong, if anything.
    pub failure: Option<String>,
}

/// `first` challenges `second` to a `standard` game in `channel`, moving first, and `second`
/// accepts.
pub async fn start_game(
    world: &World,
    channel: &TestChannel,
    first: &TestUser,
    second: &TestUser,
) -> anyhow::Result<()> {
    let challenge = world
        .fake
        .slash(
            first,
            channel,
            "halma",
            "challenge",
            &[
                ("opponent", second.option_value()),
                ("variant", json!("standard")),
                ("first", json!("me")),
            ],
        )
        .await
        .context("the challenge")?;
    if challenge.ephemeral || challenge.message_id.is_none() {
        bail!("the challenge was refused: {:?}", challenge.content);
    }
    world
        .wait_challenge_recorded(challenge.message_id.unwrap_or_default())
        .await;
    let started = world
        .fake
        .click(second, &challenge, "Accept")
        .await
        .context("the accept")?;
    if started.ephemeral {
        bail!("the accept was refused: {:?}", started.content);
    }
    Ok(())
}

/// Whether `answer` is a move's public board.
fn failure_of(answer: &Result<Answer, bot_harness::fake_discord::FakeError>) -> Option<String> {
    match answer {
        Err(e) => Some(e.to_string()),
        Ok(a) if a.ephemeral || a.content.contains(APOLOGY) => Some(a.content.clone()),
        Ok(a) if !a.files.iter().any(|f| f.filename.ends_with(".png")) => {
            Some(format!("no board: {:?}", a.content))
        }
        Ok(_) => None,
    }
}

/// Plays random legal moves in `channel` between `seats` until `stop` is set or `limit`
/// plies were played; every answer is timed. Stops early at the game's end or a failure.
async fn play(
    world: &World,
    channel: &TestChannel,
    seats: [&TestUser; 2],
    limit: usize,
    stop: &AtomicBool,
    think: Duration,
) -> Vec<Sample> {
    let mut game = standard_game();
    let mut rng = Rng(0x5eed);
    let mut samples = Vec::new();
    while samples.len() < limit && !stop.load(Ordering::Relaxed) {
        let Some((mv, from, to)) = random_move(&game, &mut rng) else {
            break;
        };
        let mover = seats[game.position().to_move().index()];
        let sent = Instant::now();
        let answer = world
            .fake
            .slash(
                mover,
                channel,
                "halma",
                "move",
                &[("from", json!(from)), ("to", json!(to))],
            )
            .await;
        let failure = failure_of(&answer);
        samples.push(Sample {
            took: sent.elapsed(),
            failure: failure.clone(),
        });
        if failure.is_some() {
            break;
        }
        let _ = game.play(&halma::MoveText::from(mv));
        if game.outcome().is_over() {
            break;
        }
        tokio::time::sleep(think).await;
    }
    samples
}

/// Plays a game of `plies` random moves in `channel` between two members; how many it got.
pub async fn long_game(
    world: &World,
    channel: &TestChannel,
    plies: usize,
) -> anyhow::Result<usize> {
    let (carol, dave) = (world.user("carol"), world.user("dave"));
    start_game(world, channel, &carol, &dave).await?;
    let never = AtomicBool::new(false);
    let samples = play(
        world,
        channel,
        [&carol, &dave],
        plies,
        &never,
        Duration::ZERO,
    )
    .await;
    if let Some(failure) = samples.iter().find_map(|s| s.failure.as_ref()) {
        bail!("the long game failed: {failure}");
    }
    Ok(samples.len())
}

/// Pairs of people, each pair playing in a channel of its own until told to stop.
pub struct People {
    stop: Arc<AtomicBool>,
    tasks: Vec<tokio::task::JoinHandle<Vec<Sample>>>,
}

impl People {
    /// Starts `pairs` games and their moves, one every [`THINK`] after the last answer.
    pub async fn start(world: &Arc<World>, pairs: usize) -> anyhow::Result<People> {
        let stop = Arc::new(AtomicBool::new(false));
        let mut tasks = Vec::new();
        for pair in 0..pairs {
            let channel = world.channel(&format!("people-{pair}"));
            let first = world.user(&format!("person-{pair}-a"));
            let second = world.user(&format!("person-{pair}-b"));
            start_game(world, &channel, &first, &second).await?;
            let (world, flag) = (Arc::clone(world), Arc::clone(&stop));
            tasks.push(tokio::spawn(async move {
                play(
                    &world,
                    &channel,
                    [&first, &second],
                    usize::MAX,
                    &flag,
                    THINK,
                )
                .await
            }));
        }
        Ok(People { stop, tasks })
    }

    /// Stops them after their current moves; every answer they got.
    pub async fn stop(self) -> Vec<Sample> {
        self.stop.store(true, Ordering::Relaxed);
        let mut all = Vec::new();
        for task in self.tasks {
            all.extend(task.await.unwrap_or_default());
        }
        all
    }
}
