//! What an abusive member does, for the abuse bench and its small version in the end-to-end
//! tests: each returns every answer as the fake Discord gave it, for the caller to judge.

use fake_discord::{Answer, FakeError, TestChannel, TestUser};
use serde_json::{json, Value};

use crate::world::World;

/// An answer to one command or click.
pub type Answered = Result<Answer, FakeError>;

/// Whether `answer` was done as asked: public, not a refusal or a failure.
fn went_through(answer: &Answered) -> bool {
    answer.as_ref().is_ok_and(|a| !a.ephemeral)
}

/// A lobby of four left to the bot, and what it left behind.
pub struct LeftToBots {
    /// Every answer, in order.
    pub answers: Vec<Answered>,
    /// The newest message in the channel before the host resigned; `None` when the lobby
    /// never got that far.
    pub before_resign: Option<u64>,
}

/// The newest message id in `channel`.
pub fn last_message(world: &World, channel: &TestChannel) -> u64 {
    world
        .fake
        .channel_messages(channel)
        .iter()
        .map(|m| m.id)
        .max()
        .unwrap_or(0)
}

/// Whether the bot stores a game in `channel`.
async fn has_game(world: &World, channel: &TestChannel) -> bool {
    sqlx::query_scalar::<_, i64>("SELECT count(*) FROM games WHERE channel_id = $1")
        .bind(channel.id as i64)
        .fetch_one(&world.db.pool)
        .await
        .is_ok_and(|n| n > 0)
}

/// `host` opens a lobby of four in `channel`, fills it with the bot (starting it when it does
/// not start by itself) and resigns, leaving the bot's seats alone. Stops at the first step
/// that does not go through.
pub async fn lobby_of_bots(world: &World, host: &TestUser, channel: &TestChannel) -> LeftToBots {
    let mut answers = Vec::new();
    let opened = world.fake.slash(host, channel, "halma", "open", &[]).await;
    let lobby = match &opened {
        Ok(lobby) if !lobby.ephemeral => lobby.clone(),
        _ => {
            answers.push(opened);
            return LeftToBots {
                answers,
                before_resign: None,
            };
        }
    };
    answers.push(opened);
    let add = lobby
        .button_labels()
        .into_iter()
        .find(|l| l.starts_with("Add AI"));
    for _ in 0..3 {
        if let Some(label) = &add {
            answers.push(world.fake.click(host, &lobby, label).await);
        }
    }
    if !has_game(world, channel).await {
        answers.push(world.fake.click(host, &lobby, "Start").await);
    }
    let before = last_message(world, channel);
    let resigned = world
        .fake
        .slash(host, channel, "halma", "resign", &[])
        .await;
    let through = went_through(&resigned);
    answers.push(resigned);
    LeftToBots {
        answers,
        before_resign: through.then_some(before),
    }
}

/// `member` challenges the bot at `hard`, the bot moving first, to `variant` in `channel`,
/// and aborts the game when it started.
pub async fn bot_and_abort(
    world: &World,
    member: &TestUser,
    channel: &TestChannel,
    variant: &str,
) -> Vec<Answered> {
    let bot = world.fake.bot_user();
    world.fake.add_user(&bot);
    let options = [
        ("opponent", bot.option_value()),
        ("variant", json!(variant)),
        ("first", json!("opponent")),
        ("level", json!("hard")),
    ];
    let challenge = world
        .fake
        .slash(member, channel, "halma", "challenge", &options)
        .await;
    let started = went_through(&challenge);
    let mut answers = vec![challenge];
    if started {
        answers.push(
            world
                .fake
                .slash(member, channel, "halma", "abort", &[])
                .await,
        );
    }
    answers
}

/// `member` asks for `n` games in threads of their own in `channel`, all at once, each
/// against another member.
pub async fn thread_challenges(
    world: &World,
    member: &TestUser,
    channel: &TestChannel,
    n: usize,
) -> Vec<Answered> {
    let asks = (0..n).map(|i| {
        let opponent = world.user(&format!("victim-{i}"));
        async move {
            let options: [(&str, Value); 3] = [
                ("opponent", opponent.option_value()),
                ("variant", json!("standard")),
                ("thread", json!(true)),
            ];
            world
                .fake
                .slash(member, channel, "halma", "challenge", &options)
                .await
        }
    });
    futures::future::join_all(asks).await
}

/// `host` opens a lobby in `channel`, then `joins` other accounts click Join and the host
/// clicks Start `starts` times, all at once.
pub async fn storm(
    world: &World,
    host: &TestUser,
    channel: &TestChannel,
    joins: usize,
    starts: usize,
) -> Vec<Answered> {
    let opened = world.fake.slash(host, channel, "halma", "open", &[]).await;
    let lobby = match &opened {
        Ok(lobby) if !lobby.ephemeral => lobby.clone(),
        _ => return vec![opened],
    };
    let joiners: Vec<TestUser> = (0..joins)
        .map(|i| world.user(&format!("sock-{i}")))
        .collect();
    let clicks = joiners
        .iter()
        .map(|u| (u, "Join"))
        .chain(std::iter::repeat_n((host, "Start"), starts));
    let mut answers = vec![opened];
    answers.extend(
        futures::future::join_all(
            clicks.map(|(user, label)| world.fake.click(user, &lobby, label)),
        )
        .await,
    );
    answers
}
