//! What a test does with endpoint mode: turn it on, ping, send raw and forged requests,
//! replay, and read what the endpoint answered, failed, answered late or answered twice.

use std::time::Duration;

use serde_json::{json, Value};

use crate::endpoint::{
    self, DoubleAnswer, EndpointFailure, EndpointReply, EndpointRequest, LateAnswer, Outgoing,
};
use crate::interaction::{self, Invocation};
use crate::model::{FakeError, TestChannel, TestUser};
use crate::signing::Signing;
use crate::FakeDiscord;

impl FakeDiscord {
    /// The application's public key as 64 lowercase hex digits: the bot's
    /// `DISCORD_PUBLIC_KEY`. Every fake has a key pair of its own.
    pub fn public_key_hex(&self) -> String {
        self.shared.read(|st| st.endpoint.key.public_hex())
    }

    /// Sets the Interactions Endpoint URL, as in the Developer Portal (`None`: back to the
    /// gateway). From then on every interaction ([`slash`](Self::slash),
    /// [`autocomplete`](Self::autocomplete), [`click`](Self::click), [`select`](Self::select),
    /// ...) is POSTed there, signed, instead of sent on the gateway, and
    /// [`wait_ready`](Self::wait_ready) no longer waits for a gateway session.
    pub fn set_interactions_endpoint(&self, url: Option<&str>) {
        self.shared
            .update(|st| st.endpoint.url = url.map(str::to_owned));
    }

    /// The Interactions Endpoint URL, when one is set.
    pub fn interactions_endpoint(&self) -> Option<String> {
        self.shared.read(|st| st.endpoint.url.clone())
    }

    /// Sends a PING (type 1), signed, to the endpoint, as Discord does when the URL is saved;
    /// a good endpoint answers 200 `{"type": 1}`.
    pub async fn ping(&self) -> Result<EndpointReply, FakeError> {
        let payload = self.ping_payload();
        self.send_raw(|st, url| Outgoing::signed(st, url, &payload, Signing::Valid))
            .await
    }

    /// A PING interaction (type 1) with a fresh id and token, not sent.
    pub fn ping_payload(&self) -> Value {
        self.shared.update(|st| {
            let id = st.next_id();
            json!({
                "id": id.to_string(),
                "application_id": st.bot.id.to_string(),
                "type": 1,
                "token": format!("fake-ping-{id}"),
                "version": 1,
            })
        })
    }

    /// The interaction [`slash`](Self::slash) would send, with a fresh id and token, but not
    /// sent and not waited for: for [`post_raw`](Self::post_raw). A callback or followup the
    /// bot makes for it is refused as an unknown interaction.
    pub fn slash_payload(
        &self,
        user: &TestUser,
        channel: &TestChannel,
        command: &str,
        subcommand: &str,
        options: &[(&str, Value)],
    ) -> Result<Value, FakeError> {
        let invocation = Invocation::new(command, subcommand, options, None);
        self.shared.update(|st| {
            st.users.insert(user.id, user.clone());
            let data = interaction::command_data(st, user, channel, &invocation)?;
            let id = st.next_id();
            let token = format!("fake-raw-token-{id}");
            let mut payload = interaction::envelope(st, id, &token, 2, user, channel);
            payload["data"] = data;
            Ok(payload)
        })
    }

    /// POSTs these body bytes to the endpoint, signed as `signing` says (forged, unsigned,
    /// stale, or honestly), and returns the HTTP response. Nothing of it is taken as an
    /// answer: a test asserts on the status (401 for a forgery) and on what the bot stored.
    pub async fn post_raw(
        &self,
        body: &[u8],
        signing: Signing,
    ) -> Result<EndpointReply, FakeError> {
        let body = body.to_vec();
        self.send_raw(|st, url| Outgoing::of_bytes(st, url, body, signing))
            .await
    }

    /// Sends an earlier request ([`endpoint_requests`](Self::endpoint_requests)) again, byte
    /// for byte, headers and all, to the URL it went to; returns the HTTP response, which is
    /// not taken as an answer.
    pub async fn replay(&self, request: &EndpointRequest) -> Result<EndpointReply, FakeError> {
        let out = Outgoing::again(request);
        let reply = endpoint::post(&self.http, &out, self.timeout()).await;
        self.shared
            .update(|st| st.endpoint.log(out, reply.clone(), true));
        reply.map_err(FakeError::InteractionFailed)
    }

    /// Builds a request for the endpoint set now, sends it and logs it.
    async fn send_raw(
        &self,
        build: impl FnOnce(&crate::state::State, &str) -> Outgoing,
    ) -> Result<EndpointReply, FakeError> {
        let out = self.shared.read(|st| {
            let url =
                st.endpoint.url.clone().ok_or_else(|| {
                    FakeError::Rejected("no interactions endpoint is set".to_owned())
                })?;
            Ok::<_, FakeError>(build(st, &url))
        })?;
        let reply = endpoint::post(&self.http, &out, self.timeout()).await;
        self.shared
            .update(|st| st.endpoint.log(out, reply.clone(), false));
        reply.map_err(FakeError::InteractionFailed)
    }

    /// Every request sent to the endpoint so far, oldest first, with its response.
    pub fn endpoint_requests(&self) -> Vec<EndpointRequest> {
        self.shared.read(|st| st.endpoint.sent.clone())
    }

    /// The interactions whose HTTP response was no usable answer (no response, not 2xx, not
    /// JSON, or refused), oldest first.
    pub fn endpoint_failures(&self) -> Vec<EndpointFailure> {
        self.shared.read(|st| st.endpoint.failures.clone())
    }

    /// Sets the limit for an initial answer (default [`ANSWER_LIMIT`](crate::ANSWER_LIMIT),
    /// 3 s as on Discord); later ones are listed by [`late_answers`](Self::late_answers).
    pub fn set_answer_limit(&self, limit: Duration) {
        self.shared.update(|st| st.answer_limit = limit);
    }

    /// The interactions, in either mode, whose initial answer (callback or HTTP response)
    /// came after the limit. The answer still counts, as the fake does not drop it.
    pub fn late_answers(&self) -> Vec<LateAnswer> {
        self.shared.read(|st| {
            let mut late: Vec<LateAnswer> = st
                .interactions
                .values()
                .filter_map(|p| {
                    let after = p.answered_after.filter(|a| *a > st.answer_limit)?;
                    Some(LateAnswer {
                        interaction_id: p.id,
                        label: p.label.clone(),
                        after,
                    })
                })
                .collect();
            late.sort_by_key(|l| l.interaction_id);
            late
        })
    }

    /// The interactions, in either mode, that got more than one initial answer: two callbacks,
    /// or an HTTP response and a callback.
    pub fn answered_twice(&self) -> Vec<DoubleAnswer> {
        self.shared.read(|st| {
            let mut twice: Vec<DoubleAnswer> = st
                .interactions
                .values()
                .filter(|p| p.initial_answers > 1)
                .map(|p| DoubleAnswer {
                    interaction_id: p.id,
                    label: p.label.clone(),
                    answers: p.initial_answers,
                })
                .collect();
            twice.sort_by_key(|d| d.interaction_id);
            twice
        })
    }
}
