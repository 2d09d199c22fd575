//! The server as a whole: `/halma games` over several games, `/halma settings` changed and
//! honoured (game channels, defaults, the language of reminders), and a game in a thread.

use std::time::Duration;

use fake_discord::TestUser;
use halma::Variant;
use serde_json::json;

use crate::support::{assert_refusal, game_row, seats_of, E2e, ANSWER_TIMEOUT};

async fn count(e: &E2e, table: &str) -> i64 {
    sqlx::query_scalar(&format!("SELECT count(*) FROM {table}"))
        .fetch_one(&e.db.pool)
        .await
        .expect("count rows")
}

/// A member who may manage the server.
fn admin(e: &E2e) -> TestUser {
    let admin = e.user("admin").with_manage_guild();
    e.fake.add_user(&admin);
    admin
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn games_lists_the_servers_games_with_links_to_their_boards() {
    let e = E2e::start("server_games").await;
    let (alice, bob, carol) = (e.user("alice"), e.user("bob"), e.user("carol"));
    let lobby = e.channel("lobby");

    let none = e.halma(&carol, &lobby, "games", &[]).await;
    assert!(none.content.contains("No games"), "{:?}", none.content);
    let board = e.halma(&carol, &lobby, "board", &[]).await;
    assert_refusal(&board, "/halma games");

    let mut tables = Vec::new();
    for name in ["one", "two", "three"] {
        tables.push(
            e.start_game(&e.channel(name), &alice, &bob, Variant::Small)
                .await,
        );
    }
    let moved = e.play_greedy(&mut tables[0]).await;
    // A move costs no request to learn its answer's message: the game's recorded board is
    // still the start until someone lists the games.
    let answer = moved.message_id.expect("the move's answer is a message");
    let game = game_row(&e.db.pool, &tables[0].channel).await.id;
    let recorded: Option<i64> =
        sqlx::query_scalar("SELECT message_id FROM board_messages WHERE game_id = $1")
            .bind(game)
            .fetch_optional(&e.db.pool)
            .await
            .expect("board_messages reads");
    assert!(recorded.is_some_and(|m| m != answer as i64), "{recorded:?}");

    let listed = e.halma(&carol, &lobby, "games", &[]).await;
    assert!(!listed.ephemeral, "{listed:?}");
    assert!(listed.content.contains("(3 games)"), "{:?}", listed.content);
    let lines: Vec<&str> = listed.content.lines().skip(1).collect();
    assert_eq!(lines.len(), 3, "{:?}", listed.content);
    for (line, table) in lines.iter().zip(&tables) {
        let row = game_row(&e.db.pool, &table.channel).await;
        assert!(
            line.contains(&format!("<#{}>", table.channel.id)) && line.contains("small"),
            "{line}"
        );
        assert!(
            line.contains(&table.to_move().mention()),
            "whose turn: {line}"
        );
        let board: i64 =
            sqlx::query_scalar("SELECT message_id FROM board_messages WHERE game_id = $1")
                .bind(row.id)
                .fetch_one(&e.db.pool)
                .await
                .expect("a board message is recorded for every game");
        assert!(
            line.contains(&format!(
                "https://discord.com/channels/{}/{}/{}",
                e.fake.guild_id(),
                table.channel.id,
                board as u64
            )),
            "{line}"
        );
    }
    assert!(
        lines[0].contains(&moved.message_id.expect("the move's message").to_string()),
        "the first game links the answer to its last move: {}",
        lines[0]
    );
    assert!(
        listed
            .raw
            .pointer("/data/allowed_mentions/users")
            .and_then(|u| u.as_array())
            .is_none_or(|u| u.is_empty()),
        "the list pings nobody: {:?}",
        listed.raw
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn settings_keep_games_to_their_channels_and_remind_in_croatian() {
    let e = E2e::start_with("server_settings", &[("TIMER_INTERVAL_SECS", "1")]).await;
    let (alice, bob, carol) = (e.user("alice"), e.user("bob"), e.user("carol"));
    let admin = admin(&e);
    let hall = e.channel("hall");
    let games = e.channel("games");

    let refused = e.halma(&carol, &hall, "settings", &[]).await;
    assert_refusal(&refused, "manage the server");
    assert_eq!(
        count(&e, "guild_settings").await,
        0,
        "a refusal stores nothing"
    );

    let shown = e
        .halma(
            &admin,
            &hall,
            "settings",
            &[
                ("allow_channel", json!(games.id.to_string())),
                ("variant", json!("small")),
                ("turn_timeout", json!("1h")),
                ("language", json!("Hrvatski")),
            ],
        )
        .await;
    assert!(shown.ephemeral, "{shown:?}");
    for want in [
        format!("<#{}>", games.id),
        "small".into(),
        "1h".into(),
        "Croatian".into(),
    ] {
        assert!(
            shown.content.contains(&want),
            "{want} in {:?}",
            shown.content
        );
    }

    // A challenge outside the game channels is refused, naming the channels that may host one.
    let outside = e
        .halma(
            &alice,
            &hall,
            "challenge",
            &[("opponent", bob.option_value())],
        )
        .await;
    assert_refusal(&outside, &format!("<#{}>", games.id));
    assert_eq!(
        count(&e, "challenges").await,
        0,
        "the refusal stored no challenge"
    );

    // In the game channel the server's defaults apply: small, one hour per move.
    let challenge = e
        .halma(
            &alice,
            &games,
            "challenge",
            &[("opponent", bob.option_value()), ("first", json!("me"))],
        )
        .await;
    assert!(!challenge.ephemeral, "{challenge:?}");
    let (variant, timeout): (String, i64) =
        sqlx::query_as("SELECT variant, turn_timeout_secs FROM challenges")
            .fetch_one(&e.db.pool)
            .await
            .expect("the challenge");
    assert_eq!((variant.as_str(), timeout), ("small", 3600));
    e.wait_challenge_recorded(challenge.message_id.expect("a message"))
        .await;
    e.click(&bob, &challenge, "Accept").await;

    // Half of Alice's time is gone: the reminder comes in Croatian, with the Move button.
    sqlx::query(
        "UPDATE games SET turn_timeout_secs = 3600, turn_deadline = now() + interval '20 minutes'",
    )
    .execute(&e.db.pool)
    .await
    .expect("move the deadline");
    let reminder = e
        .fake
        .wait_for_channel_message(
            &games,
            |m| m.content.contains("polovica tvog vremena"),
            ANSWER_TIMEOUT + Duration::from_secs(10),
        )
        .await
        .expect("a Croatian reminder");
    assert!(
        reminder.content.contains(&alice.mention()),
        "{:?}",
        reminder.content
    );
    assert!(reminder.button("Potez").is_some(), "{:?}", reminder.buttons);

    // Back to every channel and the server's language.
    let shown = e
        .halma(
            &admin,
            &hall,
            "settings",
            &[
                ("all_channels", json!(true)),
                ("language", json!("auto (the server’s language)")),
            ],
        )
        .await;
    assert!(shown.content.contains("all"), "{:?}", shown.content);
    assert!(shown.content.contains("English"), "{:?}", shown.content);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_challenge_with_thread_true_is_played_in_its_own_thread() {
    let e = E2e::start("server_thread").await;
    let (alice, bob, carol) = (e.user("alice"), e.user("bob"), e.user("carol"));
    let busy = e.channel("busy");

    let answer = e
        .halma(
            &alice,
            &busy,
            "challenge",
            &[
                ("opponent", bob.option_value()),
                ("variant", json!("small")),
                ("first", json!("me")),
                ("thread", json!(true)),
            ],
        )
        .await;
    let threads = e.fake.threads_of(&busy);
    assert_eq!(threads.len(), 1, "one thread opened");
    let thread = threads[0].clone();
    assert_eq!(thread.name, "alice vs bob");
    assert!(
        !answer.ephemeral && answer.content.contains(&format!("<#{}>", thread.id)),
        "the answer links the thread: {answer:?}"
    );
    let challenge = e
        .fake
        .wait_for_channel_message(&thread, |m| m.button("Accept").is_some(), ANSWER_TIMEOUT)
        .await
        .expect("the challenge in the thread");
    e.wait_challenge_recorded(challenge.id).await;
    let started = e
        .fake
        .click(&bob, challenge.id, "Accept")
        .await
        .expect("bob accepts");
    assert!(started.content.contains(&alice.mention()), "{started:?}");
    let row = game_row(&e.db.pool, &thread).await;
    assert_eq!(row.status, "active", "the game is played in the thread");

    // The game is played in the thread like in any channel.
    let mv = e.move_(&alice, &thread, "e1", "e2").await;
    assert!(!mv.ephemeral, "{mv:?}");
    let listed = e.halma(&carol, &busy, "games", &[]).await;
    assert!(
        listed.content.contains(&format!("<#{}>", thread.id)),
        "{:?}",
        listed.content
    );
    // Nothing was played in the busy channel itself.
    let board = e.halma(&carol, &busy, "board", &[]).await;
    assert_refusal(&board, "");

    // A refused challenge in a thread leaves no thread behind.
    let refused = e
        .halma(
            &alice,
            &busy,
            "challenge",
            &[("opponent", alice.option_value()), ("thread", json!(true))],
        )
        .await;
    assert_refusal(&refused, "yourself");
    assert_eq!(
        e.fake.threads_of(&busy).len(),
        1,
        "the refused challenge's thread is gone"
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn game_channels_admit_their_threads_and_hold_for_lobbies_and_rematches() {
    let e = E2e::start("server_channels").await;
    let (alice, bob, carol) = (e.user("alice"), e.user("bob"), e.user("carol"));
    let admin = admin(&e);
    let hall = e.channel("hall");
    let games = e.channel("games");

    // A game finished in the hall before the server keeps games to one channel.
    e.start_game(&hall, &alice, &bob, Variant::Small).await;
    let resigned = e.halma(&alice, &hall, "resign", &[]).await;
    assert!(resigned.button("Rematch").is_some(), "{resigned:?}");
    e.halma(
        &admin,
        &hall,
        "settings",
        &[("allow_channel", json!(games.id.to_string()))],
    )
    .await;
    let challenges = count(&e, "challenges").await;

    // Neither a rematch nor a lobby may start a game outside the game channels now.
    let rematch = e.click(&bob, &resigned, "Rematch").await;
    assert_refusal(&rematch, &format!("<#{}>", games.id));
    let lobby = e.halma(&carol, &hall, "open", &[]).await;
    assert_refusal(&lobby, &format!("<#{}>", games.id));
    assert_eq!(
        count(&e, "challenges").await,
        challenges,
        "no rematch stored"
    );
    assert_eq!(count(&e, "lobbies").await, 0, "no lobby stored");

    // A challenge of three with thread:true opens one thread for the three players.
    let answer = e
        .halma(
            &alice,
            &games,
            "challenge",
            &[
                ("opponent", bob.option_value()),
                ("opponent2", carol.option_value()),
                ("variant", json!("three")),
                ("first", json!("me")),
                ("thread", json!(true)),
            ],
        )
        .await;
    let threads = e.fake.threads_of(&games);
    assert_eq!(threads.len(), 1, "one thread opened: {answer:?}");
    let thread = threads[0].clone();
    assert_eq!(thread.name, "alice vs bob vs carol");
    assert!(
        answer.content.contains(&format!("<#{}>", thread.id)),
        "{answer:?}"
    );
    let invitation = e
        .fake
        .wait_for_channel_message(&thread, |m| m.button("Accept").is_some(), ANSWER_TIMEOUT)
        .await
        .expect("the invitation in the thread");
    for invited in [&bob, &carol] {
        assert!(
            invitation.content.contains(&invited.mention()),
            "{:?}",
            invitation.content
        );
    }
    e.wait_challenge_recorded(invitation.id).await;
    e.fake
        .click(&bob, invitation.id, "Accept")
        .await
        .expect("bob accepts");
    let started = e
        .fake
        .click(&carol, invitation.id, "Accept")
        .await
        .expect("carol accepts");
    assert!(started.content.contains(&alice.mention()), "{started:?}");
    let row = game_row(&e.db.pool, &thread).await;
    assert_eq!(
        row.status, "active",
        "the game of three is played in the thread"
    );
    assert_eq!(seats_of(&e.db.pool, row.id).await.len(), 3);

    // Typed inside the thread, a challenge counts as one in its parent (a game channel), and is
    // made right there rather than in a thread of the thread.
    let aborted = e.halma(&alice, &thread, "abort", &[]).await;
    assert!(!aborted.ephemeral, "{aborted:?}");
    let again = e
        .halma(
            &bob,
            &thread,
            "challenge",
            &[("opponent", alice.option_value()), ("thread", json!(true))],
        )
        .await;
    assert!(!again.ephemeral, "a challenge in the thread: {again:?}");
    assert!(again.button("Accept").is_some(), "{again:?}");
    assert_eq!(e.fake.threads_of(&games).len(), 1, "no second thread");
    assert!(
        e.fake.threads_of(&thread).is_empty(),
        "no thread in a thread"
    );
}
