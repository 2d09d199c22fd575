//! One delivery for every answer: a move is shown in its channel exactly once even when the bot
//! is killed after Discord took the move's message but before the bot settled it, whether the
//! move came as `/halma move`, through the picker, or from the Activity. After the restart the
//! outbox's sender finds each held announcement: it asks Discord about a slash command's
//! answer, and a channel post's repeat is caught by the nonce every post of it carries.

use fake_discord::{TestInstance, TestUser};
use halma::{Move, MoveText};
use serde_json::json;

use crate::activity::{session, sign_in};
use crate::outbox::{shown, wait_outbox_empty};
use crate::picker::play_by_picker;
use crate::support::{Table, ANSWER_TIMEOUT};

/// Mirrors `mv` at `table`; its chain as the bot writes it.
fn mirror(table: &mut Table, mv: Move) -> String {
    let chain = table.chain_text(mv);
    table
        .game
        .play(&MoveText::from(mv))
        .unwrap_or_else(|err| panic!("the mirrored move {mv} is illegal: {err}"));
    chain
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_move_is_shown_once_when_the_bot_dies_between_its_post_and_its_settling() {
    let (mut e, public) = crate::activity::start("delivery_once").await;
    let mut table = e.small_game("once").await;

    // A slash move whose answer Discord took, the bot killed before it learnt so.
    e.fake.hang_callbacks(1);
    let mv = table.next_move();
    let answer = e.send_move(&table, mv).await.expect("the move's answer");
    let board = answer.message_id.expect("the answer is a message");
    let slash = mirror(&mut table, mv);
    e.restart().await;

    // A move through the picker: its public answer posted, the bot killed before it settled.
    e.fake.hang_channel_posts(1);
    let mv = table.next_move();
    let picked = table.chain_text(mv);
    play_by_picker(&e, &mut table, board, mv).await;
    e.restart().await;

    // A move in the Activity, the same way.
    let mover: TestUser = table.to_move().clone();
    e.fake.add_activity_instance(TestInstance {
        id: "i-once".into(),
        guild: e.fake.guild_id(),
        channel: table.channel.id,
        users: vec![mover.id],
    });
    let token = sign_in(&e, &public, &mover).await;
    let (status, opened) = session(&public, &token, "i-once").await;
    assert_eq!(status, 200, "{opened:?}");
    let key = opened["session"].as_str().expect("a session").to_owned();
    let mv = table.next_move();
    let chain = table.chain_text(mv);
    let before = e.fake.channel_messages(&table.channel).len();
    e.fake.hang_channel_posts(1);
    let (from, to) = (mv.from.to_string(), mv.to.to_string());
    // The request never gets its answer: the bot dies while it waits for Discord.
    let asked = tokio::spawn(
        reqwest::Client::new()
            .post(format!("{public}/api/activity/move"))
            .json(&json!({ "session": key, "from": from, "to": to }))
            .send(),
    );
    e.fake
        .wait_for_channel_message(
            &table.channel,
            |m| m.content.contains(&chain),
            ANSWER_TIMEOUT,
        )
        .await
        .expect("the Activity move's post");
    assert_eq!(e.fake.channel_messages(&table.channel).len(), before + 1);
    let activity = mirror(&mut table, mv);
    e.kill();
    asked.abort();
    e.spawn().await;

    // The held announcements wait out their hold, then the sender settles them.
    wait_outbox_empty(&e.db.pool).await;
    for (how, chain) in [
        ("slash", &slash),
        ("picker", &picked),
        ("Activity", &activity),
    ] {
        assert_eq!(
            shown(&e, &table.channel, &format!("played {chain}.")).len(),
            1,
            "the {how} move {chain} is shown exactly once"
        );
    }
    assert_eq!(
        e.fake.nonce_hits(),
        2,
        "the picker's and the Activity's posts were repeated, and caught by their nonce"
    );
}
