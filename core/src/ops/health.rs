//! Whether this process is healthy: its gateway shards are connected and the database answers.

use super::metrics::{database_error, GATEWAY_SESSIONS};
use crate::Db;
use std::collections::BTreeMap;
use std::future::Future;
use std::sync::atomic::{AtomicU8, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

/// How long a health check or a scrape waits for the database.
pub const DATABASE_TIMEOUT: Duration = Duration::from_secs(3);

/// How long one database answer serves every health check and scrape.
pub(super) const ANSWER_KEPT: Duration = Duration::from_secs(1);

/// One answer shared by every caller for a while: callers that come while it is being asked
/// wait for it, and callers within [`ANSWER_KEPT`] of it get it again. However many requests
/// arrive, the endpoint holds at most one database connection and asks at most once a
/// second, so a flood of `/healthz` or `/metrics` cannot drain the pool the players need.
#[derive(Debug)]
pub struct Shared<T> {
    last: tokio::sync::Mutex<Option<(Instant, T)>>,
}

impl<T: Clone> Default for Shared<T> {
    fn default() -> Shared<T> {
        Shared::new()
    }
}

impl<T: Clone> Shared<T> {
    /// Nothing asked yet.
    pub fn new() -> Shared<T> {
        Shared {
            last: tokio::sync::Mutex::new(None),
        }
    }

    /// The kept answer if it is fresh, else the answer of `ask`, kept for the next callers.
    pub async fn get<F: Future<Output = T>>(&self, ask: impl FnOnce() -> F) -> T {
        let mut last = self.last.lock().await;
        if let Some((at, answer)) = last.as_ref() {
            if at.elapsed() < ANSWER_KEPT {
                return answer.clone();
            }
        }
        let answer = ask().await;
        *last = Some((Instant::now(), answer.clone()));
        answer
    }
}

/// How a gateway session began (named apart from `local::Session`, a local-mode user).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum GatewaySession {
    /// READY: a new session (the first connection, or a reconnect that could not resume).
    Ready,
    /// RESUMED: a dropped connection picked up where it left off.
    Resumed,
}

/// The connection state of this process's gateway shards, for the health check.
#[derive(Debug, Default)]
pub struct Gateway {
    /// Connected or not, by shard id.
    shards: Mutex<BTreeMap<u32, bool>>,
}

impl Gateway {
    /// Names the shards this process runs; each counts as disconnected until it connects.
    pub fn expect(&self, shards: impl IntoIterator<Item = u32>) {
        let mut map = self.shards.lock().unwrap_or_else(|e| e.into_inner());
        for shard in shards {
            map.entry(shard).or_insert(false);
        }
    }

    /// A shard began a session (READY or RESUMED).
    pub fn session(&self, shard: u32, how: GatewaySession) {
        let event = match how {
            GatewaySession::Ready => "ready",
            GatewaySession::Resumed => "resumed",
        };
        metrics::counter!(GATEWAY_SESSIONS, "event" => event).increment(1);
        self.set(shard, true);
    }

    /// A shard's connection is up (`true`) or not.
    pub fn set(&self, shard: u32, connected: bool) {
        let mut map = self.shards.lock().unwrap_or_else(|e| e.into_inner());
        map.insert(shard, connected);
    }

    /// `None` when every shard is connected, else what is wrong.
    ///
    /// ```
    /// use halma_core::ops::{Gateway, GatewaySession};
    /// let gateway = Gateway::default();
    /// gateway.expect(0..2);
    /// gateway.session(0, GatewaySession::Ready);
    /// assert_eq!(gateway.problem().as_deref(), Some("gateway shard 1 is not connected"));
    /// gateway.session(1, GatewaySession::Resumed);
    /// assert_eq!(gateway.problem(), None);
    /// ```
    pub fn problem(&self) -> Option<String> {
        let map = self.shards.lock().unwrap_or_else(|e| e.into_inner());
        if map.is_empty() {
            return Some("the gateway is not connected yet".into());
        }
        let down: Vec<String> = map
            .iter()
            .filter(|(_, &up)| !up)
            .map(|(id, _)| id.to_string())
            .collect();
        match down.len() {
            0 => None,
            1 => Some(format!("gateway shard {} is not connected", down[0])),
            _ => Some(format!(
                "gateway shards {} are not connected",
                down.join(", ")
            )),
        }
    }
}

/// Whether a process of the Interactions Endpoint takes interactions: not while it starts,
/// nor once it is stopping, so that the load balancer's health check sends them elsewhere.
#[derive(Debug, Default)]
pub struct Serving {
    /// 0: starting, 1: open, 2: stopping.
    stage: AtomicU8,
}

impl Serving {
    /// Takes interactions from now on (not after [`Serving::close`]).
    pub fn open(&self) {
        let _ = self
            .stage
            .compare_exchange(0, 1, Ordering::SeqCst, Ordering::SeqCst);
    }

    /// Takes none from now on.
    pub fn close(&self) {
        self.stage.store(2, Ordering::SeqCst);
    }

    /// Whether it takes interactions now.
    pub fn is_open(&self) -> bool {
        self.stage.load(Ordering::SeqCst) == 1
    }

    /// Why it takes none, if it does not.
    ///
    /// ```
    /// use halma_core::ops::Serving;
    /// let serving = Serving::default();
    /// assert_eq!(serving.problem(), Some("the interactions endpoint is starting"));
    /// serving.open();
    /// assert_eq!(serving.problem(), None);
    /// serving.close();
    /// serving.open();
    /// assert_eq!(serving.problem(), Some("the interactions endpoint is stopping"));
    /// ```
    pub fn problem(&self) -> Option<&'static str> {
        match self.stage.load(Ordering::SeqCst) {
            0 => Some("the interactions endpoint is starting"),
            1 => None,
            _ => Some("the interactions endpoint is stopping"),
        }
    }
}

/// What `/healthz` checks: the database, and the gateway unless this is local mode (or the
/// interactions endpoint, in its mode).
#[derive(Clone, Debug)]
pub struct Health {
    db: Db,
    gateway: Option<Arc<Gateway>>,
    serving: Option<Arc<Serving>>,
    database: Arc<Shared<Result<(), String>>>,
}

impl Health {
    /// Checks `db`, and `gateway` when there is one (local mode has none).
    pub fn new(db: Db, gateway: Option<Arc<Gateway>>) -> Health {
        Health {
            db,
            gateway,
            serving: None,
            database: Arc::new(Shared::new()),
        }
    }

    /// Checks the interactions endpoint's `serving` too.
    pub fn with_serving(mut self, serving: Arc<Serving>) -> Health {
        self.serving = Some(serving);
        self
    }

    /// The database checked, which the endpoint also counts the active games in.
    pub fn db(&self) -> &Db {
        &self.db
    }

    /// `Ok` when healthy, else which check failed. The answer is served over HTTP, so it
    /// names the check only; the database's own error (which may name hosts and users) goes
    /// to the log.
    #[tracing::instrument(skip_all)]
    pub async fn check(&self) -> Result<(), String> {
        if let Some(problem) = self.gateway.as_ref().and_then(|g| g.problem()) {
            return Err(problem);
        }
        if let Some(problem) = self.serving.as_ref().and_then(|s| s.problem()) {
            return Err(problem.to_owned());
        }
        self.database.get(|| self.ping()).await
    }

    /// Whether the database answers within [`DATABASE_TIMEOUT`].
    async fn ping(&self) -> Result<(), String> {
        match tokio::time::timeout(DATABASE_TIMEOUT, self.db.ping()).await {
            Ok(Ok(())) => Ok(()),
            Ok(Err(e)) => {
                database_error();
                tracing::warn!(error = %e, "health check: the database does not answer");
                Err("database unavailable".to_string())
            }
            Err(_) => {
                database_error();
                Err(format!(
                    "database unavailable (no answer within {} s)",
                    DATABASE_TIMEOUT.as_secs()
                ))
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::sync::atomic::{AtomicUsize, Ordering};

    #[tokio::test]
    async fn callers_share_one_answer_while_it_is_asked_and_kept() {
        let shared = Arc::new(Shared::new());
        let asked = Arc::new(AtomicUsize::new(0));
        let release = Arc::new(tokio::sync::Notify::new());
        let callers: Vec<_> = (0..50)
            .map(|_| {
                let (shared, asked, release) = (shared.clone(), asked.clone(), release.clone());
                tokio::spawn(async move {
                    shared
                        .get(|| async {
                            let n = asked.fetch_add(1, Ordering::SeqCst);
                            release.notified().await;
                            n
                        })
                        .await
                })
            })
            .collect();
        // Let every caller reach the lock, then let the one asking finish.
        while asked.load(Ordering::SeqCst) == 0 {
            tokio::task::yield_now().await;
        }
        for _ in 0..100 {
            tokio::task::yield_now().await;
        }
        release.notify_one();
        for caller in callers {
            assert_eq!(
                caller.await.unwrap(),
                0,
                "every caller got the first answer"
            );
        }
        assert_eq!(
            asked.load(Ordering::SeqCst),
            1,
            "the database was asked once"
        );
        // Within the time it is kept, the answer is served again without asking.
        assert_eq!(shared.get(|| async { 7 }).await, 0);
    }

    #[test]
    fn the_gateway_is_unhealthy_until_each_shard_connects() {
        let gateway = Gateway::default();
        assert_eq!(
            gateway.problem().as_deref(),
            Some("the gateway is not connected yet")
        );
        gateway.expect([3, 4, 5]);
        assert_eq!(
            gateway.problem().as_deref(),
            Some("gateway shards 3, 4, 5 are not connected")
        );
        for shard in 3..=5 {
            gateway.session(shard, GatewaySession::Ready);
        }
        assert_eq!(gateway.problem(), None);
    }
}
