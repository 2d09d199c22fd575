//! Every refusal is an ephemeral answer that says what was wrong and changes nothing in the
//! database; expired challenges are refused and closed by the timer.

use std::time::Duration;

use halma::{Seat, Square, Variant};
use serde_json::json;

use crate::support::{assert_refusal, snapshot, E2e};

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn refusals_are_ephemeral_and_change_nothing() {
    let e = E2e::start("refusals").await;
    let alice = e.user("alice");
    let bob = e.user("bob");
    let carol = e.user("carol");
    let dave = e.user("dave");
    let channel = e.channel("refusals");
    let mut table = e.start_game(&channel, &alice, &bob, Variant::Small).await;
    let position = table.game.position().clone();
    let options = *table.game.options();
    let before = snapshot(&e.db.pool).await;

    // Bob moves although Alice is to move, with a move that would be legal for him.
    let bobs_turn = position.with_to_move(Seat::B).expect("b plays in small");
    let bobs = bobs_turn.legal_moves(&options)[0];
    let answer = e
        .move_(&bob, &channel, &bobs.from.to_string(), &bobs.to.to_string())
        .await;
    assert_refusal(&answer, "not your turn");
    assert!(
        answer.content.contains(&alice.mention()),
        "names who is to move: {:?}",
        answer.content
    );

    // Someone who does not play.
    let answer = e.move_(&carol, &channel, "g3", "g4").await;
    assert_refusal(&answer, "not playing");

    // Illegal moves of the player to move: too far, onto a piece, from an empty square, with an
    // opponent's piece, a hop over nothing, and off the 8×8 board.
    let h1: Square = "h1".parse().expect("a square");
    let h8: Square = "h8".parse().expect("a square");
    assert!(!position.destinations(h1, &options).contains(h8));
    for (from, to, needle) in [
        ("h1", "h8", ""),
        ("h1", "h2", "occupied"),
        ("d4", "d5", "no piece"),
        ("a8", "b7", "not yours"),
        ("h4", "h6", ""),
        ("h1", "h12", "not on this board"),
    ] {
        let answer = e.move_(&alice, &channel, from, to).await;
        assert_refusal(&answer, needle);
    }

    // Garbage.
    for (from, to, needle) in [
        ("zz", "k5", "zz"),
        ("h1", "hello", "hello"),
        ("h99", "h5", "h99"),
        ("h4", "-", ""),
    ] {
        let answer = e.move_(&alice, &channel, from, to).await;
        assert_refusal(&answer, needle);
    }

    // A channel without a game.
    let quiet = e.channel("quiet");
    let answer = e.move_(&alice, &quiet, "h4", "g5").await;
    assert_refusal(&answer, "no game");
    // The same refusal in the user's language.
    let croatian = e.user("alice").with_locale("hr");
    let hr = e.move_(&croatian, &quiet, "h4", "g5").await;
    assert_refusal(&hr, "");
    assert_ne!(
        hr.content, answer.content,
        "a Croatian user is refused in Croatian"
    );
    // German and Russian members are answered in theirs.
    for (locale, words) in [
        ("de", "In diesem Kanal läuft keine Partie"),
        ("ru", "В этом канале не идёт ни одной партии"),
    ] {
        let member = e.user("alice").with_locale(locale);
        let said = e.move_(&member, &quiet, "h4", "g5").await;
        assert_refusal(&said, "");
        assert!(
            said.content.starts_with(words),
            "{locale}: {}",
            said.content
        );
    }
    for sub in ["board", "history", "resign", "draw", "replay"] {
        let answer = e.halma(&alice, &quiet, sub, &[]).await;
        assert_refusal(&answer, "no game");
    }

    // A second challenge where a game is being played, and other bad challenges.
    let answer = e.challenge(&carol, &dave, &channel, "small").await;
    assert_refusal(&answer, "already");
    let answer = e.challenge(&carol, &carol, &quiet, "small").await;
    assert_refusal(&answer, "yourself");
    // Not a move time, and one longer than seven days.
    for timeout in ["soon", "30d"] {
        let options = [
            ("opponent", dave.option_value()),
            ("turn_timeout", json!(timeout)),
        ];
        let answer = e.halma(&carol, &quiet, "challenge", &options).await;
        assert_refusal(&answer, timeout);
    }

    assert_eq!(
        snapshot(&e.db.pool).await,
        before,
        "refusals changed the database"
    );

    // The game goes on as if nothing happened.
    e.play_greedy(&mut table).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_expired_challenge_cannot_be_accepted() {
    // The timer ticks once at start-up and then not for an hour, so only the click sees that
    // the challenge expired.
    let e = E2e::start("expired_accept").await;
    let alice = e.user("alice");
    let bob = e.user("bob");
    let channel = e.channel("expiry");
    let challenge = e.challenge(&alice, &bob, &channel, "small").await;
    let updated = sqlx::query(
        "UPDATE challenges SET expires_at = now() - interval '1 minute' WHERE channel_id = $1",
    )
    .bind(channel.id as i64)
    .execute(&e.db.pool)
    .await
    .expect("expire the challenge");
    assert_eq!(updated.rows_affected(), 1);
    let before = snapshot(&e.db.pool).await;
    let answer = e.click(&bob, &challenge, "Accept").await;
    assert_refusal(&answer, "expired");
    assert_eq!(
        snapshot(&e.db.pool).await,
        before,
        "the refusal changed the database"
    );
    let answer = e.click(&bob, &challenge, "Decline").await;
    assert_refusal(&answer, "expired");
    // No game started: a move is refused.
    let answer = e.move_(&alice, &channel, "h4", "g5").await;
    assert_refusal(&answer, "no game");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_timer_closes_an_expired_challenge() {
    let e = E2e::start_with("expiry_timer", &[("TIMER_INTERVAL_SECS", "1")]).await;
    let alice = e.user("alice");
    let bob = e.user("bob");
    let channel = e.channel("expiry");
    let challenge = e.challenge(&alice, &bob, &channel, "small").await;
    let message = challenge.message_id.expect("the challenge is a message");
    sqlx::query(
        "UPDATE challenges SET expires_at = now() - interval '1 second' WHERE channel_id = $1",
    )
    .bind(channel.id as i64)
    .execute(&e.db.pool)
    .await
    .expect("expire the challenge");
    let closed = e
        .fake
        .wait_for_message(
            message,
            |m| m.buttons.is_empty() && m.content.contains("expired"),
            Duration::from_secs(15),
        )
        .await
        .unwrap_or_else(|err| panic!("the timer closes the expired challenge: {err}"));
    assert!(
        closed.content.contains(&bob.mention()),
        "{:?}",
        closed.content
    );
    let status: String = sqlx::query_scalar("SELECT status FROM challenges WHERE channel_id = $1")
        .bind(channel.id as i64)
        .fetch_one(&e.db.pool)
        .await
        .expect("read the challenge");
    assert_eq!(status, "expired");
    assert!(
        e.fake.click(&bob, message, "Accept").await.is_err(),
        "the closed challenge has no Accept button any more"
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_member_who_acts_too_fast_is_asked_to_slow_down() {
    let e = E2e::start_with("pace", &[("MEMBER_ACTIONS_PER_MINUTE", "1")]).await;
    let (alice, bob) = (e.user("alice"), e.user("bob"));
    let channel = e.channel("pace");
    let slowed = |answer: &fake_discord::Answer| {
        answer.ephemeral && answer.content.starts_with("Slow down a little")
    };
    // A burst of eight is answered; past it, within the minute, only a "slow down".
    for i in 0..8 {
        let answer = e.halma(&alice, &channel, "rules", &[]).await;
        assert!(!slowed(&answer), "command {i}: {answer:?}");
    }
    let answer = e.halma(&alice, &channel, "rules", &[]).await;
    assert!(slowed(&answer), "{answer:?}");
    // A click counts too, and changes nothing.
    let challenge = e.challenge(&bob, &alice, &channel, "small").await;
    let click = e.click(&alice, &challenge, "Accept").await;
    assert!(slowed(&click), "{click:?}");
    let pending: i64 =
        sqlx::query_scalar("SELECT COUNT(*) FROM challenges WHERE status = 'pending'")
            .fetch_one(&e.db.pool)
            .await
            .expect("count the pending challenges");
    assert_eq!(pending, 1, "the challenge still waits");
    // Bob is not slowed by Alice.
    let answer = e.halma(&bob, &channel, "rules", &[]).await;
    assert!(!slowed(&answer), "{answer:?}");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_member_with_challenges_waiting_everywhere_opens_no_more_threads() {
    let e = E2e::start("thread_limit").await;
    let (alice, bob) = (e.user("alice"), e.user("bob"));
    for i in 0..halma_core::service::PENDING_CHALLENGES_PER_MEMBER {
        let made = e
            .challenge(&alice, &bob, &e.channel(&format!("wait{i}")), "small")
            .await;
        assert!(!made.ephemeral, "{made:?}");
    }
    // One more in a thread of its own: refused before the thread is made.
    let lobby = e.channel("lobby");
    let options = [("opponent", bob.option_value()), ("thread", json!(true))];
    let refused = e.halma(&alice, &lobby, "challenge", &options).await;
    assert_refusal(&refused, "challenges waiting");
    assert!(e.fake.threads_of(&lobby).is_empty(), "no thread was opened");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_challenges_or_lobbys_button_acts_only_where_it_was_made() {
    let e = E2e::start("buttons_elsewhere").await;
    let (alice, bob, carol, dave) = (
        e.user("alice"),
        e.user("bob"),
        e.user("carol"),
        e.user("dave"),
    );
    let here = e.channel("here");
    let challenge = e.challenge(&alice, &bob, &here, "small").await;
    let accept = challenge
        .buttons
        .iter()
        .find(|b| b.label.as_deref() == Some("Accept"))
        .and_then(|b| b.custom_id.clone())
        .expect("an Accept button");
    // A message in another channel, clicked with the challenge's button id (a forged request).
    let elsewhere = e.channel("elsewhere");
    let lobby = e
        .halma(&carol, &elsewhere, "open", &[("variant", json!("three"))])
        .await;
    // The bot notes the lobby's message right after answering: wait for it, so that the
    // snapshot below sees the lobby as it stays.
    let deadline = std::time::Instant::now() + crate::support::ANSWER_TIMEOUT;
    loop {
        let noted: Option<i64> = sqlx::query_scalar("SELECT message_id FROM lobbies")
            .fetch_one(&e.db.pool)
            .await
            .expect("the lobby");
        if noted.is_some() {
            break;
        }
        assert!(
            std::time::Instant::now() < deadline,
            "the lobby's message was not noted"
        );
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
    let before = snapshot(&e.db.pool).await;
    let forged = e
        .fake
        .click_raw(&bob, &lobby, &accept)
        .await
        .expect("the click is answered");
    assert_refusal(&forged, "no longer valid");
    // And the lobby's Join button from the challenge's channel.
    let join = lobby
        .buttons
        .iter()
        .find(|b| b.label.as_deref() == Some("Join"))
        .and_then(|b| b.custom_id.clone())
        .expect("a Join button");
    let forged = e
        .fake
        .click_raw(&dave, &challenge, &join)
        .await
        .expect("the click is answered");
    assert_refusal(&forged, "no longer valid");
    assert_eq!(snapshot(&e.db.pool).await, before, "nothing changed");
    // Where they were made, the same buttons work.
    let joined = e.click(&dave, &lobby, "Join").await;
    assert!(!joined.ephemeral, "{joined:?}");
    let started = e.click(&bob, &challenge, "Accept").await;
    assert!(!started.ephemeral, "{started:?}");
}
