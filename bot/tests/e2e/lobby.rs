//! Games of three and four through Discord: an open lobby that fills (with a Leave and an
//! early Start on the way) and a few rounds of its game, and a three-player invitation made
//! with `challenge`, accepted one member at a time.

use std::time::Duration;

use fake_discord::{Answer, TestUser};
use halma::Variant;
use serde_json::json;

use crate::multiplayer::invite_to_three;
use crate::support::{assert_game_start, assert_refusal, game_row, seats_of, E2e, Table};

/// Waits (bounded) until the lobby in the database names `message` as its message, so that
/// later clicks find it recorded.
pub async fn wait_lobby_recorded(e: &E2e, message: u64) {
    let recorded = async {
        loop {
            let found: Option<i64> =
                sqlx::query_scalar("SELECT id FROM lobbies WHERE message_id = $1")
                    .bind(message as i64)
                    .fetch_optional(&e.db.pool)
                    .await
                    .expect("read the lobbies");
            if found.is_some() {
                return;
            }
            tokio::time::sleep(Duration::from_millis(20)).await;
        }
    };
    tokio::time::timeout(Duration::from_secs(20), recorded)
        .await
        .unwrap_or_else(|_| panic!("the bot never recorded message {message} as a lobby's"));
}

/// The lobby message as Discord now shows it (clicks edit it).
fn shown(e: &E2e, lobby: &Answer) -> String {
    e.fake
        .message(lobby.message_id.expect("the lobby is a message"))
        .expect("the lobby message is stored")
        .content
}

/// A click on the lobby that updates its message.
fn assert_update(answer: &Answer, who: &TestUser) {
    assert!(
        !answer.ephemeral && answer.callback_type == 7,
        "{} clicking updates the lobby message: {answer:?}",
        who.name
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_lobby_of_four_fills_starts_and_plays_in_turn() {
    let e = E2e::start("lobby_four").await;
    let [alice, bob, carol, dave, erin] =
        ["alice", "bob", "carol", "dave", "erin"].map(|n| e.user(n));
    let channel = e.channel("lobby-four");

    let lobby = e
        .halma(&alice, &channel, "open", &[("turn_timeout", json!("1h"))])
        .await;
    assert!(!lobby.ephemeral && lobby.callback_type == 4, "{lobby:?}");
    assert_eq!(
        lobby.button_labels(),
        ["Join", "Leave", "Start", "Add AI (medium)"]
    );
    assert!(lobby.content.contains("four") && lobby.content.contains(&alice.mention()));
    wait_lobby_recorded(&e, lobby.message_id.expect("a message")).await;

    // A second lobby in the channel is refused.
    let second = e.halma(&bob, &channel, "open", &[]).await;
    assert_refusal(&second, &alice.mention());

    let joined = e.click(&bob, &lobby, "Join").await;
    assert_update(&joined, &bob);
    assert!(
        shown(&e, &lobby).contains(&bob.mention()),
        "{}",
        shown(&e, &lobby)
    );
    assert_refusal(&e.click(&bob, &lobby, "Join").await, "already");
    assert_update(&e.click(&carol, &lobby, "Join").await, &carol);
    assert!(shown(&e, &lobby).contains("(3/4)"), "{}", shown(&e, &lobby));
    assert_update(&e.click(&carol, &lobby, "Leave").await, &carol);
    let now = shown(&e, &lobby);
    assert!(
        !now.contains(&carol.mention()) && now.contains("(2/4)"),
        "{now}"
    );
    // Start is the host's, and only for a full lobby.
    assert_refusal(&e.click(&bob, &lobby, "Start").await, &alice.mention());
    assert_refusal(&e.click(&alice, &lobby, "Start").await, "needs 4 players");
    let games: i64 = sqlx::query_scalar("SELECT count(*) FROM games")
        .fetch_one(&e.db.pool)
        .await
        .expect("count games");
    assert_eq!(games, 0, "no game starts with an empty seat");

    assert_update(&e.click(&dave, &lobby, "Join").await, &dave);
    let started = e.click(&carol, &lobby, "Join").await;
    assert_game_start(&started, &alice, Variant::Four);
    for user in [&alice, &bob, &dave, &carol] {
        assert!(
            started.content.contains(&user.mention()),
            "{}",
            started.content
        );
    }
    // The lobby's buttons are gone; the first mover's Move button (the picker) is all.
    assert_eq!(started.button_labels(), ["Move"], "{started:?}");
    // A Join click that was on its way when the lobby filled (its button is gone now).
    let join = lobby
        .buttons
        .iter()
        .find(|b| b.label.as_deref() == Some("Join"))
        .and_then(|b| b.custom_id.clone())
        .expect("the lobby had a Join button");
    let late = e
        .fake
        .click_raw(&erin, &lobby, &join)
        .await
        .expect("the late click is answered");
    assert_refusal(&late, "started");

    let row = game_row(&e.db.pool, &channel).await;
    assert_eq!(
        seats_of(&e.db.pool, row.id).await,
        [
            ("a".to_string(), alice.id),
            ("b".to_string(), bob.id),
            ("c".to_string(), dave.id),
            ("d".to_string(), carol.id)
        ],
        "seats in joining order, the host first"
    );

    let mut table = Table::new(
        &channel,
        vec![alice.clone(), bob.clone(), dave.clone(), carol.clone()],
        Variant::Four,
    );
    for round in 0..3 {
        for _ in 0..4 {
            let mover = table.to_move().clone();
            let waiting = table
                .seats
                .iter()
                .find(|u| u.id != mover.id)
                .expect("someone else")
                .clone();
            let mv = table.next_move();
            if round == 1 {
                // The wrong player, then someone not playing, are refused.
                let (from, to) = (mv.from.to_string(), mv.to.to_string());
                let wrong = e.move_(&waiting, &channel, &from, &to).await;
                assert_refusal(&wrong, &mover.mention());
                let stranger = e.move_(&erin, &channel, &from, &to).await;
                assert_refusal(&stranger, "not playing");
            }
            e.play(&mut table, mv).await;
        }
    }
    let row = game_row(&e.db.pool, &channel).await;
    assert_eq!(row.ply, 12);
    assert_eq!(row.position, table.game.position().to_string());
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_three_player_invitation_starts_when_both_accept() {
    let e = E2e::start("invite_three").await;
    let [alice, bob, carol, dave] = ["alice", "bob", "carol", "dave"].map(|n| e.user(n));
    let channel = e.channel("invite-three");

    // The number of opponents must fit the variant.
    let wrong = e
        .halma(
            &alice,
            &channel,
            "challenge",
            &[
                ("opponent", bob.option_value()),
                ("variant", json!("three")),
            ],
        )
        .await;
    assert_refusal(&wrong, "needs 2 opponents");

    let invitation = invite_to_three(&e, &channel, &alice, &bob, &carol).await;
    assert!(!invitation.ephemeral, "{invitation:?}");
    assert_eq!(
        invitation.button_labels(),
        ["Accept", "Decline", "Withdraw"]
    );
    let message = invitation.message_id.expect("a message");
    e.wait_challenge_recorded(message).await;
    assert!(
        invitation.content.contains(&bob.mention())
            && invitation.content.contains(&carol.mention()),
        "{}",
        invitation.content
    );

    assert_refusal(&e.click(&dave, &invitation, "Accept").await, "not invited");
    let accepted = e.click(&bob, &invitation, "Accept").await;
    assert!(
        !accepted.ephemeral && accepted.callback_type == 7,
        "{accepted:?}"
    );
    let now = e.fake.message(message).expect("stored").content;
    assert!(
        now.contains(&format!("Waiting for: {}", carol.mention())),
        "the message shows who is awaited: {now}"
    );
    assert_refusal(
        &e.click(&bob, &invitation, "Accept").await,
        "accepted already",
    );

    let started = e.click(&carol, &invitation, "Accept").await;
    assert_game_start(&started, &alice, Variant::Three);
    let row = game_row(&e.db.pool, &channel).await;
    assert_eq!(
        seats_of(&e.db.pool, row.id).await,
        [
            ("a".to_string(), alice.id),
            ("b".to_string(), bob.id),
            ("c".to_string(), carol.id)
        ]
    );
    let mut table = Table::new(&channel, vec![alice, bob, carol], Variant::Three);
    for _ in 0..3 {
        e.play_greedy(&mut table).await;
    }
}
