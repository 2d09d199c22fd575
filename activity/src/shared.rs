//! The Activity's sessions and stream tickets shared with the bot's other processes, through
//! the database (`service.web()`): behind a load balancer a page's requests and its event
//! stream may each reach another process than the one it signed in through.
//!
//! Each process keeps the sessions it serves in memory ([`Sessions`](super::sessions::Sessions))
//! and checks them with Discord on its own. The database knows each session by the SHA-256 of
//! its key, never the key; a session whose check fails is ended there too, so that no process
//! takes it up again. A failure to reach the database costs only the sharing: the process that
//! has a session goes on serving it.

use super::sessions::{actor_in, Grant, Session, SESSIONS_PER_MEMBER};
use super::Activity;
use halma_core::locale::Lang;
use halma_core::service::ActivitySessionRecord;
use sha2::{Digest as _, Sha256};

/// How the database knows a session key or a ticket.
fn hashed(secret: &str) -> [u8; 32] {
    Sha256::digest(secret.as_bytes()).into()
}

impl Activity {
    /// Keeps a session just opened with `key` for the other processes.
    pub(super) async fn share_session(&self, key: &str, session: &Session, grant: &Grant) {
        let record = ActivitySessionRecord {
            user: session.actor.user,
            guild: session.actor.place.guild,
            channel: session.actor.channel(),
            name: session.name.clone(),
            lang: session.lang.code().to_owned(),
            members: session.members.clone(),
            token: grant.token.clone(),
            instance: grant.instance.clone(),
            age: std::time::Duration::ZERO,
        };
        let web = self.inner.service.web();
        if let Err(error) = web
            .share_activity_session(&hashed(key), &record, SESSIONS_PER_MEMBER)
            .await
        {
            tracing::warn!(%error, "could not share an Activity session with the other processes");
        }
    }

    /// Takes up session `key` from the database when another process opened it; whether
    /// this process has it now.
    pub(super) async fn adopt_session(&self, key: &str) -> bool {
        let found = self
            .inner
            .service
            .web()
            .shared_activity_session(&hashed(key))
            .await;
        let record = match found {
            Ok(Some(record)) => record,
            Ok(None) => return false,
            Err(error) => {
                tracing::warn!(%error, "could not look for a shared Activity session");
                return false;
            }
        };
        let session = Session {
            actor: actor_in(record.guild, record.channel, record.user),
            name: record.name,
            lang: Lang::from_code(&record.lang).unwrap_or(Lang::En),
            members: record.members,
        };
        let grant = Grant {
            token: record.token,
            instance: record.instance,
        };
        self.inner.sessions.adopt(key, session, grant, record.age);
        true
    }

    /// Ends session `key` for every process.
    pub(super) async fn end_shared_session(&self, key: &str) {
        let web = self.inner.service.web();
        if let Err(error) = web.end_activity_session(&hashed(key)).await {
            tracing::warn!(%error, "could not end a shared Activity session");
        }
    }

    /// A one-time ticket for a stream of session `key`, redeemable on any process.
    pub(super) async fn ticket(&self, key: &str) -> Option<String> {
        let ticket = self.inner.sessions.ticket(key)?;
        let web = self.inner.service.web();
        if let Err(error) = web
            .share_activity_ticket(&hashed(&ticket), key, &hashed(key))
            .await
        {
            tracing::warn!(%error, "could not share an Activity stream ticket");
        }
        Some(ticket)
    }

    /// The session key of `ticket`, once: from the database (wherever it was made), else
    /// from this process's own tickets when the database cannot be asked.
    pub(super) async fn redeem(&self, ticket: &str) -> Option<String> {
        let own = self.inner.sessions.redeem(ticket);
        match self
            .inner
            .service
            .web()
            .redeem_activity_ticket(&hashed(ticket))
            .await
        {
            Ok(Some(key)) => Some(key),
            Ok(None) => None,
            Err(error) => {
                tracing::warn!(%error, "could not redeem a shared Activity stream ticket");
                own
            }
        }
    }
}
