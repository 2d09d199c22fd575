//! Games in channels for the benches: setting them up through the bot, and the random moves
//! sent to them, each timed.

use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex};

use crate::fake_discord::{Answer, FakeError, TestChannel, TestUser};
use crate::{World, APOLOGY};
use anyhow::{bail, Context as _};
use halma::{Game, MoveText};
use serde_json::json;
use tokio::task::JoinSet;
use tokio::time::Instant;

use crate::random_moves::{lock, random_move, standard_game, Rng};

/// How many games are set up at once.
const SETUP_PARALLEL: usize = 8;

/// One channel with its game, mirrored with the rules crate.
pub struct Lane {
    /// Its channel.
    pub channel: TestChannel,
    /// Seat a (the challenger, who moves first), then seat b.
    pub seats: [TestUser; 2],
    /// The game, mirrored.
    pub game: Game,
    /// A move is in flight (or a new game is being set up).
    pub busy: bool,
    /// Something went wrong here; the mirror may be off, so no more moves.
    pub dead: bool,
}

/// A move chosen for a lane.
pub struct Job {
    /// The lane's index.
    pub lane: usize,
    /// The player to move.
    pub user: TestUser,
    /// The lane's channel.
    pub channel: TestChannel,
    /// The move.
    pub text: MoveText,
    /// `/halma move`'s `from`.
    pub from: String,
    /// `/halma move`'s `to`: the whole chain.
    pub to: String,
}

/// Challenges seat b to a `standard` game in the lane's channel as seat a, and accepts.
pub async fn start_game(
    e: &World,
    channel: &TestChannel,
    seats: &[TestUser; 2],
) -> anyhow::Result<()> {
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
pub async fn add_lanes(
    e: &Arc<World>,
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
pub enum Outcome {
    /// Answered with the public board.
    Played,
    /// Refused (ephemeral), with what it said.
    Refused(String),
    /// No answer, or not the one a move gets.
    Failed(String),
}

/// One move sent.
pub struct Sample {
    /// When it was meant to be sent.
    pub intended: Instant,
    /// When it was sent.
    pub sent: Instant,
    /// When its answer was complete.
    pub done: Instant,
    /// How it went.
    pub outcome: Outcome,
}

/// Whether an answer to a move is the public board a move gets.
pub fn judge(result: &Result<Answer, FakeError>) -> Outcome {
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
pub fn pick(lanes: &[Arc<Mutex<Lane>>], cursor: &mut usize, rng: &mut Rng) -> Option<Job> {
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
pub async fn send_move(
    e: Arc<World>,
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
