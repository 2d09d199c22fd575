//! "Your move, wherever you are": `/halma notify dm:on` through the real bot and the fake
//! Discord. A member who turned it on gets one DM per turn (with the channel's link and the
//! board) and one at half time; a member whose DMs are closed keeps the channel's ping and is
//! paused, not retried; and a DM whose bot died before or after posting it arrives once.

use std::time::Duration;

use fake_discord::{Message, TestChannel, TestUser};
use serde_json::json;
use sqlx::PgPool;

use crate::outbox::wait_outbox_empty;
use crate::support::answers::pinged;
use crate::support::{assert_board_png, assert_refusal, E2e, Table, ANSWER_TIMEOUT};

/// `user` turns DMs on with `/halma notify dm:on`; checks the short, private answer.
async fn turn_on(e: &E2e, user: &TestUser, channel: &TestChannel) {
    let on = e
        .halma(user, channel, "notify", &[("dm", json!("on"))])
        .await;
    assert!(on.ephemeral, "{on:?}");
    assert!(
        on.content.starts_with("Direct messages: on.") && on.content.contains("24 hours"),
        "says it is on, and how long a refusal pauses it: {:?}",
        on.content
    );
}

/// Waits until `user` has `count` DMs, and returns them.
async fn wait_dms(e: &E2e, user: &TestUser, count: usize) -> Vec<Message> {
    let dm = e.fake.dm_channel(user);
    loop {
        let dms = e.fake.dm_messages(user);
        if dms.len() >= count {
            return dms;
        }
        let seen: Vec<u64> = dms.iter().map(|m| m.id).collect();
        e.fake
            .wait_for_channel_message(&dm, |m| !seen.contains(&m.id), ANSWER_TIMEOUT)
            .await
            .unwrap_or_else(|err| panic!("DM {count} to {}: {err}", user.name));
    }
}

/// Checks a "your move" DM of `table`'s game: the link to its channel and the board.
fn assert_your_move(dm: &Message, e: &E2e, table: &Table, needle: &str) {
    let link = format!(
        "https://discord.com/channels/{}/{}",
        e.fake.guild_id(),
        table.channel.id
    );
    assert!(
        dm.content.contains(needle) && dm.content.contains(&link),
        "{needle:?} and {link} in {:?}",
        dm.content
    );
    let pngs = dm.files.iter().filter(|f| f.filename.ends_with(".png"));
    assert_eq!(pngs.count(), 1, "the board: {dm:?}");
}

/// Checks that no DM posted to `user` pings anyone (a DM tells its reader anyway).
fn assert_no_pings(e: &E2e, user: &TestUser) {
    for post in e.fake.dm_posts(user) {
        let allowed = &post.body["allowed_mentions"];
        let users = allowed["users"].as_array().map_or(0, Vec::len);
        let parsed = allowed["parse"].as_array().map_or(0, Vec::len);
        assert!(
            allowed.is_object() && users == 0 && parsed == 0,
            "a DM pings nobody: {:?}",
            post.body
        );
    }
}

/// Waits until the outbox holds nothing but DMs: the moves' answers are settled, so that a
/// bot killed now leaves only its DM behind.
async fn wait_only_dms_left(pool: &PgPool) {
    let deadline = tokio::time::Instant::now() + ANSWER_TIMEOUT;
    loop {
        let left: i64 = sqlx::query_scalar("SELECT count(*) FROM outbox WHERE user_id IS NULL")
            .fetch_one(pool)
            .await
            .expect("count the outbox");
        if left == 0 {
            return;
        }
        assert!(
            tokio::time::Instant::now() < deadline,
            "the answers were not settled"
        );
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
}

/// The moment until which `user`'s DMs are paused, if they are.
async fn paused_until(pool: &PgPool, user: &TestUser) -> Option<chrono::DateTime<chrono::Utc>> {
    sqlx::query_scalar("SELECT paused_until FROM notify_settings WHERE user_id = $1")
        .bind(user.id as i64)
        .fetch_one(pool)
        .await
        .expect("the member's setting")
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_member_hears_of_each_turn_once_and_at_half_time() {
    let e = E2e::start_with("notify_dms", &[("TIMER_INTERVAL_SECS", "1")]).await;
    let (alice, bob) = (e.user("alice"), e.user("bob"));
    let channel = e.channel("dms");

    // Off until turned on; a bad value is refused, privately, saying what to type.
    let shown = e.halma(&bob, &channel, "notify", &[]).await;
    assert!(shown.ephemeral, "{shown:?}");
    assert!(
        shown.content.starts_with("Direct messages: off."),
        "{shown:?}"
    );
    let refused = e
        .halma(&bob, &channel, "notify", &[("dm", json!("maybe"))])
        .await;
    assert_refusal(&refused, "on or off, not 'maybe'");
    turn_on(&e, &bob, &channel).await;
    turn_on(&e, &alice, &channel).await;

    // Alice moves first: she hears of it as the game starts (a day per move by default).
    let mut table = e
        .start_game(&channel, &alice, &bob, halma::Variant::Small)
        .await;
    let start = wait_dms(&e, &alice, 1).await;
    assert_your_move(
        &start[0],
        &e,
        &table,
        "It is your move in the game of small",
    );

    // Each move: one DM for the member to move next, with the move, the link and the board.
    let moved = e.play_greedy(&mut table).await;
    assert!(
        pinged(&moved).contains(&bob.id),
        "the channel pings Bob too"
    );
    let to_bob = wait_dms(&e, &bob, 1).await;
    assert_your_move(&to_bob[0], &e, &table, "It is your move");
    assert!(to_bob[0].content.contains(" played "), "{:?}", to_bob[0]);
    e.play_greedy(&mut table).await;
    let to_alice = wait_dms(&e, &alice, 2).await;
    assert_your_move(&to_alice[1], &e, &table, "It is your move");
    wait_outbox_empty(&e.db.pool).await;
    assert_eq!(e.fake.dm_messages(&bob).len(), 1, "one DM per turn");
    assert_eq!(e.fake.dm_messages(&alice).len(), 2, "one DM per turn");

    // Half of Alice's day is gone: the channel's reminder, and a DM.
    sqlx::query("UPDATE games SET turn_deadline = now() + interval '1 hour'")
        .execute(&e.db.pool)
        .await
        .expect("move the deadline");
    e.fake
        .wait_for_channel_message(
            &table.channel,
            |m| m.content.contains("half of your move time is gone"),
            ANSWER_TIMEOUT + Duration::from_secs(10),
        )
        .await
        .expect("the channel's reminder");
    let half = wait_dms(&e, &alice, 3).await;
    assert_your_move(&half[2], &e, &table, "Half of your move time is gone");
    wait_outbox_empty(&e.db.pool).await;
    assert_eq!(e.fake.dm_messages(&alice).len(), 3);
    assert_eq!(e.fake.dm_messages(&bob).len(), 1);
    assert_no_pings(&e, &alice);
    assert_no_pings(&e, &bob);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn closed_dms_keep_the_channel_ping_and_pause_the_member() {
    let e = E2e::start("notify_closed").await;
    let (alice, bob) = (e.user("alice"), e.user("bob"));
    let channel = e.channel("closed");
    turn_on(&e, &bob, &channel).await;
    e.fake.close_dms(&bob);
    let mut table = e
        .start_game(&channel, &alice, &bob, halma::Variant::Small)
        .await;

    // Alice moves: the channel pings Bob as ever; Discord refuses the DM (403, 50007).
    let moved = e.play_greedy(&mut table).await;
    assert!(pinged(&moved).contains(&bob.id), "{moved:?}");
    assert_board_png(&moved, halma::Variant::Small);
    wait_outbox_empty(&e.db.pool).await;
    let posts: Vec<u16> = e.fake.dm_posts(&bob).iter().map(|r| r.status).collect();
    assert_eq!(posts, [403], "one try, refused");
    let until = paused_until(&e.db.pool, &bob).await.expect("Bob is paused");
    let ahead = until - chrono::Utc::now();
    assert!(
        ahead > chrono::TimeDelta::hours(23) && ahead <= chrono::TimeDelta::hours(24),
        "paused for a day: {ahead}"
    );

    // Two more turns for Bob: no DM is tried while he is paused, and nothing failed.
    for _ in 0..4 {
        e.play_greedy(&mut table).await;
    }
    wait_outbox_empty(&e.db.pool).await;
    assert_eq!(e.fake.dm_posts(&bob).len(), 1, "no retry storm");
    assert!(e.fake.dm_messages(&bob).is_empty());
    let shown = e.halma(&bob, &channel, "notify", &[]).await;
    assert!(
        shown.ephemeral && shown.content.contains("Discord refused my last one"),
        "the pause is shown: {:?}",
        shown.content
    );
    let log = e.log_text();
    assert!(
        !log.contains("could not send an announcement") && !log.contains(" ERROR "),
        "nothing failed, nothing was retried: {log}"
    );
    assert!(log.contains("the member's DMs are closed"), "{log}");

    // His DMs open again and he says so: the next turn's DM arrives.
    e.fake.open_dms(&bob);
    turn_on(&e, &bob, &channel).await;
    assert_eq!(paused_until(&e.db.pool, &bob).await, None);
    e.play_greedy(&mut table).await;
    e.play_greedy(&mut table).await;
    let dms = wait_dms(&e, &bob, 1).await;
    assert_your_move(&dms[0], &e, &table, "It is your move");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_dm_whose_bot_was_killed_arrives_once_after_the_restart() {
    let mut e = E2e::start("notify_restart").await;
    let (alice, bob) = (e.user("alice"), e.user("bob"));
    let channel = e.channel("restart");
    turn_on(&e, &bob, &channel).await;
    let mut table = e
        .start_game(&channel, &alice, &bob, halma::Variant::Small)
        .await;
    let pool = e.db.pool.clone();

    // Killed after the move was saved, before the sender took its DM: a trigger holds the
    // DM rows back while the bot runs, as if it had died at once.
    sqlx::raw_sql(
        "CREATE FUNCTION hold_dms() RETURNS trigger LANGUAGE plpgsql AS $$
         BEGIN NEW.due_at = now() + interval '1 day'; RETURN NEW; END $$;
         CREATE TRIGGER hold_dms BEFORE INSERT ON outbox
             FOR EACH ROW WHEN (NEW.user_id IS NOT NULL) EXECUTE FUNCTION hold_dms();",
    )
    .execute(&pool)
    .await
    .expect("the trigger");
    e.play_greedy(&mut table).await;
    let held: i64 = sqlx::query_scalar("SELECT count(*) FROM outbox WHERE user_id IS NOT NULL")
        .fetch_one(&pool)
        .await
        .expect("count");
    assert_eq!(held, 1, "the DM was saved with the move");
    wait_only_dms_left(&pool).await;
    e.kill();
    sqlx::raw_sql(
        "DROP TRIGGER hold_dms ON outbox; DROP FUNCTION hold_dms();
         UPDATE outbox SET due_at = now() WHERE user_id IS NOT NULL;",
    )
    .execute(&pool)
    .await
    .expect("as if the bot had died");
    e.spawn().await;
    wait_dms(&e, &bob, 1).await;
    wait_outbox_empty(&pool).await;
    assert_eq!(e.fake.dm_messages(&bob).len(), 1, "arrived once");

    // Killed after Discord took the DM but before the bot settled it: the restarted sender
    // posts it again with the same nonce, and Discord returns the first message.
    e.play_greedy(&mut table).await;
    e.fake.hang_channel_posts(1);
    e.play_greedy(&mut table).await;
    wait_dms(&e, &bob, 2).await;
    wait_only_dms_left(&pool).await;
    e.kill();
    // The dead sender's lease would run out in a minute; the test does not wait for it.
    sqlx::query("UPDATE outbox SET due_at = now() WHERE user_id IS NOT NULL")
        .execute(&pool)
        .await
        .expect("the lease is over");
    e.spawn().await;
    wait_outbox_empty(&pool).await;
    assert_eq!(e.fake.dm_messages(&bob).len(), 2, "each DM shown once");
    assert_eq!(e.fake.nonce_hits(), 1, "the repeat was caught by its nonce");
    assert_eq!(
        e.fake.dm_posts(&bob).len(),
        3,
        "the DMs, and the one repeat after the restart"
    );
}
