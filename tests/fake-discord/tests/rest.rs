//! REST behaviour of the fake that needs no gateway, driven by serenity's own HTTP client.

use fake_discord::{FakeDiscord, Scope};
use poise::serenity_prelude as serenity;
use serde_json::json;

fn http(fake: &FakeDiscord) -> serenity::Http {
    let http = serenity::HttpBuilder::new("rest-token")
        .proxy(fake.base_url())
        .ratelimiter_disabled(true)
        .build();
    http.set_application_id(serenity::ApplicationId::new(fake.application_id()));
    http
}

#[tokio::test]
async fn start_up_calls_are_answered() {
    let fake = FakeDiscord::start().await;
    let http = http(&fake);
    let gateway = http.get_gateway().await.expect("gateway");
    assert_eq!(gateway.url, fake.gateway_url());
    let bot_gateway = http.get_bot_gateway().await.expect("gateway/bot");
    assert_eq!(bot_gateway.shards, 1);
    let info = http
        .get_current_application_info()
        .await
        .expect("application");
    assert_eq!(info.id.get(), fake.application_id());
    assert_eq!(info.owner.map(|o| o.id.get()), Some(fake.owner().id));
    let me = http.get_current_user().await.expect("users/@me");
    assert_eq!(me.id.get(), fake.bot_user().id);
    assert!(me.bot);
}

#[tokio::test]
async fn registration_follows_discords_rules() {
    let fake = FakeDiscord::start().await;
    let http = http(&fake);
    let good = json!([{
        "name": "halma",
        "description": "Play Halma",
        "options": [{
            "type": 1, "name": "move", "description": "Make a move",
            "options": [
                { "type": 3, "name": "from", "description": "From", "required": true },
                { "type": 3, "name": "to", "description": "To" }
            ]
        }]
    }]);
    let commands = http.create_global_commands(&good).await.expect("register");
    assert_eq!(commands[0].name, "halma");
    let id = commands[0].id;
    // Registering the same set again keeps the command id, as Discord does.
    let again = http
        .create_global_commands(&good)
        .await
        .expect("register again");
    assert_eq!(again[0].id, id);
    assert_eq!(
        fake.registered_commands(Scope::Global)[0]["id"],
        id.to_string()
    );

    // A required option after an optional one is refused with 400, as on Discord.
    let bad = json!([{
        "name": "halma",
        "description": "Play Halma",
        "options": [
            { "type": 3, "name": "to", "description": "To" },
            { "type": 3, "name": "from", "description": "From", "required": true }
        ]
    }]);
    assert!(http.create_global_commands(&bad).await.is_err());
    let upper = json!([{ "name": "Halma", "description": "Play" }]);
    assert!(http.create_global_commands(&upper).await.is_err());
    assert_eq!(fake.registration_count(), 2);

    // Unknown routes are 404 and recorded.
    let channel = serenity::ChannelId::new(42);
    assert!(http.get_channel(channel).await.is_err());
    let last = fake.requests().pop().expect("recorded");
    assert_eq!((last.method.as_str(), last.status), ("GET", 404));
    assert_eq!(last.path, "/api/v10/channels/42");
}

#[tokio::test]
async fn channel_messages_are_stored_and_edited() {
    let fake = FakeDiscord::start().await;
    let http = http(&fake);
    let games = fake.channel("games");
    let channel = serenity::ChannelId::new(games.id);
    let fetched = http.get_channel(channel).await.expect("channel");
    assert_eq!(fetched.id(), channel);
    let sent = channel
        .send_message(&http, serenity::CreateMessage::new().content("your turn"))
        .await
        .expect("send");
    assert!(
        channel
            .send_message(&http, serenity::CreateMessage::new())
            .await
            .is_err(),
        "an empty message is refused"
    );
    let mut edited = sent.clone();
    edited
        .edit(&http, serenity::EditMessage::new().content("expired"))
        .await
        .expect("edit");
    assert!(edited.edited_timestamp.is_some());
    let stored = fake.message(sent.id.get()).expect("stored");
    assert_eq!(stored.content, "expired");
    assert_eq!(stored.edit_count, 1);
    let waited = fake
        .wait_for_channel_message(
            &games,
            |m| m.content == "expired",
            std::time::Duration::from_secs(1),
        )
        .await
        .expect("found");
    assert_eq!(waited.id, sent.id.get());
    channel
        .delete_message(&http, sent.id)
        .await
        .expect("delete");
    assert!(fake.channel_messages(&games).is_empty());
    assert!(fake.message(sent.id.get()).is_some_and(|m| m.deleted));
}

fn menu(custom_id: &str, options: usize, label_len: usize) -> serenity::CreateActionRow {
    let options = (0..options)
        .map(|i| {
            let label = format!("{i:0>width$}", width = label_len.max(1));
            serenity::CreateSelectMenuOption::new(label, i.to_string())
        })
        .collect();
    serenity::CreateActionRow::SelectMenu(serenity::CreateSelectMenu::new(
        custom_id,
        serenity::CreateSelectMenuKind::String { options },
    ))
}

#[tokio::test]
async fn select_menus_are_stored_and_kept_within_discords_limits() {
    let fake = FakeDiscord::start().await;
    let http = http(&fake);
    let games = fake.channel("games");
    let channel = serenity::ChannelId::new(games.id);
    let send = |rows: Vec<serenity::CreateActionRow>| {
        channel.send_message(
            &http,
            serenity::CreateMessage::new()
                .content("pick")
                .components(rows),
        )
    };
    let sent = send(vec![menu("pieces", 25, 100)])
        .await
        .expect("25 options fit");
    let stored = fake.message(sent.id.get()).expect("stored");
    let pieces = stored.select("pieces").expect("the menu is decoded");
    assert_eq!(pieces.options.len(), 25);
    assert_eq!(pieces.values()[3], "3");
    assert_eq!((pieces.min_values, pieces.max_values), (1, 1));
    for (rows, why) in [
        (vec![menu("m", 26, 3)], "26 options"),
        (vec![menu("m", 0, 3)], "no options"),
        (vec![menu("m", 3, 101)], "a label of 101 characters"),
        (
            vec![menu("m", 3, 3), menu("m", 3, 3)],
            "a custom id used twice",
        ),
    ] {
        assert!(send(rows).await.is_err(), "{why} is refused");
    }
}

#[tokio::test]
async fn threads_open_in_guild_channels_and_can_be_removed() {
    let fake = FakeDiscord::start().await;
    let http = http(&fake);
    let games = fake.channel("games");
    let thread = serenity::ChannelId::new(games.id)
        .create_thread(
            &http,
            serenity::CreateThread::new("alice vs bob").kind(serenity::ChannelType::PublicThread),
        )
        .await
        .expect("a public thread");
    assert_eq!(thread.kind, serenity::ChannelType::PublicThread);
    assert_eq!(thread.parent_id.map(|p| p.get()), Some(games.id));
    let listed = fake.threads_of(&games);
    assert_eq!(listed.len(), 1);
    assert_eq!(listed[0].name, "alice vs bob");
    let posted = thread
        .id
        .send_message(
            &http,
            serenity::CreateMessage::new().content("in the thread"),
        )
        .await
        .expect("a message in the thread");
    assert_eq!(posted.channel_id, thread.id);
    thread.id.delete(&http).await.expect("delete the thread");
    assert!(fake.threads_of(&games).is_empty());
    assert!(
        serenity::ChannelId::new(games.id)
            .delete(&http)
            .await
            .is_err(),
        "the fake removes only threads"
    );
}

#[tokio::test]
async fn direct_messages_open_their_channel_and_closed_dms_answer_50007() {
    let fake = FakeDiscord::start().await;
    let http = http(&fake);
    let bob = fake.user("bob");
    let user = serenity::UserId::new(bob.id);
    let dm = user.create_dm_channel(&http).await.expect("the DM channel");
    assert_eq!(
        dm.id.get(),
        fake.dm_channel(&bob).id,
        "the same channel each time"
    );
    assert_eq!(dm.recipient.id, user);
    let nonce = || {
        serenity::CreateMessage::new()
            .content("your move")
            .nonce(serenity::Nonce::String("dm-1".into()))
            .enforce_nonce(true)
    };
    let sent = dm.id.send_message(&http, nonce()).await.expect("a DM");
    let again = dm.id.send_message(&http, nonce()).await.expect("a repeat");
    assert_eq!(
        again.id, sent.id,
        "a repeated nonce gives the first message"
    );
    assert_eq!(fake.dm_messages(&bob).len(), 1);

    fake.close_dms(&bob);
    let reopened = user.create_dm_channel(&http).await.expect("still opens");
    assert_eq!(reopened.id, dm.id);
    let refused = dm
        .id
        .send_message(&http, serenity::CreateMessage::new().content("your move"))
        .await
        .expect_err("closed DMs refuse the post");
    match refused {
        serenity::Error::Http(serenity::HttpError::UnsuccessfulRequest(response)) => {
            assert_eq!(response.status_code.as_u16(), 403);
            assert_eq!(response.error.code, 50007);
            assert_eq!(response.error.message, "Cannot send messages to this user");
        }
        other => panic!("not Discord's refusal: {other:?}"),
    }
    assert_eq!(fake.dm_messages(&bob).len(), 1, "nothing stored");
    let statuses: Vec<u16> = fake.dm_posts(&bob).iter().map(|r| r.status).collect();
    assert_eq!(statuses, [200, 200, 403]);
    // Other channels are not affected, and opening the DMs again lets posts through.
    let games = serenity::ChannelId::new(fake.channel("games").id);
    games
        .send_message(&http, serenity::CreateMessage::new().content("hello"))
        .await
        .expect("a channel post");
    fake.open_dms(&bob);
    dm.id
        .send_message(&http, serenity::CreateMessage::new().content("again"))
        .await
        .expect("open again");
    assert_eq!(fake.dm_messages(&bob).len(), 2);
}
