//! A bot killed with SIGKILL and started again on the same database picks up where it was:
//! games go on, and the buttons of messages sent before the crash still work.

use halma::Variant;

use crate::support::{assert_game_start, assert_refusal, game_row, parse_history, E2e};

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_killed_bot_restarts_and_everything_goes_on() {
    let mut e = E2e::start("restart").await;
    let alice = e.user("alice");
    let bob = e.user("bob");
    let carol = e.user("carol");
    let dave = e.user("dave");
    let erin = e.user("erin");
    let frank = e.user("frank");

    // A game in progress.
    let main = e.channel("main");
    let mut table = e.start_game(&main, &alice, &bob, Variant::Small).await;
    for _ in 0..3 {
        e.play_greedy(&mut table).await;
    }
    // A challenge nobody has answered yet.
    let pending = e.channel("pending");
    let challenge = e.challenge(&carol, &dave, &pending, "small").await;
    // A finished game, with its Rematch button.
    let done = e.channel("done");
    e.start_game(&done, &erin, &frank, Variant::Small).await;
    let resigned = e.halma(&erin, &done, "resign", &[]).await;
    assert!(
        resigned.button("Rematch").is_some(),
        "a resigned game offers a rematch: {resigned:?}"
    );

    let identifies = e.fake.identify_count();
    e.restart().await;
    assert!(
        e.fake.identify_count() > identifies,
        "the new process identified on the gateway"
    );
    assert_eq!(
        e.fake.registration_count(),
        2,
        "each start registers the commands"
    );

    // The game goes on from where it was.
    let history = e.halma(&carol, &main, "history", &[]).await;
    let (_, position) = parse_history(&history.content);
    assert_eq!(position, table.game.position().to_string());
    for _ in 0..2 {
        e.play_greedy(&mut table).await;
    }
    assert_eq!(
        game_row(&e.db.pool, &main).await.position,
        table.game.position().to_string()
    );

    // The old challenge's buttons still work: a refusal for the wrong user, then the accept.
    let refused = e.click(&alice, &challenge, "Accept").await;
    assert_refusal(&refused, &dave.mention());
    let started = e.click(&dave, &challenge, "Accept").await;
    assert_game_start(&started, &carol, Variant::Small);
    assert_eq!(game_row(&e.db.pool, &pending).await.status, "active");

    // The finished game's Rematch makes a new challenge (colours swapped), which the other
    // player can decline.
    let rematch = e.click(&frank, &resigned, "Rematch").await;
    assert!(
        !rematch.ephemeral,
        "the rematch challenge is public: {rematch:?}"
    );
    assert!(
        rematch.content.contains(&erin.mention()),
        "the rematch challenges erin: {:?}",
        rematch.content
    );
    assert_eq!(rematch.button_labels(), ["Accept", "Decline", "Withdraw"]);
    let declined = e.click(&erin, &rematch, "Decline").await;
    assert!(
        declined.buttons.is_empty(),
        "a declined challenge has no buttons: {declined:?}"
    );
    assert!(
        declined.content.contains("declined"),
        "{:?}",
        declined.content
    );
    let status: String = sqlx::query_scalar(
        "SELECT status FROM challenges WHERE channel_id = $1 ORDER BY id DESC LIMIT 1",
    )
    .bind(done.id as i64)
    .fetch_one(&e.db.pool)
    .await
    .expect("read the rematch challenge");
    assert_eq!(status, "declined");

    // The channel is free again for a new game.
    let again = e.challenge(&erin, &frank, &done, "small").await;
    assert!(!again.ephemeral);
}
