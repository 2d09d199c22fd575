//! A fleet behind a load balancer: `halma-bot` processes in endpoint mode (`INTERACTIONS_ADDR`)
//! on one database, a real nginx in front of them as the fake Discord's Interactions Endpoint
//! URL. Any process answers anything: games by command, by the picker, against the bot, a
//! lobby with the bot, the Activity through a session opened on another process; and what
//! Discord did not send (unsigned, forged, stale, sent again) is
//! refused with nothing stored.

use std::collections::BTreeSet;
use std::time::Duration;

use bot_harness::Fleet;
use fake_discord::{FakeDiscord, Signing, TestChannel, TestInstance};
use halma::Variant;
use serde_json::json;

use crate::activity::{first_move, post, session, sign_in, stream_ticket, Events};
use crate::ai::{bot_answers, challenge_bot, last_id, small_table};
use crate::history::{replay_gif, replays_counted};
use crate::lobby::wait_lobby_recorded;
use crate::pages_private::token_in;
use crate::picker::play_by_picker;
use crate::support::{game_row, scrape_metrics, E2e, Table, TestDb};

/// A world with no bot of its own, and `size` processes behind nginx.
async fn fleet(label: &str, size: usize) -> (E2e, Fleet) {
    let e = E2e::prepare(
        label,
        FakeDiscord::start().await,
        TestDb::create(label).await,
        &[],
    );
    let fleet = Fleet::start(&e, size, &[]).await;
    (e, fleet)
}

/// How many rows `table` has.
async fn count(e: &E2e, table: &str) -> i64 {
    sqlx::query_scalar(&format!("SELECT count(*) FROM {table}"))
        .fetch_one(&e.db.pool)
        .await
        .expect("count rows")
}

/// Nothing went wrong between the fake and the fleet: no interaction failed, none was
/// answered late or twice.
fn assert_clean(e: &E2e, fleet: &Fleet) {
    assert_eq!(e.fake.endpoint_failures(), [], "{}", fleet.logs());
    assert_eq!(e.fake.answered_twice(), [], "{}", fleet.logs());
    assert_eq!(e.fake.late_answers(), [], "{}", fleet.logs());
}

/// Every initial answer went back in the HTTP response to Discord's request (the REST proxy
/// between the fleet and Discord lets each process catch its handlers' answers), none through
/// the callback endpoint.
fn assert_answered_in_responses(e: &E2e, fleet: &Fleet) {
    let callbacks: Vec<_> = e
        .fake
        .requests()
        .into_iter()
        .filter(|r| r.path.ends_with("/callback"))
        .collect();
    let through_callback: Vec<&str> = callbacks
        .iter()
        .filter(|r| !r.in_http_response)
        .map(|r| r.path.as_str())
        .collect();
    assert!(callbacks.len() > 20, "{callbacks:?}");
    assert_eq!(through_callback, Vec::<&str>::new(), "{}", fleet.logs());
}

/// The upstreams nginx's access log says answered.
fn upstreams_used(fleet: &Fleet) -> BTreeSet<String> {
    let ports: Vec<String> = fleet
        .members
        .iter()
        .map(|m| m.interactions.to_string())
        .collect();
    let log = fleet.nginx.access_log();
    ports.into_iter().filter(|p| log.contains(p)).collect()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn three_processes_behind_nginx_answer_every_kind_of_game() {
    let (e, fleet) = fleet("fleet_games", 3).await;
    let (alice, bob, bot) = (e.user("alice"), e.user("bob"), e.fake.bot_user());

    // Discord's check when the URL is saved.
    let pong = e.fake.ping().await.expect("a PING is answered");
    assert_eq!(
        (pong.status, pong.json()),
        (200, Some(json!({ "type": 1 })))
    );

    // A game by commands: the challenge, its acceptance and each move may land anywhere.
    let mut slash = e.small_game("fleet-slash").await;
    for _ in 0..6 {
        e.play_greedy(&mut slash).await;
    }

    // Its replay, asked by three members at once (so of every process, as nginx takes turns):
    // drawn once for the fleet, the same GIF for all.
    let carol = e.user("carol");
    let (one, two, three) = tokio::join!(
        e.halma(&alice, &slash.channel, "replay", &[]),
        e.halma(&bob, &slash.channel, "replay", &[]),
        e.halma(&carol, &slash.channel, "replay", &[]),
    );
    let gif = replay_gif(&one).1;
    assert_eq!(
        (replay_gif(&two).1, replay_gif(&three).1),
        (gif.clone(), gif)
    );
    let (mut drawn, mut taken) = (0, 0);
    for member in &fleet.members {
        let scrape = scrape_metrics(&member.ops.to_string()).await;
        drawn += replays_counted(&scrape, "drawn");
        taken += replays_counted(&scrape, "fleet");
    }
    assert_eq!(
        drawn - taken,
        1,
        "one drawing in the fleet ({drawn} drawn, {taken} taken)"
    );
    assert!(
        taken >= 1,
        "another process took the drawn replay ({drawn} drawn)"
    );

    // A game through the Move picker: its steps too.
    let mut picked = e
        .start_game(&e.channel("fleet-picker"), &bob, &alice, Variant::Small)
        .await;
    for _ in 0..4 {
        let message = e
            .fake
            .channel_messages(&picked.channel)
            .into_iter()
            .rev()
            .find(|m| m.button("Move").is_some())
            .expect("the last answer carries a Move button")
            .id;
        let mv = picked.next_move();
        play_by_picker(&e, &mut picked, message, mv).await;
    }

    // A game against the bot: each of its moves made once, by one process.
    let vs_bot = e.channel("fleet-vs-bot");
    challenge_bot(&e, &alice, &vs_bot, "easy", "me").await;
    let mut table = small_table(&vs_bot, &alice, &bot);
    for _ in 0..3 {
        let before = last_id(&e, &vs_bot);
        e.play_greedy(&mut table).await;
        bot_answers(&e, &mut table, before).await;
    }

    // A lobby of three filled with the bot.
    let channel = e.channel("fleet-lobby");
    let lobby = e
        .halma(&alice, &channel, "open", &[("variant", json!("three"))])
        .await;
    wait_lobby_recorded(&e, lobby.message_id.expect("the lobby is a message")).await;
    e.click(&bob, &lobby, "Join").await;
    let started = e.click(&alice, &lobby, "Add AI (medium)").await;
    assert!(started.content.contains(&bot.mention()), "{started:?}");
    let mut three = Table::new(
        &channel,
        vec![alice.clone(), bob.clone(), bot.clone()],
        Variant::Three,
    );
    e.play_greedy(&mut three).await;
    e.play_greedy(&mut three).await;
    bot_answers(&e, &mut three, last_id(&e, &channel) - 1).await;
    assert_eq!(game_row(&e.db.pool, &channel).await.ply, 3);

    // Each of the bot's moves was posted once.
    for channel in [&vs_bot, &channel] {
        let posts = bot_posts(&e, channel);
        let plies: i64 = sqlx::query_scalar(
            "SELECT count(*) FROM moves m JOIN games g ON g.id = m.game_id
             JOIN game_seats s ON s.game_id = g.id AND s.seat = m.seat
             WHERE g.channel_id = $1 AND s.user_id = $2",
        )
        .bind(channel.id as i64)
        .bind(bot.id as i64)
        .fetch_one(&e.db.pool)
        .await
        .expect("the bot's moves");
        assert_eq!(posts, plies as usize, "{}", fleet.logs());
    }

    assert_clean(&e, &fleet);
    assert_answered_in_responses(&e, &fleet);
    assert_eq!(
        upstreams_used(&fleet).len(),
        3,
        "every process answered some: {}",
        fleet.nginx.access_log()
    );
    // No process opened a gateway session.
    assert_eq!(e.fake.identify_count(), 0);
}

/// The bot's own posts of its moves in `channel`.
fn bot_posts(e: &E2e, channel: &TestChannel) -> usize {
    let bot = e.fake.bot_user();
    e.fake
        .channel_messages(channel)
        .iter()
        .filter(|m| {
            m.interaction_id.is_none()
                && m.content.starts_with(&format!("{} played ", bot.mention()))
        })
        .count()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn what_discord_did_not_send_is_refused_and_changes_nothing() {
    let (e, fleet) = fleet("fleet_forged", 2).await;
    let (alice, bob) = (e.user("alice"), e.user("bob"));
    let channel = e.channel("fleet-forged");
    let options = [
        ("opponent", bob.option_value()),
        ("variant", json!("small")),
    ];
    let challenge = |e: &E2e| {
        e.fake
            .slash_payload(&alice, &channel, "halma", "challenge", &options)
            .expect("a challenge's payload")
            .to_string()
    };

    for signing in [
        Signing::Unsigned,
        Signing::BadSignature,
        Signing::OtherKey,
        Signing::Stale(Duration::from_secs(10 * 60)),
    ] {
        let reply = e
            .fake
            .post_raw(challenge(&e).as_bytes(), signing)
            .await
            .expect("the endpoint answers");
        assert_eq!(reply.status, 401, "{signing:?}: {}", reply.text());
    }
    // Signed, but no interaction.
    let reply = e
        .fake
        .post_raw(b"{\"hello\":", Signing::Valid)
        .await
        .expect("the endpoint answers");
    assert_eq!(reply.status, 400, "{}", reply.text());
    assert_eq!(count(&e, "challenges").await, 0);
    assert!(e.fake.channel_messages(&channel).is_empty());

    // The real one is answered; sent again byte for byte, it is refused and nothing doubles.
    let answer = e
        .fake
        .slash(&alice, &channel, "halma", "challenge", &options)
        .await
        .expect("the challenge is answered");
    assert!(answer.content.contains(&bob.mention()), "{answer:?}");
    let sent = e
        .fake
        .endpoint_requests()
        .into_iter()
        .rev()
        .find(|r| r.interaction_id() == Some(answer.interaction_id))
        .expect("the challenge's request");
    let messages = e.fake.channel_messages(&channel).len();
    // Handled: the claim is marked once the handler has ended (just after its answer left).
    let id = answer.interaction_id as i64;
    for _ in 0..500 {
        let finished: Option<bool> =
            sqlx::query_scalar("SELECT finished FROM interaction_claims WHERE id = $1")
                .bind(id)
                .fetch_optional(&e.db.pool)
                .await
                .expect("the claim");
        if finished == Some(true) {
            break;
        }
        tokio::time::sleep(Duration::from_millis(10)).await;
    }
    for _ in 0..2 {
        let again = e.fake.replay(&sent).await.expect("the endpoint answers");
        assert_eq!(again.status, 409, "{}", again.text());
    }
    assert_eq!(count(&e, "challenges").await, 1);
    assert_eq!(e.fake.channel_messages(&channel).len(), messages);
    assert_clean(&e, &fleet);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_stranger_who_keeps_forging_is_refused_unheard() {
    let (e, fleet) = fleet("fleet_stranger", 1).await;
    let url = format!("http://{}/interactions", fleet.members[0].interactions);
    let from = |last: u8| {
        reqwest::Client::builder()
            .no_proxy()
            .local_address(std::net::IpAddr::from([127, 0, 0, last]))
            .timeout(Duration::from_secs(5))
            .build()
            .expect("a client")
    };
    let stranger = from(2);
    let mut statuses = Vec::new();
    for _ in 0..40 {
        let response = stranger
            .post(&url)
            .header("content-type", "application/json")
            .header("x-signature-ed25519", "00".repeat(64))
            .header("x-signature-timestamp", "1")
            .body(r#"{"type":1}"#)
            .send()
            .await
            .expect("the endpoint answers");
        statuses.push(response.status().as_u16());
    }
    assert!(
        statuses.iter().all(|s| [401, 429].contains(s)),
        "{statuses:?}"
    );
    assert_eq!(statuses[0], 401);
    assert_eq!(statuses.last(), Some(&429), "{statuses:?}");
    // Someone else, meanwhile, is heard.
    let other = from(3)
        .post(&url)
        .body("{}")
        .send()
        .await
        .expect("the endpoint answers");
    assert_eq!(other.status().as_u16(), 401);
    // And Discord itself.
    let pong = e.fake.ping().await.expect("a PING");
    assert_eq!(pong.status, 200);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_activity_session_opened_through_one_process_plays_through_another() {
    let label = "fleet_activity";
    let fake = FakeDiscord::start().await;
    fake.enable_activities();
    let (client_id, secret) = (fake.application_id().to_string(), fake.client_secret());
    let discord = fake.base_url();
    let e = E2e::prepare(
        label,
        fake,
        TestDb::create(label).await,
        &[
            ("DISCORD_CLIENT_ID", client_id.as_str()),
            ("DISCORD_CLIENT_SECRET", secret.as_str()),
            ("ACTIVITY_DISCORD_URL", discord.as_str()),
            ("ACTIVITY_SDK_MOCK", "on"),
            ("ACTIVITY_SIGN_INS_PER_MINUTE", "100000"),
            ("DISCORD_GUILD_ID", ""),
        ],
    );
    let fleet = Fleet::start(&e, 2, &[]).await;
    let first = format!("http://{}", fleet.members[0].web);
    let second = format!("http://{}", fleet.members[1].web);
    let mut table = e.small_game("fleet-activity").await;
    let (alice, bob) = (table.seats[0].clone(), table.seats[1].clone());
    e.fake.add_activity_instance(TestInstance {
        id: "i-fleet".into(),
        guild: e.fake.guild_id(),
        channel: table.channel.id,
        users: vec![alice.id, bob.id],
    });

    // Alice signs in and opens her session through the first process.
    let token = sign_in(&e, &first, &alice).await;
    let (status, opened) = session(&first, &token, "i-fleet").await;
    assert_eq!(status, 200, "{opened}");
    let key = opened["session"].as_str().expect("a session").to_owned();
    // Her stream's ticket is made by the first and redeemed by the second, once.
    let ticket = stream_ticket(&first, &key).await;
    let mut events = Events::with_ticket(&second, &ticket).await;
    assert_eq!(events.next_state().await["game"]["plies"], json!([]));
    let again = reqwest::get(format!("{first}/api/activity/events?ticket={ticket}"))
        .await
        .expect("the first process answers");
    assert_ne!(again.status().as_u16(), 200, "a ticket opens one stream");

    // Her move goes through the second process: stored once, shown once in the channel.
    let (from, to) = first_move(&second, &key).await;
    let before = e.fake.channel_messages(&table.channel).len();
    let played = post(
        &second,
        "/api/activity/move",
        None,
        &json!({ "session": key, "from": from, "to": to }),
    )
    .await;
    assert_eq!(played, (200, json!({ "ok": true })), "{}", fleet.logs());
    let state = events.until_plies(1).await;
    assert_eq!(state["game"]["plies"][0]["path"][0], json!(from));
    let row = game_row(&e.db.pool, &table.channel).await;
    assert_eq!(row.ply, 1);
    let posted = e
        .fake
        .wait_for_channel_message(
            &table.channel,
            |m| m.content.contains(&bob.mention()),
            crate::support::ANSWER_TIMEOUT,
        )
        .await
        .expect("the move's answer in the channel");
    assert!(posted.content.contains(&alice.mention()), "{posted:?}");
    assert_eq!(e.fake.channel_messages(&table.channel).len(), before + 1);
    // Bob answers by command: the game goes on through the endpoint.
    let text = format!("{from} {to}");
    let text: halma::MoveText = text.replace(' ', "-").parse().expect("a move");
    table.game.play(&text).expect("mirrored");
    e.play_greedy(&mut table).await;
    assert_clean(&e, &fleet);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_server_page_behind_the_endpoint_lists_only_the_games_everyone_can_see() {
    let (e, fleet) = fleet("fleet_pages", 1).await;
    let public = format!("http://{}", fleet.members[0].web);
    let (alice, bob, carol, dan) = (
        e.user("alice"),
        e.user("bob"),
        e.user("carol"),
        e.user("dan"),
    );
    let open = e.channel("lounge");
    let staff = e.fake.private_channel("staff-room");
    for (channel, (first, second)) in [(&open, (&alice, &bob)), (&staff, (&carol, &dan))] {
        let challenge = e.challenge(first, second, channel, "small").await;
        e.click(second, &challenge, "Accept").await;
    }
    let (shown, hidden) = (token_in(&e, open.id).await, token_in(&e, staff.id).await);
    let admin = e.user("admin").with_manage_guild();
    e.fake.add_user(&admin);
    e.halma(&admin, &open, "settings", &[("web", json!("on"))])
        .await;
    // No gateway cache: the process asks Discord which channels are public, off the page's
    // request, and a later look at the page lists what it learnt.
    let url = format!("{public}/server/{}", e.fake.guild_id());
    let asked = std::time::Instant::now();
    let page = loop {
        let response = reqwest::get(&url).await.expect("the server page");
        if response.status().as_u16() == 200 {
            let page = response.text().await.expect("its text");
            if page.contains(&shown) {
                break page;
            }
        }
        assert!(
            asked.elapsed() < Duration::from_secs(30),
            "the lounge's game is never listed\n{}",
            fleet.logs()
        );
        tokio::time::sleep(Duration::from_millis(200)).await;
    };
    assert!(
        !page.contains(&hidden),
        "the staff room's game is not listed"
    );
    assert!(!page.contains("staff"), "{page}");
}
