//! Endpoint mode, against a tiny axum server standing in for the bot: it verifies each
//! request's signature with ed25519-dalek against the fake's public key, refuses forgeries
//! with 401, and answers PING and a few commands.

use std::net::SocketAddr;
use std::sync::{Arc, Mutex};
use std::time::{Duration, SystemTime, UNIX_EPOCH};

use axum::body::Bytes;
use axum::extract::State;
use axum::http::{HeaderMap, StatusCode};
use axum::response::{IntoResponse, Response};
use axum::routing::post;
use axum::{Json, Router};
use ed25519_dalek::{Signature, Verifier as _, VerifyingKey};
use fake_discord::{FakeDiscord, FakeError, Signing, SIGNATURE_HEADER, TIMESTAMP_HEADER};
use serde_json::{json, Value};

/// A signature older than this is refused (Discord's own libraries use a few minutes).
const MAX_AGE_SECS: u64 = 300;

/// What the stand-in bot saw.
#[derive(Default)]
struct Seen {
    /// Bodies of requests whose signature verified.
    verified: Vec<Vec<u8>>,
    /// How many requests it refused with 401.
    refused: u32,
}

#[derive(Clone)]
struct StandIn {
    key: VerifyingKey,
    /// The fake's REST base URL, for answers that go through the callback endpoint.
    discord: String,
    http: reqwest::Client,
    seen: Arc<Mutex<Seen>>,
}

impl StandIn {
    fn seen<T>(&self, f: impl FnOnce(&Seen) -> T) -> T {
        f(&self.seen.lock().expect("lock"))
    }
}

/// Whether the headers sign `body` with the key, recently.
fn verified(key: &VerifyingKey, headers: &HeaderMap, body: &[u8]) -> bool {
    let header = |name: &str| headers.get(name).and_then(|v| v.to_str().ok());
    let (Some(signature), Some(timestamp)) = (header(SIGNATURE_HEADER), header(TIMESTAMP_HEADER))
    else {
        return false;
    };
    let Some(signature) = hex::decode(signature)
        .ok()
        .and_then(|bytes| <[u8; 64]>::try_from(bytes).ok())
    else {
        return false;
    };
    let Ok(signed_at) = timestamp.parse::<u64>() else {
        return false;
    };
    let now = SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .expect("after 1970")
        .as_secs();
    if now.abs_diff(signed_at) > MAX_AGE_SECS {
        return false;
    }
    let message = [timestamp.as_bytes(), body].concat();
    key.verify(&message, &Signature::from_bytes(&signature))
        .is_ok()
}

async fn endpoint(State(bot): State<StandIn>, headers: HeaderMap, body: Bytes) -> Response {
    if !verified(&bot.key, &headers, &body) {
        bot.seen.lock().expect("lock").refused += 1;
        return (StatusCode::UNAUTHORIZED, "invalid request signature").into_response();
    }
    bot.seen.lock().expect("lock").verified.push(body.to_vec());
    let Ok(interaction) = serde_json::from_slice::<Value>(&body) else {
        return StatusCode::BAD_REQUEST.into_response();
    };
    let text = |key: &str| interaction[key].as_str().unwrap_or("").to_owned();
    let (id, token, app) = (text("id"), text("token"), text("application_id"));
    match interaction["type"].as_u64() {
        Some(1) => Json(json!({ "type": 1 })).into_response(),
        Some(3) => Json(json!({ "type": 7, "data": { "content": "clicked" } })).into_response(),
        Some(4) => Json(json!({
            "type": 8,
            "data": { "choices": [{ "name": "Seven", "value": "seven" }] }
        }))
        .into_response(),
        Some(2) => match interaction["data"]["name"].as_str().unwrap_or("") {
            "echo" => {
                let said = interaction["data"]["options"][0]["value"].clone();
                Json(json!({
                    "type": 4,
                    "data": {
                        "content": format!("echo {}", said.as_str().unwrap_or("")),
                        "components": [{ "type": 1, "components": [
                            { "type": 2, "style": 1, "label": "Again", "custom_id": "again" }
                        ]}]
                    }
                }))
                .into_response()
            }
            "defer" => {
                // The followup may reach the fake before the response that defers: the fake
                // holds it until it has read the response.
                let followup = format!("{}/api/v10/webhooks/{app}/{token}", bot.discord);
                let http = bot.http.clone();
                tokio::spawn(async move {
                    let _ = http
                        .post(followup)
                        .json(&json!({ "content": "done" }))
                        .send()
                        .await;
                });
                Json(json!({ "type": 5 })).into_response()
            }
            "viacallback" | "twice" => {
                let callback =
                    format!("{}/api/v10/interactions/{id}/{token}/callback", bot.discord);
                let answer = json!({ "type": 4, "data": { "content": "by callback" } });
                let sent = bot.http.post(callback).json(&answer).send().await;
                assert!(
                    sent.is_ok_and(|r| r.status().is_success()),
                    "callback taken"
                );
                if interaction["data"]["name"] == "twice" {
                    Json(answer).into_response()
                } else {
                    StatusCode::ACCEPTED.into_response()
                }
            }
            "broken" => (StatusCode::INTERNAL_SERVER_ERROR, "oops").into_response(),
            "plain" => "not json".into_response(),
            _ => StatusCode::NOT_FOUND.into_response(),
        },
        _ => StatusCode::BAD_REQUEST.into_response(),
    }
}

/// The fake in endpoint mode with its commands registered, and the stand-in bot behind it.
async fn setup() -> (FakeDiscord, StandIn) {
    let fake = FakeDiscord::start().await;
    let public: [u8; 32] = hex::decode(fake.public_key_hex())
        .expect("the public key is hex")
        .try_into()
        .expect("32 bytes");
    let bot = StandIn {
        key: VerifyingKey::from_bytes(&public).expect("a valid Ed25519 key"),
        discord: fake.base_url(),
        http: reqwest::Client::builder()
            .no_proxy()
            .build()
            .expect("client"),
        seen: Arc::default(),
    };
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0")
        .await
        .expect("bind");
    let addr: SocketAddr = listener.local_addr().expect("address");
    let app = Router::new()
        .route("/interactions", post(endpoint))
        .with_state(bot.clone());
    tokio::spawn(async move { axum::serve(listener, app).await });

    let option =
        |name: &str| json!({ "type": 3, "name": name, "description": name, "autocomplete": true });
    let command = |name: &str| json!({ "name": name, "description": name, "options": [] });
    let mut echo = command("echo");
    echo["options"] = json!([option("text")]);
    let commands = json!([
        echo,
        command("defer"),
        command("viacallback"),
        command("twice"),
        command("broken"),
        command("plain"),
    ]);
    let registered = bot
        .http
        .put(format!(
            "{}/api/v10/applications/{}/commands",
            fake.base_url(),
            fake.application_id()
        ))
        .json(&commands)
        .send()
        .await
        .expect("register");
    assert!(registered.status().is_success(), "{registered:?}");
    fake.set_interactions_endpoint(Some(&format!("http://{addr}/interactions")));
    (fake, bot)
}

#[tokio::test]
async fn a_ping_is_signed_and_answered_with_pong() {
    let (fake, bot) = setup().await;
    fake.wait_ready(Duration::from_secs(5))
        .await
        .expect("ready without a gateway in endpoint mode");
    let reply = fake.ping().await.expect("a response");
    assert_eq!(reply.status, 200, "{}", reply.text());
    assert_eq!(reply.json(), Some(json!({ "type": 1 })));
    assert_eq!(bot.seen(|s| (s.verified.len(), s.refused)), (1, 0));
    let sent = fake.endpoint_requests();
    assert_eq!(sent.len(), 1);
    assert_eq!(sent[0].json().expect("JSON")["type"], 1);
    assert_eq!(sent[0].signing, Signing::Valid);
}

#[tokio::test]
async fn commands_autocomplete_and_clicks_are_answered_in_the_http_response() {
    let (fake, bot) = setup().await;
    let (alice, channel) = (fake.user("alice"), fake.channel("games"));
    let answer = fake
        .slash(&alice, &channel, "echo", "", &[("text", json!("hello"))])
        .await
        .expect("an answer");
    assert_eq!(answer.callback_type, 4);
    assert_eq!(answer.content, "echo hello");
    assert_eq!(answer.shard, 0);
    // Recorded as the callback it stands for, so checks of callbacks hold in both modes.
    let callback = fake
        .requests()
        .into_iter()
        .find(|r| r.path.ends_with("/callback"))
        .expect("the answer is recorded");
    assert!(callback.in_http_response);
    assert_eq!(callback.status, 204);
    assert_eq!(callback.body["data"]["content"], "echo hello");

    let choices = fake
        .autocomplete(
            &alice,
            &channel,
            "echo",
            "",
            &[("text", json!("se"))],
            "text",
        )
        .await
        .expect("suggestions");
    assert_eq!(choices[0].name, "Seven");

    let clicked = fake.click(&alice, &answer, "Again").await.expect("a click");
    assert_eq!(clicked.callback_type, 7);
    let message = fake
        .message(answer.message_id.expect("a message"))
        .expect("stored");
    assert_eq!(message.content, "clicked");

    // Every one of them arrived signed, and the body was the interaction Discord sends.
    let bodies = bot.seen(|s| s.verified.clone());
    let sent = fake.endpoint_requests();
    assert_eq!(bodies.len(), 3);
    assert_eq!(
        bodies,
        sent.iter().map(|r| r.body.clone()).collect::<Vec<_>>()
    );
    let kinds: Vec<Value> = sent
        .iter()
        .map(|r| r.json().expect("JSON")["type"].clone())
        .collect();
    assert_eq!(kinds, [json!(2), json!(4), json!(3)]);
    assert_eq!(
        sent[2].json().expect("JSON")["message"]["id"],
        answer.message_id.expect("id").to_string()
    );
    assert!(fake.answered_twice().is_empty() && fake.endpoint_failures().is_empty());
}

#[tokio::test]
async fn a_defer_in_the_response_takes_a_followup_and_a_callback_with_202_counts_once() {
    let (fake, _bot) = setup().await;
    let (alice, channel) = (fake.user("alice"), fake.channel("games"));
    let deferred = fake
        .slash(&alice, &channel, "defer", "", &[])
        .await
        .expect("the followup completes the deferred answer");
    assert_eq!(deferred.callback_type, 5);
    assert_eq!(deferred.content, "done");

    let called_back = fake
        .slash(&alice, &channel, "viacallback", "", &[])
        .await
        .expect("answered through the callback endpoint");
    assert_eq!(called_back.content, "by callback");
    assert!(
        fake.answered_twice().is_empty(),
        "{:?}",
        fake.answered_twice()
    );
}

#[tokio::test]
async fn a_callback_and_a_response_for_one_interaction_are_answered_twice() {
    let (fake, _bot) = setup().await;
    let (alice, channel) = (fake.user("alice"), fake.channel("games"));
    let answer = fake
        .slash(&alice, &channel, "twice", "", &[])
        .await
        .expect("the first answer stands");
    assert_eq!(answer.content, "by callback");
    let twice = fake.answered_twice();
    assert_eq!(twice.len(), 1, "{twice:?}");
    assert_eq!(twice[0].interaction_id, answer.interaction_id);
    assert_eq!(twice[0].answers, 2);
    let refused = fake
        .requests()
        .into_iter()
        .find(|r| r.in_http_response)
        .expect("the response is recorded");
    assert_eq!(refused.status, 400);
    assert_eq!(refused.response["code"], 40060);
}

#[tokio::test]
async fn answers_after_the_limit_are_listed_as_late() {
    let (fake, _bot) = setup().await;
    let (alice, channel) = (fake.user("alice"), fake.channel("games"));
    fake.slash(&alice, &channel, "echo", "", &[("text", json!("early"))])
        .await
        .expect("an answer");
    assert!(fake.late_answers().is_empty(), "{:?}", fake.late_answers());
    // With no time allowed, every answer is late.
    fake.set_answer_limit(Duration::ZERO);
    let late = fake.late_answers();
    assert_eq!(late.len(), 1, "{late:?}");
    assert_eq!(late[0].label, "/echo");
}

#[tokio::test]
async fn an_error_status_or_a_body_that_is_not_json_fails_the_interaction() {
    let (fake, _bot) = setup().await;
    let (alice, channel) = (fake.user("alice"), fake.channel("games"));
    for (command, status) in [("broken", 500), ("plain", 200)] {
        let failed = fake.slash(&alice, &channel, command, "", &[]).await;
        assert!(
            matches!(failed, Err(FakeError::InteractionFailed(_))),
            "/{command}: {failed:?}"
        );
        let failure = fake.endpoint_failures().pop().expect("recorded");
        assert_eq!(failure.label, format!("/{command}"));
        assert_eq!(failure.status, Some(status));
    }
    assert!(fake.channel_messages(&channel).is_empty());
}

#[tokio::test]
async fn forged_unsigned_and_stale_requests_do_not_verify() {
    let (fake, bot) = setup().await;
    let (alice, channel) = (fake.user("alice"), fake.channel("games"));
    let payload = fake
        .slash_payload(&alice, &channel, "echo", "", &[("text", json!("forged"))])
        .expect("a payload");
    let body = payload.to_string().into_bytes();
    for signing in [
        Signing::BadSignature,
        Signing::OtherKey,
        Signing::Unsigned,
        Signing::Stale(Duration::from_secs(600)),
    ] {
        let reply = fake.post_raw(&body, signing).await.expect("a response");
        assert_eq!(reply.status, 401, "{signing:?}: {}", reply.text());
    }
    assert_eq!(bot.seen(|s| (s.verified.len(), s.refused)), (0, 4));
    // The same body honestly signed verifies: only the signature made the difference.
    let honest = fake
        .post_raw(&body, Signing::Valid)
        .await
        .expect("a response");
    assert_eq!(honest.status, 200, "{}", honest.text());
    assert_eq!(bot.seen(|s| s.verified.clone()), [body]);
    // Nothing of it is an interaction the fake waits on, nor an answer.
    assert!(fake
        .requests()
        .iter()
        .all(|r| !r.path.ends_with("/callback")));
}

#[tokio::test]
async fn a_replay_sends_the_same_bytes_and_headers_again() {
    let (fake, bot) = setup().await;
    let (alice, channel) = (fake.user("alice"), fake.channel("games"));
    fake.slash(&alice, &channel, "echo", "", &[("text", json!("once"))])
        .await
        .expect("an answer");
    let first = fake.endpoint_requests().pop().expect("sent");
    let reply = fake.replay(&first).await.expect("a response");
    // The stand-in does not remember interactions, so the replay verifies: same bytes, same
    // signature, same timestamp.
    assert_eq!(reply.status, 200, "{}", reply.text());
    let seen = bot.seen(|s| s.verified.clone());
    assert_eq!(seen.len(), 2);
    assert_eq!(seen[0], seen[1]);
    let again = fake.endpoint_requests().pop().expect("logged");
    assert!(again.replay);
    assert_eq!(
        (&again.signature, &again.timestamp, &again.body),
        (&first.signature, &first.timestamp, &first.body)
    );
    // The replay's answer is the attacker's, not Discord's: the interaction was answered once.
    assert!(fake.answered_twice().is_empty());
}
