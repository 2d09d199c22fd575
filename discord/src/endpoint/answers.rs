//! Answers in the HTTP response: the handlers answer every interaction through serenity's
//! `create_interaction_response` (a `POST …/interactions/{id}/{token}/callback`), and here that
//! call is caught in the process and its body becomes the HTTP response to Discord's request,
//! which saves Discord one request per interaction and the member one round trip.
//!
//! serenity has no hook between a handler and its HTTP client, so the catching happens at the
//! client: serenity's `reqwest` client sends its requests to the REST proxy through an HTTP
//! proxy that is this process itself, on loopback (the binary serves it and hands each request
//! to [`Passage::pass`]; `reqwest` picks a proxy by host and port only, so every request to
//! the REST proxy takes that hop). A callback whose door still waits for it has its body
//! (JSON, or multipart with files) handed to the door, and serenity is told it was delivered
//! (204, as Discord says); everything else — a callback whose door stopped waiting (the
//! handler was late), followups, edits, channel posts — is sent on to the REST proxy
//! unchanged, and its answer back.
//!
//! That works only where the REST traffic is plain HTTP to a REST proxy (`DISCORD_PROXY_URL`,
//! as a fleet is run): HTTPS to Discord itself cannot be looked into on the way, so without a
//! proxy every answer goes through the callback endpoint and the HTTP response is a bare 202.

use anyhow::Context as _;
use reqwest::header::{self, HeaderMap, HeaderName};
use reqwest::{Method, Url};
use std::collections::HashMap;
use std::net::SocketAddr;
use std::sync::{Arc, Mutex, PoisonError};
use std::time::Duration;
use tokio::sync::oneshot;

/// The largest request the loopback proxy should read: a replay's GIF and its message, with
/// room to spare (Discord's own upload limit for a bot is 25 MiB).
pub const MAX_PASSING_BYTES: usize = 32 * 1024 * 1024;

/// How long a request sent on to the REST proxy may take (a proxy that waits out a rate limit
/// holds the request that long).
const FORWARD_TIMEOUT: Duration = Duration::from_secs(60);

/// An interaction's answer, caught on its way to the callback endpoint.
#[derive(Debug)]
pub(crate) struct Caught {
    /// The request's `Content-Type`: JSON, or `multipart/form-data` with its boundary.
    pub content_type: String,
    /// The body, exactly as serenity made it.
    pub body: Vec<u8>,
    /// Dropped once the door has made its HTTP response of the answer.
    _taken: oneshot::Sender<()>,
}

/// The interactions whose HTTP response still waits for their answer, by id.
#[derive(Default)]
pub(crate) struct Answers {
    waiting: Mutex<HashMap<u64, oneshot::Sender<Caught>>>,
}

/// The door's side of one interaction's wait.
pub(crate) struct Awaited {
    id: u64,
    answers: Arc<Answers>,
    caught: oneshot::Receiver<Caught>,
}

impl Answers {
    fn waiting(&self) -> std::sync::MutexGuard<'_, HashMap<u64, oneshot::Sender<Caught>>> {
        // Nothing panics while holding the lock but a bug; the map stays usable.
        self.waiting.lock().unwrap_or_else(PoisonError::into_inner)
    }

    /// Starts waiting for the answer of interaction `id`.
    pub(crate) fn expect(self: &Arc<Self>, id: u64) -> Awaited {
        let (sender, caught) = oneshot::channel();
        self.waiting().insert(id, sender);
        Awaited {
            id,
            answers: self.clone(),
            caught,
        }
    }

    /// Hands interaction `id`'s answer to its door, if the door still waits for it; else gives
    /// the answer back.
    fn hand_over(&self, id: u64, caught: Caught) -> Result<(), Caught> {
        let Some(waiting) = self.waiting().remove(&id) else {
            return Err(caught);
        };
        waiting.send(caught)
    }
}

impl Awaited {
    /// The answer, when the handler gives one; `None` if the wait ends first.
    pub(crate) async fn answer(
        &mut self,
        wait: impl std::future::Future<Output = ()>,
    ) -> Option<Caught> {
        tokio::select! {
            caught = &mut self.caught => caught.ok(),
            () = wait => self.give_up().await,
        }
    }

    /// Stops waiting; an answer handed over meanwhile is still taken.
    async fn give_up(&mut self) -> Option<Caught> {
        if self.answers.waiting().remove(&self.id).is_some() {
            return None;
        }
        (&mut self.caught).await.ok()
    }
}

impl Drop for Awaited {
    fn drop(&mut self) {
        self.answers.waiting().remove(&self.id);
    }
}

/// One request of serenity's client, as the loopback proxy received it (in a proxy's absolute
/// form: the whole URL).
#[derive(Debug)]
pub struct Passing {
    /// Its method.
    pub method: Method,
    /// Its whole URL.
    pub url: String,
    /// Its headers.
    pub headers: HeaderMap,
    /// Its body.
    pub body: Vec<u8>,
}

/// The answer to a [`Passing`] request, for serenity.
#[derive(Debug)]
pub struct Passed {
    /// The status.
    pub status: u16,
    /// The headers (those of the connection left out).
    pub headers: HeaderMap,
    /// The body.
    pub body: Vec<u8>,
}

impl Passed {
    fn status(status: u16) -> Passed {
        Passed {
            status,
            headers: HeaderMap::new(),
            body: Vec::new(),
        }
    }
}

/// The way serenity's requests go: answers to the doors that wait for them, the rest on to the
/// REST proxy.
pub struct Passage {
    answers: Arc<Answers>,
    /// The REST proxy: the only place requests are sent on to.
    upstream: Place,
    /// The client that sends them on.
    onward: reqwest::Client,
    /// serenity's client, which reaches the REST proxy through the loopback proxy.
    serenity: reqwest::Client,
}

/// A host and port.
#[derive(Clone, Debug, PartialEq, Eq)]
struct Place {
    host: String,
    port: u16,
}

impl Place {
    /// Where `url` goes.
    fn of(url: &Url) -> Option<Place> {
        Some(Place {
            host: url.host_str()?.to_owned(),
            port: url.port_or_known_default()?,
        })
    }
}

impl Passage {
    /// The passage of `answers` to the REST proxy at `proxy` through the loopback proxy at
    /// `catcher`; `None` when `proxy` is not plain HTTP (nothing can be caught on the way).
    pub(crate) fn new(
        answers: Arc<Answers>,
        proxy: &str,
        catcher: SocketAddr,
    ) -> anyhow::Result<Option<Passage>> {
        let parsed = Url::parse(proxy).context("reading DISCORD_PROXY_URL")?;
        if parsed.scheme() != "http" {
            return Ok(None);
        }
        let upstream = Place::of(&parsed).context("DISCORD_PROXY_URL names no host")?;
        let onward = reqwest::Client::builder()
            .no_proxy()
            .timeout(FORWARD_TIMEOUT)
            .build()
            .context("building the client that sends requests on")?;
        let (to, place) = (format!("http://{catcher}"), upstream.clone());
        // reqwest asks with the scheme, host and port of each connection it opens.
        let route = reqwest::Proxy::custom(move |url| {
            let to_proxy = url.scheme() == "http" && Place::of(url).as_ref() == Some(&place);
            to_proxy.then(|| to.clone())
        });
        // As serenity makes its own, with the route.
        let serenity = reqwest::Client::builder()
            .use_rustls_tls()
            .proxy(route)
            .build()
            .context("building the handlers' HTTP client")?;
        Ok(Some(Passage {
            answers,
            upstream,
            onward,
            serenity,
        }))
    }

    /// serenity's HTTP client, which sends its requests to the REST proxy this way.
    pub(crate) fn serenity_client(&self) -> reqwest::Client {
        self.serenity.clone()
    }

    /// Takes one request of serenity's client: an awaited answer goes to its door (204 once
    /// the door has made its response of it), anything else on to the REST proxy. Requests
    /// for anywhere else are refused (403): only serenity's requests to the proxy come here.
    pub async fn pass(&self, request: Passing) -> Passed {
        let url = match Url::parse(&request.url) {
            Ok(url)
                if Place::of(&url).as_ref() == Some(&self.upstream) && url.scheme() == "http" =>
            {
                url
            }
            _ => return Passed::status(403),
        };
        let callback = callback_of(url.path()).filter(|_| request.method == Method::POST);
        let Some(id) = callback else {
            return self.forward(url, request).await;
        };
        let content_type = request
            .headers
            .get(header::CONTENT_TYPE)
            .and_then(|v| v.to_str().ok())
            .unwrap_or("application/json")
            .to_owned();
        let (taken, made) = oneshot::channel();
        let caught = Caught {
            content_type,
            body: request.body,
            _taken: taken,
        };
        match self.answers.hand_over(id, caught) {
            Ok(()) => {
                // serenity goes on (to edit the answer, say) once the door has made its
                // response.
                let _ = made.await;
                Passed::status(204)
            }
            Err(caught) => {
                let request = Passing {
                    body: caught.body,
                    ..request
                };
                self.forward(url, request).await
            }
        }
    }

    /// Sends a request on to the REST proxy, unchanged, and its answer back.
    async fn forward(&self, url: Url, request: Passing) -> Passed {
        let mut onward = self
            .onward
            .request(request.method, url.clone())
            .body(request.body);
        for (name, value) in &request.headers {
            if !hop_by_hop(name) {
                onward = onward.header(name, value);
            }
        }
        let response = match onward.send().await {
            Ok(response) => response,
            Err(error) => {
                tracing::warn!(%error, path = url.path(), "cannot send a request on to the REST proxy");
                return Passed::status(502);
            }
        };
        let status = response.status().as_u16();
        let mut headers = HeaderMap::new();
        for (name, value) in response.headers() {
            if !hop_by_hop(name) {
                headers.append(name, value.clone());
            }
        }
        match response.bytes().await {
            Ok(body) => Passed {
                status,
                headers,
                body: body.to_vec(),
            },
            Err(error) => {
                tracing::warn!(%error, path = url.path(), "the REST proxy's answer was cut off");
                Passed::status(502)
            }
        }
    }
}

/// The interaction id of a callback path, `/api/v10/interactions/{id}/{token}/callback`.
fn callback_of(path: &str) -> Option<u64> {
    let rest = path.strip_prefix("/api/v")?;
    let mut segments = rest.split('/');
    let _version = segments.next()?;
    match (
        segments.next()?,
        segments.next()?,
        segments.next()?,
        segments.next()?,
    ) {
        ("interactions", id, token, "callback")
            if !token.is_empty() && segments.next().is_none() =>
        {
            id.parse().ok()
        }
        _ => None,
    }
}

/// Headers of one connection, not of the request: not sent on.
fn hop_by_hop(name: &HeaderName) -> bool {
    [
        header::CONNECTION,
        header::HOST,
        header::CONTENT_LENGTH,
        header::TRANSFER_ENCODING,
        header::PROXY_AUTHORIZATION,
        HeaderName::from_static("keep-alive"),
        HeaderName::from_static("proxy-connection"),
    ]
    .contains(name)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_callback_paths_name_an_interaction() {
        assert_eq!(
            callback_of("/api/v10/interactions/42/tok/callback"),
            Some(42)
        );
        assert_eq!(callback_of("/api/v9/interactions/7/t/callback"), Some(7));
        for path in [
            "/api/v10/interactions/42/tok",
            "/api/v10/interactions/42//callback",
            "/api/v10/interactions/x/tok/callback",
            "/api/v10/interactions/42/tok/callback/more",
            "/api/v10/webhooks/1/tok/messages/@original",
            "/interactions/42/tok/callback",
        ] {
            assert_eq!(callback_of(path), None, "{path}");
        }
    }

    #[tokio::test]
    async fn only_requests_to_a_plain_http_proxy_pass() {
        let answers = Arc::new(Answers::default());
        let catcher: SocketAddr = "127.0.0.1:9".parse().unwrap();
        let https = Passage::new(answers.clone(), "https://proxy.example", catcher);
        assert!(
            https.expect("a URL").is_none(),
            "HTTPS cannot be looked into"
        );
        assert!(Passage::new(answers.clone(), "not a url", catcher).is_err());

        let passage = Passage::new(answers, "http://127.0.0.1:9", catcher)
            .expect("a URL")
            .expect("plain HTTP");
        for url in [
            "http://127.0.0.2:9/api/v10/interactions/1/t/callback",
            "http://127.0.0.1:10/api/v10/channels/1/messages",
            "https://127.0.0.1:9/api/v10/channels/1/messages",
            "/api/v10/channels/1/messages",
        ] {
            let passed = passage
                .pass(Passing {
                    method: Method::POST,
                    url: url.to_owned(),
                    headers: HeaderMap::new(),
                    body: b"{}".to_vec(),
                })
                .await;
            assert_eq!(passed.status, 403, "{url}");
        }
    }

    #[tokio::test]
    async fn an_answer_goes_to_the_door_that_waits_and_else_back() {
        let answers = Arc::new(Answers::default());
        let caught = |body: &'static str| {
            let (taken, _made) = oneshot::channel();
            Caught {
                content_type: "application/json".into(),
                body: body.as_bytes().to_vec(),
                _taken: taken,
            }
        };
        // Nobody waits: the answer comes back, to be sent on.
        assert!(answers.hand_over(1, caught("a")).is_err());

        let mut awaited = answers.expect(1);
        assert!(answers.hand_over(1, caught("b")).is_ok());
        let answer = awaited.answer(std::future::pending()).await;
        assert_eq!(answer.map(|c| c.body), Some(b"b".to_vec()));
        // Only once.
        assert!(answers.hand_over(1, caught("c")).is_err());

        // A door that stopped waiting takes nothing, and what comes later goes on.
        let mut late = answers.expect(2);
        assert!(late.answer(std::future::ready(())).await.is_none());
        assert!(answers.hand_over(2, caught("d")).is_err());
        drop(late);
        assert!(answers.waiting().is_empty());
    }
}
