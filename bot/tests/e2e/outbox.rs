//! The bot keeps its word under faults: a saved move or game end whose interaction answer is
//! lost still reaches the channel, once, also while channel posts fail for a while; a bot
//! that was down does not make anyone lose on time; old and foreign buttons are refused.

use std::time::Duration;

use fake_discord::{FakeError, Message, TestChannel};
use halma::MoveText;
use sqlx::PgPool;

use crate::support::{assert_refusal, game_row, moves_of, E2e, Table, ANSWER_TIMEOUT};

/// How many rows wait in the outbox.
async fn outbox_rows(pool: &PgPool) -> i64 {
    sqlx::query_scalar("SELECT count(*) FROM outbox")
        .fetch_one(pool)
        .await
        .expect("count the outbox")
}

/// Waits until the outbox is empty: everything saved was shown.
pub(crate) async fn wait_outbox_empty(pool: &PgPool) {
    let deadline = tokio::time::Instant::now() + ANSWER_TIMEOUT * 3;
    while outbox_rows(pool).await > 0 {
        assert!(
            tokio::time::Instant::now() < deadline,
            "the outbox did not empty in time"
        );
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
}

/// The public messages in `channel` whose text contains `needle`.
pub(crate) fn shown(e: &E2e, channel: &TestChannel, needle: &str) -> Vec<Message> {
    e.fake
        .channel_messages(channel)
        .into_iter()
        .filter(|m| !m.ephemeral && m.content.contains(needle))
        .collect()
}

/// Waits until the move `chain` is posted in `channel` (not as an interaction's answer) with
/// its board, and the outbox is empty; checks that it was shown once.
async fn posted_once(e: &E2e, channel: &TestChannel, chain: &str) {
    let posted = e
        .fake
        .wait_for_channel_message(
            channel,
            |m| m.interaction_id.is_none() && m.content.contains(chain),
            ANSWER_TIMEOUT,
        )
        .await
        .expect("the move is posted in the channel");
    assert_eq!(posted.files.len(), 1, "with its board: {posted:?}");
    wait_outbox_empty(&e.db.pool).await;
    assert_eq!(shown(e, channel, chain).len(), 1, "shown once");
}

/// Makes PostgreSQL skip every `event` (`UPDATE` or `DELETE`) on an outbox row for which
/// `when` holds, as if the bot had died before making it: a trigger called `name`.
async fn ignore_outbox_changes(pool: &PgPool, name: &str, event: &str, when: &str) {
    let kept = if event == "DELETE" { "OLD" } else { "NEW" };
    sqlx::raw_sql(&format!(
        "CREATE FUNCTION {name}() RETURNS trigger LANGUAGE plpgsql AS $$
         BEGIN IF {when} THEN RETURN NULL; END IF; RETURN {kept}; END $$;
         CREATE TRIGGER {name} BEFORE {event} ON outbox
             FOR EACH ROW EXECUTE FUNCTION {name}();"
    ))
    .execute(pool)
    .await
    .expect("the trigger");
}

/// Checks that the one outbox row is a held answer's, which knows its interaction.
async fn assert_held_with_token(pool: &PgPool) {
    let token: Option<String> = sqlx::query_scalar("SELECT answer_token FROM outbox")
        .fetch_one(pool)
        .await
        .expect("the held announcement stayed");
    assert!(token.is_some(), "the held row knows its interaction");
}

/// Plays the greedy move at `table` while the fake fails its answer; returns the chain text.
async fn play_unanswered(e: &E2e, table: &mut Table) -> String {
    let mv = table.next_move();
    let chain = table.chain_text(mv);
    e.fake.fail_callbacks(1);
    let answer = e.send_move(table, mv).await;
    assert!(
        matches!(answer, Err(FakeError::CallbackFailed(_))),
        "the answer was lost: {answer:?}"
    );
    table.game.play(&MoveText::from(mv)).expect("mirrored");
    chain
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_move_answered_just_before_the_bot_died_is_not_posted_again() {
    let e = E2e::start("answered_then_died").await;
    let mut table = e.small_game("died").await;
    // The state a bot killed right after Discord took its answer leaves behind: the answer is
    // in the channel, the held announcement still in the outbox. A trigger keeps the rows the
    // bot deletes on delivery (those no sender has taken yet), as if it had died first.
    ignore_outbox_changes(&e.db.pool, "keep_held", "DELETE", "OLD.attempts = 0").await;
    let mv = table.next_move();
    let chain = table.chain_text(mv);
    let answer = e.play(&mut table, mv).await;
    assert!(answer.content.contains(&chain), "{answer:?}");
    assert_held_with_token(&e.db.pool).await;

    // Its hold runs out: a sender finds Discord has the answer, and drops the row unposted.
    sqlx::query("UPDATE outbox SET due_at = now()")
        .execute(&e.db.pool)
        .await
        .expect("the hold is over");
    wait_outbox_empty(&e.db.pool).await;
    assert_eq!(
        shown(&e, &table.channel, &chain).len(),
        1,
        "shown once, by the answer"
    );
    assert!(
        e.fake
            .channel_messages(&table.channel)
            .iter()
            .all(|m| m.interaction_id.is_some()),
        "nothing was posted"
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_move_whose_answer_became_an_apology_is_still_posted() {
    let e = E2e::start("apology_answer").await;
    let mut table = e.small_game("apology").await;
    // The state a bot killed between a failed answer and its hand-over leaves behind: the
    // held row keeps its interaction's token and its hold. A trigger drops the hand-over
    // (an update that does not take the row), as if the bot had died first.
    ignore_outbox_changes(
        &e.db.pool,
        "keep_hold",
        "UPDATE",
        "NEW.attempts = OLD.attempts",
    )
    .await;
    // The move's answer fails for a moment: the command fails after its move was saved, and
    // its interaction is answered with the apology, which does not show the move.
    let mv = table.next_move();
    let chain = table.chain_text(mv);
    e.fake.fail_callbacks_briefly(1);
    let answer = e.send_move(&table, mv).await.expect("an answer");
    assert!(answer.ephemeral, "the apology: {answer:?}");
    assert!(!answer.content.contains(&chain), "{answer:?}");
    table.game.play(&MoveText::from(mv)).expect("mirrored");
    assert_held_with_token(&e.db.pool).await;

    // Its hold runs out: the sender finds only the apology, and posts the move.
    sqlx::raw_sql("DROP TRIGGER keep_hold ON outbox; UPDATE outbox SET due_at = now();")
        .execute(&e.db.pool)
        .await
        .expect("the hold is over");
    posted_once(&e, &table.channel, &chain).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_move_whose_answer_is_lost_is_posted_in_the_channel_once() {
    let e = E2e::start("lost_answer").await;
    let mut table = e.small_game("lost").await;
    e.play_greedy(&mut table).await;

    let chain = play_unanswered(&e, &mut table).await;
    posted_once(&e, &table.channel, &chain).await;

    // Delivered answers are not posted a second time.
    let next = e.play_greedy(&mut table).await;
    wait_outbox_empty(&e.db.pool).await;
    assert_eq!(
        e.fake
            .channel_messages(&table.channel)
            .iter()
            .filter(|m| m.interaction_id.is_none())
            .count(),
        1,
        "only the lost answer was posted: {next:?}"
    );

    // The answer is lost and the channel refuses posts for a while: the bot keeps trying
    // (with backoff) until the move is shown, once.
    e.fake.fail_channel_posts(2);
    let chain = play_unanswered(&e, &mut table).await;
    e.fake
        .wait_for_channel_message(
            &table.channel,
            |m| m.content.contains(&chain),
            ANSWER_TIMEOUT,
        )
        .await
        .expect("posted after the outage");
    wait_outbox_empty(&e.db.pool).await;
    assert_eq!(shown(&e, &table.channel, &chain).len(), 1);
    assert_eq!(e.fake.injected_failures(), (2, 2));

    // Every stored move was shown: as an answer or as a post.
    let game = game_row(&e.db.pool, &table.channel).await;
    for (_, _, chain) in moves_of(&e.db.pool, game.id).await {
        assert_eq!(shown(&e, &table.channel, &chain).len(), 1, "{chain}");
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_resignation_whose_answer_is_lost_is_posted() {
    let e = E2e::start("lost_resign").await;
    let mut table = e.small_game("resign").await;
    e.play_greedy(&mut table).await;
    let alice = e.user("alice");
    e.fake.fail_callbacks(1);
    let answer = e
        .fake
        .slash(&alice, &table.channel, "halma", "resign", &[])
        .await;
    assert!(
        matches!(answer, Err(FakeError::CallbackFailed(_))),
        "{answer:?}"
    );
    assert_eq!(
        game_row(&e.db.pool, &table.channel).await.status,
        "finished"
    );
    let posted = e
        .fake
        .wait_for_channel_message(
            &table.channel,
            |m| m.interaction_id.is_none(),
            ANSWER_TIMEOUT,
        )
        .await
        .expect("the resignation is posted");
    assert!(
        posted.content.contains(&alice.mention()) || posted.content.contains("resign"),
        "{posted:?}"
    );
    wait_outbox_empty(&e.db.pool).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_deadline_that_passed_while_the_bot_was_down_moves_forward() {
    // A timer that ticks every few seconds: its grace is then a minute, well below the outage.
    let mut e = E2e::start_with("downtime", &[("TIMER_INTERVAL_SECS", "5")]).await;
    let table = e.small_game("downtime").await;
    let game = game_row(&e.db.pool, &table.channel).await;
    e.kill();

    // As if the bot had been down for an hour, and Alice's deadline had passed 10 minutes
    // ago, during the outage.
    let pool = &e.db.pool.clone();
    let (beat, deadline): (chrono::DateTime<chrono::Utc>, chrono::DateTime<chrono::Utc>) =
        sqlx::query_as(
            "WITH b AS (UPDATE heartbeat SET beat_at = now() - interval '1 hour' RETURNING beat_at),
                  g AS (UPDATE games SET turn_deadline = now() - interval '10 minutes'
                        WHERE id = $1 RETURNING turn_deadline)
             SELECT b.beat_at, g.turn_deadline FROM b, g",
        )
        .bind(game.id)
        .fetch_one(pool)
        .await
        .expect("set the outage");

    e.spawn().await;
    // Wait for the restarted timer's first beat.
    let started = tokio::time::Instant::now();
    loop {
        let now_beat: chrono::DateTime<chrono::Utc> =
            sqlx::query_scalar("SELECT beat_at FROM heartbeat")
                .fetch_one(pool)
                .await
                .unwrap();
        if now_beat > beat + chrono::TimeDelta::minutes(59) {
            break;
        }
        assert!(started.elapsed() < ANSWER_TIMEOUT, "the bot did not beat");
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    let (status, moved): (String, chrono::DateTime<chrono::Utc>) =
        sqlx::query_as("SELECT status, turn_deadline FROM games WHERE id = $1")
            .bind(game.id)
            .fetch_one(pool)
            .await
            .unwrap();
    assert_eq!(status, "active", "not lost on time for our downtime");
    let shift = moved - deadline;
    assert!(
        shift >= chrono::TimeDelta::hours(1) && shift < chrono::TimeDelta::minutes(70),
        "the deadline moved forward by the outage: {shift}"
    );
    // And the game goes on: Alice may still move.
    let mut table = table;
    e.play_greedy(&mut table).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn old_foreign_and_unknown_buttons_are_refused() {
    let e = E2e::start("raw_buttons").await;
    let mut first = e.small_game("buttons").await;
    let answer = e.play_greedy(&mut first).await;
    let (alice, carol) = (e.user("alice"), e.user("carol"));
    let before = crate::support::snapshot(&e.db.pool).await;

    // A button this bot never made.
    let refused = e
        .fake
        .click_raw(&alice, &answer, "someone-else:do:1")
        .await
        .expect("an answer");
    assert_refusal(&refused, "no longer valid");
    // Accept draw of a game that is not the channel's (an old one).
    let refused = e
        .fake
        .click_raw(&alice, &answer, "halma:draw:999999")
        .await
        .expect("an answer");
    assert_refusal(&refused, "earlier game");
    // A bystander's click on the current game's draw button.
    let game = game_row(&e.db.pool, &first.channel).await;
    let refused = e
        .fake
        .click_raw(&carol, &answer, &format!("halma:draw:{}", game.id))
        .await
        .expect("an answer");
    assert!(refused.ephemeral, "{refused:?}");
    // A challenge id that does not exist.
    let refused = e
        .fake
        .click_raw(&alice, &answer, "halma:accept:123456789")
        .await
        .expect("an answer");
    assert!(refused.ephemeral, "{refused:?}");
    assert_eq!(crate::support::snapshot(&e.db.pool).await, before);
}
