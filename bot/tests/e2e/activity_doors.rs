//! The Activity's API under hostile or careless use, with the real bot binary and the fake
//! Discord: a junk token costs Discord one call however often it comes, the bot's own token is
//! never spent for an unknown user, a 429 pauses every call until Discord's `retry_after`,
//! tokens need the `identify` scope, instance ids are plain, sessions end with their streams
//! when the token is revoked or the member leaves the Activity, a member keeps only a few
//! streams, the session key never travels in a URL, and Activity actions count in the pace and
//! the metrics.

use std::time::{Duration, Instant};

use fake_discord::{FakeDiscord, TestInstance, TestUser};
use serde_json::{json, Value};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Arc;

use crate::activity::{get, post, session, sign_in, start_on, start_with, stream_ticket, Events};
use crate::support::{free_addr, E2e};

/// Starts the bot with an Activity and puts `members` in the instance `i-doors` of `channel`.
async fn with_instance(label: &str, extra: &[(&str, &str)]) -> (E2e, String, Vec<TestUser>) {
    let (e, public) = start_with(label, extra).await;
    let members: Vec<TestUser> = ["alice", "bob", "carol"]
        .into_iter()
        .map(|name| e.user(name))
        .collect();
    let channel = e.channel("doors");
    e.fake.add_activity_instance(TestInstance {
        id: "i-doors".into(),
        guild: channel.guild_id.expect("a server channel"),
        channel: channel.id,
        users: members.iter().map(|m| m.id).collect(),
    });
    (e, public, members)
}

/// The calls to Discord's OAuth2 and instance routes that asked about an Activity instance.
fn instance_calls(e: &E2e) -> usize {
    e.fake
        .requests()
        .iter()
        .filter(|r| r.path.contains("/activity-instances/"))
        .count()
}

/// A session key for `user` in `i-doors`, and their access token.
async fn signed_in(e: &E2e, public: &str, user: &TestUser) -> (String, String) {
    let token = sign_in(e, public, user).await;
    let (status, opened) = session(public, &token, "i-doors").await;
    assert_eq!(status, 200, "{opened}");
    let key = opened["session"].as_str().expect("a session").to_owned();
    (key, token)
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_junk_token_costs_discord_one_call_and_never_the_bots_token() {
    let (e, public, members) = with_instance("doors_junk", &[]).await;
    let (calls, instances) = (e.fake.oauth_calls(), instance_calls(&e));
    for _ in 0..100 {
        let (status, _) = get(&public, "/api/me", Some("junk-token")).await;
        assert_eq!(status, 401);
        let (status, _) = session(&public, "junk-token", "i-doors").await;
        assert_eq!(status, 401);
    }
    assert_eq!(
        e.fake.oauth_calls() - calls,
        1,
        "one call told the bot the token is junk; the other 199 asked Discord nothing"
    );
    assert_eq!(
        instance_calls(&e),
        instances,
        "no call with the bot's token for a user Discord did not name"
    );
    // A member signs in as ever, with the calls sign-in needs and no more.
    let before = e.fake.oauth_calls();
    let token = sign_in(&e, &public, &members[0]).await;
    let (status, me) = get(&public, "/api/me", Some(&token)).await;
    assert_eq!((status, me["username"].clone()), (200, json!("alice")));
    let (status, _) = session(&public, &token, "i-doors").await;
    assert_eq!(status, 200);
    assert_eq!(
        e.fake.oauth_calls() - before,
        4,
        "the code's exchange, the token's grant and user once (the session reuses them), \
         and the instance"
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn tokens_need_identify_and_instance_ids_are_plain() {
    let (e, public, members) = with_instance("doors_scope", &[]).await;
    e.fake
        .add_oauth_code_with_scope("no-identify", &members[0], "guilds");
    let (status, answer) = post(
        &public,
        "/api/token",
        None,
        &json!({ "code": "no-identify" }),
    )
    .await;
    assert_eq!(status, 401, "a token that cannot name its user: {answer}");
    assert!(answer.get("access_token").is_none());

    let token = sign_in(&e, &public, &members[0]).await;
    let calls = e.fake.oauth_calls();
    for odd in [
        ".",
        "..",
        "a/b",
        "i-doors/..",
        "a.b",
        "%2e%2e",
        &"i".repeat(101),
    ] {
        let (status, answer) = session(&public, &token, odd).await;
        assert_eq!(status, 400, "{odd:?}: {answer}");
    }
    assert_eq!(
        e.fake.oauth_calls(),
        calls,
        "odd ids are refused before any call"
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_429_pauses_every_call_until_retry_after() {
    let (e, public, members) = with_instance("doors_429", &[]).await;
    let alice = sign_in(&e, &public, &members[0]).await;
    let bob = sign_in(&e, &public, &members[1]).await;
    e.fake.rate_limit_oauth(1, 2.0);
    let calls = e.fake.oauth_calls();
    let (status, _) = get(&public, "/api/me", Some(&bob)).await;
    assert_eq!(status, 503, "Discord said 429: try again later");
    for _ in 0..20 {
        let (status, _) = session(&public, &alice, "i-doors").await;
        assert_eq!(status, 503);
        let (status, _) = get(&public, "/api/me", Some(&bob)).await;
        assert_eq!(status, 503);
    }
    assert_eq!(
        e.fake.oauth_calls() - calls,
        1,
        "no call went out while Discord asked to wait"
    );
    // Once retry_after has passed, sign-in works again.
    let waited = Instant::now();
    loop {
        let (status, me) = get(&public, "/api/me", Some(&bob)).await;
        if status == 200 {
            assert_eq!(me["username"], json!("bob"));
            break;
        }
        assert!(
            waited.elapsed() < Duration::from_secs(15),
            "still refused: {status}"
        );
        tokio::time::sleep(Duration::from_millis(200)).await;
    }
}

/// The status of a session's `POST /api/activity/moves`.
async fn ask_moves(public: &str, session: &str) -> u16 {
    post(
        public,
        "/api/activity/moves",
        None,
        &json!({ "session": session }),
    )
    .await
    .0
}

/// Asks, for the session's member, for a game against the bot in the Activity's channel.
async fn play_the_bot(public: &str, session: &str) -> (u16, Value) {
    post(
        public,
        "/api/activity/challenge",
        None,
        &json!({ "session": session, "bot": true }),
    )
    .await
}

/// Reads events until the stream says it ended; the `end` event's data.
async fn until_end(events: &mut Events) -> Value {
    loop {
        match events.next_event().await {
            Some((name, data)) if name == "end" => return data,
            Some(_) => {}
            None => panic!("the stream closed without an end event"),
        }
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn sessions_end_with_their_streams_when_the_token_or_the_place_is_gone() {
    let (e, public, members) =
        with_instance("doors_recheck", &[("ACTIVITY_RECHECK_SECS", "1")]).await;
    let (alice, alice_token) = signed_in(&e, &public, &members[0]).await;
    let (bob, _) = signed_in(&e, &public, &members[1]).await;
    let (carol, _) = signed_in(&e, &public, &members[2]).await;
    let mut alice_events = Events::open(&public, &alice).await;
    let mut bob_events = Events::open(&public, &bob).await;
    alice_events.next_state().await;
    bob_events.next_state().await;

    // Alice deauthorizes the application; Bob is kicked from the Activity.
    e.fake.revoke_access_token(&alice_token);
    e.fake.leave_activity_instance("i-doors", &members[1]);
    let ended = until_end(&mut alice_events).await;
    assert_eq!(ended["reason"], json!("closed"), "{ended}");
    assert!(ended["error"].as_str().is_some_and(|t| !t.is_empty()));
    let ended = until_end(&mut bob_events).await;
    assert_eq!(ended["reason"], json!("closed"), "{ended}");
    for gone in [&alice, &bob] {
        let status = ask_moves(&public, gone).await;
        assert_eq!(status, 401, "the session is over");
        let (status, _) = play_the_bot(&public, gone).await;
        assert_eq!(status, 401, "and acts no more");
    }
    let games: i64 = sqlx::query_scalar("SELECT count(*) FROM games")
        .fetch_one(&e.db.pool)
        .await
        .expect("games");
    assert_eq!(games, 0, "nothing was done for them");
    // Carol is still there: her session stands.
    let status = ask_moves(&public, &carol).await;
    assert_eq!(status, 200);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_member_keeps_a_few_streams_and_keys_stay_out_of_urls() {
    let (e, public, members) = with_instance("doors_streams", &[]).await;
    let (alice, _) = signed_in(&e, &public, &members[0]).await;
    let cap = halma_activity::STREAMS_PER_MEMBER;
    let mut streams = Vec::new();
    for _ in 0..cap {
        let mut events = Events::open(&public, &alice).await;
        events.next_state().await;
        streams.push(events);
    }
    let mut newest = Events::open(&public, &alice).await;
    newest.next_state().await;
    let ended = until_end(&mut streams[0]).await;
    assert_eq!(ended["reason"], json!("replaced"), "{ended}");
    assert!(streams[0].next_event().await.is_none(), "and it closed");

    // A ticket opens one stream; the session key is no ticket; moves are asked by POST.
    let ticket = stream_ticket(&public, &alice).await;
    let first = reqwest::get(format!("{public}/api/activity/events?ticket={ticket}"))
        .await
        .expect("an answer");
    assert_eq!(first.status().as_u16(), 200);
    let again = reqwest::get(format!("{public}/api/activity/events?ticket={ticket}"))
        .await
        .expect("an answer");
    assert_eq!(again.status().as_u16(), 401, "a ticket is used once");
    let by_key = reqwest::get(format!("{public}/api/activity/events?ticket={alice}"))
        .await
        .expect("an answer");
    assert_eq!(by_key.status().as_u16(), 401, "the key is not a ticket");
    let old = reqwest::get(format!("{public}/api/activity/events?session={alice}"))
        .await
        .expect("an answer");
    assert_eq!(old.status().as_u16(), 400, "keys are not read from URLs");
    let (status, _) = get(
        &public,
        &format!("/api/activity/moves?session={alice}"),
        None,
    )
    .await;
    assert_eq!(status, 405, "moves are asked with the key in the body");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn activity_actions_count_in_the_pace_and_the_metrics() {
    let ops = free_addr();
    let (e, public, members) = with_instance(
        "doors_pace",
        &[
            ("MEMBER_ACTIONS_PER_MINUTE", "1"),
            ("METRICS_ADDR", ops.as_str()),
        ],
    )
    .await;
    // Bob starts a game against the bot from the Activity: an action like a command.
    let (bob, _) = signed_in(&e, &public, &members[1]).await;
    let (status, answer) = play_the_bot(&public, &bob).await;
    assert_eq!(status, 200, "{answer}");

    // Opening a session counts: the burst of 8, then a refusal.
    let token = sign_in(&e, &public, &members[0]).await;
    let burst = 8;
    let mut refused = None;
    for n in 0..=burst {
        let (status, answer) = session(&public, &token, "i-doors").await;
        if status == 429 {
            refused = Some((n, answer));
            break;
        }
        assert_eq!(status, 200, "{answer}");
    }
    let (n, answer) = refused.expect("the pace refuses a flood of sessions");
    assert_eq!(n, burst, "the ninth session in a row is refused");
    assert!(
        answer["error"]
            .as_str()
            .is_some_and(|t| t.contains("Slow down")),
        "{answer}"
    );
    // Reads have a pace of their own: a burst of 20, then refusals.
    let (status, opened) =
        session(&public, &sign_in(&e, &public, &members[2]).await, "i-doors").await;
    assert_eq!(status, 200, "{opened}");
    let carol = opened["session"].as_str().expect("a session");
    let asked = json!({ "session": carol });
    let statuses: Vec<u16> = futures::future::join_all(
        (0..40).map(|_| post(&public, "/api/activity/moves", None, &asked)),
    )
    .await
    .into_iter()
    .map(|(status, _)| status)
    .collect();
    let answered = statuses.iter().filter(|&&s| s == 200).count();
    let slowed = statuses.iter().filter(|&&s| s == 429).count();
    assert_eq!((answered, slowed), (20, 20), "{statuses:?}");

    let metrics = reqwest::get(format!("http://{ops}/metrics"))
        .await
        .expect("the metrics")
        .text()
        .await
        .expect("their text");
    for counted in [
        r#"command="activity challenge",outcome="ok"} 1"#,
        r#"command="activity session",outcome="ok"} 10"#,
        r#"command="activity session",outcome="refused"} 1"#,
    ] {
        assert!(
            metrics
                .lines()
                .any(|l| l.starts_with("halma_interactions_total{") && l.ends_with(counted)),
            "{counted} in\n{metrics}"
        );
    }
}

/// A stand-in for a REST proxy such as twilight's http-proxy, in front of `upstream`: it passes
/// the bot's own calls on and answers 501 to the OAuth2 code exchange, to calls with a user's
/// bearer token and to Activity instances, routes twilight's does not serve. Its address, and the count of calls it passed on.
async fn rest_proxy(upstream: String) -> (String, Arc<AtomicUsize>) {
    use axum::body::{to_bytes, Body};
    use axum::extract::Request;
    use axum::response::Response;

    let listener = tokio::net::TcpListener::bind("127.0.0.1:0")
        .await
        .expect("a port for the proxy");
    let address = listener.local_addr().expect("its address");
    let passed = Arc::new(AtomicUsize::new(0));
    let counted = passed.clone();
    let client = reqwest::Client::new();
    let forward = move |request: Request| {
        let (client, upstream, counted) = (client.clone(), upstream.clone(), counted.clone());
        async move {
            let path = request.uri().path().to_owned();
            let bearer = request
                .headers()
                .get("authorization")
                .is_some_and(|v| v.as_bytes().starts_with(b"Bearer "));
            // The routes it does not serve: the code exchange, any call with a user's
            // bearer token, and Activity instances.
            if path.ends_with("/oauth2/token") || bearer || path.contains("/activity-instances/") {
                return Response::builder()
                    .status(501)
                    .body(Body::from("not implemented"))
                    .expect("a response");
            }
            counted.fetch_add(1, Ordering::Relaxed);
            let target = format!(
                "{upstream}{}",
                request.uri().path_and_query().map_or("/", |p| p.as_str())
            );
            let (parts, body) = request.into_parts();
            let body = to_bytes(body, 32 << 20).await.expect("the body");
            let mut headers = parts.headers.clone();
            headers.remove("host");
            let answer = client
                .request(parts.method, target)
                .headers(headers)
                .body(body)
                .send()
                .await
                .expect("the fake Discord answers");
            let mut response = Response::builder().status(answer.status().as_u16());
            for (name, value) in answer.headers() {
                if name != "transfer-encoding" && name != "content-length" {
                    response = response.header(name, value);
                }
            }
            let bytes = answer.bytes().await.expect("the answer's body");
            response.body(Body::from(bytes)).expect("a response")
        }
    };
    let app = axum::Router::new().fallback(forward);
    tokio::spawn(async move { axum::serve(listener, app).await });
    (format!("http://{address}"), passed)
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_activity_signs_in_behind_a_rest_proxy() {
    let fake = FakeDiscord::start().await;
    let (proxy, passed) = rest_proxy(fake.base_url()).await;
    let (e, public) = start_on(
        "doors_proxy",
        fake,
        &[("DISCORD_PROXY_URL", proxy.as_str())],
    )
    .await;
    assert!(
        passed.load(Ordering::Relaxed) > 0,
        "the bot's own calls (its commands' registration) went through the proxy"
    );
    let alice = e.user("alice");
    let channel = e.channel("proxied");
    e.fake.add_activity_instance(TestInstance {
        id: "i-proxied".into(),
        guild: channel.guild_id.expect("a server channel"),
        channel: channel.id,
        users: vec![alice.id],
    });
    let token = sign_in(&e, &public, &alice).await;
    let (status, opened) = session(&public, &token, "i-proxied").await;
    assert_eq!(status, 200, "signed in past the proxy: {opened}");
    let key = opened["session"].as_str().expect("a session").to_owned();
    // A game against the bot, announced in the channel through the proxy.
    let before = passed.load(Ordering::Relaxed);
    let (status, answer) = play_the_bot(&public, &key).await;
    assert_eq!(status, 200, "{answer}");
    e.fake
        .wait_for_channel_message(&channel, |_| true, Duration::from_secs(10))
        .await
        .expect("the game's start in the channel");
    assert!(
        passed.load(Ordering::Relaxed) > before,
        "posted through the proxy"
    );
}

/// POSTs JSON from the loopback address `from`, with a bearer token if given.
async fn post_from(
    from: [u8; 4],
    public: &str,
    path: &str,
    bearer: Option<&str>,
    body: &Value,
) -> (u16, Value) {
    let client = reqwest::Client::builder()
        .local_address(std::net::IpAddr::from(from))
        .build()
        .expect("a client");
    let mut request = client.post(format!("{public}{path}")).json(body);
    if let Some(token) = bearer {
        request = request.bearer_auth(token);
    }
    let response = request.send().await.expect("the bot answers");
    let status = response.status().as_u16();
    (status, response.json().await.unwrap_or(Value::Null))
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_flood_of_junk_sign_ins_from_one_address_costs_discord_a_few_calls() {
    // The default per-client limit of sign-ins.
    let default = halma_activity::SIGN_INS_PER_MINUTE.to_string();
    let (e, public, members) = with_instance(
        "doors_flood",
        &[("ACTIVITY_SIGN_INS_PER_MINUTE", default.as_str())],
    )
    .await;
    let calls = e.fake.oauth_calls();
    let client = reqwest::Client::new();
    let mut statuses = std::collections::BTreeMap::<u16, usize>::new();
    for batch in 0..20 {
        let requests = (0..50).map(|n| {
            // Every token differs: no memory of refused tokens helps, only the per-client limit.
            let junk = format!("junk-{batch}-{n}");
            let request = if n % 2 == 0 {
                client.get(format!("{public}/api/me"))
            } else {
                client
                    .post(format!("{public}/api/activity/session"))
                    .json(&json!({ "instance_id": "i-doors" }))
            };
            async move {
                let response = request.bearer_auth(junk).send().await;
                response.expect("the bot answers").status().as_u16()
            }
        });
        for status in futures::future::join_all(requests).await {
            *statuses.entry(status).or_default() += 1;
        }
    }
    let spent = e.fake.oauth_calls() - calls;
    println!("1,000 junk sign-ins from one address: {statuses:?}, {spent} calls to Discord");
    assert_eq!(statuses.values().sum::<usize>(), 1000);
    assert!(
        statuses.keys().all(|s| [401, 429].contains(s)),
        "{statuses:?}"
    );
    assert!(
        spent <= 36,
        "at most a few dozen calls to Discord, not one per request: {spent}"
    );
    // Meanwhile a member elsewhere signs in at once.
    let alice = &members[0];
    e.fake.add_oauth_code("alice-code", alice);
    let (status, token) = post_from(
        [127, 0, 0, 2],
        &public,
        "/api/token",
        None,
        &json!({ "code": "alice-code" }),
    )
    .await;
    assert_eq!(status, 200, "{token}");
    let token = token["access_token"].as_str().expect("a token");
    let (status, opened) = post_from(
        [127, 0, 0, 2],
        &public,
        "/api/activity/session",
        Some(token),
        &json!({ "instance_id": "i-doors" }),
    )
    .await;
    assert_eq!(status, 200, "{opened}");
}
