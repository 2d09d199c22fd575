//! A chaos run: games played through the fake Discord while the bot is killed with SIGKILL
//! (between moves and with a move in flight) and restarted, and the fake loses interaction
//! answers and refuses channel posts for a while. Afterwards, from the database and the
//! channels: every stored move was shown (as its answer or posted), no game was
//! lost on time, and every game replays.
//!
//! No move is shown twice either: a bot killed after Discord took its answer but before it
//! deleted the answer's held announcement leaves a row whose sender finds the answer and
//! drops it.
//!
//! The default is a short smoke run; `CHAOS_ROUNDS=<n>` runs longer (`CHAOS_SEED` picks the
//! faults). The run prints its figures.

use std::sync::Arc;
use std::time::{Duration, Instant};

use fake_discord::{Answer, FakeError, Message, TestChannel};
use halma::{Move, MoveText, Square};
use halma_core::clock::SystemClock;
use halma_core::{Db, Service};
use serde_json::json;

use crate::support::{game_row, moves_of, E2e, Table, ANSWER_TIMEOUT};

/// Rounds of the smoke run (one move per table each).
const SMOKE_ROUNDS: u32 = 8;
/// Games played side by side.
const TABLES: usize = 3;

/// A small deterministic generator (64-bit LCG), so a failing run can be repeated by its seed.
pub(crate) struct Dice(pub(crate) u64);

impl Dice {
    pub(crate) fn roll(&mut self, sides: u64) -> u64 {
        self.0 = self
            .0
            .wrapping_mul(6_364_136_223_846_793_005)
            .wrapping_add(1_442_695_040_888_963_407);
        (self.0 >> 33) % sides
    }
}

pub(crate) fn env_number(name: &str, default: u64) -> u64 {
    std::env::var(name)
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(default)
}

/// Whether `content` names `chain` as a whole move (not as the start of a longer chain).
pub(crate) fn names_move(content: &str, chain: &str) -> bool {
    let is_part = |c: Option<char>| c.is_some_and(|c| c == '-' || c.is_ascii_alphanumeric());
    content.match_indices(chain).any(|(at, _)| {
        !is_part(content[..at].chars().next_back())
            && !is_part(content[at + chain.len()..].chars().next())
    })
}

/// The public messages of a channel.
pub(crate) fn public(e: &E2e, channel: &TestChannel) -> Vec<Message> {
    e.fake
        .channel_messages(channel)
        .into_iter()
        .filter(|m| !m.ephemeral)
        .collect()
}

/// Figures of a run.
#[derive(Default, Debug)]
struct Figures {
    moves_answered: u32,
    answers_lost: u32,
    kills: u32,
    kills_in_flight: u32,
    moves_committed_in_flight: u32,
}

/// Sends the greedy move at `table`; mirrors it when it was stored. `lose` makes the fake
/// lose the answer.
async fn move_at(e: &E2e, table: &mut Table, lose: bool, figures: &mut Figures) {
    let mv = table.next_move();
    if lose {
        e.fake.fail_callbacks(1);
    }
    let answer = e.send_move(table, mv).await;
    match answer {
        Ok(answer) => {
            assert!(!answer.ephemeral, "the move was refused: {answer:?}");
            figures.moves_answered += 1;
        }
        Err(FakeError::CallbackFailed(_)) => figures.answers_lost += 1,
        Err(other) => panic!("the move got no answer: {other}"),
    }
    table.game.play(&MoveText::from(mv)).expect("mirrored");
}

/// Sends the greedy move at `table` through `/halma move` on a task of its own, without
/// mirroring it: a move in flight while a process is killed. Returns the move and the task.
pub(crate) fn move_in_flight(
    e: &E2e,
    table: &mut Table,
) -> (Move, tokio::task::JoinHandle<Result<Answer, FakeError>>) {
    let mv = table.next_move();
    let chain = table
        .game
        .position()
        .chain(mv, table.game.options())
        .expect("a legal move");
    let to: Vec<String> = chain[1..].iter().map(Square::to_string).collect();
    let (fake, mover, channel) = (
        e.fake.clone(),
        table.to_move().clone(),
        table.channel.clone(),
    );
    let from = mv.from.to_string();
    let flight = tokio::spawn(async move {
        fake.slash(
            &mover,
            &channel,
            "halma",
            "move",
            &[("from", json!(from)), ("to", json!(to.join(" ")))],
        )
        .await
    });
    (mv, flight)
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn chaos_shows_every_saved_move() {
    let rounds = env_number("CHAOS_ROUNDS", u64::from(SMOKE_ROUNDS)) as u32;
    let mut dice = Dice(env_number("CHAOS_SEED", 0x5eed));
    let started = Instant::now();
    let mut e = E2e::start("chaos").await;
    let (alice, bob) = (e.user("alice"), e.user("bob"));
    let mut tables = Vec::new();
    for i in 0..TABLES {
        let channel = e.channel(&format!("chaos-{i}"));
        tables.push(
            e.start_game(&channel, &alice, &bob, halma::Variant::Small)
                .await,
        );
    }
    let mut figures = Figures::default();
    for round in 0..rounds {
        for table in tables.iter_mut() {
            if table.game.outcome().is_over() {
                continue;
            }
            let lose = dice.roll(3) == 0;
            if dice.roll(6) == 0 {
                e.fake.fail_channel_posts(1 + dice.roll(3) as u32);
            }
            move_at(&e, table, lose, &mut figures).await;
        }
        match dice.roll(4) {
            // Killed between moves.
            0 => {
                figures.kills += 1;
                e.restart().await;
            }
            // Killed with a move in flight: it may be stored or not.
            1 if round + 1 < rounds => {
                figures.kills += 1;
                figures.kills_in_flight += 1;
                let table = &mut tables[dice.roll(TABLES as u64) as usize];
                if table.game.outcome().is_over() {
                    continue;
                }
                let game = game_row(&e.db.pool, &table.channel).await;
                let (mv, flight) = move_in_flight(&e, table);
                // Let the interaction reach the bot, then kill it mid-answer (or before).
                tokio::task::yield_now().await;
                e.kill();
                e.spawn().await;
                // The interaction ends one way or the other: answered (by the new process, if
                // the old one never saw it) or not at all.
                let _ = flight.await;
                let after = game_row(&e.db.pool, &table.channel).await;
                if after.ply > game.ply {
                    figures.moves_committed_in_flight += 1;
                    table.game.play(&MoveText::from(mv)).expect("mirrored");
                }
            }
            _ => {}
        }
    }

    // A last restart, then wait until every held or failed announcement is out.
    e.restart().await;
    wait_outbox_empty(&e, "").await;
    let mut stored_moves = 0;
    let mut shown_twice = 0;
    for table in &tables {
        let moves = moves_shown(&e, table).await;
        for m in &moves {
            assert!(
                m.shown >= m.same,
                "move {} ({}) in #{} is never shown",
                m.ply,
                m.chain,
                table.channel.name
            );
            shown_twice += (m.shown - m.same) as u32;
        }
        stored_moves += moves.len();
    }
    assert_eq!(shown_twice, 0, "moves shown twice");
    let (callbacks_failed, posts_failed) = e.fake.injected_failures();
    eprintln!(
        "chaos: {rounds} rounds, {TABLES} games, {stored_moves} moves stored, {figures:?}, \
         {callbacks_failed} callbacks and {posts_failed} channel posts failed on purpose, \
         {} repeated posts caught by their nonce, {:.1} s",
        e.fake.nonce_hits(),
        started.elapsed().as_secs_f64()
    );
}

/// Waits (bounded) until every held or failed announcement has left the outbox; `context`
/// goes into the failure's message.
pub(crate) async fn wait_outbox_empty(e: &E2e, context: &str) {
    let deadline = Instant::now() + ANSWER_TIMEOUT * 3;
    loop {
        let waiting: i64 = sqlx::query_scalar("SELECT count(*) FROM outbox")
            .fetch_one(&e.db.pool)
            .await
            .unwrap();
        if waiting == 0 {
            return;
        }
        assert!(
            Instant::now() < deadline,
            "{waiting} announcements still wait in the outbox{context}"
        );
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
}

/// One stored move and how the channel showed it.
pub(crate) struct Shown {
    pub(crate) ply: i32,
    pub(crate) chain: String,
    /// Public messages that name the move.
    pub(crate) shown: usize,
    /// Stored moves of the game with the same chain (a game may play one twice).
    pub(crate) same: usize,
}

/// Checks that `table`'s stored game is the one played and replays, and returns each of its
/// stored moves with how often the channel showed it.
pub(crate) async fn moves_shown(e: &E2e, table: &Table) -> Vec<Shown> {
    let game = game_row(&e.db.pool, &table.channel).await;
    assert_ne!(
        game.end_reason.as_deref(),
        Some("timeout"),
        "nobody loses on time for our downtime"
    );
    assert_eq!(
        game.position,
        table.game.position().to_string(),
        "the stored position is the one played"
    );
    Service::new(Db::new(e.db.pool.clone()), Arc::new(SystemClock))
        .verify(halma_core::service::GameId(game.id))
        .await
        .unwrap_or_else(|err| panic!("game {} does not replay: {err:?}", game.id));
    let messages = public(e, &table.channel);
    let moves = moves_of(&e.db.pool, game.id).await;
    moves
        .iter()
        .map(|(ply, _, chain)| Shown {
            ply: *ply,
            chain: chain.clone(),
            shown: messages
                .iter()
                .filter(|m| names_move(&m.content, chain))
                .count(),
            same: moves.iter().filter(|(_, _, c)| c == chain).count(),
        })
        .collect()
}

#[test]
fn a_move_is_named_only_as_a_whole() {
    assert!(names_move("<@1> played `g3-g4`.", "g3-g4"));
    assert!(!names_move("<@1> played `g3-g4-g6`.", "g3-g4"));
    assert!(!names_move("<@1> played `ag3-g4`.", "g3-g4"));
}
