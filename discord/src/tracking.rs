//! What the Discord layer tells [`halma_core::ops`]: shard connections for the health check,
//! commands with their outcome and time for the metrics, and the handlers still running when
//! the bot stops.

use super::{Context, Data, Error};
use halma_core::ops::{self, Gateway, GatewaySession, InFlight, InteractionOutcome};
use poise::serenity_prelude as serenity;
use std::sync::Arc;
use std::time::Instant;

/// Follows the shards' connections. READY and RESUMED reach poise's event handler too, but
/// stage changes (a dropped connection) only reach serenity's.
pub(super) struct GatewayWatch(pub Arc<Gateway>);

#[serenity::async_trait]
impl serenity::EventHandler for GatewayWatch {
    async fn ready(&self, ctx: serenity::Context, _ready: serenity::Ready) {
        self.0.session(ctx.shard_id.0, GatewaySession::Ready);
    }

    async fn resume(&self, ctx: serenity::Context, _resumed: serenity::ResumedEvent) {
        self.0.session(ctx.shard_id.0, GatewaySession::Resumed);
    }

    async fn shard_stage_update(
        &self,
        _ctx: serenity::Context,
        event: serenity::ShardStageUpdateEvent,
    ) {
        let connected = event.new == serenity::ConnectionStage::Connected;
        if !connected && event.old == serenity::ConnectionStage::Connected {
            tracing::warn!(shard = event.shard_id.0, stage = %event.new, "gateway connection lost");
        }
        self.0.set(event.shard_id.0, connected);
    }
}

/// poise's framework, counting the events it is still handling so that shutdown can wait
/// for them, and taking in the members' names each interaction shows (see [`super::members`]).
pub(super) struct Tracked {
    pub framework: poise::Framework<Arc<Data>, Error>,
    pub in_flight: Arc<InFlight>,
    pub data: Arc<Data>,
}

#[serenity::async_trait]
impl serenity::Framework for Tracked {
    async fn init(&mut self, client: &serenity::Client) {
        self.framework.init(client).await;
    }

    async fn dispatch(&self, ctx: serenity::Context, event: serenity::FullEvent) {
        let _busy = self.in_flight.enter();
        // Shown at once, on the boards of the answer too; kept while it is being answered.
        let seen = self.data.saw(&event);
        tokio::join!(self.data.keep(seen), self.framework.dispatch(ctx, event));
    }
}

/// A command being handled, kept in poise's invocation data from `pre_command` on.
struct Invocation {
    started: Instant,
    refused: bool,
}

/// Called before a command runs.
pub(super) async fn command_started(ctx: Context<'_>) {
    ctx.set_invocation_data(Invocation {
        started: Instant::now(),
        refused: false,
    })
    .await;
}

/// Called when a command answered with a refusal.
pub(super) async fn command_refused(ctx: Context<'_>) {
    if let Some(mut invocation) = ctx.invocation_data::<Invocation>().await {
        invocation.refused = true;
    }
}

/// Called when a command ended: `failed` is `Some` when it ended in a framework error.
pub(super) async fn command_finished(ctx: Context<'_>, failed: Option<InteractionOutcome>) {
    let (elapsed, refused) = match ctx.invocation_data::<Invocation>().await {
        Some(invocation) => (Some(invocation.started.elapsed()), invocation.refused),
        // The framework refused it before it started (a check failed).
        None => (None, false),
    };
    let outcome = failed.unwrap_or(if refused {
        InteractionOutcome::Refused
    } else {
        InteractionOutcome::Ok
    });
    ops::interaction(&ctx.command().qualified_name, outcome, elapsed);
}
