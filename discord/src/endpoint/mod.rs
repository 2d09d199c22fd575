//! The Interactions Endpoint: with an Interactions Endpoint URL set in the Developer Portal,
//! Discord POSTs every command, autocomplete and click to that URL, signed, instead of sending
//! it on the gateway, so that any number of identical processes behind a load balancer can
//! answer. The [`Door`] believes a request only once its signature holds ([`signature`]),
//! answers PING itself, and hands the rest to the gateway's own dispatch (`tracking::Tracked`,
//! then poise and the click handlers). Their answer becomes the HTTP response where the
//! process can catch it on its way out ([`answers`]: behind a REST proxy); elsewhere, or when
//! a handler is late, they answer through the callback endpoint and the HTTP response is a
//! bare 202 once they have.
//!
//! Each interaction is claimed by id in the database before it runs
//! (`Service::claim_interaction`), so it runs once across the fleet: a request sent again
//! after it was handled (a replay) gets 409 and changes nothing. One sent again while it is
//! still being handled — the load balancer's retry when the process it first chose died —
//! may run, within Discord's three seconds. When the database cannot be asked, the interaction
//! runs unclaimed: its handler cannot change anything then, and answers with an apology.
//!
//! The HTTP server is the binary's: it reads the headers and body and serves [`Reply`].

pub mod answers;
mod detached;
pub mod signature;

use crate::tracking::Tracked;
use answers::{Answers, Passage};
use halma_core::ops::Serving;
use poise::serenity_prelude as serenity;
use serenity::Framework as _;
use signature::{Doubt, PublicKey};
use std::sync::{Arc, OnceLock};
use std::time::{Duration, SystemTime};
use tokio::sync::Semaphore;

/// How long the HTTP response waits for the handler's answer (or, where it goes through the
/// callback, for the handler to finish): it must reach Discord within three seconds.
const ANSWER_WAIT: Duration = Duration::from_millis(2500);

/// Interactions one process handles at once; more are refused with 503 untouched, for the
/// load balancer to send to another process.
pub const MAX_IN_FLIGHT: usize = 512;

/// The largest request body the endpoint reads: an interaction is a few kilobytes.
pub const MAX_BODY_BYTES: usize = 256 * 1024;

/// One request to the endpoint, as the HTTP server read it.
#[derive(Clone, Copy, Debug)]
pub struct Request<'a> {
    /// The `X-Signature-Ed25519` header.
    pub signature: Option<&'a str>,
    /// The `X-Signature-Timestamp` header.
    pub timestamp: Option<&'a str>,
    /// The body's bytes, exactly as received.
    pub body: &'a [u8],
}

/// The HTTP response to one request.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Reply {
    /// The status.
    pub status: u16,
    /// The body, if any.
    pub body: Option<ReplyBody>,
}

/// The body of a [`Reply`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ReplyBody {
    /// Its `Content-Type`: JSON, or `multipart/form-data` for an answer with files.
    pub content_type: String,
    /// Its bytes.
    pub bytes: Vec<u8>,
}

impl Reply {
    /// Answered through the callback endpoint: 202, no body.
    fn later() -> Reply {
        Reply {
            status: 202,
            body: None,
        }
    }

    fn json(status: u16, json: String) -> Reply {
        Reply::of(status, "application/json".to_owned(), json.into_bytes())
    }

    fn of(status: u16, content_type: String, bytes: Vec<u8>) -> Reply {
        Reply {
            status,
            body: Some(ReplyBody {
                content_type,
                bytes,
            }),
        }
    }

    /// The handler's answer, as the handler made it.
    fn answer(caught: answers::Caught) -> Reply {
        Reply::of(200, caught.content_type, caught.body)
    }

    /// A refusal with a short reason, as JSON.
    fn refused(status: u16, reason: &str) -> Reply {
        Reply::json(status, serde_json::json!({ "error": reason }).to_string())
    }
}

/// The endpoint's door: the key that tells Discord's requests, and, once the bot is ready,
/// the dispatch they go to.
pub struct Door {
    key: PublicKey,
    serving: Arc<Serving>,
    open: OnceLock<Dispatch>,
    /// The answers the door waits for, once they can be caught ([`Door::catch_answers`]).
    answers: OnceLock<Arc<Answers>>,
    /// serenity's HTTP client then, whose requests pass where the answers are caught.
    client: OnceLock<reqwest::Client>,
}

/// What runs an interaction.
struct Dispatch {
    context: serenity::Context,
    framework: Arc<Tracked>,
    slots: Arc<Semaphore>,
    answers: Option<Arc<Answers>>,
}

impl Door {
    /// A door that knows the application's `key` and tells `serving` when it opens and
    /// closes; until [`crate::run`] opens it, interactions get 503 (PING is answered).
    pub fn new(key: PublicKey, serving: Arc<Serving>) -> Door {
        Door {
            key,
            serving,
            open: OnceLock::new(),
            answers: OnceLock::new(),
            client: OnceLock::new(),
        }
    }

    /// Catches the handlers' answers on their way to the REST proxy at `proxy`, to make them
    /// the HTTP responses: serenity's requests to the proxy will go through the loopback proxy
    /// at `catcher`, which the binary serves over the returned [`Passage`]. `None` when they
    /// cannot be caught there (see [`answers`]): answers then go through the callback endpoint.
    /// Before [`crate::run`].
    pub fn catch_answers(
        &self,
        proxy: &str,
        catcher: std::net::SocketAddr,
    ) -> anyhow::Result<Option<Arc<Passage>>> {
        let answers = Arc::new(Answers::default());
        let Some(passage) = Passage::new(answers.clone(), proxy, catcher)? else {
            tracing::info!("the REST proxy is not plain HTTP: interactions are answered through the callback endpoint");
            return Ok(None);
        };
        if self.answers.set(answers).is_err() || self.client.set(passage.serenity_client()).is_err()
        {
            anyhow::bail!("the interactions' answers were caught twice");
        }
        tracing::info!(
            "answers go back in the HTTP responses, caught on their way to the REST proxy"
        );
        Ok(Some(Arc::new(passage)))
    }

    /// The HTTP client serenity must use for the answers to be caught, if they are.
    pub(crate) fn serenity_client(&self) -> Option<reqwest::Client> {
        self.client.get().cloned()
    }

    /// Answers one request: 401 unless Discord signed it lately, 400 unless it is an
    /// interaction, PONG to a PING, 503 while the bot starts or stops or is full (nothing
    /// done), 409 for an interaction already handled, else the handler's answer itself (200)
    /// when it could be caught, or 202 once the handler answered through the callback.
    pub async fn answer(&self, request: Request<'_>) -> Reply {
        let checked = signature::check(
            &self.key,
            request.signature,
            request.timestamp,
            request.body,
            SystemTime::now(),
        );
        if let Err(doubt) = checked {
            return doubted(doubt);
        }
        let interaction: serenity::Interaction = match serde_json::from_slice(request.body) {
            Ok(interaction) => interaction,
            Err(error) => {
                tracing::warn!(%error, "a signed request that is no interaction");
                return Reply::refused(400, "not an interaction");
            }
        };
        if let serenity::Interaction::Ping(_) = interaction {
            return Reply::json(200, r#"{"type":1}"#.to_owned());
        }
        let Some(dispatch) = self.open.get() else {
            return Reply::refused(503, "starting");
        };
        // Counted before the door is looked at: stopping closes the door, then waits for what
        // is counted, so an interaction taken is answered (its HTTP response made) before the
        // process ends, and one that comes later is refused for the balancer to send on.
        let _busy = dispatch.framework.in_flight.enter();
        if !self.serving.is_open() {
            return Reply::refused(503, "stopping");
        }
        dispatch.run(interaction).await
    }

    /// Opens the door: builds the handlers' context over `client`, lets poise set up with a
    /// READY of `bot`, and takes interactions from now on.
    pub(crate) async fn open(
        &self,
        client: &serenity::Client,
        framework: Arc<Tracked>,
        bot: &serenity::CurrentUser,
    ) -> anyhow::Result<()> {
        let context = detached::context(client).await?;
        let ready = serde_json::json!({
            "v": 10,
            "user": bot,
            "guilds": [],
            "session_id": "interactions-endpoint",
            "resume_gateway_url": "",
            "shard": [0, 1],
            "application": { "id": client.http.application_id().map(|a| a.get()), "flags": 0 },
        });
        // What a gateway's READY would have told: the cache's own user (poise reads the bot's
        // id there), and poise's setup.
        let mut event: serenity::ReadyEvent = serde_json::from_value(ready.clone())?;
        client.cache.update(&mut event);
        let ready = serde_json::from_value(ready)?;
        framework
            .dispatch(
                context.clone(),
                serenity::FullEvent::Ready {
                    data_about_bot: ready,
                },
            )
            .await;
        let dispatch = Dispatch {
            context,
            framework,
            slots: Arc::new(Semaphore::new(MAX_IN_FLIGHT)),
            answers: self.answers.get().cloned(),
        };
        if self.open.set(dispatch).is_err() {
            anyhow::bail!("the interactions endpoint was opened twice");
        }
        self.serving.open();
        tracing::info!("taking interactions at the endpoint");
        Ok(())
    }

    /// Closes the door: new interactions get 503 (the load balancer sends them elsewhere);
    /// those under way finish.
    pub fn close(&self) {
        self.serving.close();
    }
}

impl Dispatch {
    async fn run(&self, interaction: serenity::Interaction) -> Reply {
        let Ok(slot) = self.slots.clone().try_acquire_owned() else {
            tracing::warn!("too many interactions at once: refused one");
            return Reply::refused(503, "busy");
        };
        let id = interaction.id().get();
        let service = self.framework.data.service.clone();
        match service.claim_interaction(id).await {
            Ok(true) => {}
            Ok(false) => {
                tracing::warn!(interaction = id, "an interaction came again: refused");
                return Reply::refused(409, "already answered");
            }
            // Without the database nothing can change either: the handler answers (with an
            // apology where it needs the database), rather than the member getting nothing.
            Err(error) => {
                tracing::warn!(interaction = id, error = %error, "cannot claim an interaction; answering it anyway");
            }
        }
        let (framework, context) = (self.framework.clone(), self.context.clone());
        // Waiting for the answer starts before the handler does.
        let awaited = self.answers.as_ref().map(|answers| answers.expect(id));
        // Marked answered once the handler has ended, never before its answer left: a process
        // that dies before its HTTP response reached the balancer leaves the interaction
        // unanswered, for the balancer's retry to run on another process. (A replay that
        // comes while the handler still runs may run too, within the claim's few seconds and
        // deliveries; it cannot change anything twice.)
        let mut handled = tokio::spawn(async move {
            let event = serenity::FullEvent::InteractionCreate { interaction };
            framework.dispatch(context, event).await;
            if let Err(error) = service.finish_interaction(id).await {
                tracing::warn!(interaction = id, error = %error, "cannot mark an interaction answered");
            }
            drop(slot);
        });
        // A handler that takes longer goes on alone (its answer, if any, through the callback).
        let ended = async {
            let _ = tokio::time::timeout(ANSWER_WAIT, &mut handled).await;
        };
        let Some(mut awaited) = awaited else {
            ended.await;
            return Reply::later();
        };
        match awaited.answer(ended).await {
            Some(caught) => Reply::answer(caught),
            None => Reply::later(),
        }
    }
}

/// The answer to a request that is not believed, logged without its body.
fn doubted(doubt: Doubt) -> Reply {
    tracing::debug!(
        reason = doubt.reason(),
        "refused an unsigned or forged request"
    );
    halma_core::ops::count_refused_interaction(doubt.reason());
    Reply::refused(401, doubt.reason())
}
