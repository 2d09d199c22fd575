//! The Activity (the board inside Discord) with the real bot binary and the fake Discord: the
//! Entry Point command survives registration, Play in Discord launches the Activity, and the
//! Activity's API signs members in only through Discord, ties every session to the member
//! and the channel Discord named, and plays moves through the same path as `/halma move`.

use std::time::Duration;

use fake_discord::{FakeDiscord, Scope, TestInstance, TestUser};
use serde_json::{json, Value};

use crate::support::{free_addr, E2e};
use bot_harness::TestDb;

/// The bot with an Activity: pages on a free port, the fake's application and secret, the
/// SDK's mock allowed (the fake is on this machine). Activities are on for the application,
/// so its global commands hold an Entry Point command; the bot registers globally.
pub(crate) async fn start(label: &str) -> (E2e, String) {
    start_with(label, &[]).await
}

/// As [`start`], with more settings (`extra` wins over the defaults).
pub(crate) async fn start_with(label: &str, extra: &[(&str, &str)]) -> (E2e, String) {
    start_on(label, FakeDiscord::start().await, extra).await
}

/// As [`start_with`], against `fake`.
pub(crate) async fn start_on(
    label: &str,
    fake: FakeDiscord,
    extra: &[(&str, &str)],
) -> (E2e, String) {
    fake.enable_activities();
    let web = free_addr();
    let public = format!("http://{web}");
    let (client_id, secret) = (fake.application_id().to_string(), fake.client_secret());
    let discord = fake.base_url();
    let db = TestDb::create(label).await;
    let mut env = vec![
        ("WEB_ADDR", web.as_str()),
        ("PUBLIC_URL", public.as_str()),
        ("DISCORD_CLIENT_ID", client_id.as_str()),
        ("DISCORD_CLIENT_SECRET", secret.as_str()),
        ("ACTIVITY_DISCORD_URL", discord.as_str()),
        ("ACTIVITY_SDK_MOCK", "on"),
        // The tests sign in far faster than people from one address; the per-client limit has
        // a test of its own, which sets it back.
        ("ACTIVITY_SIGN_INS_PER_MINUTE", "100000"),
        // Global registration, where the Entry Point command lives.
        ("DISCORD_GUILD_ID", ""),
    ];
    for (key, value) in extra {
        env.retain(|(k, _)| k != key);
        env.push((*key, *value));
    }
    let mut e = E2e::prepare(label, fake, db, &env);
    e.spawn().await;
    (e, public)
}

/// Signs `user` in as the page does: a code from `authorize`, exchanged by the bot.
pub(crate) async fn sign_in(e: &E2e, public: &str, user: &TestUser) -> String {
    let code = format!("code-{}", user.id);
    e.fake.add_oauth_code(&code, user);
    let answer = post(public, "/api/token", None, &json!({ "code": code })).await;
    assert_eq!(answer.0, 200, "{answer:?}");
    answer.1["access_token"]
        .as_str()
        .expect("an access token")
        .to_owned()
}

/// POSTs JSON, with a bearer token if given: the status and the JSON answer.
pub(crate) async fn post(
    public: &str,
    path: &str,
    bearer: Option<&str>,
    body: &Value,
) -> (u16, Value) {
    let mut request = reqwest::Client::new()
        .post(format!("{public}{path}"))
        .json(body);
    if let Some(token) = bearer {
        request = request.bearer_auth(token);
    }
    let response = request.send().await.expect("the bot answers");
    let status = response.status().as_u16();
    (status, response.json().await.unwrap_or(Value::Null))
}

/// GETs JSON, with a bearer token if given.
pub(crate) async fn get(public: &str, path: &str, bearer: Option<&str>) -> (u16, Value) {
    let mut request = reqwest::Client::new().get(format!("{public}{path}"));
    if let Some(token) = bearer {
        request = request.bearer_auth(token);
    }
    let response = request.send().await.expect("the bot answers");
    let status = response.status().as_u16();
    (status, response.json().await.unwrap_or(Value::Null))
}

/// Opens a session in `instance` with `token`.
pub(crate) async fn session(public: &str, token: &str, instance: &str) -> (u16, Value) {
    post(
        public,
        "/api/activity/session",
        Some(token),
        &json!({ "instance_id": instance }),
    )
    .await
}

/// The first legal move the page is offered for `session`: its `from` and `to`.
pub(crate) async fn first_move(public: &str, session: &str) -> (String, String) {
    let moves = post(
        public,
        "/api/activity/moves",
        None,
        &json!({ "session": session }),
    )
    .await
    .1;
    let mv = &moves["moves"][0];
    let text = |name: &str| mv[name].as_str().expect("a square").to_owned();
    (text("from"), text("to"))
}

/// A one-time ticket for an event stream of `session`.
pub(crate) async fn stream_ticket(public: &str, session: &str) -> String {
    let (status, answer) = post(
        public,
        "/api/activity/stream",
        None,
        &json!({ "session": session }),
    )
    .await;
    assert_eq!(status, 200, "a ticket: {answer}");
    answer["ticket"].as_str().expect("a ticket").to_owned()
}

/// An open event stream, read one `state` event at a time.
pub(crate) struct Events {
    response: reqwest::Response,
    buffer: String,
}

impl Events {
    pub(crate) async fn open(public: &str, session: &str) -> Events {
        let ticket = stream_ticket(public, session).await;
        Events::with_ticket(public, &ticket).await
    }

    /// The stream that `ticket` opens at `public` (which may be another process than the one
    /// that made the ticket).
    pub(crate) async fn with_ticket(public: &str, ticket: &str) -> Events {
        let response = reqwest::get(format!("{public}/api/activity/events?ticket={ticket}"))
            .await
            .expect("the stream");
        assert_eq!(response.status().as_u16(), 200);
        Events {
            response,
            buffer: String::new(),
        }
    }

    /// The next `state` event's data.
    pub(crate) async fn next_state(&mut self) -> Value {
        loop {
            let (name, data) = self.next_event().await.expect("the stream is open");
            if name == "state" {
                return data;
            }
        }
    }

    /// The next named event (`state`, `end`, …) and its JSON data; `None` when the stream
    /// closed. Keep-alive comments are skipped.
    pub(crate) async fn next_event(&mut self) -> Option<(String, Value)> {
        loop {
            if let Some(end) = self.buffer.find("\n\n") {
                let event: String = self.buffer.drain(..end + 2).collect();
                let Some(name) = event.lines().find_map(|l| l.strip_prefix("event: ")) else {
                    continue;
                };
                let data: String = event
                    .lines()
                    .filter_map(|l| l.strip_prefix("data: "))
                    .collect();
                let data = serde_json::from_str(&data).expect("JSON data");
                return Some((name.to_owned(), data));
            }
            let chunk = tokio::time::timeout(Duration::from_secs(10), self.response.chunk())
                .await
                .expect("an event within 10 s")
                .expect("the stream")?;
            self.buffer.push_str(&String::from_utf8_lossy(&chunk));
        }
    }

    /// Reads states until one shows `plies` plies.
    pub(crate) async fn until_plies(&mut self, plies: usize) -> Value {
        loop {
            let state = self.next_state().await;
            let have = state["game"]["plies"].as_array().map_or(0, Vec::len);
            if have >= plies {
                return state;
            }
        }
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn registration_keeps_the_entry_point_and_play_in_discord_launches_it() {
    let (e, _public) = start("activity_launch").await;
    let global = e.fake.registered_commands(Scope::Global);
    let kinds: Vec<(String, u64)> = global
        .as_array()
        .expect("a list")
        .iter()
        .map(|c| {
            let name = c["name"].as_str().unwrap_or("").to_owned();
            (name, c["type"].as_u64().unwrap_or(1))
        })
        .collect();
    assert!(kinds.contains(&("halma".into(), 1)), "{kinds:?}");
    assert!(
        kinds.contains(&("launch".into(), 4)),
        "the Entry Point: {kinds:?}"
    );

    let (alice, bob) = (e.user("alice"), e.user("bob"));
    let channel = e.channel("launch");
    let challenge = e.challenge(&alice, &bob, &channel, "small").await;
    let started = e.click(&bob, &challenge, "Accept").await;
    assert!(started.button("Play in Discord").is_some(), "{started:?}");
    let launched = e
        .fake
        .click(&alice, &started, "Play in Discord")
        .await
        .expect("an answer");
    assert_eq!(launched.callback_type, 12, "LAUNCH_ACTIVITY");

    // What the bot avoids: an overwrite without the Entry Point command is refused.
    let without: Vec<Value> = global
        .as_array()
        .expect("a list")
        .iter()
        .filter(|c| c["type"] == json!(1))
        .cloned()
        .collect();
    let refused = reqwest::Client::new()
        .put(format!(
            "{}/api/v10/applications/{}/commands",
            e.fake.base_url(),
            e.fake.application_id()
        ))
        .header("Authorization", "Bot e2e.fake.token")
        .json(&without)
        .send()
        .await
        .expect("the fake answers");
    assert_eq!(refused.status().as_u16(), 400);
    let body: Value = refused.json().await.expect("JSON");
    assert_eq!(body["code"], json!(fake_discord::ENTRY_POINT_REQUIRED));
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_activity_plays_through_the_same_path_as_slash_commands() {
    let (e, public) = start("activity_api").await;
    let (alice, bob, carol) = (e.user("alice"), e.user("bob"), e.user("carol"));
    let (channel, other) = (e.channel("activity"), e.channel("elsewhere"));
    let challenge = e.challenge(&alice, &bob, &channel, "small").await;
    e.click(&bob, &challenge, "Accept").await;
    // Alice moves first: the challenger does unless the lot says otherwise.
    let first: u64 =
        sqlx::query_scalar::<_, i64>("SELECT user_id FROM game_seats WHERE seat = 'a' LIMIT 1")
            .fetch_one(&e.db.pool)
            .await
            .expect("seat a") as u64;
    let (mover, waiter) = if first == alice.id {
        (&alice, &bob)
    } else {
        (&bob, &alice)
    };
    let guild = e.fake.guild_id();
    e.fake.add_activity_instance(TestInstance {
        id: "i-here".into(),
        guild,
        channel: channel.id,
        users: vec![alice.id, bob.id, carol.id],
    });
    e.fake.add_activity_instance(TestInstance {
        id: "i-elsewhere".into(),
        guild,
        channel: other.id,
        users: vec![carol.id],
    });

    // Signing in: a code works once; /api/me names its user; anything else is refused.
    let mover_token = sign_in(&e, &public, mover).await;
    let reused = post(
        &public,
        "/api/token",
        None,
        &json!({ "code": format!("code-{}", mover.id) }),
    )
    .await;
    assert_eq!(reused.0, 401, "a code is good once: {reused:?}");
    let me = get(&public, "/api/me", Some(&mover_token)).await;
    assert_eq!(me.0, 200);
    assert_eq!(me.1["id"], json!(mover.id.to_string()));
    assert_eq!(get(&public, "/api/me", Some("made-up-token")).await.0, 401);
    assert_eq!(get(&public, "/api/me", None).await.0, 401);
    let foreign = e.fake.foreign_access_token(mover, 4242);
    assert_eq!(
        get(&public, "/api/me", Some(&foreign)).await.0,
        401,
        "a token of another application"
    );
    assert_eq!(session(&public, &foreign, "i-here").await.0, 401);

    // Sessions come from Discord's word only: the instance must exist and hold the member.
    let (status, opened) = session(&public, &mover_token, "i-here").await;
    assert_eq!(status, 200, "{opened}");
    let mover_session = opened["session"].as_str().expect("a session").to_owned();
    assert_eq!(opened["user"]["id"], json!(mover.id.to_string()));
    assert!(opened["texts"].is_object());
    assert_eq!(session(&public, &mover_token, "i-elsewhere").await.0, 403);
    assert_eq!(session(&public, &mover_token, "i-unknown").await.0, 403);
    let waiter_token = sign_in(&e, &public, waiter).await;
    let waiter_session = session(&public, &waiter_token, "i-here").await.1["session"]
        .as_str()
        .expect("a session")
        .to_owned();
    let carol_token = sign_in(&e, &public, &carol).await;
    let carol_here = session(&public, &carol_token, "i-here").await.1["session"]
        .as_str()
        .expect("a session")
        .to_owned();
    let carol_elsewhere = session(&public, &carol_token, "i-elsewhere").await.1["session"]
        .as_str()
        .expect("a session")
        .to_owned();

    let mut mover_events = Events::open(&public, &mover_session).await;
    let state = mover_events.next_state().await;
    let seat = state["seats"][0]
        .as_str()
        .expect("the mover's seat")
        .to_owned();
    assert_eq!(state["game"]["to_move"], json!(seat));
    let mut elsewhere = Events::open(&public, &carol_elsewhere).await;
    let nothing = elsewhere.next_state().await;
    assert_eq!(
        nothing["game"],
        Value::Null,
        "the other channel has no game"
    );

    // The mover's legal moves are the rules' own; nobody else has any.
    let moves = post(
        &public,
        "/api/activity/moves",
        None,
        &json!({ "session": mover_session }),
    )
    .await
    .1;
    assert_eq!(moves["ply"], json!(0), "the moves are for the page's ply");
    let listed = moves["moves"].as_array().expect("moves").len();
    let start = halma::Position::start(halma::Variant::Small);
    let options = halma::Options::for_variant(halma::Variant::Small);
    let mut expected = 0;
    start.for_each_destination(&options, |_, dests| expected += dests.squares().count());
    assert_eq!(listed, expected);
    let none = post(
        &public,
        "/api/activity/moves",
        None,
        &json!({ "session": waiter_session }),
    )
    .await
    .1;
    assert_eq!(none["moves"], json!([]));

    // Out of turn, a spectator, another channel's session, a forged user: refused, nothing
    // stored.
    let some_move = &moves["moves"][0];
    let (from, to) = (
        some_move["from"].as_str().expect("from"),
        some_move["to"].as_str().expect("to"),
    );
    for (who, key) in [
        ("the player who waits", &waiter_session),
        ("a spectator", &carol_here),
        ("another channel's session", &carol_elsewhere),
    ] {
        let refused = post(
            &public,
            "/api/activity/move",
            None,
            &json!({ "session": key, "from": from, "to": to, "user_id": mover.id.to_string() }),
        )
        .await;
        assert_eq!(refused.0, 409, "{who}: {refused:?}");
        assert!(refused.1["error"].as_str().is_some_and(|t| !t.is_empty()));
    }
    let forged = post(
        &public,
        "/api/activity/move",
        None,
        &json!({ "session": "0123456789abcdef", "from": from, "to": to }),
    )
    .await;
    assert_eq!(forged.0, 401, "an invented session");
    let plies: i64 = sqlx::query_scalar("SELECT count(*) FROM moves")
        .fetch_one(&e.db.pool)
        .await
        .expect("moves");
    assert_eq!(plies, 0, "nothing was played");

    // The mover's click: stored, answered in the channel with the board and a ping.
    let before = e.fake.channel_messages(&channel).len();
    let clicked = std::time::Instant::now();
    let played = post(
        &public,
        "/api/activity/move",
        None,
        &json!({ "session": mover_session, "from": from, "to": to }),
    )
    .await;
    assert_eq!(played, (200, json!({ "ok": true })));
    let answered = clicked.elapsed();
    let state = mover_events.until_plies(1).await;
    println!(
        "an Activity move was answered in {answered:?} and its state reached the page {:?} \
         after the click",
        clicked.elapsed()
    );
    assert_eq!(state["game"]["plies"][0]["path"][0], json!(from));
    let posted = e
        .fake
        .wait_for_channel_message(
            &channel,
            |m| m.content.contains(&format!("<@{}>", waiter.id)),
            Duration::from_secs(10),
        )
        .await
        .expect("the bot's public answer in the channel");
    assert!(!posted.files.is_empty(), "with the board: {posted:?}");
    assert!(e.fake.channel_messages(&channel).len() > before);

    // A move typed with /halma move appears in the Activity.
    let (from, to) = first_move(&public, &waiter_session).await;
    e.move_(waiter, &channel, &from, &to).await;
    let state = mover_events.until_plies(2).await;
    assert_eq!(state["game"]["to_move"], json!(seat));

    // A draw offered in the Activity shows to everyone's Activity; a resignation ends it.
    assert_eq!(
        post(
            &public,
            "/api/activity/draw",
            None,
            &json!({ "session": mover_session })
        )
        .await
        .0,
        200
    );
    let offered = mover_events.next_state().await;
    assert_eq!(offered["draw_offered_by"], json!(seat));
    assert_eq!(
        post(
            &public,
            "/api/activity/resign",
            None,
            &json!({ "session": waiter_session })
        )
        .await
        .0,
        200
    );
    loop {
        let state = mover_events.next_state().await;
        if state["game"]["status"]["state"] == json!("won") {
            assert_eq!(state["game"]["status"]["winners"], json!([seat]));
            break;
        }
    }

    // In a channel with no game, the Activity starts one against the bot.
    let started = post(
        &public,
        "/api/activity/challenge",
        None,
        &json!({ "session": carol_elsewhere, "bot": true }),
    )
    .await;
    assert_eq!(started.0, 200, "{started:?}");
    let state = elsewhere.next_state().await;
    assert!(state["game"].is_object(), "the new game shows: {state}");
    assert_eq!(state["seats"].as_array().map(Vec::len), Some(1));
}

/// The squares matching `selector` on `browser`'s board (`.movable`, `.dest`).
async fn squares(browser: &browser_test::Browser, selector: &str) -> Vec<String> {
    browser.squares_matching(selector).await.expect("the board")
}

/// Clicks square `name` on `browser`'s board.
async fn click_on(browser: &browser_test::Browser, name: &str) {
    browser.click_square(name).await.expect("a click");
}

/// Waits until `browser`'s board shows ply `ply`.
async fn board_at(browser: &browser_test::Browser, ply: usize) {
    browser
        .wait_ply(ply, Duration::from_secs(20))
        .await
        .unwrap_or_else(|e| panic!("ply {ply} on the board: {e}"));
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn two_members_play_by_clicking_in_the_activity() {
    let (e, public) = start("activity_clicks").await;
    let (alice, bob) = (e.user("alice"), e.user("bob"));
    let channel = e.channel("clicks");
    let challenge = e.challenge(&alice, &bob, &channel, "small").await;
    e.click(&bob, &challenge, "Accept").await;
    let guild = e.fake.guild_id();
    e.fake.add_activity_instance(TestInstance {
        id: "i-clicks".into(),
        guild,
        channel: channel.id,
        users: vec![alice.id, bob.id],
    });
    let mut browsers = Vec::new();
    for user in [&alice, &bob] {
        let code = format!("page-{}", user.id);
        e.fake.add_oauth_code(&code, user);
        let browser = browser_test::Browser::start(900, 800)
            .await
            .unwrap_or_else(|e| panic!("the Activity test needs a browser: {e}"));
        let url = format!(
            "{public}/activity?frame_id=e2e&instance_id=i-clicks&guild_id={guild}\
             &channel_id={}&location_id=gc&mock_code={code}",
            channel.id
        );
        browser.client.goto(&url).await.expect("the Activity");
        board_at(&browser, 0).await;
        browsers.push((user.clone(), browser));
    }
    // Seat a moves on even plies; the lot chose who sits there.
    let seat_a: i64 = sqlx::query_scalar("SELECT user_id FROM game_seats WHERE seat = 'a'")
        .fetch_one(&e.db.pool)
        .await
        .expect("seat a");
    let first = if seat_a as u64 == alice.id { 0 } else { 1 };

    // A whole game, its moves chosen by the greedy player of the service tests; all but one
    // are clicks, one is typed as /halma move.
    let variant = halma::Variant::Small;
    let game = crate::common::greedy_game(
        halma::Position::start(variant),
        halma::Options::for_variant(variant),
        400,
    );
    let typed = 5;
    let mut slowest = Duration::ZERO;
    for (ply, mv) in game.iter().enumerate() {
        let (mover, waiter) = if ply % 2 == 0 {
            (&browsers[first], &browsers[1 - first])
        } else {
            (&browsers[1 - first], &browsers[first])
        };
        let (from, to) = (mv.from.to_string(), mv.to.to_string());
        let clicked = std::time::Instant::now();
        if ply == typed {
            e.move_(&mover.0, &channel, &from, &to).await;
        } else {
            // The mover's page asks for the legal moves once it shows the ply.
            mover
                .1
                .wait_for(
                    "return document.querySelector('[data-square].movable') !== null;",
                    Duration::from_secs(10),
                )
                .await
                .unwrap_or_else(|err| panic!("ply {}: no piece is marked: {err}", ply + 1));
            if ply < 4 {
                // The one who waits can pick nothing.
                click_on(&waiter.1, &from).await;
                assert!(squares(&waiter.1, ".dest").await.is_empty(), "out of turn");
            }
            click_on(&mover.1, &from).await;
            let dests = squares(&mover.1, ".dest").await;
            assert!(dests.contains(&to), "ply {}: {to} among {dests:?}", ply + 1);
            click_on(&mover.1, &to).await;
        }
        for (_, browser) in &browsers {
            board_at(browser, ply + 1).await;
        }
        slowest = slowest.max(clicked.elapsed());
        // Each move is the bot's public answer in the channel.
        e.fake
            .wait_for_channel_message(
                &channel,
                |m| m.content.contains(&from) && m.content.contains(&to),
                Duration::from_secs(10),
            )
            .await
            .unwrap_or_else(|err| panic!("ply {}: no public answer: {err}", ply + 1));
        if ply == 10 {
            browsers[first]
                .1
                .screenshot("activity-e2e-mid-game")
                .await
                .expect("a screenshot");
        }
    }
    println!(
        "{} plies played in the Activity; the slowest took {slowest:?} from the click to both boards",
        game.len()
    );
    let (status, plies): (String, i32) =
        sqlx::query_as("SELECT status, ply FROM games WHERE channel_id = $1")
            .bind(channel.id as i64)
            .fetch_one(&e.db.pool)
            .await
            .expect("the game");
    assert_eq!((status.as_str(), plies as usize), ("finished", game.len()));
    for (_, browser) in &browsers {
        browser
            .wait_for(
                "return document.querySelector('#status.over') !== null;",
                Duration::from_secs(10),
            )
            .await
            .expect("the result shows");
    }
    for (_, browser) in browsers {
        browser.close().await;
    }
}
