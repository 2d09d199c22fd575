//! Sending one interaction to the bot, by the gateway or by a signed POST to its Interactions
//! Endpoint, and waiting for its complete answer.

use serde_json::Value;
use tokio::time::{Duration, Instant};

use crate::endpoint::{self, Outgoing};
use crate::interaction;
use crate::model::{Answer, FakeError, TestChannel, TestUser};
use crate::signing::Signing;
use crate::state::{Pending, State};
use crate::FakeDiscord;

/// What the fake sends: the kind of interaction and its `data`, for one user in one channel.
pub(crate) struct Interaction<'a, F> {
    /// What a human would call it, e.g. `/halma move` or `button "Accept"`.
    pub(crate) label: String,
    /// The interaction type: 2 command, 3 component, 4 autocomplete.
    pub(crate) kind: u8,
    pub(crate) user: &'a TestUser,
    pub(crate) channel: &'a TestChannel,
    /// The message a component is on.
    pub(crate) component_message: Option<u64>,
    /// Builds `data` from the state at the moment of sending.
    pub(crate) data: F,
}

impl FakeDiscord {
    /// Sends one interaction and waits for its complete answer.
    pub(crate) async fn interact(
        &self,
        label: String,
        kind: u8,
        user: &TestUser,
        channel: &TestChannel,
        component_message: Option<u64>,
        data: impl Fn(&State) -> Result<Value, FakeError>,
    ) -> Result<Answer, FakeError> {
        let timeout = self.timeout();
        let deadline = Instant::now() + timeout;
        let sent = Interaction {
            label,
            kind,
            user,
            channel,
            component_message,
            data,
        };
        let token = match self.shared.read(|st| st.endpoint.url.clone()) {
            Some(url) => self.post_interaction(&url, &sent, deadline).await?,
            None => self.dispatch_interaction(&sent, timeout, deadline).await?,
        };
        let left = deadline.saturating_duration_since(Instant::now());
        self.shared
            .wait_for(
                left,
                |st| describe_pending(st, &token),
                |st| {
                    let pending = st.interactions.get(&token)?;
                    match (&pending.answer, &pending.failed) {
                        (Some(answer), _) => Some(Ok(answer.clone())),
                        (None, Some(why)) => Some(Err(why.clone())),
                        (None, None) => None,
                    }
                },
            )
            .await
            .map_err(|e| match e {
                FakeError::Timeout { what, .. } => FakeError::Timeout {
                    what,
                    after: timeout,
                },
                other => other,
            })?
    }

    /// Sends the interaction as INTERACTION_CREATE on the shard that serves its channel,
    /// waiting for that shard's session when it is not ready; returns its token.
    async fn dispatch_interaction<F>(
        &self,
        sent: &Interaction<'_, F>,
        timeout: Duration,
        deadline: Instant,
    ) -> Result<String, FakeError>
    where
        F: Fn(&State) -> Result<Value, FakeError>,
    {
        loop {
            let left = deadline.saturating_duration_since(Instant::now());
            self.wait_route(sent.channel, left)
                .await
                .map_err(|e| match e {
                    FakeError::Timeout { what, .. } => FakeError::Timeout {
                        what: format!("{what}, to send {}", sent.label),
                        after: timeout,
                    },
                    other => other,
                })?;
            let dispatched = self.shared.update(|st| {
                let Some(shard) = st.gateway.route(sent.channel.guild_id) else {
                    // The shard's connection went away in between; wait for the next one.
                    return Ok(None);
                };
                let (token, payload) = open(st, sent, shard)?;
                if st.gateway.dispatch_on(shard, "INTERACTION_CREATE", payload) {
                    Ok(Some(token))
                } else {
                    // The connection went away in between; wait for the next one.
                    st.interactions.remove(&token);
                    Ok(None)
                }
            })?;
            if let Some(token) = dispatched {
                return Ok(token);
            }
        }
    }

    /// POSTs the interaction, signed, to the Interactions Endpoint and takes the HTTP response
    /// as its initial answer; returns its token.
    async fn post_interaction<F>(
        &self,
        url: &str,
        sent: &Interaction<'_, F>,
        deadline: Instant,
    ) -> Result<String, FakeError>
    where
        F: Fn(&State) -> Result<Value, FakeError>,
    {
        let (token, outgoing) = self.shared.update(|st| {
            let (token, payload) = open(st, sent, 0)?;
            if let Some(pending) = st.interactions.get_mut(&token) {
                pending.awaiting_response = true;
            }
            let outgoing = Outgoing::signed(st, url, &payload, Signing::Valid);
            Ok::<_, FakeError>((token, outgoing))
        })?;
        let left = deadline.saturating_duration_since(Instant::now());
        let reply = endpoint::post(&self.http, &outgoing, left).await;
        let response = endpoint::read_response(&reply).await;
        self.shared.update(|st| {
            endpoint::take_response(st, &token, response);
            st.endpoint.log(outgoing, reply, false);
        });
        Ok(token)
    }

    /// Waits until the shard that serves the channel (its guild's, or shard 0 for a DM) has a
    /// ready session.
    async fn wait_route(&self, channel: &TestChannel, timeout: Duration) -> Result<(), FakeError> {
        let guild = channel.guild_id;
        self.shared
            .wait_for(
                timeout,
                |st| {
                    let whose = match guild {
                        Some(guild) => format!("guild {guild}"),
                        None => "direct messages".to_owned(),
                    };
                    format!(
                        "a ready gateway session for the shard of {whose} ({})",
                        st.gateway.describe()
                    )
                },
                |st| st.gateway.route(guild).map(|_| ()),
            )
            .await
    }
}

/// Registers the interaction as pending (sent to `shard`) and builds its payload, exactly as
/// Discord sends it; returns its token and the payload.
fn open<F>(
    st: &mut State,
    sent: &Interaction<'_, F>,
    shard: u32,
) -> Result<(String, Value), FakeError>
where
    F: Fn(&State) -> Result<Value, FakeError>,
{
    st.users.insert(sent.user.id, sent.user.clone());
    let data = (sent.data)(st)?;
    let id = st.next_id();
    let token = format!("fake-token-{id}");
    let mut payload = interaction::envelope(st, id, &token, sent.kind, sent.user, sent.channel);
    payload["data"] = data;
    if let Some(message) = sent.component_message.and_then(|m| st.messages.get(&m)) {
        // The message as stored at the moment of the click, as Discord sends it.
        payload["message"] = message.json.clone();
    }
    st.interactions.insert(
        token.clone(),
        Pending {
            id,
            token: token.clone(),
            label: sent.label.clone(),
            channel_id: sent.channel.id,
            guild_id: sent.channel.guild_id,
            shard,
            component_message: sent.component_message,
            callback_type: None,
            original: None,
            loading: false,
            followups: Vec::new(),
            answer: None,
            failed: None,
            sent_at: Instant::now(),
            answered_after: None,
            initial_answers: 0,
            awaiting_response: false,
        },
    );
    Ok((token, payload))
}

/// What happened so far to an interaction that was not answered in time.
fn describe_pending(st: &State, token: &str) -> String {
    let Some(pending) = st.interactions.get(token) else {
        return "an interaction the fake forgot".to_owned();
    };
    let sent_to = if st.endpoint.url.is_some() {
        "POSTed to the interactions endpoint".to_owned()
    } else {
        format!("sent to shard {}", pending.shard)
    };
    let what = format!(
        "the bot's answer to {} (interaction {}, channel {}{}, {sent_to})",
        pending.label,
        pending.id,
        pending.channel_id,
        pending
            .guild_id
            .map(|g| format!(", guild {g}"))
            .unwrap_or_default(),
    );
    let status = match pending.callback_type {
        None if pending.awaiting_response => "its HTTP response has not come".to_owned(),
        None => "no callback arrived at all".to_owned(),
        Some(5) => "it deferred (type 5) but sent no followup and no edit of @original".to_owned(),
        Some(6) => "it deferred the update (type 6) but never edited the message".to_owned(),
        Some(other) => format!("callback type {other} arrived but did not complete it"),
    };
    let refused: Vec<String> = st
        .requests
        .iter()
        .filter(|r| r.status >= 400 && r.path.contains(&pending.token))
        .map(|r| format!("{} {} → {} {}", r.method, r.path, r.status, r.response))
        .collect();
    if refused.is_empty() {
        format!("{what}: {status}")
    } else {
        format!("{what}: {status}; the fake refused: {}", refused.join("; "))
    }
}
